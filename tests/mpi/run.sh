#!/usr/bin/env bash
# Build and run the tests of tests/mpi through the harness (module.mk).
#
#   tests/mpi/run.sh detach  RESULTS   detach programs: mcc under 1/2/4 workers, and the same
#                                      sources under gcc -fopenmp (libgomp) as the oracle;
#                                      block_lend (paused tasks lend their worker), also
#                                      under ThreadSanitizer
#   tests/mpi/run.sh tampi   RESULTS   TAMPI programs built by OMPI_CC=mcc mpicc, 2-4 ranks
#   tests/mpi/run.sh pipeio  RESULTS   samples/pipeio: a file through a device and back, and
#                                      from rank 0's device to rank 1's over MPI; the traces
#                                      hold reads, copies, kernels and MPI requests, overlapping
#   tests/mpi/run.sh cluster RESULTS   OmpSs samples and random graphs under NX_ARGS=--cluster
#                                      on 2, 3, 4 ranks against one process / the sequential
#                                      run; a rank killed mid-run; an MPI program refused
#   tests/mpi/run.sh hosts   RESULTS   some of them across two hosts made of network
#                                      namespaces (tests/mpi/netns.sh), over TCP; skipped
#                                      where the machine does not allow namespaces
#
# The MPI runs report "skipped" (77) without mpirun/mpicc or libnanort-mpi.so.
# Environment: BUILD, MCC, HARNESS, HARNESS_TIMEOUT (90 here).
set -u
mode=$1 results=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-90}
out=$BUILD/tests/mpi
mkdir -p "$out"
MPIRUN="mpirun --allow-run-as-root --oversubscribe"

have_mpi() {
  command -v mpirun >/dev/null && command -v mpicc >/dev/null && [ -f "$BUILD/lib/libnanort-mpi.so" ]
}

# skip NAME WHY: one skipped test
skip() { "$HARNESS" run "$results" "$1" -- sh -c "echo 'skipped: $2'; exit 77"; }

run_detach() {
  for src in tests/mpi/detach_*.c; do
    local name; name=$(basename "$src" .c)
    "$HARNESS" run "$results" "mpi/detach/$name/build-mcc" -- \
      "$MCC" --ompss -O2 "$src" -o "$out/$name" -lpthread
    "$HARNESS" run "$results" "mpi/detach/$name/build-gomp" -- \
      gcc -std=gnu11 -O2 -Wall -fopenmp "$src" -o "$out/$name-gomp" -lpthread
    for w in 1 2 4; do
      [ -x "$out/$name" ] && NX_ARGS="--smp-workers=$w" \
        "$HARNESS" run "$results" "mpi/detach/$name/mcc-w$w" -- "$out/$name"
      [ -x "$out/$name-gomp" ] && OMP_NUM_THREADS=$w \
        "$HARNESS" run "$results" "mpi/detach/$name/gomp-w$w" -- "$out/$name-gomp"
    done
  done
  # nanort_block_until: one worker, tasks waiting for each other through a flag set from
  # outside (deadlocks when the wait nests); plain and ThreadSanitizer builds of nanort
  local k
  for k in plain tsan; do
    local lib=$BUILD/lib/libnanort.a flags=""
    [ $k = tsan ] && lib=$BUILD/tsan/libnanort.a flags="-fsanitize=thread -O1"
    "$HARNESS" run "$results" "mpi/block_lend/build-$k" -- \
      gcc -std=gnu11 -O2 -Wall -Wextra $flags -Iinclude tests/mpi/block_lend.c -o "$out/block_lend-$k" \
      "$lib" -lpthread -ldl -lm
    [ -x "$out/block_lend-$k" ] || continue
    for c in "1 bf" "1 wf" "2 dbf" "4 bf"; do
      set -- $c
      NX_ARGS="--smp-workers=$1 --schedule=$2" TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
        "$HARNESS" run "$results" "mpi/block_lend/$k-w$1-$2" -- "$out/block_lend-$k"
    done
  done
}

# build_mpi NAME SRC FLAGS...: OMPI_CC=mcc mpicc --ompss, as users build TAMPI programs
build_mpi() {
  local name=$1 src=$2; shift 2
  rm -f "$out/$name"
  "$HARNESS" run "$results" "mpi/tampi/$name/build" -- \
    env OMPI_CC="$(readlink -f "$MCC")" mpicc --ompss -O2 "$src" -o "$out/$name" "$@"
  [ -x "$out/$name" ]
}

run_tampi() {
  if ! have_mpi; then skip mpi/tampi "no Open MPI (mpirun, mpicc) or no libnanort-mpi.so"; return; fi
  # the ring: 8 MiB messages, one worker per rank (a blocked worker would deadlock it)
  if build_mpi ring tests/mpi/tampi_ring.c; then
    for s in bf wf dbf; do
      NX_ARGS="--smp-workers=1 --schedule=$s" \
        "$HARNESS" run "$results" "mpi/tampi/ring/np3-w1-$s" -- $MPIRUN -np 3 "$out/ring"
    done
  fi
  if build_mpi ring-blocking tests/mpi/tampi_ring.c -DBLOCKING_MODE; then
    for s in bf wf dbf; do
      NX_ARGS="--smp-workers=1 --schedule=$s" \
        "$HARNESS" run "$results" "mpi/tampi/ring-blocking/np3-w1-$s" -- $MPIRUN -np 3 "$out/ring-blocking"
    done
  fi
  # the halo stencil, both modes, against the sequential stencil
  for v in halo:"" halo-blocking:-DBLOCKING_MODE; do
    local name=${v%%:*} flag=${v#*:}
    build_mpi "$name" tests/mpi/tampi_halo.c $flag || continue
    for c in "2 1 dbf" "4 1 wf" "4 2 dbf" "3 2 bf"; do
      set -- $c
      NX_ARGS="--smp-workers=$2 --schedule=$3" \
        "$HARNESS" run "$results" "mpi/tampi/$name/np$1-w$2-$3" -- $MPIRUN -np "$1" "$out/$name"
    done
  done
}

# Small sizes for the samples (as tests/ompss/run.sh).
sample_args() {
  case $1 in
    fib) echo 20 8 ;; cholesky|matmul) echo 256 32 ;; stream) echo 400000 25000 3 ;;
    dot) echo 1000000 25000 ;; multisort) echo 300000 2048 4096 ;; heat) echo 256 32 4 ;;
    sparselu) echo 12 16 ;;
  esac
}

# same_output REF CMD...: CMD succeeds and prints what REF holds, "time:" lines aside (and
# the rsh launcher's "setpgid failed" warning, which mpirun may print across hosts)
same_output() {
  local ref=$1; shift
  local got; got=$("$@" 2>&1); local st=$?
  printf '%s\n' "$got"
  [ $st = 0 ] || { echo "exit status $st"; return 1; }
  diff <(grep -v '^time:' "$ref") <(printf '%s\n' "$got" | grep -v '^time:' | grep -v '^nanort:' |
                                    grep -v '^\[[^]]*\] plm:rsh: Warning: setpgid') \
    || { echo "output differs from one process"; return 1; }
}
export -f same_output

run_cluster() {
  if ! have_mpi; then skip mpi/cluster "no Open MPI (mpirun, mpicc) or no libnanort-mpi.so"; return; fi
  local s
  for s in cholesky matmul stream heat sparselu dot multisort fib; do
    local bin=$out/cluster-$s
    "$HARNESS" run "$results" "mpi/cluster/$s/build" -- \
      "$MCC" --ompss -O2 "samples/$s/$s.c" -o "$bin" -lm
    [ -x "$bin" ] || continue
    NX_ARGS="--smp-workers=1" "$bin" $(sample_args $s) > "$bin.ref" 2>&1
    for np in 2 3 4; do
      # versioning places tasks where they finish first; round-robin sends every kind of
      # traffic (alternately over the ranks and the host)
      local d=$([ $np = 3 ] && echo versioning || echo round-robin)
      NX_ARGS="--cluster --smp-workers=1 --dispatch=$d" \
        "$HARNESS" run "$results" "mpi/cluster/$s/np$np-$d" -- \
        bash -c 'same_output "$0" '"$MPIRUN"' -np '"$np"' "$1" ${@:2}' "$bin.ref" "$bin" $(sample_args $s)
    done
  done
  # --trace in cluster mode: rank 0's file shows the ranks' tracks, the others write
  # FILE.rankR instead of over it
  if [ -x "$out/cluster-cholesky" ]; then
    rm -f "$out"/cluster-trace.json*
    NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin --trace=$out/cluster-trace.json" \
      "$HARNESS" run "$results" "mpi/cluster/trace-per-rank" -- bash -c \
      ''"$MPIRUN"' -np 3 "$0" 256 32 && ls "$1" "$1.rank1" "$1.rank2" &&
       grep -q "\"rank1 host->device\"" "$1" && grep -q "\"rank2 kernels\"" "$1"' \
      "$out/cluster-cholesky" "$out/cluster-trace.json"
    # a Paraver trace keeps .prv last on the other ranks (FILE.rank1.prv, .pcf, .row): it
    # was FILE.prv.rank1, written as JSON
    rm -f "$out"/cluster-trace.*prv "$out"/cluster-trace.*pcf "$out"/cluster-trace.*row
    NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin --trace=$out/cluster-trace.prv" \
      "$HARNESS" run "$results" "mpi/cluster/trace-per-rank-paraver" -- bash -c \
      ''"$MPIRUN"' -np 2 "$0" 256 32 && for f in "$1.prv" "$1.rank1.prv"; do
         python3 tests/instr/check_paraver.py "$f" > /dev/null || exit 1; done &&
       ls "$1.rank1.pcf" "$1.rank1.row"' \
      "$out/cluster-cholesky" "$out/cluster-trace"
  fi
  local r=$out/cluster_random
  "$HARNESS" run "$results" "mpi/cluster/random/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_random.c -o "$r"
  if [ -x "$r" ]; then
    for c in "2 round-robin 1" "3 round-robin 2" "4 round-robin 3" "3 versioning 4" "4 affinity 5"; do
      set -- $c
      NX_ARGS="--cluster --smp-workers=1 --dispatch=$2" \
        "$HARNESS" run "$results" "mpi/cluster/random/np$1-$2-seed$3" -- $MPIRUN -np "$1" "$r" "$3" 300
    done
    NX_ARGS="--cluster --smp-workers=2 --dispatch=round-robin" \
      "$HARNESS" run "$results" "mpi/cluster/random/np3-w2-round-robin-seed6" -- $MPIRUN -np 3 "$r" 6 300
    # the ranks' messages over TCP only (no shared-memory transport), as between nodes
    NX_ARGS="--cluster --smp-workers=2 --dispatch=affinity" \
      "$HARNESS" run "$results" "mpi/cluster/random/np3-tcp-affinity-seed7" -- \
      $MPIRUN --mca btl tcp,self -np 3 "$r" 7 300
    # placement (--cluster-placement) and prefetch (--cluster-prefetch): copies back to
    # rank 0 started when a task is placed there, and copies to a rank behind a full
    # in-flight window (--cluster-inflight=1 fills it; affinity sends everything to ranks)
    for c in "3 2 versioning 7 --cluster-placement=old" "3 2 versioning 8 --cluster-inflight=1" \
             "4 2 versioning 9 --no-cluster-prefetch" "3 2 affinity 10 --cluster-inflight=1" \
             "2 2 versioning 11"; do
      set -- $c
      NX_ARGS="--cluster --smp-workers=$2 --dispatch=$3 ${5:-}" \
        "$HARNESS" run "$results" "mpi/cluster/random/np$1-w$2-$3-seed$4${5:+-${5#--}}" -- \
        $MPIRUN -np "$1" "$r" "$4" 300
    done
  fi
  # a task that finished on another rank is taken back at once, not after older ones there
  local o=$out/cluster_order
  "$HARNESS" run "$results" "mpi/cluster/order/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_order.c -o "$o"
  [ -x "$o" ] && NX_ARGS="--cluster --smp-workers=2 --dispatch=round-robin" \
    "$HARNESS" run "$results" "mpi/cluster/order/np2-w2" -- $MPIRUN -np 2 "$o"
  # an idle rank 0 takes back tasks queued beyond a rank's full in-flight window (some of
  # them, --summary says how many) and the data equals the sequential run's; without
  # take-back every task runs on the other ranks
  local tb=$out/cluster_takeback
  "$HARNESS" run "$results" "mpi/cluster/takeback/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_takeback.c -o "$tb"
  if [ -x "$tb" ]; then
    for np in 2 3; do
      NX_ARGS="--cluster --smp-workers=2 --dispatch=affinity --cluster-inflight=2 --summary" \
        "$HARNESS" run "$results" "mpi/cluster/takeback/np$np" -- bash -c \
        'o=$('"$MPIRUN"' -np '"$np"' "$0" 2>&1) || exit 1; printf "%s\n" "$o";
         printf "%s\n" "$o" | grep -q "^result: OK" &&
         printf "%s\n" "$o" | grep -Eq "^tasks run on rank 0: [1-9]" &&
         printf "%s\n" "$o" | grep -Eq "^  taken back: [1-9][0-9]* tasks queued for rank"' "$tb"
    done
    NX_ARGS="--cluster --smp-workers=2 --dispatch=affinity --cluster-inflight=2 --cluster-take-back=no" \
      "$HARNESS" run "$results" "mpi/cluster/takeback/np2-off" -- bash -c \
      'o=$('"$MPIRUN"' -np 2 "$0" 2>&1) || exit 1; printf "%s\n" "$o";
       printf "%s\n" "$o" | grep -q "^result: OK" &&
       printf "%s\n" "$o" | grep -q "^tasks run on rank 0: 0 of"' "$tb"
  fi
  # a rank carries out a message as soon as the transfers touching its bytes allow
  # --cluster-prefetch: tasks placed on rank 0 start the copies back of their inputs, and
  # tasks queued behind a full window their copies to the rank (--cluster-profile counts
  # them; none without the option); the results equal one process's
  if [ -x "$out/cluster-cholesky" ]; then
    for pf in yes no; do
      NX_ARGS="--cluster --smp-workers=2 --cluster-profile --cluster-prefetch=$pf" \
        "$HARNESS" run "$results" "mpi/cluster/prefetch-$pf" -- bash -c \
        'o=$('"$MPIRUN"' -np 3 "$0" 512 64 2>&1) || exit 1; printf "%s\n" "$o";
         printf "%s\n" "$o" | grep -q "^result: OK" &&
         printf "%s\n" "$o" | awk -v want=$1 '"'"'/^  prefetched/ {n = $3 + $(NF - 3)}
           END {exit !(want == "yes" ? n > 0 : n == 0)}'"'"'' "$out/cluster-cholesky" $pf
    done
  fi
  # --cluster-placement=cost: a free worker of rank 0 gets tasks that another rank would
  # finish ~15% sooner (--summary: rank 0's workers ran at least 7 of the 24; the old
  # placement left them 4, its learning runs)
  local cp=$out/cluster_placement
  "$HARNESS" run "$results" "mpi/cluster/placement/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_placement.c -o "$cp"
  [ -x "$cp" ] && NX_ARGS="--cluster --smp-workers=1 --summary" \
    "$HARNESS" run "$results" "mpi/cluster/placement/rank0-free-np3" -- bash -c \
    'o=$('"$MPIRUN"' -np 3 "$0" 2>&1) || exit 1; printf "%s\n" "$o";
     printf "%s\n" "$o" | grep -q "^result: OK" &&
     printf "%s\n" "$o" | awk '"'"'/^  worker +tasks run/ {w = 1; next}
       w && /^  [0-9]+ +[0-9]+ / {n += $2; next} {w = 0} END {exit !(n >= 7)}'"'"'' "$cp"
  # (devices/cluster/order.c: no MPI, tested alone)
  "$HARNESS" run "$results" "mpi/cluster/rules" -- bash -c \
    'gcc -std=gnu11 -Wall -Wextra -Werror -Idevices/cluster tests/mpi/cluster_rules.c \
       devices/cluster/order.c -o "$0" && "$0"' "$out/cluster_rules"
  # --cluster-profile: a row per task type sent to the ranks, whose counts add up to the
  # tasks each rank ran; the reply's time split at its sending; per rank its manager's
  # wake-ups, at most a quarter of them futile (woken for another rank's events: most were,
  # with one condition for all)
  if [ -x "$out/cluster-cholesky" ]; then
    NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin --cluster-profile" \
      "$HARNESS" run "$results" "mpi/cluster/profile" -- bash -c \
      'o=$('"$MPIRUN"' -np 3 "$0" 256 32 2>&1) || exit 1; printf "%s\n" "$o";
       printf "%s\n" "$o" | grep -q "^result: OK" &&
       printf "%s\n" "$o" | awk '"'"'/cluster profile/ {p = 1; next}
         p && $1 ~ /^(potrf|trsm|syrk|gemm)$/ {rows++; n += $2}
         p && $1 == "rank" && $2 != "0:" {ranks++; t += $3}
         p && /body->reply +reply->done/ {split_ok = 1}
         p && $1 == "manager" {m++; w += $5; f += $7}
         END {exit !(rows == 4 && ranks == 2 && n == t && n > 0 && split_ok &&
                     m == 2 && w > 0 && 4 * f <= w)}'"'"'' "$out/cluster-cholesky"
  fi
  # pointers in arguments: tasks reading undeclared data stay on rank 0
  local pt=$out/cluster_pointers
  "$HARNESS" run "$results" "mpi/cluster/pointers/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_pointers.c -o "$pt"
  if [ -x "$pt" ]; then
    for np in 2 4; do
      NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin" \
        "$HARNESS" run "$results" "mpi/cluster/pointers/np$np" -- $MPIRUN -np $np "$pt" remote
    done
  fi
  # a rank killed mid-run: the run ends (no hang), not 0, rank 0 names the rank and task
  local k=$out/cluster_kill
  "$HARNESS" run "$results" "mpi/cluster/kill/build" -- \
    "$MCC" --ompss -O2 tests/mpi/cluster_kill.c -o "$k"
  if [ -x "$k" ]; then
    CLUSTER_KILL_RANK=2 NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin" \
      "$HARNESS" run "$results" "mpi/cluster/kill/rank2-killed" -- bash -c \
      'o=$('"$MPIRUN"' -x CLUSTER_KILL_RANK -np 3 "$0" 2>&1); st=$?; printf "%s\n" "$o";
       [ $st != 0 ] && printf "%s\n" "$o" | grep -q "cluster rank 0: stopped by mpirun.*'"'"'work'"'"' on rank 2"' "$k"
  fi
  # an MPI program under --cluster: refused with a message, exit status 1
  if [ -x "$out/ring" ]; then
    NX_ARGS="--cluster" "$HARNESS" run "$results" "mpi/cluster/refuses-mpi-program" -- bash -c \
      'o=$('"$MPIRUN"' -np 2 "$0" 2>&1); st=$?; printf "%s\n" "$o";
       [ $st = 1 ] && printf "%s\n" "$o" | grep -q "initialises MPI itself, but NX_ARGS has --cluster"' "$out/ring"
  fi
}

run_pipeio() {
  local p=$out/pipeio src="samples/pipeio/pipeio.c samples/pipeio/pipeio.cl"
  head -c $((8 << 20)) /dev/urandom > "$out/pipeio.in"
  "$HARNESS" run "$results" "mpi/pipeio/build" -- "$MCC" --ompss -O2 $src -o "$p"
  if [ -x "$p" ]; then
    # affinity: every transform on the OpenCL device when there is one (PoCL here)
    for d in versioning affinity; do
      NX_ARGS="--smp-workers=2 --dispatch=$d --trace=$p-$d.json" \
        "$HARNESS" run "$results" "mpi/pipeio/file-$d" -- "$p" "$out/pipeio.in" "$out/pipeio-$d.out" 256 4
    done
    "$HARNESS" run "$results" "mpi/pipeio/file-trace" -- python3 tests/mpi/pipeio_trace.py "$p-affinity.json"
  fi
  if ! have_mpi; then skip mpi/pipeio/mpi "no Open MPI (mpirun, mpicc) or no libnanort-mpi.so"; return; fi
  rm -f "$p-mpi"
  "$HARNESS" run "$results" "mpi/pipeio/build-mpi" -- \
    env OMPI_CC="$(readlink -f "$MCC")" mpicc --ompss -O2 $src -o "$p-mpi"
  [ -x "$p-mpi" ] || return
  rm -f "$p-r0.json" "$p-r1.json"
  local a="--smp-workers=2 --dispatch=affinity"
  "$HARNESS" run "$results" "mpi/pipeio/mpi-2ranks" -- $MPIRUN \
    -np 1 -x NX_ARGS="$a --trace=$p-r0.json" "$p-mpi" --mpi "$out/pipeio.in" "$out/pipeio-mpi.out" 256 4 : \
    -np 1 -x NX_ARGS="$a --trace=$p-r1.json" "$p-mpi" --mpi "$out/pipeio.in" "$out/pipeio-mpi.out" 256 4
  "$HARNESS" run "$results" "mpi/pipeio/mpi-trace" -- python3 tests/mpi/pipeio_trace.py "$p-r0.json" "$p-r1.json"
}

# Cluster mode across two "hosts": network namespaces on this machine (tests/mpi/netns.sh),
# the daemons started in them by an rsh agent, the ranks talking over TCP between the
# namespaces' network stacks. Uses the programs run_cluster built.
run_hosts() {
  if ! have_mpi; then skip mpi/hosts "no Open MPI (mpirun, mpicc) or no libnanort-mpi.so"; return; fi
  local d=$out/netns why rc
  rm -rf "$d"
  why=$(tests/mpi/netns.sh up "$d" 2>&1); rc=$?
  if [ $rc = 77 ]; then skip mpi/hosts "${why#skipped: }"; return; fi
  if [ $rc != 0 ]; then
    "$HARNESS" run "$results" "mpi/hosts/setup" -- sh -c 'echo "$0"; exit 1' "$why"
    tests/mpi/netns.sh down "$d"; return
  fi
  trap 'tests/mpi/netns.sh down "$d"' EXIT
  local H="$MPIRUN $(cat "$d/mpirun-args") -x NX_ARGS" s c
  for s in cholesky matmul heat; do
    local bin=$out/cluster-$s
    [ -x "$bin" ] && [ -f "$bin.ref" ] || continue
    NX_ARGS="--cluster --smp-workers=1 --dispatch=round-robin" \
      "$HARNESS" run "$results" "mpi/hosts/$s/np4" -- \
      bash -c 'same_output "$0" '"$H"' -np 4 "$1" ${@:2}' "$bin.ref" "$bin" $(sample_args $s)
  done
  if [ -x "$out/cluster_random" ]; then
    for c in "2 1 affinity 31" "4 2 round-robin 32" "4 1 versioning 33"; do
      set -- $c
      NX_ARGS="--cluster --smp-workers=$2 --dispatch=$3" \
        "$HARNESS" run "$results" "mpi/hosts/random/np$1-w$2-$3-seed$4" -- $H -np "$1" "$out/cluster_random" "$4" 300
    done
  fi
  tests/mpi/netns.sh down "$d"
  trap - EXIT
}

case $mode in
  detach) run_detach ;;
  pipeio) run_pipeio ;;
  tampi) run_tampi ;;
  cluster) run_cluster ;;
  hosts) run_hosts ;;
  *) echo "usage: $0 detach|tampi|pipeio|cluster|hosts RESULTS" >&2; exit 2 ;;
esac
