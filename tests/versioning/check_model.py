#!/usr/bin/env python3
"""check_model.py FILE - the --perf-model-dir file is well formed: its first line is the
header '# nanort performance model, format 1', then one record a line: label,
implementation, device, footprint class (0..47), runs (>= the number of times), then 1 to
16 times in ns, each a finite number in (0, 86400e9].  Written from the format's
description in docs/runtime-options.md, independently of the C reader.
Prints 'ok: N records' or the first problem, exit status 0 or 1."""
import math, sys

lines = open(sys.argv[1], encoding="utf-8", errors="strict").read().split("\n")
if lines[-1] != "":
    sys.exit("the file does not end with a newline")
lines.pop()
if not lines or lines[0] != "# nanort performance model, format 1":
    sys.exit("no header line: %r" % (lines[0] if lines else ""))
keys = set()
for no, line in enumerate(lines[1:], 2):
    f = line.split("\t")
    if len(f) < 6 or len(f) > 5 + 16:
        sys.exit("line %d: %d fields" % (no, len(f)))
    if not all(f[:3]) or any(c < " " for c in "".join(f[:3])):
        sys.exit("line %d: a bad name" % no)
    if not f[3].isdigit() or int(f[3]) >= 48:
        sys.exit("line %d: class %r" % (no, f[3]))
    if not f[4].isdigit() or int(f[4]) < len(f) - 5:
        sys.exit("line %d: runs %r" % (no, f[4]))
    for t in f[5:]:
        x = float(t)
        if not math.isfinite(x) or x <= 0 or x > 86400e9:
            sys.exit("line %d: time %r" % (no, t))
    key = tuple(f[:4])
    if key in keys:
        sys.exit("line %d: a second record of %r" % (no, key))
    keys.add(key)
print("ok: %d records" % (len(lines) - 1))
