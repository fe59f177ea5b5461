#!/usr/bin/env bash
# bench/opencl/cpu.sh [OUT.md]: OpenCL kernels on CPU cores three ways, side by side.
#
# For each sample (the seed's five: saxpy for vector add, dct, sobel, aes, blackscholes;
# plus matmul_dev and nbody), built once by mcc (its smp version in C, its OpenCL
# implementation, and mcc's translation of the kernel to C), the same program, arguments
# and data run as:
#   translated  NX_ARGS=--opencl-cpu=on --disable-opencl: the kernel translated to C,
#               work-groups on nanort's workers, no OpenCL platform started
#   pocl        --opencl-cpu=off --dispatch=affinity: the kernel on PoCL's CPU device,
#               with as many PoCL threads as workers (POCL_MAX_PTHREAD_COUNT), the ICD
#               loader limited to PoCL (OCL_ICD_VENDORS=$POCL_ICD) so that no other
#               platform's start-up is timed
#   smp         --opencl-cpu=off --disable-opencl: the smp versions written in C
# alternately (translated pocl smp translated pocl smp ...), BENCH_CPU_REPS times each, so
# that machine noise hits all alike.  Every way runs with --eager-start: the runtime, its
# workers and PoCL's platform start before main, outside the timed region, as under
# Nanos++.  Reported: medians of the "time:" each program prints (from before its first
# task to the data back on the host: PoCL's program build from its cache and its copies
# included, as a user pays them), and the ratios; every run must pass
# its own result check and run where it was sent (checked from --summary).
#
# Environment: BUILD, MCC, BENCH_CPU_REPS (5), BENCH_CPU_NAMES (all seven),
# BENCH_CPU_WORKERS (the cores: nproc), BENCH_CPU_SIZE (default | small), BENCH_CPU_CFLAGS
# (-O2 -march=native).
set -u
out=${1:-bench/results/opencl-cpu.md}
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
REPS=${BENCH_CPU_REPS:-5}
NAMES=${BENCH_CPU_NAMES:-saxpy dct sobel aes blackscholes matmul_dev nbody}
W=${BENCH_CPU_WORKERS:-$(nproc)}
SIZE=${BENCH_CPU_SIZE:-default}
# PoCL compiles its kernels for the CPU it runs on; the translated kernels and the C
# versions get the same chance (the binaries are built where they run)
CFLAGS=${BENCH_CPU_CFLAGS:--O2 -march=native}
dir=$BUILD/bench/opencl-cpu
# ocl-icd loads only this vendor file when OCL_ICD_VENDORS names it (pocl leg, below)
POCL_ICD=${POCL_ICD:-/etc/OpenCL/vendors/pocl.icd}
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The sizes of bench/opencl (the samples' defaults) and of the device samples' benchmarks.
bench_args() {
  if [ "$SIZE" = small ]; then
    case $1 in
      saxpy) echo 1048576 131072 2 ;;
      blackscholes) echo 262144 32768 2 ;;
      sobel) echo 1024 1024 128 ;;
      dct) echo 512 512 64 ;;
      aes) echo 524288 65536 ;;
      matmul_dev) echo 512 128 ;;
      nbody) echo 4096 2 4 ;;
    esac
    return
  fi
  case $1 in
    saxpy) echo 16777216 1048576 8 ;;
    blackscholes) echo 4194304 262144 4 ;;
    sobel) echo 4096 4096 256 ;;
    dct) echo 2048 2048 128 ;;
    aes) echo 8294400 1048576 ;;
    matmul_dev) echo 1024 256 ;;
    nbody) echo 8192 4 4 ;;
  esac
}

sources() {
  case $1 in
    matmul_dev) echo samples/matmul_dev/matmul.c samples/matmul_dev/matmul.cl ;;
    nbody) echo samples/nbody/nbody.c samples/nbody/nbody.cl ;;
    *) echo "samples/$1/$1.c" ;;
  esac
}

# Export the environment of a mode (in the subshell that runs it).
mode_env() {
  export POCL_MAX_PTHREAD_COUNT=$W POCL_CPU_MAX_CU_COUNT=$W
  case $1 in
    # no OpenCL at all: the translation needs none, and a run that probes the platforms
    # would time their start-up (0.3 s with NVIDIA's) instead of the kernels
    translated) export NX_ARGS="--smp-workers=$W --eager-start --opencl-cpu=on --disable-opencl --summary" ;;
    # PoCL's CPU device only (the GPU machine also has NVIDIA's OpenCL: the ICD loader would
    # start that platform too, inside the timed region, unless told to load PoCL's alone)
    pocl) export NX_ARGS="--smp-workers=$W --eager-start --opencl-cpu=off --dispatch=affinity --opencl-device-type=cpu --summary"
          if [ -f "$POCL_ICD" ]; then export OCL_ICD_VENDORS=$POCL_ICD; fi ;;
    smp) export NX_ARGS="--smp-workers=$W --eager-start --opencl-cpu=off --disable-opencl --summary" ;;
  esac
}

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan";
  else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || b == 0) print "n/a";
  else printf "%.2f", a / b }'; }

# Where the tasks of a run went: the translated kernels, OpenCL devices, else smp.
check_where() {
  local mode=$1 log=$2
  local cl c
  cl=$(awk '/^devices \(/ { on = 1; next } /^[^ ]/ { on = 0 }
            on && $1 ~ /^opencl/ && NF >= 9 { n += $(NF - 7) } END { print n + 0 }' "$log")
  c=$(grep -c '(C) .* smp ' "$log")
  case $mode in
    translated) [ "$c" -gt 0 ] && [ "$cl" = 0 ] ;;
    pocl) [ "$cl" -gt 0 ] && [ "$c" = 0 ] ;;
    smp) [ "$cl" = 0 ] && [ "$c" = 0 ] ;;
  esac
}

run_one() {  # run_one NAME MODE
  local name=$1 mode=$2 log=$tmp/$1.$2.log
  # shellcheck disable=SC2046
  (mode_env "$mode" && exec "$dir/$name" $(bench_args "$name")) > "$log" 2>&1
  local st=$?
  sed -n 's/^time: \([0-9.e+-]*\) s.*/\1/p' "$log" | head -n 1 >> "$tmp/$name.$mode"
  # PoCL's kernels alone, as the device timed them (--summary's device timeline, every
  # OpenCL device: "opencl0    kernels 57.8 ms, ..."), in seconds
  [ "$mode" = pocl ] && awk '$1 ~ /^opencl[0-9]/ && $2 == "kernels" {
      v = $3; u = $4; sub(/,$/, "", u)
      s += v * (u == "s" ? 1 : u == "ms" ? 1e-3 : u == "us" ? 1e-6 : 1e-9) }
    END { printf "%.6f\n", s }' "$log" >> "$tmp/$name.kernels"
  if [ $st != 0 ] || ! grep -q '^result: OK' "$log" || ! check_where "$mode" "$log"; then
    echo x >> "$tmp/$name.$mode.bad"
    echo "cpu.sh: $name $mode failed or ran elsewhere (exit $st):" >&2
    tail -n 8 "$log" >&2
  fi
}

for name in $NAMES; do
  # shellcheck disable=SC2046
  # shellcheck disable=SC2086
  "$MCC" --ompss $CFLAGS $(sources "$name") -o "$dir/$name" -lm || { echo "cpu.sh: $name does not build" >&2; continue; }
done
for rep in $(seq "$REPS"); do
  for name in $NAMES; do
    [ -x "$dir/$name" ] || continue
    for mode in translated pocl smp; do
      run_one "$name" "$mode"
    done
  done
done

{
  echo "# OpenCL kernels on CPU cores: mcc's translation to C vs PoCL vs C"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(uptime | sed 's/.*load average: //') load),"
  echo "$W workers / PoCL threads, $REPS runs each (alternating), medians of the programs' \"time:\" in s."
  echo "translated: --opencl-cpu=on; pocl: the same kernel on PoCL's CPU device; smp: the C versions;"
  echo "built with mcc $CFLAGS; pocl kernels: PoCL's kernel time alone (its device timeline)."
  echo
  echo "| sample | arguments | translated | pocl | pocl kernels | smp | translated / pocl | translated / pocl kernels | translated / smp | checks |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  for name in $NAMES; do
    [ -x "$dir/$name" ] || continue
    t=$(median "$tmp/$name.translated"); p=$(median "$tmp/$name.pocl"); s=$(median "$tmp/$name.smp")
    bad=$(cat "$tmp/$name".*.bad 2>/dev/null | wc -l)
    k=$(median "$tmp/$name.kernels")
    echo "| $name | $(bench_args "$name") | $t | $p | $k | $s | $(ratio "$t" "$p") | $(ratio "$t" "$k") | $(ratio "$t" "$s") | $([ "$bad" = 0 ] && echo ok || echo "$bad failed") |"
  done
} | tee "$out"
