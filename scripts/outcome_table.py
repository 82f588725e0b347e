#!/usr/bin/env python3
"""Every row of a run that is not valid and optimal, grouped by why: the check a suite-sized run
needs after it ends (issue 30). Streams runs.csv (one row in memory at a time), so it works on
the whole MovingAI suite.

Prints, per planner: rows, valid, optimal (status solved, valid, cost equal to the published
length at its precision: the `optimal` flag the summaries use is recomputed here as
|cost - optimal| <= max(half a unit in the last printed digit, 1e-5 * max(1, optimal))), and
then every other row counted by (status, reason, dataset), where the reason is the error column
with its numbers and cell coordinates replaced by N (so "data: goal (67, 318) is a blocked cell
of X.map" and the same on other cells and maps count together).

Usage: scripts/outcome_table.py RUN_DIR_OR_RUNS_CSV [--limit N]   (N reason lines per planner)"""
import csv
import math
import re
import sys
from collections import Counter, OrderedDict
from pathlib import Path


def tolerance(optimal, decimals):
    rel = 1e-5 * max(1.0, abs(optimal))
    return max(0.5 * 10.0 ** -decimals, rel) if decimals >= 0 else rel


def reason_kind(error):
    text = re.sub(r"\S+\.map\b", "M.map", error)
    text = re.sub(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)", "(x, y)", text)
    return re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "N", text).strip() or "(no error text)"


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    limit = 20
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    path = Path(args[0])
    if path.is_dir():
        path = path / "runs.csv"
    per = OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            p = per.setdefault(row["planner"], {"rows": 0, "valid": 0, "optimal": 0,
                                                "other": Counter()})
            p["rows"] += 1
            status, valid = row["status"], row["valid"] == "1"
            p["valid"] += valid
            optimal = False
            if status == "solved" and valid and row["optimal"] not in ("", "inf", "nan"):
                cost, ref = float(row["cost"]), float(row["optimal"])
                dec = int(row.get("optimal_decimals") or -1)
                optimal = abs(cost - ref) <= tolerance(ref, dec)
            p["optimal"] += optimal
            if not optimal:
                p["other"][(status, reason_kind(row.get("error", "")), row["dataset"])] += 1
    for name, p in per.items():
        print(f"{name}: {p['rows']:,} rows, {p['valid']:,} valid, {p['optimal']:,} optimal, "
              f"{p['rows'] - p['optimal']:,} not optimal:")
        for (status, reason, dataset), n in p["other"].most_common(limit):
            print(f"  {n:>9,}  {status:<12} {dataset:<12} {reason}")
        rest = len(p["other"]) - limit
        if rest > 0:
            print(f"  ... and {rest} more (status, reason, dataset) groups (--limit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
