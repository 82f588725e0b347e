#!/usr/bin/python3
"""Prints a run of configs/seed_table.yaml next to the seed article's Python A* table.

That table (quoted in pathbench's founding brief, which names no publication, machine or map
generator) is for the same setting, not the same maps or machine: a comparison, not a reproduction.

Usage: scripts/seed_table.py RESULTS_DIR

Reads RESULTS_DIR/runs.csv (and meta.json for the map sizes), prints a Markdown table and writes
it to RESULTS_DIR/seed_table.md. Each map has one corner query; maps where the goal cannot be
reached from the start are counted in the last column and left out of the means and medians,
since the seed article's numbers are presumably for solved instances. Standard library only.
"""

import csv
import json
import re
import statistics
import sys
from pathlib import Path

# size (width == height) -> (expansions, milliseconds), as the seed article quotes them (Python).
PUBLISHED = {
    50: (312, 1.2),
    100: (1247, 5.8),
    200: (4893, 28.4),
    500: (31256, 210.7),
}


def dataset_sizes(results: Path) -> dict:
    """dataset name -> side length, from meta.json; falls back to the digits of the name."""
    sizes = {}
    meta_path = results / "meta.json"
    if meta_path.is_file():
        meta = json.loads(meta_path.read_text())
        for m in meta.get("maps", []):
            if m["width"] != m["height"]:
                sys.exit(f"error: {m['map']} is {m['width']}x{m['height']}; the table is for square maps")
            sizes[m["dataset"]] = m["width"]
    return sizes


def size_of(dataset: str, sizes: dict) -> int:
    if dataset in sizes:
        return sizes[dataset]
    digits = re.findall(r"\d+", dataset)
    if not digits:
        sys.exit(f"error: cannot tell the map size of dataset '{dataset}' (no meta.json entry)")
    return int(digits[-1])


def fmt_num(x: float, digits: int) -> str:
    return f"{x:,.{digits}f}"


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    results = Path(sys.argv[1])
    runs = results / "runs.csv"
    if not runs.is_file():
        print(f"error: {runs} not found (run configs/seed_table.yaml first)", file=sys.stderr)
        return 2
    sizes = dataset_sizes(results)

    # size -> {"total": maps, "exp": [...], "ms": [...], "invalid": n}
    groups = {}
    with runs.open(newline="") as f:
        for row in csv.DictReader(f):
            size = size_of(row["dataset"], sizes)
            g = groups.setdefault(size, {"total": 0, "exp": [], "ms": [], "invalid": 0})
            g["total"] += 1
            g.setdefault("all_exp", []).append(int(row["expansions"]))
            if row["valid"] != "1":
                g["invalid"] += 1
            if row["status"] != "solved":
                continue  # unreachable corner: counted, not averaged
            g["exp"].append(int(row["expansions"]))
            g["ms"].append(float(row["time_us"]) / 1000.0)

    lines = [
        "| size | seed article expansions | ours mean (median) expansions "
        "| seed article ms | ours mean (median) ms | solved/total maps |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for size in sorted(groups):
        g = groups[size]
        pub_exp, pub_ms = PUBLISHED.get(size, (None, None))
        if g["exp"]:
            exp = f"{fmt_num(statistics.mean(g['exp']), 0)} ({fmt_num(statistics.median(g['exp']), 0)})"
            ms = f"{statistics.mean(g['ms']):.3f} ({statistics.median(g['ms']):.3f})"
        else:
            exp = ms = "-"
        lines.append(
            f"| {size}x{size} | {fmt_num(pub_exp, 0) if pub_exp else '-'} | {exp} "
            f"| {pub_ms if pub_ms is not None else '-'} | {ms} | {len(g['exp'])}/{g['total']} |"
        )
    invalid = sum(g["invalid"] for g in groups.values())
    notes = [
        "",
        "Ours: C++ A* (Manhattan heuristic, 4-connected), one corner-to-corner query per random map "
        "(20% obstacles), time = median of the repetitions for each map. Maps whose goal is "
        "unreachable are excluded from means and medians.",
    ]
    # The source does not say whether it averaged over unreachable maps too (those expand the
    # whole reachable region), so give that mean as well for comparison.
    notes.append(
        "Mean expansions over all maps, unreachable ones included: "
        + ", ".join(f"{size}x{size} {fmt_num(statistics.mean(g['all_exp']), 0)}" for size, g in sorted(groups.items()))
        + "."
    )
    notes.append(
        "Published times are for a Python implementation; ours are compiled C++, so only the growth "
        "with map size is comparable, not the absolute values."
    )
    if invalid:
        notes.append(f"WARNING: {invalid} rows failed validation (see the error column of runs.csv).")
    table = "\n".join(lines + notes) + "\n"
    print(table, end="")
    (results / "seed_table.md").write_text(table)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
