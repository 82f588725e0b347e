#!/usr/bin/python3
"""Plots for one results directory (reads runs.csv, writes plots/*.png and *.svg).

  time_vs_length   median search time per planner against optimal path length (binned, log y)
  expansions_box   distribution of expansions per planner (log scale)

Usage: /usr/bin/python3 scripts/plot_results.py RESULTS_DIR
Uses only the standard library and Debian's python3-matplotlib.
"""
import csv
import math
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def binned_medians(points, nbins=12):
    """points: [(x, y)] -> [(bin centre, median y)] over equal-width bins of x."""
    if not points:
        return []
    xs = [p[0] for p in points]
    lo, hi = min(xs), max(xs)
    width = (hi - lo) / nbins or 1.0
    bins = defaultdict(list)
    for x, y in points:
        bins[min(int((x - lo) / width), nbins - 1)].append(y)
    out = []
    for b in sorted(bins):
        ys = sorted(bins[b])
        n = len(ys)
        med = ys[n // 2] if n % 2 else (ys[n // 2 - 1] + ys[n // 2]) / 2
        out.append((lo + (b + 0.5) * width, med))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    run_dir = sys.argv[1]
    rows = read_rows(os.path.join(run_dir, "runs.csv"))
    solved = [r for r in rows if r["status"] == "solved" and r["optimal"] not in ("", "inf")]
    planners = list(dict.fromkeys(r["planner"] for r in rows))
    out_dir = os.path.join(run_dir, "plots")
    os.makedirs(out_dir, exist_ok=True)

    fig, ax = plt.subplots(figsize=(8, 5))
    for p in planners:
        pts = [(float(r["optimal"]), float(r["time_us"])) for r in solved if r["planner"] == p]
        med = binned_medians(pts)
        if med:
            ax.plot([m[0] for m in med], [max(m[1], 1e-3) for m in med], marker="o", label=p)
    ax.set_yscale("log")
    ax.set_xlabel("optimal path length")
    ax.set_ylabel("search time (us, median per bin)")
    ax.set_title("Search time vs path length")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out_dir, f"time_vs_length.{ext}"))
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(planners)), 5))
    data = [[max(1, int(r["expansions"])) for r in solved if r["planner"] == p] for p in planners]
    keep = [(p, d) for p, d in zip(planners, data) if d]
    if keep:
        ax.boxplot([d for _, d in keep], labels=[p for p, _ in keep], showfliers=False)
        ax.set_yscale("log")
        ax.set_ylabel("expansions per query")
        ax.set_title("Expansions per planner")
        plt.setp(ax.get_xticklabels(), rotation=30, ha="right", fontsize=8)
        ax.grid(True, axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out_dir, f"expansions_box.{ext}"))
    plt.close(fig)
    print(f"plots: {out_dir}/time_vs_length.png, {out_dir}/expansions_box.png")


if __name__ == "__main__":
    main()
