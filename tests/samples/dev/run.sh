#!/usr/bin/env bash
# Build and run the device samples (matmul_dev, nbody, krist, saxpy_cuda, cholesky_cuda)
# through the harness; tests/samples/dev/module.mk calls it.
#
#   tests/samples/dev/run.sh RESULTS
#
# Variants of each sample (-D flags of mcc, see each sample's header comment):
#   ocl        smp + OpenCL (implements): the runtime picks per task
#   oclonly    -DONLY_OPENCL: every task on OpenCL
#   cuda       -DWITH_CUDA: smp + OpenCL + CUDA; runs anywhere (no GPU: smp and OpenCL)
#   cudaonly   -DONLY_CUDA: every device task on CUDA; exit 77 (skipped) without a GPU
#   cudapinned -DONLY_CUDA -DPINNED_HOST (matmul_dev, nbody): as cudaonly, the tiles in
#              cudaMallocHost memory, which the C file declares itself
# OpenCL runs go to PoCL here (POCL_DEVICES="pthread pthread": two devices, two memory
# spaces).  A variant that does not build is one failed test and is not run; the CUDA
# variants are skipped when nvcc is missing.  Environment: BUILD, MCC, HARNESS,
# HARNESS_TIMEOUT (60 here), SAMPLES_DEV_GPU=1/0 (default: nvidia-smi finds a GPU),
# SAMPLES_DEV_NOBUILD=1 (run the binaries built before, as bench/gpu.sh does on the GPU
# machine, which has no flex/bison to rebuild mcc).
set -u
results=$1
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}
out=$BUILD/samples-dev
mkdir -p "$out"
if [ -z "${SAMPLES_DEV_GPU:-}" ]; then
  SAMPLES_DEV_GPU=0
  nvidia-smi -L 2>/dev/null | grep -q '^GPU' && SAMPLES_DEV_GPU=1
fi
have_nvcc=0   # where mcc looks for it
if [ -n "${MCC_NVCC:-}" ] || command -v nvcc >/dev/null || [ -x "${CUDA_HOME:-/nonexistent}/bin/nvcc" ] ||
   [ -x /usr/local/cuda/bin/nvcc ]; then
  have_nvcc=1
fi

# Small sizes: each run well under 3 s on PoCL.
args() {
  case $1 in
    matmul_dev) echo 256 64 ;;
    nbody) echo 2048 3 4 ;;
    krist) echo 512 4096 1024 ;;
    saxpy_cuda) echo 200000 50000 3 ;;
    cholesky_cuda) echo 256 64 ;;
  esac
}

flags() {
  case $1 in
    ocl) ;;
    oclonly) echo -DONLY_OPENCL ;;
    cuda) echo -DWITH_CUDA ;;
    cudaonly) echo -DONLY_CUDA ;;
    # the bodies in pinned memory, from the C file's own prototype of cudaMallocHost
    cudapinned) echo -DONLY_CUDA -DPINNED_HOST ;;
  esac
}

# build SAMPLE VARIANT: compile samples/SAMPLE/*.c with its .cl/.cu into $out/SAMPLE/VARIANT.
build() {
  local s=$1 v=$2 bin=$out/$1/$2 srcs=(samples/$1/*.c)
  [ -f "samples/$s/$s.cl" ] && srcs+=("samples/$s/$s.cl")
  case $v in cuda*) srcs+=(samples/$s/*.cu) ;; esac
  mkdir -p "$out/$s"
  [ "${SAMPLES_DEV_NOBUILD:-0}" = 1 ] && return
  rm -f "$bin"
  if [ $have_nvcc = 0 ] && [ "${v#cuda}" != "$v" ]; then
    "$HARNESS" run "$results" "samples-dev/$s/$v/build" -- sh -c 'echo "skipped: no nvcc"; exit 77'
    return
  fi
  "$HARNESS" run "$results" "samples-dev/$s/$v/build" -- \
    "$MCC" --ompss -O2 $(flags "$v") "${srcs[@]}" -o "$bin" -lm
}

# run SAMPLE VARIANT NAME EXPECT [ENV...] -- [EXTRA ARGS]: EXPECT is the exit status
# wanted (0, or 1 for --inject-error); the output must say "result: OK" when 0.
run() {
  local s=$1 v=$2 name=$3 expect=$4 bin=$out/$1/$2
  shift 4
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift
  [ -x "$bin" ] || return 0
  if [ "${v#cuda}" != "$v" ] && [ "$v" != cuda ] && [ "$SAMPLES_DEV_GPU" != 1 ]; then
    "$HARNESS" run "$results" "samples-dev/$s/$v/$name" -- sh -c 'echo "skipped: no GPU"; exit 77'
    return
  fi
  "$HARNESS" run "$results" "samples-dev/$s/$v/$name" -- \
    tests/samples/dev/expect.sh "$expect" env "${envs[@]}" "$bin" $(args "$s") "$@"
}

for s in matmul_dev nbody krist saxpy_cuda cholesky_cuda; do
  case $s in
    saxpy_cuda | cholesky_cuda) variants="cuda cudaonly" ;;
    matmul_dev | nbody) variants="ocl oclonly cuda cudaonly cudapinned" ;;
    *) variants="ocl oclonly cuda cudaonly" ;;
  esac
  for v in $variants; do
    build "$s" "$v"
    run "$s" "$v" w2 0 NX_ARGS="--smp-workers=2"
    case $v in
      # Two PoCL devices: matmul's 16 independent chains of C updates spread over both
      # (asserted from --summary); the other samples' few tasks may all go to one.
      ocl | oclonly) run "$s" "$v" two-devices 0 POCL_DEVICES="pthread pthread" \
                       NX_ARGS="--smp-workers=2 --summary" \
                       EXPECT_DEVICES="$([ "$s" = matmul_dev ] && echo opencl0 opencl1)" ;;
    esac
    case $v in
      # every OpenCL task as its kernel translated to C, on the workers
      ocl | oclonly) run "$s" "$v" translated 0 EXPECT_TRANSLATED=1 \
                       NX_ARGS="--smp-workers=2 --opencl-cpu=on --summary" ;;
    esac
    case $v in
      ocl) run "$s" "$v" smp-only 0 EXPECT_ALL_SMP=1 NX_ARGS="--smp-workers=2 --disable-opencl" ;;
      cuda) run "$s" "$v" smp-only 0 EXPECT_ALL_SMP=1 NX_ARGS="--smp-workers=2 --disable-opencl --disable-cuda" ;;
    esac
  done
  case $s in
    matmul_dev | krist) run "$s" oclonly detects-wrong-result 1 NX_ARGS="--smp-workers=2" -- --inject-error ;;
    cholesky_cuda) run "$s" cudaonly detects-wrong-result 1 -- --inject-error ;;
  esac
done
exit 0
