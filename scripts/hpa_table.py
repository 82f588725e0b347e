#!/usr/bin/python3
"""HPA* against A*: speed, suboptimality and preprocessing per configuration and path length.

Usage: scripts/hpa_table.py RESULTS_DIR      (a run of configs/hpa_movingai.yaml)

Reads RESULTS_DIR/runs.csv and meta.json (planner order and parameters). Path-length ranges are
per map, by scen bucket: with B the map's largest bucket in the run, "short" is bucket <= B/4,
"long" is bucket >= 3B/4 (the top quarter), "medium" the rest. For each hpa configuration and
range (all maps pooled) it prints:
  speedup    mean over queries of astar time_us / hpa time_us (same query, both solved)
  tot        sum of astar time / sum of hpa time over the same queries
  sub_raw    mean / max of hpa_cost_unsmoothed / optimal (before smoothing)
  sub        mean / max of cost / optimal (after smoothing)
  prep_ms, prep_kb   mean over maps of the per-map preparation time and abstraction size
Then the target: on the long queries of AR0011SR (Baldur's Gate), Aftershock (StarCraft) and
brc202d (Dragon Age), hpa at least 10x faster than astar (mean speedup) with mean suboptimality
after smoothing <= 1.01, per map; which configurations meet it. Standard library only.
"""

import csv
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

BASELINE = "astar"
TARGET_MAPS = ["AR0011SR.map", "Aftershock.map", "brc202d.map"]
TARGET_SPEEDUP = 10.0
TARGET_SUBOPT = 1.01
RANGES = ["short", "medium", "long"]


def length_range(bucket: int, max_bucket: int) -> str:
    if bucket * 4 <= max_bucket:
        return "short"
    if bucket * 4 >= 3 * max_bucket:
        return "long"
    return "medium"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results = Path(sys.argv[1])
    runs = results / "runs.csv"
    if not runs.is_file():
        sys.exit(f"error: {runs} not found")
    order = []
    meta_path = results / "meta.json"
    if meta_path.is_file():
        order = [p["label"] for p in json.loads(meta_path.read_text()).get("planners", [])]

    base = {}  # (dataset, map, query) -> time_us of the baseline
    rows = []
    max_bucket = defaultdict(int)
    with runs.open(newline="") as f:
        for r in csv.DictReader(f):
            key = (r["dataset"], r["map"], int(r["query"]))
            max_bucket[r["map"]] = max(max_bucket[r["map"]], int(r["bucket"]))
            if r["planner"] == BASELINE and r["status"] == "solved":
                base[key] = float(r["time_us"])
            if r["algorithm"] == "hpa":
                rows.append(r)
    if not base:
        sys.exit(f"error: no solved '{BASELINE}' rows in {runs}")

    # (planner, range) and (planner, map, range) -> list of (speedup, astar_us, hpa_us, raw, sub)
    pooled = defaultdict(list)
    per_map = defaultdict(list)
    prep = defaultdict(dict)  # planner -> {(dataset, map): (prep_ms, prep_bytes)}
    for r in rows:
        key = (r["dataset"], r["map"], int(r["query"]))
        prep[r["planner"]][(r["dataset"], r["map"])] = (float(r["prep_ms"]), int(r["prep_bytes"]))
        opt = float(r["optimal"])
        if r["status"] != "solved" or key not in base or not (opt > 0 and math.isfinite(opt)):
            continue
        hpa_us = max(float(r["time_us"]), 1e-3)
        sample = (base[key] / hpa_us, base[key], hpa_us,
                  float(r["hpa_cost_unsmoothed"]) / opt, float(r["cost"]) / opt)
        rng = length_range(int(r["bucket"]), max_bucket[r["map"]])
        pooled[(r["planner"], rng)].append(sample)
        per_map[(r["planner"], r["map"], rng)].append(sample)

    planners = [p for p in order if p in prep] + sorted(p for p in prep if p not in order)

    def stats(samples):
        n = len(samples)
        return (n, sum(s[0] for s in samples) / n, sum(s[1] for s in samples) / sum(s[2] for s in samples),
                sum(s[3] for s in samples) / n, max(s[3] for s in samples),
                sum(s[4] for s in samples) / n, max(s[4] for s in samples))

    head = (f"{'planner':32} {'range':6} {'n':>6} {'speedup':>8} {'tot':>7} {'sub_raw':>8} {'max':>7}"
            f" {'sub':>8} {'max':>7} {'prep_ms':>8} {'prep_kb':>8}")
    print(f"HPA* vs {BASELINE} ({results})")
    print(head)
    print("-" * len(head))
    for p in planners:
        pm = prep[p].values()
        prep_ms = sum(v[0] for v in pm) / len(pm)
        prep_kb = sum(v[1] for v in pm) / len(pm) / 1024
        for rng in RANGES:
            s = pooled.get((p, rng))
            if not s:
                continue
            n, sp, tot, raw, raw_max, sub, sub_max = stats(s)
            print(f"{p:32} {rng:6} {n:6d} {sp:8.2f} {tot:7.2f} {raw:8.4f} {raw_max:7.4f}"
                  f" {sub:8.4f} {sub_max:7.4f} {prep_ms:8.1f} {prep_kb:8.0f}")

    print()
    print(f"Target: long queries of {', '.join(m.removesuffix('.map') for m in TARGET_MAPS)}: "
          f"speedup >= {TARGET_SPEEDUP:g}x and mean suboptimality (smoothed) <= {TARGET_SUBOPT}")
    head = f"{'planner':32} " + " ".join(f"{m.removesuffix('.map')[:12]:>22}" for m in TARGET_MAPS) + "  verdict"
    print(head)
    print(f"{'':32} " + " ".join(f"{'speedup/tot/sub':>22}" for _ in TARGET_MAPS))
    print("-" * len(head))
    met = []
    for p in planners:
        ok = True
        cells = []
        for m in TARGET_MAPS:
            s = per_map.get((p, m, "long"))
            if not s:
                ok = False
                cells.append(f"{'n/a':>22}")
                continue
            _, sp, tot, _, _, sub, _ = stats(s)
            ok = ok and sp >= TARGET_SPEEDUP and sub <= TARGET_SUBOPT
            cells.append(f"{sp:8.1f}/{tot:5.1f}/{sub:7.4f}")
        print(f"{p:32} " + " ".join(cells) + ("  MEETS" if ok else "  misses"))
        if ok:
            met.append(p)
    print()
    print("Verdict: " + (f"{len(met)} configuration(s) meet the target: {', '.join(met)}" if met
                         else "no configuration meets the target"))


if __name__ == "__main__":
    main()
