"""The judge the diff/ generators share.

A generator builds random cases; each case is a label (what the lines print, the
generated expression), the clause-side source (c.c, the program with the pragma) and
the plain source (p.c, the same expression where gcc itself checks it, the pragma
removed).  judge() runs `$MCC --ompss -y c.c -o o.c` and gcc, the oracle:

  mcc rejects, gcc accepts p.c: FALSE-REJECT (unless mcc said "sorry": valid-but-sorry);
  mcc accepts, gcc rejects o.c: ACCEPTED-BROKEN;
  mcc dies on a signal:         MCC-CRASH;
  with check_plain, mcc accepts, gcc compiles o.c but rejects p.c: ACCEPTED-INVALID
  (mcc's lowering made an invalid expression compile; for generators whose p.c is the
  code the pragma means, e.g. declare reduction's combiner in a function of its own).

main(make_case, flags) is a generator's whole main: argv is `SEED COUNT`, the seed is set
before the first case (judge() draws no random numbers, so a seed gives the same cases),
and the last line is `cases N ok .. rejected .. bad .. valid-but-sorry ..` (JUDGE_SORRY=1
prints the valid-but-sorry cases too).
Files c.c, p.c and o.c are written in the current directory.
"""
import os, random, subprocess, sys

# gcc's flags of the generators that need a strict oracle: gcc 12 only warns about
# int/pointer and pointer/pointer mismatches that mcc (rightly) rejects (gcc 14 makes them
# errors).  No -w here: -w silences a -Werror= warning too, so the error never came.
STRICT = ['-std=gnu11', '-Werror=int-conversion', '-Werror=incompatible-pointer-types']


class Judge:
    def __init__(self, flags=('-w',), check_plain=False):
        self.mcc = os.environ['MCC']
        self.flags = list(flags)
        self.check_plain = check_plain
        self.cases = self.ok = self.rejected = self.bad = self.sorry = 0

    def gcc(self, path):
        return subprocess.run(['gcc'] + self.flags + ['-fsyntax-only', path],
                              capture_output=True, text=True)

    def judge(self, label, src, plain):
        """One case: returns 'ok', 'rejected', 'sorry', 'false-reject',
        'accepted-broken', 'accepted-invalid' or 'crash'."""
        self.cases += 1
        with open('c.c', 'w') as f:
            f.write(src)
        with open('p.c', 'w') as f:
            f.write(plain)
        m = subprocess.run([self.mcc, '--ompss', '-y', 'c.c', '-o', 'o.c'],
                           capture_output=True, text=True)
        if m.returncode < 0:
            print('MCC-CRASH', label, 'signal', -m.returncode)
            self.bad += 1
            return 'crash'
        if m.returncode != 0:
            self.rejected += 1
            if self.gcc('p.c').returncode != 0:
                return 'rejected'
            if 'sorry' in m.stderr:
                self.sorry += 1
                if os.environ.get('JUDGE_SORRY'):
                    print('VALID-BUT-SORRY', label, m.stderr.splitlines()[0][:150])
                return 'sorry'
            first = (m.stderr.splitlines() or ['(mcc said nothing)'])[0]
            print('FALSE-REJECT', label, first[:150])
            self.bad += 1
            return 'false-reject'
        g = self.gcc('o.c')
        if g.returncode != 0:
            errs = [l[l.find('error'):][:150] for l in g.stderr.splitlines() if 'error' in l]
            print('ACCEPTED-BROKEN', label, errs[:1])
            self.bad += 1
            return 'accepted-broken'
        if self.check_plain:
            p = self.gcc('p.c')
            if p.returncode != 0:
                errs = [l[l.find('error'):][:150] for l in p.stderr.splitlines() if 'error' in l]
                print('ACCEPTED-INVALID', label, errs[:1])
                self.bad += 1
                return 'accepted-invalid'
        self.ok += 1
        return 'ok'

    def summary(self):
        print('cases', self.cases, 'ok', self.ok, 'rejected', self.rejected, 'bad', self.bad,
              'valid-but-sorry', self.sorry)


def main(make_case, flags=('-w',), argv=None, check_plain=False):
    """make_case() -> (label, clause-side source, plain source), from random."""
    argv = sys.argv if argv is None else argv
    random.seed(int(argv[1]))
    n = int(argv[2])
    j = Judge(flags, check_plain)
    for _ in range(n):
        j.judge(*make_case())
    j.summary()
    return j
