import random
from judge import main
attrs=['aligned','aligned(8)','aligned(3)','aligned(i)','aligned(zz)','vector_size(16)','vector_size(12)','vector_size(1.5)','vector_size()','vector_size(void 16)','vector_size(16,)','mode(SI)','mode(QI)','mode(zz)','mode(1)','mode()','packed','unused','unused(1)','used','may_alias','foo','foo(1)','foo(zz)','foo(zz+1)','foo(void)','deprecated','deprecated("x")','__aligned__(16)','aligned(sizeof(long))','',' ,aligned(4)','noinline','section("x")','cleanup(f)','alloc_size(1)','alloc_size(1,2,3)']
base=['int','char','long','double','float','unsigned','struct g','typeof(i)','typeof(int)','typeof(void 1)','typeof(zz)','_Atomic(int)','_Atomic(i)','enum E']
def case():
    a=', '.join(random.sample(attrs, random.randint(1,2)))
    b=random.choice(base)
    pos=random.random()
    ty = '%s __attribute__((%s))'%(b,a) if pos<0.5 else '__attribute__((%s)) %s'%(a,b)
    if random.random()<0.3: ty += ' *'
    if random.random()<0.3: ty += '[%s]'%random.choice(['2','-1','0x7fffffffffffffff','i','sizeof(int)'])
    expr='sizeof(%s) %% 8'%ty
    if random.random()<0.3: expr='({ %s v; (void)v; 0; })'%ty.replace(' *',' *').replace('[',' [') if '[' not in ty else '({ %s; 0; })'%(ty.replace('[',' v[',1))
    src='struct g { int x; };\nenum E { A };\nstatic int data[8];\nint main(void)\n{\n    int i = 1;\n#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n    return data[0];\n}\n'%expr
    plain=src.replace('#pragma omp task inout(data[%s])'%expr,'    data[%s] = 1;'%expr).replace('#pragma omp taskwait\n','')
    return expr, src, plain

main(case)
