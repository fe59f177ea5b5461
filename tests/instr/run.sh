#!/bin/sh
# tests/instr/run.sh MODE ... - one test of what users see (--trace, --graph, --summary,
# crash reports); each mode exits 0 when it passes, 77 when skipped, else 1.
#
#   run.sh known BIN WORKERS      the known graph: trace and graph checked exactly
#   run.sh crash BIN              a NULL dereference in task 'child': the message, SIGSEGV
#   run.sh crash-chain BIN        the program's own SIGSEGV handler still runs
#   run.sh summary BIN            the --summary table: rows per label and implementation
#   run.sh unwritable BIN         --trace to a path that cannot be written: a clear message
#   run.sh mcc-cholesky           samples/cholesky built by mcc: trace and graph counts
#   run.sh summary-nested         samples/fib by mcc: --summary counts a body's own time
#   run.sh ompss-programs         a dozen tests/ompss programs by mcc, traced and graphed
#   run.sh devices BIN            an OpenCL-only task: kernel and transfer spans (skip: no device)
# Environment: BUILD (default build), MCC (default $BUILD/bin/mcc).
set -u
mode=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# validate TRACE GRAPH CHECK_TRACE_ARGS -- CHECK_GRAPH_ARGS
validate() {
  trace=$1; graph=$2; shift 2
  targs=""; while [ "$1" != "--" ]; do targs="$targs $1"; shift; done; shift
  python3 -m json.tool "$trace" > /dev/null || fail "python3 -m json.tool rejects $trace"
  python3 "$here/check_trace.py" "$trace" $targs || fail "trace check"
  python3 "$here/check_graph.py" "$graph" "$@" || fail "graph check"
  if command -v dot > /dev/null; then
    dot -Tsvg "$graph" -o "$tmp/graph.svg" || fail "dot -Tsvg rejects $graph"
    grep -q '<svg' "$tmp/graph.svg" || fail "dot produced no svg"
  else
    echo "note: graphviz (dot) is not installed: the graph was not rendered"
  fi
}

case "$mode" in
known)
  # Exact counts under the policies that queue a new ready task (wf may run it in its
  # creator, so the gate task of known_graph could not wait for main there).
  bin=$1; w=$2
  for s in bf dbf; do
    NX_ARGS="--smp-workers=$w --schedule=$s --trace=$tmp/t.json --graph=$tmp/g.dot" "$bin" \
      || fail "known_graph failed under $s"
    validate "$tmp/t.json" "$tmp/g.dot" --total 15 --flows 15 --tasks init=4 --tasks scale=4 \
      --tasks sum=1 --tasks child=2 -- --nodes 15 --edges 15 --true 8 --anti 1 --output 6 \
      --clusters 1 --label child=2
  done ;;
crash|crash-chain)
  bin=$1
  NX_ARGS="--smp-workers=2" "$bin" "$mode" 2> "$tmp/err"; st=$?
  cat "$tmp/err"
  sed 's/smp worker [0-9]*/smp worker N/' "$tmp/err" | grep -qxF \
    "nanort: task 'child' (implementation 'child_fn_smp' on smp worker N) crashed: SIGSEGV (segmentation fault: a bad pointer); run it under gdb, or rebuild with -g -fsanitize=address, to see where" \
    || fail "no crash report naming task 'child' and its implementation"
  [ "$(grep -c 'crashed:' "$tmp/err")" = 1 ] || fail "the crash was reported more than once"
  if [ "$mode" = crash ]; then
    [ $st = 139 ] || fail "exit status $st, expected 139 (killed by SIGSEGV)"
  else
    grep -q "the program's own handler ran" "$tmp/err" || fail "the program's handler was not called"
    [ $st = 3 ] || fail "exit status $st, expected 3 (from the program's handler)"
  fi ;;
summary)
  bin=$1
  NX_ARGS="--smp-workers=2 --summary" "$bin" 2> "$tmp/err" || fail "known_graph failed"
  cat "$tmp/err"
  # label implementation device created run mean total
  for row in "init init_fn_smp smp 4 4" "scale scale_fn_smp smp 4 4" "sum sum_fn_smp smp 1 1" \
             "child child_fn_smp smp 2 2" "parent parent_fn_smp smp 1 1"; do
    set -- $row
    awk -v l="$1" -v i="$2" -v d="$3" -v c="$4" -v r="$5" \
      '$1 == l && $2 == i && $3 == d && $4 == c && $5 == r && $6 >= 0 && $7 >= 0 {ok = 1}
       END {exit !ok}' "$tmp/err" || fail "no summary row '$row ...'"
  done
  awk '$1 == "(all)" && $2 == 15 && $3 == 15 {ok = 1} END {exit !ok}' "$tmp/err" \
    || fail "the (all) row does not count 15 tasks"
  grep -qE '^  worker +tasks run +busy' "$tmp/err" || fail "no per-worker table" ;;
unwritable)
  bin=$1
  NX_ARGS="--trace=$tmp/no/such/dir/t.json" "$bin" 2> "$tmp/err"; st=$?
  cat "$tmp/err"
  grep -q "^nanort: cannot write the trace to '$tmp/no/such/dir/t.json'" "$tmp/err" \
    || fail "no message about the unwritable trace"
  [ $st = 0 ] || fail "the program's own exit status changed to $st" ;;
mcc-cholesky)
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 samples/cholesky/cholesky.c -o "$tmp/cholesky" -lm || fail "mcc build"
  # 256 / 64 = 4 tiles a side: potrf 4, trsm 6, syrk 6, gemm 4
  NX_ARGS="--smp-workers=2 --trace=$tmp/t.json --graph=$tmp/g.dot" "$tmp/cholesky" 256 64 \
    || fail "cholesky failed"
  flows=$(grep -c -- ' -> t' "$tmp/g.dot")
  validate "$tmp/t.json" "$tmp/g.dot" --total 20 --tasks potrf=4 --tasks trsm=6 \
    --tasks syrk=6 --tasks gemm=4 --flows "$flows" --min-flows 20 -- --nodes 20 \
    --label potrf=4 --label gemm=4 ;;
summary-nested)
  # fib's tasks wait for their children: the table gives each body its own time, so its
  # total stays at the workers' busy time (nested times counted twice would double it).
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 samples/fib/fib.c -o "$tmp/fib" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --summary" "$tmp/fib" 22 2> "$tmp/err" || fail "fib failed"
  cat "$tmp/err"
  awk '$1 == "(all)" {total = $NF} /^  worker / {w = 1; next} w && NF == 4 {busy += $3}
       END {printf "own time %.6f s, busy %.6f s\n", total, busy
            exit !(total > 0 && total <= busy * 1.1 + 0.001 && total >= busy * 0.5)}' \
    "$tmp/err" || fail "the task table's total is not the workers' busy time" ;;
ompss-programs)
  # Self-checking OmpSs programs of tests/ompss (dependence kinds, nesting, undeferred and
  # final tasks, taskloops, reductions) traced and graphed: the program still passes, the
  # trace and graph are well formed, one span and one node per task.
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  for n in multideps deps_commutative deps_concurrent_atomic taskwait_on fib_nested \
           reduction_array taskloop_deps sections_partial_overlap final_undeferred if_false \
           tiles_3d priority_order; do
    "$MCC" --ompss -O2 -Itests/ompss "tests/ompss/$n.c" -o "$tmp/$n" -lm || fail "mcc $n"
    NX_ARGS="--smp-workers=2 --trace=$tmp/$n.json --graph=$tmp/$n.dot" "$tmp/$n" > "$tmp/out" 2>&1 \
      || { cat "$tmp/out"; fail "$n failed under --trace --graph"; }
    spans=$(python3 "$here/check_trace.py" "$tmp/$n.json") || { echo "$spans"; fail "$n: trace"; }
    echo "$n: $spans"
    count=$(echo "$spans" | sed -E 's/.*ok: ([0-9]+) task spans.*/\1/')
    python3 "$here/check_graph.py" "$tmp/$n.dot" --nodes "$count" || fail "$n: graph"
    dot -Tsvg "$tmp/$n.dot" -o /dev/null || fail "$n: dot -Tsvg"
  done ;;
devices)
  bin=$1
  NX_ARGS="${NX_ARGS:-} --trace=$tmp/t.json --graph=$tmp/g.dot" "$bin" > "$tmp/out" 2>&1; st=$?
  cat "$tmp/out"
  if grep -q "no opencl device is available" "$tmp/out"; then
    echo "skipped: no OpenCL device here (NX_ARGS=--verbose says why)"; exit 77
  fi
  [ $st = 0 ] || fail "device_trace failed (exit $st)"
  validate "$tmp/t.json" "$tmp/g.dot" --total 8 --tasks vscale=8 --flows 4 --transfers \
    -- --nodes 8 --edges 4 --true 4
  python3 - "$tmp/t.json" <<'PY' || fail "no kernel span on a device track"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
dev = [e for e in ev if e.get("ph") == "X" and e.get("cat") == "task" and e["args"]["device"] != "smp"]
sys.exit(0 if dev and all(e["pid"] > 1 for e in dev) else 1)
PY
  ;;
*) echo "run.sh: unknown mode $mode"; exit 2 ;;
esac
exit 0
