#!/usr/bin/env python3
"""Side-by-side check of a configs/python_vs_cpp.yaml run: per dataset, how many queries the two
planners solved with equal costs, and the per-query time ratio python/cpp (geometric mean and
median of time_us ratios; both time_us are pathbench's clock, medians over repetitions).
Usage: scripts/external/python_vs_cpp_table.py RUN_DIR [PY_LABEL] [CPP_LABEL]
Exits 1 when any cost differs."""
import csv
import math
import statistics
import sys


def main():
    run_dir = sys.argv[1]
    py, cpp = (sys.argv[2:4] + ["astar_py", "astar"][len(sys.argv[2:4]):])[:2]
    rows = {}
    with open(f"{run_dir}/runs.csv", newline="") as f:
        for r in csv.DictReader(f):
            rows[(r["planner"], r["dataset"], r["map"], r["query"])] = r
    by_ds = {}
    for (planner, ds, m, q), r in rows.items():
        if planner != py:
            continue
        c = rows.get((cpp, ds, m, q))
        if c is None:
            continue
        by_ds.setdefault(ds, []).append((r, c))
    bad = 0
    print(f"| dataset | queries | costs equal | time ratio {py}/{cpp}: geomean | median |")
    print("|---|---|---|---|---|")
    for ds, pairs in by_ds.items():
        equal = sum(1 for r, c in pairs if r["status"] == c["status"] and
                    (r["cost"] == c["cost"] or
                     (r["cost"] and c["cost"] and
                      abs(float(r["cost"]) - float(c["cost"])) <= 1e-9 * max(1, float(c["cost"])))))
        bad += len(pairs) - equal
        ratios = [float(r["time_us"]) / float(c["time_us"]) for r, c in pairs
                  if float(c["time_us"]) > 0]
        gm = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
        med = statistics.median(ratios) if ratios else float("nan")
        print(f"| {ds} | {len(pairs)} | {equal}/{len(pairs)} | {gm:.1f} | {med:.1f} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
