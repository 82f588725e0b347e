"""Grids from MovingAI files and from NumPy arrays: exact cells and costs, and bad input raising
pathbench.InputError with the CLI's message."""

import math

import numpy as np
import pytest

import pathbench
from conftest import FIXTURES, QUICKSTART_MAP, cli_error

# datasets/fixtures/small.map, row by row: '.', 'G', 'S' passable; '@', 'O', 'T', 'W' blocked.
SMALL_ROWS = ["..@...", ".G@S..", ".T.O.W", "......"]


def test_load_map_reads_every_cell_indexed_y_x():
    g = pathbench.load_map(FIXTURES / "small.map")
    assert (g.width, g.height, g.shape) == (6, 4, (4, 6))
    expected = np.array([[c in ".GS" for c in row] for row in SMALL_ROWS])
    assert g.passable.dtype == np.bool_
    np.testing.assert_array_equal(g.passable, expected)
    assert g.count_passable() == int(expected.sum()) == 19
    assert g.cost is None
    assert (g.connectivity, g.corner_cutting) == (8, False)
    assert g.source == str(FIXTURES / "small.map")


def test_load_map_terrain_costs_and_rules():
    g = pathbench.load_map(FIXTURES / "small.map", terrain={"S": 3.0}, connectivity=4,
                           corner_cutting=True)
    assert (g.connectivity, g.corner_cutting) == (4, True)
    cost = g.cost
    assert cost.shape == (4, 6) and cost.dtype == np.float64
    assert cost[1, 3] == 3.0  # the 'S' at x=3, y=1
    assert cost[0, 0] == 1.0 and cost[1, 1] == 1.0


def test_grid_from_arrays_round_trips():
    free = np.array([[True, False, True], [True, True, True]])
    cost = np.array([[1.0, np.nan, 2.5], [1.0, 0.5, 1.0]])  # blocked cells' cost is ignored
    g = pathbench.Grid(free, cost)
    assert g.shape == (2, 3) and g.source == "<numpy array>"
    np.testing.assert_array_equal(g.passable, free)
    np.testing.assert_array_equal(g.cost[free], cost[free])
    # A non-contiguous view reads the same cells as its copy.
    big = np.ones((4, 6), dtype=bool)
    big[1, 2] = False
    view = big[::2, ::2]
    np.testing.assert_array_equal(pathbench.Grid(view).passable, np.ascontiguousarray(view))


def test_all_ones_cost_is_a_uniform_grid():
    g = pathbench.Grid(np.ones((2, 2), bool), np.ones((2, 2)))
    assert g.cost is None  # so uniform-cost planners (jps) accept it


@pytest.mark.parametrize("passable, cost, field, text", [
    (np.ones((2, 2), dtype=np.uint8), None, "passable", "expected a bool array (True = passable), "
     "got dtype uint8"),
    (np.ones((2, 2, 2), bool), None, "passable", "expected a 2-D array indexed [y, x], got 3 "
     "dimensions"),
    (np.ones((0, 3), bool), None, "passable", "shape (0, 3): each side must be in 1..32768 and "
     "the cells at most 67108864"),
    (np.ones((2, 2), bool), np.ones((2, 3)), "cost", "expected the shape of passable"),
    (np.ones((2, 2), bool), np.array([[1.0, 1.0], [0.0, 1.0]]), "cost",
     "cost[1, 0] is 0; every passable cell needs a finite cost > 0"),
    (np.ones((2, 2), bool), np.array([[1.0, math.inf], [1.0, 1.0]]), "cost",
     "cost[0, 1] is inf; every passable cell needs a finite cost > 0"),
    (np.ones((2, 2), bool), np.array([["a", "b"], ["c", "d"]]), "cost",
     "expected a real-valued array, got dtype <U1"),
])
def test_bad_arrays_raise_input_error_naming_the_argument(passable, cost, field, text):
    with pytest.raises(pathbench.InputError) as info:
        pathbench.Grid(passable, cost)
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.file, e.line, e.field, e.message) == ("Grid()", 0, field, text)
    assert str(e) == f"Grid(): field '{field}': {text}"


def test_bad_connectivity():
    with pytest.raises(pathbench.InputError, match="field 'connectivity': expected 4 or 8, got 6"):
        pathbench.Grid(np.ones((2, 2), bool), connectivity=6)
    with pytest.raises(pathbench.InputError, match="expected 4 or 8, got 5"):
        pathbench.load_map(QUICKSTART_MAP, connectivity=5)


BAD_MAPS = sorted(p.name for p in FIXTURES.glob("bad_*.map"))


@pytest.mark.parametrize("name", BAD_MAPS)
def test_bad_map_file_message_equals_the_cli(name):
    path = FIXTURES / name
    with pytest.raises(pathbench.InputError) as info:
        pathbench.load_map(path)
    assert info.value.file == str(path)
    assert str(info.value) == cli_error("solve", "--map", path, "--start", "0,0", "--goal", "0,0")


def test_missing_map_and_bad_terrain_equal_the_cli():
    missing = FIXTURES / "no_such.map"
    with pytest.raises(pathbench.InputError) as info:
        pathbench.load_map(missing)
    assert str(info.value) == cli_error("solve", "--map", missing, "--start", "0,0", "--goal",
                                        "0,0")
    with pytest.raises(pathbench.InputError, match="terrain_costs\\['@'\\]"):
        pathbench.load_map(FIXTURES / "small.map", terrain={"@": 2.0})
    with pytest.raises(pathbench.InputError, match="keys are single map characters, got 'SS'"):
        pathbench.load_map(FIXTURES / "small.map", terrain={"SS": 2.0})
