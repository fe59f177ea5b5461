#!/usr/bin/env python3
"""sched_sim.py - list schedules of the samples' task graphs, simulated.

The task graphs of samples/cholesky and samples/matmul (tiles, dependences as mcc gives
them), run by W workers that take, whenever one is idle, the first ready task of one
shared queue ordered by a policy; no overhead, bodies of fixed relative cost with a
uniform random spread.  It answers "how much can the order of ready tasks alone win?"
without a many-core machine.  Policies:
  fifo    the order tasks became ready (nanort's shared FIFO of coarse tasks under dbf)
  lifo    the newest ready task first
  reach3  --critical-reach=3 first (FIFO among them), then FIFO
  age     the oldest created first (the sequential order)
  rank    --critical-path: the longest path of bodies to the end first (Hu's levels)
Two policies keep a queue per worker (the worker that finished a task is the one whose
queue gets the successors it made ready):
  handoff nanort's coarse tasks under dbf: one shared FIFO; the worker that finished a
          task keeps one successor it made ready for itself when the FIFO is empty
  wslifo  libomp's: successors pushed on the finishing worker's own deque, which it runs
          newest first; an idle worker steals the oldest task of another (at random)
Usage: sched_sim.py [--workers 16] [--seeds 8] [--spread 0.1]
Prints, for each program and tile size, each policy's mean time over the seeds as a
ratio to fifo, with the lower bounds (work / W and the critical path) in cost units and
fifo's efficiency (work / W over its time: the bodies' share of the workers' time).
"""
import argparse
import heapq
import random
import statistics

# Body costs relative to one gemm tile update, measured with bench/ompss/kernels.o
# (gcc -O2) on the development machine: potrf, trsm, syrk at tiles 64, 128 and 256.
COST = {64: (0.30, 0.60, 0.53), 128: (0.22, 0.53, 0.50), 256: (0.18, 0.57, 0.52)}


def cholesky(nt, ts):
    potrf, trsm, syrk = COST.get(ts, COST[128])
    tasks, last = [], {}

    def add(cost, ins, outs):
        tid, preds = len(tasks), set()
        for t in ins + outs:
            if t in last and last[t][0] is not None:
                preds.add(last[t][0])
        for t in outs:
            if t in last:
                preds.update(last[t][1])
        for t in ins:
            last.setdefault(t, [None, []])[1].append(tid)
        for t in outs:
            last[t] = [tid, []]
        tasks.append((cost, preds))

    for k in range(nt):
        add(potrf, [], [(k, k)])
        for i in range(k + 1, nt):
            add(trsm, [(k, k)], [(i, k)])
        for i in range(k + 1, nt):
            for j in range(k + 1, i):
                add(1.0, [(i, k), (j, k)], [(i, j)])
            add(syrk, [(i, k)], [(i, i)])
    return tasks


def matmul(nt, ts):
    tasks = []
    for i in range(nt):
        for j in range(nt):
            for k in range(nt):
                tasks.append((1.0, {len(tasks) - 1} if k else set()))
    return tasks


def simulate(tasks, workers, policy, spread, seed):
    rnd = random.Random(seed)
    n = len(tasks)
    succ, npred = [[] for _ in range(n)], [0] * n
    for t, (_, preds) in enumerate(tasks):
        for p in preds:
            succ[p].append(t)
            npred[t] += 1
    rank = [0.0] * n
    for t in range(n - 1, -1, -1):
        rank[t] = tasks[t][0] + max((rank[s] for s in succ[t]), default=0.0)
    reach = [len(succ[t]) + sum(len(succ[s]) for s in succ[t]) for t in range(n)]
    ready, pushes = [], 0

    def push(t):
        nonlocal pushes
        pushes += 1
        key = {"fifo": (pushes,), "lifo": (-pushes,), "age": (t,),
               "reach3": (0 if reach[t] >= 3 else 1, pushes), "rank": (-rank[t], pushes)}[policy]
        heapq.heappush(ready, (key, t))

    if policy in ("handoff", "wslifo"):
        return simulate_per_worker(tasks, workers, policy, spread, rnd, succ, npred, rank)
    for t in range(n):
        if npred[t] == 0:
            push(t)
    now, running, idle, done = 0.0, [], workers, 0
    while done < n:
        while idle and ready:
            _, t = heapq.heappop(ready)
            idle -= 1
            heapq.heappush(running, (now + tasks[t][0] * (1 + spread * rnd.random()), t))
        now, t = heapq.heappop(running)
        idle, done = idle + 1, done + 1
        for s in succ[t]:
            npred[s] -= 1
            if npred[s] == 0:
                push(s)
    return now, sum(c for c, _ in tasks) / workers, max(rank)


def simulate_per_worker(tasks, workers, policy, spread, rnd, succ, npred, rank):
    """The two per-worker policies (see the module's doc); the tasks with no predecessor
    are queued at the start on worker 0's deque (the creating thread's), in order."""
    from collections import deque
    n = len(tasks)
    own = [deque() for _ in range(workers)]     # per-worker deques (wslifo)
    shared = deque()                            # handoff's FIFO
    kept = [None] * workers                     # handoff: the successor a worker keeps
    for t in range(n):
        if npred[t] == 0:
            (own[0] if policy == "wslifo" else shared).append(t)
    now, running, done = 0.0, [], 0
    busy = [False] * workers

    def take(w):
        if policy == "handoff":
            if kept[w] is not None:
                t, kept[w] = kept[w], None
                return t
            return shared.popleft() if shared else None
        if own[w]:
            return own[w].pop()
        victims = [v for v in range(workers) if v != w and own[v]]
        return own[rnd.choice(victims)].popleft() if victims else None

    def run(w):
        t = take(w)
        if t is not None:
            busy[w] = True
            heapq.heappush(running, (now + tasks[t][0] * (1 + spread * rnd.random()), t, w))

    def start_idle():
        order = list(range(workers))
        rnd.shuffle(order)
        for w in order:
            if not busy[w]:
                run(w)

    start_idle()
    while done < n:
        now, t, w = heapq.heappop(running)
        busy[w] = False
        done += 1
        made = []
        for s in succ[t]:
            npred[s] -= 1
            if npred[s] == 0:
                made.append(s)
        if policy == "wslifo":
            own[w].extend(made)
        else:
            if made and not shared:
                kept[w] = made.pop(0)
            shared.extend(made)
        run(w)      # the finisher first (it looks at its own queue before sleeping)
        start_idle()
    return now, sum(c for c, _ in tasks) / workers, max(rank)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--spread", type=float, default=0.1)
    a = ap.parse_args()
    policies = ["fifo", "lifo", "reach3", "age", "rank", "handoff", "wslifo"]
    print(f"| program | tile | tasks | work / W | critical path | fifo's efficiency | "
          + " | ".join(policies) + " |")
    print("|---|---:|---:|---:|---:|---:|" + "---:|" * len(policies))
    for name, n, make in (("cholesky", 2048, cholesky), ("matmul", 1024, matmul)):
        for ts in (64, 128, 256):
            tasks = make(n // ts, ts)
            means, bound = {}, None
            for p in policies:
                runs = [simulate(tasks, a.workers, p, a.spread, s) for s in range(a.seeds)]
                means[p] = statistics.mean(r[0] for r in runs)
                bound = runs[0][1:]
            cells = " | ".join(f"{means[p] / means['fifo']:.3f}" for p in policies)
            eff = bound[0] / means["fifo"]
            print(f"| {name} {n} | {ts} | {len(tasks)} | {bound[0]:.1f} | {bound[1]:.1f} | "
                  f"{eff:.3f} | {cells} |")


if __name__ == "__main__":
    main()
