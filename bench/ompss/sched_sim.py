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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--spread", type=float, default=0.1)
    a = ap.parse_args()
    policies = ["fifo", "lifo", "reach3", "age", "rank"]
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
