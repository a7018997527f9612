#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian machine: installs what is missing, then, side by side,
#   1. the soak's 50 000-frame form (scripts/soak.sh): the demos' autoplay and the Lottie corpus in a loop,
#      failing when memory at the cycle ends grows more than 10 % (SOAK_MAX_GROWTH; over 50 000 frames the
#      cycle ends vary by about ±5 %, with what the allocator keeps);
#   2. every test target under AddressSanitizer with LeakSanitizer on (scratch path .build-asan): a leak in
#      Anima's code fails the run; third-party libraries' own leaks are suppressed in scripts/lsan.supp, each
#      with its reason.
# With arguments (`scripts/test.sh --filter AnimaCoreTests`) it runs plain `swift test` with them instead.
# ANIMA_TEST_SKIP_SOAK=1 skips step 1.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# SDL renders offscreen (EGL/llvmpipe) so no display is needed.
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
if (( $# > 0 )); then exec swift test "$@"; fi

# The two steps run side by side: the test runner keeps one core busy (its main-actor tests run one at a time) and
# the soak mostly one, so together they take about as long as the longer alone (3 to 4 minutes less than one after
# the other). Both scratch paths resolve the packages first, one after the other, so two builds never fetch at once.
swift package resolve >/dev/null 2>&1 || swift package resolve
swift package --scratch-path .build-asan resolve >/dev/null 2>&1 || swift package --scratch-path .build-asan resolve
soak_pid=""
soak_log=.build/soak-step.log
if [[ -z "${ANIMA_TEST_SKIP_SOAK:-}" ]]; then
    echo "test.sh: the soak's 50 000-frame form, in the background (its output follows the tests')" >&2
    mkdir -p .build
    SOAK_MAX_GROWTH="${SOAK_MAX_GROWTH:-10}" scripts/soak.sh 50000 -- --lottie-frames 60 >"$soak_log" 2>&1 &
    soak_pid=$!
    # A run that stops early (a failed build, Ctrl-C) takes the soak with it.
    trap '[[ -n "$soak_pid" ]] && { pkill -P "$soak_pid" 2>/dev/null; kill "$soak_pid" 2>/dev/null; } || true' EXIT
fi

echo "test.sh: the test suite under AddressSanitizer and LeakSanitizer" >&2
# Mesa unloads its EGL vendor library and DRI driver at exit, before LeakSanitizer reports: their leaks would show
# as <unknown module> and could not be suppressed by name. Preloading them keeps them loaded (and named).
preload=()
for lib in /usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0 /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so; do
    [[ -e "$lib" ]] && preload+=("$lib")
done
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0:${LSAN_OPTIONS:-}"
# Only the test bundle: the executables (benchmarks, tools, demos, fuzz harnesses) are not run under the sanitizer,
# and building them with it took half a minute more (the one the tests start, xvfb-run's child, is the bundle itself).
swift build --product AnimaPackageTests --sanitize=address --scratch-path .build-asan 2>&1 \
    | grep -v -e "Cannot export local symbol" -e "prohibited flag(s)" || true
# The test binary is run directly (as `swift test` runs it): the preload must not reach SwiftPM's own tools.
bin="$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/AnimaPackageTests.xctest"
tests=0
LD_PRELOAD="$(IFS=:; echo "${preload[*]}")" "$bin" --testing-library swift-testing || tests=$?

soak=0
if [[ -n "$soak_pid" ]]; then
    wait "$soak_pid" || soak=$?
    soak_pid_done="$soak_pid"; soak_pid=""
    echo "test.sh: the soak's output" >&2
    cat "$soak_log"
fi
echo "test.sh: tests $( ((tests == 0)) && echo passed || echo "FAILED (status $tests)" ); soak $(
    [[ -z "${soak_pid_done:-}" ]] && echo skipped || { ((soak == 0)) && echo passed || echo "FAILED (status $soak)"; })" >&2
if (( tests != 0 )); then exit "$tests"; fi
exit "$soak"

