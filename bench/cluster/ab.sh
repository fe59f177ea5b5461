#!/usr/bin/env bash
# bench/cluster/ab.sh [OUT.md] - A/B: one process of W workers (A) against N ranks of W/N
# workers under --cluster (B), on cholesky and matmul, run alternately (A B A B ...,
# ROUNDS rounds), medians of the programs' own "time:" lines and the ratio B / A (lower is
# better; the goal of issue 18 is at most 1.15).
#
# A and B are specs NP:WORKERS:NX_ARGS, so the same script compares two cluster
# configurations as well (an option on and off, two --cluster-inflight values):
#   A   default "1:W:"              (one process, --smp-workers=W)
#   B   default "N:W/N:--cluster"   (N ranks, --smp-workers=W/N)
#   e.g. A="2:1:--cluster --cluster-take-back=no" B="2:1:--cluster" bench/cluster/ab.sh
# A_LIB, B_LIB: a directory with another build's libnanort.so and libnanort-mpi.so for A's
# (B's) runs (LD_LIBRARY_PATH, ahead of the programs' runpath): two builds side by side.
# Knobs: W (2), N (2), ROUNDS (5), CHOL (1024/128), MM (512/128), BUILD, MCC, PREBUILT (1:
# take $BUILD/bench/cluster/{cholesky,matmul} as they are, as bench/cluster/run.sh builds
# them, with the tile kernels of bench/ompss/kernels.o).  On a machine with fewer cores
# than the ranks' workers, compare ratios of runs made side by side only.
set -u
out=${1:-/dev/stdout}
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
W=${W:-2}
N=${N:-2}
ROUNDS=${ROUNDS:-5}
CHOL=${CHOL:-1024/128}
MM=${MM:-512/128}
A=${A:-1:$W:}
B=${B:-$N:$((W / N)):--cluster}
dir=$BUILD/bench/cluster
MPIRUN="mpirun --allow-run-as-root --oversubscribe --bind-to none"

if ! command -v mpirun >/dev/null; then
  echo "bench/cluster/ab.sh: no mpirun here (Open MPI is not installed): nothing to run" >&2
  exit 77
fi
mkdir -p "$dir"
if [ -z "${PREBUILT:-}" ]; then
  make -s "$BUILD/bench/ompss/kernels.o" || exit 1
  for app in cholesky matmul; do
    "$MCC" --ompss -O2 -DTILE_KERNELS_EXTERN "samples/$app/$app.c" \
      "$BUILD/bench/ompss/kernels.o" -o "$dir/$app" -lm || exit 1
  done
fi

# run SPEC LIBDIR APP N TILE: the program's time, or nothing (its last lines on stderr)
# when it failed
run() {
  local np=${1%%:*} rest=${1#*:}
  local w=${rest%%:*} args=${rest#*:} o
  o=$(LD_LIBRARY_PATH="$2${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      NX_ARGS="--smp-workers=$w $args" $MPIRUN -np "$np" "$dir/$3" "$4" "$5" 2>&1)
  if ! printf '%s\n' "$o" | grep -q '^result: OK'; then
    printf '%s\n' "$o" | tail -n 5 >&2
    return
  fi
  printf '%s\n' "$o" | sed -n 's/^time: \([0-9.]*\) s.*/\1/p'
}

median() {
  printf '%s\n' "$@" | sort -g |
    awk '{a[NR] = $1} END {if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'
}

declare -A times
for r in $(seq 1 "$ROUNDS"); do
  for spec in cholesky:$CHOL matmul:$MM; do
    app=${spec%%:*} size=${spec#*:}
    for v in A B; do
      lib=${v}_LIB
      t=$(run "${!v}" "${!lib:-}" "$app" "${size%/*}" "${size#*/}")
      [ -n "$t" ] && times[$app/$v]="${times[$app/$v]:-} $t"
    done
  done
  echo "ab: round $r of $ROUNDS done" >&2
done

{
  echo "A/B, $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "A = ranks:workers:NX_ARGS \"$A\"${A_LIB:+ (libraries of $A_LIB)}, B = \"$B\"${B_LIB:+ (libraries of $B_LIB)};"
  echo "medians of $ROUNDS alternating rounds"
  echo
  echo "| app | size | A median (s) | B median (s) | B / A | A runs | B runs |"
  echo "|---|---|---|---|---|---|---|"
  for spec in cholesky:$CHOL matmul:$MM; do
    app=${spec%%:*} size=${spec#*:}
    a=$(median ${times[$app/A]:-}) b=$(median ${times[$app/B]:-})
    ratio=$([ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f", b / a}')
    echo "| $app | $size | ${a:-failed} | ${b:-failed} | ${ratio:-} |${times[$app/A]:-} |${times[$app/B]:-} |"
  done
} > "$out"
