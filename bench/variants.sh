#!/usr/bin/env bash
# bench/variants.sh OUT.md - nanort's scheduling variants (NX_ARGS options) side by side on
# this machine's workers: bench/micro's patterns (per-task cost) and bench/ompss's cholesky
# and matmul (seconds), every variant once per round (A B C D A B C D ...), medians over the
# rounds and each variant's ratio to the default (below 1: the variant is faster).
#
# Knobs: ROUNDS (5), WORKERS (2), STAT (median, or min: on a machine others load, the
# fastest of the rounds is the steadier figure), VARIANTS ("crit2=--critical-successors=2 ..." below),
# TILES (64 128 256), NTASKS (25600, micro), PIN (a taskset core list).  The binaries:
# build/bench/micro/nanort and build/bench/ompss/{cholesky,matmul}-mcc (bench/ompss/run.sh
# builds those; make bench-micro the first).
set -u
out=${1:-/dev/stdout}
rounds=${ROUNDS:-5}; workers=${WORKERS:-2}; ntasks=${NTASKS:-25600}
tiles=${TILES:-64 128 256}
variants=${VARIANTS:-base= crit2=--critical-successors=2 crit4=--critical-successors=4 \
spins20k=--spins=20000 spins200=--spins=200 coarse0=--coarse-us=0 coarse25=--coarse-us=25 \
steal4=--steal-batch=4}
mb=build/bench/micro/nanort ob=build/bench/ompss
export LD_LIBRARY_PATH="$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
pin=(); [ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
declare -A appn=([cholesky]=2048 [matmul]=1024)
raw=$(mktemp); trap 'rm -f "$raw"' EXIT
iters=$("$mb" --calibrate 5) || exit 1
for r in $(seq "$rounds"); do
  for v in $variants; do
    name=${v%%=*} nx="--smp-workers=$workers ${v#*=}"
    for pat in indep chain stencil fan; do
      t=$(NX_ARGS="$nx" "${pin[@]}" "$mb" $pat "$iters" "$ntasks" 2>/dev/null | awk '/^ns_per_task/ {print $2}')
      echo "micro-$pat spin $name ${t:-fail}" >> "$raw"
    done
    for app in cholesky matmul; do
      for tile in $tiles; do
        t=$(NX_ARGS="$nx" "${pin[@]}" "$ob/$app-mcc" "${appn[$app]}" "$tile" 2>/dev/null | awk '/^time/ {print $2}')
        echo "$app $tile $name ${t:-fail}" >> "$raw"
      done
    done
  done
  echo "variants: round $r/$rounds done ($(cut -d' ' -f1 /proc/loadavg) load)" >&2
done
python3 - "$raw" "$rounds" "$workers" "${STAT:-median}" $(for v in $variants; do echo "${v%%=*}"; done) <<'PY' > "$out"
import sys, statistics as st
raw, rounds, workers, stat, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
pick = min if stat == "min" else st.median
d = {}
for line in open(raw):
    what, arg, v, t = line.split()
    if t != "fail":
        d.setdefault((what, arg), {}).setdefault(v, []).append(float(t))
print(f"{workers} workers, {stat} of {rounds} alternating rounds; micro: ns per task (5 us spin "
      "bodies), apps: seconds; then each variant / base")
print()
print("| run | arg | " + " | ".join(names) + " | " + " | ".join(f"{v} / base" for v in names[1:]) + " |")
print("|---|---|" + "---:|" * (2 * len(names) - 1))
for (what, arg), vs in d.items():
    m = {v: pick(x) for v, x in vs.items()}
    b = m.get(names[0])
    cells = [f"{m[v]:.4g}" if v in m else "fail" for v in names]
    cells += [f"{m[v] / b:.2f}" if v in m and b else "-" for v in names[1:]]
    print(f"| {what} | {arg} | " + " | ".join(cells) + " |")
PY
cat "$out"
