#!/usr/bin/env python3
"""abi_units.py PRELUDE_FILE OUTDIR: from the prelude mcc put in a translated unit (one line
of C declarations), write two units that compile only when it agrees with nanort.h:
  protos.c  nanort.h, then the prelude's typedefs and prototypes (conflicting types are errors);
  layout.c  the prelude with its names renamed mccabi_/MCCABI_, then nanort.h, then
            _Static_asserts: each struct's size and alignment, each member's offset and size,
            each enum constant's value, equal in both."""
import re
import sys

prelude, outdir = open(sys.argv[1]).read().strip(), sys.argv[2]

def split_top(text, sep=';'):
    """Top-level pieces of text ending in sep (not inside braces or brackets)."""
    out, depth, cur = [], 0, ''
    for ch in text:
        cur += ch
        if ch in '{([':
            depth += 1
        elif ch in '})]':
            depth -= 1
        elif ch == sep and depth == 0:
            out.append(cur[:-1].strip())
            cur = ''
    if cur.strip():
        out.append(cur.strip())
    return out

decls = split_top(prelude)
if len(decls) < 10:
    sys.exit('abi_units.py: no prelude found (%d declarations)' % len(decls))
structs, enums, others = {}, {}, []
for d in decls:
    m = re.fullmatch(r'struct (\w+) \{(.*)\}', d, re.S)
    if m:
        members = []
        for mem in split_top(m.group(2)):
            # `unsigned mode, flags`, `size_t global[3]`, `nanort_run_fn *run`
            parts = split_top(mem, ',')
            for i, p in enumerate(parts):
                name = re.findall(r'(\w+)\s*(?:\[[^\]]*\])?\s*$', p)
                if not name:
                    sys.exit('abi_units.py: cannot read member %r of struct %s' % (mem, m.group(1)))
                members.append(name[0])
        structs[m.group(1)] = members
        continue
    m = re.fullmatch(r'enum (\w+) \{(.*)\}', d, re.S)
    if m:
        enums[m.group(1)] = [c.split('=')[0].strip() for c in split_top(m.group(2), ',') if c.strip()]
        continue
    others.append(d)

with open(outdir + '/protos.c', 'w') as f:
    f.write('#include <nanort.h>\n')
    for d in others:
        f.write(d + ';\n')

def rename(s):
    return re.sub(r'\bNANORT_', 'MCCABI_', re.sub(r'\bnanort_', 'mccabi_', s))

with open(outdir + '/layout.c', 'w') as f:
    f.write(rename(prelude) + '\n#include <stddef.h>\n#include <nanort.h>\n')
    for s, members in structs.items():
        a, b = 'struct ' + s, 'struct ' + rename(s)
        f.write('_Static_assert(sizeof(%s) == sizeof(%s), "size of %s");\n' % (a, b, a))
        f.write('_Static_assert(_Alignof(%s) == _Alignof(%s), "alignment of %s");\n' % (a, b, a))
        for m in members:
            f.write('_Static_assert(offsetof(%s, %s) == offsetof(%s, %s), "offset of %s.%s");\n'
                    % (a, m, b, m, a, m))
            f.write('_Static_assert(sizeof(((%s *)0)->%s) == sizeof(((%s *)0)->%s), '
                    '"size of %s.%s");\n' % (a, m, b, m, a, m))
    for e, consts in enums.items():
        for c in consts:
            f.write('_Static_assert((long long)%s == (long long)%s, "%s");\n' % (c, rename(c), c))
print('%d structs, %d enums, %d typedefs and prototypes' % (len(structs), len(enums), len(others)))
