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

# runs.csv columns (harness/output/run_row.h kRunColumns) by the dtype read_runs gives them.
# Names are categories (few distinct values, repeated on every row); free text stays a string.
_CATEGORY_COLUMNS = ["dataset", "map", "planner", "algorithm", "status"]
_STRING_COLUMNS = ["params", "error"]
_INT_COLUMNS = ["query", "sx", "sy", "gx", "gy", "path_cells", "expansions", "generated",
                "bucket", "updates", "peak_open", "prep_bytes", "batch"]
# Nullable integers: empty when not applicable (optimal_decimals of a computed reference).
_NULLABLE_INT_COLUMNS = ["optimal_decimals"]
# Empty (no value: cost and suboptimality of an unsolved row) reads as NaN; "inf" as infinity.
_FLOAT_COLUMNS = ["cost", "optimal", "suboptimality", "time_us", "prep_ms", "time_spread",
                  "path_us"]


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
        elif column == "valid":
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
