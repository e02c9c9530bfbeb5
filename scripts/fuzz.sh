#!/usr/bin/env bash
# In-process fuzzing with libFuzzer and AddressSanitizer (`make fuzz`): the JSON parser, the scenario
# decoder and runner, the snapshot reader and the _printHierarchy parser, SECONDS each (default 60).
# Builds navviz-fuzz with -sanitize=fuzzer,address into .build/fuzz (apart from the normal build), seeds
# each target's working corpus from the samples, the captures and Fuzz/corpus, and prints inputs, inputs
# per second and peak memory per target. A crash, a leak or a broken round trip stops with the input saved
# in .build/fuzz/crashes/TARGET/ (replay it: swift run navviz-fuzz TARGET FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
TARGETS=${FUZZ_TARGETS:-json scenario snapshot capture}
SCRATCH=.build/fuzz

echo "navviz fuzz: building navviz-fuzz with libFuzzer and AddressSanitizer..."
swift build -c release --scratch-path "$SCRATCH" --product navviz-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DNAVVIZ_FUZZING -Xswiftc -use-ld=lld 2>&1 \
    | grep -E "error|Compiling|Build" || true
BIN="$SCRATCH/release/navviz-fuzz"
[ -x "$BIN" ] || { echo "navviz fuzz: the build failed" >&2; exit 1; }

seed() {
    case "$1" in
        json) echo Samples/*.json Fuzz/corpus/scenario/*.json Fuzz/corpus/snapshot/*.json ;;
        scenario) echo Samples/*.json Fuzz/corpus/scenario/*.json ;;
        snapshot) echo Fuzz/corpus/snapshot/*.json ;;
        capture) echo Tests/Fixtures/captures/*.txt Fuzz/corpus/capture/* ;;
    esac
}
dictionary() {
    case "$1" in
        capture) echo Fuzz/dictionaries/capture.dict ;;
        *) echo Fuzz/dictionaries/json.dict ;;
    esac
}

printf '%-9s %12s %10s %9s %8s\n' target inputs "inputs/s" "new units" "peak MB"
failed=0
for target in $TARGETS; do
    corpus="$SCRATCH/corpus/$target"
    crashes="$SCRATCH/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    # shellcheck disable=SC2046
    cp $(seed "$target") "$corpus/"
    log="$SCRATCH/$target.log"
    set +e
    ASAN_OPTIONS=detect_leaks=1 NAVVIZ_FUZZ_TARGET="$target" "$BIN" "$corpus" \
        -max_total_time="$SECONDS_EACH" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -dict="$(dictionary "$target")" -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1
    status=$?
    set -e
    units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    added=$(sed -n 's/^stat::new_units_added: *//p' "$log")
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
    printf '%-9s %12s %10s %9s %8s\n' "$target" "${units:-?}" "${rate:-?}" "${added:-?}" "${peak:-?}"
    if [ "$status" -ne 0 ]; then
        echo "navviz fuzz: $target failed (exit $status); the input is in $crashes/, the log in $log:" >&2
        grep -E "navviz-fuzz|ERROR|SUMMARY|Fatal error" "$log" | head -5 >&2
        failed=1
    fi
done
exit $failed
