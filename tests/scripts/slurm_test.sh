#!/usr/bin/env bash
# scripts/slurm/submit.sh on a real one-node Slurm cluster started here (slurm_cluster.sh): a
# 4-shard experiment merges into exactly the single-process run but for the timing columns;
# resubmitting reruns only the shards that are not complete (a deleted one from scratch, a partial
# one resumed); --dry-run submits nothing; bad arguments are refused. Exit 77 (skipped) where a
# cluster cannot start: not root, or the Slurm/munge packages missing.
# Usage: slurm_test.sh PATHBENCH_BINARY SOURCE_DIR
set -euo pipefail
pb="$(realpath -e "$1")"
src="$(realpath -e "$2")"
submit="$src/scripts/slurm/submit.sh"
# shellcheck source=tests/scripts/slurm_cluster.sh
source "$src/tests/scripts/slurm_cluster.sh"

missing="$(cluster_missing)"
if [ -n "$missing" ]; then
  echo "SKIPPED: a Slurm cluster cannot start here; missing: $(echo "$missing" | paste -sd, -)" \
    "(install with: scripts/setup.sh slurmctld slurmd slurm-client munge; run as root)" >&2
  exit 77
fi

# /tmp keeps munged's socket path short (sockaddr_un holds 108 bytes).
work="$(mktemp -d /tmp/pathbench_slurm_test.XXXXXX)"
chmod 0755 "$work"  # munged, run as the munge user, keeps its key and socket inside
status=1
finish() {
  cluster_stop
  if [ "$status" -ne 0 ]; then
    cluster_logs
    for f in "$work"/out/logs/*.out; do
      [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
    done
  fi
  rm -rf -- "$work"
}
trap finish EXIT
trap 'exit 143' TERM INT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
started=$SECONDS
step() { echo "[$((SECONDS - started)) s] $*"; }

cat >"$work/exp.yaml" <<'EOF'
name: slurm_shards
seed: 11
datasets:
  - name: rnd
    generated: {kind: random, width: 48, height: 48, density: 0.2, count: 3, queries_per_bucket: 2}
  - name: rooms
    generated: {kind: rooms, width: 48, height: 48, room_size: 6, count: 1, queries_per_bucket: 1}
planners:
  - {label: astar, algorithm: astar}
  - {label: jps, algorithm: jps}
  - {label: wastar, algorithm: astar, params: {weight: 2}}
EOF
out="$work/out"

# runs.csv without its timing columns (time_*, *_us, *_ms, and batch: its k is chosen from a
# measured time), row order kept.
untimed() {
  /usr/bin/python3 - "$1" <<'EOF'
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
timing = [i for i, c in enumerate(rows[0]) if re.fullmatch(r"time_.*|.*_us|.*_ms|batch", c)]
assert any(rows[0][i] == "time_us" for i in timing), rows[0]
for r in rows:
    print(",".join("" if i in timing else v for i, v in enumerate(r)))
EOF
}
same_as_single() {  # [MERGED_DIR]
  local merged="${1:-$out/merged}"
  [ -f "$merged/runs.csv" ] || fail "no merged runs.csv in $merged"
  diff <(untimed "$work/single/runs.csv") <(untimed "$merged/runs.csv") >"$work/diff.txt" ||
    fail "merged runs.csv differs from the single-process run: $(head -n 20 "$work/diff.txt")"
  [ "$(wc -l <"$work/single/runs.csv")" -gt 20 ] || fail "the experiment has too few rows to shard"
}
# Waits (bounded) until job $1 has left the queue, then requires it COMPLETED.
wait_job() {
  local state=""
  for _ in $(seq 1 360); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && break
    sleep 0.5
  done
  state="$(scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')"
  [ "$state" = COMPLETED ] || fail "job $1 did not complete within 180 s (state: ${state:-unknown})"
}
job_of() { sed -n "s/^$1: job\( array\)\{0,1\} \([0-9]*\).*/\2/p" "$2"; }

step "argument checks and --dry-run"
expect_refusal() {  # MESSAGE ARGS...
  local msg="$1"
  shift
  if "$@" >"$work/refusal.txt" 2>&1; then fail "accepted: $*"; fi
  grep -q -- "$msg" "$work/refusal.txt" || fail "'$*' did not say '$msg': $(cat "$work/refusal.txt")"
}
expect_refusal "--shards must be" "$submit" "$work/exp.yaml" --shards 0 --out "$out" --pathbench "$pb"
expect_refusal "does not exist" "$submit" "$work/nope.yaml" --shards 4 --out "$out" --pathbench "$pb"
expect_refusal "--shards N is required" "$submit" "$work/exp.yaml" --out "$out" --pathbench "$pb"
mkdir "$work/nobin"  # a PATH without sbatch/squeue: only what submit.sh needs to get that far
ln -s "$(command -v bash)" "$(command -v dirname)" "$work/nobin/"
expect_refusal "sbatch not found" env PATH="$work/nobin" "$submit" "$work/exp.yaml" --shards 4 \
  --out "$out" --pathbench "$pb"
mkdir "$work/foreign" && touch "$work/foreign/notes.txt"
expect_refusal "not made by submit.sh" "$submit" "$work/exp.yaml" --shards 4 --out "$work/foreign" \
  --pathbench "$pb"
[ -f "$work/foreign/notes.txt" ] && [ "$(ls -A "$work/foreign")" = notes.txt ] ||
  fail "submit.sh touched a folder it did not make"
"$submit" "$work/exp.yaml" --shards 4 --out "$out" --pathbench "$pb" --time 00:05:00 \
  --dry-run >"$work/dry.txt"
for want in "#SBATCH --array=0-3" "#SBATCH --time=00:05:00" "#SBATCH --cpus-per-task=1" \
  "--dependency=afterok:" "#SBATCH --output=$out/logs/slurm-%A_%a.out" "merge" \
  "merged result: $out/merged"; do
  grep -qF -- "$want" "$work/dry.txt" || fail "--dry-run output lacks '$want'"
done
[ ! -e "$out" ] || fail "--dry-run wrote $out"

step "single-process reference run"
"$pb" run "$work/exp.yaml" --out "$work/single" >"$work/single.log" 2>&1 ||
  fail "single run failed: $(cat "$work/single.log")"

step "starting munged, slurmctld, slurmd"
cluster_start "$work/cluster" || fail "the Slurm cluster did not start"
[ -z "$(squeue -h)" ] || fail "a fresh cluster has jobs: $(squeue -h)"
expect_refusal "at most 1001 tasks (MaxArraySize)" "$submit" "$work/exp.yaml" --shards 1002 \
  --out "$work/too_many" --pathbench "$pb"
[ ! -e "$work/too_many" ] || fail "a refused submission wrote its --out"

step "submitting 4 shards"
"$submit" "$work/exp.yaml" --shards 4 --out "$out" --pathbench "$pb" --time 00:05:00 \
  >"$work/submit1.txt" || fail "submit.sh failed: $(cat "$work/submit1.txt")"
cat "$work/submit1.txt"
array1="$(job_of shards "$work/submit1.txt")"
merge1="$(job_of merge "$work/submit1.txt")"
[ -n "$array1" ] && [ -n "$merge1" ] || fail "submit.sh printed no job ids"
grep -qF "merged result: $out/merged" "$work/submit1.txt" || fail "submit.sh did not say where"
# Submitting again while those jobs are queued would run shards twice.
expect_refusal "still queued or running" "$submit" "$work/exp.yaml" --shards 4 --out "$out" \
  --pathbench "$pb"
wait_job "$merge1"
step "merge job $merge1 completed"
same_as_single
for k in 0 1 2 3; do
  log="$out/logs/slurm-${array1}_$k.out"
  grep -q "^pinned to CPU [0-9]" "$log" || fail "shard $k was not pinned: $(cat "$log")"
done
/usr/bin/python3 - "$out/merged/meta.json" <<'EOF' || fail "merged meta.json does not list 4 shards"
import json, sys
meta = json.load(open(sys.argv[1]))
shards = meta["merged"]["shards"]
assert len(shards) == 4 and all(s.get("host") for s in shards), shards
EOF

step "resubmitting after losing shard 2 and interrupting shard 1"
kept="$(stat -c %Y.%i "$out/shards/shard-0/meta.json" "$out/shards/shard-3/meta.json")"
rm -rf -- "$out/merged" "$out/shards/shard-2"
# An interrupted shard: its staging folder with the first rows only.
mv "$out/shards/shard-1" "$out/shards/shard-1.partial"
(cd "$out/shards/shard-1.partial" && head -n 3 runs.csv >runs.tmp && mv runs.tmp runs.csv &&
  find . -maxdepth 1 -type f ! -name runs.csv ! -name meta.json -delete)
"$submit" "$work/exp.yaml" --shards 4 --out "$out" --pathbench "$pb" >"$work/submit2.txt" ||
  fail "resubmission failed: $(cat "$work/submit2.txt")"
cat "$work/submit2.txt"
grep -q "2 of 4 tasks (indices 1-2)" "$work/submit2.txt" || fail "resubmission did not run only 1,2"
array2="$(job_of shards "$work/submit2.txt")"
merge2="$(job_of merge "$work/submit2.txt")"
wait_job "$merge2"
step "merge job $merge2 completed"
same_as_single
ran="$(cd "$out/logs" && ls "slurm-${array2}_"*.out | paste -sd' ' -)"
[ "$ran" = "slurm-${array2}_1.out slurm-${array2}_2.out" ] || fail "resubmission ran: $ran"
grep -q -- "--resume" "$out/logs/slurm-${array2}_1.out" || fail "shard 1 did not resume"
[ "$(stat -c %Y.%i "$out/shards/shard-0/meta.json" "$out/shards/shard-3/meta.json")" = "$kept" ] ||
  fail "complete shards 0 and 3 were rewritten"

step "submitting once more: nothing to do"
"$submit" "$work/exp.yaml" --shards 4 --out "$out" --pathbench "$pb" >"$work/submit3.txt"
grep -q "nothing to do" "$work/submit3.txt" || fail "a finished run was submitted again"
expect_refusal "holds a run in 4 shards" "$submit" "$work/exp.yaml" --shards 3 --out "$out" \
  --pathbench "$pb"

step "one shard: the whole experiment, no merge needed"
"$submit" "$work/exp.yaml" --shards 1 --out "$work/out1" --pathbench "$pb" >"$work/submit4.txt" ||
  fail "submit.sh --shards 1 failed: $(cat "$work/submit4.txt")"
wait_job "$(job_of merge "$work/submit4.txt")"
same_as_single "$work/out1/merged"

step "pre-empted: scancel a running shard, resubmit, it resumes"
# Repetitions make each row take milliseconds on tiny maps; the wrapper freezes shard 0's first
# attempt (SIGSTOP) after a few rows, so the cancel lands mid-run however fast the machine is.
cat >"$work/long.yaml" <<'EOF2'
name: slurm_preempt
seed: 3
repetitions: 200
datasets:
  - name: rnd
    generated: {kind: random, width: 64, height: 64, density: 0.2, count: 2, queries_per_bucket: 2}
planners:
  - {label: astar, algorithm: astar}
EOF2
partial="$work/long/shards/shard-0.partial/runs.csv"
cat >"$work/freezing_pathbench" <<EOF2
#!/usr/bin/env bash
case " \$* " in
  *" --shard 0/2 --out "*) ;;
  *) exec $(printf %q "$pb") "\$@" ;;
esac
$(printf %q "$pb") "\$@" &
pid=\$!
trap 'kill -CONT \$pid; kill -TERM \$pid' TERM
for _ in \$(seq 1 3000); do
  [ "\$(cat $(printf %q "$partial") 2>/dev/null | wc -l)" -gt 5 ] && break
  sleep 0.01
done
kill -STOP \$pid
touch $(printf %q "$work/frozen")
wait \$pid
EOF2
chmod +x "$work/freezing_pathbench"
"$submit" "$work/long.yaml" --shards 2 --out "$work/long" --pathbench "$work/freezing_pathbench" \
  >"$work/submit5.txt" || fail "submit.sh failed: $(cat "$work/submit5.txt")"
array5="$(job_of shards "$work/submit5.txt")"
merge5="$(job_of merge "$work/submit5.txt")"
for _ in $(seq 1 600); do
  [ -e "$work/frozen" ] && break
  sleep 0.1
done
[ -e "$work/frozen" ] || fail "shard 0 did not start within 60 s"
scancel "$array5"
wait_gone() {
  for _ in $(seq 1 120); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  fail "job $1 is still queued after 60 s"
}
wait_gone "$array5"
wait_gone "$merge5" # cancelled by --kill-on-invalid-dep: a shard failed
[ -f "$partial" ] && [ ! -e "$work/long/shards/shard-0" ] || fail "shard 0 was not left partial"
"$submit" "$work/long.yaml" --shards 2 --out "$work/long" --pathbench "$work/freezing_pathbench" \
  >"$work/submit6.txt" || fail "resubmission failed: $(cat "$work/submit6.txt")"
wait_job "$(job_of merge "$work/submit6.txt")"
/usr/bin/python3 - "$work/long/shards/shard-0/meta.json" <<'EOF2' || fail "shard 0 did not resume"
import json, sys
resumed = json.load(open(sys.argv[1]))["resumed"]
assert len(resumed) == 1 and resumed[0]["rows_kept"] >= 5, resumed
EOF2
[ -f "$work/long/merged/meta.json" ] || fail "no merged result after the resumed shard"

cluster_stop
status=0
step "PASS"
