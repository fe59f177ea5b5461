#!/bin/sh
# tests/instr/run.sh MODE ... - one test of what users see (--trace, --graph, --summary,
# crash reports); each mode exits 0 when it passes, 77 when skipped, else 1.
#
#   run.sh known BIN WORKERS      the known graph: trace and graph checked exactly
#   run.sh crash BIN              a NULL dereference in task 'child': the message, SIGSEGV
#   run.sh crash-chain BIN        the program's own SIGSEGV handler still runs
#   run.sh crash-overflow BIN     task 'child' overflows its stack: reported as an overflow
#   run.sh graph-crash BIN        --graph/--trace/--summary written when task 'child' crashes,
#                                 and the graphs of that run and of one without tasks draw
#   run.sh summary BIN            the --summary table: rows per label and implementation
#   run.sh unwritable BIN         --trace to a path that cannot be written: a clear message
#   run.sh mcc-cholesky           samples/cholesky built by mcc: trace and graph counts
#   run.sh summary-nested         samples/fib by mcc: --summary counts a body's own time
#   run.sh summary-main           main's serial start is worker 0's "main (s)", not its idle time
#   run.sh summary-fork           a child of fork() counts its own tasks, not its parent's
#   run.sh trace-fork             a child of fork() writes FILE.pidN (JSON and Paraver), its
#                                 parent FILE: neither writes over the other
#   run.sh ompss-programs         a dozen tests/ompss programs by mcc, traced and graphed
#   run.sh ending MODE            sigterm|sigint|ignored|exit: the outputs are still written
#   run.sh watchdog               --watchdog on a program that stalls: one report, then it goes on
#   run.sh help BIN               NX_ARGS=--help: every plugin's options, wrapped; OMP_DISPLAY_ENV
#   run.sh paraver BIN DEVBIN     --trace=FILE.prv: Paraver files that parse, with the known counts
#   run.sh tsan                   mcc -fsanitize=thread: correct programs clean (omp locks too),
#                                 a missing dependence reported
#   run.sh trace-cap              --trace-memory: one message, valid files up to the cap
#   run.sh devices BIN            an OpenCL-only task: kernel and transfer spans (skip: no device)
#   run.sh user-events            the Nanos++ instrumentation calls' events in both traces, named
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
  # (the advice where no handler follows; with the program's, that it runs next)
  advice="run it under gdb, or rebuild with -g -fsanitize=address, to see where"
  [ "$mode" = crash ] || advice="the handler installed before nanort's (a sanitizer's, or the program's) runs next"
  sed 's/smp worker [0-9]*/smp worker N/' "$tmp/err" | grep -qxF \
    "nanort: task 'child' (implementation 'child_fn_smp' on smp worker N) crashed: SIGSEGV (segmentation fault: a bad pointer) at address 0x0; $advice" \
    || fail "no crash report naming task 'child', its implementation and the address"
  [ "$(grep -c 'crashed:' "$tmp/err")" = 1 ] || fail "the crash was reported more than once"
  # the backtrace starts at the faulting frame: addr2line names the crashing function
  grep -q '^nanort: backtrace (addr2line' "$tmp/err" || fail "no backtrace"
  off=$(grep -A1 '^nanort: backtrace' "$tmp/err" | sed -n '2s/.*(+\(0x[0-9a-f]*\)).*/\1/p')
  [ -n "$off" ] || fail "no offset in the first frame of the backtrace"
  fn=$(addr2line -f -e "$bin" "$off" | head -n 1)
  [ "$fn" = child_fn ] || fail "the first frame is in '$fn', not in child_fn (where it crashed)"
  [ "$(grep -c '^  .*(.*)\[0x' "$tmp/err")" -ge 3 ] || fail "fewer than 3 frames"
  if [ "$mode" = crash ]; then
    [ $st = 139 ] || fail "exit status $st, expected 139 (killed by SIGSEGV)"
  else
    grep -q "the program's own handler ran" "$tmp/err" || fail "the program's handler was not called"
    [ $st = 3 ] || fail "exit status $st, expected 3 (from the program's handler)"
  fi ;;
crash-overflow)
  # a stack overflow faults where no handler can run but on an alternate signal stack
  bin=$1
  NX_ARGS="--smp-workers=2" "$bin" "$mode" 2> "$tmp/err"; st=$?
  cat "$tmp/err"
  grep -q "^nanort: task 'child' (implementation 'child_fn_smp' on smp worker [0-9]*) crashed: SIGSEGV (segmentation fault: a bad pointer) at address 0x[0-9a-f]*: the task overflowed its thread's stack ([0-9]* MiB) with its local variables or a deep recursion; allocate large arrays with malloc, or raise --stack-size$" "$tmp/err" \
    || fail "no crash report naming task 'child' and a stack overflow"
  [ $st = 139 ] || fail "exit status $st, expected 139 (killed by SIGSEGV)" ;;
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
graph-crash)
  # --graph, --trace and --summary of a run whose task crashes: written before the process
  # dies of the signal, the graph one that dot draws (none of the tasks has finished: no
  # legend row of implementations, which dot would reject empty); also of a run with no task
  bin=$1
  NX_ARGS="--smp-workers=2 --graph=$tmp/g.dot --trace=$tmp/t.json --summary" "$bin" crash \
    2> "$tmp/err"; st=$?
  cat "$tmp/err"
  [ $st = 139 ] || fail "exit status $st, expected 139 (killed by SIGSEGV)"
  grep -q "^nanort: crash (SIGSEGV) of a task: writing the trace, graph, summary" "$tmp/err" ||
    fail "no message that the outputs are written at the crash"
  grep -q '^nanort summary:' "$tmp/err" || fail "no summary"
  [ -s "$tmp/g.dot" ] || fail "no graph"
  python3 -m json.tool "$tmp/t.json" > /dev/null || fail "python3 -m json.tool rejects the trace"
  printf 'int main(void)\n{\n    #pragma omp taskwait\n    return 0;\n}\n' > "$tmp/none.c"
  "$MCC" "$tmp/none.c" -o "$tmp/none" || fail "mcc failed on none.c"
  NX_ARGS="--graph=$tmp/n.dot" "$tmp/none" || fail "none failed"
  if command -v dot > /dev/null; then
    dot -Tsvg "$tmp/g.dot" -o /dev/null || fail "dot -Tsvg rejects the crashed run's graph"
    dot -Tsvg "$tmp/n.dot" -o /dev/null || fail "dot -Tsvg rejects the graph of no task"
  else
    echo "note: graphviz (dot) is not installed: the graphs were not rendered"
  fi ;;
unwritable)
  # A requested output that cannot be written is reported and the exit status becomes 1
  # (the program's own is 0); /dev/full fails at the write, not at the open.
  bin=$1
  for what in trace graph perf-model-dir full; do
    case $what in
      perf-model-dir) arg="--perf-model-dir=$tmp/no/such/dir" ;;
      full) arg="--trace=/dev/full" ;;
      *) arg="--$what=$tmp/no/such/dir/out" ;;
    esac
    NX_ARGS="--smp-workers=2 $arg" "$bin" 2> "$tmp/err"; st=$?
    cat "$tmp/err"
    case $what in
      trace|graph) msg="^nanort: cannot write the $what to '$tmp/no/such/dir/out'" ;;
      perf-model-dir) msg="^nanort: cannot write the performance model $tmp/no/such/dir/" ;;
      full) msg="^nanort: writing the trace to '/dev/full' failed: No space left" ;;
    esac
    grep -q "$msg" "$tmp/err" || fail "$what: no message about the unwritable output"
    [ $st = 1 ] || fail "$what: exit status $st, expected 1 (an output was lost)"
  done
  NX_ARGS="--smp-workers=2 --trace=$tmp/t.json" "$bin" 2> "$tmp/err" || fail "a writable trace failed"
  [ -s "$tmp/err" ] && { cat "$tmp/err"; fail "messages without a failure"; }
  true ;;
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
  awk '$1 == "(all)" {total = $NF} /^  worker / {w = 1; next} w && NF >= 4 {busy += $3}
       END {printf "own time %.6f s, busy %.6f s\n", total, busy
            exit !(total > 0 && total <= busy * 1.1 + 0.001 && total >= busy * 0.5)}' \
    "$tmp/err" || fail "the task table's total is not the workers' busy time" ;;
taskgraph-values)
  # tests/ompss/taskgraph_values.c: the graph whose block reads values from outside it that
  # change every step is recorded at every step (the summary says why), the one whose
  # outside values stay is recorded once and replayed 11 times
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 -I"$here/../ompss" "$here/../ompss/taskgraph_values.c" -o "$tmp/tv" ||
    fail "mcc build"
  for w in 1 4; do
    NX_ARGS="--smp-workers=$w --summary" "$tmp/tv" 2> "$tmp/err" > "$tmp/out" ||
      fail "taskgraph_values failed: $(cat "$tmp/err")"
    awk '$1 ~ /^taskgraph_values.c:/ && $3 == 4 && $6 == 1 && $7 == 12 {steady = 1}
         $1 ~ /^taskgraph_values.c:/ && $3 == 8 && $6 == 12 && $7 == 12 {moving = 1}
         /^    \(11 of the records because a variable the block reads from outside/ {why = 1}
         END {exit !(steady && moving && why)}' "$tmp/err" ||
      fail "summary ($w workers): $(grep -A1 taskgraph_values "$tmp/err")"
  done
  echo "taskgraph-values: the changing graph recorded 12 times (11 for changed values), the steady one once" ;;
summary-main)
  # 300 ms of main's own code before 4 tasks of 20 ms: worker 0's "main (s)" has it, its
  # idle time (waits with nothing to run) stays small; worker 1 idled meanwhile
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 "$here/summary_main.c" -o "$tmp/summary_main" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --summary" "$tmp/summary_main" 2> "$tmp/err" > "$tmp/out" ||
    fail "summary_main failed"
  cat "$tmp/err"
  [ "$(cat "$tmp/out")" = 4 ] || fail "summary_main printed $(cat "$tmp/out")"
  grep -qE '^  worker +tasks run +busy \(s\) +idle \(s\) +main \(s\)$' "$tmp/err" ||
    fail "no 'main (s)' column in the worker table"
  awk '/^  worker / {w = 1; next} w && $1 == 0 {ok = $4 < 0.15 && $5 >= 0.25}
       w && $1 == 1 {ok1 = $4 >= 0.2} END {exit !(ok && ok1)}' "$tmp/err" ||
    fail "worker 0's serial start is not its 'main (s)' time (or worker 1 did not idle)" ;;
summary-fork)
  # the child's table (printed first: the parent waits for it) counts 30 tasks, the parent's 20
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 "$here/summary_fork.c" -o "$tmp/summary_fork" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --summary" "$tmp/summary_fork" 2> "$tmp/err" > "$tmp/out" ||
    fail "summary_fork failed"
  cat "$tmp/out" "$tmp/err"
  [ "$(awk '$1 == "(all)" {printf "%s/%s ", $2, $3}' "$tmp/err")" = "30/30 20/20 " ] ||
    fail "the tables' (all) rows are not 30 created/30 run (child) and 20/20 (parent)" ;;
trace-fork)
  # summary_fork.c: the parent's 20 tasks in FILE, the child's 30 in FILE.pid<child>
  # (they wrote over each other: the child's trace was lost); a Paraver trace keeps .prv
  # last (FILE.pidN.prv with its .pcf and .row)
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 "$here/summary_fork.c" -o "$tmp/summary_fork" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --trace=$tmp/t.json --graph=$tmp/g.dot" "$tmp/summary_fork" \
    > "$tmp/out" 2>&1 || { cat "$tmp/out"; fail "summary_fork failed"; }
  set -- "$tmp"/t.json.pid*
  [ $# = 1 ] && [ -f "$1" ] || fail "no single child trace t.json.pidN: $(ls "$tmp")"
  p=$(python3 "$here/check_trace.py" "$tmp/t.json") || fail "parent's trace: $p"
  c=$(python3 "$here/check_trace.py" "$1") || fail "child's trace: $c"
  echo "parent: $p"; echo "child: $c"
  echo "$p" | grep -q "ok: 20 task spans" || fail "the parent's trace has not its 20 tasks"
  echo "$c" | grep -q "ok: 30 task spans" || fail "the child's trace has not its 30 tasks"
  set -- "$tmp"/g.dot.pid*
  [ $# = 1 ] && python3 "$here/check_graph.py" "$1" --nodes 30 &&
    python3 "$here/check_graph.py" "$tmp/g.dot" --nodes 20 || fail "the graphs"
  NX_ARGS="--smp-workers=2 --trace=$tmp/p.prv" "$tmp/summary_fork" > "$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "summary_fork failed under --trace=p.prv"; }
  set -- "$tmp"/p.pid*.prv
  [ $# = 1 ] && [ -f "$1" ] && [ -f "${1%.prv}.pcf" ] && [ -f "${1%.prv}.row" ] ||
    fail "no child Paraver set p.pidN.prv/.pcf/.row: $(ls "$tmp")"
  python3 "$here/check_paraver.py" "$tmp/p.prv" > /dev/null &&
    python3 "$here/check_paraver.py" "$1" > /dev/null || fail "a Paraver set does not parse" ;;
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
ending)
  # SIGTERM, SIGINT, an ignored SIGINT, exit() inside a task: ending.py checks the files
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 "$here/ending.c" -o "$tmp/ending" || fail "mcc build"
  python3 "$here/ending.py" "$1" "$tmp/ending" ;;
watchdog)
  # stuck.c stalls 4 s: --watchdog=1 prints once what runs (slow, for about a second)
  # and what is blocked (consumer, on slow, with the address of x), and the program ends
  # normally with its right result.
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 "$here/stuck.c" -o "$tmp/stuck" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --watchdog=1" "$tmp/stuck" > "$tmp/out" 2> "$tmp/err" \
    || { cat "$tmp/out" "$tmp/err"; fail "the program did not go on after the report"; }
  cat "$tmp/out" "$tmp/err"
  grep -qx "sum 28" "$tmp/out" || fail "wrong result"
  x=$(sed -n 's/^x at //p' "$tmp/out")
  [ "$(grep -c '^nanort: watchdog: no task has completed for' "$tmp/err")" = 1 ] \
    || fail "not one report"
  grep -qE "^  running for [123]\.[0-9] s: task 'slow' #1 \(implementation 'slow'\) on smp worker [01]\$" \
    "$tmp/err" || fail "the running task is not reported with its time"
  grep -qE "^  blocked for [123]\.[0-9] s: task 'consumer' #2 waits for 'slow' #1 on its data: in 64 bytes at $x, out 8 bytes at 0x[0-9a-f]+\$" \
    "$tmp/err" || fail "the blocked task is not reported with what it waits for and its data"
  # without the option: no report
  NX_ARGS="--smp-workers=2" "$tmp/stuck" > /dev/null 2> "$tmp/err" || fail "run without --watchdog"
  [ -s "$tmp/err" ] && fail "output without --watchdog"
  true ;;
help)
  # NX_ARGS=--help lists every option of every plugin, also where the plugin is not linked
  # (the statically linked known_graph has neither the OpenCL nor the CUDA plugin): its
  # entries equal the plugins' own (an mcc-built program has OpenCL; one with CUDA parts,
  # built when nvcc is here, has CUDA); lines fit COLUMNS; OMP_DISPLAY_ENV=true prints
  # the settings in effect.
  bin=$1
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  COLUMNS=60 NX_ARGS=--help "$bin" > "$tmp/static.txt" || fail "--help failed"
  awk 'length($0) > 60 && $0 ~ / [^ ]/ {print "too long: " $0; bad = 1} END {exit bad}' \
    "$tmp/static.txt" || fail "--help is not wrapped to COLUMNS=60"
  grep -q "^CUDA devices (this program has no CUDA support" "$tmp/static.txt" || fail "no CUDA options"
  "$MCC" --ompss -O2 samples/fib/fib.c -o "$tmp/fib" || fail "mcc fib"
  COLUMNS=60 NX_ARGS=--help "$tmp/fib" > "$tmp/ocl.txt" || fail "--help failed"
  set -- "$tmp/ocl.txt:opencl-device-type opencl-max-devices disable-opencl opencl-max-memory opencl-build-opts"
  if command -v nvcc > /dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
    PATH=$PATH:/usr/local/cuda/bin "$MCC" --ompss -O2 samples/saxpy_cuda/saxpy.c \
      samples/saxpy_cuda/saxpy.cu -o "$tmp/cuda" || fail "mcc saxpy_cuda"
    COLUMNS=60 NX_ARGS=--help "$tmp/cuda" > "$tmp/cuda.txt" || fail "--help failed (CUDA program)"
    # every option the CUDA program lists and the OpenCL one does not (before its CUDA
    # heading) is the plugin's: each must be listed alike without the plugin
    set -- "$@" "$tmp/cuda.txt:$(python3 - "$tmp/ocl.txt" "$tmp/cuda.txt" <<'PY'
import re, sys
names = lambda t: set(re.findall(r"^  --([a-z0-9-]+)", t, re.M))
ocl = open(sys.argv[1]).read().split("CUDA devices (this program has no")[0]
print(" ".join(sorted(names(open(sys.argv[2]).read()) - names(ocl))))
PY
)"
  else
    echo "note: no nvcc here: the CUDA plugin's own entries were not compared"
  fi
  for pair in "$@"; do
    python3 - "$tmp/static.txt" "${pair%%:*}" ${pair#*:} <<'PY' || fail "an absent plugin's entry differs from the plugin's"
import re, sys
def entries(path):
    e, cur = {}, None
    for line in open(path):
        m = re.match(r"^  --([a-z0-9-]+)", line)
        if m:
            cur = m.group(1); e[cur] = line[len(m.group(0)):]
        elif cur and line.startswith("     "):
            e[cur] += line
        else:
            cur = None
    return {k: " ".join(v.split()) for k, v in e.items()}
absent, real = entries(sys.argv[1]), entries(sys.argv[2])
if len(sys.argv) < 4:
    sys.exit("no options of the plugin found in " + sys.argv[2])
for name in sys.argv[3:]:
    if absent.get(name) != real.get(name):
        sys.exit("--%s:\n  without the plugin: %r\n  with it:            %r" % (name, absent.get(name), real.get(name)))
print("same entries: " + " ".join(sys.argv[3:]))
PY
  done
  OMP_DISPLAY_ENV=true NX_ARGS="--smp-workers=3 --schedule=bf" "$bin" 2> "$tmp/env" > /dev/null \
    || fail "the program failed with OMP_DISPLAY_ENV"
  # (3 workers on a 2-core machine: the runtime's warning about it may come first)
  grep -v '^nanort: warning: ' "$tmp/env" | head -n 1 | grep -qx "OPENMP DISPLAY ENVIRONMENT BEGIN" \
    || fail "no BEGIN line"
  grep -qx "OPENMP DISPLAY ENVIRONMENT END" "$tmp/env" || fail "no END line"
  grep -qx "  OMP_NUM_THREADS = '3'" "$tmp/env" || fail "OMP_NUM_THREADS is not the workers"
  grep -qx "  \[nanort\] NX_SCHEDULE = 'bf'" "$tmp/env" || fail "NX_SCHEDULE is not the setting in effect"
  for o in $(sed -n 's/^  --\([a-z0-9-]*\).*/\1/p' "$tmp/static.txt" | grep -v '^help$'); do
    grep -q "^  \[nanort\] NX_$(echo "$o" | tr a-z- A-Z_) = " "$tmp/env" || \
      { grep -q "^CUDA devices\|^OpenCL devices" "$tmp/static.txt" && \
        sed -n '/^[A-Za-z]* devices (/,$p' "$tmp/static.txt" | grep -q -- "--$o"; } || \
      fail "OMP_DISPLAY_ENV does not show --$o"
  done
  NX_ARGS="--smp-workers=2" "$bin" 2> "$tmp/env" > /dev/null || fail "run"
  [ -s "$tmp/env" ] && fail "output without OMP_DISPLAY_ENV"
  true ;;
paraver)
  # --trace=FILE.prv: Paraver's .prv/.pcf/.row, checked by check_paraver.py (the format's
  # header, records and names) with the known graph's counts: a begin of the user function
  # event per task, a relation per dependence, a thread per worker; then device queues.
  bin=$1; dev=$2
  for w in 1 2 4; do
    NX_ARGS="--smp-workers=$w --schedule=bf --trace=$tmp/k.prv" "$bin" || fail "known_graph failed"
    python3 "$here/check_paraver.py" "$tmp/k.prv" --tasks init=4 --tasks scale=4 --tasks sum=1 \
      --tasks child=2 --tasks parent=1 --total 15 --relations 15 --threads $w || fail "paraver w$w"
  done
  [ -s "$tmp/k.pcf" ] && [ -s "$tmp/k.row" ] || fail "no .pcf or .row"
  NX_ARGS="--trace=$tmp/d.prv" "$dev" > "$tmp/out" 2>&1; st=$?
  if grep -q "no opencl device is available" "$tmp/out"; then
    echo "note: no OpenCL device here: the device queues were not tried"
  else
    [ $st = 0 ] || { cat "$tmp/out"; fail "device_trace failed"; }
    python3 "$here/check_paraver.py" "$tmp/d.prv" --tasks vscale=8 --relations 4 --transfers \
      || fail "paraver with a device"
    grep -qx "opencl0 kernels" "$tmp/d.row" || fail "no thread for the device's kernels"
  fi
  # JSON stays the default for other names
  NX_ARGS="--trace=$tmp/t.json" "$bin" || fail "known_graph failed"
  python3 -m json.tool "$tmp/t.json" > /dev/null || fail "the .json trace is not JSON"
  true ;;
user-events)
  # tests/ompss/compat/nanos_instrument.c by mcc: its user events in the Paraver trace (the
  # .pcf names each key by its description and its values by theirs; 8 flops bursts of
  # 1000..1007, each ended by a 0; the phase bursts; the point event raised while disabled
  # is not there) and in the JSON trace (instants named after their keys).
  src=$here/../ompss/compat/nanos_instrument.c
  "$MCC" -O2 "$src" -o "$tmp/ni" || fail "mcc failed on nanos_instrument.c"
  for w in 1 3; do
    NX_ARGS="--smp-workers=$w --trace=$tmp/u.prv" "$tmp/ni" > /dev/null || fail "run w$w"
    python3 "$here/check_paraver.py" "$tmp/u.prv" --tasks scale_tile=8 --threads $w ||
      fail "the Paraver trace does not parse (w$w)"
    f=$(sed -n 's/^9    \(94[0-9]*\)    Flops of a tile$/\1/p' "$tmp/u.pcf")
    p=$(sed -n 's/^9    \(94[0-9]*\)    Program phase$/\1/p' "$tmp/u.pcf")
    u=$(sed -n 's/^9    \(94[0-9]*\)    User Function Name$/\1/p' "$tmp/u.pcf")
    [ -n "$f" ] && [ -n "$p" ] && [ -n "$u" ] || { cat "$tmp/u.pcf"; fail "a key is not named in the .pcf"; }
    sed -n "/^9    $p    Program phase\$/,/^\$/p" "$tmp/u.pcf" > "$tmp/phase"
    grep -qx "1      Initialisation" "$tmp/phase" && grep -qx "2      Results checked" "$tmp/phase" ||
      { cat "$tmp/phase"; fail "the phase values are not named"; }
    grep -qx "1      main's own phase" "$tmp/u.pcf" || fail "user-funct-name's value is not named"
    flops=$(grep -o ":$f:[0-9]*" "$tmp/u.prv" | sort | tr '\n' ' ')
    want=$(for v in 0 0 0 0 0 0 0 0 1000 1001 1002 1003 1004 1005 1006 1007; do echo ":$f:$v"; done | sort | tr '\n' ' ')
    [ "$flops" = "$want" ] || fail "flops events: $flops"
    [ "$(grep -o ":$p:[0-9]*" "$tmp/u.prv" | tr '\n' ' ')" = ":$p:1 :$p:0 :$p:2 " ] ||
      fail "phase events (the one raised while disabled must be missing): $(grep -o ":$p:[0-9]*" "$tmp/u.prv")"
    [ "$(grep -c ":$u:" "$tmp/u.prv")" = 2 ] || fail "no burst of user-funct-name"
  done
  NX_ARGS="--trace=$tmp/u.json" "$tmp/ni" > /dev/null || fail "run (json)"
  python3 "$here/check_trace.py" "$tmp/u.json" --tasks scale_tile=8 > /dev/null || fail "trace check"
  python3 - "$tmp/u.json" <<'PY' || fail "the JSON trace's user events"
import collections, json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("cat") == "user"]
names = collections.Counter(e["name"] for e in ev)
assert names == {"flops": 16, "phase": 3, "user-funct-name": 2}, names
assert all(e["ph"] == "i" for e in ev)
assert [e["args"].get("value_name") for e in ev if e["name"] == "phase"] == ["init", "End", "done"]
PY
  true ;;
tsan)
  # mcc -fsanitize=thread: the runtime tells TSan about the ordering it creates
  # (nanort/tsan.c), so correct programs get no report, with 2 and 4 workers, and a
  # missing dependence (racy.c) is still reported, in the two task bodies.
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  echo 'int main(void){return 0;}' > "$tmp/t.c"
  gcc -fsanitize=thread "$tmp/t.c" -o "$tmp/t" 2> /dev/null && "$tmp/t" \
    || { echo "skipped: gcc cannot build and run -fsanitize=thread programs here"; exit 77; }
  export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
  tsan_run() {   # NAME WORKERS ARGS...
    n=$1; w=$2; shift 2
    NX_ARGS="--smp-workers=$w" timeout 300 "$tmp/$n" "$@" > "$tmp/$n.out" 2>&1; st=$?
    if [ $st != 0 ] || grep -q 'WARNING: ThreadSanitizer' "$tmp/$n.out"; then
      head -n 60 "$tmp/$n.out"; fail "$n on $w workers: exit $st, TSan reports on a correct program"
    fi
    echo "$n on $w workers: no report"
  }
  for n in fib_nested deps_commutative taskwait_on reduction_array reduction_nested_tasks tiles_3d; do
    "$MCC" --ompss -fsanitize=thread -g -O1 -Itests/ompss "tests/ompss/$n.c" -o "$tmp/$n" -lm \
      || fail "mcc -fsanitize=thread $n"
    for w in 2 4; do tsan_run $n $w; done
  done
  for s in "cholesky 256 32" "matmul 256 32" "sparselu 8 16" "multisort 100000 1024 2048"; do
    set -- $s; n=$1; shift
    "$MCC" --ompss -fsanitize=thread -g -O1 samples/$n/$n.c -o "$tmp/$n" -lm || fail "mcc $n"
    tsan_run $n 2 "$@"
  done
  # teams of threads (bodies whose threads wait at barriers, singles with copyprivate,
  # ordered loops shared by a team): the team's start, barriers and end are told too (a
  # read after a barrier of what another member wrote before it was reported as a race)
  for n in team_worksharing_loops team_copyprivate team_ordered_thread_numbers; do
    "$MCC" --ompss -fsanitize=thread -g -O1 "tests/ompss/ported/$n.c" -o "$tmp/$n" -lm \
      || fail "mcc -fsanitize=thread $n"
    for w in 2 4; do tsan_run $n $w; done
  done
  # omp locks (and critical sections) taken by tasks on several workers: the lock's
  # release-to-acquire edge is told too (updates under an omp_lock_t were reported as races)
  "$MCC" --ompss -fsanitize=thread -g -O1 tests/ompss/compat/omp_lock_contended.c \
    -o "$tmp/omp_lock_contended" || fail "mcc -fsanitize=thread omp_lock_contended"
  for w in 2 4; do tsan_run omp_lock_contended $w; done
  "$MCC" --ompss -fsanitize=thread -g -O1 -DFIXED "$here/racy.c" -o "$tmp/fixed" || fail "mcc racy.c"
  tsan_run fixed 2
  grep -qx "sum 32640" "$tmp/fixed.out" || fail "racy.c -DFIXED: wrong sum"
  "$MCC" --ompss -fsanitize=thread -g -O1 "$here/racy.c" -o "$tmp/racy" || fail "mcc racy.c"
  NX_ARGS="--smp-workers=2" "$tmp/racy" > "$tmp/racy.out" 2>&1; st=$?
  cat "$tmp/racy.out"
  [ $st = 66 ] || fail "the missing dependence was not reported (exit $st)"
  grep -q '^WARNING: ThreadSanitizer: data race' "$tmp/racy.out" || fail "no data race report"
  grep -qE '^    #0 consumer .*racy.c:' "$tmp/racy.out" || fail "the report does not name the consumer's line"
  grep -qE '^    #0 producer .*racy.c:' "$tmp/racy.out" || fail "the report does not name the producer's line"
  true ;;
trace-cap)
  # --trace-memory bounds the event buffers: one message when the cap is reached, the
  # files still valid and holding the run up to then (fib 22 without a cut-off: about
  # 57000 tasks; with one, final() runs the subtrees as plain calls and few tasks exist).
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  "$MCC" --ompss -O2 samples/fib/fib.c -o "$tmp/fib" || fail "mcc build"
  NX_ARGS="--smp-workers=2 --trace=$tmp/t.json --graph=$tmp/g.dot --trace-memory=256K" \
    "$tmp/fib" 22 0 > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "fib failed"; }
  cat "$tmp/err"
  [ "$(grep -c 'reached --trace-memory=256K' "$tmp/err")" = 1 ] || fail "not one message about the cap"
  spans=$(python3 "$here/check_trace.py" "$tmp/t.json") || { echo "$spans"; fail "trace"; }
  echo "$spans"
  n=$(echo "$spans" | sed -E 's/.*ok: ([0-9]+) task spans.*/\1/')
  # 256 KiB hold two chunks of 2048 events: creations and spans of fewer than 4096 tasks
  [ "$n" -gt 500 ] && [ "$n" -lt 4096 ] || fail "$n task spans: not what the cap holds"
  python3 "$here/check_graph.py" "$tmp/g.dot" || fail "graph"
  dot -Tsvg "$tmp/g.dot" -o /dev/null || fail "dot rejects the graph"
  NX_ARGS="--trace-memory=lots" "$tmp/fib" 5 2> "$tmp/err" && fail "a bad --trace-memory was accepted"
  grep -q "invalid value 'lots' for --trace-memory" "$tmp/err" || fail "no message for a bad size"
  true ;;
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
