#!/usr/bin/env python3
"""mcc_toc.py [ROOT]: mcc/mcc.h's table of contents and sections match mcc/*.c (issue 17).

mcc.h is mcc's one internal header, a section per .c file (STYLE.md).  A section begins with
a comment at the start of a line that names its files first:
    /* ---- lex.c + grammar/c.l: ... */      /* lower_device.c: ... */
The top comment (the table of contents) names every file too.  Fails, naming what to fix,
when a .c file of mcc/ has no section or is missing from the contents, when a section or
the contents names a file that does not exist, or when a function is declared twice."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
header = os.path.join(root, 'mcc', 'mcc.h')
text = open(header).read()
files = {f for f in os.listdir(os.path.join(root, 'mcc')) if f.endswith('.c')}
errors = []

top = re.match(r'/\*.*?\*/', text, re.S)
toc = set(re.findall(r'\b([a-z_0-9]+\.c)\b', top.group(0))) if top else set()

sections = {}
for no, line in enumerate(text.split('\n'), 1):
    m = re.match(r'/\* (?:---- )?((?:[a-z_0-9]+\.c(?: \+ grammar/c\.[ly])?(?:, | and )?)+)', line)
    if m and no > 1:
        for f in re.findall(r'[a-z_0-9]+\.c\b', m.group(1)):
            sections.setdefault(f, no)

for f in sorted(files - set(sections)):
    errors.append('mcc/%s has no section in mcc/mcc.h: start one with a comment line '
                  '"/* %s: what it does */" above its declarations' % (f, f))
for f in sorted(set(sections) - files):
    errors.append('mcc/mcc.h:%d: a section names %s, which is not a file of mcc/' % (sections[f], f))
for f in sorted(files - toc):
    errors.append('mcc/%s is missing from the contents at the top of mcc/mcc.h' % f)
for f in sorted(toc - files):
    errors.append('the contents at the top of mcc/mcc.h name %s, which is not a file of mcc/' % f)

# functions declared twice (top-level prototypes, comments and macros left out)
body = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
body = re.sub(r'#define[^\n]*(?:\\\n[^\n]*)*', '', body)
seen, depth, cur = {}, 0, ''
for ch in body:
    depth += ch == '{'
    depth -= ch == '}'
    if depth or ch == '}':
        cur = ''
        continue
    cur += ch
    if ch == ';':
        decl = cur.strip()
        m = re.search(r'(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*(?:__attribute__\(\(.*\)\))?;$', decl, re.S)
        if m and not decl.startswith('typedef'):
            if m.group(1) in seen:
                errors.append('mcc/mcc.h: %s is declared twice: keep the one in its file\'s '
                              'section' % m.group(1))
            seen[m.group(1)] = True
        cur = ''

for e in errors:
    print(e)
print('%d files, %d with sections, %d named in the contents, %d functions declared: %s'
      % (len(files), len(set(sections) & files), len(toc & files), len(seen),
         'FAIL' if errors else 'ok'))
sys.exit(1 if errors else 0)
