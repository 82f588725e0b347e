#!/usr/bin/env bash
# Configures and builds pathbench. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args...]
# Default: build/ in Release with tests and benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build}"
shift || true
jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()
# ccache, when installed, makes rebuilds in a second build directory or a fresh clone cheap.
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir" -j "$jobs"
