# shellcheck shell=bash
# Body of one array task (appended by submit.sh after the #SBATCH lines and the PB, CONFIG, N and
# SHARDS settings): runs shard $SLURM_ARRAY_TASK_ID of N into $SHARDS/shard-K, continuing an
# interrupted attempt, pinned to one CPU of the allocation.
set -euo pipefail
k="${SLURM_ARRAY_TASK_ID:?not started as a Slurm array task}"
dir="$SHARDS/shard-$k"
echo "shard $k/$N on $(hostname) (job ${SLURM_JOB_ID:-?}): $dir"

# A run directory appears only when complete (pathbench publishes <dir>.partial by renaming it),
# so a requeued or duplicated task has nothing to do.
if [ -f "$dir/meta.json" ]; then
  echo "shard $k/$N is already complete"
  exit 0
fi
mode=(--out "$dir")
if [ -e "$dir.partial" ]; then
  # runs.csv, or dynamic.csv for a dynamic experiment: rows have started.
  if [ -f "$dir.partial/meta.json" ] && { [ -f "$dir.partial/runs.csv" ] || [ -f "$dir.partial/dynamic.csv" ]; }; then
    mode=(--resume "$dir.partial")
  elif [ -f "$dir.partial/meta.json" ]; then
    mode=(--out "$dir" --overwrite)  # stopped before its first row; pathbench checks it is ours
  else
    # Stopped before meta.json was renamed into place: its lock file (held by nobody: the
    # earlier task is gone, flock -n proves it) and at most meta.json's temporary file are there.
    if [ -f "$dir.partial/run.lock" ] && ! flock -n "$dir.partial/run.lock" true; then
      echo "error: $dir.partial is locked by a running pathbench; wait for it" >&2
      exit 2
    fi
    rm -f "$dir.partial/meta.json.tmp" "$dir.partial/run.lock"
    if ! rmdir "$dir.partial" 2>/dev/null; then
      echo "error: $dir.partial holds files but no meta.json: not a pathbench run; move it away" >&2
      exit 2
    fi
  fi
fi

# task/affinity or task/cgroup bind the task to its CPUs: use that set. task/none leaves the whole
# node, so take the CPUs the controller allocated to this job on this node (CPU_IDs).
allowed="$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)"
count_cpus() {
  local n=0 part
  for part in ${1//,/ }; do
    if [[ $part == *-* ]]; then n=$((n + ${part#*-} - ${part%-*} + 1)); else n=$((n + 1)); fi
  done
  echo "$n"
}
cpus=""
if [ -n "$allowed" ] && [ "$(count_cpus "$allowed")" -le "${SLURM_CPUS_ON_NODE:-1}" ]; then
  cpus="$allowed"
elif command -v scontrol >/dev/null 2>&1; then
  cpus="$(scontrol show job -d "$SLURM_JOB_ID" 2>/dev/null |
    sed -n "s/.*Nodes=${SLURMD_NODENAME:-$(hostname -s)} CPU_IDs=\([0-9,-]*\).*/\1/p" | head -n 1)"
fi
first="${cpus%%[,-]*}"
pin=()
if [[ $first =~ ^[0-9]+$ ]] && command -v taskset >/dev/null 2>&1; then
  pin=(taskset -c "$first")  # pathbench is single-threaded: one core, no migrations
  echo "pinned to CPU $first (allocated: $cpus)"
else
  echo "warning: could not tell which CPU this task was allocated; running unpinned" >&2
fi
echo "${pin[*]} $PB run $CONFIG --shard $k/$N ${mode[*]}"
# exec: SIGTERM from a time limit or preemption reaches pathbench, which stops resumably (143).
exec "${pin[@]}" "$PB" run "$CONFIG" --shard "$k/$N" "${mode[@]}"
