#!/usr/bin/env bash
# METG of nanort and its peers on the 1-D stencil (bench/README.md, "METG").
#
#   bench/metg/run.sh [--cores N] [--quick] [--bindir DIR] [--out DIR]
#
# Width = N cells per step = N workers for every runtime (default: 2, the development
# machine; --cores 16 on the GPU host).  When the machine has more cores than N, every run
# is pinned to cores 0..N-1 (taskset) so each runtime gets exactly N.  For each task
# duration (a calibrated busy-wait body) the runtimes run one after the other (A B C D
# A B C D ...) so that machine noise hits them alike; a run has enough steps for about
# TARGET_S seconds of ideal time.  Efficiency = ideal time / wall time, where the ideal
# is the time N plain threads take to run the same bodies without any runtime ("ideal"
# in the raw file, timed in the same round: on a shared machine it is longer than
# steps x duration; both are reported).  Once a runtime's efficiency falls under
# MIN_EFF (0.1) in a round, it skips the shorter durations of that round ("skip" rows,
# counted as efficiency 0): far past its METG they tell nothing new and can take minutes
# (libgomp's stencil cost grows with the tasks in flight).
# Raw runs go to DIR/metg-cN.tsv, the METG table (bench/report.py metg) to DIR/metg-cN.md.
# Environment: ROUNDS (5; 3 with --quick), DURATIONS_US, TARGET_S (0.2; 0.1 with
# --quick), MAX_STEPS (50000), MIN_EFF (0.1).
set -u
cores=2 quick=0 bindir=${BUILD:-build}/bench/metg outdir=bench/results
while [ $# -gt 0 ]; do
  case $1 in
    --cores) cores=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --bindir) bindir=$2; shift 2 ;;
    --out) outdir=$2; shift 2 ;;
    *) echo "usage: bench/metg/run.sh [--cores N] [--quick] [--bindir DIR] [--out DIR]" >&2; exit 2 ;;
  esac
done
if [ $quick = 1 ]; then
  rounds=${ROUNDS:-3}; durations=${DURATIONS_US:-1000 100 20 10 5 2 1}; target=${TARGET_S:-0.1}
else
  rounds=${ROUNDS:-5}; durations=${DURATIONS_US:-1000 500 200 100 50 20 10 5 2 1 0.5}; target=${TARGET_S:-0.2}
fi
max_steps=${MAX_STEPS:-50000} min_eff=${MIN_EFF:-0.1}
peers="nanort nanort-taskgraph libgomp libomp starpu"

export NX_ARGS="--smp-workers=$cores" OMP_NUM_THREADS=$cores
export STARPU_NCPU=$cores STARPU_NOPENCL=0 STARPU_NCUDA=0 STARPU_SILENT=1
pin=()
if [ "$(nproc)" -gt "$cores" ]; then
  pin=(taskset -c "0-$((cores - 1))")
  STARPU_WORKERS_CPUID=$(seq -s ' ' 0 $((cores - 1))); export STARPU_WORKERS_CPUID
fi

present=""
for p in $peers; do [ -x "$bindir/$p" ] && present="$present $p"; done
[ -n "$present" ] || { echo "bench-metg: no binaries in $bindir" >&2; exit 1; }
first=${present# }; first=${first%% *}
mkdir -p "$outdir"
tsv=$outdir/metg-c$cores.tsv md=$outdir/metg-c$cores.md
load=$(cut -d' ' -f1-3 /proc/loadavg)
{
  echo "# metg cores=$cores rounds=$rounds target_s=$target date=$(date -u '+%Y-%m-%d %H:%M UTC')" \
       "nproc=$(nproc) load=$load cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "peer	duration_us	round	width	steps	seconds"
} > "$tsv"

# run_peer PEER ARGS...: seconds of one run, or "fail".
run_peer() {
  local v
  v=$(timeout -k 5 60 "${pin[@]}" "$bindir/$@" 2>/dev/null | awk '/^seconds/ {print $2}')
  echo "${v:-fail}"
}

# Iterations per microsecond, once: every runtime then runs the same bodies.
per_us=$("${pin[@]}" "$bindir/$first" --calibrate 1000) || exit 1
echo "bench-metg: $cores cores, $rounds rounds, durations (us): $durations; runtimes:$present" >&2
for r in $(seq "$rounds"); do
  declare -A done_peer=()
  for d in $durations; do
    iters=$(awk -v p="$per_us" -v d="$d" 'BEGIN {printf "%d", p * d / 1000 + 0.5}')
    steps=$(awk -v t="$target" -v d="$d" -v m="$max_steps" \
              'BEGIN {s = int(t * 1e6 / d); if (s < 20) s = 20; if (s > m) s = m; print s}')
    ideal=$(run_peer "$first" --ideal "$cores" "$steps" "$iters")
    printf 'ideal\t%s\t%s\t%s\t%s\t%s\n' "$d" "$r" "$cores" "$steps" "$ideal" >> "$tsv"
    for p in $present; do
      v=skip
      [ -n "${done_peer[$p]:-}" ] || v=$(run_peer "$p" "$cores" "$steps" "$iters")
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$d" "$r" "$cores" "$steps" "$v" >> "$tsv"
      awk -v i="$ideal" -v v="$v" -v m="$min_eff" \
        'BEGIN {exit !(v == "fail" || v == "skip" || (i + 0 > 0 && i / v < m))}' &&
        done_peer[$p]=1
    done
  done
  echo "bench-metg: round $r/$rounds done" >&2
  unset done_peer
done
python3 bench/report.py metg "$tsv" | tee "$md"
