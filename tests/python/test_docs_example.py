"""docs/python.md's example, run as written: its ```python blocks, from a scratch folder that sees
the repository's datasets/ and configs/ (so its figure and results land there, not in the
source tree), with matplotlib's non-interactive backend."""

import os
import re
import subprocess
import sys

from conftest import REPO

DOC = REPO / "docs" / "python.md"


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def test_the_example_runs_and_draws_its_figure(tmp_path):
    blocks = python_blocks(DOC.read_text())
    assert blocks, "docs/python.md has no ```python block"
    script = tmp_path / "example.py"
    script.write_text("\n".join(blocks))
    for folder in ("datasets", "configs"):
        (tmp_path / folder).symlink_to(REPO / folder)
    env = dict(os.environ, MPLBACKEND="Agg")
    p = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    assert "64 queries" in p.stdout
    figure = tmp_path / "python_example.png"
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    runs = tmp_path / "results" / "python_example" / "runs.csv"
    assert len(runs.read_text().splitlines()) == 1 + 2 * 64  # header, two planners x 64 lines
