#!/usr/bin/env bash
# configs/movingai_benchmark.yaml is ready to run: laid out per family the way
# scripts/fetch_movingai.sh lays it out (here: links to the shared sample's maps, which has no
# wc3maps512 map, so that family's line is left out of the copy), one shard of 1/400 of its
# queries runs with every planner and every row validates (exit 0; 3 would mean an invalid row).
# Run through run_if_data.sh (skipped without the shared data).
# Usage: movingai_benchmark_config_test.sh PATHBENCH_BIN REPO
set -euo pipefail
bin="$1" repo="$2"
src="$PATHBENCH_DATA/movingai"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
link() {  # family map...
  local fam="$1"; shift
  mkdir -p "$tmp/data/$fam"
  for m in "$@"; do
    ln -s "$src/$m.map" "$tmp/data/$fam/$m.map"
    ln -s "$src/$m.map.scen" "$tmp/data/$fam/$m.map.scen"
  done
}
link dao arena den312d lak303d brc202d
link da2 ht_chantry
link sc1 Aftershock
link bg512 AR0011SR
link maze maze512-1-0
link random random512-10-0
link room 8room_000
link street Berlin_0_256
grep -v 'name: wc3maps512' "$repo/configs/movingai_benchmark.yaml" >"$tmp/bench.yaml"
[ "$(grep -c 'movingai: {maps' "$tmp/bench.yaml")" -eq 8 ] || { echo "FAIL: families in the config changed"; exit 1; }
"$bin" check-data --require-scen "$tmp/data"
PATHBENCH_DATA="$tmp/data" "$bin" run "$tmp/bench.yaml" --shard 0/400 --out "$tmp/out" >"$tmp/run.log" 2>&1 \
  || { echo "FAIL: the benchmark config did not run:"; cat "$tmp/run.log"; exit 1; }
rows=$(($(wc -l <"$tmp/out/runs.csv") - 1))
# 25,379 queries in the sample: shard 0 of 400 holds 64 of them, six planners each.
[ "$rows" -eq 384 ] || { echo "FAIL: expected 384 rows, got $rows"; exit 1; }
echo "movingai_benchmark_config_test: ok ($rows rows)"
