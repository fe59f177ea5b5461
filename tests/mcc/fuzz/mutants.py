#!/usr/bin/env python3
"""Pragma mutation campaign: mcc must reject what it cannot translate into C that compiles.

Each case takes one OmpSs program, mutates its `#pragma omp` lines (tokens deleted,
duplicated, swapped, replaced or inserted; clauses copied from other pragmas; directive words
changed or misspelt; pragmas moved to odd places: file scope, unbraced bodies, struct
bodies, labels, case, the middle of a statement; stand-alone directives added) and runs

    mcc --ompss -y case.c -o case.mcc.c         mcc's verdict: accepted (0) or rejected (1)
    gcc -c case.mcc.c                           only when mcc accepted: must compile

A case is BAD when mcc crashes or hangs (exit other than 0/1, a signal, the time limit), or
when mcc accepts it and gcc then rejects the output: an error in a pragma must be mcc's own,
at the pragma, never gcc's on generated code.  gcc runs with the errors gcc 14 makes
default (implicit declarations, int/pointer conversions) so that newer compilers agree.

    mutants.py [options] PROGRAM.c...
      --count N       cases to run (default 200), or
      --seconds S     run cases until S seconds have passed
      --seed N        random seed (default 1); the same seed gives the same cases
      --jobs J        cases run at once (default 2)
      --work DIR      scratch directory (default $TMPDIR/mcc-mutants)
      --keep DIR      copy every BAD case there, with a .why file saying what happened
      --verbose       print every BAD case's diagnostics

Prints the totals (cases, rejected by mcc, accepted and compiled, accepted-broken, crashes,
hangs) and the gcc messages of the accepted-broken ones, grouped.  Exit 1 when a case is BAD,
0 otherwise.  Environment: MCC (default build/bin/mcc), CC (default gcc).
"""
import argparse
import concurrent.futures as cf
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

TOKEN = re.compile(r'''\s*(
    [A-Za-z_$][A-Za-z_0-9$]* |
    \.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])* |
    "(?:\\.|[^"\\])*" | '(?:\\.|[^'\\])*' |
    \.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\#\# |
    \S)''', re.X)

DIRECTIVES = ["task", "taskwait", "taskyield", "barrier", "critical", "atomic", "taskloop",
              "for", "target", "parallel", "declare reduction", "taskwiat", "tsak", "single",
              "taskgroup", "master", "flush", "sections", "section"]
CLAUSES = ["in", "out", "inout", "input", "output", "depend", "concurrent", "commutative",
           "reduction", "priority", "if", "final", "untied", "tied", "label", "shared",
           "private", "firstprivate", "default", "device", "copy_in", "copy_out",
           "copy_inout", "copy_deps", "no_copy_deps", "implements", "ndrange", "shmem",
           "file", "name", "on", "noflush", "grainsize", "num_tasks", "nogroup", "schedule",
           "nowait", "firstprivte", "inout2", "depnd"]
PUNCT = [",", ":", ";", "[", "]", "(", ")", "{", "}", "*", "&", "->", ".", "+", "-", "=",
         "?", "!", "~", "<", ">>", "&&", "++", "#", "\\", "@", "`", "[:]", "()", "[]"]
ODD_NUMBERS = ["1e308", "1.5", "-1", "0x", "1u", "99999999999999999999999", "0", "'c'",
               "\"s\"", "1.0f", "0x7fffffffffffffff", "08", "1e", ".5"]
KEYWORDS = ["int", "sizeof", "struct", "return", "void", "double", "const", "if", "case",
            "default", "__attribute__", "typedef", "static", "char", "_Generic", "while"]
SNIPPETS = ["nogroup(1)", "in(x)", "out(undeclared_name)", "a[1e308]", "{x, i = 0:2}",
            "[n]", "x y", "(int)", "depend(in: a[0:1])", "reduction(+: s)", "f()",
            "1 +", "* *", "&x", "x.y", "p->q", "label(l)", "\"str\"", ";;", "[1:2:3]",
            "if(1) if(0)", "in(a[i] nogroup(1))", "sizeof(int)", "(x)", "x = 1", "x++"]
STANDALONE = ["taskwait", "barrier", "taskyield", "taskwait noflush", "taskwait on(x)",
              "task", "critical", "atomic", "taskloop", "for", "target", "declare reduction(+: int: omp_out += omp_in)"]


def lex(text):
    toks, i = [], 0
    while i < len(text):
        m = TOKEN.match(text, i)
        if not m:
            break
        toks.append(m.group(1))
        i = m.end()
    return toks


class Program:
    """One source file: its lines, where its pragmas are, the identifiers it uses."""

    def __init__(self, path):
        self.path = path
        self.dir = os.path.dirname(os.path.abspath(path))
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            self.lines = f.read().split("\n")
        self.pragmas = []          # (first line index, last line index)
        i = 0
        while i < len(self.lines):
            if re.match(r"\s*#\s*pragma\s+omp\b", self.lines[i]):
                j = i
                while self.lines[j].endswith("\\") and j + 1 < len(self.lines):
                    j += 1
                self.pragmas.append((i, j))
                i = j + 1
            else:
                i += 1
        words = set(re.findall(r"\b[A-Za-z_][A-Za-z_0-9]*\b", "\n".join(self.lines)))
        self.idents = sorted(w for w in words if len(w) < 24)
        # Lines where a new line may be inserted: not after a continued line.
        self.slots = [k for k in range(len(self.lines) + 1)
                      if k == 0 or not self.lines[k - 1].endswith("\\")]
        # Odd places for a pragma: the first line of a struct/union/enum body, before a
        # label, `case` or `default`, the unbraced body of if/else/for/while/do, file scope.
        odd = []
        for k, line in enumerate(self.lines):
            t = line.strip()
            if re.match(r"(typedef\s+)?(struct|union|enum)\b.*\{$", t):
                odd.append(k + 1)
            elif re.match(r"(case\b.*|default\s*|[A-Za-z_]\w*\s*):($|\s)", t) and "?" not in t:
                odd.append(k)
            elif re.match(r"((else\s+)?if|for|while)\b.*\)$|else$|do$", t):
                odd.append(k + 1)
            elif line[:1].isalpha() and not line.startswith(("static", "#")) and k > 0 \
                    and self.lines[k - 1].strip() in ("", "}"):
                odd.append(k)
        self.odd_slots = [k for k in odd if k in set(self.slots)]


def pragma_text(prog, span):
    a, b = span
    return " ".join(l.rstrip("\\") for l in prog.lines[a:b + 1])


def clause_texts(prog):
    """Clauses (name(...) or bare words) of every pragma of a program."""
    out = []
    for span in prog.pragmas:
        toks = lex(pragma_text(prog, span))
        i = 3
        while i < len(toks):
            if re.match(r"[A-Za-z_]", toks[i]) and i + 1 < len(toks) and toks[i + 1] == "(":
                depth, j = 0, i + 1
                while j < len(toks):
                    depth += toks[j] == "("
                    depth -= toks[j] == ")"
                    j += 1
                    if depth == 0:
                        break
                out.append(" ".join(toks[i:j]))
                i = j
            else:
                i += 1
    return out


def mutate_tokens(rng, toks, prog, clause_pool):
    """One token-level mutation of a pragma's tokens (toks[0:3] are # pragma omp)."""
    body = toks[3:]
    op = rng.choice(["delete", "dup", "swap", "ident", "number", "insert", "insert",
                     "snippet", "truncate", "directive", "clause", "clause"])
    n = len(body)
    k = rng.randrange(n) if n else 0
    if op == "delete" and n:
        del body[k]
    elif op == "dup" and n:
        body.insert(k, body[k])
    elif op == "swap" and n > 1:
        k = rng.randrange(n - 1)
        body[k], body[k + 1] = body[k + 1], body[k]
    elif op == "ident":
        idx = [i for i, t in enumerate(body) if re.match(r"[A-Za-z_]", t)]
        if idx:
            k = rng.choice(idx)
            body[k] = rng.choice(["undeclared_zz", rng.choice(prog.idents or ["x"]),
                                  rng.choice(KEYWORDS), rng.choice(ODD_NUMBERS),
                                  body[k] + "x", body[k][:-1] or "q"])
    elif op == "number":
        idx = [i for i, t in enumerate(body) if re.match(r"\.?[0-9]", t)]
        if idx:
            body[rng.choice(idx)] = rng.choice(ODD_NUMBERS)
        elif n:
            body.insert(k, rng.choice(ODD_NUMBERS))
    elif op == "insert":
        body.insert(rng.randrange(n + 1), rng.choice(PUNCT + ODD_NUMBERS + KEYWORDS
                                                     + [rng.choice(prog.idents or ["x"])]))
    elif op == "snippet":
        body.insert(rng.randrange(n + 1), rng.choice(SNIPPETS))
    elif op == "truncate" and n:
        body = body[:k]
    elif op == "directive" and n:
        body[0] = rng.choice(DIRECTIVES)
    elif op == "clause":
        pos = rng.randrange(1, n + 1) if n else 0
        if clause_pool and rng.random() < 0.7:
            body.insert(pos, rng.choice(clause_pool))
        else:
            name = rng.choice(CLAUSES)
            arg = rng.choice(["", "(" + rng.choice(prog.idents or ["x"]) + ")", "(1)",
                              "(" + rng.choice(SNIPPETS) + ")"])
            body.insert(pos, name + arg)
    return toks[:3] + body


def make_case(rng, prog, clause_pool):
    """The text of one mutant of prog, and a short description."""
    lines = list(prog.lines)
    if not prog.pragmas:
        return None, None
    span = rng.choice(prog.pragmas)
    toks = lex(pragma_text(prog, span))
    what = []
    kind = rng.random()
    if kind < 0.12:
        # move the pragma to another line
        a, b = span
        moved = lines[a:b + 1]
        del lines[a:b + 1]
        slots = [s for s in prog.slots if s <= len(lines)
                 and (s == 0 or not lines[s - 1].endswith("\\"))]
        odd = [s - (b - a + 1 if s > b else 0) for s in prog.odd_slots]
        odd = [s for s in odd if s in set(slots)]
        at = rng.choice(odd if odd and rng.random() < 0.5 else slots)
        lines[at:at] = moved
        what.append("moved line %d to %d" % (a + 1, at + 1))
    elif kind < 0.2:
        # add a stand-alone or other directive somewhere
        at = rng.choice(prog.odd_slots if prog.odd_slots and rng.random() < 0.5
                        else prog.slots)
        text = "#pragma omp " + rng.choice(STANDALONE)
        lines.insert(at, text)
        what.append("added '%s' at line %d" % (text, at + 1))
    else:
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            toks = mutate_tokens(rng, toks, prog, clause_pool)
        a, b = span
        text = " ".join(toks)
        lines[a:b + 1] = [text] + [""] * (b - a)     # keep the line numbers
        what.append("line %d: %s" % (a + 1, text))
    return "\n".join(lines), "; ".join(what)


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode("utf-8", "replace")
    except OSError as e:          # the compiler went missing (rebuilt meanwhile?)
        return "oserror", str(e)


GCC_FLAGS = ["-std=gnu11", "-w", "-Werror=implicit-function-declaration",
             "-Werror=implicit-int", "-Werror=int-conversion",
             "-Werror=incompatible-pointer-types", "-Werror=return-mismatch"]


def gcc_flags(cc):
    """GCC_FLAGS minus the -Werror= options this gcc does not know."""
    ok = []
    for f in GCC_FLAGS:
        p = subprocess.run([cc, f, "-fsyntax-only", "-x", "c", "-"], input=b"int x;\n",
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if p.returncode == 0:
            ok.append(f)
    return ok


# Headers the test programs share (tests/ompss/ompss_check.h).
INCLUDES = ["-I" + os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "ompss"))]


def check_case(mcc, cc, flags, work, prog, text, timeout=20):
    """('rejected'|'ok'|'broken'|'crash'|'hang', detail)."""
    work = os.path.join(work, os.path.basename(prog.dir))
    if not os.path.isdir(work):
        # the program's neighbours (headers, OpenCL files) next to the case
        os.makedirs(work)
        for f in os.listdir(prog.dir):
            if f.endswith((".cl", ".h", ".cu")):
                os.symlink(os.path.join(prog.dir, f), os.path.join(work, f))
    src = os.path.join(work, "case.c")
    with open(src, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    out = os.path.join(work, "case.mcc.c")
    if os.path.exists(out):
        os.unlink(out)
    st, log = run([mcc, "--ompss", "-y", "-I" + prog.dir] + INCLUDES + ["case.c", "-o", out],
                  work, timeout)
    if st == "timeout":
        return "hang", log
    if st == "oserror":
        return "error", "cannot run mcc: " + log
    if st == 1:
        return "rejected", log
    if st != 0:
        return "crash", "mcc exit status %s\n%s" % (st, log)
    st2, log2 = run([cc] + flags + ["-c", out, "-o", os.devnull], work, timeout)
    if st2 == "timeout":
        return "hang", "gcc timed out\n" + log2
    if st2 == "oserror":
        return "error", "cannot run the C compiler: " + log2
    if st2 != 0:
        return plain_c_verdict(cc, flags, work, prog, text, log + log2, timeout)
    return "ok", log


ERROR_AT = re.compile(r"^([^:\s][^:]*):(\d+):(?:\d+:)? (?:fatal )?error:", re.M)


def pragma_lines(text):
    """The line numbers (from 1) of the #pragma omp lines of text, continuations included."""
    lines, out, k = text.split("\n"), set(), 0
    while k < len(lines):
        if re.match(r"\s*#\s*pragma\s+omp\b", lines[k]):
            while True:
                out.add(k + 1)
                if not lines[k].endswith("\\") or k + 1 >= len(lines):
                    break
                k += 1
        k += 1
    return out


def plain_c_verdict(cc, flags, work, prog, text, log, timeout):
    """gcc rejected mcc's output: 'broken', unless the mutant is itself not C and gcc says
    so at the same places of the user's file.  The oracle is gcc on the mutant with its
    pragmas ignored: preprocessed as mcc does (-fopenmp -D_OMPSS=1), compiled without
    -fopenmp.  'plain-c' when that compile fails too, every error gcc gives on mcc's output
    is at a file:line where it also gives one on the mutant, and none is on a pragma line
    (an error in a pragma must be mcc's own); 'broken' otherwise."""
    pre = os.path.join(work, "case.plain.i")
    st, plog = run([cc, "-E", "-fopenmp", "-D_OMPSS=1", "-I" + prog.dir] + INCLUDES
                   + ["case.c", "-o", pre], work, timeout)
    if st == 0:
        st, plog = run([cc] + flags + ["-c", pre, "-o", os.devnull], work, timeout)
    if st == "timeout":
        return "hang", log + "\ngcc timed out on the mutant itself\n" + plog
    if st == 0:
        return "broken", log + "\n(gcc accepts the mutant with its pragmas ignored)\n"
    mine = set(ERROR_AT.findall(log))
    theirs = set(ERROR_AT.findall(plog))
    pragmas = {("case.c", str(n)) for n in pragma_lines(text)}
    if not mine:
        return "broken", log + "\n(no error position in gcc's output)\n"
    if mine & pragmas:
        return "broken", log + "\n(gcc reports an error on a pragma line)\n"
    if not mine <= theirs:
        return "broken", log + "\n(gcc reports errors at %s, not at the mutant's own errors)\n" \
            % ", ".join("%s:%s" % e for e in sorted(mine - theirs))
    return "plain-c", log + "\n-- the mutant with its pragmas ignored --\n" + plog


def gcc_message(log):
    """The first gcc error of a log, with names and numbers blurred, for grouping."""
    for line in log.split("\n"):
        m = re.search(r"error: (.*)", line)
        if m and "case.mcc.c" not in line[:0]:
            msg = re.sub(r"‘[^’]*’|'[^']*'", "'X'", m.group(1))
            return re.sub(r"\d+", "N", msg)
    return "(no error line)"


def recheck(mcc, cc, flags, a):
    """Each NAME.c of a --keep directory again, through today's mcc and the classifier:
    one line per case (verdict, name, the mutation), the totals, exit 1 if one is bad."""
    counts, progs = {}, {}
    for why in sorted(f for f in os.listdir(a.recheck) if f.endswith(".why")):
        base = os.path.join(a.recheck, why[:-4])
        with open(base + ".why") as f:
            path = f.readline().split(" (seed")[0]
            what = f.readline().strip()
        with open(base + ".c", encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        if path not in progs:
            progs[path] = Program(path)
        v, log = check_case(mcc, cc, flags, os.path.join(a.work, "recheck"), progs[path], text)
        counts[v] = counts.get(v, 0) + 1
        print("%-9s %s: %s" % (v, why[:-4], what[:110]))
        if a.verbose and v not in ("rejected", "ok"):
            print("   " + "\n   ".join(log.strip().split("\n")[-12:]))
    print("recheck: " + ", ".join("%d %s" % (n, k) for k, n in sorted(counts.items())))
    return 1 if set(counts) & {"broken", "crash", "hang", "error"} else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "mcc-mutants"))
    ap.add_argument("--keep")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--recheck", metavar="DIR")
    a = ap.parse_args()
    a.work = os.path.abspath(a.work)
    a.keep = os.path.abspath(a.keep) if a.keep else None
    mcc = os.path.abspath(os.environ.get("MCC", "build/bin/mcc"))
    cc = os.environ.get("CC", "gcc")
    if not os.access(mcc, os.X_OK):
        print("skipped: %s has not been built" % mcc)
        return 77
    flags = gcc_flags(cc)
    if a.recheck:
        return recheck(mcc, cc, flags, a)
    progs = [Program(p) for p in a.programs]
    progs = [p for p in progs if p.pragmas]
    shutil.rmtree(a.work, ignore_errors=True)
    # Control: every program as it is must be accepted by mcc and compile.
    good = []
    for i, p in enumerate(progs):
        v, log = check_case(mcc, cc, flags, os.path.join(a.work, "control%d" % i), p,
                            "\n".join(p.lines))
        if v == "ok":
            good.append(p)
        else:
            print("control: %s is %s without mutation; left out\n%s" % (p.path, v, log[-2000:]))
    if not good:
        print("no program to mutate")
        return 1
    pool = {p.path: clause_texts(p) for p in good}
    everything = [c for cl in pool.values() for c in cl]
    rng = random.Random(a.seed)
    deadline = time.time() + a.seconds if a.seconds else None

    def cases():
        n = 0
        while (deadline is None and n < a.count) or (deadline and time.time() < deadline):
            p = rng.choice(good)
            text, what = make_case(rng, p, pool[p.path] + rng.sample(everything, min(3, len(everything))))
            if text is None:
                continue
            n += 1
            yield n, p, text, what

    counts = {k: 0 for k in ("rejected", "ok", "plain-c", "broken", "crash", "hang", "error")}
    groups = {}
    bad = []
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        pending = set()
        it = cases()

        def submit_next():
            try:
                n, p, text, what = next(it)
            except StopIteration:
                return False
            w = os.path.join(a.work, "job%d" % (n % (4 * a.jobs)))
            fut = ex.submit(check_case, mcc, cc, flags, w, p, text)
            fut.meta = (n, p, text, what)
            pending.add(fut)
            return True

        for _ in range(2 * a.jobs):
            if not submit_next():
                break
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in done:
                pending.discard(fut)
                n, p, text, what = fut.meta
                verdict, log = fut.result()
                counts[verdict] += 1
                if verdict in ("broken", "crash", "hang", "error"):
                    key = verdict if verdict != "broken" else gcc_message(log)
                    groups[key] = groups.get(key, 0) + 1
                    bad.append((n, p, text, what, verdict, log))
                    if a.keep:
                        os.makedirs(a.keep, exist_ok=True)
                        base = os.path.join(a.keep, "%s-%s-%d" % (
                            verdict, os.path.basename(p.path)[:-2], n))
                        with open(base + ".c", "w", encoding="utf-8",
                                  errors="surrogateescape") as f:
                            f.write(text)
                        with open(base + ".why", "w") as f:
                            f.write("%s (seed %d, case %d)\n%s\n%s" % (p.path, a.seed, n, what, log))
                    if a.verbose:
                        print("== %s case %d (%s): %s\n%s" % (verdict, n, p.path, what,
                                                             log[-1500:]))
                submit_next()
    total = sum(counts.values())
    print("mutants: %d cases from %d programs in %.0f s (seed %d): %d rejected by mcc, "
          "%d accepted and compiled, %d not C with pragmas ignored (gcc's errors at the "
          "user's lines), %d accepted-broken (gcc rejected mcc's output), "
          "%d crashes, %d hangs" % (total, len(good), time.time() - t0, a.seed,
                                   counts["rejected"], counts["ok"], counts["plain-c"],
                                   counts["broken"], counts["crash"], counts["hang"]))
    if counts["error"]:
        print("  %d cases could not be run (harness errors: see above)" % counts["error"])
    for k, v in sorted(groups.items(), key=lambda kv: -kv[1]):
        print("  %5d  %s" % (v, k))
    for n, p, text, what, verdict, log in bad[:5]:
        print("-- %s, case %d of seed %d, %s: %s" % (verdict, n, a.seed, p.path, what))
        print("   " + "\n   ".join(log.strip().split("\n")[-6:]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
