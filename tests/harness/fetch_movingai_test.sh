#!/usr/bin/env bash
# scripts/fetch_movingai.sh against a local HTTP server on 127.0.0.1 serving archives laid out
# like the official ones: one family with its files at the archive's top level, one with them in
# a folder named after the family. Checks the layout it produces, that a rerun downloads nothing,
# that a run can use the result, and the errors for an unknown family and a corrupt map.
# Usage: fetch_movingai_test.sh PATHBENCH_BIN
set -euo pipefail
bin="$1"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
py=/usr/bin/python3
tmp="$(mktemp -d)"
server=""
cleanup() { [ -z "$server" ] || kill "$server" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Two families of generated maps with their scenarios.
mkdir -p "$tmp/src/top" "$tmp/src/nested/nested" "$tmp/www/top" "$tmp/www/nested" "$tmp/www/bad"
for i in 1 2; do
  "$bin" gen-map --kind random --width 24 --height 24 --density 0.2 --seed "$i" \
    --output "$tmp/src/top/t$i.map" >/dev/null
  "$bin" gen-scen --map "$tmp/src/top/t$i.map" --per-bucket 2 --seed "$i" >/dev/null
done
"$bin" gen-map --kind rooms --width 30 --height 30 --room-size 6 --seed 7 \
  --output "$tmp/src/nested/nested/r1.map" >/dev/null
"$bin" gen-scen --map "$tmp/src/nested/nested/r1.map" --per-bucket 2 >/dev/null
"$py" - "$tmp" <<'EOF'
import os, sys, zipfile
t = sys.argv[1]
def pack(zip_path, root, suffix):
    with zipfile.ZipFile(zip_path, "w") as z:
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if f.endswith(suffix):
                    p = os.path.join(d, f)
                    z.write(p, os.path.relpath(p, root))
pack(f"{t}/www/top/top-map.zip", f"{t}/src/top", ".map")
pack(f"{t}/www/top/top-scen.zip", f"{t}/src/top", ".scen")
pack(f"{t}/www/nested/nested-map.zip", f"{t}/src/nested", ".map")    # nested/r1.map
pack(f"{t}/www/nested/nested-scen.zip", f"{t}/src/nested", ".scen")
# A family whose map is cut short: 3 of its 24 rows.
with zipfile.ZipFile(f"{t}/www/bad/bad-map.zip", "w") as z:
    lines = open(f"{t}/src/top/t1.map").read().splitlines()
    z.writestr("b1.map", "\n".join(lines[:7]) + "\n")
with zipfile.ZipFile(f"{t}/www/bad/bad-scen.zip", "w") as z:
    z.writestr("b1.map.scen", open(f"{t}/src/top/t1.map.scen").read().replace("t1.map", "b1.map"))
EOF

"$py" -u -m http.server --bind 127.0.0.1 --directory "$tmp/www" 0 >"$tmp/server.log" 2>&1 &
server=$!
port=""
for _ in $(seq 100); do
  port="$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$tmp/server.log" | head -n1)"
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the HTTP server did not start: $(cat "$tmp/server.log")"
url="http://127.0.0.1:$port"

out="$tmp/data"
"$repo/scripts/fetch_movingai.sh" "$out" --families top,nested --url "$url" --pathbench "$bin" \
  >"$tmp/fetch.log" 2>&1 || fail "fetch failed: $(cat "$tmp/fetch.log")"
for f in top/t1.map top/t1.map.scen top/t2.map top/t2.map.scen nested/r1.map nested/r1.map.scen; do
  [ -f "$out/$f" ] || fail "missing $out/$f; got: $(cd "$out" && find . | sort)"
done
[ ! -e "$out/nested/nested" ] || fail "the family folder inside the archive was not flattened"
for f in t1.map t2.map.scen r1.map r1.map.scen; do  # the flat view the other configs read
  [ -L "$out/movingai/$f" ] && [ -f "$out/movingai/$f" ] || fail "no link $out/movingai/$f"
done
grep -q "checking top: ok: 2 maps, 2 scenario files" "$tmp/fetch.log" || fail "no check: $(cat "$tmp/fetch.log")"
grep -q "checking nested: ok: 1 maps, 1 scenario files" "$tmp/fetch.log" || fail "no check: $(cat "$tmp/fetch.log")"

# A rerun uses the archives it kept.
requests=$(grep -c '"GET ' "$tmp/server.log")
"$repo/scripts/fetch_movingai.sh" "$out" --families top,nested --url "$url" --pathbench "$bin" \
  >"$tmp/fetch2.log" 2>&1 || fail "rerun failed: $(cat "$tmp/fetch2.log")"
[ "$(grep -c '"GET ' "$tmp/server.log")" -eq "$requests" ] || fail "the rerun downloaded again"

# The result is a data folder a run can use.
cat >"$tmp/exp.yaml" <<'EOF'
name: fetched
datasets:
  - name: top
    movingai: {maps: ["${PATHBENCH_DATA}/top/*.map"], limit: 3}
  - name: nested
    movingai: {maps: ["${PATHBENCH_DATA}/nested/*.map"], limit: 3}
planners:
  - {label: astar, algorithm: astar}
EOF
PATHBENCH_DATA="$out" "$bin" run "$tmp/exp.yaml" --out "$tmp/run" >"$tmp/run.log" 2>&1 \
  || fail "run on the fetched data failed: $(cat "$tmp/run.log")"
[ "$(($(wc -l <"$tmp/run/runs.csv") - 1))" -eq 9 ] || fail "expected 9 rows: $(cat "$tmp/run/runs.csv")"

# An unknown family: a clear error naming it, nothing half-downloaded kept.
if "$repo/scripts/fetch_movingai.sh" "$out" --families nosuch --url "$url" --pathbench "$bin" \
  >"$tmp/e1.log" 2>&1; then fail "an unknown family succeeded"; fi
grep -q "cannot download $url/nosuch/nosuch-map.zip" "$tmp/e1.log" || fail "message: $(cat "$tmp/e1.log")"
[ -z "$(find "$out/archives" -name '*.part')" ] || fail "a partial download was kept"

# A corrupt map fails the check, naming the file.
if "$repo/scripts/fetch_movingai.sh" "$out" --families bad --url "$url" --pathbench "$bin" \
  >"$tmp/e2.log" 2>&1; then fail "a corrupt map passed"; fi
grep -q "b1.map" "$tmp/e2.log" && grep -q "family bad" "$tmp/e2.log" || fail "message: $(cat "$tmp/e2.log")"
# check-data alone: a map without its scenario file, a folder without maps.
mkdir -p "$tmp/lone" "$tmp/empty"
cp "$tmp/src/top/t1.map" "$tmp/lone/"
"$bin" check-data "$tmp/lone" | grep -q "ok: 1 maps, 0 scenario files" || fail "check-data lone"
if "$bin" check-data --require-scen "$tmp/lone" 2>"$tmp/e3.log"; then fail "--require-scen passed"; fi
grep -q "t1.map: no scenario file beside it" "$tmp/e3.log" || fail "message: $(cat "$tmp/e3.log")"
if "$bin" check-data "$tmp/empty" 2>"$tmp/e4.log"; then fail "an empty folder passed"; fi
grep -q "holds no .map file" "$tmp/e4.log" || fail "message: $(cat "$tmp/e4.log")"
echo "fetch_movingai_test: ok"
