"""Shared helpers of the `import pathbench` tests: where the repository, the fixtures, the shared
MovingAI data and the `pathbench` binary are, and a way to run the binary for comparisons."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(os.environ.get("PATHBENCH_SOURCE_DIR",
                                   pathlib.Path(__file__).resolve().parents[2]))
FIXTURES = REPO / "datasets" / "fixtures"
QUICKSTART_MAP = REPO / "datasets" / "maps" / "quickstart.map"
QUICKSTART_SCEN = REPO / "datasets" / "maps" / "quickstart.map.scen"


def movingai_dir():
    root = os.environ.get("PATHBENCH_DATA") or str(REPO / ".." / "shared" / "datasets")
    return pathlib.Path(root) / "movingai"


def cli(*args, cwd=None):
    """Runs the pathbench binary; returns (exit code, stdout, stderr)."""
    exe = os.environ.get("PATHBENCH_EXE")
    if not exe:
        pytest.skip("PATHBENCH_EXE is not set (run these tests through ctest)")
    p = subprocess.run([exe, *map(str, args)], capture_output=True, text=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def cli_error(*args, cwd=None):
    """The message the CLI prints for bad input (exit 2), without its "error: " prefix."""
    rc, _, err = cli(*args, cwd=cwd)
    assert rc == 2, err
    assert err.startswith("error: ") and err.endswith("\n"), err
    return err[len("error: "):-1]
