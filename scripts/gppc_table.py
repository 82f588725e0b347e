#!/usr/bin/env python3
"""The competition's table from a pathbench run with gppc entries (docs/gppc.md), e.g. of
configs/gppc2023_classic.yaml: per planner, rows, solved, valid, optimal (cost within 1e-4 of the
scen optimum, relative), mean suboptimality, summed query time, summed preprocessing, largest
prep_bytes (the index folder for gppc entries, the planner's tables for pathbench's), then the
ratios of summed query time between the pairs given with --ratio A/B. Peak RSS: the largest
peak_rss_kib of a gppc entry's search process over the maps (empty for pathbench's planners,
which run inside pathbench).

Query time: for gppc entries the summed GetPath time (ext_time_us, the start kit's time_cost);
for pathbench's planners time_us + path_us (search and path writing, each solve timed alone), the
per-solve clock on both sides. Preprocessing: gppc entries' preprocess_ms (PreprocessMap, once per
map, also when the index was reused from the cache), pathbench planners' prep_ms, summed per map.

Usage: scripts/gppc_table.py RUN_DIR [--ratio A/B ...]"""
import csv
import math
import sys
from collections import OrderedDict


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return float("nan")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    run_dir = sys.argv[1]
    ratios = [a.split("/", 1) for a in sys.argv[2:] if "/" in a]
    stats = OrderedDict()
    with open(f"{run_dir}/runs.csv", newline="") as f:
        for r in csv.DictReader(f):
            s = stats.setdefault(r["planner"], {"algorithm": r["algorithm"], "rows": 0, "solved": 0,
                                                "valid": 0, "optimal": 0, "sub": [], "query_us": 0.0,
                                                "prep": {}, "bytes": 0, "rss": float("nan")})
            s["rows"] += 1
            gppc = r["algorithm"] == "gppc"
            if r["status"] == "solved":
                s["solved"] += 1
                q = num(r.get("ext_time_us")) if gppc else num(r["time_us"]) + num(r["path_us"] or 0)
                if not math.isnan(q):
                    s["query_us"] += q
            if r["valid"] == "1":
                s["valid"] += 1
                c, o = num(r["cost"]), num(r["optimal"])
                if not math.isnan(o):
                    if abs(c - o) <= 1e-4 * max(1.0, o):
                        s["optimal"] += 1
                    if o > 0:
                        s["sub"].append(c / o)
            p = num(r.get("preprocess_ms")) if gppc else num(r["prep_ms"])
            if not math.isnan(p):
                s["prep"][(r["dataset"], r["map"])] = p
            rss = num(r.get("peak_rss_kib"))
            if not math.isnan(rss) and not (s["rss"] >= rss):
                s["rss"] = rss
            s["bytes"] = max(s["bytes"], int(num(r["prep_bytes"] or 0) or 0))
    print("| planner | rows | solved | valid | optimal | mean subopt | query time ms | "
          "preprocessing s | largest prep MB | peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, s in stats.items():
        sub = sum(s["sub"]) / len(s["sub"]) if s["sub"] else float("nan")
        print(f"| {name} | {s['rows']} | {s['solved']} | {s['valid']} | {s['optimal']} | "
              f"{sub:.4f} | {s['query_us'] / 1e3:.1f} | {sum(s['prep'].values()) / 1e3:.2f} | "
              f"{s['bytes'] / 2**20:.1f} | {s['rss'] / 1024:.0f} |")
    if ratios:
        print("\n| ratio of summed query time | here |")
        print("|---|---|")
        for a, b in ratios:
            if a in stats and b in stats and stats[b]["query_us"] > 0:
                print(f"| {a} / {b} | {stats[a]['query_us'] / stats[b]['query_us']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
