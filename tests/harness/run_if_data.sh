#!/bin/sh
# Runs the given command only when the shared MovingAI data is present; otherwise exits 77, which
# ctest reports as "skipped" (SKIP_RETURN_CODE 77) instead of a failure: a user's clone has no
# shared/ folder beside it.
# The data folder is $PATHBENCH_DATA, else $PATHBENCH_DATA_DEFAULT (set by ctest to the same
# default the binary uses: <repo>/../shared/datasets). It is exported so the command sees it.
# Usage: run_if_data.sh COMMAND [ARGS...]
data="${PATHBENCH_DATA:-${PATHBENCH_DATA_DEFAULT:-}}"
if [ -z "$data" ] || [ ! -d "$data/movingai" ]; then
  echo "SKIPPED: MovingAI data not found at '${data:-<unset>}/movingai' (set PATHBENCH_DATA to the folder holding movingai/)" >&2
  exit 77
fi
PATHBENCH_DATA="$data"
export PATHBENCH_DATA
exec "$@"
