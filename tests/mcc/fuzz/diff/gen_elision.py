import random
from judge import main, STRICT
# brace elision (C11 6.7.9p20): values without braces for elements that are arrays or
# structures, in source-declared structs, unions, nested arrays and a clause's own struct
decls = '''struct in { int a; char s[3]; };
struct h { int n; double v[3]; struct in w; int *q; };
union u { int x; double y; };
struct k { union u u; struct in arr[2]; char c; };
struct bf { int a : 3; int : 2; int b; };
struct fl { int n; int t[]; };
'''
types = ['struct h', 'struct k', 'struct in[2]', 'struct h[2]', 'int[2][3]', 'char[2][3]',
         'struct bf', 'struct in[]', 'int[][2]', 'double[2][2][2]', 'struct fl',
         'struct { int a[2]; struct { int x, y; } p; char z[2]; }',
         'struct { struct in m[2]; int e; }', 'union { int b[2]; double d; }']
vals = ['1', '2.5', 'p', '"ab"', '"abc"', 'i', '{1}', '{1, 2}', '{}', 'si', 'hv', '(struct in){1}',
        '0', '-1', '(char)1', 'L"a"', '{"x"}', '{si}', 'uv']
tame = ['1', '0', '-1', '2.5', '(char)1', 'i', '{1}']
des = ['.n', '.w', '.v', '[1]', '[0]', '.v[1]', '.a', '.arr', '.c', '.e', '.m', '.p', '.z']
def case():
    t = random.choice(types)
    items = []
    for k in range(random.randint(1, 9)):
        d = random.choice(des) + ' = ' if random.random() < 0.12 else ''
        # mostly values every scalar takes, so that many lists are valid
        items.append(d + random.choice(tame if random.random() < 0.7 else vals))
    lst = '{%s}' % (', '.join(items) + (',' if random.random() < 0.2 else ''))
    if '{' in t or random.random() < 0.5:
        e = 'sizeof ((%s)%s) %% 8' % (t, lst)
    else:
        base, _, arr = t.partition('[')
        static = 'static ' if random.random() < 0.3 else ''
        e = '({ %s%s v%s = %s; (int)sizeof v %% 8; })' % (static, base, '[' + arr if arr else '', lst)
    src = decls + ('static int data[8];\nint main(void)\n{\n    int i = 1, *p = &i;\n'
                   '    struct in si = {1}; struct h hv = {0}; union u uv = {1};\n'
                   '    (void)si; (void)hv; (void)uv;\n'
                   '#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n'
                   '    return data[0] + *p;\n}\n') % e
    plain = src.replace('#pragma omp task inout(data[%s])' % e, '    data[%s] = 1;' % e).replace(
        '#pragma omp taskwait\n', '')
    return e, src, plain

main(case, STRICT)
