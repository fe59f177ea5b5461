#!/usr/bin/env python3
"""check_paraver.py PRV [--tasks LABEL=N ...] [--total N] [--relations N] [--threads N]
                        [--transfers]

Validate a Paraver trace (FILE.prv, with FILE.pcf and FILE.row beside it) against the
format Paraver reads:
  header   #Paraver (dd/mm/yy at hh:mm):FTIME[_ns]:NNODES(CPUS,...):NAPPL:NTASKS(THREADS:NODE,...)
  state    1:cpu:appl:task:thread:begin:end:state
  event    2:cpu:appl:task:thread:time:type:value[:type:value...]
  relation 3:cpu:appl:task:thread:lsend:psend:cpu:appl:task:thread:lrecv:precv:size:tag
Checks: the header's counts against the .row file's levels, every record's objects in
range and its times within [0, FTIME], records in time order, the states of a thread not
overlapping, every event type (and value, where the .pcf lists values) named in the .pcf.
Then counts: task begins per label (event 9200011, "User Function Name", value != 0),
relations, threads, and with --transfers a transfer state.  Prints 'ok: ...' or the
first problem (exit 1)."""
import collections, re, sys

def fail(msg):
    print("check_paraver: " + msg)
    sys.exit(1)

args = sys.argv[1:]
prv = args.pop(0)
want_tasks, want = {}, {}
while args:
    a = args.pop(0)
    if a == "--tasks":
        l, n = args.pop(0).split("=")
        want_tasks[l] = int(n)
    elif a == "--transfers":
        want["transfers"] = True
    else:
        want[a[2:]] = int(args.pop(0))
base = prv[:-4]

# .pcf: event types and their values, state names
pcf = open(base + ".pcf").read().split("\n")
types, states, i = {}, {}, 0
while i < len(pcf):
    if pcf[i].strip() == "EVENT_TYPE":
        i += 1
        cur = []
        while i < len(pcf) and re.match(r"^\s*\d+\s+\d+\s+", pcf[i]):
            cur.append(int(pcf[i].split()[1]))
            i += 1
        vals = {}
        if i < len(pcf) and pcf[i].strip() == "VALUES":
            i += 1
            while i < len(pcf) and pcf[i].strip():
                v, name = pcf[i].strip().split(None, 1)
                vals[int(v)] = name
                i += 1
        for t in cur:
            types[t] = vals
    elif pcf[i].strip() == "STATES":
        i += 1
        while i < len(pcf) and pcf[i].strip():
            v, name = pcf[i].strip().split(None, 1)
            states[int(v)] = name
            i += 1
    else:
        i += 1
if not types or not states:
    fail("the .pcf names no event type or no state")

# .row: the levels
row = open(base + ".row").read().split("\n")
levels, i = {}, 0
while i < len(row):
    m = re.match(r"^LEVEL (\w+) SIZE (\d+)$", row[i])
    if m:
        names = row[i + 1:i + 1 + int(m.group(2))]
        if len(names) != int(m.group(2)) or not all(n.strip() for n in names):
            fail("LEVEL %s: fewer names than its size" % m.group(1))
        levels[m.group(1)] = names
        i += 1 + int(m.group(2))
    else:
        i += 1

lines = open(prv).read().split("\n")
if lines[-1] == "":
    lines.pop()
m = re.match(r"^#Paraver \((\d\d/\d\d/\d\d) at (\d\d:\d\d)\):(\d+)(_ns)?:(\d+)\(([\d,]+)\):(\d+):(.*)$",
             lines[0])
if not m:
    fail("bad header: %r" % lines[0])
ftime, nnodes = int(m.group(3)), int(m.group(5))
cpus = [int(x) for x in m.group(6).split(",")]
if int(m.group(7)) != 1:
    fail("not one application")
am = re.match(r"^(\d+)\((\d+):(\d+)(?:,(\d+):(\d+))*\)(,\d+)?$", m.group(8))
if not am or int(am.group(1)) != 1:
    fail("application list %r: not one task" % m.group(8))
nthreads, ncpu = int(am.group(2)), sum(cpus)
if nnodes != len(cpus) or nnodes != len(levels.get("NODE", [])):
    fail("%d nodes in the header, %d in the .row" % (nnodes, len(levels.get("NODE", []))))
if ncpu != len(levels.get("CPU", [])) or nthreads != len(levels.get("THREAD", [])):
    fail("header: %d CPUs, %d threads; .row: %d, %d" % (ncpu, nthreads,
         len(levels.get("CPU", [])), len(levels.get("THREAD", []))))

def obj(f, k):  # cpu appl task thread at f[k..k+3]
    cpu, appl, task, th = (int(x) for x in f[k:k + 4])
    if not (0 <= cpu <= ncpu and appl == 1 and task == 1 and 1 <= th <= nthreads):
        fail("objects out of range: %s" % ":".join(f))
    return th

last, counts = -1, collections.Counter()
states_of = collections.defaultdict(list)
begins = collections.Counter()
transfer_state = False
for line in lines[1:]:
    if line.startswith("#") or not line:
        continue
    f = line.split(":")
    kind = f[0]
    if kind == "1":
        if len(f) != 8:
            fail("state record with %d fields: %s" % (len(f), line))
        th = obj(f, 1)
        t0, t1, st = int(f[5]), int(f[6]), int(f[7])
        if not 0 <= t0 <= t1 <= ftime or st not in states:
            fail("bad state record: %s" % line)
        states_of[th].append((t0, t1))
        transfer_state |= "transfer" in states[st].lower()
        t = t0
    elif kind == "2":
        if len(f) < 8 or len(f) % 2:
            fail("event record with %d fields: %s" % (len(f), line))
        obj(f, 1)
        t = int(f[5])
        for k in range(6, len(f), 2):
            ty, v = int(f[k]), int(f[k + 1])
            if ty not in types:
                fail("event type %d is not in the .pcf" % ty)
            if types[ty] and v not in types[ty]:
                fail("value %d of event type %d is not in the .pcf" % (v, ty))
            if ty == 9200011 and v:
                begins[types[ty][v]] += 1
    elif kind == "3":
        if len(f) != 15:
            fail("relation record with %d fields: %s" % (len(f), line))
        obj(f, 1)
        obj(f, 7)
        t, r = int(f[5]), int(f[11])
        if not (0 <= t <= int(f[6]) <= ftime and t <= r <= int(f[12]) <= ftime):
            fail("bad relation times: %s" % line)
    else:
        fail("unknown record type %r" % kind)
    if t < last or t > ftime:
        fail("record out of time order or past the end: %s" % line)
    last = t
    counts[kind] += 1
for th, ss in states_of.items():
    ss.sort()
    for a, b in zip(ss, ss[1:]):
        if b[0] < a[1]:
            fail("thread %d: states %r and %r overlap" % (th, a, b))
for label, n in want_tasks.items():
    if begins[label] != n:
        fail("%d begins of %r, expected %d" % (begins[label], label, n))
if "total" in want and sum(begins.values()) < want["total"]:
    fail("%d task begins, expected at least %d" % (sum(begins.values()), want["total"]))
if "relations" in want and counts["3"] != want["relations"]:
    fail("%d relations, expected %d" % (counts["3"], want["relations"]))
if "threads" in want and nthreads != want["threads"]:
    fail("%d threads, expected %d" % (nthreads, want["threads"]))
if want.get("transfers") and not transfer_state:
    fail("no transfer state")
print("check_paraver: ok: %d threads, %d states, %d events, %d relations, begins %s"
      % (nthreads, counts["1"], counts["2"], counts["3"], dict(sorted(begins.items()))))
