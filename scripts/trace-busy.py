#!/usr/bin/env python3
# scripts/trace-busy.py TRACE.json... - from nanort --trace files: span of the tasks (first start to
# last end), busy share, per worker first start / last end / tasks / busy time, and how many
# workers were busy in each twentieth of the span (where a run loses its parallelism:
# start ramp, creation phase, critical-path tail).  bench/ompss/README.md uses it.
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f)); ev = d['traceEvents'] if isinstance(d, dict) else d
    X = [e for e in ev if e.get('ph') == 'X' and e.get('cat') == 'task']
    t0 = min(e['ts'] for e in X); t1 = max(e['ts'] + e['dur'] for e in X)
    span = t1 - t0
    W = sorted({e['tid'] for e in X})
    busy = sum(e['dur'] for e in X)
    print(f"{f}: {len(X)} tasks, span {span/1000:.2f} ms (first start to last end), busy {busy/1000:.1f} ms, "
          f"efficiency {busy/span/len(W):.3f} over {len(W)} workers, mean body {busy/len(X):.1f} us")
    # per worker: first start, last end, tasks, busy
    for w in W:
        xs = [e for e in X if e['tid'] == w]
        print(f"  w{w:2d}: first {(min(e['ts'] for e in xs)-t0)/1000:6.2f} last-end {(max(e['ts']+e['dur'] for e in xs)-t0)/1000:6.2f} ms  tasks {len(xs):3d} busy {sum(e['dur'] for e in xs)/1000:6.2f} ms")
    # workers busy per 10th of the span
    nb = 20; bins = [0.0]*nb
    for e in X:
        a, b = e['ts']-t0, e['ts']-t0+e['dur']
        for k in range(nb):
            lo, hi = span*k/nb, span*(k+1)/nb
            ov = min(b, hi) - max(a, lo)
            if ov > 0: bins[k] += ov
    print("  busy workers per 1/20 of the span:", " ".join(f"{b/(span/nb):.1f}" for b in bins))
