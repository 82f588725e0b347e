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
#      MovingAI labels and D* Lite's MovingAI sample, which would take too long instrumented,
#      compare --interleave's A/A timing session, and the Slurm one (the same scripts, run once
#      is enough);
#   3. the libFuzzer targets of fuzz/ (clang, build-fuzz/), 30 s each, one per core: any crash, leak, timeout
#      or out-of-memory fails the script (longer runs: scripts/fuzz.sh SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc 2>/dev/null || echo 2)"
# Each stage's start and the seconds since the script began: where CI's time goes, in its log.
stage() { echo "test.sh: [${SECONDS}s] $*"; }

# What the builds need first: the base packages, ccache, and clang with libFuzzer's runtime (the
# fuzz build). ccache: tests/scripts/new_planner_folder_test.sh rebuilds the CLI from a copy of
# the tree, which ccache turns into cache hits on the Release build's objects.
stage "installing the build's packages"
scripts/setup.sh ccache clang libclang-rt-14-dev
# What only the tests need is installed while the Release build compiles (apt is disk and network,
# the build is CPU): chromium for the report.html and `render --html` tests; SciPy for the
# cross-check of the Wilcoxon test; pdflatex/pdftotext for `report --latex`; a one-node Slurm
# cluster for scripts/slurm/submit.sh (label `slurm`; skipped when not root). Each of those tests
# is skipped without its package, and scripts/ctest_skips.sh fails CI on such a skip.
test_packages=(chromium python3-scipy texlive-latex-base texlive-latex-recommended poppler-utils
  slurmctld slurmd slurm-client munge)
setup_log="$(mktemp "${TMPDIR:-/tmp}/pathbench-setup.XXXXXX")"
scripts/setup.sh "${test_packages[@]}" >"$setup_log" 2>&1 &
setup_pid=$!
export PATHBENCH_DATA="${PATHBENCH_DATA:-$(cd .. && pwd)/shared/datasets}"

# The same build directory and flags as scripts/run.sh (-Werror included, see scripts/build.sh):
# after run.sh this is a no-op, not a second full build.
stage "Release build (the test packages install meanwhile)"
scripts/build.sh build
# `import pathbench` (harness/python) from the fresh build, with Debian's interpreter.
PYTHONPATH=build/python /usr/bin/python3 -c "import pathbench; \
r = pathbench.solve(pathbench.load_map('datasets/maps/quickstart.map'), (1, 4), (2, 6)); \
assert r.status == 'solved' and abs(r.cost - 2.41421356) < 1e-8, r; \
print('test.sh: import pathbench:', pathbench.__file__, r)"
stage "waiting for the test packages"
if ! wait "$setup_pid"; then
  echo "test.sh: installing the test packages failed:" >&2
  cat "$setup_log" >&2
  exit 1
fi
cat "$setup_log" && rm -f "$setup_log"
ntests=$(cd build && ctest -N | sed -n 's/^Total Tests: //p')
if [ "${ntests:-0}" -eq 0 ]; then
  echo "test.sh: ctest found no tests" >&2
  exit 1
fi
# scripts/ctest_skips.sh names every skipped test with its reason (and fails CI on a missing one).
stage "Release tests"
scripts/ctest_skips.sh build --output-on-failure -j "$jobs" -LE movingai_full --timeout 1200

stage "ASan/UBSan build"
BUILD_TYPE=Debug scripts/build.sh build-asan -DPATHBENCH_SANITIZE=ON -DPATHBENCH_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DPATHBENCH_WERROR=OFF
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
stage "ASan/UBSan tests"
# Not under the sanitizers either: D* Lite's MovingAI sample (a minute instrumented; the D* Lite
# unit tests cover the same code) and compare --interleave's A/A session, a timing test that the
# instrumentation only slows down (it runs alone, so each of its seconds is a second of CI).
scripts/ctest_skips.sh build-asan --output-on-failure -j "$jobs" -LE 'movingai|slurm' --timeout 1200 \
  -E 'DStarLiteMovingAI|CompareInterleaveTest.SameBinaryIsNeverARegression'

stage "fuzz build and runs"
scripts/fuzz.sh "${PATHBENCH_FUZZ_SECONDS:-30}"
stage "done"
