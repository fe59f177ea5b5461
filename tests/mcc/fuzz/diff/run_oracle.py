#!/usr/bin/env python3
"""run_oracle.py - the driver run_sections.py and run_loops.py share: build each generated
case with gcc -fopenmp (the oracle) and with mcc, run both, compare.

main(make_case) reads SEED COUNT from the command line; make_case() returns (source,
meant_valid).  Both build or both refuse (mcc's "sorry" is valid-but-sorry, not bad);
when both build, the two programs print the same and exit 0 (OMP_NUM_THREADS=3 for gcc's,
NX_ARGS=--smp-workers=2 for mcc's).  Prints WRONG, ACCEPTED-BROKEN, FALSE-REJECT,
MCC-CRASH or GCC-ICE lines, then `cases N ok .. rejected .. bad .. valid-but-sorry ..`.
Files are written in the current directory; $MCC names mcc; KEEP=1 keeps each bad case as
bad-SEED-K.c; VERBOSE=1 prints NOTE lines where the generator's idea of valid differs from
gcc's.
"""
import os
import random
import subprocess
import sys

def one_line(text):
    return ' | '.join(text.strip().splitlines())[:300]


def first_error(text):
    lines = text.strip().splitlines()
    return ([l for l in lines if 'error' in l] or lines)[:1]


def run(cmd, env=None, timeout=120):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired as e:     # a hang: as if killed by a signal
        out = e.stdout or b''
        if isinstance(out, bytes):
            out = out.decode(errors='replace')
        return subprocess.CompletedProcess(cmd, -9, out, 'timed out after %d s' % timeout)


def main(make_case):
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    random.seed(seed)
    mcc = os.environ['MCC']
    verbose = os.environ.get('VERBOSE')
    n = ok = rejected = bad = sorry = 0
    env = dict(os.environ, OMP_NUM_THREADS='3', NX_ARGS='--smp-workers=2')
    for k in range(count):
        src, meant_valid = make_case()
        n += 1
        for f in ('g.out', 'm.out'):
            if os.path.exists(f):
                os.remove(f)
        with open('c.c', 'w') as f:
            f.write(src)
        g = run(['gcc', '-fopenmp', '-w', 'c.c', '-o', 'g.out'])
        m = run([mcc, '--ompss', '-w', 'c.c', '-o', 'm.out'])
        label = 'case %d of seed %d' % (k, seed)
        if verbose and (g.returncode == 0) != meant_valid:
            print('NOTE', label, 'meant', 'valid' if meant_valid else 'invalid', 'gcc:',
                  first_error(g.stderr))
        was_bad = True
        if 'internal compiler error' in g.stderr:
            print('GCC-ICE', label, first_error(g.stderr))     # no oracle: not counted
            rejected += 1
            was_bad = False
        elif m.returncode < 0:
            print('MCC-CRASH', label, first_error(m.stderr))
        elif g.returncode != 0 and m.returncode == 0:
            print('ACCEPTED-BROKEN', label, '(gcc:', first_error(g.stderr), ')')
        elif g.returncode == 0 and m.returncode != 0:
            rejected += 1
            if 'sorry' in m.stderr:
                sorry += 1
                was_bad = False
            else:
                print('FALSE-REJECT', label, first_error(m.stderr))
        elif g.returncode != 0:
            rejected += 1
            was_bad = False
        else:
            a, b = run(['./g.out'], env, 30), run(['./m.out'], env, 30)
            if a.stdout != b.stdout or b.returncode != 0 or a.returncode != 0:
                print('WRONG', label, 'gcc -fopenmp:', one_line(a.stdout), 'mcc:',
                      one_line(b.stdout), one_line(b.stderr)[:200])
            else:
                ok += 1
                was_bad = False
        if was_bad:
            bad += 1
            if os.environ.get('KEEP'):
                os.rename('c.c', 'bad-%d-%d.c' % (seed, k))
    print('cases %d ok %d rejected %d bad %d valid-but-sorry %d' % (n, ok, rejected, bad, sorry))

