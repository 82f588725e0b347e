"""The figures of a dynamic run (agent runs on changing maps, dynamic.csv), drawn by
scripts/plot_results.py when meta.json says "mode": "dynamic":

  dynamic_time         mean planning time of a whole agent run (all plans, the first included)
                       per planner, grouped by (kind, dataset); log scale
  dynamic_replan_time  each agent run's mean time per replan (the first plan excluded), one box
                       per (kind, planner); log scale; runs without a replan are left out

Standard library, matplotlib and numpy only; colours and style as the static figures.
"""
import csv
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import paper_figures  # noqa: E402  (beside this script)


def read_runs(path):
    """dynamic.csv's valid agent runs as dicts of the columns the figures use."""
    keep = ("kind", "dataset", "planner", "valid", "replans", "initial_time_us", "total_time_us")
    with open(path, newline="") as f:
        return [{k: r[k] for k in keep} for r in csv.DictReader(f) if r["valid"] == "true"]


def mean_total_time(runs):
    """{(kind, dataset): {planner: mean total_time_us}} in first-seen order."""
    sums = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    for r in runs:
        cell = sums[(r["kind"], r["dataset"])][r["planner"]]
        cell[0] += float(r["total_time_us"])
        cell[1] += 1
    return {g: {p: s / n for p, (s, n) in per.items()} for g, per in sums.items()}


def replan_times(runs):
    """{(kind, planner): [per-run mean replan time in us]}, runs with at least one replan."""
    out = defaultdict(list)
    for r in runs:
        replans = int(r["replans"])
        if replans > 0:
            spent = float(r["total_time_us"]) - float(r["initial_time_us"])
            out[(r["kind"], r["planner"])].append(max(spent / replans, 1e-3))
    return out


def dynamic_figures(run_dir, out_dir):
    runs = read_runs(os.path.join(run_dir, "dynamic.csv"))
    planners = list(dict.fromkeys(r["planner"] for r in runs))
    os.makedirs(out_dir, exist_ok=True)
    colours = paper_figures.planner_colours(planners)
    paper_figures.write_colours(out_dir, colours)
    written = []
    if not runs:
        return written

    means = mean_total_time(runs)
    groups = list(means)
    width = 0.8 / max(len(planners), 1)
    fig, ax = plt.subplots(figsize=(max(8, 1.2 * len(groups)), 5))
    for i, p in enumerate(planners):
        xs = [g + (i - (len(planners) - 1) / 2) * width for g in range(len(groups))]
        ys = [means[g].get(p, 0) / 1000.0 for g in groups]
        ax.bar(xs, ys, width, label=p, color=colours[p])
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{k}\n{d}" for k, d in groups], fontsize=8)
    ax.set_yscale("log")
    ax.set_ylabel("mean planning time per agent run (ms)")
    ax.set_title("Planning time of whole agent runs")
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", which="both", alpha=0.3)
    written.append(paper_figures.save_all(fig, out_dir, "dynamic_time", png_dpi=100))

    per = replan_times(runs)
    if per:
        keys = list(per)
        fig, ax = plt.subplots(figsize=(max(8, 0.9 * len(keys)), 5))
        box = ax.boxplot([per[k] for k in keys], showfliers=False, patch_artist=True,
                         medianprops={"color": "black"})
        for patch, (_, p) in zip(box["boxes"], keys):
            patch.set_facecolor(colours[p])
        ax.set_xticks(range(1, len(keys) + 1))
        ax.set_xticklabels([f"{k}\n{p}" for k, p in keys], fontsize=8)
        ax.set_yscale("log")
        ax.set_ylabel("mean time per replan of an agent run (us)")
        ax.set_title("Replanning time")
        ax.grid(True, axis="y", which="both", alpha=0.3)
        written.append(paper_figures.save_all(fig, out_dir, "dynamic_replan_time", png_dpi=100))
    return written
