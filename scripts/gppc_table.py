#!/usr/bin/env python3
"""The competition's table from pathbench runs with gppc entries (docs/gppc.md), e.g. of
configs/gppc2023_classic.yaml: per planner, rows, solved, valid, optimal (cost within 1e-4 of the
scen optimum, relative), mean suboptimality, summed query time, summed preprocessing, largest
prep_bytes (the index folder for gppc entries, the planner's tables for pathbench's) and peak RSS
(the largest peak_rss_kib of a gppc entry's search process over the maps; empty for pathbench's
planners, which run inside pathbench). Then the ratios of summed query time (over the maps both
have times on) between the pairs given with --ratio A/B (labels may contain '/'), next to the
same ratio of the figures the entries published (their README's "Sum Query Time", read from the
archive folder given with --archive). --per-map adds the summed query time of every planner on
every map.

Query time: for gppc entries the summed GetPath time (ext_time_us, the start kit's time_cost);
for pathbench's planners time_us + path_us (search and path writing, each solve timed alone), the
per-solve clock on both sides. Preprocessing: gppc entries' preprocess_ms (PreprocessMap, once per
map, also when the index was reused from the cache), pathbench planners' prep_ms, per map.

Several run folders (one run split by maps, say) are read as one; a (planner, map, query) met
twice is an error, so no row is counted twice.

Usage: scripts/gppc_table.py RUN_DIR [RUN_DIR ...] [--ratio A/B ...] [--archive DIR] [--per-map]"""
import argparse
import csv
import math
import re
import sys
from collections import OrderedDict
from pathlib import Path


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return float("nan")


def new_stats(algorithm):
    return {"algorithm": algorithm, "rows": 0, "solved": 0, "valid": 0, "optimal": 0, "sub": [],
            "query_us": 0.0, "map_us": OrderedDict(), "prep": {}, "bytes": 0,
            "rss": float("nan")}


def add_row(s, r):
    s["rows"] += 1
    gppc = r["algorithm"] == "gppc"
    key = (r["dataset"], r["map"])
    if r["status"] == "solved":
        s["solved"] += 1
        q = num(r.get("ext_time_us")) if gppc else num(r["time_us"]) + num(r["path_us"] or 0)
        if not math.isnan(q):
            s["query_us"] += q
            s["map_us"][key] = s["map_us"].get(key, 0.0) + q
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
        s["prep"][key] = p
    rss = num(r.get("peak_rss_kib"))
    if not math.isnan(rss) and not (s["rss"] >= rss):
        s["rss"] = rss
    s["bytes"] = max(s["bytes"], int(num(r["prep_bytes"] or 0) or 0))


def read_runs(run_dirs):
    stats, seen, maps = OrderedDict(), set(), []
    for d in run_dirs:
        with open(Path(d) / "runs.csv", newline="") as f:
            for r in csv.DictReader(f):
                ident = (r["planner"], r["dataset"], r["map"], r["query"])
                if ident in seen:
                    sys.exit(f"gppc_table: {d}/runs.csv: planner {r['planner']} on {r['map']} "
                             f"query {r['query']} is also in an earlier run folder")
                seen.add(ident)
                if (r["dataset"], r["map"]) not in maps:
                    maps.append((r["dataset"], r["map"]))
                add_row(stats.setdefault(r["planner"], new_stats(r["algorithm"])), r)
    return stats, maps


def published_seconds(archive, entry):
    """The entry's published summed query time, from its README in the archive, or None."""
    readme = Path(archive) / entry / "README.md"
    if not readme.is_file():
        return None
    m = re.search(r"Sum Query Time:\s*([0-9.]+)\s*s", readme.read_text(errors="replace"))
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR")
    ap.add_argument("--ratio", nargs="+", default=[], metavar="A/B")
    ap.add_argument("--archive", help="the archive's classic/2023 folder (published figures)")
    ap.add_argument("--per-map", action="store_true")
    args = ap.parse_args()
    stats, maps = read_runs(args.run_dirs)
    print("| planner | rows | solved | valid | optimal | mean subopt | query time ms | "
          "preprocessing s | largest prep MB | peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, s in stats.items():
        sub = sum(s["sub"]) / len(s["sub"]) if s["sub"] else float("nan")
        print(f"| {name} | {s['rows']} | {s['solved']} | {s['valid']} | {s['optimal']} | "
              f"{sub:.4f} | {s['query_us'] / 1e3:.1f} | {sum(s['prep'].values()) / 1e3:.2f} | "
              f"{s['bytes'] / 2**20:.1f} | {s['rss'] / 1024:.0f} |")
    if args.ratio:
        print("\n| ratio of summed query time | here | published 2023 |")
        print("|---|---|---|")
        for pair in args.ratio:
            # Labels may hold '/' themselves (subgoal_graph/tl): split where both sides are known.
            cuts = [i for i, c in enumerate(pair) if c == "/"]
            a, b = next(((pair[:i], pair[i + 1:]) for i in cuts
                         if pair[:i] in stats and pair[i + 1:] in stats),
                        pair.partition("/")[::2])
            # Over the maps both have times on: a map one of them never reached would skew it.
            shared = [k for k in stats.get(a, {}).get("map_us", {})
                      if k in stats.get(b, {}).get("map_us", {})]
            qa = sum(stats[a]["map_us"][k] for k in shared) if shared else 0.0
            qb = sum(stats[b]["map_us"][k] for k in shared) if shared else 0.0
            if qb <= 0:
                print(f"| {a} / {b} | - | - |")
                continue
            pa = published_seconds(args.archive, a) if args.archive else None
            pb = published_seconds(args.archive, b) if args.archive else None
            pub = f"{pa / pb:.2f} ({pa:,.1f} s / {pb:,.1f} s)" if pa and pb else "-"
            n = "" if len(shared) == len(maps) else f" ({len(shared)} of {len(maps)} maps)"
            print(f"| {a} / {b} | {qa / qb:.2f}{n} | {pub} |")
    if args.per_map:
        names = list(stats)
        print("\n| map | " + " | ".join(names) + " |")
        print("|---|" + "---|" * len(names))
        for key in maps:
            cells = [f"{stats[n]['map_us'][key] / 1e3:,.1f}" if key in stats[n]["map_us"] else "-"
                     for n in names]
            print(f"| {key[1]} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
