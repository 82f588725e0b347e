#!/usr/bin/python3
"""Makes a large runs.csv for measuring `pathbench report` (docs/scaling.md): the data rows of a
real run's runs.csv repeated, copy k >= 1 with its planner label (--vary planner, the default) or
its map name (--vary map) suffixed "#k", until ROWS rows. Each copy is a distinct (dataset, map,
planner, query) run, so the file is a valid runs.csv (the reader refuses duplicates). With
--vary planner it is shaped like the same run with more planners: every (dataset, planner) cell
keeps its real size and the number of cells grows. With --vary map it is the same run on more
maps: the cells grow, which is the harder case for the memory of `report` (it holds one cell at a
time). The numbers are the real run's; only the labels are new. Streams both files.

Usage: /usr/bin/python3 scripts/replicate_runs.py SRC_DIR OUT_DIR ROWS [--vary planner|map]
  SRC_DIR  a results directory (runs.csv, meta.json); OUT_DIR gets runs.csv and a copy of
           meta.json, so `pathbench report OUT_DIR` works on it.
"""
import csv
import os
import shutil
import sys


def main():
    args = sys.argv[1:]
    vary = "planner"
    if len(args) == 5 and args[3] == "--vary" and args[4] in ("planner", "map"):
        vary = args[4]
        args = args[:3]
    if len(args) != 3:
        sys.exit(__doc__)
    src, out, rows = args[0], args[1], int(args[2])
    if rows < 1:
        sys.exit("ROWS must be >= 1")
    os.makedirs(out, exist_ok=True)
    shutil.copyfile(os.path.join(src, "meta.json"), os.path.join(out, "meta.json"))
    written = 0
    copy = 0
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        while written < rows:
            with open(os.path.join(src, "runs.csv"), newline="") as g:
                r = csv.reader(g)
                header = next(r)
                column = header.index(vary)
                if copy == 0:
                    w.writerow(header)
                n = 0
                for row in r:
                    if written == rows:
                        break
                    if copy:
                        row[column] = "%s#%d" % (row[column], copy)
                    w.writerow(row)
                    written += 1
                    n += 1
                if n == 0:
                    sys.exit("%s has no data row" % src)
            copy += 1
    print("%d rows (%d copies) -> %s" % (written, copy, os.path.join(out, "runs.csv")))


if __name__ == "__main__":
    main()
