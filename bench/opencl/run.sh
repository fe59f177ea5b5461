#!/usr/bin/env bash
# bench/opencl/run.sh [OUT.md]: each OpenCL sample against its hand-written OpenCL host.
#
# For each sample: build ours with mcc (samples/NAME/NAME.c, kernel embedded), then run
# ours (OpenCL versions forced, --summary) and the host (build/bench/opencl/NAME_host) on
# the same arguments alternately, A B A B ..., REPS times each.  Reported: medians of the
# end-to-end wall time of the process (start, data set-up, transfers, kernels, the
# program's own check, exit) and of the timed region each program prints ("time:", from
# the first transfer or task to the data back on the host), their ratios ours / host, and
# the bytes moved (bench/opencl/transfers.sh: ours from a traced run, exact, the host's
# its own count of what it enqueued).  A run whose result check fails is reported.
#
# Environment: BUILD, MCC, BENCH_OCL_REPS (5), BENCH_OCL_NAMES (all five),
# SOCL_FORCE_OPENCL (NX_ARGS that force the OpenCL versions), BENCH_OCL_WORKERS (2).
set -u
out=${1:-bench/results/opencl.md}
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
REPS=${BENCH_OCL_REPS:-5}
NAMES=${BENCH_OCL_NAMES:-saxpy blackscholes sobel dct aes}
FORCE=${SOCL_FORCE_OPENCL:---dispatch=affinity}
WORKERS=${BENCH_OCL_WORKERS:-2}
dir=$BUILD/bench/opencl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The samples' default sizes, written out so both programs surely get the same.
bench_args() {
  case $1 in
    saxpy) echo 16777216 1048576 8 ;;
    blackscholes) echo 4194304 262144 4 ;;
    sobel) echo 4096 4096 256 ;;
    dct) echo 2048 2048 128 ;;
    aes) echo 8294400 1048576 ;;
  esac
}

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan";
  else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# run_one TAG LOG CMD...: run, append the wall seconds and the "time:" seconds to
# $tmp/TAG.wall and $tmp/TAG.region; count a failed check in $tmp/TAG.bad.
run_one() {
  local tag=$1 log=$2
  shift 2
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > "$log" 2>&1
  local st=$?
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }' >> "$tmp/$tag.wall"
  sed -n 's/^time: \([0-9.e+-]*\) s.*/\1/p' "$log" | head -n 1 >> "$tmp/$tag.region"
  if [ $st != 0 ] || ! grep -q '^result: OK' "$log"; then
    echo x >> "$tmp/$tag.bad"
    echo "run.sh: $tag failed (exit $st):" >&2
    tail -n 5 "$log" >&2
  fi
}

# Tasks the OpenCL spaces ran, from a --summary (the last 8 columns of a space's row).
ours_tasks() {
  awk '/^devices \(/ { on = 1; next } /^[^ ]/ { on = 0 } on && $1 ~ /^opencl/ && NF >= 9 { t += $(NF - 7) }
       END { print t + 0 }' "$1"
}
mib() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1048576 }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || b == 0) print "n/a";
  else printf "%.2f", a / b }'; }

device=$("$dir/saxpy_host" 1024 1024 1 2>/dev/null | sed -n 's/^transfers:.*(\(.*\))$/\1/p')
{
  echo "# OpenCL samples: mcc + nanort against hand-written OpenCL hosts"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, device: ${device:-none}, $REPS runs each"
  echo "(alternating), medians. ours: NX_ARGS=\"--smp-workers=$WORKERS $FORCE --summary\"."
  echo "wall: whole process; region: the program's own \"time:\" (transfers + kernels)."
  echo "ratio: ours / host (below 1.10 is the goal). MiB: host->device / device->host."
  echo
  echo "| sample | arguments | wall ours | wall host | ratio | region ours | region host | ratio | MiB in ours / host | MiB out ours / host | bytes ours <= host | tasks on OpenCL | checks |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} > "$out"

for n in $NAMES; do
  args=$(bench_args "$n")
  ours=$dir/$n
  if ! "$MCC" --ompss -O2 "samples/$n/$n.c" -o "$ours" -lm > "$tmp/$n.build" 2>&1; then
    echo "run.sh: mcc failed on samples/$n/$n.c:" >&2
    tail -n 5 "$tmp/$n.build" >&2
    echo "| $n | $args | mcc failed | | | | | | | | | | |" >> "$out"
    continue
  fi
  for r in $(seq "$REPS"); do
    NX_ARGS="--smp-workers=$WORKERS $FORCE --summary" run_one ours "$tmp/ours.log" "$ours" $args
    run_one host "$tmp/host.log" "$dir/${n}_host" $args
  done
  otasks=$(ours_tasks "$tmp/ours.log")
  # Exact bytes: one more run of each, ours traced (bench/opencl/transfers.sh).
  xfer=$(SOCL_FORCE_OPENCL="$FORCE" bench/opencl/transfers.sh "$ours" "$dir/${n}_host" $args | tail -n 1)
  read -r oin oout opeer hin hout verdict < <(echo "$xfer" |
    sed -n 's/^transfers: ours in \([0-9]*\) out \([0-9]*\) peer \([0-9]*\), host in \([0-9]*\) out \([0-9]*\): \(.*\)/\1 \2 \3 \4 \5 \6/p')
  ow=$(median "$tmp/ours.wall") hw=$(median "$tmp/host.wall")
  orr=$(median "$tmp/ours.region") hr=$(median "$tmp/host.region")
  ntasks=$(sed -n 's/.* \([0-9][0-9]*\) tasks.*/\1/p' "$tmp/ours.log" | head -n 1)
  bad_o=$(cat "$tmp/ours.bad" 2>/dev/null | wc -l) bad_h=$(cat "$tmp/host.bad" 2>/dev/null | wc -l)
  checks="OK"
  [ "$bad_o$bad_h" = 00 ] || checks="FAILED: ours $bad_o, host $bad_h of $REPS"
  [ -n "${verdict:-}" ] || { echo "run.sh: transfers.sh: $xfer" >&2; verdict="n/a"; }
  printf '| %s | %s | %.3f | %.3f | %s | %.3f | %.3f | %s | %s / %s | %s / %s | %s | %s of %s | %s |\n' \
    "$n" "$args" "$ow" "$hw" "$(ratio "$ow" "$hw")" "$orr" "$hr" "$(ratio "$orr" "$hr")" \
    "$(mib "${oin:-0}")" "$(mib "${hin:-0}")" "$(mib "${oout:-0}")" "$(mib "${hout:-0}")" \
    "$verdict" "$otasks" "${ntasks:-?}" "$checks" >> "$out"
  unset oin oout opeer hin hout verdict
  rm -f "$tmp"/ours.* "$tmp"/host.*
done
cat "$out"
