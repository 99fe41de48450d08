#!/usr/bin/env bash
# Cross-compiles native/ (the driver, the bundled examples, the test libraries) for arm64 into
# OUT_DIR (default native/build-aarch64) with Debian's gcc-aarch64-linux-gnu. Optional targets
# after OUT_DIR limit the build (e.g. ngcc-perf-driver). See docs/ARM64.md.
set -euo pipefail
native="$(cd "$(dirname "$0")/../native" && pwd)"
out="${1:-$native/build-aarch64}"
shift || true
command -v aarch64-linux-gnu-gcc >/dev/null || {
  echo "aarch64-linux-gnu-gcc not found: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross" >&2
  exit 2
}
cmake -S "$native" -B "$out" -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$native/cmake/aarch64-linux-gnu.cmake" >/dev/null
if [[ $# -gt 0 ]]; then
  cmake --build "$out" -j 2 --target "$@"
else
  cmake --build "$out" -j 2
fi
