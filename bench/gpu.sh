#!/usr/bin/env bash
# bench/gpu.sh - the GPU benchmarks of issues 5 and 6, run on the GPU machine from the
# repository root, with build/ made on a development machine (make bench-gpu-build, and
# make check-samples-dev for the test binaries) and carried there.
#
#   bench/gpu.sh [--part all|peers|ours|tests] [--reps N] [OUTDIR]
#
#   matmul  8192^2 doubles in 1024^2 tiles (MM_N, MM_BS): our CUDA task version
#           (samples/matmul_dev built -DONLY_CUDA) against the hand-written CUDA program
#           with the same kernel and cuBLAS dgemm, with the host tiles pinned (both
#           programs: cudaMallocHost) and with plain malloc'd tiles (ours: staged by the
#           runtime; the hand-written one: cudaMemcpyAsync from pageable memory);
#           our OpenCL version against the hand-written OpenCL host, on NVIDIA's OpenCL
#   n-body  262144 bodies, 10 steps (NB_N, NB_STEPS, NB_BLOCKS): the same four
#   tests   the CUDA-only sample variants with their checks (tests/samples/dev/run.sh)
# Programs of one comparison run alternately, REPS times each (3); the table gives the
# median time and the throughput from it.  Writes OUTDIR (default $OUT, else
# build/bench/results): gpu.md (the table), gpu.log (every run's output), summary.txt
# (--summary of one run of ours: tasks per device, bytes moved), tests.txt.  Each run is
# stopped after RUN_TIMEOUT seconds (60), each test after 30.
set -u
part=all reps=3 outdir=
while [ $# -gt 0 ]; do
  case $1 in
    --part) part=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    *) outdir=$1; shift ;;
  esac
done
out=${outdir:-${OUT:-build/bench/results}}
B=${BUILD:-build}
MM_N=${MM_N:-8192} MM_BS=${MM_BS:-1024}
NB_N=${NB_N:-262144} NB_STEPS=${NB_STEPS:-10} NB_BLOCKS=${NB_BLOCKS:-1}
mkdir -p "$out"
md=$out/gpu.md log=$out/gpu.log
: > "$log"

# Programs built by mcc carry an rpath to the build machine's build/lib.
export LD_LIBRARY_PATH="$PWD/$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib; do
  [ -d "$d" ] && LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$d"
done
# NVIDIA's OpenCL is installed without its ICD file there (DESIGN.md).
if [ ! -f /etc/OpenCL/vendors/nvidia.icd ] && [ -w /etc ] ; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi

# run_once NAME CMD...: one run, output appended to the log; prints the seconds of its
# "time:" line and the whole process's wall seconds as T/W, or "fail" when it exits
# non-zero or does not say "result: OK".
run_once() {
  local name=$1 o st t0 t1
  shift
  t0=$(date +%s.%N)
  o=$(timeout -k 5 "${RUN_TIMEOUT:-60}" "$@" 2>&1)
  st=$?
  t1=$(date +%s.%N)
  { echo "== $name: $*"; echo "$o"; echo "(exit $st, process $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') s)"; } >> "$log"
  if [ $st != 0 ] || ! grep -q '^result: OK' <<<"$o"; then
    echo fail
    return
  fi
  echo "$(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<<"$o" | head -n 1)/$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')"
}

regions() { tr ' ' '\n' | grep / | cut -d/ -f1; }
walls() { tr ' ' '\n' | grep / | cut -d/ -f2; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print NR ? a[int((NR+1)/2)] : "n/a"}'; }

# compare TITLE WORK UNIT HANDNAME then pairs of NAME and a command string (eval'd):
# runs all of them REPS times round robin, then writes one table row each.
compare() {
  local title=$1 work=$2 unit=$3 hand=$4
  shift 4
  local names=() cmds=() i r
  while [ $# -gt 0 ]; do names+=("$1"); cmds+=("$2"); shift 2; done
  declare -A times
  for ((r = 0; r < reps; r++)); do
    for i in "${!names[@]}"; do
      times[$i]+=" $(eval "run_once \"${names[$i]}\" ${cmds[$i]}")"
    done
  done
  local hand_t=
  for i in "${!names[@]}"; do
    [ "${names[$i]}" = "$hand" ] && hand_t=$(regions <<<"${times[$i]}" | median)
  done
  for i in "${!names[@]}"; do
    local t w fails tp ratio
    t=$(regions <<<"${times[$i]}" | median)
    w=$(walls <<<"${times[$i]}" | median)
    fails=$(grep -o fail <<<"${times[$i]}" | wc -l)
    tp=n/a ratio=
    if [ "$t" != n/a ]; then
      tp=$(awk -v w="$work" -v t="$t" 'BEGIN {printf "%.1f", w / t}')
      [ -n "$hand_t" ] && [ "$hand_t" != n/a ] &&
        ratio=$(awk -v h="$hand_t" -v t="$t" 'BEGIN {printf "%.0f%%", 100 * h / t}')
    fi
    printf '| %s | %s | %s | %s %s | %s | %s | %s |\n' "$title" "${names[$i]}" "$t" "$tp" "$unit" \
      "$ratio" "$w" "$([ "$fails" = 0 ] && echo ok || echo "$fails failed")" >> "$md"
  done
}

mm_work=$(awk -v n="$MM_N" 'BEGIN {print 2 * n * n * n / 1e9}')
nb_work=$(awk -v n="$NB_N" -v s="$NB_STEPS" 'BEGIN {print n * n * s / 1e9}')
ours_cuda="--smp-workers=2 --disable-opencl"
ours_ocl="--smp-workers=2 --opencl-device-type=${GPU_CL_TYPE:-gpu}"

{
  echo "# GPU benchmarks ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  echo
  echo "$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -n 1)," \
       "$(nproc) cores; median of $reps runs each, run alternately. \"time\": the program's own timed"
  echo "region (first copy or task to the results on the host); \"vs hand\": hand-written time / this"
  echo "time; \"process\": the whole process's wall time (start-up, filling and checking included)."
  echo
  echo "| benchmark | program | time (s) | throughput | vs hand | process (s) | runs |"
  echo "|---|---|---|---|---|---|---|"
} > "$md"

if [ "$part" = all ] || [ "$part" = peers ] || [ "$part" = ours ]; then
  mmc=(cuda-hand "$B/bench/cuda/matmul_hand $MM_N $MM_BS"
       cublas-dgemm "$B/bench/cuda/dgemm_cublas $MM_N")
  mmp=(cuda-hand-pageable "$B/bench/cuda/matmul_hand $MM_N $MM_BS 4 --pageable")
  nbc=(cuda-hand "$B/bench/cuda/nbody_hand $NB_N $NB_STEPS $NB_BLOCKS")
  mmo=(opencl-hand "env BENCH_CL_TYPE=${GPU_CL_TYPE:-gpu} $B/bench/opencl-gpu/matmul_host samples/matmul_dev/matmul.cl $MM_N $MM_BS")
  nbo=(opencl-hand "env BENCH_CL_TYPE=${GPU_CL_TYPE:-gpu} $B/bench/opencl-gpu/nbody_host samples/nbody/nbody.cl $NB_N $NB_STEPS $NB_BLOCKS")
  if [ "$part" != peers ]; then
    mmc+=(cuda-ours "env NX_ARGS='$ours_cuda' $B/bench/gpu/matmul-cuda-pinned $MM_N $MM_BS"
          cuda-ours-no-eager "env NX_ARGS='$ours_cuda --no-eager-writeback' $B/bench/gpu/matmul-cuda-pinned $MM_N $MM_BS"
          cuda-ours-inflight8 "env NX_ARGS='$ours_cuda --device-inflight=8' $B/bench/gpu/matmul-cuda-pinned $MM_N $MM_BS")
    mmp+=(cuda-ours "env NX_ARGS='$ours_cuda' $B/bench/gpu/matmul-cuda $MM_N $MM_BS")
    nbc+=(cuda-ours "env NX_ARGS='$ours_cuda' $B/bench/gpu/nbody-cuda $NB_N $NB_STEPS $NB_BLOCKS")
    mmo+=(opencl-ours "env NX_ARGS='$ours_ocl' $B/bench/gpu/matmul-opencl $MM_N $MM_BS")
    nbo+=(opencl-ours "env NX_ARGS='$ours_ocl' $B/bench/gpu/nbody-opencl $NB_N $NB_STEPS $NB_BLOCKS")
  fi
  compare "matmul ${MM_N}^2, ${MM_BS}^2 tiles, CUDA, pinned host tiles" "$mm_work" GFLOP/s cuda-hand "${mmc[@]}"
  compare "matmul ${MM_N}^2, ${MM_BS}^2 tiles, CUDA, malloc'd host tiles" "$mm_work" GFLOP/s cuda-hand-pageable "${mmp[@]}"
  compare "n-body $NB_N x $NB_STEPS steps, CUDA" "$nb_work" "G int/s" cuda-hand "${nbc[@]}"
  compare "matmul ${MM_N}^2, ${MM_BS}^2 tiles, OpenCL" "$mm_work" GFLOP/s opencl-hand "${mmo[@]}"
  compare "n-body $NB_N x $NB_STEPS steps, OpenCL" "$nb_work" "G int/s" opencl-hand "${nbo[@]}"
  { echo; echo "Hand-written matmul, parts alone (last run):"; echo; echo '```';
    grep -E '^(kernels only|copies only)' "$log" | tail -n 2; echo '```'; } >> "$md"
fi

if [ "$part" = all ] || [ "$part" = ours ]; then
  { for p in matmul-cuda-pinned:"$MM_N $MM_BS" matmul-cuda:"$MM_N $MM_BS" \
             nbody-cuda:"$NB_N $NB_STEPS $NB_BLOCKS"; do
      echo "== NX_ARGS='$ours_cuda --summary' $B/bench/gpu/${p%%:*} ${p#*:}"
      eval "env NX_ARGS='$ours_cuda --summary' $B/bench/gpu/${p%%:*} ${p#*:}" 2>&1
    done; } > "$out/summary.txt"
fi

if [ "$part" = all ] || [ "$part" = tests ]; then
  rm -rf "$B/results-gpu"
  HARNESS_TIMEOUT=30 SAMPLES_DEV_GPU=1 SAMPLES_DEV_NOBUILD=1 tests/samples/dev/run.sh "$B/results-gpu" > "$out/tests.txt" 2>&1
  for f in "$B"/results-gpu/*.log; do
    { echo "== ${f##*/}"; tail -n 12 "$f"; } >> "$out/tests.txt"
  done
  # smp, OpenCL (NVIDIA and PoCL) and CUDA versions sharing the tiles of one program, and
  # compute-sanitizer's memcheck on the CUDA-only samples.
  mixed="env NX_ARGS=--summary $B/samples-dev/matmul_dev/cuda 2048 128"
  { echo "== $mixed"; $mixed 2>&1; echo "(exit $?)"; } >> "$out/tests.txt"
  mc=0 mcs=
  for p in matmul_dev:"256 64" nbody:"2048 3 4" krist:"512 4096 1024" saxpy_cuda:"200000 50000 3" \
           cholesky_cuda:"256 64"; do
    # --summary: the device-timeline events are checked too
    if timeout 120 env NX_ARGS=--summary compute-sanitizer --tool memcheck --error-exitcode 9 \
         "$B/samples-dev/${p%%:*}/cudaonly" ${p#*:} >> "$out/tests.txt" 2>&1; then
      mc=$((mc + 1))
    else
      mcs="$mcs ${p%%:*}"
    fi
  done
  { echo; echo "Tests (tests/samples/dev/run.sh with the GPU): $(tests/harness.sh summary "$B/results-gpu")";
    echo "compute-sanitizer memcheck clean on $mc of 5 CUDA-only samples${mcs:+ (not:$mcs)}."; } >> "$md"
fi
cat "$md"
