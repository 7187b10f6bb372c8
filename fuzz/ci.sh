#!/usr/bin/env bash
# Builds every fuzz target and runs each one briefly: first on the inputs
# kept in regressions/<target>/ (each must pass), then fuzzing from the
# committed seed corpus in corpus/<target>/ for FUZZ_SECONDS seconds (10 by
# default). Any crash, failed assertion, timeout or out-of-memory fails the
# script. `.ci/run` calls it; run it by hand the same way:
#
#     bash fuzz/ci.sh                      # every target
#     FUZZ_SECONDS=60 bash fuzz/ci.sh game24_check sevenseg_solve
#
# It needs neither cargo-fuzz nor a nightly toolchain: it builds with plain
# cargo and the flags `cargo fuzz build -s none` passes (libFuzzer's
# coverage instrumentation, `--cfg fuzzing`, debug assertions and overflow
# checks on, optimised), for the host target so that build scripts and
# proc macros are built without them. Sanitizers need nightly: see the
# README for `cargo +nightly fuzz run`.
#
# New inputs found go to a temporary directory, never into the repository;
# a failing input is printed and kept in artifacts/<target>/ (ignored by
# git), to be minimised (`-minimize_crash=1`) and copied into
# regressions/<target>/.
set -euo pipefail

cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-10}"
host="$(rustc -vV | sed -n 's/^host: //p')"

export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# Line tables are all a crash's backtrace needs, and keep target/ small.
export CARGO_PROFILE_RELEASE_DEBUG=line-tables-only

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -vx kongming-fuzz)
fi

bin_args=()
for t in "${targets[@]}"; do
    bin_args+=(--bin "$t")
done
echo "==> building ${#targets[@]} fuzz targets"
cargo build --release --locked --target "$host" "${bin_args[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for t in "${targets[@]}"; do
    binary="target/$host/release/$t"
    mkdir -p "$work/$t" "$work/artifacts/$t"
    options=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/$t/")
    if [ -f "dict/$t.dict" ]; then
        options+=(-dict="dict/$t.dict")
    fi
    shopt -s nullglob
    regressions=(regressions/"$t"/*)
    shopt -u nullglob
    if [ "${#regressions[@]}" -gt 0 ]; then
        echo "==> $t: ${#regressions[@]} regression inputs"
        "$binary" "${options[@]}" "${regressions[@]}" 2>"$work/$t.log" || {
            tail -n 60 "$work/$t.log"
            echo "FAILED: $t on a regression input"
            exit 1
        }
    fi
    seeds=()
    if [ -d "corpus/$t" ]; then
        seeds=("corpus/$t")
    fi
    echo "==> $t: fuzzing for ${seconds} s"
    if ! "$binary" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        "$work/$t" "${seeds[@]}" 2>"$work/$t.log"; then
        grep -m 1 -A 12 'panicked' "$work/$t.log" || true
        tail -n 30 "$work/$t.log"
        # Kept in fuzz/artifacts/ (ignored by git) to reproduce with
        # `target/<host>/release/<target> <file>`, and shown here.
        mkdir -p "artifacts/$t"
        for artifact in "$work/artifacts/$t/"*; do
            cp "$artifact" "artifacts/$t/"
            echo "failing input (fuzz/artifacts/$t/$(basename "$artifact")):"
            od -A d -t x1 "$artifact" | head -n 20
        done
        echo "FAILED: $t"
        exit 1
    fi
    grep -E '^stat::number_of_executed_units|^Done' "$work/$t.log" | tr '\n' ' '
    echo
done
echo "All ${#targets[@]} fuzz targets ran without a failure."
