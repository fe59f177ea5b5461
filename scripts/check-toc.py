#!/usr/bin/env python3
"""check-toc.py HEADER DIR - an internal header's table of contents matches its files.

An internal header (nanort/nrt.h) has a section per .c file of DIR:

    /* ---- deps.c: dependence domains --------------------------------------- */
    /* ---- sched.c, sched_bf.c, sched_dbf.c, sched_wf.c: the policies -------- */

(the file names come first, separated by ", " and ended by ":" or the dashes), and its
first comment lists the same sections in the same order, one line each, the file names
after " *   " and the description after them:

     *   deps.c      dependence domains: regions, overlap, predecessor edges, release

Fails (exit 1, one line per problem) when a .c file of DIR has no section, a section or a
contents line names a file DIR lacks, a file has two sections, the contents and the
sections differ, or the header declares a function or an extern variable twice.
"""
import os
import re
import sys

SECTION = re.compile(r'^/\* ---- ([\w./-]+\.c(?:, [\w./-]+\.c)*)(?::| -)')
ANY_SECTION = re.compile(r'^/\* ---- ')
TOC_LINE = re.compile(r'^ \*   ([\w./-]+\.c(?:, [\w./-]+\.c)*)(?:\s|$)')


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def drop_attributes(s):
    """s without its __attribute__((...)) lists (nested parentheses)."""
    while True:
        k = s.find('__attribute__')
        if k < 0:
            return s
        j = s.find('(', k)
        depth = 0
        for e in range(j, len(s)):
            depth += {'(': 1, ')': -1}.get(s[e], 0)
            if depth == 0:
                break
        s = s[:k] + s[e + 1:]


def declarations(text):
    """(name, line) of each function prototype and extern variable at file scope."""
    out = []
    depth = 0
    start_line = 1
    line = 1
    stmt = []
    for ch in strip_comments(text):
        if ch == '\n':
            line += 1
        if ch == '{':
            depth += 1
        elif ch == '}':
            depth -= 1
            if depth == 0:
                stmt = []       # a body or a struct: what follows is a new statement
                start_line = line
                continue
        if depth:
            continue
        if ch == ';':
            s = ' '.join(drop_attributes(''.join(stmt)).split())
            stmt = []
            if s.startswith('#'):
                continue
            s = re.sub(r'^(#[^\n]*\s)+', '', s)
            if not s or s.startswith('typedef'):
                continue
            m = re.match(r'^(?:extern\s+)?[\w\s\*]*?\b(\w+)\s*\((?!\s*\*)', s)
            if m and not s.startswith('static') and '=' not in s.split('(')[0]:
                out.append((m.group(1), start_line))
            elif s.startswith('extern'):
                m = re.match(r'^extern\s+[^;\[]*?\b(\w+)\s*(?:\[[^\]]*\])?\s*$', s)
                if m:
                    out.append((m.group(1), start_line))
            continue
        if not stmt:
            if ch.isspace():
                continue
            start_line = line
        stmt.append(ch)
        if ch == '\n' and ''.join(stmt).lstrip().startswith('#'):
            stmt = []           # a preprocessor line ends at its newline
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: check-toc.py HEADER DIR')
    header, srcdir = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.abspath(srcdir))
    with open(header) as f:
        text = f.read()
    lines = text.split('\n')
    problems = []

    def exists(name):
        return os.path.isfile(os.path.join(srcdir, name)) or \
            ('/' in name and os.path.isfile(os.path.join(root, name)))

    sections = []                       # (files, line)
    for i, l in enumerate(lines, 1):
        m = SECTION.match(l)
        if m:
            sections.append((m.group(1).split(', '), i))
        elif ANY_SECTION.match(l):
            problems.append(f'{header}:{i}: a section that names no .c file: "{l.strip()}" '
                            '(start it with the file names, e.g. "/* ---- deps.c: ...")')
    toc = []
    end = text.find('*/')
    for i, l in enumerate(text[:end].split('\n'), 1):
        m = TOC_LINE.match(l)
        if m:
            toc.append((m.group(1).split(', '), i))

    where = {}
    for files, i in sections:
        for name in files:
            if not exists(name):
                problems.append(f'{header}:{i}: section "{name}": no such file in {srcdir}')
            if name in where:
                problems.append(f'{header}:{i}: {name} has a second section '
                                f'(the first at line {where[name]})')
            where.setdefault(name, i)
    for files, i in toc:
        for name in files:
            if not exists(name):
                problems.append(f'{header}:{i}: contents line "{name}": no such file in {srcdir}')
    for name in sorted(os.listdir(srcdir)):
        if name.endswith('.c') and name not in where:
            problems.append(f'{header}: {srcdir}/{name} has no section (add '
                            f'"/* ---- {name}: <what it does> ---- */" and a contents line)')
    want = [f for f, _ in sections]
    have = [f for f, _ in toc]
    if want != have:
        for k in range(max(len(want), len(have))):
            a = ', '.join(want[k]) if k < len(want) else '(none)'
            b = ', '.join(have[k]) if k < len(have) else '(none)'
            if a != b:
                problems.append(f'{header}: contents line {k + 1} is "{b}" but section {k + 1} '
                                f'is "{a}" (the first comment lists the sections in order)')
                break

    seen = {}
    for name, i in declarations(text):
        if name in seen:
            problems.append(f'{header}:{i}: {name} is declared again (first at line {seen[name]})')
        else:
            seen[name] = i

    for p in problems:
        print(p)
    if problems:
        return 1
    print(f'{header}: {len(sections)} sections, {len(seen)} declarations: contents, sections '
          f'and {srcdir}/*.c agree')
    return 0


if __name__ == '__main__':
    sys.exit(main())
