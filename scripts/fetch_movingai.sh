#!/usr/bin/env bash
# Downloads the official MovingAI grid benchmark (maps + scenarios) into one folder per family,
# then checks that every map and scenario parses and agrees with its map.
#
# Usage: scripts/fetch_movingai.sh [DIR] [--families dao,bg512,sc1,...] [--url BASE]
#                                  [--pathbench BIN]
#   DIR          where to put it (default datasets/downloads, git-ignored): DIR/<family>/NAME.map
#                and NAME.map.scen, plus DIR/movingai/ linking every family's files (the flat
#                layout of the other configs); the archives are kept in DIR/archives/ so a rerun
#                downloads nothing that it already has.
#   --families   comma-separated (default: all of the list below).
#   --url        archive server (default https://movingai.com/benchmarks): BASE/<f>/<f>-map.zip
#                and BASE/<f>/<f>-scen.zip.
#   --pathbench  the binary that checks the files (default build/pathbench; without one the
#                files are not checked and the script says so).
# Then: export PATHBENCH_DATA=DIR and run e.g. configs/movingai_benchmark.yaml.
# Needs curl (or wget) and Python 3 (its zipfile module unpacks the archives).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ALL_FAMILIES="dao,da2,sc1,bg512,wc3maps512,maze,random,room,street"  # movingai.com/benchmarks/grids.html

die() { echo "fetch_movingai: $*" >&2; exit 1; }

dest="" families="$ALL_FAMILIES" base_url="${MOVINGAI_URL:-https://movingai.com/benchmarks}"
pathbench="$here/build/pathbench"
while [ $# -gt 0 ]; do
  case "$1" in
    --families) [ $# -ge 2 ] || die "--families needs a value"; families="$2"; shift 2 ;;
    --url) [ $# -ge 2 ] || die "--url needs a value"; base_url="${2%/}"; shift 2 ;;
    --pathbench) [ $# -ge 2 ] || die "--pathbench needs a value"; pathbench="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [ -z "$dest" ] || die "one DIR only (got '$dest' and '$1')"; dest="$1"; shift ;;
  esac
done
dest="${dest:-$here/datasets/downloads}"
python=/usr/bin/python3
[ -x "$python" ] || python="$(command -v python3)" || die "needs Python 3 to unpack archives"

fetch() {  # url file: downloads to file.part first, so an interrupted download is never kept
  rm -f "$2.part"
  if command -v curl >/dev/null; then
    curl -fsSL --retry 3 --noproxy 127.0.0.1,localhost -o "$2.part" "$1" || return 1
  elif command -v wget >/dev/null; then
    wget -q -O "$2.part" "$1" || return 1
  else
    die "needs curl or wget"
  fi
  mv "$2.part" "$2"
}

mkdir -p "$dest/archives"
IFS=',' read -r -a list <<<"$families"
for fam in "${list[@]}"; do
  case "$fam" in
    ''|*[!A-Za-z0-9_-]*) die "bad family name '$fam' (letters, digits, '_' and '-')" ;;
  esac
  out="$dest/$fam"
  mkdir -p "$out"
  for kind in map scen; do
    zip="$dest/archives/$fam-$kind.zip"
    url="$base_url/$fam/$fam-$kind.zip"
    if [ ! -s "$zip" ]; then
      echo "fetching $url"
      fetch "$url" "$zip" || die "cannot download $url (is '$fam' a MovingAI family? known: $ALL_FAMILIES)"
    fi
    tmp="$(mktemp -d "$dest/.unpack.XXXXXX")"
    # zipfile drops absolute paths and '..' from member names: nothing lands outside $tmp.
    "$python" -m zipfile -e "$zip" "$tmp" || { rm -rf "$tmp"; die "$zip is not a readable zip archive"; }
    # Official archives hold the files at the top level or inside a folder named after the
    # family; either way every map ends up beside its .scen in $out.
    n=0
    while IFS= read -r -d '' f; do
      mv -f "$f" "$out/"
      n=$((n + 1))
    done < <(find "$tmp" -type f \( -name '*.map' -o -name '*.scen' \) -print0)
    rm -rf "$tmp"
    [ "$n" -gt 0 ] || die "$zip holds no .$kind file"
  done
  # The flat view the other configs read ($PATHBENCH_DATA/movingai/*.map): links, not copies.
  mkdir -p "$dest/movingai"
  for f in "$out"/*.map "$out"/*.scen; do
    link="$dest/movingai/$(basename "$f")"
    if [ -e "$link" ] && [ "$(readlink "$link")" != "../$fam/$(basename "$f")" ]; then
      echo "note: $link already names another family's file; kept it"
    else
      ln -sfn "../$fam/$(basename "$f")" "$link"
    fi
  done
  echo "$fam: $(find "$out" -maxdepth 1 -name '*.map' | wc -l) maps in $out"
done

if [ -x "$pathbench" ]; then
  for fam in "${list[@]}"; do
    echo -n "checking $fam: "
    "$pathbench" check-data --require-scen "$dest/$fam" || die "family $fam: a file above is bad"
  done
else
  echo "not checked: no pathbench binary at $pathbench (build it, or pass --pathbench BIN)"
fi
echo "use:  export PATHBENCH_DATA=$(cd "$dest" && pwd)"
