#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest:
#   1. Release build (-Werror; build/ is shared with scripts/run.sh): every test, including the
#      MovingAI checks (label `movingai`: A* and JPS on every scen line, all optimal planners on
#      a 300-line sample per map), which
#      are skipped with a message when the shared data set is absent. Not run here: label
#      `movingai_full` (all optimal planners on every line, tens of minutes: run it with
#      `ctest --test-dir build -L movingai_full`);
#      Label `slurm`: scripts/slurm/submit.sh on a real one-node Slurm cluster the test starts and
#      stops (about half a minute; skipped when not root);
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/): every test but the
#      MovingAI labels, which would take too long instrumented, and the Slurm one (the same
#      scripts, run once is enough);
#   3. the libFuzzer targets of fuzz/ (clang, build-fuzz/), 30 s each: any crash, leak, timeout
#      or out-of-memory fails the script (longer runs: scripts/fuzz.sh SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc 2>/dev/null || echo 2)"

scripts/setup.sh chromium  # chromium: the report.html and `render --html` tests (skipped without it)
# ccache: the three builds below share nothing, but tests/scripts/new_planner_folder_test.sh rebuilds
# the CLI from a copy of the tree, which ccache turns into cache hits on the Release build's objects.
scripts/setup.sh ccache
# The SciPy cross-check of the Wilcoxon test and the pdflatex/pdftotext test of `report --latex`
# (both skipped without these).
scripts/setup.sh python3-scipy texlive-latex-base texlive-latex-recommended poppler-utils
# A one-node Slurm cluster for scripts/slurm/submit.sh (label `slurm`; skipped when not root).
scripts/setup.sh slurmctld slurmd slurm-client munge
export PATHBENCH_DATA="${PATHBENCH_DATA:-$(cd .. && pwd)/shared/datasets}"

# The same build directory and flags as scripts/run.sh (-Werror included, see scripts/build.sh):
# after run.sh this is a no-op, not a second full build.
scripts/build.sh build
# `import pathbench` (harness/python) from the fresh build, with Debian's interpreter.
PYTHONPATH=build/python /usr/bin/python3 -c "import pathbench; \
r = pathbench.solve(pathbench.load_map('datasets/maps/quickstart.map'), (1, 4), (2, 6)); \
assert r.status == 'solved' and abs(r.cost - 2.41421356) < 1e-8, r; \
print('test.sh: import pathbench:', pathbench.__file__, r)"
ntests=$(cd build && ctest -N | sed -n 's/^Total Tests: //p')
if [ "${ntests:-0}" -eq 0 ]; then
  echo "test.sh: ctest found no tests" >&2
  exit 1
fi
# scripts/ctest_skips.sh names every skipped test with its reason (and fails CI on a missing one).
scripts/ctest_skips.sh build --output-on-failure -j "$jobs" -LE movingai_full --timeout 1200

BUILD_TYPE=Debug scripts/build.sh build-asan -DPATHBENCH_SANITIZE=ON -DPATHBENCH_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DPATHBENCH_WERROR=OFF
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
scripts/ctest_skips.sh build-asan --output-on-failure -j "$jobs" -LE 'movingai|slurm' --timeout 1200

scripts/fuzz.sh "${PATHBENCH_FUZZ_SECONDS:-30}"
