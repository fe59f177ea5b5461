#!/usr/bin/env python3
"""lower_layers.py [ROOT] [--graph]: the lowering's files call each other downward only.

mcc/mcc.h's contents list the layers of the lowering (issue 17), numbered from the top:
    *                   1 walk        lower.c (the walk ...)
    *                   2 constructs  lower_task.c (...), lower_loop.c (...),
    *                                 lower_omp.c ...
A file may use the functions of files in layers below its own, never those of its own
layer or above (the walk's recursion goes through L->walk, an interface, not a call).
The calls are measured over the sources: the functions each mcc/lower*.c defines, then the
names other files' function bodies use (comments, strings and preprocessor lines left
out; a file's static functions shadow other files' functions of the same name).  Also
checked: every lower*.c file is in exactly one layer, and the functions a file of layers
1-5 exports are named after it (lower_task.c: lower_task_*; lower.c: lower_*).
Fails naming each upward call; --graph prints the file graph, its cycles and the longest
functions."""
import collections
import glob
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith('--')]
root = args[0] if args else '.'
graph = '--graph' in sys.argv
header = open(os.path.join(root, 'mcc', 'mcc.h')).read()
files = sorted(os.path.basename(f) for f in glob.glob(os.path.join(root, 'mcc', 'lower*.c')))
errors = []

# ---- the layers, from the contents at the top of mcc.h
top = re.match(r'/\*.*?\*/', header, re.S).group(0)
layer_of, names, cur = {}, {}, None
for line in top.split('\n'):
    m = re.match(r'\s*\*\s+(\d) (\w+)\s{2,}(.*)', line)
    if m:
        cur = int(m.group(1))
        names[cur] = m.group(2)
        rest = m.group(3)
    elif cur is not None and re.match(r'\s*\*\s{20,}\S', line) and not re.match(r'\s*\*\s+The ', line):
        rest = line
    else:
        cur = None
        continue
    for f in re.findall(r'\b(lower[a-z_]*\.c)\b', rest):
        if f in layer_of and layer_of[f] != cur:
            errors.append('mcc/mcc.h: %s is in layers %d and %d: keep it in one' %
                          (f, layer_of[f], cur))
        layer_of[f] = cur
for f in files:
    if f not in layer_of:
        errors.append('mcc/%s is in no layer of the lowering: add it to the list at the top '
                      'of mcc/mcc.h ("N name  file.c (what it does)")' % f)
for f in sorted(set(layer_of) - set(files)):
    errors.append('the layers at the top of mcc/mcc.h name %s, which is not a file of mcc/' % f)


# ---- the calls
def strip(t):
    t = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), t, flags=re.S)
    t = re.sub(r'//[^\n]*', '', t)
    t = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', t)
    t = re.sub(r"'(?:\\.|[^'\\\n])*'", "''", t)
    return re.sub(r'^\s*#[^\n]*(?:\\\n[^\n]*)*', '', t, flags=re.M)


exported, static, bodies, lengths = {}, collections.defaultdict(set), {}, {}
for f in files:
    t = strip(open(os.path.join(root, 'mcc', f)).read())
    depth, last, head, start, m = 0, 0, '', 0, None
    for i, c in enumerate(t):
        if c == '{':
            if depth == 0:
                head = t[last:i]
                m = re.search(r'(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*'
                              r'(?:__attribute__\s*\(\(.*?\)\)\s*)?$', head, re.S)
                start = i
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                if m and '=' not in head[m.start():]:
                    name, pre = m.group(1), head[:m.start()]
                    if re.search(r'\bstatic\b', pre):
                        static[f].add(name)
                    else:
                        exported.setdefault(name, f)
                    bodies[(f, name)] = t[start:i + 1]
                    lengths[(f, name)] = t[:i].count('\n') - t[:last + m.start()].count('\n') + 1
                last, m = i + 1, None
        elif c == ';' and depth == 0:
            last = i + 1

edges = collections.defaultdict(lambda: collections.defaultdict(set))
for (f, fn), body in bodies.items():
    for ident in set(re.findall(r'\b[A-Za-z_]\w*\b', body)):
        g = exported.get(ident)
        if g and g != f and ident not in static[f]:
            edges[f][g].add('%s -> %s' % (fn, ident))

for f in sorted(edges):
    for g in sorted(edges[f]):
        if f in layer_of and g in layer_of and layer_of[g] <= layer_of[f]:
            errors.append('mcc/%s (layer %d, %s) uses mcc/%s (layer %d, %s): %s; move the '
                          'function down a layer, or the caller up' %
                          (f, layer_of[f], names[layer_of[f]], g, layer_of[g],
                           names[layer_of[g]], ', '.join(sorted(edges[f][g]))))

for name, f in sorted(exported.items()):
    stem = f[:-2]
    if layer_of.get(f, 99) <= 5 and not (name == stem or name.startswith(stem + '_')):
        errors.append('mcc/%s exports %s: name it %s_... (a function\'s prefix says its '
                      'file)' % (f, name, stem))


# ---- cycles (Tarjan's strongly connected components), for the report
def cycles():
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for f in files:
        if f not in index:
            visit(f)
    return out


groups = cycles()
if graph:
    for f in sorted(edges):
        for g in sorted(edges[f]):
            print('%-20s -> %-20s %3d' % (f, g, len(edges[f][g])))
    for c in groups:
        print('cycle:', ' '.join(c))
    print('longest functions:')
    for (f, fn), n in sorted(lengths.items(), key=lambda kv: (-kv[1], kv[0]))[:12]:
        print('  %4d  %s %s' % (n, f, fn))
for e in errors:
    print(e)
print('%d files in %d layers, %d file edges, %d cycles, %d upward or unnamed: %s'
      % (len(files), len(names), sum(len(v) for v in edges.values()), len(groups),
         len(errors), 'FAIL' if errors else 'ok'))
sys.exit(1 if errors else 0)
