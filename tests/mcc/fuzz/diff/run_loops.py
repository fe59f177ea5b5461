#!/usr/bin/env python3
"""run_loops.py SEED COUNT - worksharing loops and their clauses, built and run against gcc.

Each case is a small complete C program made of one to three independent blocks, each in
its own braces in main, each printing a line that depends only on OpenMP's semantics
(never on which thread ran what).  The blocks combine:

- `parallel for` and `for` inside `parallel` (now and then `nowait`) with
  `schedule(static|dynamic|guided[, chunk])`, the modifiers `monotonic:`,
  `nonmonotonic:` and `simd:`, `collapse(2)` over a 2-D array;
- `linear(j: step)` on `for` / `parallel for` (j updated by the step every iteration,
  printed afterwards) and `parallel for simd` with `aligned`, `safelen`, `simdlen`,
  `linear`;
- `lastprivate(x)` (x assigned in every iteration) and `lastprivate(conditional: x)`
  (x assigned in some iterations only);
- `ordered` loops whose `ordered` regions print in order, and doacross loops
  (`ordered(1)`, `ordered(2)`) with `ordered depend(sink: ..)` / `depend(source)`
  recurrences;
- prefix sums: `reduction(inscan, +: x)` with `scan inclusive(x)` / `exclusive(x)`
  (on `parallel for`, `for` and `parallel for simd`);
- reductions of a `parallel` region (+ and max scalars, whole arrays, array sections)
  updated by a `for` inside the region (with and without nowait), and per-thread partial
  sums declared in the region added into a shared total with `atomic` or `critical`;
- `default(none)` (the loop variable unlisted), `default(firstprivate)` on parallel;
- a `threadprivate` global set in main and given to the team with `copyin` (sometimes
  changed by every thread of the region), read through a called function by loop bodies
  and by tasks;
- `scope reduction(+: s)` around a `for` inside a parallel region;
- `cancel for` / `cancellation point for` (no effect: OMP_CANCELLATION unset);
- tasks with `depend(iterator(int k = 0:n), in: a[k])` (and `out:`) inside parallel +
  single.
Values are small integers or multiples of 0.5, so every order of combination gives the
same exact result.

About one case in ten replaces a block with an invalid one gcc rejects: linear on the
loop variable of a non-simd loop, scan without an inscan reduction, a variable in two
data-sharing clauses, both monotonic and nonmonotonic, nonmonotonic with ordered, a
constant array section out of bounds in a reduction, `ordered depend(in: x)`, a variable
not listed under default(none), collapse(2) over loops not perfectly nested, depend(sink)
in a loop without ordered(n), `cancel for` not in a loop.

The oracle is gcc -fopenmp: both build or both refuse (mcc's "sorry" counted as
valid-but-sorry, not bad), and when both build, the two programs print the same output
and exit 0 (run with OMP_NUM_THREADS=3 and NX_ARGS=--smp-workers=2).

Prints WRONG, ACCEPTED-BROKEN, FALSE-REJECT, MCC-CRASH or GCC-ICE lines, then
`cases N ok .. rejected .. bad .. valid-but-sorry ..`.  Files are written in the
current directory.  $MCC names mcc; KEEP=1 keeps each bad case as bad-SEED-K.c.
VERBOSE=1 also prints NOTE lines for cases meant valid that gcc refused or meant
invalid that gcc built (the generator's own mistakes; they are not counted as bad).
"""
import random

import run_oracle

HEAD = '''#include <stdio.h>
#include <stdlib.h>
static int val(int i) { return (i * 37) % 97 + 1; }
static int tp = 3;
#pragma omp threadprivate(tp)
static int get_tp(void) { return tp; }
static long checksum(const int *a, int n)
{
    long s = 0;
    for (int k = 0; k < n; k++)
        s = s * 31 % 1000003 + a[k];
    return s;
}
'''


def sched(ordered=False):
    kinds = ['static', 'dynamic', 'guided']
    if random.random() < 0.25:
        return ''
    k = random.choice(kinds)
    chunk = random.choice(['', '', ', %d' % random.randint(1, 7)])
    mod = ''
    r = random.random()
    if r < 0.15:
        mod = 'monotonic: '
    elif r < 0.3 and not ordered:
        mod = 'nonmonotonic: '
        if k == 'static':
            k = 'dynamic'
    elif r < 0.4:
        mod = 'simd: '
    return ' schedule(%s%s%s)' % (mod, k, chunk)


def n_expr(ctx, n):
    if random.random() < 0.5:
        return str(n)
    name = ctx.fresh('n')
    ctx.decl.append('    int %s = %d;\n' % (name, n))
    return name


class Ctx:
    def __init__(self, tag):
        self.tag = tag
        self.decl = []
        self.k = 0

    def fresh(self, stem):
        self.k += 1
        return '%s%d_%d' % (stem, self.tag, self.k)


def wrap(ctx, body):
    return '    {\n' + ''.join(ctx.decl) + body + '    }\n'


def par_for(clauses, loop, nowait_ok=True):
    """A loop as parallel for, or as for inside a parallel region."""
    if random.random() < 0.5:
        return '#pragma omp parallel for%s\n%s' % (clauses, loop)
    nw = ' nowait' if nowait_ok and random.random() < 0.3 else ''
    return ('#pragma omp parallel\n    {\n#pragma omp for%s%s\n%s    }\n'
            % (clauses, nw, loop))


# ---------------------------------------------------------------- valid blocks

def b_sched(ctx):
    N = random.randint(5, 60)
    n = n_expr(ctx, N)
    a = ctx.fresh('a')
    s = ctx.fresh('s')
    if random.random() < 0.35:   # collapse(2)
        R, C = random.randint(2, 7), random.randint(2, 7)
        txt = '    int %s[%d][%d];\n' % (a, R, C)
        txt += par_for(' collapse(2)%s' % sched(),
                       '    for (int i = 0; i < %d; i++)\n        for (int j = 0; j < %d; j++)\n'
                       '            %s[i][j] = val(i * %d + j) + i - j;\n' % (R, C, a, C))
        txt += '    printf("collapse %%ld\\n", checksum(&%s[0][0], %d));\n' % (a, R * C)
        return wrap(ctx, txt)
    txt = '    int %s[%d];\n    long %s = 0;\n' % (a, N, s)
    red = ' reduction(+: %s)' % s if random.random() < 0.5 else ''
    upd = '        %s[i] = val(i) * 2;\n' % a
    if red:
        upd = '    {\n        %s[i] = val(i) * 2;\n        %s += i;\n    }\n' % (a, s)
    step = random.choice(['i++', 'i++', 'i += 2', '++i'])
    txt += par_for('%s%s' % (sched(), red),
                   '    for (int i = 0; i < %s; %s)\n%s' % (n, step, upd))
    txt += ('    for (int i = 1; i < %s; %s)\n        %s[i] = 0;\n' % (n, step, a)
            if 'i += 2' in step else '')
    txt += '    printf("sched %%ld %%ld\\n", checksum(%s, %d), %s);\n' % (a, N, s)
    return wrap(ctx, txt)


def b_linear(ctx):
    N = random.randint(4, 50)
    n = n_expr(ctx, N)
    a, j = ctx.fresh('a'), ctx.fresh('j')
    st = random.choice([1, 2, 3, -1, 5])
    j0 = random.randint(-5, 10)
    txt = '    int %s[%d];\n    int %s = %d;\n' % (a, N, j, j0)
    lin = ' linear(%s%s)' % (j, '' if st == 1 and random.random() < 0.5 else ': %d' % st)
    body = '    {\n        %s[i] = %s;\n        %s += %d;\n    }\n' % (a, j, j, st)
    if random.random() < 0.2:
        body = '    {\n        %s[i] = %s * 2;\n        %s = %s + %d;\n    }\n' % (a, j, j, j, st)
    loop = '    for (int i = 0; i < %s; i++)\n%s' % (n, body)
    if random.random() < 0.4:
        extra = ''
        if random.random() < 0.5:
            extra += ' safelen(%d)' % random.choice([4, 8, 16])
        if random.random() < 0.5:
            extra += ' simdlen(%d)' % random.choice([2, 4])
        if random.random() < 0.5:
            # an aligned pointer to the start of an aligned array
            txt = txt.replace('    int %s[%d];\n' % (a, N),
                              '    int %s[%d] __attribute__((aligned(64)));\n' % (a, N))
            extra += ' aligned(%s%s)' % (a, random.choice(['', ': 32', ': 64']))
        txt += '#pragma omp parallel for simd%s%s%s\n%s' % (lin, extra, sched(), loop)
    else:
        txt += par_for('%s%s' % (lin, sched()), loop)
    txt += '    printf("linear %%d %%ld\\n", %s, checksum(%s, %d));\n' % (j, a, N)
    return wrap(ctx, txt)


def b_lastpriv(ctx):
    N = random.randint(3, 60)
    n = n_expr(ctx, N)
    x, y = ctx.fresh('x'), ctx.fresh('y')
    txt = '    int %s = -1;\n    long %s = -2;\n' % (x, y)
    if random.random() < 0.5:
        m = random.randint(2, 9)
        c = random.randint(0, m - 1)
        body = '    if (val(i) %% %d == %d)\n        %s = i * 3 + 1;\n' % (m, c, x)
        if random.random() < 0.4:
            body = '    {\n        %s = i;\n    if (val(i) %% %d == %d)\n        %s = i * 3 + 1;\n    }\n' % (y, m, c, x)
            cl = ' lastprivate(conditional: %s) lastprivate(%s)' % (x, y)
        else:
            cl = ' lastprivate(conditional: %s)' % x
    else:
        body = '    {\n        %s = val(i) + i;\n        %s = i * 2L;\n    }\n' % (x, y)
        cl = ' lastprivate(%s, %s)' % (x, y) if random.random() < 0.5 else \
            ' lastprivate(%s) lastprivate(%s)' % (x, y)
        if random.random() < 0.3:
            cl += ' firstprivate(%s)' % x
    loop = '    for (int i = 0; i < %s; i++)\n%s' % (n, body)
    if random.random() < 0.2 and 'conditional' not in cl:
        txt += '#pragma omp parallel for simd%s\n%s' % (cl, loop)
    else:
        txt += par_for(cl + sched(), loop, nowait_ok=False)
    txt += '    printf("last %%d %%ld\\n", %s, %s);\n' % (x, y)
    return wrap(ctx, txt)


def b_ordered(ctx):
    r = random.random()
    if r < 0.4:
        N = random.randint(3, 25)
        n = n_expr(ctx, N)
        loop = ('    for (int i = 0; i < %s; i++) {\n        int v = val(i) %% 10;\n'
                '#pragma omp ordered\n        printf("%%d:%%d ", i, v);\n    }\n' % (n,))
        txt = par_for(' ordered%s' % sched(True), loop, nowait_ok=False)
        txt += '    printf("\\n");\n'
        return wrap(ctx, txt)
    if r < 0.75:
        N = random.randint(3, 50)
        a = ctx.fresh('a')
        txt = '    int %s[%d];\n    %s[0] = 1;\n' % (a, N, a)
        loop = ('    for (int i = 1; i < %d; i++) {\n        int w = val(i) %% 7;\n'
                '#pragma omp ordered depend(sink: i - 1)\n'
                '        %s[i] = (%s[i - 1] * 3 + w) %% 1009;\n'
                '#pragma omp ordered depend(source)\n    }\n' % (N, a, a))
        txt += par_for(' ordered(1)%s' % sched(True), loop, nowait_ok=False)
        txt += '    printf("doacross1 %%ld\\n", checksum(%s, %d));\n' % (a, N)
        return wrap(ctx, txt)
    R, C = random.randint(2, 8), random.randint(2, 8)
    b = ctx.fresh('b')
    txt = ('    int %s[%d][%d];\n    for (int i = 0; i < %d; i++)\n        for (int j = 0; j < %d; j++)\n'
           '            %s[i][j] = i + j;\n' % (b, R, C, R, C, b))
    loop = ('    for (int i = 1; i < %d; i++)\n        for (int j = 1; j < %d; j++) {\n'
            '#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)\n'
            '            %s[i][j] = (%s[i - 1][j] + %s[i][j - 1] + val(i * j)) %% 1009;\n'
            '#pragma omp ordered depend(source)\n        }\n' % (R, C, b, b, b))
    txt += par_for(' ordered(2)%s' % sched(True), loop, nowait_ok=False)
    txt += '    printf("doacross2 %%ld\\n", checksum(&%s[0][0], %d));\n' % (b, R * C)
    return wrap(ctx, txt)


def b_scan(ctx):
    N = random.randint(2, 60)
    n = n_expr(ctx, N)
    a, b, x = ctx.fresh('a'), ctx.fresh('b'), ctx.fresh('x')
    x0 = random.choice([0, 0, 5])
    txt = ('    int %s[%d], %s[%d];\n    int %s = %d;\n    for (int i = 0; i < %d; i++)\n'
           '        %s[i] = val(i) %% 10;\n' % (a, N, b, N, x, x0, N, a))
    if random.random() < 0.5:
        body = ('    {\n        %s += %s[i];\n#pragma omp scan inclusive(%s)\n        %s[i] = %s;\n    }\n'
                % (x, a, x, b, x))
    else:
        body = ('    {\n        %s[i] = %s;\n#pragma omp scan exclusive(%s)\n        %s += %s[i];\n    }\n'
                % (b, x, x, x, a))
    loop = '    for (int i = 0; i < %s; i++)\n%s' % (n, body)
    cl = ' reduction(inscan, +: %s)' % x
    r = random.random()
    if r < 0.25:
        txt += '#pragma omp parallel for simd%s\n%s' % (cl, loop)
    elif r < 0.35:
        txt += '#pragma omp simd%s\n%s' % (cl, loop)
    else:
        # (gcc refuses any schedule clause with an inscan reduction)
        txt += par_for(cl, loop, nowait_ok=False)
    txt += '    printf("scan %%d %%ld\\n", %s, checksum(%s, %d));\n' % (x, b, N)
    return wrap(ctx, txt)


def b_region_red(ctx):
    N = random.randint(3, 80)
    n = n_expr(ctx, N)
    r = random.random()
    nw = random.choice(['', ' nowait'])
    if r < 0.3:
        s = ctx.fresh('s')
        op, init, upd, fmt = random.choice([
            ('+', '10', '%s += val(i) % 9;', '%ld'),
            ('max', '-5', 'if (val(i) > %s)\n            %s = val(i);', '%ld'),
            ('min', '500', '%s = val(i) < %s ? val(i) : %s;', '%ld')])
        upd = upd.replace('%s', s)
        txt = '    long %s = %s;\n' % (s, init)
        txt += ('#pragma omp parallel reduction(%s: %s)\n    {\n#pragma omp for%s%s\n'
                '        for (int i = 0; i < %s; i++)\n            %s\n    }\n'
                % (op, s, sched(), nw, n, upd))
        txt += '    printf("regred %s\\n", %s);\n' % (fmt, s)
        return wrap(ctx, txt)
    if r < 0.6:
        H = random.randint(2, 10)
        h = ctx.fresh('h')
        sec = h
        lb, ln = 0, H
        if random.random() < 0.5:
            lb = random.randint(0, H - 1)
            ln = random.randint(1, H - lb)
            sec = '%s[%d:%d]' % (h, lb, ln)
        txt = '    int %s[%d];\n    for (int k = 0; k < %d; k++)\n        %s[k] = k;\n' % (h, H, H, h)
        txt += ('#pragma omp parallel reduction(+: %s)\n    {\n#pragma omp for%s%s\n'
                '        for (int i = 0; i < %s; i++)\n            %s[%d + val(i) %% %d] += i %% 4;\n    }\n'
                % (sec, sched(), nw, n, h, lb, ln))
        txt += '    printf("arrred %%ld\\n", checksum(%s, %d));\n' % (h, H)
        return wrap(ctx, txt)
    t = ctx.fresh('total')
    how = random.choice(['atomic', 'atomic update', 'critical', 'critical (acc)'])
    txt = '    double %s = 1.5;\n' % t
    stmt = '%s += local;' % t if random.random() < 0.6 else '%s = %s + local;' % (t, t)
    if how.startswith('atomic') and '=' in stmt and '+=' not in stmt:
        stmt = '%s += local;' % t
    txt += ('#pragma omp parallel\n    {\n        double local = 0;\n#pragma omp for%s%s\n'
            '        for (int i = 0; i < %s; i++)\n            local += (val(i) %% 6) * 0.5;\n'
            '#pragma omp %s\n        %s\n    }\n' % (sched(), nw, n, how, stmt))
    txt += '    printf("partial %%.1f\\n", %s);\n' % t
    return wrap(ctx, txt)


def b_default(ctx):
    N = random.randint(3, 40)
    a, s = ctx.fresh('a'), ctx.fresh('s')
    if random.random() < 0.5:
        txt = '    int %s[%d];\n    long %s = 0;\n    int lim = %d;\n' % (a, N, s, N)
        txt += ('#pragma omp parallel for default(none) shared(%s) firstprivate(lim) reduction(+: %s)%s\n'
                '    for (int i = 0; i < lim; i++) {\n        %s[i] = val(i) - 50;\n        %s += %s[i];\n    }\n'
                % (a, s, sched(), a, s, a))
        if random.random() < 0.5:
            txt = txt.replace('firstprivate(lim)', 'shared(lim)')
        txt += '    printf("none %%ld %%ld\\n", %s, checksum(%s, %d));\n' % (s, a, N)
        return wrap(ctx, txt)
    base = ctx.fresh('base')
    txt = '    int %s[%d];\n    int %s = %d;\n    int *p = %s;\n' % (a, N, base, random.randint(0, 9), a)
    txt += ('#pragma omp parallel default(firstprivate)\n    {\n        %s += 2;\n'
            '#pragma omp for%s\n        for (int i = 0; i < %d; i++)\n            p[i] = %s * 100 + i;\n    }\n'
            % (base, sched(), N, base))
    txt += '    printf("dfp %%d %%ld\\n", %s, checksum(%s, %d));\n' % (base, a, N)
    return wrap(ctx, txt)


def b_threadprivate(ctx):
    N = random.randint(3, 40)
    s, a = ctx.fresh('s'), ctx.fresh('a')
    v = random.randint(4, 50)
    chg = random.random() < 0.4
    txt = '    long %s = 0;\n    int %s[%d];\n    tp = %d;\n' % (s, a, N, v)
    pre = '        tp += 1;\n#pragma omp barrier\n' if chg else ''
    if random.random() < 0.5:
        txt += ('#pragma omp parallel copyin(tp)\n    {\n%s#pragma omp for reduction(+: %s)%s\n'
                '        for (int i = 0; i < %d; i++)\n            %s += get_tp() * (i %% 5);\n    }\n'
                % (pre, s, sched(), N, s))
    else:
        txt += ('#pragma omp parallel copyin(tp)\n    {\n%s#pragma omp single\n        {\n'
                '            for (int k = 0; k < %d; k++) {\n#pragma omp task\n'
                '                %s[k] = get_tp() + k;\n            }\n        }\n    }\n'
                '    for (int k = 0; k < %d; k++)\n        %s += %s[k];\n' % (pre, N, a, N, s, a))
    txt += '    printf("tp %%ld %%d\\n", %s, tp);\n' % s
    return wrap(ctx, txt)


def b_scope(ctx):
    N = random.randint(3, 60)
    n = n_expr(ctx, N)
    s = ctx.fresh('s')
    txt = '    long %s = %d;\n' % (s, random.randint(0, 9))
    nw = random.choice(['', ' nowait'])
    txt += ('#pragma omp parallel\n    {\n#pragma omp scope reduction(+: %s)%s\n        {\n'
            '#pragma omp for%s%s\n            for (int i = 0; i < %s; i++)\n'
            '                %s += val(i) %% 8;\n        }\n    }\n'
            % (s, random.choice(['', ' nowait']) if False else '', sched(), nw, n, s))
    txt += '    printf("scope %%ld\\n", %s);\n' % s
    return wrap(ctx, txt)


def b_cancel(ctx):
    N = random.randint(3, 50)
    n = n_expr(ctx, N)
    a = ctx.fresh('a')
    c = random.randint(0, N - 1)
    txt = '    int %s[%d];\n' % (a, N)
    inner = random.choice(['cancel for', 'cancellation point for', 'both'])
    body = '    for (int i = 0; i < %s; i++) {\n        %s[i] = val(i);\n' % (n, a)
    if inner in ('cancel for', 'both'):
        body += '        if (i == %d) {\n#pragma omp cancel for\n        }\n' % c
    if inner in ('cancellation point for', 'both'):
        body += '#pragma omp cancellation point for\n'
    body += '        %s[i] += 1;\n    }\n' % a
    s = sched()
    if random.random() < 0.5:
        txt += '#pragma omp parallel for%s\n%s' % (s, body)
    else:
        txt += '#pragma omp parallel\n    {\n#pragma omp for%s\n%s    }\n' % (s, body)
    txt += '    printf("cancel %%ld\\n", checksum(%s, %d));\n' % (a, N)
    return wrap(ctx, txt)


def b_iterdep(ctx):
    N = random.randint(2, 12)
    a, s = ctx.fresh('a'), ctx.fresh('s')
    txt = '    int %s[%d];\n    long %s = 0;\n    int cnt = %d;\n' % (a, N, s, N)
    outs = random.random() < 0.5
    txt += '#pragma omp parallel\n#pragma omp single\n    {\n'
    if outs:
        txt += ('#pragma omp task depend(iterator(int k = 0:cnt), out: %s[k])\n'
                '        for (int k = 0; k < cnt; k++)\n            %s[k] = val(k) %% 11;\n' % (a, a))
    else:
        txt += ('        for (int k = 0; k < cnt; k++) {\n#pragma omp task depend(out: %s[k])\n'
                '            %s[k] = val(k) %% 11;\n        }\n' % (a, a))
    txt += ('#pragma omp task depend(iterator(int k = 0:cnt), in: %s[k]) shared(%s)\n'
            '        for (int k = 0; k < cnt; k++)\n            %s = %s * 3 + %s[k];\n' % (a, s, s, s, a))
    if random.random() < 0.5:
        txt += ('#pragma omp task depend(iterator(int k = 0:cnt:2), inout: %s[k])\n'
                '        for (int k = 0; k < cnt; k += 2)\n            %s[k] = -%s[k];\n' % (a, a, a))
    txt += '#pragma omp taskwait\n    }\n'
    txt += '    printf("iter %%ld %%ld\\n", %s, checksum(%s, %d));\n' % (s, a, N)
    return wrap(ctx, txt)


VALID = [b_sched, b_linear, b_lastpriv, b_ordered, b_scan, b_region_red, b_default,
         b_threadprivate, b_scope, b_cancel, b_iterdep]


# ---------------------------------------------------------------- invalid blocks

def bad_block(ctx):
    kind = random.choice(['linvar', 'scannoinscan', 'twoclauses', 'bothmono', 'nonmonoord',
                          'oobsec', 'orddepin', 'defnone', 'collapse', 'sinknoord',
                          'cancelout'])
    N = random.randint(4, 20)
    a, x = ctx.fresh('a'), ctx.fresh('x')
    txt = '    int %s[%d];\n    int %s = 0;\n' % (a, N, x)
    if kind == 'linvar':
        txt += ('    int i;\n#pragma omp parallel for linear(i%s)\n    for (i = 0; i < %d; i++)\n'
                '        %s[i] = i;\n' % (random.choice(['', ': 1']), N, a))
    elif kind == 'scannoinscan':
        txt += ('#pragma omp parallel for reduction(+: %s)\n    for (int i = 0; i < %d; i++) {\n'
                '        %s += i;\n#pragma omp scan inclusive(%s)\n        %s[i] = %s;\n    }\n'
                % (x, N, x, x, a, x))
    elif kind == 'twoclauses':
        c1, c2 = random.sample(['private', 'firstprivate', 'shared', 'reduction(+: ',
                                'lastprivate'], 2)
        if c1 == 'firstprivate' and c2 == 'lastprivate' or \
                c2 == 'firstprivate' and c1 == 'lastprivate':
            c2 = 'shared'
            if c1 == 'shared':
                c1 = 'private'

        def cl(c):
            return c + x + ')' if c.endswith(': ') else '%s(%s)' % (c, x)
        txt += ('#pragma omp parallel for %s %s\n    for (int i = 0; i < %d; i++)\n'
                '        %s[i] = i;\n' % (cl(c1), cl(c2), N, a))
    elif kind == 'bothmono':
        txt += ('#pragma omp parallel for schedule(%s: dynamic%s)\n'
                '    for (int i = 0; i < %d; i++)\n        %s[i] = i;\n'
                % (random.choice(['monotonic, nonmonotonic', 'nonmonotonic, monotonic']),
                   random.choice(['', ', 2']), N, a))
    elif kind == 'nonmonoord':
        txt += ('#pragma omp parallel for ordered schedule(nonmonotonic: %s)\n'
                '    for (int i = 0; i < %d; i++) {\n#pragma omp ordered\n        %s[i] = i;\n    }\n'
                % (random.choice(['dynamic', 'guided', 'dynamic, 3']), N, a))
    elif kind == 'oobsec':
        sec = random.choice(['%s[%d:%d]' % (a, N - 1, 3), '%s[%d:2]' % (a, N),
                             '%s[-1:2]' % a, '%s[0:%d]' % (a, N + 1)])
        txt += ('#pragma omp parallel for reduction(+: %s)\n    for (int i = 0; i < %d; i++)\n'
                '        %s[0] += i;\n' % (sec, N, a))
    elif kind == 'orddepin':
        txt += ('#pragma omp parallel for ordered(1)\n    for (int i = 0; i < %d; i++) {\n'
                '#pragma omp ordered depend(%s: %s)\n        %s[i] = i;\n    }\n'
                % (N, random.choice(['in', 'out', 'inout']), x, a))
    elif kind == 'defnone':
        txt += ('#pragma omp parallel for default(none)%s\n    for (int i = 0; i < %d; i++)\n'
                '        %s[i] = i + %s;\n' % (random.choice(['', ' shared(%s)' % a, ' shared(%s)' % x]),
                                               N, a, x))
        if 'shared' not in txt:
            pass
    elif kind == 'collapse':
        txt += ('#pragma omp parallel for collapse(2)\n    for (int i = 0; i < 4; i++) {\n'
                '        %s[i] = 0;\n        for (int j = 0; j < 4; j++)\n            %s[j] += i;\n    }\n'
                % (a, a))
    elif kind == 'sinknoord':
        txt += ('#pragma omp parallel for %s\n    for (int i = 1; i < %d; i++) {\n'
                '#pragma omp ordered depend(sink: i - 1)\n        %s[i] = i;\n'
                '#pragma omp ordered depend(source)\n    }\n' % (random.choice(['', 'ordered']), N, a))
    else:   # cancelout
        txt += ('#pragma omp parallel\n    {\n#pragma omp cancel for\n        %s = 1;\n    }\n' % x)
    txt += '    printf("%%d %%d\\n", %s[0], %s);\n' % (a, x)
    return '/* invalid: %s */\n' % kind + wrap(ctx, txt)


def make_case():
    """Returns (source, meant_valid)."""
    nb = random.choice([1, 1, 2, 2, 3])
    blocks = random.sample(VALID, nb) if nb <= len(VALID) else VALID
    meant_valid = random.random() >= 0.1
    texts, names = [], []
    for t, b in enumerate(blocks):
        ctx = Ctx(t)
        texts.append(b(ctx))
        names.append(b.__name__[2:])
    if not meant_valid:
        j = random.randrange(len(texts) + 1)
        bt = bad_block(Ctx(9))
        texts.insert(j, bt)
        names.insert(j, bt.split('*/')[0][3:].strip())
    src = '/* %s */\n' % ', '.join(names) + HEAD + 'int main(void)\n{\n' + ''.join(texts) + \
        '    return 0;\n}\n'
    return src, meant_valid


if __name__ == '__main__':
    run_oracle.main(make_case)
