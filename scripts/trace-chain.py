#!/usr/bin/env python3
# scripts/trace-chain.py TRACE.json... - from nanort --trace files: the chain of tasks that
# ended the run, followed back from the task that ended last through, at each step, the
# predecessor that finished last (the one that made the task ready).  For that chain it
# sums the task bodies and the waits (a task's start minus its last predecessor's end: the
# time it sat ready in a queue, or waited for a worker).  A run whose waits on that chain
# are a large share of the span loses time to scheduling order (the critical path was not
# run first); one whose chain is mostly bodies is bound by its critical path, and one
# whose chain starts late was waiting for the creating thread.
import bisect, json, sys


def nearest(points, tid, ts):
    """The task on worker tid whose time point (start or end) is nearest to ts, within 5 ns
    (the trace prints microseconds with 3 decimals, so an end is ts + dur rounded)."""
    xs = points.get(tid)
    if not xs:
        return None
    k = bisect.bisect_left(xs, (ts, -1))
    best = None
    for j in (k - 1, k):
        if 0 <= j < len(xs) and abs(xs[j][0] - ts) <= 0.005 and \
           (best is None or abs(xs[j][0] - ts) < abs(best[0] - ts)):
            best = xs[j]
    return best[1] if best else None


def load(f):
    d = json.load(open(f))
    ev = d['traceEvents'] if isinstance(d, dict) else d
    tasks = [e for e in ev if e.get('ph') == 'X' and e.get('cat') == 'task']
    ends, starts = {}, {}
    for i, e in enumerate(tasks):
        ends.setdefault(e['tid'], []).append((e['ts'] + e['dur'], i))
        starts.setdefault(e['tid'], []).append((e['ts'], i))
    for xs in list(ends.values()) + list(starts.values()):
        xs.sort()
    src, preds = {}, [[] for _ in tasks]
    for e in ev:
        if e.get('cat') != 'dep':
            continue
        if e['ph'] == 's':
            i = nearest(ends, e['tid'], e['ts'])
            if i is not None:
                src[e['id']] = i
        elif e['ph'] == 'f' and e['id'] in src:
            i = nearest(starts, e['tid'], e['ts'])
            if i is not None:
                preds[i].append(src[e['id']])
    return tasks, preds


for f in sys.argv[1:]:
    tasks, preds = load(f)
    if not tasks:
        print(f"{f}: no tasks")
        continue
    t0 = min(e['ts'] for e in tasks)
    end = lambda i: tasks[i]['ts'] + tasks[i]['dur']
    span = max(end(i) for i in range(len(tasks))) - t0
    i = max(range(len(tasks)), key=end)
    chain, body, wait, waits = [], 0.0, 0.0, {}
    while True:
        chain.append(i)
        body += tasks[i]['dur']
        if not preds[i]:
            break
        p = max(preds[i], key=end)
        w = max(0.0, tasks[i]['ts'] - end(p))
        wait += w
        waits[tasks[i]['name']] = waits.get(tasks[i]['name'], 0.0) + w
        i = p
    head = tasks[chain[-1]]['ts'] - t0
    print(f"{f}: {len(tasks)} tasks, span {span / 1000:.2f} ms; the chain that ended it: "
          f"{len(chain)} tasks, bodies {body / 1000:.2f} ms, waits {wait / 1000:.2f} ms, "
          f"first start {head / 1000:.2f} ms after the run's first task")
    print("  waits by the waiting task's name (ms): " +
          ", ".join(f"{k} {v / 1000:.2f}" for k, v in sorted(waits.items(), key=lambda kv: -kv[1])))
    linked = sum(1 for p in preds if p)
    print(f"  {linked} of {len(tasks)} tasks have a traced predecessor")
