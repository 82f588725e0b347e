"""scripts/outcome_table.py: counts a hand-made runs.csv's rows exactly, compares lengths at their
printed precision, and groups reasons that differ only in numbers, cells and maps."""
import csv
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(os.environ["PATHBENCH_SOURCE_DIR"]) / "scripts" / "outcome_table.py"
COLUMNS = ["dataset", "map", "query", "planner", "status", "valid", "cost", "optimal",
           "optimal_decimals", "error"]


def write_runs(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        w.writerows(rows)


def test_counts_and_reasons(tmp_path):
    write_runs(tmp_path / "runs.csv", [
        # 2 decimals: 1.41421 is 1.41 (within 0.005); 1.43 is not.
        ["bg", "a.map", 0, "jps", "solved", 1, 1.4142135, 1.41, 2, ""],
        ["bg", "a.map", 1, "jps", "solved", 1, 1.4142135, 1.43, 2, ""],
        ["wc3", "b.map", 0, "jps", "bad_query", 0, "", 5.0, 2,
         "data: goal (67, 318) is a blocked cell of b.map"],
        ["wc3", "c.map", 4, "jps", "bad_query", 0, "", 7.0, 2,
         "data: start (1, 2) is a blocked cell of c.map"],
        ["wc3", "c.map", 5, "jps", "bad_query", 0, "", 7.5, 2,
         "data: goal (3, 9) is a blocked cell of c.map"],
        ["bg", "a.map", 0, "astar", "solved", 1, 2.0, 2.0, -1, ""],
        ["bg", "a.map", 1, "astar", "solved", 0, 2.5, 2.0, -1, "cost 2.5 exceeds 2"],
    ])
    out = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True,
                         text=True, check=True).stdout
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert lines[0] == "jps: 5 rows, 2 valid, 1 optimal, 4 not optimal:"
    assert "2 bad_query wc3 data: goal (x, y) is a blocked cell of M.map" in lines
    assert "1 bad_query wc3 data: start (x, y) is a blocked cell of M.map" in lines
    assert "1 solved bg (no error text)" in lines
    assert "astar: 2 rows, 1 valid, 1 optimal, 1 not optimal:" in lines
    assert "1 solved bg cost N exceeds N" in lines


def test_help_and_missing_argument():
    r = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True)
    assert r.returncode == 2 and "Usage" in r.stdout
