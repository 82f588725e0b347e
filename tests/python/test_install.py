"""`cmake --install` ships a working package: installed into a scratch prefix, `import pathbench`
from there (and not from the build tree) loads the module and solves a query."""

import os
import pathlib
import subprocess
import sys

import pytest


def test_installed_package_imports_and_solves(tmp_path):
    build = os.environ.get("PATHBENCH_BUILD_DIR")
    cmake = os.environ.get("CMAKE_COMMAND")
    if not build or not cmake:
        pytest.skip("PATHBENCH_BUILD_DIR / CMAKE_COMMAND not set (run this test through ctest)")
    prefix = tmp_path / "prefix"
    p = subprocess.run([cmake, "--install", build, "--prefix", str(prefix)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    [init] = prefix.glob("lib/python3*/*-packages/pathbench/__init__.py")
    assert list(init.parent.glob("_pathbench*.so"))
    site = init.parent.parent
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    repo = pathlib.Path(os.environ["PATHBENCH_SOURCE_DIR"])
    code = ("import pathbench, sys; "
            f"g = pathbench.load_map({str(repo / 'datasets/maps/quickstart.map')!r}); "
            "r = pathbench.solve(g, (1, 4), (2, 6), 'astar'); "
            "print(pathbench.__file__); print(r.status, round(r.cost, 8))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [str(init), "solved 2.41421356"]
