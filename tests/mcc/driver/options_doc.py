#!/usr/bin/env python3
"""options_doc.py DEF MAN HELP: mcc's option table, its man page and its --help agree.

DEF is mcc/driver_options.def (the one list of the driver's options), MAN docs/man/mcc.1,
HELP a file holding the output of mcc --help.  The options of the table that have a help
text (mcc's own; gcc's are routed, not documented) must each be in the OPTIONS section of
the man page and have their line in --help, and the man page and --help must name no
option that the table lacks.  Prints what to fix and exits 1 on any mismatch."""
import re
import sys


def c_args(text):
    """The arguments of one macro call's text: C strings (concatenated) or words."""
    args, cur, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            cur.append(bytes(text[i + 1:j], 'utf-8').decode('unicode_escape'))
            i = j + 1
        elif ch == ',':
            args.append(cur)
            cur = []
            i += 1
        elif ch.isspace():
            i += 1
        else:
            m = re.match(r'\w+', text[i:])
            cur.append(None if m.group(0) == 'NULL' else ('word', m.group(0)))
            i += len(m.group(0))
    args.append(cur)
    out = []
    for a in args:
        if len(a) == 1 and (a[0] is None or isinstance(a[0], tuple)):
            out.append(a[0] if a[0] is None else a[0][1])
        else:
            out.append(''.join(a))
    return out


def table(path):
    """(spelling, alias, arg, help) of every MCC_OPTION row of the .def."""
    text = re.sub(r'/\*.*?\*/', '', open(path).read(), flags=re.S)
    rows = []
    for m in re.finditer(r'^MCC_OPTION\((.*?)\)\s*$', text, re.S | re.M):
        a = c_args(m.group(1))
        if len(a) != 6:
            sys.exit('%s: a row with %d arguments, not 6: MCC_OPTION(%s)' % (path, len(a), m.group(1)))
        rows.append((a[0], a[1], a[4], a[5]))
    return rows


def man_options(path):
    """The options the OPTIONS section of the man page describes (the line after each .TP)."""
    lines = open(path).read().split('\n')
    found, inside = {}, False
    for no, line in enumerate(lines):
        if line.startswith('.SH'):
            inside = line.strip() == '.SH OPTIONS'
        if inside and line.startswith('.TP') and no + 1 < len(lines):
            tag = lines[no + 1].replace('\\-', '-')
            for word in re.findall(r'"[^"]*"|\S+', tag)[1:]:
                if word.startswith('-'):
                    found.setdefault(word, no + 2)
    return found


def help_labels(path):
    """The option column of each option line of mcc --help ("  -k, --keep-files   ...")."""
    return [l[2:].split('  ')[0] for l in open(path).read().split('\n') if l.startswith('  -')]


def main():
    def_path, man_path, help_path = sys.argv[1:4]
    rows = [r for r in table(def_path) if r[3] is not None]
    errors = []
    if len(rows) < 10:
        errors.append('%s: only %d documented options: is the table parsed?' % (def_path, len(rows)))
    spellings = {}
    for spelling, alias, arg, _ in rows:
        spellings[spelling] = arg
        if alias:
            spellings[alias] = arg
    man = man_options(man_path)
    for s in spellings:
        if s not in man:
            errors.append('%s: the OPTIONS section does not describe %s (a row of %s): add a .TP '
                          'entry for it' % (man_path, s, def_path))
    for s, line in sorted(man.items()):
        if s not in spellings:
            errors.append('%s:%d: %s is not an option of %s: add its row (with its help text) '
                          'or remove the entry' % (man_path, line, s, def_path))
    labels = help_labels(help_path)
    want = [s + a + (', ' + al + a if al else '') for s, al, a, _ in rows]
    for w in want:
        if w not in labels:
            errors.append('mcc --help has no line for %s (a row of %s)' % (w, def_path))
    for l in labels:
        if l not in want:
            errors.append('mcc --help lists %s, which is no row of %s' % (l, def_path))
    for e in errors:
        print(e)
    if errors:
        return 1
    print('ok: %d documented options (%d spellings) in %s, %s and --help'
          % (len(rows), len(spellings), def_path, man_path))
    return 0


sys.exit(main())
