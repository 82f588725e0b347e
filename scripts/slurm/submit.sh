#!/usr/bin/env bash
# Runs one pathbench experiment on a Slurm cluster: a job array with one task per shard
# (`pathbench run CONFIG --shard K/N`, each task pinned to one CPU of its allocation) and a merge
# job that starts when every task succeeded (`--dependency=afterok`, `pathbench merge`).
#
# Usage: scripts/slurm/submit.sh CONFIG --shards N [--partition P] [--time HH:MM:SS]
#          [--cpus-per-task C] [--out DIR] [--pathbench BIN] [--sbatch-arg ARG]... [--dry-run]
#
# Everything goes under DIR (default results/<config stem>/slurm-N): shards/shard-K (one run
# directory per shard; shard-K.partial while it runs), merged/ (the result), logs/ (Slurm output),
# the two job scripts and submission.txt. Submitting again into the same DIR reruns only the
# shards that are not complete (an interrupted one resumes where it stopped), then merges; it
# refuses while jobs of the earlier submission are still queued or running.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

die() {
  echo "submit.sh: error: $*" >&2
  exit 2
}
usage() { sed -n '6,7s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

array_id="" config="" shards="" partition="" time_limit="" cpus=1 out="" pathbench="" dry_run=0
extra=()
need_value() { [ "$#" -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }
while [ "$#" -gt 0 ]; do
  case "$1" in
    --shards) need_value "$@"; shards="$2"; shift 2 ;;
    --partition) need_value "$@"; partition="$2"; shift 2 ;;
    --time) need_value "$@"; time_limit="$2"; shift 2 ;;
    --cpus-per-task) need_value "$@"; cpus="$2"; shift 2 ;;
    --out) need_value "$@"; out="$2"; shift 2 ;;
    --pathbench) need_value "$@"; pathbench="$2"; shift 2 ;;
    --sbatch-arg) need_value "$@"; extra+=("$2"); shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; die "unknown option $1" ;;
    *) [ -z "$config" ] || die "one CONFIG only (got '$config' and '$1')"; config="$1"; shift ;;
  esac
done

[ -n "$config" ] || { usage >&2; die "no CONFIG given"; }
[ -f "$config" ] || die "config '$config' does not exist"
[ -n "$shards" ] || die "--shards N is required"
[[ $shards =~ ^[0-9]+$ ]] && [ "$shards" -ge 1 ] && [ "$shards" -le 100000 ] ||
  die "--shards must be a whole number from 1 to 100000, not '$shards'"
[[ $cpus =~ ^[0-9]+$ ]] && [ "$cpus" -ge 1 ] || die "--cpus-per-task must be >= 1, not '$cpus'"
[ -z "$time_limit" ] || [[ $time_limit =~ ^([0-9]+-)?[0-9]+(:[0-9]{2}){0,2}$ ]] ||
  die "--time must look like HH:MM:SS (or D-HH:MM:SS), not '$time_limit'"
[ -z "$partition" ] || [[ $partition =~ ^[A-Za-z0-9_.,-]+$ ]] || die "bad --partition '$partition'"
for a in "${extra[@]}"; do
  [[ $a == -* && $a != *$'\n'* ]] || die "--sbatch-arg takes one sbatch option (e.g. --account=X), not '$a'"
done
if [ "$dry_run" -eq 0 ]; then
  for tool in sbatch squeue; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool not found: run this on a Slurm login node (or use --dry-run)"
  done
fi

config="$(realpath -e "$config")"
stem="$(basename "$config")"
stem="${stem%.*}"
if [ -z "$pathbench" ]; then
  pathbench="$here/../../build/pathbench"
  [ -x "$pathbench" ] || pathbench="$(command -v pathbench || true)"
  [ -n "$pathbench" ] || die "no pathbench binary: build it (scripts/build.sh) or pass --pathbench BIN"
fi
[ -f "$pathbench" ] && [ -x "$pathbench" ] || die "--pathbench '$pathbench' is not an executable file"
pathbench="$(realpath -e "$pathbench")"

out="$(realpath -m "${out:-results/$stem/slurm-$shards}")"
[[ $out != *[[:space:]]* ]] || die "--out '$out' has white space, which #SBATCH lines cannot hold"
case "$out" in
  / | "$HOME" | "$PWD") die "--out '$out' would mix the run with other files: name a folder of its own" ;;
esac
state="$out/submission.txt"
# Only a folder this script made (or a new or empty one) is written into.
if [ -e "$out" ] && [ ! -f "$state" ] && [ -n "$(ls -A "$out" 2>/dev/null || echo x)" ]; then
  die "'$out' exists and was not made by submit.sh: choose another --out"
fi
checksum="$(sha256sum "$config" | cut -d' ' -f1)"
if [ -f "$state" ]; then
  was_config="$(sed -n 's/^config=//p' "$state")"
  was_sum="$(sed -n 's/^config_sha256=//p' "$state")"
  was_n="$(sed -n 's/^shards=//p' "$state")"
  [ "$was_n" = "$shards" ] ||
    die "'$out' holds a run in $was_n shards, not $shards: resubmit with --shards $was_n or choose another --out"
  [ "$was_sum" = "$checksum" ] ||
    die "$config differs from the config first submitted into '$out' ($was_config): choose another --out"
fi

merged="$out/merged"
if [ -f "$merged/meta.json" ]; then
  echo "submit.sh: nothing to do: every shard ran and the merged result is in $merged"
  exit 0
fi

# A shard is complete when its run directory exists: pathbench publishes it only then.
shard_n() { sed -n '/"shard": {/,/}/s/^ *"n": \([0-9]*\).*/\1/p' "$1" | head -n 1; }
missing=()
for ((k = 0; k < shards; k++)); do
  meta="$out/shards/shard-$k/meta.json"
  if [ -f "$meta" ]; then
    [ "$(shard_n "$meta")" = "$shards" ] || [ "$shards" -eq 1 ] ||
      die "$meta is not shard $k/$shards: move it away"
  else
    missing+=("$k")
  fi
done

if [ "$dry_run" -eq 0 ]; then
  # Array indices must be below MaxArraySize (1001 unless the cluster sets it).
  max_array="$(scontrol show config 2>/dev/null | sed -n 's/^MaxArraySize *= *\([0-9]*\).*/\1/p')"
  [ -z "$max_array" ] || [ "$shards" -le "$max_array" ] ||
    die "this cluster runs job arrays of at most $max_array tasks (MaxArraySize): use --shards $max_array or fewer"
fi
if [ "$dry_run" -eq 0 ] && [ -f "$state" ]; then
  ids="$(sed -n 's/^job_ids=//p' "$state" | tr ' \n' ',,' | sed 's/,,*/,/g;s/^,//;s/,$//')"
  if [ -n "$ids" ]; then
    active="$(squeue -h -j "$ids" -o '%i %T' 2>/dev/null || true)"
    [ -z "$active" ] || die "jobs of the earlier submission into '$out' are still queued or running:
$active
wait for them to end, or cancel them (scancel ${ids//,/ }), then submit again"
  fi
fi

# The job scripts: #SBATCH options, the settings, then the body (shard_task.sh / merge_task.sh),
# so a queued job does not change when the repository does.
# sbatch reads #SBATCH lines only before the first command: all of them come first.
sbatch_lines() {  # NAME OUTPUT_PATTERN [MORE_OPTIONS...]
  echo "#!/usr/bin/env bash"
  echo "#SBATCH --job-name=$1"
  echo "#SBATCH --output=$out/logs/$2"
  echo "#SBATCH --chdir=$out"
  echo "#SBATCH --ntasks=1"
  echo "#SBATCH --cpus-per-task=$cpus"
  [ -z "$partition" ] || echo "#SBATCH --partition=$partition"
  [ -z "$time_limit" ] || echo "#SBATCH --time=$time_limit"
  for a in "${extra[@]}" "${@:3}"; do echo "#SBATCH $a"; done
  printf 'PB=%q\nN=%q\nSHARDS=%q\n' "$pathbench" "$shards" "$out/shards"
}
# The missing indices as ranges: 0-3,7,9-10 (sbatch limits the length of the --array value).
array_spec=""
for ((i = 0; i < ${#missing[@]}; i++)); do
  j=$i
  while [ $((j + 1)) -lt ${#missing[@]} ] && [ "${missing[j + 1]}" -eq $((missing[j] + 1)) ]; do
    j=$((j + 1))
  done
  range="${missing[i]}"
  [ "$j" -eq "$i" ] || range="${missing[i]}-${missing[j]}"
  array_spec="${array_spec:+$array_spec,}$range"
  i=$j
done
shard_script="$(
  sbatch_lines "pb-$stem" 'slurm-%A_%a.out' ${array_spec:+"--array=$array_spec"}
  printf 'CONFIG=%q\n' "$config"
  cat "$here/shard_task.sh"
)"
merge_script="$(
  # A failed shard cancels the merge (kill-on-invalid-dep) instead of leaving it queued forever.
  sbatch_lines "pb-$stem-merge" 'merge-%j.out' --kill-on-invalid-dep=yes
  printf 'MERGED=%q\n' "$merged"
  cat "$here/merge_task.sh"
)"

if [ "$dry_run" -eq 1 ]; then
  echo "# submit.sh --dry-run: nothing is written or submitted."
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "# shards to run: ${#missing[@]} of $shards (array indices $array_spec)"
    echo "# sbatch --parsable $out/shards.sbatch"
    echo "$shard_script"
    echo
    echo "# sbatch --parsable --dependency=afterok:<array job id> $out/merge.sbatch"
  else
    echo "# every shard is complete: only the merge runs"
    echo "# sbatch --parsable $out/merge.sbatch"
  fi
  echo "$merge_script"
  echo "# merged result: $merged"
  exit 0
fi

mkdir -p "$out/logs" "$out/shards"
printf '%s\n' "$shard_script" >"$out/shards.sbatch"
printf '%s\n' "$merge_script" >"$out/merge.sbatch"
if [ ! -f "$state" ]; then
  printf 'config=%s\nconfig_sha256=%s\nshards=%s\n' "$config" "$checksum" "$shards" >"$state"
fi
dependency=()
if [ "${#missing[@]}" -gt 0 ]; then
  array_id="$(sbatch --parsable "$out/shards.sbatch")"
  array_id="${array_id%%;*}"  # "id;cluster" on federated clusters
  echo "job_ids=$array_id" >>"$state"
  echo "shards: job array $array_id, ${#missing[@]} of $shards tasks (indices $array_spec)"
  dependency=(--dependency="afterok:$array_id")
else
  echo "shards: all $shards complete"
fi
merge_id="$(sbatch --parsable "${dependency[@]}" "$out/merge.sbatch")"
merge_id="${merge_id%%;*}"
echo "job_ids=$merge_id" >>"$state"
echo "merge: job $merge_id${array_id:+ (after $array_id succeeds)}"
echo "logs: $out/logs"
echo "merged result: $merged"
