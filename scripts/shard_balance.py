#!/usr/bin/env python3
"""How even `--shard K/N` would cut a finished run, by measured work: what the round-robin split
(harness/runner/shard.h) would give each of N shards, from the run's own per-query times.

A query's work is the sum over planners of its rows' time_us + path_us (a row without a time, e.g.
a bad_query row, counts 0); a map's preparation is not counted (every shard pays it for every
map). The split deals the experiment's queries round-robin over one ordinal running across the
maps in order, the queries of a map in scen order, so the ordinal of a row is the number of
queries of the maps before it plus its query's rank in its map. Streams runs.csv (one row at a
time; one float per query is kept).

Prints, for each N: the largest shard's query count and work over the mean shard's, and the
largest shard's work in core-hours (the wall time of the slowest task).

Usage: scripts/shard_balance.py RUN_DIR [N ...]   (default N: 2 4 10 40 100 1000)"""
import csv
import json
import math
import sys
from array import array
from pathlib import Path


def query_work(run_dir):
    """Per map in experiment order: the work of each query, queries in scen order."""
    meta = json.loads((run_dir / "meta.json").read_text())
    effective = meta["experiment"]["effective"]
    order = {(m["dataset"], m["map"]): i for i, m in enumerate(effective["maps"])}
    per_map = [dict() for _ in effective["maps"]]
    with open(run_dir / "runs.csv", newline="") as f:
        for row in csv.DictReader(f):
            work = 0.0
            for column in ("time_us", "path_us"):
                value = row.get(column, "")
                if value not in ("", "nan", "inf"):
                    work += float(value)
            queries = per_map[order[(row["dataset"], row["map"])]]
            query = int(row["query"])
            queries[query] = queries.get(query, 0.0) + (work if math.isfinite(work) else 0.0)
    out = array("d")
    for queries in per_map:
        out.extend(queries[q] for q in sorted(queries))
    return out


def balance(work, n):
    """(largest count / mean count, largest work / mean work, largest work in us)."""
    counts = [0] * n
    totals = [0.0] * n
    for ordinal, w in enumerate(work):
        counts[ordinal % n] += 1
        totals[ordinal % n] += w
    mean_count = len(work) / n
    mean_work = sum(totals) / n
    return (max(counts) / mean_count, max(totals) / mean_work if mean_work > 0 else math.nan,
            max(totals))


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    run_dir = Path(args[0])
    shards = [int(a) for a in args[1:]] or [2, 4, 10, 40, 100, 1000]
    work = query_work(run_dir)
    total = sum(work)
    print(f"{run_dir}: {len(work):,} queries, {total / 3.6e9:.3f} core-hours of search + path time")
    print(f"{'shards':>7} {'queries/shard':>14} {'max/mean queries':>17} {'max/mean work':>14} "
          f"{'slowest shard (h)':>18}")
    for n in shards:
        by_count, by_work, largest = balance(work, n)
        print(f"{n:>7} {len(work) // n:>14,} {by_count:>17.4f} {by_work:>14.4f} "
              f"{largest / 3.6e9:>18.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
