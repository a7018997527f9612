#!/usr/bin/env bash
# Soak test: plays every demo's scripted autoplay and the Lottie corpus (../shared/lottie/samples) in a loop,
# headless, for FRAMES frames (default 1 000 000), sampling resident memory every 10 000 frames; prints the
# curve, the growth from the 10 % mark to the end (also at the cycle ends, where everything is torn down), the
# trend, and the frame cost of the first and last cycles; draws the plot with Anima's own CGContext.
#
# Usage: scripts/soak.sh [FRAMES] [-- EXTRA anima-demos soak OPTIONS]
#   SOAK_OUT=DIR          where soak.png, soak.json and soak.log go (default .build/soak)
#   SOAK_MAX_GROWTH=PCT   fail (exit 3) when memory at the cycle ends grows more than PCT % (default: report only)
# CI runs `scripts/soak.sh 50000` with SOAK_MAX_GROWTH set (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-1000000}"
shift $(( $# > 0 ? 1 : 0 ))
[[ "${1:-}" == "--" ]] && shift
out="${SOAK_OUT:-.build/soak}"
mkdir -p "$out"
scripts/setup.sh
swift build -c release --product anima-demos 2>&1 \
    | { grep -E "error|warning:|Build" | grep -v -e "prohibited flag" -e "unhandled; explicitly" || true; }
if [[ ${PIPESTATUS[0]} -ne 0 ]]; then echo "soak.sh: the build failed" >&2; exit 1; fi
bin="$(swift build -c release --show-bin-path)/anima-demos"
test -x "$bin"
gate=()
[[ -n "${SOAK_MAX_GROWTH:-}" ]] && gate=(--max-growth "$SOAK_MAX_GROWTH")
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
# glibc raises its mmap threshold as large blocks are freed; after that, freed multi-megabyte backing stores stay in
# the heap, and resident memory at a cycle end moves by tens of megabytes from run to run (+20 % at one cycle end of
# a 50 000-frame run, −5 % at the last of the next). A fixed threshold hands them back, so the curve shows what
# Anima keeps rather than what the allocator happened to.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# SDL turns SIGINT and SIGTERM into quit events for windows; a headless run should stop on them.
export SDL_NO_SIGNAL_HANDLERS=1
start=$(date +%s)
status=0
"$bin" soak --frames "$frames" --plot "$out/soak.png" --json "$out/soak.json" "${gate[@]}" "$@" | tee "$out/soak.log" || status=$?
echo "soak.sh: $frames frames in $(( $(date +%s) - start )) s; plot $out/soak.png, samples $out/soak.json, log $out/soak.log"
exit "$status"
