#!/usr/bin/env python3
"""Side-by-side check of a configs/python_vs_cpp.yaml run: per dataset, how many queries the two
planners solved with equal costs, and the per-query time ratio python/cpp (geometric mean and
median of time_us ratios; both time_us are pathbench's clock, medians over repetitions).
Usage: scripts/external/python_vs_cpp_table.py RUN_DIR [PY_LABEL] [CPP_LABEL]
Exits 1 when any cost differs. scripts/figures.py python-vs-cpp imports compare()."""
import csv
import math
import statistics
import sys


def read_rows(run_dir):
    """runs.csv keyed by (planner, dataset, map, query): one row each (repetitions are folded)."""
    with open(f"{run_dir}/runs.csv", newline="") as f:
        return {(r["planner"], r["dataset"], r["map"], r["query"]): r for r in csv.DictReader(f)}


def same_cost(r, c):
    if r["status"] != c["status"]:
        return False
    if r["cost"] == c["cost"]:
        return True
    return bool(r["cost"] and c["cost"] and
                abs(float(r["cost"]) - float(c["cost"])) <= 1e-9 * max(1, float(c["cost"])))


def compare(rows, py="astar_py", cpp="astar"):
    """Per dataset, in runs.csv order: queries paired, equal costs, equal expansion counts, and
    the geometric mean and median of the time ratios py/cpp (nan without a positive pair)."""
    by_ds = {}
    for (planner, ds, m, q), r in rows.items():
        if planner != py:
            continue
        c = rows.get((cpp, ds, m, q))
        if c is not None:
            by_ds.setdefault(ds, []).append((r, c))
    out = {}
    for ds, pairs in by_ds.items():
        ratios = [float(r["time_us"]) / float(c["time_us"]) for r, c in pairs
                  if r["time_us"] and c["time_us"] and float(c["time_us"]) > 0]
        out[ds] = {
            "queries": len(pairs),
            "equal": sum(1 for r, c in pairs if same_cost(r, c)),
            "same_expansions": sum(1 for r, c in pairs if r["expansions"] == c["expansions"]),
            "geomean": (math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios
                        else float("nan")),
            "median": statistics.median(ratios) if ratios else float("nan"),
        }
    return out


def main():
    run_dir = sys.argv[1]
    py, cpp = (sys.argv[2:4] + ["astar_py", "astar"][len(sys.argv[2:4]):])[:2]
    figures = compare(read_rows(run_dir), py, cpp)
    print(f"| dataset | queries | costs equal | time ratio {py}/{cpp}: geomean | median |")
    print("|---|---|---|---|---|")
    for ds, f in figures.items():
        print(f"| {ds} | {f['queries']} | {f['equal']}/{f['queries']} | {f['geomean']:.1f} | "
              f"{f['median']:.1f} |")
    return 1 if any(f["equal"] != f["queries"] for f in figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
