#!/usr/bin/env bash
# configs/peer_compare.yaml parses and runs as it is on the shared maps: it names as many maps
# as the shared sample holds (a map it names that is not there fails the run below), one shard
# of 1/200 of the queries runs with every planner, every row validates (exit 0; 3 = an invalid
# row), and meta.json records the sweep order and the core the run was pinned to (--cpu: the
# first core this test may use, since the config's core 1 need not be allowed here).
# Run through run_if_data.sh (skipped without the shared data).
# Usage: peer_compare_config_test.sh PATHBENCH_BIN REPO
set -euo pipefail
bin="$1" repo="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cfg="$repo/configs/peer_compare.yaml"
named=$(grep -cE '^ *- \$\{PATHBENCH_DATA\}/movingai/[A-Za-z0-9_.-]+\.map$' "$cfg")
shared=$(ls "$PATHBENCH_DATA"/movingai/*.map | wc -l)
[ "$named" -eq "$shared" ] || { echo "FAIL: the config names $named maps, the shared sample has $shared"; exit 1; }
for p in astar astar_pairing jps jps_plus boost_astar; do
  grep -q "label: $p," "$cfg" || { echo "FAIL: planner $p missing from the config"; exit 1; }
done
core=$(/usr/bin/python3 -c 'import os; print(min(os.sched_getaffinity(0)))')
"$bin" run "$cfg" --shard 0/200 --cpu "$core" --out "$tmp/out" >"$tmp/run.log" 2>&1 \
  || { echo "FAIL: the peer comparison config did not run:"; cat "$tmp/run.log"; exit 1; }
/usr/bin/python3 - "$tmp/out" "$core" <<'PY'
import csv, json, sys
out, core = sys.argv[1], int(sys.argv[2])
meta = json.load(open(f"{out}/meta.json"))
assert meta["experiment"]["repetition_order"] == "sweep", meta["experiment"]
assert meta["experiment"]["repetitions"] == 3, meta["experiment"]
assert meta["experiment"]["validate"] is True
assert meta["experiment"]["batch_min_us"] == 0, meta["experiment"]
assert meta["cpu"]["pinned"] == core, meta["cpu"]
rows = list(csv.DictReader(open(f"{out}/runs.csv", newline="")))
planners = {r["planner"] for r in rows}
assert planners == {"astar", "astar_pairing", "jps", "jps_plus", "boost_astar"}, planners
assert all(r["valid"] == "1" for r in rows)
assert all(r["batch"] == "1" for r in rows)  # batch_min_us: 0
print(f"peer_compare_config_test: ok ({len(rows)} rows)")
PY
