#!/usr/bin/env bash
# scripts/gpu-robust.sh - on the GPU machine, with build/ carried from a development
# machine where `make all check-robust` ran (it builds the CUDA test there: the GPU machine
# has no nvcc, flex or bison): tests/robust with its CUDA ndrange cases on the GPU, then
# its OpenCL cases again on NVIDIA's OpenCL (the H200 as an OpenCL device), if present.
# Prints each test and the totals; exit 1 when something failed.
set -u
cd "$(dirname "$0")/.." || exit 1
res=build/results-robust
rm -rf "$res"
ROBUST_RUN_ONLY=1 BUILD=build HARNESS=tests/harness.sh tests/robust/run.sh "$res"
if ldconfig -p 2>/dev/null | grep -q libnvidia-opencl.so.1; then
  [ -f /etc/OpenCL/vendors/nvidia.icd ] ||
    { mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd; }
  echo "--- the OpenCL cases on the GPU (--opencl-device-type=gpu)"
  NX_ARGS=--opencl-device-type=gpu ROBUST_RUN_ONLY=1 BUILD=build HARNESS=tests/harness.sh \
    tests/robust/run.sh "$res-nvidia-opencl"
  cat "$res-nvidia-opencl/results.txt" >> "$res/results.txt"
fi
tests/harness.sh summary "$res"
