"""solve(), Planner and planners(): exact costs and counters on hand-checked grids (the values the
C++ tests assert), agreement with the scen optimum and with `pathbench solve`, and bad input
raising InputError with the CLI's message."""

import json
import math

import numpy as np
import pytest

import pathbench
from conftest import QUICKSTART_MAP, QUICKSTART_SCEN, cli, cli_error, movingai_dir

SQRT2 = math.sqrt(2.0)


def grid(*rows, **rules):
    """'.' free, '@' blocked, a digit 2-9 free with that cost (tests/algorithms/test_grids.h)."""
    free = np.array([[c != "@" for c in r] for r in rows])
    cost = np.array([[float(c) if c.isdigit() else 1.0 for c in r] for r in rows])
    return pathbench.Grid(free, cost, **rules)


# Same grids and numbers as tests/algorithms/astar_test.cpp.
def test_astar_corridor_exact_counts():
    r = pathbench.solve(grid("....."), (0, 0), (4, 0), "astar")
    assert (r.status, r.cost, r.expansions, r.generated) == ("solved", 4.0, 4, 5)
    assert r.path.dtype == np.int64
    np.testing.assert_array_equal(r.path, [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]])
    assert r.valid and r.validation_error == ""
    # The search and the path writing after it, timed apart (no value asserted: present, >= 0).
    assert math.isfinite(r.time_us) and r.time_us >= 0
    assert math.isfinite(r.path_us) and r.path_us >= 0


def test_astar_open_square_diagonal_exact_counts():
    r = pathbench.solve(grid("...", "...", "..."), (0, 0), (2, 2), "astar")
    assert r.cost == pytest.approx(2 * SQRT2, abs=1e-12)
    assert (r.expansions, r.generated, r.updates) == (2, 9, 0)
    np.testing.assert_array_equal(r.path, [[0, 0], [1, 1], [2, 2]])


def test_four_connected_manhattan_around_wall_exact_counts():
    r = pathbench.solve(grid("...", "@@.", "...", connectivity=4), (0, 0), (0, 2), "astar",
                        heuristic="manhattan")
    assert (r.cost, r.expansions, r.generated) == (6.0, 6, 7)
    assert "heuristic=manhattan" in r.params


def test_dijkstra_preset_expands_everything_closer():
    r = pathbench.solve(grid("....."), (2, 0), (4, 0), "dijkstra")
    assert (r.cost, r.expansions) == (2.0, 4)


def test_unreachable_goal_has_nan_cost_and_empty_path():
    r = pathbench.solve(grid("..@..", "..@..", "..@.."), (0, 0), (4, 2), "astar")
    assert r.status == "unreachable" and math.isnan(r.cost)
    assert r.path.shape == (0, 2)
    assert r.expansions == 6  # the whole left component
    assert r.valid


def test_terrain_costs_from_the_cost_array():
    assert pathbench.solve(grid(".5.", "..."), (0, 0), (2, 0), "astar").cost == pytest.approx(
        2 * SQRT2, abs=1e-12)
    assert pathbench.solve(grid(".5."), (0, 0), (2, 0), "astar").cost == 6.0


def test_corner_cutting_rule_reaches_the_planner():
    free = np.array([[True, False], [True, True]])
    assert pathbench.solve(pathbench.Grid(free), (0, 0), (1, 1), "astar").cost == 2.0
    cut = pathbench.Grid(free, corner_cutting=True)
    assert pathbench.solve(cut, (0, 0), (1, 1), "astar").cost == pytest.approx(SQRT2)


def test_jps_on_open_grid_is_one_expansion():
    # tests/algorithms/jps_test.cpp PathShapeOnOpenGrid: nothing to turn around.
    g = pathbench.Grid(np.ones((30, 40), bool))
    r = pathbench.solve(g, (0, 0), (39, 29))
    assert r.planner == "jps" and r.expansions == 1
    assert r.cost == pytest.approx((SQRT2 - 1) * 29 + 39, abs=1e-12)
    assert len(r.path) == 40


def test_expansion_budget_stops_the_search():
    g = pathbench.Grid(np.ones((30, 40), bool))
    r = pathbench.solve(g, (0, 0), (39, 29), "dijkstra", max_expansions=3)
    assert (r.status, r.expansions) == ("timeout", 3)
    # No path to check: never valid (issue 31), though an outcome rather than a wrong answer.
    assert math.isnan(r.cost) and not r.valid


def test_given_optimum_is_checked_by_the_validator():
    g = grid(".....")
    assert pathbench.solve(g, (0, 0), (4, 0), "astar", reference_cost=4.0).valid
    worse = pathbench.solve(g, (0, 0), (4, 0), "astar", reference_cost=3.0)
    assert not worse.valid and worse.validation_error == "cost 4 is not optimal (3)"
    better = pathbench.solve(g, (0, 0), (4, 0), "astar", reference_cost=5.0)
    assert better.validation_error == "cost 4 is below the reference optimum 5"


def test_every_bundled_scen_line_costs_its_optimum():
    scen = pathbench.read_scen(QUICKSTART_SCEN)
    assert len(scen) == 64
    g = pathbench.load_map(QUICKSTART_MAP)
    planners = [pathbench.Planner(g, name) for name in ("astar", "jps", "jps_plus", "boost_astar")]
    for q in scen.itertuples():
        for p in planners:
            r = p.solve((q.sx, q.sy), (q.gx, q.gy), reference_cost=q.optimal)
            assert r.status == "solved" and r.valid, (p.name, q)
            assert r.cost == pytest.approx(q.optimal, abs=1e-6)
            assert tuple(r.path[0]) == (q.sx, q.sy) and tuple(r.path[-1]) == (q.gx, q.gy)


@pytest.mark.parametrize("planner", ["astar", "jps", "hpa"])
@pytest.mark.parametrize("line", [1, 30, 63])
def test_result_equals_pathbench_solve(planner, line):
    q = pathbench.read_scen(QUICKSTART_SCEN).iloc[line]
    r = pathbench.solve(pathbench.load_map(QUICKSTART_MAP), (q.sx, q.sy), (q.gx, q.gy), planner)
    rc, out, err = cli("solve", "--map", QUICKSTART_MAP, "--start", f"{q.sx},{q.sy}", "--goal",
                       f"{q.gx},{q.gy}", "--planner", planner)
    assert rc == 0, err
    ref = json.loads(out)
    assert (r.status, r.params) == (ref["status"], ref["params"])
    assert r.cost == ref["cost"]  # the same code: bit-identical
    assert (r.expansions, r.generated) == (ref["expansions"], ref["generated"])
    assert r.path.tolist() == ref["path"]


def test_shared_movingai_map_matches_its_scen():
    path = movingai_dir() / "arena.map"
    if not path.exists():
        pytest.skip(f"MovingAI data not found at {movingai_dir()} (set PATHBENCH_DATA to the "
                    "folder holding movingai/)")
    scen = pathbench.read_scen(str(path) + ".scen")
    jps = pathbench.Planner(pathbench.load_map(path), "jps")
    for q in scen.iloc[::10].itertuples():
        r = jps.solve((q.sx, q.sy), (q.gx, q.gy), reference_cost=q.optimal)
        # This old scen prints 4 decimals.
        assert r.valid and r.cost == pytest.approx(q.optimal, abs=1e-4), q


def test_planner_object_equals_solve_and_keeps_its_grid_alive():
    p = pathbench.Planner(pathbench.load_map(QUICKSTART_MAP), "hpa", cluster_size=8)
    assert p.name == "hpa" and "cluster_size=8" in p.params and p.prep_ms >= 0
    g = p.grid
    for start, goal in [((1, 4), (2, 6)), ((31, 21), (29, 21))]:
        a = p.solve(start, goal)
        b = pathbench.solve(g, start, goal, "hpa", cluster_size=8)
        assert (a.cost, a.expansions, a.path.tolist(), a.extras) == (
            b.cost, b.expansions, b.path.tolist(), b.extras)
        assert set(a.extras) >= {"hpa_exp_abstract", "hpa_exp_refine"}


def test_planners_lists_the_registry_with_schemas():
    listed = pathbench.planners()
    names = [p["name"] for p in listed]
    rc, out, _ = cli("list")
    assert rc == 0
    assert names == [line.split(" - ")[0] for line in out.splitlines() if not line[0].isspace()]
    astar = listed[names.index("astar")]
    weight = next(s for s in astar["params"] if s["name"] == "weight")
    assert (weight["type"], weight["default"], weight["min"]) == ("real", 1.0, 0.0)
    heuristic = next(s for s in astar["params"] if s["name"] == "heuristic")
    assert heuristic["type"] == "choice" and "manhattan" in heuristic["choices"]
    assert listed[names.index("dijkstra")]["fixed"]  # a preset hides some of astar's parameters
    # Passing every default explicitly changes nothing: the schema's types round-trip.
    g = grid("....", "....")
    for p in listed:
        if p["name"] in ("external", "gppc", "dstar_lite"):
            # external needs a command, gppc an entry; D* Lite is checked by the loop's others
            continue
        defaults = {s["name"]: s["default"] for s in p["params"]}
        assert (pathbench.solve(g, (0, 0), (3, 1), p["name"], **defaults).params ==
                pathbench.solve(g, (0, 0), (3, 1), p["name"]).params), p["name"]


# Bad input: the same sentence as `pathbench solve`; the location names the Python argument
# (solve(): field 'start') where the CLI names its option (command line: field '--start').
@pytest.mark.parametrize("start, goal, planner, params, field, cli_args", [
    ((0, 0), (2, 6), "jps", {}, "start", ["--start", "0,0", "--goal", "2,6"]),
    ((1, 4), (48, 2), "jps", {}, "goal", ["--start", "1,4", "--goal", "48,2"]),
    ((1, 4), (2, -1), "jps", {}, "goal", ["--start", "1,4", "--goal", "2,-1"]),
    ((1, 4), (2, 6), "nope", {}, "planner", ["--start", "1,4", "--goal", "2,6", "--planner",
                                            "nope"]),
    ((1, 4), (2, 6), "astar", {"weight": "abc"}, "**params",
     ["--start", "1,4", "--goal", "2,6", "--planner", "astar", "--set", "weight=abc"]),
    ((1, 4), (2, 6), "astar", {"weight": -1.5}, "**params",
     ["--start", "1,4", "--goal", "2,6", "--planner", "astar", "--set", "weight=-1.5"]),
    ((1, 4), (2, 6), "astar", {"colour": "red"}, "**params",
     ["--start", "1,4", "--goal", "2,6", "--planner", "astar", "--set", "colour=red"]),
    ((1, 4), (2, 6), "astar", {"greedy": 2}, "**params",
     ["--start", "1,4", "--goal", "2,6", "--planner", "astar", "--set", "greedy=2"]),
])
def test_bad_query_or_planner_raises_the_cli_message(start, goal, planner, params, field,
                                                     cli_args):
    with pytest.raises(pathbench.InputError) as info:
        pathbench.solve(pathbench.load_map(QUICKSTART_MAP), start, goal, planner, **params)
    e = info.value
    assert (e.file, e.field) == ("solve()", field)
    cli_field = {"start": "--start", "goal": "--goal", "planner": "--planner",
                 "**params": "--set"}[field]
    assert cli_error("solve", "--map", QUICKSTART_MAP, *cli_args) == (
        f"command line: field '{cli_field}': {e.message}")


def test_uniform_cost_planner_refuses_terrain_like_the_cli():
    with pytest.raises(pathbench.InputError) as info:
        pathbench.Planner(grid(".5."), "jps")
    assert str(info.value) == ("Planner(): field 'planner': planner 'jps' needs a uniform-cost "
                               "grid, but this map has terrain costs")


@pytest.mark.parametrize("point", [(1, 2, 3), "1,2", (1.0, 2), (True, 2), None, 7,
                                   (2**40, 0), (-2**70, 0)])
def test_malformed_points_are_input_errors(point):
    g = grid("....")
    with pytest.raises(pathbench.InputError, match="field 'start': expected \\(x, y\\) integers"):
        pathbench.solve(g, point, (1, 0))


def test_ill_typed_parameter_values():
    g = grid("....")
    with pytest.raises(pathbench.InputError,
                       match="parameter 'weight': expected a bool, int, float or str, got list"):
        pathbench.solve(g, (0, 0), (1, 0), "astar", weight=[1.5])
    with pytest.raises(pathbench.InputError,
                       match="parameter 'weight': expected a number, got 'true'"):
        pathbench.solve(g, (0, 0), (1, 0), "astar", weight=True)
    # NumPy scalars are numbers too (read from arrays, they are common).
    r = pathbench.solve(g, (0, 0), (3, 0), "astar", weight=np.float32(2.5))
    assert "weight=2.5" in r.params
    np_point = np.array([0, 0])
    assert pathbench.solve(g, np_point, np.int64(3) * np.array([1, 0])).cost == 3.0


def test_no_planner_parameter_is_shadowed_by_solve_keywords():
    # solve()'s own keywords would swallow a planner parameter of the same name.
    own = {"grid", "start", "goal", "planner", "time_limit", "max_expansions", "reference_cost"}
    for p in pathbench.planners():
        assert not own & {s["name"] for s in p["params"]}, p["name"]


def test_external_planner_runs_from_python():
    script = QUICKSTART_MAP.parents[2] / "scripts" / "external" / "astar.py"
    g = pathbench.load_map(QUICKSTART_MAP)
    scen = pathbench.read_scen(QUICKSTART_SCEN)
    p = pathbench.Planner(g, "external", command=f"/usr/bin/python3 {script}", optimal=True)
    for q in scen.iloc[[0, 40, 63]].itertuples():
        r = p.solve((q.sx, q.sy), (q.gx, q.gy), reference_cost=q.optimal)
        assert r.status == "solved" and r.valid, r.validation_error
        assert r.cost == pytest.approx(q.optimal, abs=1e-6)
    crashed = pathbench.solve(g, (1, 4), (2, 6), "external", command="false")
    assert crashed.status == "crashed" and crashed.message and math.isnan(crashed.cost)


def test_bad_time_limit_raises_the_cli_message():
    with pytest.raises(pathbench.InputError) as info:
        pathbench.solve(pathbench.load_map(QUICKSTART_MAP), (1, 4), (2, 6), time_limit=-1)
    assert info.value.field == "time_limit"
    assert cli_error("solve", "--map", QUICKSTART_MAP, "--start", "1,4", "--goal", "2,6",
                     "--time-limit", "-1") == f"command line: field '--time-limit': {info.value.message}"


def two_row_map(top_cost):
    """Issue 31's map: 2 x 3000, the top row at `top_cost`, the bottom row at 1."""
    cost = np.ones((2, 3000))
    cost[0, :] = top_cost
    return np.ones((2, 3000), bool), cost


def test_unrepresentable_costs_never_give_a_valid_solve():
    # Top row 1e10: A* used to return the top-row path, 2,999x the optimum, with valid=True
    # when no reference was given (its int64 fixed-point g wrapped). Such a grid is refused now,
    # so no solve on it can report anything (algorithms/core/cost_range.h).
    free, cost = two_row_map(1e10)
    with pytest.raises(pathbench.InputError) as info:
        pathbench.Grid(free, cost)
    assert (info.value.file, info.value.field) == ("Grid()", "cost")
    assert "costs too large for this 3000x2 map" in info.value.message
    assert "2^29" in info.value.message and "largest cell cost 1e+10 at (0,0)" in info.value.message
    # A cost past the whole range is refused by load_map before the file is read.
    with pytest.raises(pathbench.InputError, match="terrain_costs\\['S'\\]': cost 1e\\+10 is above"):
        pathbench.load_map(QUICKSTART_MAP, terrain={"S": 1e10})


def test_costs_inside_the_range_are_costed_exactly():
    # 1e4: inside the bound (sqrt(2) x 3.0e7 < 2^29), so the search's fixed point holds every g.
    free, cost = two_row_map(1e4)
    r = pathbench.solve(pathbench.Grid(free, cost), (0, 0), (2999, 0), "astar")
    optimum = SQRT2 + 2998 + 1e4  # diagonally down, along the bottom row, straight up
    assert r.status == "solved" and r.valid
    assert r.cost == pytest.approx(optimum, rel=1e-12)
