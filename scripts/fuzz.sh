#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, AddressSanitizer + UndefinedBehaviorSanitizer) in
# build-fuzz/ and runs each one for SECONDS (default 60). Usage: scripts/fuzz.sh [SECONDS]
#
# Seeds: the map/scen fixtures, the bundled maps, configs/*.yaml, fuzz/seeds/ and, when present,
# the shared MovingAI files ($PATHBENCH_DATA, default ../shared/datasets). Each target keeps its
# growing corpus in build-fuzz/corpus/<target>/, so a second run starts where the first stopped.
# Any crash, leak, timeout (10 s per input) or out-of-memory (2 GB) stops that target; the script
# then exits 1 after printing where the reproducer is (build-fuzz/findings/<target>/). Turn a
# reproducer into a fixture of an ordinary unit test once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
jobs="$(nproc 2>/dev/null || echo 2)"
# libFuzzer's runtime is in libclang-rt-14-dev, only a recommendation of clang on Debian 12.
scripts/setup.sh clang libclang-rt-14-dev

out=build-fuzz
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$out" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DPATHBENCH_FUZZ=ON -DPATHBENCH_BUILD_TESTS=OFF \
  -DPATHBENCH_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build "$out" -j "$jobs" --target fuzz_map fuzz_scen fuzz_experiment fuzz_runs_csv

data="${PATHBENCH_DATA:-$(cd .. && pwd)/shared/datasets}/movingai"
[ -d "$data" ] || { echo "fuzz: no shared MovingAI data at $data; seeding from the tree only"; data=; }
seeds() {  # target -> seed files, one per line
  case "$1" in
    fuzz_map) ls datasets/fixtures/*.map datasets/maps/*.map ${data:+"$data"/*.map} ;;
    fuzz_scen) ls datasets/fixtures/*.scen datasets/maps/*.scen ${data:+"$data"/*.scen} ;;
    fuzz_experiment) ls configs/*.yaml ;;
    fuzz_runs_csv) ls fuzz/seeds/runs_csv/* ;;
  esac 2>/dev/null
}

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target per core at a time: each gets its full SECONDS, and on 2 cores the four take half
# the wall time they would one after another.
fuzz_one() {  # target -> runs it; its verdict line goes to $out/$t.result
  local t="$1" corpus="$out/corpus/$1" seed_dir="$out/seeds/$1" findings="$out/findings/$1"
  local log="$out/$1.log" status execs
  mkdir -p "$corpus" "$findings"
  rm -rf "$seed_dir" && mkdir -p "$seed_dir"
  { seeds "$t" || true; } | while read -r f; do cp "$f" "$seed_dir/"; done
  echo "fuzz: $t for ${seconds}s (log: $log)"
  # -max_len: real maps are up to ~1 MB; 64 KB keeps every header/row shape while staying fast.
  if "$out/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$seed_dir" >"$log" 2>&1; then
    status=ok
  else
    status="FOUND (reproducer in $findings/)"
    grep -E "ERROR|SUMMARY|Test unit written" "$log" | head -5 >&2 || true
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  printf '%-16s %6ss %12s execs %7s corpus files  %s\n' "$t" "$seconds" "${execs:-?}" \
    "$(ls "$corpus" | wc -l)" "$status" >"$out/$t.result"
}

targets=(fuzz_map fuzz_scen fuzz_experiment fuzz_runs_csv)
running=0
for t in "${targets[@]}"; do
  rm -f "$out/$t.result"
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failed=0
summary=()
for t in "${targets[@]}"; do
  line="$(cat "$out/$t.result" 2>/dev/null || echo "$t: no result (the runner itself failed)")"
  summary+=("$line")
  grep -q ' ok$' <<<"$line" || failed=1
done
echo "fuzz summary:"
printf '  %s\n' "${summary[@]}"
exit "$failed"
