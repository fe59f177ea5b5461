#!/bin/sh
# device_oom.sh SHIM_DIR EVICT_BINARY create|use - the device refuses memory: run
# tests/devices/opencl/evict.c's program with a large cache limit under the stand-in libOpenCL of
# tests/devices/opencl/oom_shim.c (40 KiB of device memory), failing at clCreateBuffer or at the
# first use; the plugin must turn both into "out of memory" so the cache evicts.
shim=$1 bin=$2 at=$3
real=$(ldconfig -p 2>/dev/null | sed -n 's/.*libOpenCL\.so\.1 .*=> //p' | head -n 1)
[ -n "$real" ] || { echo "skipped: no libOpenCL.so.1 here"; exit 77; }
[ "$(uname -m)" = x86_64 ] || { echo "skipped: the shim's trampolines are x86-64 only"; exit 77; }
LD_LIBRARY_PATH=$shim OOM_SHIM_REAL=$real OOM_SHIM_LIMIT=40960 OOM_SHIM_AT=$at \
  NX_ARGS="--opencl-max-memory=1G" exec "$bin" device-oom
