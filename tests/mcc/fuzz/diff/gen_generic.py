import random
from judge import main
types=['char','signed char','unsigned char','short','unsigned short','int','unsigned','long','unsigned long','long long','unsigned long long','_Bool','float','double','long double','const int','int *','char *','myint','size_t','enum E']
ctls=['c','sc','uc','s','us','i','u','l','ul','ll','ull','b','f','d','ld','ci','p','e','A','1','1u','1L','0.5','0.5f','\'a\'','i + l','c + c','-uc','b + b','f * 2','s << 1','i ? 1 : 2u','(char)i','sizeof(i)','mi','st','arr','arr[0]','&i - &i','i++','i = 2','(i, l)','str','"s"[0]','bf.x']
vals=['0','1','"s"','2.5','p']
decls='''#include <stddef.h>
typedef int myint;
enum E { A, B };
static int data[8];
int main(void)
{
    char c = 1; signed char sc = 1; unsigned char uc = 1; short s = 1; unsigned short us = 1;
    int i = 1; unsigned u = 1; long l = 1; unsigned long ul = 1; long long ll = 1;
    unsigned long long ull = 1; _Bool b = 1; float f = 1; double d = 1; long double ld = 1;
    const int ci = 1; int *p = &i; enum E e = A; myint mi = 1; size_t st = 1; int arr[2] = {0};
    const char *str = "x"; struct { unsigned x : 3; } bf = {1};
'''
def case():
    k=random.randint(1,4)
    assoc=random.sample(types,k)
    parts=['%s: %s'%(t,random.choice(vals)) for t in assoc]
    if random.random()<0.7: parts.insert(random.randint(0,len(parts)),'default: %s'%random.choice(vals))
    g='_Generic(%s, %s)'%(random.choice(ctls),', '.join(parts))
    src=decls+'#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n    return data[0] + c + sc + uc + s + us + (int)u + l + ul + ll + ull + b + f + d + ld + ci + *p + e + mi + st + arr[0] + *str + bf.x;\n}\n'%g
    plain=src.replace('#pragma omp task inout(data[%s])'%g,'    data[%s] = 1;'%g)
    return g, src, plain

main(case)
