#!/usr/bin/env python3
"""check_trace.py - validate a nanort --trace file (Chrome trace-event JSON).

usage: check_trace.py TRACE [--tasks LABEL=N ...] [--total N] [--flows N | --min-flows N]
                            [--transfers]

Checks: the file is JSON with a traceEvents list; X events have numeric ts >= 0 and
dur >= 0; B/E events balance per track; the spans of a track nest or are disjoint; every track with spans is named by a
thread_name metadata event; one task span per task id; the span count per label (and
in total) is the expected one; every flow has one "s" and one "f" event, each inside a
span of its track; with --transfers, transfer spans with bytes > 0 exist.
Prints what is wrong and exits 1, else prints a one-line summary and exits 0.
"""
import collections
import json
import sys


def fail(msg):
    print("check_trace: " + msg)
    sys.exit(1)


def parse_args(argv):
    opts = {"trace": None, "labels": {}, "total": None, "flows": None, "min_flows": None,
            "transfers": False}
    it = iter(argv)
    for a in it:
        if a == "--tasks":
            label, n = next(it).split("=")
            opts["labels"][label] = int(n)
        elif a == "--total":
            opts["total"] = int(next(it))
        elif a == "--flows":
            opts["flows"] = int(next(it))
        elif a == "--min-flows":
            opts["min_flows"] = int(next(it))
        elif a == "--transfers":
            opts["transfers"] = True
        else:
            opts["trace"] = a
    if not opts["trace"]:
        fail("no trace file given")
    return opts


def check_events(events):
    """Shapes of the events; returns the spans per track and the named tracks."""
    spans = collections.defaultdict(list)
    named = set()
    depth = collections.Counter()
    for e in events:
        ph = e.get("ph")
        track = (e.get("pid"), e.get("tid"))
        if ph == "M":
            if e.get("name") == "thread_name":
                named.add(track)
            continue
        ts = e.get("ts")
        if not isinstance(ts, (int, float)) or ts < 0:
            fail("event without a valid ts: %r" % e)
        if ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                fail("X event with a bad dur: %r" % e)
            spans[track].append(e)
        elif ph == "B":
            depth[track] += 1
        elif ph == "E":
            depth[track] -= 1
            if depth[track] < 0:
                fail("E without B on track %r" % (track,))
        elif ph not in ("s", "f", "t", "i", "I", "C"):
            fail("unexpected phase %r" % ph)
    for track, d in depth.items():
        if d:
            fail("%d unbalanced B events on track %r" % (d, track))
    for track in spans:
        if track not in named:
            fail("track %r has spans but no thread_name" % (track,))
    return spans


def check_nesting(spans):
    """Spans of one track must nest or be disjoint (what the viewers can draw)."""
    eps = 1e-3
    for track, ss in spans.items():
        stack = []
        for s in sorted(ss, key=lambda s: (s["ts"], -s["dur"])):
            while stack and s["ts"] >= stack[-1] - eps:
                stack.pop()
            end = s["ts"] + s["dur"]
            if stack and end > stack[-1] + eps:
                fail("span %r on track %r overlaps the one around it without nesting"
                     % (s.get("name"), track))
            stack.append(end)


def inside(spans, e):
    eps = 1e-6
    return any(s["ts"] - eps <= e["ts"] <= s["ts"] + s["dur"] + eps
               for s in spans.get((e.get("pid"), e.get("tid")), []))


def check_flows(events, spans):
    ends = collections.defaultdict(dict)
    for e in events:
        if e.get("ph") in ("s", "f"):
            if e["ph"] in ends[e.get("id")]:
                fail("flow id %r has two %r events" % (e.get("id"), e["ph"]))
            ends[e.get("id")][e["ph"]] = e
            if not inside(spans, e):
                fail("flow event outside every span of its track: %r" % e)
    for fid, pair in ends.items():
        if set(pair) != {"s", "f"}:
            fail("flow id %r lacks its %s event" % (fid, "f" if "s" in pair else "s"))
        if pair["f"].get("bp") != "e":
            fail("flow id %r: the f event should bind to its enclosing slice (bp e)" % fid)
    return len(ends)


def main():
    o = parse_args(sys.argv[1:])
    with open(o["trace"]) as f:
        try:
            doc = json.load(f)
        except ValueError as err:
            fail("not JSON: %s" % err)
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(events, list):
        fail("no traceEvents list")
    spans = check_events(events)
    check_nesting(spans)
    tasks = [e for ss in spans.values() for e in ss if e.get("cat") == "task"]
    ids = collections.Counter(e["args"]["task"] for e in tasks)
    dup = [i for i, n in ids.items() if n > 1]
    if dup:
        fail("tasks with more than one span: %r" % dup[:10])
    for e in tasks:
        a = e.get("args", {})
        if not a.get("implementation") or not a.get("device"):
            fail("task span without implementation/device: %r" % e)
    per_label = collections.Counter(e["name"] for e in tasks)
    for label, n in o["labels"].items():
        if per_label[label] != n:
            fail("%d spans labelled %r, expected %d" % (per_label[label], label, n))
    if o["total"] is not None and len(tasks) != o["total"]:
        fail("%d task spans, expected %d" % (len(tasks), o["total"]))
    nflows = check_flows(events, spans)
    if o["flows"] is not None and nflows != o["flows"]:
        fail("%d dependence flows, expected %d" % (nflows, o["flows"]))
    if o["min_flows"] is not None and nflows < o["min_flows"]:
        fail("%d dependence flows, expected at least %d" % (nflows, o["min_flows"]))
    xfers = [e for ss in spans.values() for e in ss if e.get("cat") == "transfer"]
    if o["transfers"] and not any(e.get("args", {}).get("bytes", 0) > 0 for e in xfers):
        fail("no transfer span with bytes > 0")
    print("check_trace: ok: %d task spans on %d tracks, %d flows, %d transfers, labels %s"
          % (len(tasks), len(spans), nflows, len(xfers), dict(sorted(per_label.items()))))


main()
