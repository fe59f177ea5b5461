#!/usr/bin/env bash
# scripts/gpu-learned-times.sh - are the times versioning learns for a device task the
# device's (issue 22)?  Identical runs of samples/matmul_dev (smp + OpenCL + CUDA versions
# of one tile product) must learn medians within a few percent of each other and of the
# kernel time the device itself measured (the --trace kernel spans, clock "device").
#
#   scripts/gpu-learned-times.sh build   here: mcc builds build/learned/matmul (with nvcc)
#   scripts/gpu-learned-times.sh run     on the GPU machine, build/ carried: RUNS (5) runs per
#                                        device kind (NVIDIA OpenCL, then CUDA), each with a
#                                        fresh --perf-model-dir; prints the learned median of
#                                        the device version per run (nanort-perfmodel), the
#                                        device's median kernel span over the same last
#                                        NRT_PERF_WINDOW (16) instances the model keeps, and
#                                        the spreads; exit 1
#                                        when a run is off by more than TOL percent (5)
#                                        (OCL_TYPE=all tries it on PoCL's CPU device)
# Output also goes to $OUT (or build/gpu-results)/learned-times.txt.
set -u
part=${1:-run}
N=${N:-2048}; BS=${BS:-512}; RUNS=${RUNS:-5}; TOL=${TOL:-5}
bin=build/learned/matmul
if [ "$part" = build ]; then
  mkdir -p build/learned
  build/bin/mcc --ompss -O2 -DWITH_CUDA samples/matmul_dev/matmul.c samples/matmul_dev/matmul.cl \
    samples/matmul_dev/matmul.cu -o "$bin" -lm
  exit $?
fi
out=${OUT:-build/gpu-results}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin
if [ ! -f /etc/OpenCL/vendors/nvidia.icd ] && [ -w /etc ]; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x "$bin" ] || { echo "no $bin: run '$0 build' on the build machine first"; exit 1; }
measure() {
status=0
for kind in opencl cuda; do
  case $kind in
    opencl) off="--disable-cuda --opencl-device-type=${OCL_TYPE:-gpu}" ;;
    cuda) off="--disable-opencl" ;;
  esac
  for r in $(seq 1 "$RUNS"); do
    d=$(mktemp -d)
    NX_ARGS="--smp-workers=4 $off --perf-model-dir=$d --trace=$d/t.json" "$bin" "$N" "$BS" \
      > "$d/out" 2>&1 || { cat "$d/out"; echo "$kind run $r failed"; status=1; continue; }
    python3 - "$d" "$kind" "$r" <<'PY'
import glob, json, statistics, sys
d, kind, r = sys.argv[1:4]
ev = json.load(open(d + "/t.json"))["traceEvents"]
# the device's spans in the order they started (the manager finishes, and the model
# records, its tasks in that order); the model keeps the last NRT_PERF_WINDOW
# samples, so the learned median is compared with the median of the same last spans
spans = [e["dur"] * 1000 for e in sorted(
            (e for e in ev if e.get("ph") == "X" and e.get("cat") == "task"
             and e["args"]["device"] != "smp" and e["args"]["clock"] == "device"),
            key=lambda e: e["ts"])]
rows = [l.split("\t") for l in open(glob.glob(d + "/nanort-perf-*.txt")[0]).read().splitlines()[1:]]
dev = [f for f in rows if f[2] != "smp"]
if not dev or not spans:
    print("%s run %s: no device model or no device spans" % (kind, r)); sys.exit(0)
samples = [float(x) for x in dev[0][5:]]
learned = statistics.median(samples)
measured = statistics.median(spans[-len(samples):])
everything = statistics.median(spans)
print("%s run %s: learned median %.1f us (%s, %d samples), device's median kernel %.1f us "
      "over the same last %d (%.1f us over all %d), ratio %.3f" % (
          kind, r, learned / 1e3, dev[0][2], len(samples), measured / 1e3, len(samples),
          everything / 1e3, len(spans), learned / measured))
open(d + "/summary", "w").write("%f %f\n" % (learned, measured))
PY
    cat "$d/summary" >> "$out/learned-$kind.dat" 2>/dev/null
    rm -rf "$d"
  done
  if [ -s "$out/learned-$kind.dat" ]; then
    awk -v tol="$TOL" -v k="$kind" '{l[NR] = $1; m[NR] = $2} END {
        lo = hi = l[1]; bad = 0
        for (i = 1; i <= NR; i++) {
          if (l[i] < lo) lo = l[i]; if (l[i] > hi) hi = l[i]
          if (l[i] > m[i] * (1 + tol / 100) || l[i] < m[i] * (1 - tol / 100)) bad++ }
        printf "%s: %d runs, learned medians %.1f..%.1f us (spread %.1f%%), %d off the device by more than %s%%\n",
               k, NR, lo / 1e3, hi / 1e3, 100 * (hi - lo) / lo, bad, tol
        exit bad > 0 || (hi - lo) / lo > tol / 100 }' "$out/learned-$kind.dat" || status=1
    rm -f "$out/learned-$kind.dat"
  else
    echo "$kind: no run learned a device time (no such device here?)"; status=1
  fi
done
return $status
}
measure 2>&1 | tee "$out/learned-times.txt"
exit "${PIPESTATUS[0]}"
