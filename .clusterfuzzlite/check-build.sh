#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh as the ClusterFuzzLite base image runs it,
# without Docker: a fresh $OUT and $WORK, $SRC the checkout's parent with
# the checkout as $SRC/weburl, SANITIZER=address, the pinned nightly as the
# toolchain (the image's default is a nightly), and bash -eu. Then checks
# that $OUT holds an executable for every target `cargo fuzz list` names.
#
# With the same toolchain, target directory and flags as `cargo xtask fuzz`
# (fuzz/target, --debug-assertions, release, AddressSanitizer), the build
# reuses what the fuzz smoke step compiled. CI (.ci/run) runs this.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src" "$scratch/out" "$scratch/work"
ln -s "$repo" "$scratch/src/weburl"

export SRC="$scratch/src" OUT="$scratch/out" WORK="$scratch/work"
export SANITIZER=address FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=rust ARCHITECTURE=x86_64
export RUSTUP_TOOLCHAIN="${WEBURL_NIGHTLY:-nightly}"
export CARGO_TARGET_DIR="$repo/fuzz/target"

bash -eu "$repo/.clusterfuzzlite/build.sh"

missing=0
count=0
for target in $(cd "$repo" && cargo fuzz list); do
    count=$((count + 1))
    if [ ! -x "$OUT/$target" ]; then
        echo "check-build: $target missing from \$OUT" >&2
        missing=1
    elif ! grep -q -a LLVMFuzzerTestOneInput "$OUT/$target"; then
        echo "check-build: $OUT/$target is not a libFuzzer binary" >&2
        missing=1
    fi
done
[ "$count" -gt 0 ] || { echo "check-build: cargo fuzz list named no targets" >&2; exit 1; }
[ "$missing" -eq 0 ] || exit 1
echo "check-build: build.sh put all $count cargo-fuzz targets in \$OUT"
