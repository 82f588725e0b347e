#!/usr/bin/env bash
# configs/peer_compare.yaml parses and runs: on the shared maps it has (den520d and Sandstorm
# are not in the shared sample, so their lines are left out of the copy), one shard of 1/200 of
# the queries runs with every planner, every row validates (exit 0; 3 = an invalid row), and
# meta.json records the sweep order and the core the run was pinned to (--cpu: the first core
# this test may use, since the config's core 1 need not be allowed here).
# Run through run_if_data.sh (skipped without the shared data).
# Usage: peer_compare_config_test.sh PATHBENCH_BIN REPO
set -euo pipefail
bin="$1" repo="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cfg="$tmp/peer.yaml"
kept=0
while IFS= read -r line; do
  if [[ "$line" =~ \$\{PATHBENCH_DATA\}/movingai/([A-Za-z0-9_.-]+\.map) ]]; then
    [ -f "$PATHBENCH_DATA/movingai/${BASH_REMATCH[1]}" ] || continue
    kept=$((kept + 1))
  fi
  printf '%s\n' "$line"
done <"$repo/configs/peer_compare.yaml" >"$cfg"
[ "$kept" -ge 5 ] || { echo "FAIL: expected at least 5 of the peer maps in the shared data"; exit 1; }
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
