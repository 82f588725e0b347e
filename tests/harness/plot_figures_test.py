#!/usr/bin/python3
"""ctest plot_figures: scripts/plot_results.py on a small real run (the bundled map, three
planners, a baseline) writes every figure as PNG, SVG and a one-page PDF; plots/colours.json
gives each planner its own colour, assigned from the sorted labels, and that colour is the one
drawn for the planner in several figures (read from the SVGs); the fitted growth exponent is
exact on synthetic data.

Usage: plot_figures_test.py PATHBENCH_EXE SOURCE_DIR WORK_DIR. Exit 77 (skip) without
matplotlib/numpy or pdfinfo (poppler-utils).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def main():
    exe, src, work = sys.argv[1:4]
    try:
        import matplotlib  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as e:
        print(f"skip: {e} (apt-get install python3-matplotlib python3-numpy)")
        sys.exit(SKIP)
    if not shutil.which("pdfinfo"):
        print("skip: pdfinfo not found (apt-get install poppler-utils)")
        sys.exit(SKIP)
    sys.path.insert(0, os.path.join(src, "scripts"))
    import paper_figures

    # The growth exponent: time = 2 * expansions^1.5 exactly.
    b, a = paper_figures.growth_exponent([10, 100, 1000, 5000], [2 * e ** 1.5 for e in
                                                                 (10, 100, 1000, 5000)])
    check(abs(b - 1.5) < 1e-9 and abs(a - 2.0) < 1e-9, f"fit gave b={b}, a={a}")
    check(paper_figures.growth_exponent([7, 7], [1, 2]) is None, "one distinct x must not fit")

    os.makedirs(work, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=work)
    try:
        run_and_check(exe, src, tmp, paper_figures)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok")


def run_and_check(exe, src, tmp, paper_figures):
    config = os.path.join(tmp, "figures.yaml")
    with open(config, "w") as f:
        f.write(f"""name: figures
seed: 1
repetitions: 1
baseline: astar
datasets:
  - name: bundled
    movingai:
      maps: ["{os.path.join(src, 'datasets', 'maps', 'quickstart.map')}"]
planners:
  - {{label: jps, algorithm: jps}}
  - {{label: astar, algorithm: astar}}
  - {{label: dijkstra, algorithm: dijkstra}}
""")
    out = os.path.join(tmp, "run")
    r = subprocess.run([exe, "run", config, "--out", out], capture_output=True, text=True)
    check(r.returncode == 0, f"pathbench run failed: {r.stderr}")
    r = subprocess.run(["/usr/bin/python3", os.path.join(src, "scripts", "plot_results.py"), out],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"plot_results.py failed: {r.stderr}")
    plots = os.path.join(out, "plots")

    figures = ["time_vs_length", "expansions_box", "speedup_by_map", "time_violin", "cactus",
               "speedup_cdf", "expansions_vs_time"]
    for name in figures:
        for ext in ("png", "svg", "pdf"):
            check(os.path.isfile(os.path.join(plots, f"{name}.{ext}")), f"no {name}.{ext}")
        pdf = os.path.join(plots, f"{name}.pdf")
        with open(pdf, "rb") as f:
            check(f.read(5) == b"%PDF-", f"{name}.pdf is not a PDF")
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True)
        check(info.returncode == 0, f"pdfinfo {name}.pdf: {info.stderr}")
        pages = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
        check(pages and pages.group(1) == "1", f"{name}.pdf: {info.stdout}")
    # Column width: the paper figures are 3.5 in = 252 pt wide (the violin grows with planners).
    for name in ("cactus", "speedup_cdf", "expansions_vs_time"):
        info = subprocess.run(["pdfinfo", os.path.join(plots, f"{name}.pdf")],
                              capture_output=True, text=True).stdout
        size = re.search(r"^Page size:\s+([\d.]+) x", info, re.M)
        check(size and abs(float(size.group(1)) - 252) < 1, f"{name}.pdf size: {info}")

    with open(os.path.join(plots, "colours.json")) as f:
        colours = json.load(f)
    planners = ["astar", "dijkstra", "jps"]
    check(sorted(colours) == planners, f"colours.json: {colours}")
    check(colours == {p: paper_figures.PALETTE[i] for i, p in enumerate(planners)},
          f"colours not assigned from the sorted labels: {colours}")
    check(len(set(colours.values())) == 3, "two planners share a colour")

    def svg_colours(name):
        with open(os.path.join(plots, f"{name}.svg")) as f:
            return set(c.lower() for c in re.findall(r"(?:stroke|fill):\s*(#[0-9a-fA-F]{6})",
                                                     f.read()))

    # Every planner in these figures is drawn in its colours.json colour; the baseline has no
    # curve in the speedup CDF, the others must.
    for name in ("time_vs_length", "cactus", "time_violin", "expansions_vs_time"):
        drawn = svg_colours(name)
        for p in planners:
            check(colours[p] in drawn, f"{p}'s {colours[p]} not drawn in {name}.svg")
    drawn = svg_colours("speedup_cdf")
    for p in ("dijkstra", "jps"):
        check(colours[p] in drawn, f"{p}'s {colours[p]} not drawn in speedup_cdf.svg")
    check(colours["astar"] not in drawn, "the baseline has a curve in speedup_cdf.svg")

    with open(os.path.join(plots, "growth_exponents.json")) as f:
        fits = json.load(f)
    check(sorted(fits) == planners, f"growth_exponents.json: {fits}")
    # The fit uses every solved query with expansions (times vary between runs: no value check).
    import csv
    with open(os.path.join(out, "runs.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for p, fit in fits.items():
        n = sum(1 for r in rows if r["planner"] == p and r["status"] == "solved"
                and int(r["expansions"]) > 0)
        check(fit["points"] == n, f"{p}: fit over {fit['points']} points, {n} expected")
        check(fit["exponent"] == fit["exponent"], f"{p}: exponent is NaN")


if __name__ == "__main__":
    main()
