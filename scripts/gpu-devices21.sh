#!/usr/bin/env bash
# scripts/gpu-devices21.sh - issue 21's programs on the GPU machine: OmpSs CUDA and OpenCL
# programs in the layouts their users write (tests/ompss/devices/layouts/, samples/heat_cuda,
# tests/ompss/devices/cuda_tasks), run on the H200 and under compute-sanitizer's memcheck.
# It builds nothing: run `make check-ompss-dev check-ompss-dev-layouts` here (nvcc present)
# and carry build/; then, on the GPU machine, from the repository root:
#
#   scripts/gpu-devices21.sh            (BUILD=build, results in $OUT or build/gpu-results/devices21)
#
# Every run must exit 0 and print "result: OK" (each program checks its own results against
# the same computation done on the host); a memcheck run must also report no error
# (--error-exitcode).  CUDA programs run under three settings (default, 4 workers,
# --cache-policy=nocache) and memcheck; OpenCL ones on NVIDIA's OpenCL (the GPU only).
# Prints one PASS/FAIL line per run, then the totals; exit 1 when anything failed.
set -u
B=${BUILD:-build}
out=${OUT:-$B/gpu-results/devices21}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin
# NVIDIA's OpenCL is installed there without its ICD file (DESIGN.md).
if [ ! -f /etc/OpenCL/vendors/nvidia.icd ] && [ -w /etc ]; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | tee "$out/gpu.txt"
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
L=$B/tests/ompss/devices/layouts
npass=0 nfail=0
fails=()

# one NAME SETTING-ENV CMD...: run CMD from an empty directory with the setting's NX_ARGS.
one() {
  local name=$1 nx=$2; shift 2
  local log=$out/$(echo "$name" | tr '/ []=' '_____').log dir st
  dir=$(mktemp -d)
  (cd "$dir" && env NX_ARGS="$nx" "$@") > "$log" 2>&1
  st=$?
  rm -rf "$dir"
  if [ $st = 0 ] && grep -q "^result: OK$" "$log"; then
    echo "PASS: $name"; npass=$((npass + 1))
  else
    echo "FAIL: $name (exit $st)"; tail -n 15 "$log" | sed 's/^/    /'
    nfail=$((nfail + 1)); fails+=("$name")
  fi
}

# cuda NAME BINARY ARGS...: the settings and memcheck.
cuda() {
  local name=$1 bin=$2; shift 2
  if [ ! -x "$bin" ]; then
    echo "FAIL: $name (not built: $bin; run make check-ompss-dev-layouts before carrying build/)"
    nfail=$((nfail + 1)); fails+=("$name"); return
  fi
  bin=$(readlink -f "$bin")
  one "$name/default" "" "$bin" "$@"
  one "$name/workers4" "--smp-workers=4" "$bin" "$@"
  one "$name/nocache" "--cache-policy=nocache" "$bin" "$@"
  if [ -n "$san" ]; then
    one "$name/memcheck" "" "$san" --tool memcheck --leak-check full --error-exitcode 99 \
        "$bin" "$@"
  else
    echo "FAIL: $name/memcheck (no compute-sanitizer)"; nfail=$((nfail + 1)); fails+=("$name/memcheck")
  fi
}

# opencl NAME BINARY: on NVIDIA's OpenCL (GPU devices only), and once more on every device.
opencl() {
  local name=$1 bin=$2
  if [ ! -x "$bin" ]; then
    echo "FAIL: $name (not built: $bin)"; nfail=$((nfail + 1)); fails+=("$name"); return
  fi
  bin=$(readlink -f "$bin")
  one "$name/nvidia-gpu" "--opencl-device-type=gpu" "$bin"
  one "$name/all-devices" "--dispatch=round-robin" "$bin"
}

cuda layouts/kernelh/app-c "$L/kernelh/app-c"           # kernel.h in extern "C"
cuda layouts/kernelh/app-cxx "$L/kernelh/app-cxx"       # the kernel with C++ linkage
cuda layouts/vectors "$L/vectors/vectors"               # float4/int2/double2 in host C
cuda layouts/provider "$L/provider/provider"            # CUDA code inside the C file
cuda layouts/seed-cuda "$L/seed/seed-cuda"              # calls, noCheckDim, undefined
cuda layouts/block_scope-cuda "$L/block_scope/block_scope-cuda"
cuda layouts/cublas/matmul "$L/cublas/matmul"         # nanos_get_cublas_handle()
cuda layouts/cublas/matmul-omp "$L/cublas/matmul-omp"
cuda layouts/cublas/hybrid "$L/cublas/hybrid"         # CUDA bodies in the C file
cuda layouts/implements3/saxpy "$L/implements3/saxpy" # smp + OpenCL + CUDA versions
cuda layouts/stream_cuda "$L/stream_cuda/stream"      # ndrange + own launches, noflush
cuda samples/heat_cuda "$L/heat_cuda/heat" 200000 16384 20
cuda ompss-dev/cuda_tasks "$B/tests/ompss/devices/cuda_tasks"
cuda ompss-dev/cuda_free_reuse "$B/tests/ompss/devices/cuda_free_reuse"  # free after noflush
opencl layouts/ocl_include "$L/ocl_include/ocl_include" # kernel.cl includes kernel.h
opencl layouts/seed-ocl "$L/seed/seed-ocl"
opencl layouts/block_scope-ocl "$L/block_scope/block_scope-ocl"
opencl layouts/julia "$L/julia/julia"
opencl layouts/krist_ocl "$L/krist_ocl/krist-p"
# what ran where, for the record
(cd "$(mktemp -d)" && NX_ARGS=--summary "$(readlink -f "$L/provider/provider")") \
  > "$out/provider-summary.txt" 2>&1

echo "gpu-devices21: $npass passed, $nfail failed" | tee "$out/summary.txt"
for f in "${fails[@]}"; do echo "  failed: $f"; done | tee -a "$out/summary.txt"
[ "$nfail" = 0 ]
