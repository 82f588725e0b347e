"""Publication figures and the shared figure style of scripts/plot_results.py.

Style: every figure is written as PNG (300 dpi), PDF (vector, for papers) and SVG; sizes and
fonts are chosen for a 3.5-inch journal column (COLUMN_WIDTH; 8 pt text). Each planner gets one
colour for the whole run, computed once from the sorted planner labels (planner_colours) and
written to plots/colours.json, so a planner looks the same in every figure and in every run with
the same planners.

Figures added here (each skipped when the run has no data for it):
  time_violin        per-query search time per planner: violin with the median and quartiles
                     (log y)
  cactus             "solved within t": number of queries solved with search time <= t, per
                     planner (log x); a higher, further-left curve is better
  speedup_cdf        per-query speedup over the baseline (baseline time / planner time, both
                     solved), empirical CDF per planner (log x; right of 1 = faster)
  expansions_vs_time search time against expansions per query (log-log), with the fitted growth
                     exponent b of time ~ a * expansions^b (least squares on the logs) per planner

Uses only the standard library, numpy and matplotlib (Debian python3-numpy, python3-matplotlib).
"""
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

COLUMN_WIDTH = 3.5  # inches: one column of a two-column paper
COLUMN_HEIGHT = 2.6

# Okabe & Ito's colour-blind safe palette, then tab20's darker half for runs with more planners.
PALETTE = [
    "#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#f0e442", "#000000",
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
]

# Fixed metadata, so reruns write identical files (no dates, ids from a fixed salt).
SAVE_META = {
    "png": {"Software": None},
    "svg": {"Date": None},
    "pdf": {"CreationDate": None, "ModDate": None, "Producer": None},
}


def apply_style():
    matplotlib.rcParams.update({
        "svg.hashsalt": "pathbench",
        "font.size": 8,
        "axes.titlesize": 8,
        "axes.labelsize": 8,
        "legend.fontsize": 7,
        "xtick.labelsize": 7,
        "ytick.labelsize": 7,
        "lines.linewidth": 1.2,
        "axes.linewidth": 0.6,
        "pdf.fonttype": 42,  # TrueType in the PDF: text stays text for journals' checkers
    })


def planner_colours(planners):
    """One colour per planner label, by position in the sorted list (cycling past the palette)."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(sorted(set(planners)))}


def replace_atomically(path, write):
    """Calls write(tmp) for a temporary file beside `path`, then renames it over `path`: a full
    disk or a kill leaves the previous file whole, never a cut one (pathbench writes its own
    outputs the same way, datasets/output_file.h)."""
    tmp = path + ".tmp"
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def write_json(path, value):
    def write(tmp):
        with open(tmp, "w") as f:
            json.dump(value, f, indent=1, sort_keys=True)
            f.write("\n")
    replace_atomically(path, write)


def write_colours(out_dir, colours):
    path = os.path.join(out_dir, "colours.json")
    write_json(path, colours)
    return path


def save_all(fig, out_dir, name, png_dpi=300):
    """Writes name.png, name.pdf and name.svg; returns the PNG path (report.html embeds it)."""
    fig.tight_layout()
    for ext in ("png", "pdf", "svg"):
        replace_atomically(os.path.join(out_dir, f"{name}.{ext}"),
                           lambda tmp, ext=ext: fig.savefig(tmp, format=ext,
                                                            metadata=SAVE_META[ext],
                                                            dpi=png_dpi if ext == "png" else 100))
    plt.close(fig)
    return os.path.join(out_dir, f"{name}.png")


def column_figure(height=COLUMN_HEIGHT, width=COLUMN_WIDTH):
    return plt.subplots(figsize=(width, height))


def legend_above(ax, **kw):
    """The legend above the axes (inside, it hides curves at column width): two columns when
    they fit the axes' width, else one; the figure grows by its height."""
    for ncol in (2, 1):
        leg = ax.legend(loc="lower left", bbox_to_anchor=(0, 1.02), ncol=ncol, borderaxespad=0,
                        frameon=False, fontsize=6.5, columnspacing=1.0, handletextpad=0.3, **kw)
        fig = ax.figure
        fig.canvas.draw()
        box = leg.get_window_extent()
        if box.width <= ax.get_window_extent().width * 1.05 or ncol == 1:
            # Taller by the legend, so the plot area stays the size of a legend-less figure.
            fig.set_figheight(fig.get_figheight() + box.height / fig.dpi)
            return


def positive_times(rows, planner):
    return [max(float(r["time_us"]), 1e-3) for r in rows if r["planner"] == planner]


def time_violin(solved, planners, colours, out_dir):
    data = [(p, positive_times(solved, p)) for p in planners]
    data = [(p, d) for p, d in data if d]
    if not data:
        return None
    fig, ax = column_figure(width=max(COLUMN_WIDTH, 0.45 * len(data) + 1.0))
    logs = [np.log10(d) for _, d in data]
    parts = ax.violinplot(logs, showextrema=False, widths=0.8)
    for body, (p, _) in zip(parts["bodies"], data):
        body.set_facecolor(colours[p])
        body.set_edgecolor(colours[p])
        body.set_alpha(0.55)
    q1, med, q3 = zip(*(np.percentile(lg, [25, 50, 75]) for lg in logs))
    xs = range(1, len(data) + 1)
    ax.vlines(xs, q1, q3, color="black", lw=2.5)
    ax.scatter(xs, med, color="white", edgecolor="black", s=10, zorder=3, lw=0.6)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([p for p, _ in data], rotation=30, ha="right")
    lo, hi = math.floor(min(min(lg) for lg in logs)), math.ceil(max(max(lg) for lg in logs))
    ticks = list(range(lo, hi + 1))
    ax.set_yticks(ticks)
    ax.set_yticklabels([f"$10^{{{t}}}$" for t in ticks])
    ax.set_ylabel("search time per query (us)")
    ax.grid(True, axis="y", alpha=0.3)
    return save_all(fig, out_dir, "time_violin")


def cactus(rows, solved, planners, colours, out_dir):
    fig, ax = column_figure()
    total = len({(r["dataset"], r["map"], r["query"]) for r in rows})
    for p in planners:
        ts = sorted(positive_times(solved, p))
        if ts:
            ax.step(ts, range(1, len(ts) + 1), where="post", color=colours[p], label=p)
    if not ax.lines:
        plt.close(fig)
        return None
    ax.axhline(total, color="grey", lw=0.6, ls="--")
    ax.set_xscale("log")
    ax.set_xlabel("time limit t per query (us)")
    ax.set_ylabel("queries solved within t")
    ax.grid(True, alpha=0.3)
    legend_above(ax)
    return save_all(fig, out_dir, "cactus")


def speedup_cdf(solved, planners, baseline, colours, out_dir):
    base = {(r["dataset"], r["map"], r["query"]): float(r["time_us"])
            for r in solved if r["planner"] == baseline and float(r["time_us"]) > 0}
    if not base:
        return None
    fig, ax = column_figure()
    for p in planners:
        if p == baseline:
            continue
        ratios = sorted(base[k] / float(r["time_us"]) for r in solved
                        if r["planner"] == p and float(r["time_us"]) > 0
                        and (k := (r["dataset"], r["map"], r["query"])) in base)
        if ratios:
            n = len(ratios)
            ax.step(ratios, [(i + 1) / n for i in range(n)], where="post", color=colours[p],
                    label=p)
    if not ax.lines:
        plt.close(fig)
        return None
    ax.axvline(1.0, color="black", lw=0.6)
    ax.set_xscale("log")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel(f"speedup over {baseline} (per query, > 1: faster)")
    ax.set_ylabel("fraction of queries")
    ax.grid(True, alpha=0.3)
    legend_above(ax)
    return save_all(fig, out_dir, "speedup_cdf")


def growth_exponent(expansions, times):
    """Least-squares b and a of log t = log a + b log e; None with fewer than two distinct e."""
    e = np.log(np.asarray(expansions, dtype=float))
    t = np.log(np.asarray(times, dtype=float))
    if len(e) < 2 or np.ptp(e) == 0:
        return None
    b, log_a = np.polyfit(e, t, 1)
    return float(b), float(math.exp(log_a))


def expansions_vs_time(solved, planners, colours, out_dir):
    fig, ax = column_figure()
    fits = {}
    for p in planners:
        pts = [(int(r["expansions"]), max(float(r["time_us"]), 1e-3)) for r in solved
               if r["planner"] == p and int(r["expansions"]) > 0]
        if not pts:
            continue
        es, ts = zip(*pts)
        fit = growth_exponent(es, ts)
        label = p if fit is None else f"{p} (b = {fit[0]:.2f})"
        ax.scatter(es, ts, s=4, color=colours[p], alpha=0.5, lw=0, label=label)
        if fit is not None:
            b, a = fit
            xs = np.array([min(es), max(es)], dtype=float)
            ax.plot(xs, a * xs ** b, color=colours[p], lw=0.9)
            fits[p] = {"exponent": b, "factor_us": a, "points": len(pts)}
    if not ax.collections:
        plt.close(fig)
        return None, fits
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("expansions per query")
    ax.set_ylabel("search time (us)")
    ax.grid(True, alpha=0.3)
    legend_above(ax, markerscale=2)
    return save_all(fig, out_dir, "expansions_vs_time"), fits


def paper_figures(rows, solved, planners, baseline, colours, out_dir):
    """The four figures above; returns the PNG paths written. Fitted exponents go to
    plots/growth_exponents.json."""
    written = [time_violin(solved, planners, colours, out_dir),
               cactus(rows, solved, planners, colours, out_dir)]
    if baseline:
        written.append(speedup_cdf(solved, planners, baseline, colours, out_dir))
    png, fits = expansions_vs_time(solved, planners, colours, out_dir)
    written.append(png)
    write_json(os.path.join(out_dir, "growth_exponents.json"), fits)
    return [w for w in written if w]
