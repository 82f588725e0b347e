"""scripts/dynamic_figures.py: the figures' arithmetic on hand-made dynamic.csv rows (means per
group, per-run mean replan time, invalid runs left out), and both figures written for a small
hand-made run directory."""
import csv
import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))  # dynamic_figures imports paper_figures beside it
spec = importlib.util.spec_from_file_location("dynamic_figures",
                                              REPO / "scripts" / "dynamic_figures.py")
dynamic_figures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dynamic_figures)

HEADER = ["kind", "dataset", "map", "run", "planner", "valid", "replans", "initial_time_us",
          "total_time_us"]
ROWS = [
    # kind, dataset, planner, valid, replans, initial, total
    ("unknown_terrain", "d", "dstar_lite", "true", 4, 100.0, 300.0),   # replan mean 50
    ("unknown_terrain", "d", "dstar_lite", "true", 0, 80.0, 80.0),     # no replan: no box point
    ("unknown_terrain", "d", "astar", "true", 2, 100.0, 900.0),        # replan mean 400
    ("unknown_terrain", "d", "astar", "false", 2, 1.0, 1e9),           # invalid: left out
    ("changing_map", "d", "astar", "true", 1, 10.0, 30.0),             # replan mean 20
]


def write_run(folder):
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "dynamic.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(HEADER)
        for i, (kind, ds, planner, valid, replans, initial, total) in enumerate(ROWS):
            w.writerow([kind, ds, "m", i, planner, valid, replans, initial, total])
    return folder


def test_means_and_replan_times_skip_invalid_runs(tmp_path):
    runs = dynamic_figures.read_runs(write_run(tmp_path / "run") / "dynamic.csv")
    assert len(runs) == 4
    means = dynamic_figures.mean_total_time(runs)
    assert list(means) == [("unknown_terrain", "d"), ("changing_map", "d")]
    assert means[("unknown_terrain", "d")] == {"dstar_lite": 190.0, "astar": 900.0}
    assert means[("changing_map", "d")] == {"astar": 30.0}
    per = dynamic_figures.replan_times(runs)
    assert dict(per) == {("unknown_terrain", "dstar_lite"): [50.0],
                         ("unknown_terrain", "astar"): [400.0], ("changing_map", "astar"): [20.0]}


def test_both_figures_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    run = write_run(tmp_path / "run")
    written = dynamic_figures.dynamic_figures(str(run), str(run / "plots"))
    assert [Path(p).name for p in written] == ["dynamic_time.png", "dynamic_replan_time.png"]
    for stem in ("dynamic_time", "dynamic_replan_time"):
        for ext in ("png", "svg", "pdf"):
            assert (run / "plots" / f"{stem}.{ext}").stat().st_size > 0
