"""pathbench from Python: grids, planners, experiments and their results.

The compiled half (_pathbench) runs the same C++ code as the `pathbench` command-line tool; this
file re-exports it and adds the readers that return pandas DataFrames. See docs/python.md.
"""

import os

from ._pathbench import (  # noqa: F401  (re-exported)
    Grid,
    InputError,
    Planner,
    SolveResult,
    ValidationError,
    load_map,
    planners,
    run,
    solve,
)
from . import _pathbench

__all__ = [
    "Grid", "InputError", "Planner", "SolveResult", "ValidationError", "load_map", "planners",
    "run", "solve", "read_runs", "read_scen",
]

# runs.csv columns by the dtype read_runs gives them, from the one schema of the C++ side
# (harness/output/run_schema.h): categories are names repeated on every row; free text stays a
# string; optional integers are nullable (empty when not applicable); reals read an empty field
# as NaN and "inf" as infinity; the flag `valid` is a nullable boolean.
_COLUMN_TYPES = dict(_pathbench._run_columns())


def _columns_of(type_name):
    return [name for name, t in _COLUMN_TYPES.items() if t == type_name]


_CATEGORY_COLUMNS = _columns_of("category")
_STRING_COLUMNS = _columns_of("text")
_INT_COLUMNS = _columns_of("integer")
_NULLABLE_INT_COLUMNS = _columns_of("optional integer")
_FLOAT_COLUMNS = _columns_of("real")
_FLAG_COLUMNS = _columns_of("flag")


def read_runs(dir):
    """Reads DIR/runs.csv (written by `pathbench run` or run()) into a pandas DataFrame.

    The file is first checked as `pathbench report` checks it (columns, field syntax, duplicate
    rows), so a file the CLI refuses raises the same InputError. Columns keep the file's order;
    dtypes: categories for dataset/map/planner/algorithm/status, strings for params/error, int64
    for coordinates and counters, nullable Int64 for optimal_decimals, float64 for cost/optimal/suboptimality/times (NaN when empty,
    inf when the reference found no path) and for the planners' extra columns, and the nullable
    "boolean" for valid (<NA> when the experiment turned validation off).
    """
    import numpy as np
    import pandas as pd

    checked = _pathbench._check_runs(os.fspath(dir))
    extra = list(checked["extra_columns"])
    # Everything as text first: no guessing (a dataset called "NA" stays "NA"), then exact types.
    raw = pd.read_csv(checked["path"], dtype=str, keep_default_na=False, na_filter=False)
    df = pd.DataFrame(index=raw.index)
    for column in raw.columns:
        text = raw[column]
        if column in _CATEGORY_COLUMNS:
            df[column] = text.astype("category")
        elif column in _STRING_COLUMNS:
            df[column] = text.astype("string")
        elif column in _INT_COLUMNS:
            df[column] = text.astype("int64")
        elif column in _NULLABLE_INT_COLUMNS:
            df[column] = pd.to_numeric(text.replace("", pd.NA)).astype("Int64")
        elif column in _FLAG_COLUMNS:
            df[column] = text.map({"1": True, "0": False, "": pd.NA}).astype("boolean")
        elif column in _FLOAT_COLUMNS or column in extra:
            df[column] = pd.to_numeric(text.replace("", np.nan)).astype("float64")
        else:
            df[column] = text.astype("string")
    return df


def read_scen(path):
    """Reads a MovingAI .scen file into a DataFrame (one row per query, in file order): bucket,
    map, map_width, map_height, sx, sy, gx, gy (int64 but map, a string) and optimal (float64).
    A malformed file raises InputError naming the line and field, as the CLI does."""
    import pandas as pd

    columns = ["bucket", "map", "map_width", "map_height", "sx", "sy", "gx", "gy", "optimal"]
    rows = _pathbench._read_scen_rows(os.fspath(path))
    df = pd.DataFrame(rows, columns=columns)
    for column in columns:
        if column == "map":
            df[column] = df[column].astype("string")
        elif column == "optimal":
            df[column] = df[column].astype("float64")
        else:
            df[column] = df[column].astype("int64")
    return df
