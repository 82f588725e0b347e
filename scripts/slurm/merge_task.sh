# Body of the merge job (appended by submit.sh after the #SBATCH lines and the PB, N, SHARDS and
# MERGED settings): joins the N shard directories into $MERGED once every array task succeeded.
set -euo pipefail
shards=()
for ((k = 0; k < N; k++)); do shards+=("$SHARDS/shard-$k"); done
echo "$PB merge ${shards[*]} --out $MERGED"
exec "$PB" merge "${shards[@]}" --out "$MERGED"
