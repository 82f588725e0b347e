#!/usr/bin/python3
"""Plots for one results directory (reads runs.csv and meta.json, writes plots/*.png, *.pdf and
*.svg, plots/colours.json: the planner -> colour map every figure uses, and
plots/growth_exponents.json: the fitted exponents of expansions_vs_time).

  time_vs_length         median search time per planner against optimal path length
                         (log-spaced length bins, log-log axes)
  expansions_box         distribution of expansions per planner (log scale)
  speedup_by_map         per map, geometric mean over queries of baseline time / planner time
                         (only with a `baseline` in the config that matches a planner label)
  suboptimality_vs_time  mean suboptimality against mean time, one labelled point per planner
                         (only when several planners are members of one sweep, or when the mean
                         suboptimality differs between planners)
  time_violin, cactus, speedup_cdf, expansions_vs_time
                         column-width figures for papers (scripts/paper_figures.py)
A dynamic run (meta.json "mode": "dynamic") gets the figures of scripts/dynamic_figures.py from
its dynamic.csv instead.

Usage: /usr/bin/python3 scripts/plot_results.py RESULTS_DIR [ROWS_CSV]
`pathbench report RESULTS_DIR` runs this and embeds the PNGs in report.html. ROWS_CSV (default
RESULTS_DIR/runs.csv) is what the figures are drawn from: for a runs.csv of more than 100,000 rows
`pathbench report` passes plots/runs_sample.csv, every planner's row of a hash-chosen sample of
the queries (at most 100,000 rows), so the figures cost bounded memory; the tables are exact.
Uses only the standard library and Debian's python3-matplotlib and python3-numpy.
"""
import csv
import json
import math
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dynamic_figures  # noqa: E402  (beside this script)
import paper_figures  # noqa: E402  (beside this script)

# Same numbers every time (SVG ids and metadata), so reruns do not churn the files; one style.
paper_figures.apply_style()


# The columns the figures read (here and in paper_figures.py). A row keeps only these, in a tuple:
# with a dict of all 29 columns, the 98,338-row sample of the full suite took 416 MB (279 MB with
# a dict of these; the same figures, byte for byte).
COLUMNS = ("dataset", "map", "planner", "query", "status", "optimal", "expansions", "time_us",
           "suboptimality")


_AT = {name: i for i, name in enumerate(COLUMNS)}
_REPEATED = {"dataset", "map", "planner", "status"}


class Row(tuple):
    """One runs.csv row of COLUMNS, read as row["time_us"]: a tuple (about 130 bytes, against 1.8
    KB for a dict of the same fields), the names repeated on many rows stored once (interned)."""
    __slots__ = ()

    def __getitem__(self, name):
        return tuple.__getitem__(self, _AT[name])


def read_rows(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        at = [header.index(k) for k in COLUMNS]
        return [Row(sys.intern(r[i]) if k in _REPEATED else r[i] for k, i in zip(COLUMNS, at))
                for r in reader]


def median(ys):
    ys = sorted(ys)
    n = len(ys)
    return ys[n // 2] if n % 2 else (ys[n // 2 - 1] + ys[n // 2]) / 2


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def binned_medians(points, nbins=12):
    """points: [(x, y)] with x > 0 -> [(bin centre, median y)] over log-spaced bins of x."""
    points = [p for p in points if p[0] > 0]
    if not points:
        return []
    lx = [math.log(p[0]) for p in points]
    lo, hi = min(lx), max(lx)
    width = (hi - lo) / nbins or 1.0
    bins = defaultdict(list)
    for (x, y), l in zip(points, lx):
        bins[min(int((l - lo) / width), nbins - 1)].append(y)
    return [(math.exp(lo + (b + 0.5) * width), median(bins[b])) for b in sorted(bins)]


def save(fig, out_dir, name):
    return paper_figures.save_all(fig, out_dir, name, png_dpi=100)


def base_label(label):
    return label.split("[", 1)[0]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    run_dir = sys.argv[1]
    meta = {}
    meta_path = os.path.join(run_dir, "meta.json")
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            meta = json.load(f)
    if meta.get("mode") == "dynamic":
        out_dir = os.path.join(run_dir, "plots")
        print("plots: " + ", ".join(dynamic_figures.dynamic_figures(run_dir, out_dir)))
        return
    rows = read_rows(sys.argv[2] if len(sys.argv) == 3 else os.path.join(run_dir, "runs.csv"))
    baseline = meta.get("experiment", {}).get("baseline", "") or ""
    solved = [r for r in rows if r["status"] == "solved"]
    with_opt = [r for r in solved if r["optimal"] not in ("", "inf")]
    planners = list(dict.fromkeys(r["planner"] for r in rows))
    out_dir = os.path.join(run_dir, "plots")
    os.makedirs(out_dir, exist_ok=True)
    colours = paper_figures.planner_colours(planners)
    paper_figures.write_colours(out_dir, colours)
    written = []

    # Time against optimal length.
    fig, ax = plt.subplots(figsize=(8, 5))
    for p in planners:
        pts = [(float(r["optimal"]), float(r["time_us"])) for r in with_opt if r["planner"] == p]
        med = binned_medians(pts)
        if med:
            ax.plot([m[0] for m in med], [max(m[1], 1e-3) for m in med], marker="o", ms=3, label=p,
                    color=colours[p])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("optimal path length")
    ax.set_ylabel("search time (us, median per length bin)")
    ax.set_title("Search time vs path length")
    ax.grid(True, which="both", alpha=0.3)
    if ax.lines:
        ax.legend(fontsize=8)
    written.append(save(fig, out_dir, "time_vs_length"))

    # Expansions per planner.
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(planners)), 5))
    data = [[max(1, int(r["expansions"])) for r in solved if r["planner"] == p] for p in planners]
    keep = [(p, d) for p, d in zip(planners, data) if d]
    if keep:
        boxes = ax.boxplot([d for _, d in keep], labels=[p for p, _ in keep], showfliers=False,
                           patch_artist=True)
        for box, (p, _) in zip(boxes["boxes"], keep):
            box.set_facecolor(colours[p])
            box.set_alpha(0.6)
        ax.set_yscale("log")
        ax.set_ylabel("expansions per query")
        ax.set_title("Expansions per planner (whiskers 1.5 IQR, outliers hidden)")
        plt.setp(ax.get_xticklabels(), rotation=30, ha="right", fontsize=8)
        ax.grid(True, axis="y", which="both", alpha=0.3)
    written.append(save(fig, out_dir, "expansions_box"))

    # Speedup over the baseline per map (same definition as summary.csv: per query ratio of
    # times, both solved, geometric mean).
    base = {}
    if baseline:
        for r in solved:
            if r["planner"] == baseline and float(r["time_us"]) > 0:
                base[(r["dataset"], r["map"], r["query"])] = float(r["time_us"])
    others = [p for p in planners if p != baseline]
    if base and others:
        maps = list(dict.fromkeys((r["dataset"], r["map"]) for r in rows))
        ratios = defaultdict(list)
        for r in solved:
            b = base.get((r["dataset"], r["map"], r["query"]))
            t = float(r["time_us"])
            if b and t > 0 and r["planner"] != baseline:
                ratios[(r["dataset"], r["map"], r["planner"])].append(b / t)
        width = 0.8 / len(others)
        fig, ax = plt.subplots(figsize=(min(14, max(7, 0.35 * len(maps) * len(others) + 2)), 5))
        for i, p in enumerate(others):
            xs, ys = [], []
            for k, m in enumerate(maps):
                rs = ratios.get((m[0], m[1], p))
                if rs:
                    xs.append(k - 0.4 + (i + 0.5) * width)
                    ys.append(geomean(rs))
            ax.bar(xs, ys, width=width, label=p, color=colours[p])
        ax.axhline(1.0, color="black", lw=0.8)
        ax.set_yscale("log")
        ax.set_xticks(range(len(maps)))
        ax.set_xticklabels([m[1] for m in maps], rotation=30, ha="right", fontsize=8)
        ax.set_ylabel(f"speedup over {baseline} (geometric mean)")
        ax.set_title(f"Speedup over {baseline} per map (> 1: faster)")
        ax.grid(True, axis="y", which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        written.append(save(fig, out_dir, "speedup_by_map"))

    # Suboptimality against time: one point per planner.
    points = []
    for p in planners:
        rs = [r for r in with_opt if r["planner"] == p and r["suboptimality"] not in ("", "nan")]
        if rs:
            points.append((p, sum(float(r["time_us"]) for r in rs) / len(rs),
                           sum(float(r["suboptimality"]) for r in rs) / len(rs)))
    bases = defaultdict(int)
    for p in planners:
        if "[" in p:
            bases[base_label(p)] += 1
    subs = [pt[2] for pt in points]
    if points and (max(bases.values(), default=0) > 1 or max(subs) - min(subs) > 1e-9):
        fig, ax = plt.subplots(figsize=(8, 5))
        for label, x, y in points:
            ax.plot([x], [y], "o", color=colours[label])
        for label, x, y in points:
            ax.annotate(label, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
        ax.set_xscale("log")
        ax.set_xlabel("mean search time (us)")
        ax.set_ylabel("mean suboptimality (cost / optimal)")
        ax.set_title("Suboptimality vs time")
        ax.grid(True, which="both", alpha=0.3)
        written.append(save(fig, out_dir, "suboptimality_vs_time"))

    written += paper_figures.paper_figures(rows, solved, planners, baseline, colours, out_dir)
    print("plots: " + ", ".join(written))


if __name__ == "__main__":
    main()
