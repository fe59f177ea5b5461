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
#   scripts/gpu-cluster.sh placement  --cluster-placement: cholesky 4096/256 and matmul
#                                  2048/256, 1 x 16 against 4 x 4 and 2 x 8 under the old
#                                  placement (--cluster-placement=old --no-cluster-prefetch),
#                                  the cost model without prefetch (nopf) and with it (the
#                                  defaults), and the defaults with each rank bound to its W cores
#                                  (bind; PLACEMENTS picks: "old nopf cost bind"), side by side (one run
#                                  of each per round, ROUNDS (3) rounds), medians and ratios
#                                  to 1 x 16; then one --summary --cluster-profile run of each
#                                  (app, layout, placement): how busy each rank's workers were
#                                  and the tasks each rank ran (placement.md, placement-*.txt;
#                                  about 4 minutes on 16 cores)
#   scripts/gpu-cluster.sh starpu  StarPU-MPI (bench/cluster/starpu_mpi, built where StarPU
#                                  is installed, with the libraries scripts/pack-starpu.sh
#                                  copied into build/bench/cluster/starpu-lib: LD_LIBRARY_PATH)
#                                  against nanort --cluster on 4 x 4 and 2 x 8, and both on
#                                  1 x 16, same tiling (CHOL, MM), ROUNDS (3) side-by-side
#                                  rounds, medians, ratios to nanort 1 x 16: starpu.md
# Output goes to $OUT (or build/gpu-results/cluster).  Exit 77 when Open MPI is absent.
set -u
out=${OUT:-build/gpu-results/cluster}
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# med X...: the median
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR) print (NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# app_rounds NAME RUNNER ITEM...: ROUNDS side-by-side rounds of `RUNNER APP ITEM` over both
# apps; the times of the runs that printed "result: OK" go into the caller's t[APP/ITEM]
app_rounds() {
  local name=$1 run=$2 r app v o
  shift 2
  for r in $(seq 1 "${ROUNDS:-3}"); do
    for app in cholesky matmul; do
      for v in "$@"; do
        o=$($run "$app" "$v")
        if printf '%s\n' "$o" | grep -q '^result: OK'; then
          t[$app/$v]="${t[$app/$v]:-} $(printf '%s\n' "$o" | sed -n 's/^time: \([0-9.]*\) s.*/\1/p')"
        else
          echo "$name: $app $v failed:" >&2; printf '%s\n' "$o" | tail -5 >&2
        fi
      done
    done
    echo "$name: round $r done" >&2
  done
}

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
    if pkg-config --exists starpumpi-1.3 2>/dev/null; then
      echo "StarPU-MPI: present"
    elif [ -x build/bench/cluster/starpu_mpi ] && [ -d build/bench/cluster/starpu-lib ]; then
      echo "StarPU-MPI: packed (build/bench/cluster/starpu-lib, scripts/pack-starpu.sh: the starpu mode)"
    else
      echo "StarPU-MPI: absent (the benchmark has no StarPU-MPI column)"
    fi
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

# placement: the placements side by side (see the header)
# the cluster programs (bench/cluster/run.sh builds them in the bench mode): built with
# mcc here when missing, so that the placement and starpu modes run on their own
apps_built() {
  local app
  for app in cholesky matmul; do
    [ -x "build/bench/cluster/$app" ] && continue
    make -s build/bench/ompss/kernels.o &&
      build/bin/mcc --ompss -O2 -DTILE_KERNELS_EXTERN "samples/$app/$app.c" \
        build/bench/ompss/kernels.o -o "build/bench/cluster/$app" -lm || return 1
  done
}

placement() {
  local M="mpirun --allow-run-as-root --oversubscribe --bind-to none" dir=build/bench/cluster
  local app v r
  declare -A opt=([old]="--cluster-placement=old --no-cluster-prefetch"
                  [nopf]="--no-cluster-prefetch" [cost]="" [bind]="")
  local pl=${PLACEMENTS:-old nopf cost bind} layouts="1x16/one" l p
  apps_built || { echo "placement: cannot build the cluster programs" | tee "$out/placement.md"; return; }
  for l in 4x4 2x8; do for p in $pl; do layouts="$layouts $l/$p"; done; done
  # one_run APP LAYOUT VARIANT [EXTRA]: the run's whole output.  bind: the defaults with
  # each rank on W cores of its own (mpirun --map-by slot:PE=W --bind-to core), so that
  # nanort binds its W workers as it binds 1 x 16's (a process binds its workers when they
  # fill the cores it may use); the other variants run unbound (--bind-to none).
  one_run() {
    local np=${2%x*} w=${2#*x} size=$([ "$1" = cholesky ] && echo "${CHOL:-4096/256}" || echo "${MM:-2048/256}")
    local args="--smp-workers=$w" m=$M
    [ "$np" -gt 1 ] && args="--cluster $args ${opt[$3]} ${4:-}"
    [ "$3" = bind ] && m="mpirun --allow-run-as-root --oversubscribe --map-by slot:PE=$w --bind-to core"
    NX_ARGS="$args" $m -np "$np" "$dir/$1" "${size%/*}" "${size#*/}" 2>&1
  }
  declare -A t
  one_layout() { one_run "$1" "${2%/*}" "${2#*/}"; }
  app_rounds placement one_layout $layouts
  # busy APP LAYOUT VARIANT: "rank 0 X% (N tasks), rank 1 Y%, ..." from one profiled run
  busy() {
    local f="$out/placement-$1-$2-$3.txt"
    one_run "$1" "$2" "$3" "--summary --cluster-profile" > "$f"
    awk '
      /^  rank [0-9]+: .* tasks, bodies/ {r = $2; sub(":", "", r); n[r] = $3
        for (k = 1; k <= NF; k++) if ($k == "busy") p[r] = $(k + 1)}
      /^  prefetched/ {l = $0; gsub(/[^0-9 ]/, "", l); split(l, a, " ")   # back, 0, late, to ranks
        pf = "; prefetched " a[1] " back (" a[3] " late), " a[4] " to ranks"}
      /^  communication thread of rank 0:/ {c = "; rank 0 comm. thread " $6}
      END {for (r = 0; r < 64; r++) if (r in p) printf "%srank %d %s (%d tasks)", (r ? ", " : ""), r, p[r], n[r]
           print pf c}' "$f"
  }
  {
    echo "placement A/B, $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores;"
    echo "old = --cluster-placement=old --no-cluster-prefetch, nopf = the cost model without"
    echo "prefetch (--no-cluster-prefetch), cost = the defaults (cost model and prefetch), bind = the"
    echo "defaults with each rank bound to W cores (--map-by slot:PE=W --bind-to core: nanort binds"
    echo "its workers then, as it binds 1 x 16's; the others run with --bind-to none);"
    echo "medians of ${ROUNDS:-3} side-by-side rounds, ratio to 1 x 16 (goal: at most 1.15)"
    echo
    echo "| app | layout | placement | median (s) | ratio | runs |"
    echo "|---|---|---|---|---|---|"
    for app in cholesky matmul; do
      local base; base=$(med ${t[$app/1x16/one]:-})
      for v in $layouts; do
        local m; m=$(med ${t[$app/$v]:-})
        echo "| $app | ${v%/*} | ${v#*/} | ${m:-failed} | $(awk -v a="$m" -v b="$base" 'BEGIN {if (a > 0 && b > 0) printf "%.3f", a / b}') |${t[$app/$v]:-} |"
      done
    done
    echo
    echo "busy share of each rank's workers from its first task to its last (--cluster-profile with"
    echo "--summary), tasks run there, prefetches, rank 0's communication thread's share of a core:"
    echo
    echo "| app | layout | placement | busy shares |"
    echo "|---|---|---|---|"
    for app in cholesky matmul; do
      for v in ${layouts#1x16/one }; do
        echo "| $app | ${v%/*} | ${v#*/} | $(busy $app "${v%/*}" "${v#*/}") |"
      done
    done
  } > "$out/placement.md"
  cat "$out/placement.md"
}

# starpu: StarPU-MPI against nanort (see the header)
starpu() {
  local M="mpirun --allow-run-as-root --oversubscribe --bind-to none" dir=build/bench/cluster
  local lib=$PWD/build/bench/cluster/starpu-lib app v r
  if [ ! -x "$dir/starpu_mpi" ] || [ ! -d "$lib" ]; then
    echo "starpu: no $dir/starpu_mpi or $lib (run scripts/pack-starpu.sh where Debian's" \
         "libstarpu-dev is installed, then carry build/)" | tee "$out/starpu.md"
    return
  fi
  apps_built || { echo "starpu: cannot build the cluster programs" | tee "$out/starpu.md"; return; }
  local miss
  miss=$(LD_LIBRARY_PATH="$lib:$LD_LIBRARY_PATH" ldd "$dir/starpu_mpi" | grep 'not found')
  if [ -n "$miss" ]; then
    { echo "starpu: $dir/starpu_mpi cannot load here:"; echo "$miss"; } | tee "$out/starpu.md"
    return
  fi
  # one_run APP VARIANT: the run's whole output (variants: nanort-NxW, starpu-NxW)
  one_run() {
    local size=$([ "$1" = cholesky ] && echo "${CHOL:-4096/256}" || echo "${MM:-2048/256}")
    local l=${2#*-} np w
    np=${l%x*} w=${l#*x}
    case $2 in
      nanort-1x*) NX_ARGS="--smp-workers=$w" $M -np 1 "$dir/$1" "${size%/*}" "${size#*/}" 2>&1 ;;
      nanort-*) NX_ARGS="--cluster --smp-workers=$w" $M -np "$np" "$dir/$1" "${size%/*}" "${size#*/}" 2>&1 ;;
      starpu-*) LD_LIBRARY_PATH="$lib:$LD_LIBRARY_PATH" STARPU_NCPU=$w STARPU_SILENT=1 \
                  $M -x LD_LIBRARY_PATH -x STARPU_NCPU -x STARPU_SILENT -np "$np" \
                  "$dir/starpu_mpi" "$1" "${size%/*}" "${size#*/}" 2>&1 ;;
    esac
  }
  local variants="nanort-1x16 starpu-1x16 nanort-4x4 starpu-4x4 nanort-2x8 starpu-2x8"
  declare -A t
  app_rounds starpu one_run $variants
  {
    echo "StarPU-MPI against nanort, $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores;"
    echo "StarPU: $(sed -n 's/^# \(libstarpu-1.3-9 .*\)/\1/p' "$lib/MANIFEST") (Debian's, packed by scripts/pack-starpu.sh),"
    echo "STARPU_NCPU = workers per rank, tiles owned block-cyclically; nanort: --cluster, data from rank 0;"
    echo "medians of ${ROUNDS:-3} side-by-side rounds, ratio to nanort 1 x 16 (lower is better)"
    echo
    echo "| app | size | variant | median (s) | ratio | runs |"
    echo "|---|---|---|---|---|---|"
    for app in cholesky matmul; do
      local size=$([ "$app" = cholesky ] && echo "${CHOL:-4096/256}" || echo "${MM:-2048/256}")
      local base; base=$(med ${t[$app/nanort-1x16]:-})
      for v in $variants; do
        local m; m=$(med ${t[$app/$v]:-})
        echo "| $app | $size | ${v/-/ } | ${m:-failed} | $(awk -v a="$m" -v b="$base" 'BEGIN {if (a > 0 && b > 0) printf "%.3f", a / b}') |${t[$app/$v]:-} |"
      done
    done
  } > "$out/starpu.md"
  cat "$out/starpu.md"
}

case ${1:-all} in
  inflight) check && inflight ;;
  takeback) check && takeback ;;
  placement) check && placement ;;
  starpu) check && starpu ;;
  check) check ;;
  tests) check && tests ;;
  bench) check && bench ;;
  all) check || exit 77; tests; bench ;;
  *) echo "usage: $0 check|tests|bench|inflight|takeback|placement|starpu|all" >&2; exit 2 ;;
esac
