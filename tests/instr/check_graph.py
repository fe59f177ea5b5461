#!/usr/bin/env python3
"""check_graph.py - validate a nanort --graph file (Graphviz dot).

usage: check_graph.py GRAPH [--nodes N] [--edges N] [--true N] [--anti N] [--output N]
                            [--clusters N] [--label LABEL=N ...]

Counts the task nodes (t<id> [label=...]), the dependence edges (t<a> -> t<b>) by kind
(their tooltip), the clusters of nested tasks, and compares with the expected numbers.
Every edge must join two declared nodes.  (tests/instr/*.sh also render it with dot.)
"""
import collections
import re
import sys

NODE = re.compile(r'^\s*t(\d+) \[label="((?:[^"\\]|\\.)*)"')
EDGE = re.compile(r'^\s*t(\d+) -> t(\d+) \[.*tooltip="(\w+) ')
CLUSTER = re.compile(r'^\s*subgraph cluster_t\d+ \{')


def main():
    path, args = sys.argv[1], sys.argv[2:]
    nodes, labels, kinds, edges, clusters = set(), collections.Counter(), collections.Counter(), [], 0
    for line in open(path):
        m = NODE.match(line)
        if m:
            if m.group(1) in nodes:
                sys.exit("check_graph: node t%s declared twice" % m.group(1))
            nodes.add(m.group(1))
            labels[m.group(2)] += 1
        m = EDGE.match(line)
        if m:
            edges.append((m.group(1), m.group(2)))
            kinds[m.group(3)] += 1
        clusters += bool(CLUSTER.match(line))
    for a, b in edges:
        if a not in nodes or b not in nodes:
            sys.exit("check_graph: edge t%s -> t%s joins an undeclared node" % (a, b))
    got = {"nodes": len(nodes), "edges": len(edges), "true": kinds["true"],
           "anti": kinds["anti"], "output": kinds["output"], "clusters": clusters}
    it = iter(args)
    for a in it:
        key, want = a.lstrip("-"), next(it)
        if key == "label":
            label, n = want.split("=")
            if labels[label] != int(n):
                sys.exit("check_graph: %d nodes labelled %r, expected %s" % (labels[label], label, n))
        elif got[key] != int(want):
            sys.exit("check_graph: %d %s, expected %s (%r)" % (got[key], key, want, got))
    print("check_graph: ok: %r, labels %s" % (got, dict(sorted(labels.items()))))


main()
