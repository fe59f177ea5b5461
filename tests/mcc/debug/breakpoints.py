#!/usr/bin/env python3
"""Breakpoints on every line of a program land where they land in its sequential build.

    breakpoints.py SRC SEQ_BIN MCC_BIN

SEQ_BIN is SRC built by plain gcc -g -O0 (pragmas ignored): the oracle.  MCC_BIN is SRC
built by mcc -g -O0.  gdb sets a breakpoint on each line of SRC in both and lists the
functions and lines it resolved to.  For every line that is not a `#pragma omp` line (the
code mcc generates for a construct stands there):
  - where the sequential build has code on the line, the mcc build has code on exactly
    that line and nowhere else, in the same functions: a function's task bodies are in
    its outlined functions (F__nrt_taskN) and its serial clone (F__nrt_serial) counts as
    F; never in a spawn or run function or any other generated code;
  - where it has none, the mcc build has none either (gdb moves such a breakpoint to the
    next line with code), except on the `for` line of a taskloop or for construct, whose
    header becomes creation code.
Exit 0 when every line agrees; otherwise each disagreement is printed and the exit is 1;
77 when gdb cannot be run.
"""
import os
import re
import shutil
import subprocess
import sys

GDB_SCRIPT = r'''
import gdb
gdb.execute("set breakpoint pending off")
gdb.execute("set confirm off")
for line in range(1, NLINES + 1):
    try:
        b = gdb.Breakpoint("%s:%d" % (FILE, line), internal=False)
    except gdb.error:
        print("LINE %d" % line)
        continue
    locs = sorted(set("%s@%d" % (l.function, l.source[1]) for l in b.locations))
    print("LINE %d %s" % (line, " ".join(locs)))
    b.delete()
'''


def locations(binary, src, nlines):
    script = GDB_SCRIPT.replace("NLINES", str(nlines)).replace("FILE", repr(os.path.basename(src)))
    out = subprocess.run(["gdb", "-batch", "-nx", "-ex", "python\n" + script + "\nend", binary],
                         capture_output=True, text=True, timeout=300).stdout
    # (multi-line python through -ex: gdb takes the text after "python" as the script)
    result = {}
    for ln in out.splitlines():
        m = re.match(r"LINE (\d+)(.*)$", ln)
        if m:
            result[int(m.group(1))] = [tuple(x.rsplit("@", 1)) for x in m.group(2).split()]
    return result


def base(fn):
    return re.sub(r"__nrt_(task\d+|serial)$", "", fn)


def main():
    src, seq_bin, mcc_bin = sys.argv[1:4]
    if not shutil.which("gdb"):
        print("skipped: gdb is not installed")
        return 77
    text = open(src).read().split("\n")
    nlines = len(text)
    seq = locations(seq_bin, src, nlines)
    mcc = locations(mcc_bin, src, nlines)
    if not any(seq.values()) or not any(mcc.values()):
        print("gdb resolved no breakpoint (no debug information?)")
        return 1
    bad = 0
    for line in range(1, nlines + 1):
        code = text[line - 1].strip()
        if re.match(r"#\s*pragma\s+omp\b", code):
            continue
        s = seq.get(line, [])
        m = mcc.get(line, [])
        s_here = {f for f, l in s if int(l) == line}
        m_here = {f for f, l in m if int(l) == line}
        # the `for` lines of a taskloop or for construct (collapse(n): n of them)
        loop_head = False
        if code.startswith("for"):
            k = line - 2
            while k >= 0 and (text[k].strip().startswith("for") or text[k].strip() == "{"):
                k -= 1
            loop_head = k >= 0 and re.match(r"#\s*pragma\s+omp\s+(parallel\s+)?(taskloop|for)\b",
                                            text[k].strip()) is not None
        if s_here:
            ok = {base(f) for f in m_here} == s_here and all(int(l) == line for f, l in m)
            if loop_head and not m_here:
                ok = True
        else:
            ok = not m_here
        if not ok:
            bad += 1
            print("line %d: %s\n  sequential: %s\n  mcc:        %s" % (
                line, code, " ".join("%s@%s" % x for x in s) or "-",
                " ".join("%s@%s" % x for x in m) or "-"))
    print("%d lines, %d disagree" % (nlines, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
