#!/usr/bin/env bash
# tests/robust/run.sh RESULTS: runtime limits that must end in a result or in a message,
# never in a crash or a hang: nesting deeper than a thread's stack (--stack-size).
# Programs are built with mcc (and with plain gcc, whose sequential run is the oracle).
# Environment: BUILD, MCC, CC, HARNESS.
set -u
results=$1
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
CC=${CC:-gcc}
HARNESS=${HARNESS:-tests/harness.sh}
out=$BUILD/tests/robust
mkdir -p "$out"
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-120}

build() {  # NAME: mcc build and plain gcc build (pragmas ignored)
  "$HARNESS" run "$results" "robust/$1/build" -- "$MCC" --ompss -O2 "tests/robust/$1.c" -o "$out/$1"
  $CC -O2 -Wno-unknown-pragmas "tests/robust/$1.c" -o "$out/$1-seq" 2>/dev/null
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

build deep_chain
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
