#!/usr/bin/python3
"""Regenerates the figures README.md and docs/*.md quote (issue 35): each subcommand runs the real
pathbench command(s) behind one figure, computes it from the run's runs.csv, and prints it with a
stamp (commit, UTC date, CPU model, core count, other processes' load during the runs, the exact
command lines), so a quoted figure says where it came from and anyone can measure it again.

Usage: scripts/figures.py [--pathbench PATH] [--out DIR] FIGURE
  FIGURE: echo-overhead | python-vs-cpp | batch-min-us | aa-noise | warthog | all
  --pathbench  the binary (default: build/pathbench of this repository)
  --warthog    warthog: the folder holding built warthog / warthog-jps (default: $WARTHOG_DIR;
               ../shared/tools/peer_warthog.sh says how to build them); `all` skips the figure
               without it
  --out        where the run directories go (default: a new temporary folder, kept and named);
               never inside the repository
Exit status: 0, 1 when a figure failed (its run failed, its data set is missing, costs differ),
2 for bad arguments or a missing binary. Standard library only.
"""

import argparse
import csv
import datetime
import importlib.util
import json
import math
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class FigureError(Exception):
    """A figure that could not be measured; the message says why."""


# --- the stamp -----------------------------------------------------------------------------------

def git_commit(repo):
    """Short hash of HEAD, "+dirty" when tracked files differ from it, "unknown" outside git.
    Untracked files are ignored, as in meta.json's git_commit, so the two stamps agree."""
    def git(*args):
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    head = git("rev-parse", "--short", "HEAD")
    if head.returncode != 0:
        return "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    return head.stdout.strip() + ("+dirty" if dirty else "")


def cpu_model(cpuinfo_text):
    """The first "model name" of /proc/cpuinfo ("unknown" where it has none, e.g. on many ARMs)."""
    for line in cpuinfo_text.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() == "model name":
            return value.strip()
    return "unknown"


def machine():
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        text = ""
    return {"cpu": cpu_model(text), "cores": os.cpu_count() or 0}


def busy_seconds():
    """CPU seconds the whole machine has spent busy (/proc/stat), and those of our waited-for
    children (pathbench and what it started): their difference over a run is everyone else's."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
        # user nice system idle iowait irq softirq steal: all but idle and iowait.
        ticks = sum(int(v) for i, v in enumerate(fields[:8]) if i not in (3, 4))
        machine_s = ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        machine_s = float("nan")
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return machine_s, ru.ru_utime + ru.ru_stime


def other_load(before, after, wall_s):
    """Cores' worth of CPU that processes other than ours used between two busy_seconds()."""
    if wall_s <= 0:
        return float("nan")
    return max(0.0, (after[0] - before[0]) - (after[1] - before[1])) / wall_s


def stamp(commit, when, mach, commands, load=float("nan")):
    """The lines that go under a figure; `when` a timezone-aware datetime, `commands` argv lists,
    `load` other_load() over the runs: times measured beside other work are inflated by it."""
    utc = when.astimezone(datetime.timezone.utc)
    lines = [f"stamp: commit {commit}, {utc:%Y-%m-%d %H:%M} UTC, {mach['cpu']}, "
             f"{mach['cores']} cores; other processes' load during the runs {load:.2f} cores"]
    lines += [f"ran: {shlex.join(str(a) for a in argv)}" for argv in commands]
    return lines


# --- the figures' arithmetic (tests/python/test_figures.py checks it) ---------------------------

def quantile(values, q):
    """Linear interpolation between order statistics (R's type 7, the summaries' p95)."""
    v = sorted(values)
    if not v:
        return float("nan")
    pos = q * (len(v) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def times(rows, planner=None):
    """time_us of the solved rows (of one planner, when given)."""
    return [float(r["time_us"]) for r in rows
            if r["status"] == "solved" and r["time_us"] and planner in (None, r["planner"])]


def echo_figure(rows):
    t = times(rows)
    return {"queries": len(t), "median": statistics.median(t) if t else float("nan"),
            "p10": quantile(t, 0.1), "p90": quantile(t, 0.9)}


def mean_median(rows, planner):
    t = times(rows, planner)
    if not t:
        raise FigureError(f"no solved row of {planner}")
    return statistics.fmean(t), statistics.median(t)


# --- running pathbench ----------------------------------------------------------------------------

def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class Runner:
    def __init__(self, exe, out):
        self.exe, self.out, self.commands = exe, out, []
        self.wall_s, self.busy = 0.0, [0.0, 0.0]

    def run(self, config, name, extra=()):
        """pathbench run CONFIG [extra] into OUT/name; returns the run directory."""
        run_dir = self.out / name
        self.command([self.exe, "run", str(config), *extra, "--out", str(run_dir), "--overwrite"])
        return run_dir

    def command(self, argv, env=None):
        """Any other measured command (its load counted like a run's); returns its stdout."""
        self.commands.append(argv)
        t0, b0 = time.monotonic(), busy_seconds()
        p = subprocess.run(argv, capture_output=True, text=True,
                           env={**os.environ, **(env or {})})
        b1 = busy_seconds()
        self.wall_s += time.monotonic() - t0
        self.busy = [self.busy[i] + b1[i] - b0[i] for i in (0, 1)]
        if p.returncode != 0:
            raise FigureError(f"`{shlex.join(str(a) for a in argv)}` exited {p.returncode}:\n"
                              f"{(p.stderr or p.stdout).strip()[-2000:]}")
        return p.stdout

    def load(self):
        return other_load((0.0, 0.0), self.busy, self.wall_s)

    def commit_note(self, run_dir, commit):
        """A binary from another tree runs that tree's configs and scripts: say so."""
        theirs = json.loads((run_dir / "meta.json").read_text()).get("git_commit", "")
        mine = commit.split("+")[0]
        if mine != "unknown" and not theirs.startswith(mine):
            return [f"note: the binary reports commit {theirs} (meta.json), not this tree's"]
        return []


def pvc_module():
    spec = importlib.util.spec_from_file_location(
        "python_vs_cpp_table", REPO / "scripts" / "external" / "python_vs_cpp_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def echo_overhead(runner, runs=3):
    # The round trip is two processes handing a line back and forth, so where they run decides
    # it: unpinned, each handoff may have to wake the other core (slow on an idle VM, fast while
    # a neighbour keeps it busy); pinned (--cpu: the planner inherits the core), they take turns
    # on one core. Both settings, three short runs each, alternating: the per-run medians show
    # the spread.
    core = max(os.sched_getaffinity(0))
    settings = {"unpinned": (), f"pinned to core {core} (--cpu {core})": ("--cpu", str(core))}
    per_run = {label: [] for label in settings}
    for i in range(1, runs + 1):
        for label, extra in settings.items():
            d = runner.run(REPO / "configs" / "echo_overhead.yaml",
                           f"echo-overhead-{'pinned' if extra else 'unpinned'}-{i}", extra)
            per_run[label].append(read_csv(d / "runs.csv"))
    reps = json.loads((d / "meta.json").read_text())["experiment"].get("repetitions", "?")
    lines = ["echo-overhead: the external-planner protocol's round trip (scripts/external/"
             "echo_planner.py answers at once), time_us per query, median over repetitions; "
             f"{runs} runs x {len(per_run['unpinned'][0])} queries x {reps} repetitions each"]
    for label, rows_of_runs in per_run.items():
        f = echo_figure([r for rows in rows_of_runs for r in rows])
        medians = ", ".join(f"{echo_figure(rows)['median']:.1f}" for rows in rows_of_runs)
        lines.append(f"{label}: median {f['median']:.1f} us per query (10th-90th percentile "
                     f"{f['p10']:.1f}-{f['p90']:.1f} us; median of each run: {medians} us)")
    return d, lines


def python_vs_cpp(runner, runs=3):
    # Three runs, each one's ratio shown: on this shared VM one run's ratio moved by a third
    # between runs minutes apart (random20: 63 to 94), far outside the bootstrap CI of a run.
    table = pvc_module()
    per_run, dirs = [], []
    for i in range(1, runs + 1):
        dirs.append(runner.run(REPO / "configs" / "python_vs_cpp.yaml", f"python-vs-cpp-{i}"))
        per_run.append(table.compare(table.read_rows(dirs[-1]), "astar_py", "astar"))
    lines = ["python-vs-cpp: scripts/external/astar.py (Python A* over the protocol) against the "
             "built-in astar on the same queries; time ratio astar_py/astar per query, "
             f"{runs} runs",
             "| dataset | queries | costs equal | expansions equal | time ratio: geomean, median "
             "of the runs (each run) | median, median of the runs |", "|---|---|---|---|---|---|"]
    for ds, f in per_run[0].items():
        geomeans = [run[ds]["geomean"] for run in per_run]
        medians = [run[ds]["median"] for run in per_run]
        lines.append(f"| {ds} | {f['queries']} | {f['equal']}/{f['queries']} | "
                     f"{f['same_expansions']}/{f['queries']} | {statistics.median(geomeans):.0f} "
                     f"({', '.join(f'{g:.0f}' for g in geomeans)}) | "
                     f"{statistics.median(medians):.0f} |")
    differ = [(i + 1, ds) for i, run in enumerate(per_run) for ds, f in run.items()
              if f["equal"] != f["queries"]]
    total = sum(f["queries"] for f in per_run[0].values())
    lines.append(f"costs equal on all {total} queries in every run; one run's table: "
                 f"scripts/external/python_vs_cpp_table.py {dirs[0]}")
    if differ:
        raise FigureError("\n".join(lines[:-1] + [f"costs differ (run, dataset): {differ}"]))
    return dirs[0], lines


def movingai_dir():
    # pathbench's own default for ${PATHBENCH_DATA}: ../shared/datasets beside the repository.
    root = os.environ.get("PATHBENCH_DATA") or REPO.parent / "shared" / "datasets"
    return Path(root) / "movingai"


def batch_min_us(runner):
    config = REPO / "configs" / "batch_min_us.yaml"
    if not (movingai_dir() / "AR0011SR.map.scen").is_file():
        raise FigureError(f"needs {movingai_dir() / 'AR0011SR.map.scen'} (set PATHBENCH_DATA, or "
                          "scripts/fetch_movingai.sh)")
    text = config.read_text()
    if text.count("\nbatch_min_us: 0\n") != 1:
        raise FigureError(f"{config} no longer has one line 'batch_min_us: 0' to vary")
    batched = runner.out / "batch_min_us_20.yaml"
    runner.out.mkdir(parents=True, exist_ok=True)
    batched.write_text(text.replace("\nbatch_min_us: 0\n", "\nbatch_min_us: 20\n"))
    # Alternating the settings spreads the machine's drift over both instead of one.
    runs = {0: [], 20: []}
    for round_ in (1, 2):
        for setting, cfg in ((0, config), (20, batched)):
            runs[setting].append(runner.run(cfg, f"batch-min-us-{setting}-run{round_}"))
    lines = ["batch-min-us: JPS+ and JPS on every AR0011SR scen line, 3 sweeps; time_us mean / "
             "median over queries, two runs per setting",
             "| planner | `batch_min_us: 0` mean / median | `batch_min_us: 20` mean / median |",
             "|---|---|---|"]
    for planner in ("jps_plus", "jps"):
        cells = []
        for setting in (0, 20):
            figs = [mean_median(read_csv(d / "runs.csv"), planner) for d in runs[setting]]
            cells.append(", ".join(f"{m:.2f} / {med:.2f} us" for m, med in figs))
        lines.append(f"| {planner} | {cells[0]} | {cells[1]} |")
    return runs[0][0], lines


def aa_noise(runner):
    # The same binary as A and B: every "slower" verdict it prints is noise, which is what the
    # floor in docs/measuring.md is for. Whatever else runs on the machine is in the stamp.
    out = runner.out / "aa-noise"
    shutil.rmtree(out, ignore_errors=True)  # our own folder from an earlier call: compare refuses one
    table = runner.command([runner.exe, "compare", "--interleave", runner.exe, runner.exe,
                            str(REPO / "configs" / "quickstart.yaml"), "--out", str(out),
                            "--markdown"])
    rows = [line for line in table.splitlines()
            if line.startswith("|") or line.lower().startswith("verdict")]
    if not rows:
        raise FigureError(f"compare --interleave printed no table:\n{table.strip()[-2000:]}")
    lines = ["aa-noise: compare --interleave of a binary against itself on configs/quickstart.yaml "
             "(default rounds); the verdicts are the A/A noise, none of them a real difference"]
    return None, lines + rows


WARTHOG_MAPS = ("8room_000 AR0011SR Aftershock Berlin_0_256 arena brc202d den312d ht_chantry "
                "lak303d maze512-1-0 random512-10-0")


def warthog(runner, warthog_dir):
    # The peer script does the timing (pinned, interleaved, one clock pair per solve on both
    # sides, costs checked against the scens); this figure only fixes its settings and stamps it.
    script = REPO.parent / "shared" / "tools" / "peer_warthog.sh"
    if not script.is_file():
        raise FigureError(f"needs {script}")
    if not warthog_dir or not Path(warthog_dir).is_dir():
        raise FigureError("needs a warthog build: --warthog DIR or WARTHOG_DIR (how to build it: "
                          f"the header of {script})")
    if not (movingai_dir() / "arena.map.scen").is_file():
        raise FigureError(f"needs the shared MovingAI maps in {movingai_dir()}")
    env = {"MAPS": WARTHOG_MAPS, "MAX_LINES": "300", "REPS": "3", "ROUNDS": "2", "INPROC": "none",
           "OUT": str(runner.out / "warthog")}
    text = runner.command(["env", *(f"{k}={v}" for k, v in env.items()), str(script), "-w",
                           str(warthog_dir), runner.exe, str(movingai_dir())], env)
    lines = ["warthog: pathbench / warthog mean per-query time (< 1: pathbench faster), "
             "R1 / R2 = two rounds; the first 300 scen lines of each shared map (evenly spaced)"]
    return None, lines + [line for line in text.splitlines() if line.strip()]


FIGURES = {"echo-overhead": echo_overhead, "python-vs-cpp": python_vs_cpp,
           "batch-min-us": batch_min_us, "aa-noise": aa_noise, "warthog": warthog}


def inside(path, folder):
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("figure", choices=[*FIGURES, "all"])
    ap.add_argument("--pathbench", default=str(REPO / "build" / "pathbench"))
    ap.add_argument("--out", help="folder for the run directories (default: a temporary one)")
    ap.add_argument("--warthog", default=os.environ.get("WARTHOG_DIR"),
                    help="folder of the built warthog programs (the warthog figure)")
    args = ap.parse_args(argv)
    exe = Path(args.pathbench)
    if not exe.is_file() or not os.access(exe, os.X_OK):
        print(f"figures.py: no pathbench binary at {exe} (build it: BUILD_TARGETS=pathbench "
              "scripts/build.sh build, or pass --pathbench PATH)", file=sys.stderr)
        return 2
    if args.out and inside(Path(args.out), REPO):
        print(f"figures.py: --out {args.out} is inside the repository; figures' runs stay out of "
              "the source tree", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="pathbench-figures-"))
    commit = git_commit(REPO)
    failed = []
    for name in FIGURES if args.figure == "all" else [args.figure]:
        if name == "warthog" and args.figure == "all" and not args.warthog:
            print("figures.py: warthog: skipped (no --warthog DIR / WARTHOG_DIR)", file=sys.stderr)
            continue
        runner = Runner(str(exe), out)
        when = datetime.datetime.now(datetime.timezone.utc)
        try:
            if name == "warthog":
                run_dir, lines = warthog(runner, args.warthog)
            else:
                run_dir, lines = FIGURES[name](runner)
            if run_dir is not None:
                lines += runner.commit_note(run_dir, commit)
        except FigureError as e:
            print(f"figures.py: {name}: {e}", file=sys.stderr)
            failed.append(name)
            continue
        lines += stamp(commit, when, machine(), runner.commands, runner.load())
        lines.append(f"regenerate: scripts/figures.py {name}")
        print("\n".join(["== " + lines[0], *lines[1:], ""]))
        sys.stdout.flush()
    print(f"run directories: {out}")
    if failed:
        print(f"figures.py: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
