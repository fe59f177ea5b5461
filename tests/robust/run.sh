#!/usr/bin/env bash
# tests/robust/run.sh RESULTS: runtime limits that must end in a result or in a message,
# never in a crash or a hang: nesting deeper than a thread's stack (--stack-size), kernel
# launches over an ndrange the device cannot take (OpenCL on PoCL here; the CUDA cases
# build wherever nvcc is and run where a GPU is, else they report skipped).  Programs are
# built with mcc (the smp ones also with plain gcc, whose sequential run is the oracle).
# Environment: BUILD, MCC, CC, HARNESS; ROBUST_RUN_ONLY=1 runs the programs built before
# (the GPU machine has no flex, bison or nvcc: build/ is carried there).
set -u
results=$1
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
CC=${CC:-gcc}
HARNESS=${HARNESS:-tests/harness.sh}
out=$BUILD/tests/robust
mkdir -p "$out"
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-120}
run_only=${ROBUST_RUN_ONLY:-0}

# make NAME [SEQ] INPUTS...: the mcc build of tests/robust/NAME.c (one test), and with SEQ
# "seq" the plain gcc build too (pragmas ignored); under ROBUST_RUN_ONLY the test only
# checks that the program is there.
make_prog() {
  local name=$1 seq=$2
  shift 2
  if [ "$run_only" = 1 ]; then
    "$HARNESS" run "$results" "robust/$name/build" -- test -x "$out/$name"
    return
  fi
  "$HARNESS" run "$results" "robust/$name/build" -- "$MCC" --ompss -O2 "tests/robust/$name.c" "$@" -o "$out/$name"
  [ "$seq" = seq ] && $CC -O2 -Wno-unknown-pragmas "tests/robust/$name.c" -o "$out/$name-seq" 2>/dev/null
  return 0
}

# expect NAME TEST-NAME NX_ARGS ARGS... : the run must succeed and print what the
# sequential build prints for the same arguments.
expect() {
  local bin=$1 name=$2 args=$3
  shift 3
  "$HARNESS" run "$results" "robust/$name" -- sh -c '
    want=$("$1-seq" "$3" "$4") || { echo "the sequential oracle failed"; exit 1; }
    got=$(NX_ARGS="$2" "$1" "$3" "$4"); st=$?
    echo "$got"
    [ $st = 0 ] || { echo "exit status $st"; exit 1; }
    [ "$got" = "$want" ] || { echo "expected: $want"; exit 1; }' sh "$out/$bin" "$args" "$@" ""
}

# stops NAME TEST-NAME NX_ARGS ARGS... : the run must stop with exit status 1 and a message
# that names stack exhaustion and --stack-size (a crash is 139, a hang the timeout).
stops() {
  local bin=$1 name=$2 args=$3
  shift 3
  "$HARNESS" run "$results" "robust/$name" -- sh -c '
    err=$(NX_ARGS="$2" "$1" "$3" "$4" 2>&1 >/dev/null); st=$?
    echo "$err"
    [ $st = 1 ] || { echo "exit status $st (expected 1 and a message)"; exit 1; }
    echo "$err" | grep -q "^nanort: stack exhausted: .*--stack-size" ||
      { echo "no stack exhaustion message naming --stack-size"; exit 1; }' sh "$out/$bin" "$args" "$@" ""
}

make_prog deep_chain seq
# 30,000 levels used to overflow the main thread's 8 MiB (SIGSEGV with one worker)
for w in 1 2 4; do
  expect deep_chain "deep_chain[30000,w$w]" "--smp-workers=$w" 30000
done
expect deep_chain "deep_chain[100000,w1]" "--smp-workers=1" 100000
expect deep_chain "deep_chain[100000,w2,wf]" "--smp-workers=2 --schedule=wf" 100000
expect deep_chain "deep_chain[30000,if0]" "--smp-workers=2" 30000 if0
# deeper than every stack: a message, not SIGSEGV
stops deep_chain "deep_chain[too-deep,w2]" "--smp-workers=2 --stack-size=1M" 60000
stops deep_chain "deep_chain[too-deep,if0]" "--smp-workers=1" 400000 if0

# ---- ndrange: sizes checked against the device before the launch -------------------------
probe() {
  [ -x "$out/probe" ] && { [ "$run_only" = 1 ] || [ "$out/probe" -nt tests/ompss/devices/probe.c ]; } ||
    $CC -O1 -o "$out/probe" tests/ompss/devices/probe.c -ldl || return 1
  "$out/probe" "$1" > /dev/null
}

# launch NAME TEST-NAME WANT ARGS...: WANT "ok" (the run succeeds, its own check passes) or
# a text the refusal must contain after "nanort: task '...', kernel '...' on <device>:
# ndrange(...): " (and exit status 1: before, negative sizes ran nothing and said nothing,
# a huge range crashed inside PoCL or never ended).
launch() {
  local bin=$1 name=$2 want=$3 kind=opencl
  shift 3
  case $bin in cuda_*) kind=cuda ;; esac
  "$HARNESS" run "$results" "robust/$name" -- sh -c '
    probe=$1 kind=$2 bin=$3 want=$4
    shift 4
    "$probe" "$kind" || exit $?
    out=$(timeout 60 "$bin" "$@" 2>&1); st=$?
    echo "$out"
    if [ "$want" = ok ]; then [ $st = 0 ] || { echo "exit status $st"; exit 1; }; exit 0; fi
    [ $st = 1 ] || { echo "exit status $st (expected 1 and a message)"; exit 1; }
    echo "$out" | grep -q "^nanort: task .*, kernel .* on .*: ndrange(.*): .*$want.*; fix the ndrange clause" ||
      { echo "no refusal naming the task, kernel, device, sizes and: $want"; exit 1; }' \
    sh "$out/probe" "$kind" "$out/$bin" "$want" "$@"
}

probe opencl   # builds the probe the launches below ask first
make_prog ndrange_limits no
# DIMS G0 G1 G2 L0 L1 L2
for args in "ok:1 1000 1 1 64 1 1" "ok:2 64 64 1 16 16 1" "ok:1 0 1 1 64 1 1" \
            "ok:3 16 16 16 4 4 4" "ok:1 4000 1 1 0 0 0"; do
  launch ndrange_limits "ndrange_limits[${args#ok:}]" ok ${args#ok:}
done
launch ndrange_limits "ndrange_limits[negative-global]" "the global size of dimension 1 is negative (-5)" 1 -5 1 1 64 1 1
launch ndrange_limits "ndrange_limits[negative-local]" "the local size of dimension 2 is negative (-16)" 2 64 64 1 16 -16 1
launch ndrange_limits "ndrange_limits[zero-local]" "the local size of dimension 2 is 0" 2 64 64 1 16 0 1
launch ndrange_limits "ndrange_limits[work-group]" "a work-group of 16384 work-items is more than the [0-9]* the device allows (CL_DEVICE_MAX_WORK_GROUP_SIZE)" 2 128 128 1 128 128 1
launch ndrange_limits "ndrange_limits[item-size]" "the local size of dimension 3, 1048576, is more than the [0-9]* the device allows (CL_DEVICE_MAX_WORK_ITEM_SIZES)" 3 1 1 1048576 1 1 1048576
launch ndrange_limits "ndrange_limits[huge-global]" "more than 2147483647 work-groups in one launch" 1 1099511627776 1 1 64 1 1
launch ndrange_limits "ndrange_limits[huge-no-local]" "more than 2147483647 work-items in one launch without local sizes" 1 1099511627776 1 1 0 0 0

nvcc=$(command -v nvcc || ls "${CUDA_HOME:-/nonexistent}/bin/nvcc" /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
if [ -n "$nvcc" ] || [ "$run_only" = 1 ]; then
  make_prog cuda_ndrange_limits no tests/robust/kernels/fill_cuda.cu
else
  "$HARNESS" run "$results" "robust/cuda_ndrange_limits/build" -- sh -c 'echo "skipped: no nvcc here"; exit 77'
fi
# GX GY LX LY SHMEM
launch cuda_ndrange_limits "cuda_ndrange_limits[ok]" ok 64 64 16 16 0
launch cuda_ndrange_limits "cuda_ndrange_limits[ok,default-block]" ok 1000 1 0 0 0
launch cuda_ndrange_limits "cuda_ndrange_limits[negative-global]" "the global size of dimension 1 is negative (-5)" -5 64 16 16 0
launch cuda_ndrange_limits "cuda_ndrange_limits[zero-local]" "the local size of dimension 2 is 0" 64 64 16 0 0
launch cuda_ndrange_limits "cuda_ndrange_limits[block-dim]" "a block size of 2048 in dimension 1 is more than the [0-9]* the GPU allows (maxThreadsDim)" 2048 1 2048 1 0
launch cuda_ndrange_limits "cuda_ndrange_limits[block-threads]" "a block of 2048 threads is more than the [0-9]* the GPU allows (maxThreadsPerBlock)" 64 64 64 32 0
launch cuda_ndrange_limits "cuda_ndrange_limits[grid]" "1048576 blocks in dimension 2 are more than the [0-9]* the GPU allows (maxGridSize)" 1 1048576 1 1 0
launch cuda_ndrange_limits "cuda_ndrange_limits[shmem]" "shmem(1073741824) is more than the [0-9]* bytes of dynamic shared memory" 64 64 16 16 1073741824
