"""scripts/gppc_table.py: the competition's table from hand-made runs split over two folders,
counted exactly; ratios next to the figures an archive's READMEs publish; a row met twice is
refused."""
import csv
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(os.environ["PATHBENCH_SOURCE_DIR"]) / "scripts" / "gppc_table.py"
COLUMNS = ["dataset", "map", "query", "planner", "algorithm", "status", "valid", "cost",
           "optimal", "time_us", "path_us", "prep_ms", "prep_bytes", "ext_time_us",
           "preprocess_ms", "peak_rss_kib"]


def write_runs(folder, rows):
    folder.mkdir()
    with open(folder / "runs.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        w.writerows(rows)


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True)


def test_two_folders_one_table(tmp_path):
    # jps: our planner, time_us + path_us; E: an entry, ext_time_us and preprocess_ms per map.
    write_runs(tmp_path / "a", [
        ["d", "m1.map", 0, "jps", "jps", "solved", 1, 2.0, 2.0, 100, 20, 1.0, 1048576, "", "", ""],
        ["d", "m1.map", 1, "jps", "jps", "solved", 1, 3.0, 3.0, 300, 80, 1.0, 1048576, "", "", ""],
        ["d", "m1.map", 0, "E", "gppc", "solved", 1, 2.0, 2.0, 999, 5, 9, 2097152, 50, 1500, 4096],
        ["d", "m1.map", 1, "E", "gppc", "solved", 1, 3.3, 3.0, 999, 5, 9, 2097152, 150, 1500,
         8192],
    ])
    write_runs(tmp_path / "b", [
        ["d", "m2.map", 0, "jps", "jps", "solved", 1, 1.0, 1.0, 500, 0, 2.0, 0, "", "", ""],
        ["d", "m2.map", 0, "E", "gppc", "timeout", 0, "", 1.0, 999, 5, 9, 0, "", 500, ""],
        ["d", "m2.map", 0, "jps/tl", "jps", "solved", 1, 1.0, 1.0, 50, 0, 2.0, 0, "", "", ""],
    ])
    (tmp_path / "archive" / "E").mkdir(parents=True)
    (tmp_path / "archive" / "E" / "README.md").write_text("\tSum Query Time: 30.0s\n")
    (tmp_path / "archive" / "jps").mkdir()
    (tmp_path / "archive" / "jps" / "README.md").write_text("\tSum Query Time: 10.0s\n")
    r = run(tmp_path / "a", tmp_path / "b", "--ratio", "jps/E", "jps/tl/jps", "--archive",
            tmp_path / "archive", "--per-map")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    # jps: 3 rows, 1000 us; preprocessing 1 + 2 ms (one per map); 1 MB.
    assert "| jps | 3 | 3 | 3 | 3 | 1.0000 | 1.0 | 0.00 | 1.0 | nan |" in lines
    # E: 3 rows, 2 solved (200 us of GetPath), 1 optimal (3.3 against 3.0), 2 maps of 1.5 s and
    # 0.5 s of PreprocessMap, 2 MB index, 8 MB peak RSS.
    assert "| E | 3 | 2 | 2 | 1 | 1.0500 | 0.2 | 2.00 | 2.0 | 8 |" in lines
    # Over m1 only: E has no time on m2 (its query there timed out).
    assert "| jps / E | 2.50 (1 of 2 maps) | 0.33 (10.0 s / 30.0 s) |" in lines
    assert "| jps/tl / jps | 0.10 (1 of 2 maps) | - |" in lines
    assert "| m1.map | 0.5 | 0.2 | - |" in lines
    assert "| m2.map | 0.5 | - | 0.1 |" in lines


def test_row_in_two_folders_is_refused(tmp_path):
    row = ["d", "m1.map", 0, "jps", "jps", "solved", 1, 2.0, 2.0, 100, 20, 1.0, 0, "", "", ""]
    write_runs(tmp_path / "a", [row])
    write_runs(tmp_path / "b", [row])
    r = run(tmp_path / "a", tmp_path / "b")
    assert r.returncode != 0
    assert "query 0 is also in an earlier run folder" in r.stderr
