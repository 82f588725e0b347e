# shellcheck shell=bash
# Body of the merge job (appended by submit.sh after the #SBATCH lines and the PB, N, SHARDS and
# MERGED settings): joins the N shard directories into $MERGED once every array task succeeded.
set -euo pipefail
if [ "$N" -eq 1 ]; then
  # `--shard 0/1` is the whole experiment, an ordinary run: it is the result as it is. Copied
  # beside the target, then renamed, so $MERGED is whole or absent like pathbench's own output.
  echo "one shard: $SHARDS/shard-0 is the result; copying it to $MERGED"
  rm -rf -- "$MERGED.copying"
  cp -a -- "$SHARDS/shard-0" "$MERGED.copying"
  mv -T -- "$MERGED.copying" "$MERGED"
  exit 0
fi
shards=()
for ((k = 0; k < N; k++)); do shards+=("$SHARDS/shard-$k"); done
echo "$PB merge ${shards[*]} --out $MERGED"
exec "$PB" merge "${shards[@]}" --out "$MERGED"
