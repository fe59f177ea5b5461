#!/bin/sh
# timeline.sh BINARY - tests/devices/opencl/timeline.c under --summary and --trace: the summary has
# a device timeline line with kernel time > 0, copy time in and out > 0 and an overlap
# between 0 and 100%; the trace is valid (tests/instr/check_trace.py) and has spans timed
# by the device on the device's kernel, host->device and device->host tracks, and no
# host-timed transfer span left there.  77 when no OpenCL device is usable.
bin=$1
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "timeline.sh: $*"; exit 1; }
NX_ARGS="${NX_ARGS:-} --summary --trace=$tmp/t.json" "$bin" > "$tmp/out" 2>&1; st=$?
cat "$tmp/out"
[ $st = 77 ] && exit 77
[ $st = 0 ] || fail "the run failed (exit $st)"
python3 - "$tmp/out" <<'PY' || fail "no plausible device timeline line in --summary"
import re, sys
unit = {"s": 1e9, "ms": 1e6, "us": 1e3}
t = lambda v, u: float(v) * unit[u]
lines = [l for l in open(sys.argv[1]) if re.match(r"\s+opencl0\s+kernels ", l)]
if len(lines) != 1:
    sys.exit("expected one timeline line for opencl0, found %d" % len(lines))
m = re.search(r"kernels ([\d.]+) (s|ms|us), copies in ([\d.]+) (s|ms|us), out ([\d.]+) "
              r"(s|ms|us).*; (\d+)% of copy time overlapped kernels", lines[0])
if not m:
    sys.exit("unparsed: " + lines[0])
k, cin, cout = t(m[1], m[2]), t(m[3], m[4]), t(m[5], m[6])
pct = int(m[7])
ok = k > 0 and cin > 0 and cout > 0 and 0 <= pct <= 100
print("timeline: kernels %.0f ns, in %.0f ns, out %.0f ns, overlap %d%%: %s"
      % (k, cin, cout, pct, "plausible" if ok else "WRONG"))
sys.exit(0 if ok else 1)
PY
python3 "$here/../../instr/check_trace.py" "$tmp/t.json" --tasks burn=16 --total 16 --transfers \
  || fail "trace check"
python3 - "$tmp/t.json" <<'PY' || fail "device-timed spans missing from the device tracks"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = {(e["pid"], e["tid"]): e["args"]["name"] for e in ev
         if e.get("ph") == "M" and e.get("name") == "thread_name"}
spans = [e for e in ev if e.get("ph") == "X" and e.get("pid", 1) > 1]
def on(queue, cat):
    return [e for e in spans if e.get("cat") == cat and names[(e["pid"], e["tid"])].endswith(queue)]
k, i, o = on(" kernels", "task"), on(" host->device", "transfer"), on(" device->host", "transfer")
print("device tracks: %d kernel spans, %d host->device, %d device->host" % (len(k), len(i), len(o)))
if not (len(k) == 16 and i and o):
    sys.exit(1)
host = [e for e in k + i + o if e["args"].get("clock") != "device"]
if host:
    sys.exit("spans not timed by the device: %r" % host[:3])
PY
echo "timeline.sh: device timeline right"
