import random
from judge import main, STRICT
# member declarations: (text with {n} for the name, kind used by the member accesses,
# valid?) -- the kind: s scalar, a array, b bit-field, p pointer, g struct, - none
good=[('int {n};','s'),('double {n};','s'),('char {n};','s'),('int {n}[2];','a'),('long *{n};','p'),('unsigned {n} : 3;','b'),
      ('int : 0;','-'),('int : 4;','-'),('signed char {n} : 8;','b'),('_Bool {n} : 1;','b'),('unsigned long {n} : 64;','b'),('enum E {n} : 2;','b'),
      ('int {n} : sizeof(int);','b'),('struct g {n};','g'),('const int {n};','s'),('int (*{n})(void);','p'),('int {n}[sizeof(int)];','a'),
      ('int {n}[010];','a'),('int {n}[0x2];','a'),('int {n}[0];','a'),('int ({n})[2];','a'),('int *{n}[2];','a'),('_Atomic int {n};','s'),
      ('_Alignas(8) int {n};','s'),('typeof(i) {n};','s'),('enum { E1, E2 } {n};','s'),('struct h2 { int q; } {n};','g'),('struct {n}t { int q; } *{n};','p'),
      ('struct h *{n};','p'),('_Static_assert(1, "x");','-'),(';','-'),('int;','-'),('struct { int {n}x; int {n}y; };','-'),
      ('union { int {n}u; float {n}f; };','-'),('int {n}, {n}2;','s'),('int {n} __attribute__((aligned(8)));','s')]
bad=[('doublex {n};','s'),('{n} int[2];','a'),('int {n}[08];','a'),('int {n}[-1];','a'),('int {n}[0x7fffffffffffffff];','a'),('int {n}[i];','a'),
     ('int {n} : -1;','b'),('int {n} : 0;','b'),('char {n} : 9;','b'),('_Bool {n} : 2;','b'),('unsigned long {n} : 65;','b'),('double {n} : 2;','b'),
     ('int {n} : i;','b'),('int {n} : 2.0;','b'),('struct g {n} : 2;','b'),('int *{n} : 2;','b'),('int {n}(void);','-'),('void {n};','-'),
     ('int {n} = 1;','s'),('static int {n};','s'),('register int {n};','s'),('typedef int {n};','-'),('extern int {n};','s'),('struct h {n};','g'),
     ('int {n}[2][];','a'),('_Static_assert(0, "x");','-'),('int {n} : 1 = 0;','b'),('struct nosuch {n};','g'),('int {n}[2.5];','a'),('int {n}[{n}];','a')]
flex=('char {n}[];','a')
names=['a','b','z','w','m','k']
def member_list():
    ms=[]; used=[]
    for k in range(random.choice([0,1,1,2,2,3,3,4])):
        t,kind=random.choice(bad) if random.random()<0.12 else random.choice(good)
        if used and random.random()<0.08: n=random.choice(used)     # duplicate member
        else: n=[x for x in names if x not in used][0]
        used.append(n); ms.append((t.replace('{n}',n),kind,n))
    r=random.random()
    if r<0.15: ms.append((flex[0].replace('{n}','f'),'a','f'))      # last: valid unless alone/in a union
    elif r<0.2 and ms: ms.insert(random.randrange(len(ms)),(flex[0].replace('{n}','f'),'a','f'))
    return ms
def access(v, ms):
    named=[m for m in ms if m[1]!='-']
    if not named or random.random()<0.3: return random.choice(['(int)sizeof %s'%v,'(int)_Alignof(__typeof__(%s))'%v,'(int)sizeof %s'%v,'(int)sizeof %s.zz'%v])
    t,kind,n=random.choice(named)
    return {'s':'(int)%s.%s','a':'(int)sizeof %s.%s','b':random.choice(['(int)%s.%s','(int)sizeof %s.%s','(int)(&%s.%s != 0)']),
            'p':'(int)(%s.%s != 0)','g':'(int)sizeof %s.%s'}[kind]%(v,n)
def case():
    ms=member_list()
    body=' '.join(m[0] for m in ms)
    if ms and random.random()<0.08: body=body[:-1]                    # no ';' before '}'
    if random.random()<0.05: body+=' ;'
    kw=random.choice(['struct','struct','union'])
    r=random.random()
    if r<0.15: e='sizeof(%s { %s }) %% 8'%(kw,body)
    elif r<0.25: e='({ %s h { %s }; (int)sizeof(%s h) %% 8; })'%(kw,body,kw)
    else:
        init=random.choice(['','','',' = {0}',' = {2.5, 1}',' = {}'])
        e='({ %s h { %s } v%s; %s; }) %% 8 + 0'%(kw,body,init,access('v',ms))
    src='struct g { int x; };\nenum E { A, B };\nstatic int data[8];\nint main(void)\n{\n    int i = 1;\n#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n    return data[0];\n}\n'%e
    plain=src.replace('#pragma omp task inout(data[%s])'%e,'    data[%s] = 1;'%e).replace('#pragma omp taskwait\n','')
    return e, src, plain

main(case, STRICT)
