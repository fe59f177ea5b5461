#!/usr/bin/env python3
"""run_sections.py SEED COUNT - reductions over array sections, built and run against gcc.

Each case is a small complete C program that reduces the elements of one array section
(OpenMP's `a[lower:length]`) the ways real codes do:

- the reduced object: a local array of known size (some `static`), the rows of a local
  2-D array (`m[lb:len]`), a `static` global array, a pointer parameter of a helper
  function (`static void work(int *h, ...)`, called with the buffer or `buf + 2`), an
  array parameter (`double acc[]`, `T acc[N]`), a pointer to rows (`T (*m)[C]`,
  `T m[][C]`) or a malloc'd (calloc'd) pointer in main;
- the element type: int, long, unsigned, double, float, a typedef of one of them, or a
  struct (`struct span {int lo, hi;}`, a min/max span, or `struct acc {long n; double s;}`,
  a count and a sum, the first also as `span_t`) reduced by a `declare reduction` at file
  scope or in the function (combiner an expression or a call, initializer
  `omp_priv = {..}`, a compound literal, a call, or none);
- the section: a lower bound 0 or not (a constant, a macro, a variable, a parameter of the
  helper, an expression of those) and a length likewise; for arrays of known size now and
  then `a[:]` or `a[lb:]` (the length omitted: to the end of the array);
- the operator: + - * & | ^ && || min max, or a reduction declared for the element type
  under one of its names (a sum, or a maximum with `initializer(omp_priv = omp_orig)` or
  `0`); values are small integers or multiples of 0.5 and products double a few times, so
  that every order of combination gives the same, exact, result;
- the construct: `parallel for`, `for` inside `parallel`, an orphaned `for` in the helper
  that main calls inside `parallel`, `taskloop` inside `parallel` + `single` (grainsize,
  num_tasks or if(0) now and then), a `parallel` region reducing the section around an
  `omp for`, `parallel sections` / `sections` inside `parallel`, a `taskgroup
  task_reduction` with several `task in_reduction` (or one `taskloop in_reduction`) inside
  `parallel` + `single`, and a reducing taskloop whose iterations also create tasks with
  `in_reduction` on the same section; a schedule on the loops now and then, and in about a
  third of the cases a scalar `total` reduced (+) along with the section, in the same
  clause or its own;
- the body updates only elements of the section, indexed with the array's own subscripts
  (`h[lo + (i % cnt)] += val(i) % 7`).  Before the construct the elements outside the
  section are set to a sentinel, those inside to values that depend on the element;
  afterwards the whole array is printed (the outside must be untouched).  The first line
  of each case is a comment naming its shape.

About one case in eight is made invalid in a way gcc rejects: a pointer's section without
a length, the array in a second data-sharing clause or a second reduction clause or item,
a built-in operator on a section of pointers, of structs or (bitwise) of doubles, a const
section that the body writes, a declared reduction of another type or one not visible
there, a constant section outside the array (negative, empty, past the end), a
non-integer bound, or an `omp for` reducing the section its parallel region reduces.

gcc 12's own faults are kept out of the cases: it dies on && and || over floating
sections of task reductions (those get no task constructs), takes `omp_orig` of a
section's element j at a[j] instead of a[lb + j] (omp_orig only where lb is 0), and
combines a task reduction's && as if the original were 0 or 1 (the originals are).  A
case gcc still dies on is a GCC-ICE line, no oracle and not counted as bad.

The oracle is gcc -fopenmp: both build or both refuse (mcc's "sorry" counted as
valid-but-sorry, not bad), and when both build, the two programs print the same output
and exit 0 (run with OMP_NUM_THREADS=3 and NX_ARGS=--smp-workers=2).  A wrong lowering
shows as WRONG: a wrong identity or combiner (a sum off by the original values, a
product, minimum or mask of the identity; swapping the operator in mcc's input alone is
caught in nearly every case), elements combined at the wrong place (a sentinel changed,
a section element missing its updates), or updates lost to a copy shared by concurrent
tasks (a race: seen only now and then with loops this small).

Prints WRONG, ACCEPTED-BROKEN, FALSE-REJECT or MCC-CRASH lines, then
`cases N ok .. rejected .. bad .. valid-but-sorry ..`.  Files are written in the
current directory.  $MCC names mcc; KEEP=1 keeps each bad case as bad-SEED-K.c.
VERBOSE=1 also prints NOTE lines for cases meant valid that gcc refused or meant
invalid that gcc built (the generator's own mistakes; they are not counted as bad).
"""
import random

import run_oracle

HEAD = '''#include <stdio.h>
#include <stdlib.h>
struct span { int lo, hi; };
struct acc { long n; double s; };
typedef struct span span_t;
static int val(int i) { return (i * 37) % 97 + 1; }
static void span_init(struct span *p) { p->lo = 1000; p->hi = -1000; }
static void span_merge(struct span *o, const struct span *in)
{
    if (in->lo < o->lo)
        o->lo = in->lo;
    if (in->hi > o->hi)
        o->hi = in->hi;
}
'''

# base types: printf format, the literal one (for shifts), the sentinel
SCALARS = {
    'int': ('%d', '1', '-7'),
    'long': ('%ld', '1L', '-7'),
    'unsigned': ('%u', '1u', '77777u'),
    'double': ('%.1f', None, '-7.0'),
    'float': ('%.1f', None, '-7.0f'),
}
INT_OPS = ['+', '-', '*', '&', '|', '^', '&&', '||', 'min', 'max', 'dsum', 'dmax']
DBL_OPS = ['+', '-', '*', '&&', '||', 'min', 'max', 'dsum', 'dmax']


class Ctx:
    """Names of one case: macros, the variables of the function holding the construct
    (declared there, or parameters of the helper passed by main)."""

    def __init__(self, helper):
        self.helper = helper
        self.macros = []        # (name, value)
        self.locals = []        # (name, value): declared before the construct
        self.params = []        # (name, value): helper parameters, main passes value
        self.used = set()

    def fresh(self, stem):
        k = 0
        while '%s%s' % (stem, k or '') in self.used:
            k += 1
        name = '%s%s' % (stem, k or '')
        self.used.add(name)
        return name

    def macro(self, value, stem):
        name = self.fresh(stem.upper())
        self.macros.append((name, value))
        return name

    def var(self, value, stem):
        name = self.fresh(stem)
        if self.helper and random.random() < 0.6:
            self.params.append((name, value))
        else:
            self.locals.append((name, value))
        return name


def spell(v, ctx, stem, const=False, depth=0):
    """A C expression of value v: a constant, a macro, a variable or an expression."""
    r = random.random()
    if r < 0.3 or (depth and r < 0.5):
        return str(v)
    if r < 0.5 or (const and r < 0.75):
        return ctx.macro(v, stem)
    if not const and (r < 0.75 or depth):
        return ctx.var(v, stem)
    d = random.randint(1, 3)
    form = random.choice(['+', '-', '*'] if v >= 2 and v % 2 == 0 else ['+', '-'])
    if form == '+' and v - d >= 0:
        return '(%s + %d)' % (spell(v - d, ctx, stem, const, 1), d)
    if form == '*':
        return '(2 * %s)' % spell(v // 2, ctx, stem, const, 1)
    return '(%s - %d)' % (spell(v + d, ctx, stem, const, 1), d)


def indent(text, ind):
    return ''.join(ind + line + '\n' for line in text.split('\n'))


def wval(vi, mod, dbl):
    return '(val(%s) %% %d) * 0.5' % (vi, mod) if dbl else 'val(%s) %% %d' % (vi, mod)


def body(op, E, base, vi='i'):
    """One iteration's update of the element E (the iteration's value comes from vi)."""
    dbl = base in ('double', 'float')
    one = SCALARS.get(base, ('', '1'))[1]
    if op in ('+', 'dsum'):
        w = wval(vi, 7, dbl)
        return random.choice(['%s += %s;' % (E, w), '%s = %s + %s;' % (E, E, w),
                              '%s = %s + %s;' % (E, w, E)])
    if op == '-':
        return '%s -= %s;' % (E, wval(vi, 7, dbl))
    if op == '*':
        c = random.randint(0, 40)
        return random.choice(['%s *= (%s) %% 41 == %d ? 2 : 1;' % (E, vi, c),
                              'if ((%s) %% 41 == %d)\n    %s *= 2;' % (vi, c, E)])
    if op == '&':
        return 'if ((%s) %% 19 == 2)\n    %s &= ~(%s << ((%s) %% 9));' % (vi, E, one, vi)
    if op == '|':
        return 'if ((%s) %% 13 == 5)\n    %s |= %s << ((%s) %% 9);' % (vi, E, one, vi)
    if op == '^':
        return '%s ^= val(%s) %% 64;' % (E, vi)
    if op == '&&':
        return '%s = %s && (%s) %% 53 != 7;' % (E, E, vi)
    if op == '||':
        return '%s = %s || (%s) %% 53 == 7;' % (E, E, vi)
    if op == 'min':
        w = wval(vi, 90, dbl)
        return random.choice(['if (%s < %s)\n    %s = %s;' % (w, E, E, w),
                              '%s = %s < %s ? %s : %s;' % (E, w, E, w, E)])
    if op in ('max', 'dmax'):
        w = wval(vi, 60, dbl)
        return random.choice(['if (%s > %s)\n    %s = %s;' % (w, E, E, w),
                              '%s = %s > %s ? %s : %s;' % (E, w, E, w, E)])
    if op == 'span':
        return ('{\n    int w = val(%s) %% 100;\n    if (w < %s.lo)\n'
                '        %s.lo = w;\n    if (w > %s.hi)\n'
                '        %s.hi = w;\n}' % (vi, E, E, E, E))
    if op == 'accum':
        return '{\n    %s.n += 1;\n    %s.s += (val(%s) %% 5) * 0.5;\n}' % (E, E, vi)
    raise ValueError(op)


def start(op, T, base):
    """The value of element k of the section before the construct."""
    dbl = base in ('double', 'float')
    if op == 'span':
        return '(%s){40 + k %% 20, 45 + k %% 20}' % T
    if op == 'accum':
        return '(%s){k, k * 0.5}' % T
    return {'+': 'k * 0.5' if dbl else 'k % 5', '-': 'k * 0.5' if dbl else 'k % 5',
            'dsum': 'k % 5', '*': '1 + k % 3', '&': '0xfff ^ k', '|': 'k << 9',
            '^': 'k * 3', '&&': 'k % 3 != 0', '||': 'k % 4 == 1',
            'min': '20 + k' if dbl else '40 + k', 'max': '10 + k' if dbl else '30 + k',
            'dmax': '10 + k' if dbl else '30 + k'}[op]


def sentinel(op, T, base):
    if op in ('span', 'accum'):
        return '(%s){-7, -7}' % T
    return SCALARS[base][2]


def printer(op, base, E):
    if op == 'span':
        return 'printf("%%d/%%d ", %s.lo, %s.hi);' % (E, E)
    if op == 'accum':
        return 'printf("%%ld/%%.1f ", %s.n, %s.s);' % (E, E)
    return 'printf("%s ", %s);' % (SCALARS[base][0], E)


def declare(op, T, base, orig_ok):
    """The declare reduction for a declared operator: (identifier, text)."""
    if op == 'span':
        rid = random.choice(['span', 'minmax', 'merge'])
        if random.random() < 0.5:
            comb = ('omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, '
                    'omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi')
        else:
            comb = 'span_merge(&omp_out, &omp_in)'
        init = random.choice(['omp_priv = {1000, -1000}', 'omp_priv = (%s){1000, -1000}' % T,
                              'span_init(&omp_priv)'])
        return rid, ('#pragma omp declare reduction(%s : %s : %s) initializer(%s)\n'
                     % (rid, T, comb, init))
    if op == 'accum':
        rid = random.choice(['accum', 'sum2'])
        init = random.choice([' initializer(omp_priv = {0, 0.0})',
                              ' initializer(omp_priv = (%s){0, 0})' % T, ''])
        return rid, ('#pragma omp declare reduction(%s : %s : omp_out.n += omp_in.n, '
                     'omp_out.s += omp_in.s)%s\n' % (rid, T, init))
    if op == 'dsum':
        rid = random.choice(['dsum', 'plus'])
        init = random.choice([' initializer(omp_priv = 0)', ''])
        return rid, ('#pragma omp declare reduction(%s : %s : omp_out += omp_in)%s\n'
                     % (rid, T, init))
    rid = random.choice(['dmax', 'biggest'])
    # (gcc 12 takes omp_orig of a section's element j at a[j], not a[lb + j], and dies
    # on it in an orphaned for)
    init = random.choice(['omp_priv = omp_orig', 'omp_priv = 0'] if orig_ok else ['omp_priv = 0'])
    return rid, ('#pragma omp declare reduction(%s : %s : omp_out = omp_in > omp_out ? '
                 'omp_in : omp_out) initializer(%s)\n' % (rid, T, init))


CONSTRUCTS = ['parallel for', 'for', 'region', 'sections', 'orphan', 'taskloop', 'taskgroup',
              'taskloop tasks']


def make_case():
    """Returns (source, meant_valid)."""
    kind = random.choice(['local', 'local', 'local2d', 'global', 'ptrparam', 'ptrparam',
                          'arrparam', 'malloc', 'rowptr'])
    two_d = kind in ('local2d', 'rowptr')
    known = kind in ('local', 'local2d', 'global')      # an array of known size
    helper = kind in ('ptrparam', 'arrparam', 'rowptr') or (
        kind == 'global' and random.random() < 0.5)
    ctx = Ctx(helper)
    ctx.used.update(['i', 'k', 'r', 'c', 't', 'n', 'w', 'val', 'buf', 'work', 'main', 'total'])

    # the element type and the operator
    r = random.random()
    typedefs = ''
    if r < 0.12:
        op, T, base = 'span', random.choice(['struct span', 'span_t']), 'struct'
    elif r < 0.2:
        op, T, base = 'accum', 'struct acc', 'struct'
    else:
        base = random.choice(list(SCALARS))
        T = base
        if random.random() < 0.2:
            T = random.choice(['elem_t', 'real', 'count_t'])
            typedefs = 'typedef %s %s;\n' % (base, T)
        op = random.choice(DBL_OPS if base in ('double', 'float') else INT_OPS)
    construct = random.choice(CONSTRUCTS)
    if base in ('double', 'float') and op in ('&&', '||'):
        # gcc 12 dies (fold_convert_loc) on && and || over floating sections of tasks
        construct = random.choice(CONSTRUCTS[:5])
    if construct == 'orphan' and not helper:
        construct = 'for'

    # the array: N elements (or N rows of C), the section [L, L + K) in its subscripts,
    # the buffer main prints holds it from element B on
    N = random.randint(4, 16) if not two_d else random.randint(3, 7)
    C = random.randint(2, 4)
    L = random.choice([0, 0] + list(range(1, N)))
    K = random.randint(1, N - L)
    B = random.choice([0, 0, 0, 1, 2]) if kind == 'ptrparam' else 0
    NB = N + B
    size = str(N) if random.random() < 0.5 else ctx.macro(N, random.choice(['N', 'SIZE', 'NBINS']))
    name = {'local': random.choice(['h', 'hist', 'a', 'cnt']), 'local2d': random.choice(['m', 'cells']),
            'global': random.choice(['g', 'bins', 'table']),
            'ptrparam': random.choice(['h', 'p', 'out']),
            'arrparam': random.choice(['acc', 'sums', 'v']),
            'malloc': random.choice(['p', 'data', 'buf2']),
            'rowptr': random.choice(['m', 'rows'])}[kind]
    ctx.used.add(name)

    decl_at, decl_text, rid = None, '', op
    if op in ('span', 'accum', 'dsum', 'dmax'):
        # declared for the element type under one of its names
        dT = T
        if T in ('struct span', 'span_t'):
            dT = random.choice(['struct span', 'span_t'])
        elif T != base and base != 'struct' and random.random() < 0.5:
            dT = base
        rid, decl_text = declare(op, dT, base, L == 0 and construct != 'orphan')
        decl_at = random.choice(['file', 'file', 'fn'])

    # the section as written
    omit = known and random.random() < 0.2
    if omit and random.random() < 0.4:
        L, K = 0, N
        lb_t, len_t, sec_lb, sec_len = '0', size, '', ''
    else:
        lb_t = spell(L, ctx, random.choice(['lo', 'lb', 'first', 'from']))
        sec_lb = lb_t
        if omit:
            K = N - L
            len_t = '(%s - %s)' % (size, lb_t)
            sec_len = ''
        else:
            len_t = spell(K, ctx, random.choice(['cnt', 'len', 'nb', 'width']))
            sec_len = len_t
    sec = '%s[%s:%s]' % (name, sec_lb, sec_len)
    if omit and sec_lb == '0' and random.random() < 0.5:
        sec = '%s[:%s]' % (name, '')

    # mutations making the case invalid
    meant_valid = True
    muts = ['dup', 'tworeds', 'ptrsec', 'nonint']
    if kind in ('ptrparam', 'arrparam', 'malloc', 'rowptr'):
        muts += ['nolen', 'nolen']
    if kind in ('ptrparam', 'arrparam'):
        muts.append('const')
    if base in ('double', 'float', 'struct') or op in ('dsum', 'dmax'):
        muts.append('badop')
    if decl_at:
        muts.append('udrscope')
    if known:
        muts += ['oob', 'oob']
    if construct == 'region' and known:     # (gcc lets a pointer's section through)
        muts.append('privouter')
    mut = random.choice(muts) if random.random() < 0.13 else None
    extra_clause = ''
    extra_decl = ''
    const_q = ''
    if mut:
        meant_valid = False
    if mut == 'nolen':
        sec = '%s[%s:]' % (name, random.choice([lb_t, lb_t, '']))
    elif mut == 'dup':
        extra_clause = ' %s(%s)' % (random.choice(['shared', 'private', 'firstprivate']), name)
    elif mut == 'tworeds':
        other = random.choice(['%s[0:1]' % name, sec, name if known else '%s[%s:1]' % (name, lb_t)])
        if random.random() < 0.5:
            extra_clause = ' reduction(%s: %s)' % (rid, other)
        else:
            sec = '%s, %s' % (sec, other)
    elif mut == 'ptrsec':
        extra_decl = '    int *ptrs[4] = {0};\n'
        extra_clause = ' reduction(%s: ptrs[0:%d])' % (random.choice(['max', 'min', '+', '*']),
                                                       random.randint(1, 4))
    elif mut == 'nonint':
        if random.random() < 0.5 or not sec_len:
            sec = '%s[%s * 1.0:%s]' % (name, lb_t, sec_len or len_t)
        else:
            sec = '%s[%s:%s + 0.5]' % (name, lb_t, len_t)
    elif mut == 'const':
        const_q = 'const '
    elif mut == 'badop':
        if base in ('double', 'float'):
            op_bad = random.choice(['&', '|', '^'])
        elif base == 'struct':
            op_bad = random.choice(['+', 'max', '*'])
        else:
            op_bad = None
        if op_bad:
            rid = op_bad
        else:               # declared for another type
            other = {'int': 'long', 'long': 'int', 'unsigned': 'int', 'double': 'float',
                     'float': 'double'}[base]
            rid, decl_text = declare(op, other, other, False)
    elif mut == 'udrscope':
        decl_at = 'other'
    elif mut == 'oob':
        how = random.choice(['past', 'neg', 'zero', 'above', 'neglen'])
        lo = random.randint(0, N - 1)
        sz = random.choice([size, str(N)])
        if how == 'past':
            sec = '%s[%d:%d]' % (name, lo, N - lo + random.randint(1, 3))
        elif how == 'neg':
            sec = '%s[-%d:%d]' % (name, random.randint(1, 2), random.randint(1, 3))
        elif how == 'zero':
            sec = '%s[%d:0]' % (name, lo)
        elif how == 'above':
            sec = '%s[%s + %d:]' % (name, sz, random.randint(0, 2))
        else:
            sec = '%s[%d:-%d]' % (name, lo, random.randint(1, 2))
    red_sec = sec

    # the element a body updates at iteration vi
    def elem(vi='i'):
        sub = random.choice(['(%s) %% %s' % (vi, len_t), 'val(%s) %% %s' % (vi, len_t)])
        idx = sub if lb_t == '0' else '%s + %s' % (lb_t, '(%s)' % sub)
        if two_d:
            return '%s[%s][(%s) %% %d]' % (name, idx, vi, C)
        return '%s[%s]' % (name, idx)

    # now and then a scalar reduced along with the section
    total = construct != 'orphan' and random.random() < 0.3
    total_in = total and rid == '+' and random.random() < 0.5

    def upd(vi='i'):
        text = body(op, elem(vi), base, vi)
        if total:
            text = '{\n%s    total += (%s) %% 3;\n}' % (indent(text, '    '), vi)
        return text

    iters = random.randint(30, 300)
    n_t = random.choice([str(iters), 'n'])
    if n_t == 'n':
        ctx.locals.append(('n', iters))

    def clause(word, sec_text):
        if total_in:
            return '%s(%s: %s, total)' % (word, rid, sec_text)
        return '%s(%s: %s)%s' % (word, rid, sec_text, ' %s(+: total)' % word if total else '')

    def sched():
        return random.choice(['', '', ' schedule(static)', ' schedule(dynamic, 4)',
                              ' schedule(guided)', ' schedule(static, 3)'])

    def loop(lo, hi, ind, vi='i', step=None):
        head = '%sfor (int i = %s; i < %s; %s)\n' % (ind, lo, hi,
                                                      'i++' if step is None else 'i += %s' % step)
        return head + indent(upd(vi), ind + '    ')

    # the construct
    lines = []
    red = clause('reduction', red_sec) + extra_clause
    if construct == 'parallel for':
        lines.append('#pragma omp parallel for %s%s\n' % (red, sched()))
        lines.append(loop('0', n_t, '    '))
    elif construct == 'for':
        lines.append('#pragma omp parallel\n    {\n')
        lines.append('#pragma omp for %s%s%s\n' % (red, sched(),
                                                   random.choice(['', '', ' nowait'])))
        lines.append(loop('0', n_t, '        '))
        lines.append('    }\n')
    elif construct == 'region':
        inner = ' ' + clause('reduction', red_sec) if mut == 'privouter' else ''
        lines.append('#pragma omp parallel %s\n    {\n' % red)
        lines.append('#pragma omp for%s%s\n' % (inner, sched()))
        lines.append(loop('0', n_t, '        '))
        lines.append('    }\n')
    elif construct == 'sections':
        parts = random.randint(2, 3)
        cuts = ['0'] + ['%d' % (iters * j // parts) for j in range(1, parts)] + [n_t]
        if random.random() < 0.5:
            lines.append('#pragma omp parallel sections %s\n    {\n' % red)
        else:
            lines.append('#pragma omp parallel\n#pragma omp sections %s\n    {\n' % red)
        for j in range(parts):
            lines.append('#pragma omp section\n')
            lines.append(loop(cuts[j], cuts[j + 1], '        '))
        lines.append('    }\n')
    elif construct == 'orphan':      # in the helper, which main calls in a parallel region
        lines.append('#pragma omp for %s%s\n' % (red, sched()))
        lines.append(loop('0', n_t, '    '))
    elif construct == 'taskloop':
        gs = random.choice(['', '', ' grainsize(%d)' % random.randint(5, 60),
                            ' num_tasks(%d)' % random.randint(2, 8), ' if(0)'])
        lines.append('#pragma omp parallel\n#pragma omp single\n')
        lines.append('#pragma omp taskloop %s%s\n' % (red, gs))
        lines.append(loop('0', n_t, '    '))
    elif construct == 'taskgroup':
        tr = clause('task_reduction', red_sec)
        inr = clause('in_reduction', red_sec)
        if mut == 'dup':            # (taskgroup has no data-sharing clauses)
            inr += extra_clause
        else:
            tr += extra_clause.replace('reduction(', 'task_reduction(')
        lines.append('#pragma omp parallel\n#pragma omp single\n    {\n')
        lines.append('#pragma omp taskgroup %s\n        {\n' % tr)
        if random.random() < 0.3:
            lines.append('#pragma omp taskloop %s%s\n' % (inr, random.choice(['', ' grainsize(20)'])))
            lines.append(loop('0', n_t, '            '))
        else:
            T_ = random.randint(2, 6)
            lines.append('            for (int t = 0; t < %d; t++) {\n' % T_)
            lines.append('#pragma omp task %s%s\n' % (inr, random.choice(['', ' firstprivate(t)'])))
            lines.append(loop('t', n_t, '                ', step=str(T_)))
            lines.append('            }\n')
        lines.append('        }\n    }\n')
    else:   # taskloop tasks
        gs = random.choice(['', ' grainsize(%d)' % random.randint(5, 60)])
        lines.append('#pragma omp parallel\n#pragma omp single\n')
        lines.append('#pragma omp taskloop %s%s\n' % (red, gs))
        lines.append('    for (int i = 0; i < %s; i++) {\n' % n_t)
        lines.append(indent(upd('i'), '        '))
        lines.append('#pragma omp task %s\n' % clause('in_reduction', red_sec))
        lines.append(indent(upd('i + 3'), '        '))
        lines.append('    }\n')
    if total:
        extra_decl += '    long total = 0;\n'
        lines.append('    printf("total %ld\\n", total);\n')
    construct_text = ''.join(lines)

    # init and print of the whole buffer (main's view: buffer 'buf' for helpers)
    bufname = name if kind in ('local', 'local2d', 'global', 'malloc') else 'buf'
    lo_b, hi_b = B + L, B + L + K
    st, sn = start(op, T, base), sentinel(op, T, base)
    if two_d:
        init = ('    for (int r = 0; r < %d; r++)\n        for (int c = 0; c < %d; c++) {\n'
                '            int k = r * %d + c;\n'
                '            %s[r][c] = r >= %d && r < %d ? %s : %s;\n        }\n'
                % (N, C, C, bufname, lo_b, hi_b, st, sn))
        prt = ('    for (int r = 0; r < %d; r++)\n        for (int c = 0; c < %d; c++)\n'
               '            %s\n    printf("\\n");\n' % (N, C, printer(op, base, '%s[r][c]' % bufname)))
    else:
        init = ('    for (int k = 0; k < %d; k++)\n        %s[k] = k >= %d && k < %d ? %s : %s;\n'
                % (NB, bufname, lo_b, hi_b, st, sn))
        prt = ('    for (int k = 0; k < %d; k++)\n        %s\n    printf("\\n");\n'
               % (NB, printer(op, base, '%s[k]' % bufname)))

    def decls(lst):
        return ''.join('    int %s = %d;\n' % (v, x) for v, x in lst)

    src = '/* %s section of %s %s, %s %s%s */\n' % (
        kind, T, name, construct, rid, ', invalid: ' + mut if mut else '')
    src += HEAD + typedefs
    src += ''.join('#define %s %d\n' % m for m in ctx.macros)
    if decl_at == 'file':
        src += decl_text
    if decl_at == 'other':
        src += 'static void other(void)\n{\n%s}\n' % decl_text
    if kind == 'global':
        src += 'static %s %s[%s];\n' % (T, name, size)
    udr_fn = decl_text if decl_at == 'fn' else ''
    if helper:
        if kind == 'ptrparam':
            first = '%s%s *%s' % (const_q, T, name)
        elif kind == 'arrparam':
            first = '%s%s %s[%s]' % (const_q, T, name, random.choice(['', size]))
        elif kind == 'rowptr':
            first = random.choice(['%s (*%s)[%d]', '%s %s[][%d]']) % (T, name, C)
        else:
            first = None
        params = ([first] if first else []) + ['int %s' % v for v, x in ctx.params]
        src += 'static void work(%s)\n{\n' % (', '.join(params) or 'void')
        src += udr_fn + decls(ctx.locals) + extra_decl + construct_text + '}\n'
    src += 'int main(void)\n{\n'
    if not helper:
        src += udr_fn
    if kind == 'local':
        src += '    %s%s %s[%s];\n' % (random.choice(['', '', 'static ']), T, name, size)
    elif kind == 'local2d':
        src += '    %s %s[%s][%d];\n' % (T, name, size, C)
    elif kind == 'malloc':
        src += '    %s *%s = %s;\n' % (T, name, random.choice([
            'malloc(%s * sizeof *%s)' % (size, name), 'calloc(%s, sizeof(%s))' % (size, T)]))
        src += '    if (!%s)\n        return 1;\n' % name
    elif kind in ('ptrparam', 'arrparam'):
        if random.random() < 0.7:
            src += '    %s buf[%d];\n' % (T, NB)
        else:
            src += '    %s *buf = malloc(%d * sizeof *buf);\n    if (!buf)\n        return 1;\n' % (T, NB)
    elif kind == 'rowptr':
        src += '    %s buf[%d][%d];\n' % (T, N, C)
    src += init
    if helper:
        args = []
        if kind != 'global':
            args.append('buf + %d' % B if B else 'buf')
        args += [str(x) for v, x in ctx.params]
        if construct == 'orphan':
            src += '#pragma omp parallel\n'
        src += '    work(%s);\n' % ', '.join(args)
    else:
        src += decls(ctx.locals) + extra_decl + construct_text
    src += prt
    if kind == 'malloc':
        src += '    free(%s);\n' % name
    src += '    return 0;\n}\n'
    return src, meant_valid


if __name__ == '__main__':
    run_oracle.main(make_case)
