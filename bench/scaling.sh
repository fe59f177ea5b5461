#!/usr/bin/env bash
# Speedup curves of the cholesky and matmul samples: 1..MAX workers, mcc + nanort against
# the same programs with OpenMP depend (gcc/libgomp, clang/libomp), over the sequential
# program (bench/README.md, "Speedup curves").
#
#   bench/scaling.sh [--max-workers N] [--quick] [--bindir DIR] [--out FILE.tsv]
#
# DIR holds APP-seq, APP-libgomp, APP-libomp (tests/ompss/module.mk builds them, like
# bench-ompss); APP-mcc is built here by mcc from samples/APP/APP.c.  In every round each
# worker count runs the variants one after the other (A B C A B C ...), the sequential
# program once per round.  When the machine has more cores than N, runs are pinned to cores
# 0..N-1.  Default N = the number of cores; N = 16 on the GPU host.
# Environment: ROUNDS (5; 3 with --quick), CHOL_N (2048), MM_N (1024), TILE (128),
# MCC (build/bin/mcc).
set -u
BUILD=${BUILD:-build}
maxw=$(nproc) quick=0 bindir=$BUILD/bench/ompss out=bench/results/scaling.tsv
while [ $# -gt 0 ]; do
  case $1 in
    --max-workers) maxw=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --bindir) bindir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: bench/scaling.sh [--max-workers N] [--quick] [--bindir DIR] [--out FILE.tsv]" >&2
       exit 2 ;;
  esac
done
rounds=${ROUNDS:-$([ $quick = 1 ] && echo 3 || echo 5)}
MCC=${MCC:-$BUILD/bin/mcc}
tile=${TILE:-128}
declare -A N=([cholesky]=${CHOL_N:-2048} [matmul]=${MM_N:-1024})
work=$BUILD/bench/scaling
mkdir -p "$work" "$(dirname "$out")"
pin=()
[ "$(nproc)" -gt "$maxw" ] && pin=(taskset -c "0-$((maxw - 1))")

# The mcc build counts only when mcc really lowered the pragmas to nanort tasks.
declare -A bin=()
for app in cholesky matmul; do
  src=samples/$app/$app.c
  if [ -n "${MCC_PREBUILT:-}" ] && [ -x "$work/$app-mcc" ]; then
    bin[$app/mcc]=$work/$app-mcc      # built beforehand (a machine without mcc's tools)
  elif "$MCC" --ompss -O2 -y "$src" -o "$work/$app.mcc.c" > "$work/$app.log" 2>&1 &&
     grep -q nanort_task_submit "$work/$app.mcc.c" &&
     "$MCC" --ompss -O2 -DTILE_KERNELS_EXTERN "$src" "$bindir/kernels.o" -o "$work/$app-mcc" -lm \
       >> "$work/$app.log" 2>&1; then
    bin[$app/mcc]=$work/$app-mcc
  else
    echo "bench-scaling: no mcc + nanort build of $app (see $work/$app.log)" >&2
  fi
  for v in seq libgomp libomp; do
    [ -x "$bindir/$app-$v" ] && bin[$app/$v]=$bindir/$app-$v
  done
done

# one APP VARIANT WORKERS: seconds of one run (the program's own "time:"), or "fail".
one() {
  local o
  o=$(NX_ARGS="--smp-workers=$3" OMP_NUM_THREADS=$3 timeout -k 5 300 "${pin[@]}" \
      "${bin[$1/$2]}" "${N[$1]}" "$tile" 2>&1)
  if [ $? = 0 ] && grep -q '^result: OK' <<< "$o"; then
    sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<< "$o"
  else
    echo fail
  fi
}

{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average at the start" \
       "$(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds, tile $tile," \
       "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  printf 'app\tn\ttile\tvariant\tworkers\tround\tseconds\n'
} > "$out"
echo "bench-scaling: 1..$maxw workers, $rounds rounds, tile $tile" >&2
for r in $(seq "$rounds"); do
  for app in cholesky matmul; do
    for w in seq $(seq "$maxw"); do
      for v in mcc libgomp libomp; do
        if [ "$w" = seq ]; then v=seq; w=1; fi
        [ -n "${bin[$app/$v]:-}" ] || continue
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$app" "${N[$app]}" "$tile" "$v" "$w" "$r" \
               "$(one "$app" "$v" "$w")" >> "$out"
        [ "$v" = seq ] && break
      done
    done
  done
  echo "bench-scaling: round $r/$rounds done" >&2
done
echo "bench-scaling: wrote $out" >&2
