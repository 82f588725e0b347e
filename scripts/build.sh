#!/usr/bin/env bash
# Configures and builds pathbench. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args...]
# Default: build/ in Release with tests and benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build}"
shift || true
jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$dir" -j "$jobs"
