#!/usr/bin/env bash
# scripts/gpu-opencl-cpu.sh - issue 19 on the GPU machine (16 cores, gcc 13, PoCL): OpenCL
# kernels translated to C by mcc, run on nanort's workers.  From the repository root, with
# build/ made here (make all) and carried (mcc runs there: it needs gcc, not flex/bison).
#
#   scripts/gpu-opencl-cpu.sh tests    tests/devices/opencl-cpu (translated, same digests as PoCL,
#                                      defaults, --disable-opencl, no platform, diagnostics,
#                                      versioning), through the harness
#   scripts/gpu-opencl-cpu.sh bench16  bench/opencl/cpu.sh on 16 workers / 16 PoCL threads
#   scripts/gpu-opencl-cpu.sh bench2   the same pinned to cores 2,3 with 2 workers / threads
#   scripts/gpu-opencl-cpu.sh all      the three, in that order (about 12 minutes)
# REPS (default 5) side-by-side rounds per benchmark.  Output in $OUT (build/gpu-results):
# opencl-cpu-tests.txt, opencl-cpu-16.md, opencl-cpu-2.md, lscpu.txt.
set -u
out=${OUT:-build/gpu-results}
mkdir -p "$out"
export TMPDIR=${TMPDIR:-/tmp}
export LD_LIBRARY_PATH="$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
REPS=${REPS:-5}
lscpu > "$out/lscpu.txt" 2>&1
{ gcc --version | head -n 1; ls /etc/OpenCL/vendors 2>/dev/null; } > "$out/opencl-cpu-env.txt"

tests() {
  local res=$out/opencl-cpu-res
  rm -rf "$res"
  local run="env BUILD=build MCC=build/bin/mcc tests/devices/opencl-cpu/run.sh"
  for p in barrier_control reduce_scan matmul_tiled vectors builtins atomics guards interchange structs \
           inner_local untranslatable; do
    tests/harness.sh run "$res" "opencl-cpu/$p/build" -- $run build "$p"
    for m in translated same auto disabled noplatform; do
      case $p/$m in inner_local/same | untranslatable/disabled | untranslatable/noplatform) continue ;; esac
      tests/harness.sh run "$res" "opencl-cpu/$p/$m" -- $run run "$p" "$m"
    done
  done
  tests/harness.sh run "$res" opencl-cpu/diagnostics -- $run diag
  tests/harness.sh run "$res" opencl-cpu/versions/build -- $run build versions
  tests/harness.sh run "$res" opencl-cpu/versions -- $run versions
  tests/harness.sh run "$res" opencl-cpu/shapes -- $run shapes
  tests/harness.sh run "$res" opencl-cpu/includes -- $run includes
  tests/harness.sh run "$res" opencl-cpu/clones -- $run clones
  tests/harness.sh summary "$res" | tail -n 3 | tee "$out/opencl-cpu-tests.txt"
}

bench16() {
  BENCH_CPU_WORKERS=16 BENCH_CPU_REPS=$REPS bench/opencl/cpu.sh "$out/opencl-cpu-16.md"
}

bench2() {
  # both sides on the same two cores: nanort's workers and PoCL's threads
  taskset -c 2,3 env BENCH_CPU_WORKERS=2 BENCH_CPU_REPS=$REPS bench/opencl/cpu.sh \
    "$out/opencl-cpu-2.md"
}

case ${1:-all} in
  tests) tests ;;
  bench16) bench16 ;;
  bench2) bench2 ;;
  all) tests; bench16; bench2 ;;
  *) echo "usage: $0 tests|bench16|bench2|all" >&2; exit 2 ;;
esac
