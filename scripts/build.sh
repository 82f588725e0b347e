#!/usr/bin/env bash
# Configures and builds pathbench. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args...]
# Default: build/ in Release with tests and benchmarks, every target; BUILD_TARGETS="t1 t2" builds
# only those targets (and what they link), e.g. scripts/run.sh builds the CLI alone.
#
# One set of flags for everyone: scripts/run.sh and scripts/test.sh both call `scripts/build.sh
# build`, so the second finds the first's build up to date instead of reconfiguring and
# recompiling everything. That set includes -Werror (PATHBENCH_WERROR=ON): the supported
# compiler is fixed (Debian 12's GCC), so a tree that builds clean in CI builds clean for a
# newcomer, and CI still fails on a new warning. PATHBENCH_WERROR=OFF in the environment (or
# -DPATHBENCH_WERROR=OFF after the directory) builds with warnings as warnings, e.g. with
# another compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build}"
shift || true
jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()
# ccache, when installed, makes rebuilds in a second build directory or a fresh clone cheap.
# Paths under the clone's parent are hashed relative to the build folder, so a second clone (or
# tests/scripts/new_planner_folder_test.sh's copy of the tree) hits the same cache entries.
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}"
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
  -DPATHBENCH_WERROR="${PATHBENCH_WERROR:-ON}" "${launcher[@]}" "$@" >/dev/null
targets=()
for t in ${BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$dir" -j "$jobs" "${targets[@]}"
