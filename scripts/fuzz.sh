#!/usr/bin/env bash
# Builds and runs one libFuzzer harness from Fuzz/ (AddressSanitizer on), or every one in turn.
#
# Usage: scripts/fuzz.sh NAME [SECONDS] [-- LIBFUZZER_OPTIONS…]   e.g. scripts/fuzz.sh paths 600
#        scripts/fuzz.sh --all [SECONDS]                         each harness for SECONDS (default 30)
#        scripts/fuzz.sh --build                                 only build them
# Harnesses: animation-params, key-value, paths, png, lottie (Fuzz/<name>/, with a seed corpus in
# Fuzz/<name>/corpus and a dictionary Fuzz/<name>/<name>.dict where it helps).
#
# Builds in .build-fuzz (its own scratch path: every module is instrumented; release, for speed — preconditions
# still trap). New inputs the fuzzer finds go to
# .build-fuzz/work/corpus/<name> (the committed seeds are read, never written); crashes, hangs and out-of-memory
# inputs to .build-fuzz/work/crashes/<name>/ — each one becomes a regression test in the module's test target.
# Known findings whose fix belongs elsewhere are listed in Fuzz/<name>/known-findings.txt: they are printed
# once per signature (inputs under .build-fuzz/work/findings/<name>/) and the run goes on.
# Exits non-zero when a harness crashed, hung (60 s for one input: the machine is shared, a wall-clock limit
# must allow for that) or ran out of memory.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
harnesses=(animation-params key-value paths png lottie)
scratch="$root/.build-fuzz"

build() {
    scripts/setup.sh
    echo "fuzz: building ${*:-all harnesses} with -sanitize=fuzzer,address (scratch path .build-fuzz)" >&2
    local products=()
    for name in "$@"; do products+=(--product "fuzz-$name"); done
    if (( ${#products[@]} == 0 )); then products=(); fi
    # A failed build stops here: the harness from an earlier build must not be fuzzed as if it were this code.
    local status=0
    mkdir -p "$scratch"
    # SwiftPM can keep a build plan that misses source files added to the main package since: plan afresh.
    rm -f "$scratch/release.yaml"
    swift build --package-path Fuzz --scratch-path "$scratch" -c release \
        -Xswiftc -sanitize=fuzzer,address "${products[@]}" > "$scratch/build.log" 2>&1 || status=$?
    grep -v -e "prohibited flag(s): -D_REENTRANT" -e "unhandled; explicitly declare them as resources" \
         -e "PrivacyInfo.xcprivacy" -e "Cannot export local symbol" -e "prohibited flag(s): -pthread" \
         "$scratch/build.log" || true
    if (( status != 0 )); then echo "fuzz: the build failed (status $status)" >&2; exit "$status"; fi
    test -x "$scratch/release/fuzz-${1:-paths}"
}

run() {
    local name="$1" seconds="$2"; shift 2
    local dir="Fuzz/$name"
    [[ -d "$dir" ]] || { echo "fuzz: no harness '$name' (one of: ${harnesses[*]})" >&2; exit 2; }
    local corpus="$scratch/work/corpus/$name" artifacts="$scratch/work/crashes/$name"
    mkdir -p "$corpus" "$artifacts"
    local seeds=("$dir/corpus")
    case "$name" in
        png) seeds+=(Tests/AnimaSDLTests/Goldens Assets) ;;
        lottie)
            # The shared corpus's files up to 64 KB (larger ones take seconds per run under ASan).
            if [[ -d ../shared/lottie/samples ]]; then
                local small="$scratch/work/seeds/lottie"
                rm -rf "$small"; mkdir -p "$small"
                find ../shared/lottie/samples -type f \( -name '*.json' -o -name '*.lottie' \) -size -64k \
                    -exec sh -c 'for f; do ln -s "$(realpath "$f")" "$0/$(echo "$f" | tr / _)"; done' "$small" {} +
                seeds+=("$small")
            fi ;;
    esac
    local options=(-max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -max_len=65536
                   -artifact_prefix="$artifacts/" -print_final_stats=1)
    [[ -f "$dir/$name.dict" ]] && options+=(-dict="$dir/$name.dict")
    local known=""
    [[ -f "$dir/known-findings.txt" ]] && known="$root/$dir/known-findings.txt"
    echo "fuzz: $name for ${seconds}s (corpus $corpus, seeds ${seeds[*]})" >&2
    # Leaks are LeakSanitizer's job in the test suite; here one report per run would stop the fuzzer.
    ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" SWIFT_BACKTRACE=enable=no SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}" \
        ANIMA_FUZZ_KNOWN="$known" ANIMA_FUZZ_FINDINGS="$scratch/work/findings/$name" \
        "$scratch/release/fuzz-$name" "${options[@]}" "$@" "$corpus" "${seeds[@]}"
}

case "${1:-}" in
    ""|-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    --build) build; exit 0 ;;
    --all)
        seconds="${2:-30}"
        build
        failed=()
        for name in "${harnesses[@]}"; do run "$name" "$seconds" || failed+=("$name"); done
        if (( ${#failed[@]} )); then echo "fuzz: FAILED: ${failed[*]}" >&2; exit 1; fi
        echo "fuzz: every harness ran ${seconds}s without a crash" >&2 ;;
    *)
        name="$1"; seconds="${2:-60}"; shift $(( $# >= 2 ? 2 : 1 ))
        [[ "${1:-}" == "--" ]] && shift
        build "$name"
        run "$name" "$seconds" "$@" ;;
esac
