#!/usr/bin/env bash
# Configures and builds native/ with CMake. A build tree configured from another folder (a copy
# or a restored cache holds absolute paths) is thrown away first instead of failing.
set -euo pipefail
cd "$(dirname "$0")/../native"
if [[ -f build/CMakeCache.txt ]] && ! grep -qx "CMAKE_CACHEFILE_DIR:INTERNAL=$PWD/build" build/CMakeCache.txt; then
  echo "native/build was configured elsewhere; reconfiguring from scratch" >&2
  rm -rf build
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j 2
