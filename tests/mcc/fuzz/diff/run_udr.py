#!/usr/bin/env python3
"""run_udr.py SEED COUNT - declared reductions chosen by type and scope, run against gcc.

Each case declares one reduction identifier `rd` for several types (int, unsigned, long,
char, double, float, two structs, an enum, typedefs of some of them), each declaration
with its own operation (max, min or sum), at file scope, in the function that uses it,
in an inner block around the use, or in another function (not visible there), and
reduces one variable of some type with `parallel for reduction(rd : x)` whose body does
the operation OpenMP picks for that type: the innermost visible declaration for the
item's type (with `+` or `max` as the identifier now and then: declared for a struct, or
predeclared for an arithmetic item).  The oracle is gcc -fopenmp: both build or both
refuse ("sorry" aside), and the two programs print the same value.  A wrong choice of declaration by mcc gives
another value (a sum where a maximum was declared), or a program gcc refuses.

Prints WRONG, ACCEPTED-BROKEN, FALSE-REJECT or MCC-CRASH lines, then
`cases N ok .. rejected .. bad .. valid-but-sorry ..`.  Files are written in the
current directory.  $MCC names mcc.
"""
import os, random, subprocess, sys

# name: (the type as gcc compares them, kind): kind 'i' integer, 'c' small integer,
# 'f' floating, 's' struct (member v), 'e' enum (its values all non-negative: to gcc the
# same type as unsigned int)
TYPES = {
    'int': ('int', 'i'), 'unsigned': ('unsigned', 'i'), 'long': ('long', 'i'),
    'char': ('char', 'c'), 'signed char': ('signed char', 'c'), 'double': ('double', 'f'),
    'float': ('float', 'f'), 'struct sa': ('struct sa', 's'), 'struct sb': ('struct sb', 's'),
    'enum en': ('unsigned', 'e'), 'myint': ('int', 'i'), 'real': ('double', 'f'),
    'sa_t': ('struct sa', 's'),
}
HEAD = '''#include <stdio.h>
struct sa { int v; };
struct sb { int v; };
enum en { E_LO = 0, E_HI = 1000 };
typedef int myint;
typedef double real;
typedef struct sa sa_t;
static int val(int i) { return (i * 37) % 97 + 1; }
'''


def ops_for(kind):
    return ['max', 'min'] if kind in 'ce' else ['max', 'min', 'sum']


def decl(tname, op, rid='rd'):
    kind = TYPES[tname][1]
    m = '.v' if kind == 's' else ''
    if op == 'sum':
        comb = 'omp_out%s += omp_in%s' % (m, m)
    else:
        rel = '>' if op == 'max' else '<'
        comb = 'omp_out%s = omp_in%s %s omp_out%s ? omp_in%s : omp_out%s' % (m, m, rel, m, m, m)
    ident = {'sum': '0', 'max': '0', 'min': '127' if kind == 'c' else '100000'}[op]
    if kind == 'e':
        ident = {'max': 'E_LO', 'min': 'E_HI'}[op]
    init = 'omp_priv = { %s }' % ident if kind == 's' else 'omp_priv = %s' % ident
    return ('#pragma omp declare reduction(%s : %s : %s) initializer(%s)\n'
            % (rid, tname, comb, init))


def body(tname, op):
    kind = TYPES[tname][1]
    m = '.v' if kind == 's' else ''
    v = '(enum en)val(i)' if kind == 'e' else 'val(i)'
    if op == 'sum':
        return 'x%s += %s;' % (m, v)
    rel = '>' if op == 'max' else '<'
    return 'x%s = %s %s x%s ? %s : x%s;' % (m, v, rel, m, v, m)


def start(tname, op):
    kind = TYPES[tname][1]
    s = {'sum': '0', 'max': '0', 'min': '127' if kind == 'c' else '100000'}[op]
    if kind == 'e':                     # (sum: an unsigned declaration's, for an enum)
        s = {'max': 'E_LO', 'min': 'E_HI', 'sum': 'E_LO'}[op]
    return '{ %s }' % s if kind == 's' else s


def make_case():
    names = list(TYPES)
    # declarations: (scope, type name, op); scope file, fn (the using function, before
    # the use), inner (a block around the use), other (another function)
    decls = []
    for _ in range(random.randint(1, 4)):
        t = random.choice(names)
        decls.append((random.choice(['file', 'file', 'fn', 'inner', 'other']), t,
                      random.choice(ops_for(TYPES[t][1]))))
    item = random.choice([t for s, t, o in decls] if random.random() < 0.7 else names)
    if random.random() < 0.3:           # the same type under another of its names
        item = random.choice([n for n in names if TYPES[n][0] == TYPES[item][0]])
    canon = TYPES[item][0]
    # the identifier: mostly a name; an operator may be declared for a struct (for an
    # arithmetic type it is predeclared, and declaring it is an error)
    rid = random.choice(['rd', 'rd', 'rd', '+', 'max'])
    # what OpenMP picks: the innermost visible declaration for the item's type, else the
    # operator's built-in meaning for an arithmetic item
    pick = None
    for scope in ('inner', 'fn', 'file'):
        for s, t, op in reversed(decls):
            if s == scope and TYPES[t][0] == canon and pick is None:
                pick = op
    if rid != 'rd' and TYPES[item][1] != 's':
        pick = 'sum' if rid == '+' else 'max'
    op = pick or random.choice(ops_for(TYPES[item][1]))
    src = HEAD + ''.join(decl(t, o, rid) for s, t, o in decls if s == 'file')
    src += 'void other(void)\n{\n' + ''.join(decl(t, o, rid) for s, t, o in decls
                                            if s == 'other')
    src += '}\nint main(void)\n{\n' + ''.join(decl(t, o, rid) for s, t, o in decls
                                              if s == 'fn')
    src += '    {\n' + ''.join(decl(t, o, rid) for s, t, o in decls if s == 'inner')
    src += '    %s x = %s;\n' % (item, start(item, op))
    src += '#pragma omp parallel for reduction(%s : x)\n' % rid
    src += '    for (int i = 0; i < 40; i++)\n        %s\n' % body(item, op)
    v = 'x.v' if TYPES[item][1] == 's' else 'x'
    src += '    printf("%%lld\\n", (long long)%s);\n    }\n    return 0;\n}\n' % v
    return src


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    random.seed(seed)
    mcc = os.environ['MCC']
    n = ok = rejected = bad = sorry = 0
    env = dict(os.environ, OMP_NUM_THREADS='3', NX_ARGS='--smp-workers=2')
    for k in range(count):
        src = make_case()
        n += 1
        with open('c.c', 'w') as f:
            f.write(src)
        g = run(['gcc', '-fopenmp', '-w', 'c.c', '-o', 'g.out'])
        m = run([mcc, '--ompss', '-w', 'c.c', '-o', 'm.out'])
        label = 'case %d of seed %d' % (k, seed)
        if m.returncode < 0:
            print('MCC-CRASH', label)
            bad += 1
        elif g.returncode != 0 and m.returncode == 0:
            print('ACCEPTED-BROKEN', label, '(gcc:', g.stderr.strip().splitlines()[-1:], ')')
            bad += 1
        elif g.returncode == 0 and m.returncode != 0:
            rejected += 1
            if 'sorry' in m.stderr:
                sorry += 1
            else:
                print('FALSE-REJECT', label, m.stderr.strip().splitlines()[:1])
                bad += 1
        elif g.returncode != 0:
            rejected += 1
        else:
            a, b = run(['./g.out'], env), run(['./m.out'], env)
            if a.stdout != b.stdout or b.returncode != 0:
                print('WRONG', label, 'gcc -fopenmp:', a.stdout.strip(), 'mcc:',
                      b.stdout.strip(), b.stderr.strip()[:200])
                bad += 1
            else:
                ok += 1
        if bad and os.environ.get('KEEP'):
            os.rename('c.c', 'bad-%d-%d.c' % (seed, k))
    print('cases %d ok %d rejected %d bad %d valid-but-sorry %d' % (n, ok, rejected, bad, sorry))


if __name__ == '__main__':
    main()
