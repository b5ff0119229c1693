#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: every cargo-fuzz target of fuzz/,
# as the base-builder-rust image builds Rust fuzzers (`cargo fuzz build -O`,
# libFuzzer with AddressSanitizer, cargo-fuzz's default and the only
# sanitizer ClusterFuzzLite supports for Rust), copied to $OUT with the
# dictionary. Run by the image's `compile` with $SRC, $OUT and $SANITIZER
# set; .clusterfuzzlite/check-build.sh runs it the same way without Docker.

cd "$SRC/weburl"

# ada-url's C++ (the differential oracle, not the code under test) is built
# by its build script with $CXX and $CXXFLAGS. The image's flags instrument
# C and C++ for libFuzzer and link them against libc++, which the Rust link
# does not bring: build the oracle plain, as other Rust projects with C++
# dependencies do.
# Elsewhere (check-build.sh) the flags are left as they are, so the build
# is the one `cargo xtask fuzz` made.
case "${CXXFLAGS:-}" in
    *fsanitize=fuzzer*)
        export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only"
        export CXXFLAGS="$CFLAGS"
        ;;
esac

# --debug-assertions: the targets' invariant checks (and the crates' debug
# assertions) are part of what is being fuzzed.
cargo fuzz build -O --debug-assertions

# `cargo fuzz build` puts the binaries under the fuzz crate's target
# directory (fuzz/target, unless CARGO_TARGET_DIR says otherwise).
bin_dir="${CARGO_TARGET_DIR:-$SRC/weburl/fuzz/target}/x86_64-unknown-linux-gnu/release"
for target in $(cargo fuzz list); do
    cp "$bin_dir/$target" "$OUT/"
    # libFuzzer picks up $OUT/<target>.dict by itself.
    cp fuzz/dict/url.dict "$OUT/$target.dict"
    # The committed reproducers, as a seed corpus.
    if [ -d "fuzz/regressions/$target" ] && command -v zip >/dev/null; then
        (cd "fuzz/regressions/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
done
