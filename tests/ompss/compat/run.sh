#!/usr/bin/env bash
# tests/ompss/compat/run.sh RESULTS: OpenMP and Nanos++ compatibility of the runtime: the omp.h
# routines and locks (checked against the same program under gcc -fopenmp, libgomp being
# the oracle, and built by plain gcc against nanort for the sequential run), the lock
# deadlock nanort stops instead of hanging, the parallel-region hooks, the Nanos++ calls
# of nanos.h (its instrumentation calls against the sequential build).  Environment: BUILD, MCC, CC, HARNESS.
#   tests/ompss/compat/run.sh RESULTS tsan: the lock programs, ported/team_worksharing_loops.c,
#   team_orphaned_loops.c, team_orphaned_sections.c and team_cancel_loops.c (with
#   OMP_CANCELLATION=true), under ThreadSanitizer (build/tsan).
set -u
results=$1
mode=${2:-all}
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
CC=${CC:-gcc}
HARNESS=${HARNESS:-tests/harness.sh}
out=$BUILD/tests/ompss/compat
mkdir -p "$out"
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}
unset OMP_NUM_THREADS NX_ARGS NX_SMP_WORKERS
LIBS="$BUILD/lib/libnanort.a -lpthread -ldl -lm"

if [ "$mode" = tsan ]; then
  # (and a team of threads sharing loops, whose members' tasks complete on workers)
  for src in tests/ompss/compat/omp_locks.c tests/ompss/compat/omp_lock_suspended.c \
             tests/ompss/compat/omp_lock_contended.c tests/ompss/ported/team_worksharing_loops.c \
             tests/ompss/ported/team_orphaned_loops.c tests/ompss/ported/team_orphaned_sections.c \
             tests/ompss/ported/team_cancel_loops.c; do
    n=$(basename "$src" .c)
    cancel=false
    [ "$n" = team_cancel_loops ] && cancel=true   # (a cancel that reaches the whole team)
    "$HARNESS" run "$results" "compat-tsan/$n/build" -- sh -c '
      "$1" --ompss -w -y "$2" -o "$3.c" &&
      $4 -O1 -g -fsanitize=thread -Iinclude "$3.c" "$5" -lpthread -ldl -lm -o "$3"' \
      sh "$MCC" "$src" "$out/$n-tsan" "$CC" "$BUILD/tsan/libnanort.a"
    for w in 2 4; do
      OMP_CANCELLATION=$cancel NX_ARGS="--smp-workers=$w" TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
        "$HARNESS" run "$results" "compat-tsan/$n/w$w" -- "$out/$n-tsan"
    done
  done
  exit 0
fi

# build NAME: mcc, gcc -fopenmp (the oracle) and plain gcc against nanort (sequential).
build() {
  local n=$1 src=tests/ompss/compat/$1.c
  "$HARNESS" run "$results" "compat/$n/build" -- "$MCC" --ompss -O2 -w "$src" -o "$out/$n"
  "$HARNESS" run "$results" "compat/$n/build-gomp" -- $CC -fopenmp -O2 "$src" -o "$out/$n-gomp"
  "$HARNESS" run "$results" "compat/$n/build-seq" -- \
    $CC -O2 -Wno-unknown-pragmas -Imcc/include "$src" -o "$out/$n-seq" $LIBS
}

# same TEST BIN ENV...: BIN (under env ENV) prints what the gcc -fopenmp build printed (on
# ORACLE_THREADS threads, 4 unless set).
same() {
  local name=$1 bin=$2
  shift 2
  "$HARNESS" run "$results" "compat/$name" -- sh -c '
    oracle=$1 bin=$2; shift 2
    want=$(OMP_NUM_THREADS=${ORACLE_THREADS:-4} "$oracle") || { echo "the gcc -fopenmp build failed"; exit 1; }
    got=$(env "$@" "$bin"); st=$?
    printf "%s\n" "$got"
    [ $st = 0 ] || { echo "exit status $st"; exit 1; }
    [ "$got" = "$want" ] || { printf "gcc -fopenmp printed:\n%s\n" "$want"; exit 1; }' \
    sh "$out/${bin%-seq}-gomp" "$out/$bin" "$@"
}

for n in omp_locks omp_lock_suspended omp_lock_contended omp_routines lock_wait_buried_child; do
  build $n
  # plain gcc ignores the pragmas: no final task in omp_routines, the others run as is
  [ $n = omp_routines ] || same "$n/seq" "$n-seq" NX_SMP_WORKERS=1
  for w in 1 2 4; do
    for s in bf dbf wf; do
      same "$n/w$w-$s" $n NX_ARGS="--smp-workers=$w --schedule=$s"
    done
  done
done

# the nesting routines in nested regions and tasks under max-active-levels-var, and the ICVs
# the OMP_ variables set (one worker makes every region inactive: 2 and 4 here)
build omp_nesting
for w in 2 4; do
  same "omp_nesting/w$w" omp_nesting NX_ARGS="--smp-workers=$w"
done
for v in OMP_MAX_ACTIVE_LEVELS=0 OMP_MAX_ACTIVE_LEVELS=3 OMP_MAX_ACTIVE_LEVELS=1000 OMP_NESTED=true \
         "OMP_NESTED=TRUE OMP_MAX_ACTIVE_LEVELS=1" OMP_NESTED=false OMP_THREAD_LIMIT=8 \
         OMP_MAX_TASK_PRIORITY=5; do
  (export $v; same "omp_nesting/$(echo "$v" | tr -cs 'a-zA-Z0-9' - | sed 's/-$//')" omp_nesting \
     NX_ARGS=--smp-workers=2)
done

# a master's body is thread 0 in regions tasks open on any worker (active when nested)
build omp_master_number
for w in 2 4; do
  (export OMP_NESTED=true; same "omp_master_number/w$w" omp_master_number NX_ARGS="--smp-workers=$w")
done

# thread numbers and team sizes, as gcc -fopenmp's on as many threads as workers: a combined
# `parallel for` with default(none|firstprivate|private) and the loop's clauses; a region's
# own body that asks omp_get_num_threads()
for n in team_combined_default team_size_queries; do
  build $n
  for w in 2 3 4; do
    (export ORACLE_THREADS=$w; same "$n/w$w" $n NX_ARGS="--smp-workers=$w")
  done
done

# ... orphaned loops of a file compiled apart (as a Makefile does), called by regions' bodies
tof=tests/ompss/compat/team_other_file
"$HARNESS" run "$results" compat/team_other_file/build -- sh -c '
  $1 --ompss -O2 -w -c "$2_fns.c" -o "$3-fns.o" && $1 --ompss -O2 -w -c "$2.c" -o "$3.o" &&
  $1 --ompss "$3.o" "$3-fns.o" -o "$3" &&
  $4 -fopenmp -O2 -c "$2_fns.c" -o "$3-fns-gomp.o" && $4 -fopenmp -O2 "$2.c" "$3-fns-gomp.o" -o "$3-gomp"' \
  sh "$MCC" $tof "$out/team_other_file" "$CC"
for w in 2 3 4; do
  (export ORACLE_THREADS=$w; same "team_other_file/w$w" team_other_file NX_ARGS="--smp-workers=$w")
done

# OMP_THREAD_LIMIT lowers the worker count OMP_NUM_THREADS or the cores give
build omp_thread_limit
(export OMP_THREAD_LIMIT=1; same omp_thread_limit/limit-1 omp_thread_limit)
(export OMP_THREAD_LIMIT=2; same omp_thread_limit/limit-2 omp_thread_limit OMP_NUM_THREADS=4)

# dyn-var and run-sched-var of each task's own data environment
build omp_task_icvs
for w in 1 4; do
  same "omp_task_icvs/w$w" omp_task_icvs NX_ARGS="--smp-workers=$w"
done

# what a region's body sets lasts until the region ends; omp_set_schedule's arguments
for n in omp_region_icvs omp_schedule_values; do
  build $n
  for w in 1 4; do
    same "$n/w$w" $n NX_ARGS="--smp-workers=$w"
  done
done

# taskloop's tasks as OpenMP counts them (num_tasks, grainsize): the same counts and sizes
# as libgomp (task counts are no sequential semantics: gcc -fopenmp is the only oracle)
build taskloop_split
for w in 1 4; do
  for s in bf dbf; do
    same "taskloop_split/w$w-$s" taskloop_split NX_ARGS="--smp-workers=$w --schedule=$s"
  done
done

# schedule(static)'s chunks, one per thread: as libgomp's on as many threads as workers
build static_chunks
for s in bf wf dbf; do
  same "static_chunks/w4-$s" static_chunks NX_ARGS="--smp-workers=4 --schedule=$s"
done

# depend clauses' expressions (section bounds that call functions, a[i++], iterators)
# evaluated as often as gcc -fopenmp evaluates them, and before the firstprivate copies
build depend_bound_effects
for w in 1 4; do
  same "depend_bound_effects/w$w" depend_bound_effects NX_ARGS="--smp-workers=$w"
done
# an iterator modifier's bounds once each, before the regions, with two iterators
build depend_iterator_bounds
for w in 1 4; do
  same "depend_iterator_bounds/w$w" depend_iterator_bounds NX_ARGS="--smp-workers=$w"
done

# target regions on the host: the scalars and pointers they name without a map are copies
# (implicit firstprivate), defaultmap, combined constructs, nowait with depend
build target_host_copies
for w in 1 4; do
  same "target_host_copies/w$w" target_host_copies NX_ARGS="--smp-workers=$w"
done

# declare variant: the function each call calls, in every context, as gcc chooses it
build declare_variant
same declare_variant/w1 declare_variant NX_ARGS="--smp-workers=1"
same declare_variant/w4 declare_variant NX_ARGS="--smp-workers=4"

# loops drawing from the threadprivate generator each thread seeded in an earlier region:
# what they draw depends on the team's size, compared with gcc -fopenmp on as many threads
build threadprivate_loops
for w in 1 2 3 4; do
  (export ORACLE_THREADS=$w; same "threadprivate_loops/w$w" threadprivate_loops NX_ARGS="--smp-workers=$w")
done

# schedule(runtime) loops of teams under a static run-sched-var: thread t runs chunks t,
# t + T, ... as with gcc -fopenmp on as many threads
build team_runtime_schedule
for sc in static,3 static,1 static; do
  for w in 1 2 3 4; do
    (export ORACLE_THREADS=$w OMP_SCHEDULE=$sc
     same "team_runtime_schedule/$(echo $sc | tr , -)-w$w" team_runtime_schedule NX_ARGS="--smp-workers=$w")
  done
done

# threadprivate variables a gcc -fopenmp unit defines: each thread's copy shared with it;
# defined by plain gcc (not thread-local) the link fails, with mcc's error at the directive
tpf=tests/ompss/compat/threadprivate_foreign
"$HARNESS" run "$results" compat/threadprivate_foreign/build -- sh -c '
  $1 -fopenmp -O2 -c "$2_def.c" -o "$3-def-gomp.o" && $1 -O2 -c "$2_def.c" -o "$3-def-plain.o" &&
  $4 --ompss -O2 -w "$2.c" "$3-def-gomp.o" -o "$3" &&
  $1 -fopenmp -O2 "$2.c" "$3-def-gomp.o" -o "$3-gomp"' sh "$CC" $tpf "$out/threadprivate_foreign" "$MCC"
for w in 1 4; do
  same "threadprivate_foreign/w$w" threadprivate_foreign NX_ARGS="--smp-workers=$w"
done
"$HARNESS" run "$results" compat/threadprivate_foreign/plain-definition -- sh -c '
  $1 -fopenmp "$2.c" "$3-def-plain.o" -o "$3-bad-gomp" 2>/dev/null &&
    { echo "gcc -fopenmp linked it"; exit 1; }
  err=$($4 --ompss -w "$2.c" "$3-def-plain.o" -o "$3-bad" 2>&1); st=$?
  echo "$err"
  [ $st = 1 ] || { echo "exit status $st (expected 1)"; exit 1; }
  echo "$err" | grep -q "^$2.c:10:27: error: .counter. is threadprivate here, but .*def-plain.o defines it as an ordinary variable" ||
    { echo "no error at the directive"; exit 1; }' sh "$CC" $tpf "$out/threadprivate_foreign" "$MCC"
"$HARNESS" run "$results" compat/threadprivate_foreign/plain-shared-library -- sh -c '
  $1 -O2 -fPIC -shared "$2_def.c" -o "$3/libtpf_plain.so" || exit 1
  $1 -fopenmp "$2.c" -L"$3" -ltpf_plain -o "$3/tpf-bad-gomp" 2>/dev/null &&
    { echo "gcc -fopenmp linked it"; exit 1; }
  err=$($4 --ompss -w "$2.c" -L"$3" -ltpf_plain -o "$3/tpf-bad" 2>&1); st=$?
  echo "$err"
  [ $st = 1 ] || { echo "exit status $st (expected 1)"; exit 1; }
  echo "$err" | grep -q "^$2.c:10:27: error: .counter. is threadprivate here, but .*libtpf_plain.so defines it as an ordinary variable" ||
    { echo "no error at the directive"; exit 1; }' sh "$CC" $tpf "$out" "$MCC"

# OMP_SCHEDULE is omp_get_schedule()'s first answer (static and the modifiers: omp_env_icvs
# below)
for sched in "guided,3" "DYNAMIC" "nonmonotonic:dynamic, 5" "auto"; do
  OMP_SCHEDULE=$sched same "omp_routines/schedule-$(echo "$sched" | tr -cs 'a-zA-Z0-9' - | sed 's/-$//')" \
    omp_routines NX_ARGS=--smp-workers=2
done

# the OMP_ variables as job scripts set them: each setting given to the gcc -fopenmp build
# too (same() gives it OMP_NUM_THREADS=4), which must print the same
# same_env NAME BIN VAR=VALUE: both builds run with VAR=VALUE in their environment.
same_env() {
  "$HARNESS" run "$results" "compat/$1" -- sh -c '
    want=$(env "$3" "$1") || { echo "the gcc -fopenmp build failed"; exit 1; }
    got=$(env "$3" "$2"); st=$?
    printf "%s\n" "$got"
    [ $st = 0 ] || { echo "exit status $st"; exit 1; }
    [ "$got" = "$want" ] || { printf "gcc -fopenmp printed:\n%s\n" "$want"; exit 1; }' \
    sh "$out/$2-gomp" "$out/$2" "$3"
}
env_name() { echo "$1" | sed 's/,/-comma-/g' | tr -cs 'a-zA-Z0-9' - | sed 's/-$//'; }
build omp_env_icvs
for v in "OMP_SCHEDULE=monotonic:dynamic" "OMP_SCHEDULE=static" "OMP_SCHEDULE=nonmonotonic:static,3" \
         "OMP_SCHEDULE=MONOTONIC : guided , 2" "OMP_SCHEDULE=auto,3" "OMP_SCHEDULE=dynamic,0" \
         "OMP_NUM_THREADS=2,2" "OMP_NUM_THREADS=2," "OMP_NUM_THREADS=,2" "OMP_DEFAULT_DEVICE=1" \
         "OMP_PROC_BIND=spread,close"; do
  same_env "omp_env_icvs/$(env_name "$v")" omp_env_icvs "$v"
done
# a value libgomp refuses: both say so on stderr (nanort naming the variable and its value)
# and go on with the default
for v in "OMP_NUM_THREADS=4," "OMP_SCHEDULE=simd:dynamic" "OMP_PROC_BIND=bogus" "OMP_PLACES=cores(x)" \
         "OMP_WAIT_POLICY=sometimes" "OMP_DEFAULT_DEVICE=x" "OMP_DISPLAY_ENV=maybe" \
         "OMP_STACKSIZE=lots" "OMP_STACKSIZE=0"; do
  "$HARNESS" run "$results" "compat/omp_env_icvs/bad-$(env_name "$v")" -- sh -c '
    gerr=$(env "$3" "$1" 2>&1 >/dev/null) && [ -n "$gerr" ] || { echo "libgomp took it"; exit 1; }
    err=$(env "$3" "$2" 2>&1 >/dev/null); st=$?
    echo "$err"
    [ $st = 0 ] || { echo "exit status $st"; exit 1; }
    echo "$err" | grep -qF "nanort: warning: ignoring ${3%%=*}='"'"'${3#*=}'"'"' (expected" ||
      { echo "no warning naming the value"; exit 1; }' \
    sh "$out/omp_env_icvs-gomp" "$out/omp_env_icvs" "$v"
done

# OMP_DISPLAY_ENV prints what those set (as libgomp words it), and the run goes on
"$HARNESS" run "$results" compat/omp_env_icvs/display-env -- sh -c '
  err=$(OMP_DISPLAY_ENV=true OMP_DEFAULT_DEVICE=3 OMP_SCHEDULE=monotonic:dynamic,4 \
        OMP_PROC_BIND=close "$1" 2>&1 >/dev/null) || exit 1
  echo "$err"
  echo "$err" | grep -q "OMP_SCHEDULE = .MONOTONIC:DYNAMIC,4." &&
    echo "$err" | grep -q "OMP_DEFAULT_DEVICE = .3."' sh "$out/omp_env_icvs"

# OMP_WAIT_POLICY=passive: idle workers sleep at once (--spins 0), unless --spins is given
for c in "0:" "5:--spins=5"; do
  "$HARNESS" run "$results" "compat/omp_env_icvs/wait-policy-spins-${c%%:*}" -- sh -c '
    out=$(OMP_DISPLAY_ENV=true OMP_WAIT_POLICY=passive NX_ARGS="$3" "$1" 2>"$1.wait") || exit 1
    cat "$1.wait"
    echo "$out" | grep -qx "sum 4950" &&
      grep -q "OMP_WAIT_POLICY = .$( [ $2 = 0 ] && echo PASSIVE || echo ACTIVE )." "$1.wait" &&
      grep -q "NX_SPINS = .$2." "$1.wait"' sh "$out/omp_env_icvs" "${c%%:*}" "${c#*:}"
done

# OMP_PROC_BIND=false: no worker bound (--no-binding), unless --binding is given
for c in "no:" "yes:--binding"; do
  "$HARNESS" run "$results" "compat/omp_env_icvs/proc-bind-false-binding-${c%%:*}" -- sh -c '
    out=$(OMP_DISPLAY_ENV=true OMP_PROC_BIND=false NX_ARGS="$3" "$1" 2>"$1.bind") || exit 1
    cat "$1.bind"
    echo "$out" | grep -qx "sum 4950" && grep -q "NX_BINDING = .$2." "$1.bind" &&
      { [ $2 = yes ] || grep -q "OMP_PROC_BIND = .FALSE." "$1.bind"; }' \
    sh "$out/omp_env_icvs" "${c%%:*}" "${c#*:}"
done

# OMP_STACKSIZE: a thread's 80 MiB local array fits in 100M (the gcc -fopenmp build's main
# thread has the shell's stack: raised here); --stack-size wins over it
build omp_stacksize
for w in 2 4; do
  (ulimit -s 262144 2>/dev/null; export OMP_STACKSIZE=100M
   same "omp_stacksize/w$w" omp_stacksize NX_ARGS="--smp-workers=$w")
done
(ulimit -s 262144 2>/dev/null; same omp_stacksize/gomp-kb omp_stacksize OMP_STACKSIZE=102400 \
   NX_ARGS=--smp-workers=2)
"$HARNESS" run "$results" compat/omp_stacksize/nx-wins -- sh -c '
  err=$(OMP_STACKSIZE=100M NX_ARGS="--smp-workers=2 --stack-size=32M" "$1" 2>&1 >/dev/null); st=$?
  echo "$err" | head -n 3
  [ $st != 0 ] && echo "$err" | grep -q "overflowed its thread.s stack (32 MiB)"' sh "$out/omp_stacksize"

# --eager-start: the runtime's start-up line (--verbose) before main's first statement when
# eager (the default, the option, the NX_ variable), after it when lazy (--no-eager-start,
# also after --eager-start, NX_EAGER_START=no); the sum is gcc -fopenmp's under every setting
build eager_start
same eager_start/lazy eager_start NX_ARGS="--smp-workers=2 --no-eager-start"
same eager_start/eager eager_start NX_ARGS="--smp-workers=2 --eager-start"
for c in "eager:--verbose:" "eager:--eager-start --verbose:" "eager:--verbose:yes" \
         "lazy:--no-eager-start --verbose:" "lazy:--verbose:no" \
         "lazy:--eager-start --no-eager-start --verbose:" "lazy:--eager-start=no --verbose:yes"; do
  want=${c%%:*} rest=${c#*:} args=${rest%%:*} var=${rest#*:}
  "$HARNESS" run "$results" "compat/eager_start/order-$want-$(echo "$args $var" | tr -cs "a-z0-9" - | sed "s/^-*//; s/-*$//")" -- sh -c '
    want=$1 bin=$2 args=$3 var=$4
    if [ -n "$var" ]; then export NX_EAGER_START=$var; fi
    err=$(NX_ARGS="$args" "$bin" 2>&1 >/dev/null) || { echo "exit status $?"; exit 1; }
    printf "%s\n" "$err"
    first=$(printf "%s\n" "$err" | grep -m1 -E "^(main: first statement|nanort: [0-9]+ smp workers)")
    case $want in
      eager) [ "${first#nanort:}" != "$first" ] ;;
      lazy) [ "$first" = "main: first statement" ] ;;
    esac' sh "$want" "$out/eager_start" "$args" "$var"
done

# omp_set_num_threads before the first task: the worker count, as libgomp's team size, both
# when the runtime started with main (the default: it starts again with 3 workers, which
# --verbose shows) and when it starts at the first task; NX wins
build omp_num_threads
same omp_num_threads/call omp_num_threads
same omp_num_threads/call-lazy omp_num_threads NX_ARGS=--no-eager-start
"$HARNESS" run "$results" compat/omp_num_threads/restart -- sh -c '
  err=$(OMP_NUM_THREADS=5 NX_ARGS=--verbose "$1" 2>&1 >/dev/null) || exit 1
  echo "$err"
  starts=$(echo "$err" | grep -E "^nanort: [0-9]+ smp workers" | cut -d" " -f2 | tr "\n" " ")
  [ "$starts" = "5 3 " ]' sh "$out/omp_num_threads"
"$HARNESS" run "$results" compat/omp_num_threads/nx-wins -- sh -c '
  got=$(NX_SMP_WORKERS=2 "$1") || exit 1
  echo "$got"
  [ "$got" = "threads 2
max_threads 2 out-of-range thread numbers 0" ]' sh "$out/omp_num_threads"

# main keeps the process's cores until its first task (threads and commands it starts
# before have them all), and a child of fork() has them again; omp_set_num_threads()'s
# restart sees them all
build main_affinity
for w in 1 2 4; do
  same "main_affinity/w$w" main_affinity NX_ARGS="--smp-workers=$w"
done
same main_affinity/default main_affinity
same main_affinity/lazy main_affinity NX_ARGS=--no-eager-start
"$HARNESS" run "$results" compat/omp_num_threads/restart-cores -- sh -c '
  err=$(OMP_NUM_THREADS=$(nproc) NX_ARGS=--verbose "$1" 2>&1 >/dev/null) || exit 1
  echo "$err"
  ! echo "$err" | grep -q "smp workers on 1 cores" || [ "$(nproc)" = 1 ]' sh "$out/omp_num_threads"

# the tasks of an exit handler registered before main run before the process ends (the
# runtime's exit hook runs after the program's handlers), also when the runtime starts lazily
build exit_handler_tasks
for w in 1 2 4; do
  same "exit_handler_tasks/w$w" exit_handler_tasks NX_ARGS="--smp-workers=$w"
done
same exit_handler_tasks/lazy exit_handler_tasks NX_ARGS=--no-eager-start
same exit_handler_tasks/seq exit_handler_tasks-seq NX_SMP_WORKERS=1

# a task that wants the lock its waiting ancestor holds: a message and exit 1, not a hang
"$HARNESS" run "$results" compat/omp_lock_deadlock/build -- \
  "$MCC" --ompss -O2 tests/ompss/compat/omp_lock_deadlock.c -o "$out/omp_lock_deadlock"
for mode in main task; do
  for w in 1 2 4; do
    "$HARNESS" run "$results" "compat/omp_lock_deadlock/$mode-w$w" -- sh -c '
      err=$(NX_ARGS="--smp-workers=$2" timeout 30 "$1" "$3" 2>&1 >/dev/null); st=$?
      echo "$err"
      [ $st = 1 ] || { echo "exit status $st (expected 1 and a message)"; exit 1; }
      echo "$err" | grep -q "^nanort: omp_set_lock in task .*: the lock is held by .*, which waits .*: both would wait forever" ||
        { echo "no message naming both tasks"; exit 1; }' sh "$out/omp_lock_deadlock" $w $mode
  done
done
"$HARNESS" run "$results" compat/omp_lock_deadlock/yield-w1 -- sh -c '
  err=$(NX_ARGS="--smp-workers=1" timeout 30 "$1" yield 2>&1 >/dev/null); st=$?
  echo "$err"
  [ $st = 1 ] || { echo "exit status $st (expected 1 and a message)"; exit 1; }
  echo "$err" | grep -q "^nanort: omp_set_lock in task .*: the lock is held by task .*, which waits .*: both would wait forever" ||
    { echo "no message naming both tasks"; exit 1; }' sh "$out/omp_lock_deadlock"
for w in 1 2; do
  "$HARNESS" run "$results" compat/omp_lock_deadlock/twice-w$w -- sh -c '
    err=$(NX_ARGS="--smp-workers=$2" timeout 30 "$1" twice 2>&1 >/dev/null); st=$?
    echo "$err"
    [ $st = 1 ] || { echo "exit status $st (expected 1 and a message)"; exit 1; }
    echo "$err" | grep -q "^nanort: omp_set_lock in main: it holds this simple lock already" ||
      { echo "no message"; exit 1; }' sh "$out/omp_lock_deadlock" $w
done

# the parallel-region hooks, on the C API
"$HARNESS" run "$results" compat/parallel_hooks/build -- \
  $CC -O2 -Iinclude tests/ompss/compat/parallel_hooks.c -o "$out/parallel_hooks" $LIBS
for w in 1 2 4; do
  NX_ARGS=--smp-workers=$w "$HARNESS" run "$results" "compat/parallel_hooks/w$w" -- "$out/parallel_hooks"
done

# the same hooks as mcc's lowering of `parallel` calls them (also right under gcc -fopenmp)
"$HARNESS" run "$results" compat/parallel_lowered/build -- \
  "$MCC" tests/ompss/compat/parallel_lowered.c -o "$out/parallel_lowered"
for w in 1 2 4; do
  NX_ARGS=--smp-workers=$w "$HARNESS" run "$results" "compat/parallel_lowered/w$w" -- "$out/parallel_lowered"
done
"$HARNESS" run "$results" compat/parallel_lowered/gcc-fopenmp -- sh -c \
  "$CC -fopenmp tests/ompss/compat/parallel_lowered.c -o '$out/parallel_lowered-gomp' && OMP_NUM_THREADS=4 '$out/parallel_lowered-gomp'"

# the Nanos++ calls (nanos.h): OpenCL devices counted as the probe counts them
"$HARNESS" run "$results" compat/nanos_calls/build -- \
  "$MCC" --ompss -O2 -w tests/ompss/compat/nanos_calls.c -o "$out/nanos_calls"
[ -x "$out/probe" ] && [ "$out/probe" -nt tests/ompss/devices/probe.c ] ||
  $CC -O1 -o "$out/probe" tests/ompss/devices/probe.c -ldl
ndev=$("$out/probe" opencl | sed -n 's/^\([0-9][0-9]*\) opencl.*/\1/p')
NX_ARGS="--schedule=wf" "$HARNESS" run "$results" compat/nanos_calls/devices -- "$out/nanos_calls" "${ndev:-0}" wf
NX_ARGS="--disable-opencl --smp-workers=2" "$HARNESS" run "$results" compat/nanos_calls/disabled -- "$out/nanos_calls" 0 dbf
"$HARNESS" run "$results" compat/nanos_calls/nanos-safe -- sh -c '
  err=$("$1" error 2>&1); st=$?
  echo "$err"
  [ $st = 1 ] && echo "$err" | grep -q "^nanort: a Nanos++ call failed: an invalid parameter"' sh "$out/nanos_calls"

# the Nanos++ instrumentation calls (nanos_instrument_events, bursts, point events): they
# build warning-free, return NANOS_OK, and the program prints what its sequential build
# (plain gcc against nanort: the calls link there too) prints; traced: tests/instr
# and the query calls (nanos_queries: node number and count, version, nanos_memcpy)
for n in nanos_instrument nanos_queries; do
  "$HARNESS" run "$results" compat/$n/build -- \
    "$MCC" --ompss -O2 -Wall -Wextra -Werror tests/ompss/compat/$n.c -o "$out/$n"
  "$HARNESS" run "$results" compat/$n/build-seq -- \
    $CC -O2 -Wno-unknown-pragmas -Imcc/include tests/ompss/compat/$n.c -o "$out/$n-seq" $LIBS
  for w in 1 4; do
    "$HARNESS" run "$results" compat/$n/w$w -- sh -c '
      want=$("$2") || { echo "the sequential build failed"; exit 1; }
      got=$(NX_ARGS=--smp-workers=$3 "$1"); st=$?
      printf "%s\n" "$got"
      [ $st = 0 ] && [ "$got" = "$want" ] || { printf "sequential: %s\n" "$want"; exit 1; }' \
      sh "$out/$n" "$out/$n-seq" $w
  done
done

# Nanos++ options of its sources (core, scheduler, SMP plugin, several versions) that job
# scripts keep in NX_ARGS (and NX_SLEEPS, NX_HOLD_TASKS): the program runs, as its sequential build, with one warning each
# that says what nanort does instead (before: "unknown option" and exit 1 for each)
"$HARNESS" run "$results" compat/nanos_args/more-nanos-options -- sh -c '
  opts="--smp-cores=2 --pthreads-stack-size=2M --disable-ut --cpus-per-socket=2
        --smp-threads-per-core=1 --spins-steal=2 --preschedule
        --disable-immediate-successor --cluster-mpi --verbose-copies --verbose-devops
        --thd-output --cache-slab-size=1M --disable-predecessor-info --inval-control
        --cg-alloc --enable-lazy-privatization=yes --smp-sync-transfers --smp-memkind
        --smp-memkind-memory-size=1G"
  want=$("$2") || exit 1
  got=$(NX_ARGS="$(echo $opts)" NX_SLEEPS=3 NX_HOLD_TASKS=1 "$1" 2> "$3"); st=$?
  cat "$3"
  [ $st = 0 ] && [ "$got" = "$want" ] || { echo "exit $st, printed $got, wanted $want"; exit 1; }
  n=$(grep -c "^nanort: warning: .*a Nanos++ option" "$3")
  [ "$n" = 22 ] || { echo "$n warnings, not one per option"; exit 1; }
  ! grep -q "unknown option" "$3"' sh "$out/nanos_instrument" "$out/nanos_instrument-seq" \
  "$out/nanos_args.err"
