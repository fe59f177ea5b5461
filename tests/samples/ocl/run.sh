#!/usr/bin/env bash
# Build and run the OpenCL samples (samples/NAME/NAME.c + NAME.cl) through the harness
# (tests/samples/ocl/module.mk).  Sizes: tests/samples/ocl/args.sh.
#
#   run.sh seq RESULTS NAME...   plain gcc, pragmas ignored (sequential semantics), run once
#   run.sh mcc RESULTS NAME...   mcc --ompss; each sample then runs as
#     w2           NX_ARGS="--smp-workers=2": whatever the runtime chooses
#     opencl       $SOCL_FORCE_OPENCL + --summary: passes only when every task ran on an
#                  OpenCL device (skipped, 77, when this machine has no OpenCL device)
#     smp          --disable-opencl + --summary: passes only when no task ran on a device
#     mixed        --dispatch=round-robin: host and device take turns on the same blocks,
#                  so the data moves both ways between tasks (both must have run some)
#     two-devices  POCL_DEVICES="pthread pthread", round-robin: two device memories (both
#                  must have run some)
#     translated   --opencl-cpu=on: every task runs its kernel as mcc translated it to C,
#                  on the workers (none on OpenCL; runs without an OpenCL device too)
#   run.sh expect WHAT BIN ARGS...   one run (what the harness calls): BIN must pass, and
#                  its --summary must show where the tasks ran: opencl (the OpenCL spaces
#                  ran as many tasks as BIN's "N tasks"), smp (no device ran any), mixed
#                  (some, not all, on OpenCL), two (two OpenCL devices ran some), translated
#                  (every task the translation of its kernel, "(C)" in the task table)
#
# Environment: BUILD, CC, MCC, HARNESS, HARNESS_TIMEOUT (60 here), SOCL_PROBE (the
# cl_probe binary), SOCL_FORCE_OPENCL (the NX_ARGS that force the OpenCL versions).
set -u
here=$(dirname "$0")
BUILD=${BUILD:-build}
CC=${CC:-gcc}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
PROBE=${SOCL_PROBE:-$BUILD/tests/samples/ocl/cl_probe}
FORCE=${SOCL_FORCE_OPENCL:---dispatch=affinity}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}

# Tasks the device spaces named opencl* ran, from a --summary "devices" table (its last
# eight columns are numbers; the space name may hold spaces).
opencl_tasks() {
  awk '/^devices \(/ { on = 1; next } /^[^ ]/ { on = 0 }
       on && $1 ~ /^opencl/ && NF >= 9 { n += $(NF - 7) }
       END { print n + 0 }' "$1"
}

expect() {
  local device=$1 log
  shift
  log=$(mktemp)
  "$@" > "$log" 2>&1
  local st=$?
  cat "$log"
  local summary
  summary=$(cat "$log")
  local want ran
  want=$(sed -n 's/.* \([0-9][0-9]*\) tasks.*/\1/p' "$log" | head -n 1)
  ran=$(opencl_tasks "$log")
  spaces=$(awk '/^devices \(/ { on = 1; next } /^[^ ]/ { on = 0 } on && $1 ~ /^opencl/ && NF >= 9 && $(NF - 7) > 0 { n++ }
                END { print n + 0 }' "$log")
  rm -f "$log"
  [ $st = 0 ] || { echo "expect: the program failed (exit $st)"; return 1; }
  case $device in
    opencl)
      if [ "$ran" != "$want" ]; then
        echo "expect: $ran of ${want:-?} tasks ran on OpenCL devices; all should have"
        return 1
      fi ;;
    smp)
      if [ "$ran" != 0 ]; then
        echo "expect: $ran tasks ran on OpenCL devices under --disable-opencl"
        return 1
      fi ;;
    mixed)
      if [ "$ran" = 0 ] || [ "$ran" = "$want" ]; then
        echo "expect: $ran of ${want:-?} tasks ran on OpenCL devices; host and device should share them"
        return 1
      fi ;;
    two)
      if [ "$spaces" -lt 2 ]; then
        echo "expect: $spaces OpenCL devices ran tasks; two should have"
        return 1
      fi ;;
    translated)
      local c
      c=$(printf '%s\n' "$summary" | awk '/^  task label/ { on = 1; next } /^$/ { on = 0 }
            on && $0 ~ /\(C\) / && $0 !~ /work-groups/ { n += $(NF - 2) } END { print n + 0 }')
      if [ "$ran" != 0 ] || [ "$c" != "$want" ]; then
        echo "expect: $c of ${want:-?} tasks ran their kernel translated to C ($ran on OpenCL); all should have"
        return 1
      fi ;;
  esac
  echo "expect: $ran of ${want:-?} tasks ran on OpenCL devices, as wanted ($device)"
}

# Pragmas ignored: names used only in clauses look unused to gcc.
SEQ_FLAGS="-std=gnu11 -O2 -Wall -Wextra -Wno-unknown-pragmas -Wno-unused-parameter
  -Wno-unused-function -Imcc/include -Iinclude"

build() { # build MODE NAME BIN: one harness test named samples-ocl/MODE/NAME/build
  local mode=$1 name=$2 bin=$3 src=samples/$2/$2.c
  rm -f "$bin"
  if [ "$mode" = seq ]; then
    "$HARNESS" run "$results" "samples-ocl/seq/$name/build" -- \
      $CC $SEQ_FLAGS "$src" -o "$bin" "$BUILD/lib/libnanort.a" -lpthread -lm -ldl
  else
    "$HARNESS" run "$results" "samples-ocl/mcc/$name/build" -- "$MCC" --ompss -O2 "$src" -o "$bin" -lm
  fi
  [ -x "$bin" ]
}


run_mcc() {
  local name=$1 bin=$2 t=samples-ocl/mcc/$1
  local args
  args=$("$here/args.sh" "$name")
  NX_ARGS="--smp-workers=2" "$HARNESS" run "$results" "$t/w2" -- "$bin" $args
  NX_ARGS="--smp-workers=2 --disable-opencl --summary" \
    "$HARNESS" run "$results" "$t/smp" -- "$0" expect smp "$bin" $args
  NX_ARGS="--smp-workers=2 --opencl-cpu=on --summary" \
    "$HARNESS" run "$results" "$t/translated" -- "$0" expect translated "$bin" $args
  if ! "$PROBE" > /dev/null 2>&1; then
    for r in opencl mixed two-devices; do
      "$HARNESS" run "$results" "$t/$r" -- sh -c 'echo "skipped: no OpenCL device"; exit 77'
    done
    return
  fi
  NX_ARGS="--smp-workers=2 $FORCE --summary" \
    "$HARNESS" run "$results" "$t/opencl" -- "$0" expect opencl "$bin" $args
  NX_ARGS="--smp-workers=2 --dispatch=round-robin --summary" \
    "$HARNESS" run "$results" "$t/mixed" -- "$0" expect mixed "$bin" $args
  POCL_DEVICES="pthread pthread" NX_ARGS="--smp-workers=2 --dispatch=round-robin --summary" \
    "$HARNESS" run "$results" "$t/two-devices" -- "$0" expect two "$bin" $args
}

mode=$1
shift
case $mode in
  expect) expect "$@"; exit $? ;;
  seq | mcc) ;;
  *) echo "run.sh: unknown mode $mode" >&2; exit 2 ;;
esac
results=$1
shift
out=$BUILD/tests/samples/ocl/$mode
mkdir -p "$out"
for name in "$@"; do
  bin=$out/$name
  build "$mode" "$name" "$bin" || continue
  if [ "$mode" = seq ]; then
    NX_ARGS=--smp-workers=1 "$HARNESS" run "$results" "samples-ocl/seq/$name" -- "$bin" $("$here/args.sh" "$name")
  else
    run_mcc "$name" "$bin"
  fi
done
