"""run(config) and read_runs(dir): the rows equal those of `pathbench run` on the same config,
read_runs gives every column its dtype, and bad configs, results that fail validation and
directories that are not results raise with the CLI's message."""

import csv
import pathlib
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import pathbench
from conftest import QUICKSTART_MAP, QUICKSTART_SCEN, REPO, cli, cli_error

TINY = f"""name: tiny
seed: 7
datasets:
  - name: bundled
    movingai:
      maps: ["{QUICKSTART_MAP}"]
      limit: 6
planners:
  - {{label: astar, algorithm: astar}}
  - {{label: jps, algorithm: jps}}
  - {{label: hpa, algorithm: hpa}}
"""

EXPECTED_DTYPES = {
    "dataset": "category", "map": "category", "query": "int64", "planner": "category",
    "algorithm": "category", "params": "string", "sx": "int64", "sy": "int64", "gx": "int64",
    "gy": "int64", "status": "category", "valid": "boolean", "cost": "float64",
    "optimal": "float64", "suboptimality": "float64", "path_cells": "int64",
    "expansions": "int64", "generated": "int64", "time_us": "float64", "bucket": "int64",
    "updates": "int64", "peak_open": "int64", "prep_ms": "float64", "prep_bytes": "int64",
    "error": "string", "time_spread": "float64", "batch": "int64", "path_us": "float64",
    "optimal_decimals": "Int64",
    # hpa's extra columns (Planner::extra_columns), after the fixed ones
    "hpa_exp_insert": "float64", "hpa_exp_abstract": "float64", "hpa_exp_refine": "float64",
    "hpa_cost_unsmoothed": "float64", "hpa_abstract_nodes": "float64",
    "hpa_abstract_edges": "float64",
}
TIMES = {"time_us", "prep_ms", "time_spread", "batch", "path_us"}  # batch: k is chosen from a time


def write_config(tmp_path, text=TINY, name="tiny.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def rows_without_times(csv_path):
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [{k: v for k, v in r.items() if k not in TIMES} for r in rows]


def test_run_writes_the_rows_of_the_cli_and_read_runs_types_them(tmp_path):
    config = write_config(tmp_path)
    out = tmp_path / "py"
    assert pathbench.run(config, out=out) == str(out)
    rc, _, err = cli("run", config, "--out", tmp_path / "cli")
    assert rc == 0, err
    assert rows_without_times(out / "runs.csv") == rows_without_times(tmp_path / "cli" / "runs.csv")

    df = pathbench.read_runs(out)
    assert {c: str(t) for c, t in df.dtypes.items()} == EXPECTED_DTYPES
    assert list(df.columns) == list(EXPECTED_DTYPES)
    assert len(df) == 18
    assert df["valid"].all()
    assert list(df["planner"].cat.categories) == ["astar", "hpa", "jps"]
    scen = pathbench.read_scen(QUICKSTART_SCEN).head(6)
    for planner in ("astar", "jps"):
        mine = df[df["planner"] == planner].reset_index(drop=True)
        np.testing.assert_allclose(mine["cost"], scen["optimal"], atol=1e-6)
        assert mine["sx"].tolist() == scen["sx"].tolist()
        assert mine["hpa_exp_refine"].isna().all()  # not hpa's rows
    assert df.loc[df["planner"] == "hpa", "hpa_exp_refine"].notna().all()
    assert (df["error"] == "").all()


def test_unvalidated_rows_read_as_missing_booleans(tmp_path):
    config = write_config(tmp_path, TINY.replace("seed: 7\n", "seed: 7\nvalidate: false\n"))
    df = pathbench.read_runs(pathbench.run(config, out=tmp_path / "r"))
    assert df["valid"].isna().all() and str(df["valid"].dtype) == "boolean"


def test_results_failing_validation_raise_with_the_cli_message(tmp_path):
    fault = REPO / "tests" / "fixtures" / "external" / "fault_planner.py"
    text = TINY.split("planners:")[0] + (
        "planners:\n"
        f"  - {{label: liar, algorithm: external, params: {{command: \"/usr/bin/python3 {fault} "
        "--fault suboptimal --on-id 2\", optimal: true}}\n")
    config = write_config(tmp_path, text)
    with pytest.raises(pathbench.ValidationError) as info:
        pathbench.run(config, out=tmp_path / "py")
    e = info.value
    assert (e.dir, e.invalid) == (str(tmp_path / "py"), 1)
    rc, _, err = cli("run", config, "--out", tmp_path / "py2")
    assert rc == 3
    assert err.strip().splitlines()[-1] == "error: " + str(e).replace("/py/", "/py2/")
    df = pathbench.read_runs(e.dir)  # the results are kept
    assert df["valid"].tolist().count(False) == 1


def test_bad_config_and_existing_output_equal_the_cli(tmp_path):
    config = write_config(tmp_path, TINY.replace("algorithm: jps", "algorithm: jsp"))
    with pytest.raises(pathbench.InputError) as info:
        pathbench.run(config, out=tmp_path / "x")
    assert str(info.value) == cli_error("run", config, "--out", tmp_path / "x")
    assert info.value.file == str(config) and info.value.line == 10
    assert not (tmp_path / "x").exists()

    good = write_config(tmp_path, name="good.yaml")
    pathbench.run(good, out=tmp_path / "done")
    with pytest.raises(pathbench.InputError) as info:
        pathbench.run(good, out=tmp_path / "done")
    assert str(info.value) == cli_error("run", good, "--out", tmp_path / "done")
    assert pathbench.run(good, out=tmp_path / "done", overwrite=True) == str(tmp_path / "done")

    with pytest.raises(pathbench.InputError) as info:
        pathbench.run(tmp_path / "missing.yaml")
    assert str(info.value) == cli_error("run", tmp_path / "missing.yaml")


def test_default_output_goes_under_results_root_with_tag(tmp_path):
    config = write_config(tmp_path)
    d = pathbench.run(config, results_root=tmp_path / "res", tag="py", save_paths=True)
    assert d.startswith(str(tmp_path / "res" / "tiny") + "/") and d.endswith("-py")
    assert (tmp_path / "res" / "tiny" / "latest").resolve() == pathlib.Path(d).resolve()
    assert len((pathlib.Path(d) / "paths.jsonl").read_text().splitlines()) == 18


def test_read_runs_refuses_what_is_not_a_results_directory(tmp_path):
    with pytest.raises(pathbench.InputError) as info:
        pathbench.read_runs(tmp_path / "nowhere")
    assert str(info.value) == cli_error("report", tmp_path / "nowhere", "--no-plots")
    with pytest.raises(pathbench.InputError) as info:
        pathbench.read_runs(tmp_path)
    assert str(info.value) == (f"{tmp_path / 'runs.csv'}: no such file: not a results directory "
                               "of pathbench run")


def test_read_runs_refuses_a_damaged_file_like_report(tmp_path):
    d = pathbench.run(write_config(tmp_path), out=tmp_path / "r")
    broken = tmp_path / "broken"
    shutil.copytree(d, broken)
    lines = (broken / "runs.csv").read_text().splitlines(keepends=True)
    (broken / "runs.csv").write_text("".join(lines + [lines[-1]]))  # a duplicate row
    with pytest.raises(pathbench.InputError) as info:
        pathbench.read_runs(broken)
    assert str(info.value) == cli_error("report", broken, "--no-plots")
    assert info.value.line == len(lines) + 1

    (broken / "runs.csv").write_text("".join(lines).replace(",solved,", ",solvd,", 1))
    with pytest.raises(pathbench.InputError) as info:
        pathbench.read_runs(broken)
    assert str(info.value) == cli_error("report", broken, "--no-plots")


def test_ctrl_c_raises_keyboard_interrupt_and_resume_completes_the_run(tmp_path):
    # Slow enough (repetitions) that a SIGINT sent on the first row lands mid-run.
    config = write_config(tmp_path, f"""name: slow
seed: 1
repetitions: 400
datasets:
  - name: bundled
    movingai: {{maps: ["{QUICKSTART_MAP}"]}}
planners:
  - {{label: dijkstra, algorithm: dijkstra}}
  - {{label: astar, algorithm: astar}}
""", name="slow.yaml")
    out = tmp_path / "slow"
    partial_csv = tmp_path / "slow.partial" / "runs.csv"
    child = subprocess.Popen(
        [sys.executable, "-c", f"import pathbench; pathbench.run({str(config)!r}, out={str(out)!r})"],
        stderr=subprocess.PIPE, text=True)
    while child.poll() is None and not (
            partial_csv.exists() and len(partial_csv.read_text().splitlines()) >= 2):
        time.sleep(0.002)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode != 0, "the run ended before the signal"
    assert err.strip().splitlines()[-1] == (
        f"KeyboardInterrupt: run interrupted; the rows so far are kept in {out}.partial; resume "
        f"with pathbench.run(config, resume='{out}.partial')")
    kept = len(pathbench.read_runs(tmp_path / "slow.partial"))
    assert 1 <= kept < 128
    assert pathbench.run(config, resume=tmp_path / "slow.partial") == str(out)
    df = pathbench.read_runs(out)  # read_runs refuses duplicate rows: none were run twice
    assert len(df) == 128 and df["valid"].all()
    assert not (tmp_path / "slow.partial").exists()
