import random
from judge import main
lits=['0','1','2','-1','7u','0x7fffffff','0x80000000','2147483647','2147483648','-2147483648','0xffffffffu','1L','1ul','1ll','1ull','0x7fffffffffffffff','0x8000000000000000','9223372036854775807','3','255','(char)200','(unsigned char)200','(short)-1','(unsigned short)65535','(_Bool)7',"'a'",'sizeof(int)','sizeof(long)','sizeof(char)','(long)-1','(unsigned)-1','63','31','32','64']
ops=['+','-','*','/','%','<<','>>','&','|','^','<','>','<=','>=','==','!=','&&','||']
def e(d):
    if d<=0 or random.random()<0.3: return random.choice(lits)
    r=random.random()
    if r<0.6: return '(%s %s %s)'%(e(d-1),random.choice(ops),e(d-1))
    if r<0.75: return '(%s)%s'%(random.choice(['-','~','!','+']),e(d-1))
    if r<0.85: return '(%s ? %s : %s)'%(e(d-1),e(d-1),e(d-1))
    if r<0.95: return '(%s)%s'%(random.choice(['int','unsigned','long','unsigned long','char','short','long long','_Bool','signed char']),e(d-1))
    return '_Generic(%s, int: 1, unsigned: 2, long: 3, unsigned long: 4, long long: 5, unsigned long long: 6, default: 7)'%e(d-1)
def case():
    x=e(3)
    kind=random.choice(['char','int','short'])
    body='sizeof(%s[%s][2])'%(kind,x)
    src='static int data[8];\nint main(void)\n{\n    int i = 0;\n#pragma omp task inout(data[%s %% 8])\n    data[0] += i;\n#pragma omp taskwait\n    return data[0];\n}\n'%body
    plain=src.replace('#pragma omp task inout(data[%s %% 8])'%body,'    data[%s %% 8] = 1;'%body).replace('#pragma omp taskwait\n','')
    return x, src, plain

main(case)
