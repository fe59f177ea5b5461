#!/usr/bin/env bash
# bench/cluster/run.sh OUT.md - cluster mode against one process, and against StarPU-MPI.
#
# Cholesky and matmul (the samples, with the tile kernels of bench/ompss/kernels.o, the
# same machine code in every variant), on one machine:
#   1 x W          one process of W workers (nanort, under mpirun -np 1 like the others)
#   N x W/N        NX_ARGS=--cluster: N ranks of W/N workers, rank 0 runs main
#   StarPU-MPI     bench/cluster/starpu_mpi.c: N ranks of W/N workers (STARPU_NCPU), tiles
#                  owned block-cyclically, owner computes; and StarPU-MPI on 1 x W
# side by side (A B C ... A B C ..., ROUNDS rounds), medians of the program's own "time:"
# (from the first task to the result back on rank 0), ratios to 1 x W.
#
# Knobs: ROUNDS (5), WORKERS (2), RANKS (2), CHOL (2048/128), MM (1024/128), BUILD, MCC,
# PREBUILT (1: use $BUILD/bench/cluster/* as they are, no compiling).
set -u
out=$1
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
ROUNDS=${ROUNDS:-5}
W=${WORKERS:-2}
RANKS=${RANKS:-2}
CHOL=${CHOL:-2048/128}
MM=${MM:-1024/128}
dir=$BUILD/bench/cluster
mkdir -p "$dir"
MPIRUN="mpirun --allow-run-as-root --oversubscribe --bind-to none"

if ! command -v mpirun >/dev/null; then
  echo "bench/cluster: no mpirun on this machine (Open MPI is not installed): nothing to run"
  exit 77
fi

# ---- build ------------------------------------------------------------------------------
if [ -z "${PREBUILT:-}" ]; then
  make -s "$BUILD/bench/ompss/kernels.o" || exit 1
  for app in cholesky matmul; do
    "$MCC" --ompss -O2 -DTILE_KERNELS_EXTERN "samples/$app/$app.c" "$BUILD/bench/ompss/kernels.o" \
      -o "$dir/$app" -lm || exit 1
  done
  if command -v mpicc >/dev/null && pkg-config --exists starpumpi-1.3; then
    mpicc -std=gnu11 -O2 -include stdbool.h bench/cluster/starpu_mpi.c \
      "$BUILD/bench/ompss/kernels.o" $(pkg-config --cflags --libs starpumpi-1.3) -lm \
      -o "$dir/starpu_mpi" || rm -f "$dir/starpu_mpi"
  fi
fi

# ---- the variants -----------------------------------------------------------------------
# run VARIANT APP N TILE: prints the program's time, or nothing when it failed
run() {
  local v=$1 app=$2 n=$3 t=$4 o
  case $v in
    one) o=$(NX_ARGS="--smp-workers=$W" $MPIRUN -np 1 "$dir/$app" "$n" "$t" 2>&1) ;;
    cluster) o=$(NX_ARGS="--cluster --smp-workers=$((W / RANKS))" \
                 $MPIRUN -np "$RANKS" "$dir/$app" "$n" "$t" 2>&1) ;;
    starpu1) o=$(STARPU_NCPU=$W $MPIRUN -np 1 "$dir/starpu_mpi" "$app" "$n" "$t" 2>&1) ;;
    starpuN) o=$(STARPU_NCPU=$((W / RANKS)) $MPIRUN -np "$RANKS" "$dir/starpu_mpi" "$app" "$n" "$t" 2>&1) ;;
  esac
  if ! printf '%s\n' "$o" | grep -q '^result: OK'; then
    printf '%s\n' "$o" | tail -n 5 >&2
    return
  fi
  printf '%s\n' "$o" | sed -n 's/^time: \([0-9.]*\) s.*/\1/p'
}

variants="one cluster"
[ -x "$dir/starpu_mpi" ] && variants="$variants starpu1 starpuN"
declare -A label=([one]="nanort 1 x $W" [cluster]="nanort $RANKS x $((W / RANKS)) (--cluster)"
                  [starpu1]="StarPU-MPI 1 x $W" [starpuN]="StarPU-MPI $RANKS x $((W / RANKS))")
declare -A times

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR) print (NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

for r in $(seq 1 "$ROUNDS"); do
  for spec in cholesky:$CHOL matmul:$MM; do
    app=${spec%%:*} size=${spec#*:}
    for v in $variants; do
      t=$(run "$v" "$app" "${size%/*}" "${size#*/}")
      [ -n "$t" ] && times[$app/$v]="${times[$app/$v]:-} $t"
    done
  done
  echo "round $r of $ROUNDS done" >&2
done

{
  echo "# Cluster mode: $RANKS ranks x $((W / RANKS)) workers against one process of $W workers"
  echo
  echo "$(date -u +%Y-%m-%d), $(hostname), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg);"
  echo "medians of $ROUNDS side-by-side rounds of the programs' own times (first task to the"
  echo "result on rank 0); ratio: time / time of nanort 1 x $W (lower is better)."
  echo
  echo "| app | size | variant | median (s) | ratio | runs |"
  echo "|---|---|---|---|---|---|"
  for spec in cholesky:$CHOL matmul:$MM; do
    app=${spec%%:*} size=${spec#*:}
    base=$(median ${times[$app/one]:-})
    for v in $variants; do
      m=$(median ${times[$app/$v]:-})
      if [ -z "$m" ]; then echo "| $app | $size | ${label[$v]} | failed | | |"; continue; fi
      ratio=$([ -n "$base" ] && awk -v a="$m" -v b="$base" 'BEGIN {printf "%.2f", a / b}')
      echo "| $app | $size | ${label[$v]} | $m | $ratio | ${times[$app/$v]} |"
    done
  done
} | tee "$out"
