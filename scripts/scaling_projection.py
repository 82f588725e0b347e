#!/usr/bin/env python3
"""Projects the cost of the full MovingAI benchmark from a sample run (docs/scaling.md).

Usage: /usr/bin/python3 scripts/scaling_projection.py RUN_DIR [--data DIR] [--maps fam=N,...]
                                                       [--deadline HOURS ...]

RUN_DIR is a finished run of configs/scaling_sample.yaml (one dataset per family). The cost of
a query is its measured time_us (search only, one process); each shard also prepares every map
it touches (prep_ms: HPA*'s abstraction, JPS+'s distance tables), and with queries dealt
round-robin every shard touches every map, so preparation is paid once per shard, not once.
Queries per map come from the sample's own scen files ($PATHBENCH_DATA/movingai/<map>.map.scen),
map counts per family from --maps (default: the counts listed on movingai.com; check yours with
`pathbench check-data DIR/<family>`, which prints the exact query count).
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

# Maps per family as listed on https://movingai.com/benchmarks/grids.html (not verified from
# here: pass --maps with the counts of your download).
DEFAULT_MAPS = {"dao": 156, "da2": 67, "sc1": 75, "bg512": 75, "wc3maps512": 36,
                "maze": 60, "random": 70, "room": 40, "street": 90}


def scen_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for line in f if line.strip() and not line.startswith("version"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("--data", default=os.environ.get("PATHBENCH_DATA", "../shared/datasets"))
    ap.add_argument("--maps", default="", help="family=count,... overriding the defaults")
    ap.add_argument("--deadline", type=float, nargs="*", default=[1, 4, 24],
                    help="wall-clock hours per shard to plan for")
    a = ap.parse_args()
    maps_per_family = dict(DEFAULT_MAPS)
    for item in filter(None, a.maps.split(",")):
        fam, _, n = item.partition("=")
        maps_per_family[fam] = int(n)

    time_us = defaultdict(list)          # (family, planner) -> per-query times
    prep_ms = defaultdict(dict)          # (family, planner) -> {map: prep}
    sample_maps = defaultdict(set)       # family -> maps
    planners = []
    with open(os.path.join(a.run_dir, "runs.csv"), newline="") as f:
        for r in csv.DictReader(f):
            fam, p = r["dataset"], r["planner"]
            if p not in planners:
                planners.append(p)
            time_us[fam, p].append(float(r["time_us"]))
            prep_ms[fam, p][r["map"]] = float(r["prep_ms"] or 0)
            sample_maps[fam].add(r["map"])
    families = sorted(sample_maps, key=lambda f: list(DEFAULT_MAPS).index(f)
                      if f in DEFAULT_MAPS else 99)

    def mean(v):
        return sum(v) / len(v) if v else 0.0

    print("### Measured cost per query (mean time_us, one process) and preparation per map\n")
    # Only the planners whose preparation matters (JPS+'s tables, HPA*'s abstraction).
    prep_planners = [p for p in planners
                     if max(mean(list(prep_ms[f, p].values())) for f in families) > 4]
    print("| family | " + " | ".join(f"{p} us" for p in planners) + " | " +
          " | ".join(f"{p} prep ms/map" for p in prep_planners) + " |")
    print("|---" * (1 + len(planners) + len(prep_planners)) + "|")
    for fam in families:
        cells = [f"{mean(time_us[fam, p]):,.1f}" for p in planners]
        cells += [f"{mean(list(prep_ms[fam, p].values())):,.0f}" for p in prep_planners]
        print(f"| {fam} | " + " | ".join(cells) + " |")

    print("\n### Projection for the full benchmark\n")
    print("| family | maps | queries/map (sample) | queries | query core-h | prep core-h/shard |")
    print("|---|---|---|---|---|---|")
    total_q = total_h = total_prep_h = 0.0
    for fam in families:
        scens = [os.path.join(a.data, "movingai", m + ext) for m in sample_maps[fam]
                 for ext in (".scen", ".map.scen")]
        per_map = mean([scen_lines(s) for s in scens if os.path.exists(s)])
        n_maps = maps_per_family.get(fam, 0)
        queries = per_map * n_maps
        hours = queries * sum(mean(time_us[fam, p]) for p in planners) / 3.6e9
        prep_h = n_maps * sum(mean(list(prep_ms[fam, p].values())) for p in planners) / 3.6e6
        total_q += queries
        total_h += hours
        total_prep_h += prep_h
        print(f"| {fam} | {n_maps} | {per_map:,.0f} | {queries:,.0f} | {hours:.2f} | "
              f"{prep_h:.3f} |")
    print(f"| **all** | {sum(maps_per_family.get(f, 0) for f in families)} | | "
          f"{total_q:,.0f} | **{total_h:.2f}** | {total_prep_h:.3f} |")
    missing = [f for f in DEFAULT_MAPS if f not in sample_maps]
    if missing:
        print(f"\nNot in the sample (not projected): {', '.join(missing)}.")

    print("\n### Shards for a deadline (each shard pays the preparation of every map once)\n")
    print("| hours per shard | shards | core-hours incl. preparation |")
    print("|---|---|---|")
    for d in a.deadline:
        if d <= total_prep_h:
            print(f"| {d:g} | impossible: preparation alone takes {total_prep_h:.2f} h |  |")
            continue
        n = max(1, math.ceil(total_h / (d - total_prep_h)))
        print(f"| {d:g} | {n} | {total_h + n * total_prep_h:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
