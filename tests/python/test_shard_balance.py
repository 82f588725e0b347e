"""scripts/shard_balance.py: on a hand-made run of 2 maps (3 + 2 queries, 2 planners), the
ordinals run over the maps in the experiment's order and the shards' work is summed exactly."""
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(os.environ["PATHBENCH_SOURCE_DIR"]) / "scripts" / "shard_balance.py"


def test_round_robin_work(tmp_path):
    meta = {"experiment": {"effective": {"maps": [{"dataset": "d", "map": "b.map"},
                                                  {"dataset": "d", "map": "a.map"}]}}}
    (tmp_path / "meta.json").write_text(json.dumps(meta))
    # Ordinals: b.map queries 0, 4, 9 -> 0, 1, 2; a.map queries 1, 3 -> 3, 4.
    # Work per query (both planners, time + path): 0:3, 4:10, 9:1, 1:100, 3:5 (bad_query: 0 + 5).
    rows = [("b.map", 0, "x", 1, 1), ("b.map", 4, "x", 4, 1), ("b.map", 9, "x", 0.5, ""),
            ("b.map", 0, "y", 1, ""), ("b.map", 4, "y", 5, ""), ("b.map", 9, "y", 0.5, ""),
            ("a.map", 1, "x", 50, 0), ("a.map", 3, "x", "", ""),
            ("a.map", 1, "y", 50, 0), ("a.map", 3, "y", 5, "")]
    with open(tmp_path / "runs.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["dataset", "map", "query", "planner", "time_us", "path_us"])
        for m, q, p, t, pt in rows:
            w.writerow(["d", m, q, p, t, pt])
    out = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path), "2", "5"],
                         capture_output=True, text=True, check=True).stdout
    lines = [line.split() for line in out.splitlines()]
    assert lines[0][1:3] == ["5", "queries,"]
    # N = 2: shard 0 gets ordinals 0, 2, 4 (3 + 1 + 5 = 9), shard 1 gets 1, 3 (10 + 100 = 110).
    # Counts: max 3 / mean 2.5 = 1.2; work: max 110 / mean 59.5.
    assert lines[2][0] == "2" and lines[2][2] == "1.2000"
    assert lines[2][3] == f"{110 / 59.5:.4f}"
    # N = 5: one query a shard; the largest is a.map query 1 (100) over the mean 119 / 5.
    assert lines[3][0] == "5" and lines[3][2] == "1.0000"
    assert lines[3][3] == f"{100 / (119 / 5):.4f}"
