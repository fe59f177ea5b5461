import random
from judge import main, STRICT
types=['int[4]','int[]','char[4]','char[]','int[2][3]','char[2][4]','struct g','struct g[2]','double[3]','_Bool[2]','unsigned char[]','int *[2]','long[2]',
       'unsigned short[]','unsigned[3]','short[]','signed char[2]']
# initializers without braces (an array takes only a string literal, or a compound literal
# when static): prefixed, parenthesized and concatenated strings, compound literals
bare=['0','p','"ab"','("ab")','(("abc"))','L"ab"','u8"ab"','u"ab"','U"ab"','"a" L"b"','L"a" "b"',
      '"a" "b"','(int[]){1, 2}','(char[]){"x"}','((int[2]){1})','__func__','(1, "ab")',"L'x'",
      '({"ab";})','v0','(v0)','(char *)0']
vals=['1','2.5','"s"','"ab"','p','0','i','{1, 2}','{"x"}','{}','-1','(char)1','sizeof(int)']
des=['[0]','[1]','[3]','[4]','[-1]','[i]','[1 ... 2]','[2 ... 1]','[0 ... 3]','[1 ... "s"]','.n','.c','[1][2]','[1][3]','[0].n','[2.5]']
def case():
    t=random.choice(types)
    items=[]
    for k in range(random.randint(0,4)):
        d=random.choice(des)+' = ' if random.random()<0.4 else ''
        items.append(d+random.choice(vals))
    base,_,arr=t.partition('[')
    decl=base+' v'+('['+arr if arr else '')
    if random.random()<0.35:
        static='static ' if random.random()<0.3 else ''
        e='({ int v0[2] = {1}; (void)v0; %s%s = %s; (int)sizeof v %% 8; })'%(static, decl, random.choice(bare))
    else:
        if random.random()<0.2:
            items.append(random.choice(bare))
        e='({ %s = {%s}; (int)sizeof v %% 8; })'%(decl, ', '.join(items)+(',' if random.random()<0.2 else ''))
    src='struct g { int n; double c[8]; };\nstatic int data[8];\nint main(void)\n{\n    int i = 1, *p = &i;\n#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n    return data[0] + *p;\n}\n'%e
    plain=src.replace('#pragma omp task inout(data[%s])'%e,'    data[%s] = 1;'%e).replace('#pragma omp taskwait\n','')
    return e, src, plain

main(case, STRICT)
