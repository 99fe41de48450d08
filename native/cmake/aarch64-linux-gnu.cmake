# Cross-compiles native/ for 64-bit Arm Linux with Debian's gcc-aarch64-linux-gnu
# (scripts/build-native-aarch64.sh). The result runs on arm64 hardware, or here under
# qemu-aarch64-static with -L /usr/aarch64-linux-gnu (docs/ARM64.md).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
