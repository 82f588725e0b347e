#!/usr/bin/python3
"""Two commands at once on one results folder, again and again, with random kill -9s; then
every published folder must hold exactly the rows of a clean run: none lost, none duplicated,
none changed (timings aside).

    scripts/stress_overlap.py [--rounds 20] [--seed 1] [--binary build/pathbench]
                              [--config configs/quickstart.yaml] [--work DIR] [--keep]

Each round starts two commands drawn at random from: run --out D, run --out D --overwrite,
run --jobs 2 --out D --overwrite, run --resume D.partial, run --resume D.jobs,
merge SHARDS --out D --overwrite, report D; the second starts 0-1 s after the first, and in
half the rounds one of them is killed (SIGKILL, the process alone, as a crash would) at a random
moment. The round then finishes what was left (a .partial or .jobs folder is resumed, as a
user would) and checks D. Commands refused because the other holds the folder's lock are the
expected outcome of an overlap, not a failure; what fails is a published runs.csv that differs
from the clean run. Exit 0 when every round checks, 1 otherwise. The work folder (a temporary
one unless --work) is removed at the end unless --keep.
"""
import argparse
import collections
import csv
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# Columns that differ between two correct runs: the clocks and what is derived from them.
TIMING = {"time_us", "time_spread", "batch", "path_us", "prep_ms"}
KEY = ("dataset", "map", "query", "planner")


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    counts = collections.Counter(tuple(r[k] for k in KEY) for r in rows)
    stable = {tuple(r[k] for k in KEY): {c: v for c, v in r.items() if c not in TIMING}
              for r in rows}
    return counts, stable


def check(folder, clean_counts, clean_stable):
    """(lost, duplicated, changed) of folder's runs.csv against the clean run."""
    counts, stable = read_rows(os.path.join(folder, "runs.csv"))
    lost = sum(1 for k in clean_counts if k not in counts)
    dup = sum(n - 1 for n in counts.values() if n > 1)
    extra = sum(1 for k in counts if k not in clean_counts)
    changed = sum(1 for k, row in stable.items() if k in clean_stable and clean_stable[k] != row)
    return lost, dup + extra, changed


class Runner:
    def __init__(self, binary, config, work):
        self.binary, self.config, self.work = binary, config, work
        self.out = os.path.join(work, "pub")
        self.shards = [os.path.join(work, "shards", f"s{k}") for k in range(2)]

    def argv(self, kind):
        b, c, d = self.binary, self.config, self.out
        return {
            "run": [b, "run", c, "--out", d],
            "overwrite": [b, "run", c, "--out", d, "--overwrite"],
            "jobs": [b, "run", c, "--out", d, "--overwrite", "--jobs", "2"],
            "resume": [b, "run", "--resume", d + ".partial"],
            "resume_jobs": [b, "run", "--resume", d + ".jobs"],
            "merge": [b, "merge", *self.shards, "--out", d, "--overwrite"],
            "report": [b, "report", d, "--no-plots"],
        }[kind]

    def start(self, kind, log):
        return subprocess.Popen(self.argv(kind), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=self.work)

    def finish(self, log):
        """Resumes what a killed command left, as a user would, retrying while a lock holder
        (an orphaned shard of a killed --jobs parent) is still at work."""
        for _ in range(120):
            pending = [k for k, p in (("resume_jobs", self.out + ".jobs"),
                                      ("resume", self.out + ".partial")) if os.path.exists(p)]
            if not pending:
                return True
            rc = subprocess.call(self.argv(pending[0]), stdout=log, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, cwd=self.work)
            if rc not in (0, 3):
                time.sleep(0.5)
        return False


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=os.path.join(root, "build", "pathbench"))
    ap.add_argument("--config", default=os.path.join(root, "configs", "quickstart.yaml"))
    ap.add_argument("--work")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = os.path.abspath(a.work or tempfile.mkdtemp(prefix="pathbench-stress-"))
    os.makedirs(work, exist_ok=True)
    binary, config = os.path.abspath(a.binary), os.path.abspath(a.config)
    r = Runner(binary, config, work)
    log = open(os.path.join(work, "commands.log"), "ab")

    def must(argv):
        if subprocess.call(argv, stdout=log, stderr=subprocess.STDOUT, cwd=work) != 0:
            sys.exit(f"stress: setup command failed: {' '.join(argv)} (see {work}/commands.log)")

    clean = os.path.join(work, "clean")
    must([binary, "run", config, "--out", clean])
    for k, s in enumerate(r.shards):
        must([binary, "run", config, "--out", s, "--shard", f"{k}/2"])
    clean_counts, clean_stable = read_rows(os.path.join(clean, "runs.csv"))
    print(f"stress: clean run {sum(clean_counts.values())} rows; work folder {work}")

    kinds = ["run", "overwrite", "jobs", "resume", "resume_jobs", "merge", "report"]
    totals = collections.Counter()
    failures = 0
    for rnd in range(1, a.rounds + 1):
        pair = [rng.choice(kinds), rng.choice(kinds)]
        log.write(f"\n=== round {rnd}: {pair}\n".encode())
        log.flush()
        first = r.start(pair[0], log)
        time.sleep(rng.uniform(0.0, 1.0))
        second = r.start(pair[1], log)
        killed = ""
        if rng.random() < 0.5:
            victim = rng.choice([0, 1])
            time.sleep(rng.uniform(0.0, 2.0))
            (first, second)[victim].send_signal(signal.SIGKILL)
            killed = f", kill -9 {pair[victim]}"
        rcs = [first.wait(), second.wait()]
        finished = r.finish(log)
        if os.path.isdir(r.out):
            lost, dup, changed = check(r.out, clean_counts, clean_stable)
        else:
            # Nothing was ever published yet (e.g. only reports and merges refused): publish.
            must([binary, "run", config, "--out", r.out])
            lost, dup, changed = check(r.out, clean_counts, clean_stable)
        ok = finished and lost == dup == changed == 0
        failures += not ok
        totals.update(lost=lost, duplicated=dup, changed=changed)
        print(f"round {rnd:2d}: {pair[0]} + {pair[1]}{killed}: exit {rcs[0]}/{rcs[1]}; "
              f"published rows lost {lost}, duplicated {dup}, changed {changed}"
              f"{'' if finished else ', leftover .partial/.jobs could not be resumed'}"
              f" {'ok' if ok else 'FAIL'}", flush=True)
    print(f"stress: {a.rounds} rounds, {failures} failed; rows lost {totals['lost']}, "
          f"duplicated {totals['duplicated']}, changed {totals['changed']}")
    if not a.keep and failures == 0:
        shutil.rmtree(work)
    elif failures:
        print(f"stress: kept {work} (commands.log has every command's output)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
