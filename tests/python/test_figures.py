"""scripts/figures.py: the stamp (commit with +dirty, CPU model, date, commands) and the arithmetic
of the figures on hand-made runs.csv rows (and a stub for pathbench), with values worked out by
hand; then one real figure end to end, and the refusals (no binary, --out in the source tree)."""
import csv
import datetime
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(os.environ.get("PATHBENCH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SCRIPT = REPO / "scripts" / "figures.py"


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = load(SCRIPT, "figures")
pvc = load(REPO / "scripts" / "external" / "python_vs_cpp_table.py", "python_vs_cpp_table")


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t",
                           *args], capture_output=True, text=True, check=True).stdout.strip()


def test_commit_is_short_head_and_dirty_only_for_tracked_changes(tmp_path):
    assert figures.git_commit(tmp_path) == "unknown"
    git(tmp_path, "init", "-q")
    (tmp_path / "a.txt").write_text("1\n")
    git(tmp_path, "add", "a.txt")
    git(tmp_path, "commit", "-qm", "one")
    head = git(tmp_path, "rev-parse", "--short", "HEAD")
    assert figures.git_commit(tmp_path) == head
    (tmp_path / "new.txt").write_text("untracked\n")  # as meta.json's git_commit: not dirty
    assert figures.git_commit(tmp_path) == head
    (tmp_path / "a.txt").write_text("2\n")
    assert figures.git_commit(tmp_path) == head + "+dirty"


def test_cpu_model_is_the_first_model_name():
    text = ("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel\t\t: 1\n"
            "model name\t: AMD EPYC 7B13\nprocessor\t: 1\nmodel name\t: other\n")
    assert figures.cpu_model(text) == "AMD EPYC 7B13"
    assert figures.cpu_model("processor\t: 0\nBogoMIPS\t: 50.00\n") == "unknown"


def test_stamp_lines():
    when = datetime.datetime(2026, 12, 7, 18, 5, 59, tzinfo=datetime.timezone(
        datetime.timedelta(hours=2)))
    lines = figures.stamp("abc1234+dirty", when, {"cpu": "AMD EPYC", "cores": 2},
                          [["build/pathbench", "run", "c.yaml", "--out", "/tmp/a b"]], 0.254)
    assert lines == [
        "stamp: commit abc1234+dirty, 2026-12-07 16:05 UTC, AMD EPYC, 2 cores; "
        "other processes' load during the runs 0.25 cores",
        "ran: build/pathbench run c.yaml --out '/tmp/a b'"]


def test_other_load_subtracts_our_children():
    # 3 busy machine-seconds over 2 s of wall time, 1 of them ours: others used 1 core.
    assert figures.other_load((10.0, 5.0), (13.0, 6.0), 2.0) == pytest.approx(1.0)
    assert figures.other_load((10.0, 5.0), (10.5, 6.0), 1.0) == 0.0  # clock granularity


def write_csv(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


def test_echo_figure_median_and_percentiles(tmp_path):
    times = [40, 10, 100, 30, 20]
    rows = [("echo", "solved", t) for t in times] + [("echo", "timeout", 5000)]
    path = write_csv(tmp_path / "runs.csv", ["planner", "status", "time_us"], rows)
    f = figures.echo_figure(figures.read_csv(path))
    # Sorted 10 20 30 40 100; type-7 positions 0.4 and 3.6.
    assert f["queries"] == 5
    assert f["median"] == 30
    assert f["p10"] == pytest.approx(14.0)
    assert f["p90"] == pytest.approx(76.0)


def test_python_vs_cpp_geomean_median_and_equalities(tmp_path):
    header = ["dataset", "map", "query", "planner", "status", "cost", "expansions", "time_us"]
    rows = [
        # a: ratios 10 and 1000 (geomean 100, median 505); costs equal within 1e-9 relative.
        ("a", "m", 0, "astar_py", "solved", "2.414213562373095", 7, 100),
        ("a", "m", 0, "astar", "solved", "2.4142135623730951", 7, 10),
        ("a", "m", 1, "astar_py", "solved", "3", 9, 1000),
        ("a", "m", 1, "astar", "solved", "3", 8, 1),
        # b: a cost that differs, and a ratio of 4.
        ("b", "m", 0, "astar_py", "solved", "5", 3, 8),
        ("b", "m", 0, "astar", "solved", "5.5", 3, 2),
        ("b", "m", 1, "astar_py", "solved", "1", 1, 8),  # no astar row: not paired
    ]
    write_csv(tmp_path / "runs.csv", header, rows)
    got = pvc.compare(pvc.read_rows(tmp_path), "astar_py", "astar")
    assert list(got) == ["a", "b"]
    assert got["a"]["queries"] == 2 and got["a"]["equal"] == 2
    assert got["a"]["same_expansions"] == 1
    assert got["a"]["geomean"] == pytest.approx(100.0)
    assert got["a"]["median"] == pytest.approx(505.0)
    assert (got["b"]["queries"], got["b"]["equal"], got["b"]["geomean"]) == (1, 0, 4.0)


class StubRunner:
    """Stands in for pathbench: run k writes runs.csv with the py times scaled by scales[k]."""
    def __init__(self, out, scales, header, rows):
        self.out, self.scales, self.header, self.rows, self.k = out, scales, header, rows, 0

    def run(self, config, name, extra=()):
        d = self.out / name
        d.mkdir(parents=True)
        scale = self.scales[self.k]
        self.k += 1
        write_csv(d / "runs.csv", self.header,
                  [r[:-1] + (r[-1] * scale if r[3] == "astar_py" else r[-1],) for r in self.rows])
        return d


def test_python_vs_cpp_reports_the_median_of_the_runs(tmp_path):
    header = ["dataset", "map", "query", "planner", "status", "cost", "expansions", "time_us"]
    rows = [("a", "m", 0, "astar_py", "solved", "1", 7, 100),
            ("a", "m", 0, "astar", "solved", "1", 7, 10),
            ("a", "m", 1, "astar_py", "solved", "2", 9, 1000),
            ("a", "m", 1, "astar", "solved", "2", 8, 1)]
    # Per run ratios (10, 1000), (5, 500), (20, 2000): geomeans 100, 50, 200; medians 505,
    # 252.5, 1010.
    _, lines = figures.python_vs_cpp(StubRunner(tmp_path, [1, 0.5, 2], header, rows))
    assert "| a | 2 | 2/2 | 1/2 | 100 (100, 50, 200) | 505 |" in lines
    assert lines[-1].startswith("costs equal on all 2 queries in every run")
    rows[1] = ("a", "m", 0, "astar", "solved", "1.5", 7, 10)
    with pytest.raises(figures.FigureError, match=r"costs differ \(run, dataset\): \[\(1, 'a'\)"):
        figures.python_vs_cpp(StubRunner(tmp_path / "x", [1, 1, 1], header, rows))


def test_mean_median_per_planner(tmp_path):
    path = write_csv(tmp_path / "runs.csv", ["planner", "status", "time_us"],
                     [("jps", "solved", 1), ("jps", "solved", 2), ("jps", "solved", 6),
                      ("jps_plus", "solved", 100)])
    assert figures.mean_median(figures.read_csv(path), "jps") == (3.0, 2.0)
    with pytest.raises(figures.FigureError):
        figures.mean_median(figures.read_csv(path), "astar")


def run_script(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True)


def test_missing_binary_and_out_in_the_tree_are_refused(tmp_path):
    p = run_script("echo-overhead", "--pathbench", tmp_path / "nope")
    assert p.returncode == 2
    assert f"no pathbench binary at {tmp_path / 'nope'}" in p.stderr
    exe = os.environ.get("PATHBENCH_EXE", sys.executable)
    p = run_script("echo-overhead", "--pathbench", exe, "--out", REPO / "results" / "figures")
    assert p.returncode == 2 and "inside the repository" in p.stderr


def test_echo_overhead_end_to_end(tmp_path):
    exe = os.environ.get("PATHBENCH_EXE")
    if not exe:
        pytest.skip("PATHBENCH_EXE is not set (run these tests through ctest)")
    p = run_script("echo-overhead", "--pathbench", exe, "--out", tmp_path)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("== echo-overhead: ")
    assert lines[0].endswith("3 runs x 64 queries x 5 repetitions each")
    core = max(os.sched_getaffinity(0))
    assert lines[1].startswith("unpinned: median ")
    assert lines[2].startswith(f"pinned to core {core} (--cpu {core}): median ")
    assert lines[3].startswith("stamp: commit " + figures.git_commit(REPO) + ", ")
    config = REPO / "configs" / "echo_overhead.yaml"
    for i in (1, 2, 3):
        for kind, extra in (("unpinned", ""), ("pinned", f" --cpu {core}")):
            run_dir = tmp_path / f"echo-overhead-{kind}-{i}"
            assert f"ran: {exe} run {config}{extra} --out {run_dir} --overwrite" in lines
            assert (run_dir / "runs.csv").is_file()
    assert "regenerate: scripts/figures.py echo-overhead" in lines


def test_aa_noise_keeps_the_table_and_verdict_of_compare(tmp_path):
    stub = tmp_path / "pathbench"
    stub.write_text("#!/bin/sh\n"
                    "[ \"$1\" = compare ] && [ \"$2\" = --interleave ] || exit 9\n"
                    "echo 'running round 1 of 3'\n"
                    "echo '| group | planner | change |'\necho '|---|---|---|'\n"
                    "echo '| maze | astar | no detectable difference |'\n"
                    "echo 'Verdict: no significant slow-down.'\n")
    stub.chmod(0o755)
    p = run_script("aa-noise", "--pathbench", stub, "--out", tmp_path / "runs")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("== aa-noise: compare --interleave of a binary against itself")
    assert lines[1:5] == ["| group | planner | change |", "|---|---|---|",
                          "| maze | astar | no detectable difference |",
                          "Verdict: no significant slow-down."]
    assert "running round" not in p.stdout
    config = REPO / "configs" / "quickstart.yaml"
    assert (f"ran: {stub} compare --interleave {stub} {stub} {config} --out "
            f"{tmp_path / 'runs' / 'aa-noise'} --markdown") in lines


def test_warthog_without_a_build_fails_naming_what_it_needs(tmp_path):
    stub = tmp_path / "pathbench"
    stub.write_text("#!/bin/sh\nexit 9\n")
    stub.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "WARTHOG_DIR"}
    p = subprocess.run([sys.executable, str(SCRIPT), "warthog", "--pathbench", str(stub), "--out",
                        str(tmp_path / "runs")], capture_output=True, text=True, env=env)
    if not (REPO.parent / "shared" / "tools" / "peer_warthog.sh").is_file():
        assert p.returncode == 1 and "needs " in p.stderr
        return
    assert p.returncode == 1
    assert "warthog: needs a warthog build: --warthog DIR or WARTHOG_DIR" in p.stderr
