#!/bin/sh
# device_time.sh - a device task's learned time is its time on the device: every time the
# performance model keeps for the OpenCL version of samples/saxpy is the length of one of
# that task's kernel spans as the device measured them (the --trace spans with clock
# "device"), not the manager thread's busy interval around it.  Skipped without an
# OpenCL device (PoCL here).  Environment: BUILD, MCC.
set -u
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$MCC" --ompss -O2 samples/saxpy/saxpy.c samples/saxpy/saxpy.cl -o "$tmp/saxpy" -lm || fail "mcc"
NX_ARGS="--smp-workers=2 --perf-model-dir=$tmp --trace=$tmp/t.json --versioning-min-trials=12" \
  "$tmp/saxpy" 2097152 262144 8 > "$tmp/out" 2>&1 || { cat "$tmp/out"; fail "saxpy failed"; }
cat "$tmp/out"
python3 - "$tmp" <<'PY'
import glob, json, sys
tmp = sys.argv[1]
ev = json.load(open(tmp + "/t.json"))["traceEvents"]
spans = [round(e["dur"] * 1000) for e in ev if e.get("ph") == "X" and e.get("cat") == "task"
         and e["args"]["device"] != "smp" and e["args"]["clock"] == "device"]
if not spans:
    print("skipped: no OpenCL kernel ran on a device here"); sys.exit(77)
model = open(glob.glob(tmp + "/nanort-perf-*.txt")[0]).read().splitlines()[1:]
dev = [l.split("\t") for l in model if l.split("\t")[2] != "smp"]
if not dev:
    sys.exit("FAIL: no model of a device implementation")
times = [float(x) for f in dev for x in f[5:]]
bad = [t for t in times if not any(abs(t - s) <= 2 for s in spans)]
print("%d device samples in the model, %d kernel spans, %d not a span's length: %s"
      % (len(times), len(spans), len(bad), bad[:8]))
sys.exit(1 if bad or len(times) < 8 else 0)
PY
