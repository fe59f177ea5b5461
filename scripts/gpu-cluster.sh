#!/usr/bin/env bash
# scripts/gpu-cluster.sh - cluster mode and task-aware MPI on the GPU machine's 16 cores
# (issue 18), from the repository root, with build/ made here (`make all`) and carried.
#
#   scripts/gpu-cluster.sh check   Open MPI there?  (mpirun, libmpi for libnanort-mpi.so,
#                                  mpicc); what is missing is said, and the rest skipped
#   scripts/gpu-cluster.sh tests   make check-mpi (detach, TAMPI, pipeio, cluster tests)
#   scripts/gpu-cluster.sh bench   bench/cluster/run.sh: cholesky 4096/256 and matmul
#                                  2048/256, 1 x 16 against 4 x 4 and 2 x 8 (--cluster) and
#                                  StarPU-MPI when present, ROUNDS (5) side-by-side rounds;
#                                  then one --summary --cluster-profile run of each app on
#                                  4 x 4 and 2 x 8 (profile-APP-NxW.txt: where a remote
#                                  task's time goes, how busy each rank's workers were),
#                                  and bench/cluster/latency.c (tasks that sleep: the
#                                  distributed layer without CPU contention, latency.md)
#   scripts/gpu-cluster.sh inflight  --cluster-inflight sweep: bench/cluster/ab.sh, 1 x 16
#                                  (A) against 4 x 4 and 2 x 8 (B) with --cluster-inflight=K
#                                  for K in INFLIGHT ("default 4 8 16 32"; default: no option,
#                                  twice the rank's workers), ROUNDS (3) alternating rounds each;
#                                  inflight.md: one row per app, layout and K, B / A
#   scripts/gpu-cluster.sh takeback  bench/cluster/ab.sh, 4 x 4 and 2 x 8, with
#                                  --cluster-take-back=no (A) and yes (B): takeback.md
# Output goes to $OUT (or build/gpu-results/cluster).  Exit 77 when Open MPI is absent.
set -u
out=${OUT:-build/gpu-results/cluster}
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

check() {
  local ok=0
  {
    echo "host: $(hostname), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
    if command -v mpirun >/dev/null; then
      echo "mpirun: $(mpirun --version 2>&1 | head -1)"
    else
      echo "mpirun: absent (Open MPI is not installed here: cluster mode and TAMPI cannot run)"
      ok=1
    fi
    if [ ! -f build/lib/libnanort-mpi.so ]; then
      echo "build/lib/libnanort-mpi.so: absent (carry build/ from a machine with libopenmpi-dev)"
      ok=1
    elif ldd build/lib/libnanort-mpi.so | grep -q 'not found'; then
      echo "build/lib/libnanort-mpi.so: cannot load here:"
      ldd build/lib/libnanort-mpi.so | grep 'not found'
      ok=1
    else
      echo "build/lib/libnanort-mpi.so: loads ($(ldd build/lib/libnanort-mpi.so | grep -o 'libmpi[^ ]*' | head -1))"
    fi
    if command -v mpicc >/dev/null; then
      echo "mpicc: present (TAMPI programs and the StarPU-MPI peer can be built)"
    else
      echo "mpicc: absent (no TAMPI builds; the cluster benchmark still runs)"
    fi
    pkg-config --exists starpumpi-1.3 2>/dev/null && echo "StarPU-MPI: present" ||
      echo "StarPU-MPI: absent (the benchmark has no StarPU-MPI column)"
  } | tee "$out/check.txt"
  return $ok
}

tests() {
  find build -type f -exec touch {} +
  make -k check-mpi RESULTS="$out/res" > "$out/tests.log" 2>&1
  tests/harness.sh summary "$out/res" | tail -3 | tee "$out/tests-summary.txt"
  grep -E "^FAIL" "$out/tests.log" | head -40 > "$out/tests-fail.txt"
}

bench() {
  local r
  for r in 4 2; do
    WORKERS=16 RANKS=$r ROUNDS=${ROUNDS:-5} CHOL=${CHOL:-4096/256} MM=${MM:-2048/256} \
      bench/cluster/run.sh "$out/bench-16-$r.md" 2> "$out/bench-16-$r.log"
  done
  # one summary of each app on 4 x 4 and 2 x 8: where the tasks ran, bytes moved, overlap,
  # and the profile of the tasks sent to other ranks (--cluster-profile)
  for app in cholesky matmul; do
    local size=$([ $app = cholesky ] && echo "4096 256" || echo "2048 256") nw
    for nw in 4x4 2x8; do
      NX_ARGS="--cluster --smp-workers=${nw#*x} --summary --cluster-profile" \
        mpirun --allow-run-as-root --oversubscribe --bind-to none -np ${nw%x*} \
        build/bench/cluster/$app $size > "$out/profile-$app-$nw.txt" 2>&1
    done
    cp "$out/profile-$app-4x4.txt" "$out/summary-$app.txt"
  done
  latency
  local f
  for f in "$out"/profile-*.txt; do
    echo "== $f: $(grep -m1 '^time:' "$f")"
    sed -n '/cluster profile/,$p' "$f"
  done
}

# bench/cluster/latency.c: tasks that sleep instead of computing (512 KiB tiles travel as
# in matmul): 1 x 16 against 4 x 4 and 2 x 8 without cores shared with communication
# threads or slower kernels, i.e. the distributed layer's own latency; 5 ms and 1 ms tasks,
# ROUNDS side-by-side rounds, medians and ratios to 1 x 16 (latency.md)
latency() {
  local bin=build/bench/cluster/latency r us v
  mkdir -p "$(dirname "$bin")"
  build/bin/mcc --ompss -O2 bench/cluster/latency.c -o "$bin" ||
    { echo "latency: could not build $bin" | tee "$out/latency.md"; return; }
  declare -A t
  for r in $(seq 1 "${ROUNDS:-5}"); do
    for us in 5000 1000; do
      for v in 1x16 4x4 2x8; do
        local np=${v%x*} w=${v#*x} args="--smp-workers=${v#*x}"
        [ "$np" -gt 1 ] && args="--cluster $args"
        t[$us/$v]="${t[$us/$v]:-} $(NX_ARGS="$args" mpirun --allow-run-as-root --oversubscribe \
          --bind-to none -np "$np" "$bin" 64 8 $us 2>&1 | sed -n 's/^time: \([0-9.]*\) s.*/\1/p')"
      done
    done
  done
  med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR) print (NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
  {
    echo "| task | variant | median (s) | ratio | runs |"
    echo "|---|---|---|---|---|"
    for us in 5000 1000; do
      local base; base=$(med ${t[$us/1x16]})
      for v in 1x16 4x4 2x8; do
        local m; m=$(med ${t[$us/$v]})
        echo "| sleep $us us | $v | $m | $(awk -v a="$m" -v b="$base" 'BEGIN {if (b > 0) printf "%.2f", a / b}') |${t[$us/$v]} |"
      done
    done
  } | tee "$out/latency.md"
}

# ab NAME A B: bench/cluster/ab.sh with the GPU machine's sizes into $out/ab-NAME.md
ab() {
  local pre=""
  [ -x build/bench/cluster/cholesky ] && [ -x build/bench/cluster/matmul ] && pre=1
  PREBUILT=$pre ROUNDS=${ROUNDS:-3} CHOL=${CHOL:-4096/256} MM=${MM:-2048/256} A="$2" B="$3" \
    bench/cluster/ab.sh "$out/ab-$1.md" 2>> "$out/ab.log"
}

# the rows of ab-NAME.md, with NAME's parts in front
ab_rows() {
  grep '^| \(cholesky\|matmul\) ' "$out/ab-$1.md" | sed "s/^|/| $2 |/"
}

inflight() {
  local nw k
  {
    echo "--cluster-inflight sweep, $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores;"
    echo "A = 1 x 16, B = N x W --cluster --cluster-inflight=K; medians of ${ROUNDS:-3} alternating rounds"
    echo
    echo "| layout | K | app | size | A median (s) | B median (s) | B / A | A runs | B runs |"
    echo "|---|---|---|---|---|---|---|---|---|"
  } > "$out/inflight.md"
  for nw in 4x4 2x8; do
    for k in ${INFLIGHT:-default 4 8 16 32}; do
      local opt=""
      [ "$k" = default ] || opt=" --cluster-inflight=$k"
      ab "inflight-$nw-$k" "1:16:" "${nw%x*}:${nw#*x}:--cluster$opt"
      ab_rows "inflight-$nw-$k" "$nw | $k" >> "$out/inflight.md"
    done
  done
  cat "$out/inflight.md"
}

takeback() {
  local nw
  {
    echo "take-back off (A) and on (B), $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores"
    echo
    echo "| layout | app | size | A median (s) | B median (s) | B / A | A runs | B runs |"
    echo "|---|---|---|---|---|---|---|---|"
  } > "$out/takeback.md"
  for nw in 4x4 2x8; do
    ab "takeback-$nw" "${nw%x*}:${nw#*x}:--cluster --cluster-take-back=no" \
      "${nw%x*}:${nw#*x}:--cluster"
    ab_rows "takeback-$nw" "$nw" >> "$out/takeback.md"
  done
  cat "$out/takeback.md"
}

case ${1:-all} in
  inflight) check && inflight ;;
  takeback) check && takeback ;;
  check) check ;;
  tests) check && tests ;;
  bench) check && bench ;;
  all) check || exit 77; tests; bench ;;
  *) echo "usage: $0 check|tests|bench|inflight|takeback|all" >&2; exit 2 ;;
esac
