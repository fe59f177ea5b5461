#!/usr/bin/env python3
"""body_chain.py - the chain that ended a run, from kernels.c's BENCH_TRACE file.

Usage: body_chain.py [--label L] TRACE...

Each line of a trace is one kernel call: kind (p t s g m), start and end (ns), CPU, the
tile written and the tiles read.  The dependences are rebuilt from the tiles alone (the
tasks of bench/ompss and the samples declare exactly those: the tile written is inout,
the others in), so the analysis is the same for every runtime:

- a call's predecessors are the last call that wrote each of its tiles before it started
  (it read or overwrote that version) and, for its written tile, the calls that read the
  previous version (they had to finish first);
- the chain: from the call that ended last, back through the predecessor that ended
  last; its bodies and its waits (the time between a link's start and the end of its
  predecessor) add up to the span of the bodies;
- the bound: the longest path through the rebuilt graph with the measured bodies (what
  the run would take if no link waited).

One line per trace, then medians over the traces given.
"""
import statistics as st
import sys


def load(path):
    calls = []
    for line in open(path):
        f = line.split()
        if len(f) != 7:
            continue
        kind, t0, t1, cpu = f[0], int(f[1]), int(f[2]), int(f[3])
        out = f[4]
        ins = [x for x in f[5:7] if x not in ("(nil)", "0x0")]
        calls.append({"kind": kind, "t0": t0, "t1": t1, "cpu": cpu, "out": out, "ins": ins})
    calls.sort(key=lambda c: c["t0"])
    return calls


def analyse(calls):
    # versions of each tile, in the order they were written (the writes of one tile are
    # ordered by the dependences, so start order is program order)
    writes = {}
    for i, c in enumerate(calls):
        writes.setdefault(c["out"], []).append(i)
    readers = {}                                    # (tile, version index) -> calls
    version_of = {}                                 # (call, tile) -> index of writer or -1

    def writer_before(tile, t0):
        last = -1
        for w in writes.get(tile, []):
            if calls[w]["t1"] <= t0:
                last = w
            else:
                break
        return last

    for i, c in enumerate(calls):
        for tile in set(c["ins"] + [c["out"]]):
            w = writer_before(tile, c["t0"]) if tile != c["out"] else None
            if tile == c["out"]:
                ws = writes[tile]
                k = ws.index(i)
                w = ws[k - 1] if k > 0 else -1
            version_of[(i, tile)] = w
            if tile in c["ins"]:
                readers.setdefault((tile, w), []).append(i)
    preds = []
    for i, c in enumerate(calls):
        p = set()
        for tile in set(c["ins"] + [c["out"]]):
            w = version_of[(i, tile)]
            if w >= 0:
                p.add(w)
        w = version_of[(i, c["out"])]
        for r in readers.get((c["out"], w), []):
            if r != i:
                p.add(r)
        preds.append(sorted(p))
    # the chain that ended the run
    last = max(range(len(calls)), key=lambda i: calls[i]["t1"])
    chain, i = [], last
    while True:
        chain.append(i)
        if not preds[i]:
            break
        i = max(preds[i], key=lambda j: calls[j]["t1"])
    chain.reverse()
    bodies = sum(calls[i]["t1"] - calls[i]["t0"] for i in chain)
    waits = sum(max(0, calls[b]["t0"] - calls[a]["t1"]) for a, b in zip(chain, chain[1:]))
    # the longest path with the measured bodies (calls in start order are a topological order)
    finish = []
    for i, c in enumerate(calls):
        start = max((finish[j] for j in preds[i]), default=0)
        finish.append(start + c["t1"] - c["t0"])
    span = calls[last]["t1"] - min(c["t0"] for c in calls)
    total = sum(c["t1"] - c["t0"] for c in calls)
    # how many other bodies ran during the chain's bodies (time-weighted)
    conc = []
    for i in chain:
        a, b = calls[i]["t0"], calls[i]["t1"]
        ov = sum(max(0, min(b, c["t1"]) - max(a, c["t0"])) for j, c in enumerate(calls) if j != i)
        conc.append(ov / max(1, b - a))
    kinds = {}
    for c in calls:
        kinds.setdefault(c["kind"], []).append((c["t1"] - c["t0"]) / 1e6)
    chain_kinds = {}
    for i in chain:
        chain_kinds.setdefault(calls[i]["kind"], []).append((calls[i]["t1"] - calls[i]["t0"]) / 1e6)
    return {
        "span": span / 1e6, "bodies": total / 1e6, "bound": max(finish) / 1e6,
        "chain_n": len(chain), "chain_bodies": bodies / 1e6, "chain_waits": waits / 1e6,
        "chain_conc": st.mean(conc) if conc else 0,
        "chain_cpus": len({calls[i]["cpu"] for i in chain}),
        "chain_moves": sum(calls[a]["cpu"] != calls[b]["cpu"] for a, b in zip(chain, chain[1:])),
        "kind_med": {k: st.median(v) for k, v in kinds.items()},
        "chain_kind_med": {k: st.median(v) for k, v in chain_kinds.items()},
        "chain": "".join(calls[i]["kind"] for i in chain),
    }


COLS = [("span", "span ms"), ("bound", "bound ms"), ("chain_bodies", "chain bodies ms"),
        ("chain_waits", "chain waits ms"), ("chain_n", "links"), ("chain_moves", "CPU changes"),
        ("chain_conc", "others running")]


def main(argv):
    label = ""
    if argv[:1] == ["--label"]:
        label, argv = argv[1], argv[2:]
    rs = []
    for path in argv:
        r = analyse(load(path))
        rs.append(r)
        km = " ".join(f"{k} {v:.2f}/{r['chain_kind_med'].get(k, 0):.2f}" for k, v in sorted(r["kind_med"].items()))
        print(f"{label} {path}: " + ", ".join(f"{name} {r[k]:.1f}" for k, name in COLS) +
              f"; body medians all/chain (ms): {km}; chain {r['chain']}")
    if len(rs) > 1:
        print(f"{label} median of {len(rs)}: " +
              ", ".join(f"{name} {st.median(r[k] for r in rs):.1f}" for k, name in COLS) + "; " +
              " ".join(f"{k} {st.median(r['kind_med'][k] for r in rs):.2f}/"
                       f"{st.median(r['chain_kind_med'].get(k, 0) for r in rs):.2f}"
                       for k in sorted(rs[0]["kind_med"])))


if __name__ == "__main__":
    main(sys.argv[1:])
