import random, re
from judge import main, STRICT
# Part 1: an assignment inside an inout(data[...]) expression.  Objects by kind, so that
# half the time the right side has the left side's kind (mostly valid), else any.
objs={'int':['i','u','b','c','e','arr[0]','buf[0]','s.n','sp->n','*p','bf.x','(i)','p[0]'],
      'flt':['d','ld','fl','s.sum'],'ptr':['p','cp','vp','dp','str'],'st':['s','s2','*sp','(s)'],
      'no':['ci','cs.n','*cp','str[0]','"s"[0]','*str','cs','o','arr','buf','fp','1','i + 1','(int)i','i++','++i','f()','"s"',
            '(i ? j : i)','(i, j)','sizeof i','A','&i','(struct stats){0, 0.0}','pp','(void)i']}
vals={'int':['0','1','1u','\'a\'','i','e','A','b','0L','-1'],'flt':['2.5','d','fl','ld','1'],'ptr':['p','&i','vp','(void *)0','0','cp','&ci'],
      'st':['s2','*sp','(struct stats){0, 0.0}','cs'],
      'no':['(struct other){0}','o','&(struct stats){0, 0.0}','"s"','arr','f','fp','&d','dp','(void)0','pp','sp','&s','{1}']}
ops=['=']*6+['+=','-=','*=','/=','%=','<<=','>>=','&=','|=','^=']
decls='''    int i = 1, j = 2; unsigned u = 1; double d = 1; long double ld = 1; _Bool b = 0; char c = 0; float fl = 0;
    int *p = &i; const int *cp = &i; int **pp = &p; const int ci = 1; double *dp = &d; void *vp = &i;
    int (*fp)(void) = f; int arr[2] = {0}; char buf[4] = "abc"; const char *str = "x"; enum E e = A;
    struct stats s = {0, 0.0}, s2 = {0, 0.0}, *sp = &s; const struct stats cs = {0, 0.0}; struct other o = {0};
    struct { unsigned x : 3; } bf = {1};
'''
head='''struct stats { long n; double sum; };
struct other { int a; };
enum E { A, B };
static int data[8];
static int f(void) { return 0; }
static const int gci = 1;
static void sinit(struct stats *s) { s->n = 0; s->sum = 0; }
static void merge(struct stats *o, const struct stats *n) { o->n += n->n; o->sum += n->sum; }
'''
uses='(void)(i + j + u + d + ld + b + c + fl + *p + *cp + **pp + ci + *dp + (vp != 0) + fp() + arr[0] + buf[0] + *str + e + s.n + s2.n + sp->n + cs.n + o.a + bf.x)'
def clause_assign():
    k=random.choice(list(objs))
    l=random.choice(objs[k]); op=random.choice(ops)
    r=random.choice(vals[k] if k!='no' and random.random()<0.6 else sum(vals.values(),[]))
    a='%s %s %s'%(l,op,r)
    e=random.choice(['(%s, 0)','({ %s; 0; })','sizeof(%s) %% 8','(%s, i) %% 8'])%a
    src=head+'int main(void)\n{\n'+decls+'#pragma omp task inout(data[%s])\n    data[0] += i;\n#pragma omp taskwait\n    %s;\n    return data[0];\n}\n'%(e,uses)
    plain=src.replace('#pragma omp task inout(data[%s])'%e,'    data[%s] = 1;'%e).replace('#pragma omp taskwait\n','')
    return e, src, plain
# Part 2: declare reduction's combiner and initializer; the plain program puts each in a
# function where omp_out/omp_in (omp_priv/omp_orig) are objects of the type, as mcc's
# lowering makes them, and assigns omp_priv (mcc writes `priv = X;`, not a declaration).
types={'int':('0','x += i;'),'unsigned':('0','x += i;'),'double':('0','x += i;'),'char':('0','x += i;'),'long':('0','x += i;'),
       'struct stats':('{0, 0.0}','x.n += i;'),'struct other':('{0}','x.a += i;'),'int *':('0','(void)x;'),'_Bool':('0','x |= i;')}
combs=['omp_out += omp_in','omp_out = omp_out + omp_in','omp_out *= omp_in','omp_out %= omp_in','omp_out |= omp_in','omp_out <<= omp_in',
       'omp_out -= omp_in','omp_out = omp_out > omp_in ? omp_out : omp_in','omp_out.n += omp_in.n, omp_out.sum += omp_in.sum',
       'omp_out.n += omp_in.n','omp_out.sum %= 2','omp_out.a += omp_in.a','omp_out = omp_in','omp_in = omp_out','(omp_out) = omp_in',
       'merge(&omp_out, &omp_in)','omp_out = 1','omp_out = &omp_in','omp_out = (struct stats){0, 0.0}','omp_out = (struct other){0}',
       'omp_out = 2.5','omp_out = "s"','"s" = omp_out','omp_out + 1 = omp_in','omp_out++','omp_out = omp_priv','omp_out += omp_in.n',
       'gci = omp_out','omp_out = gci','omp_out = omp_in, omp_in = 0','omp_out = omp_out','omp_out += omp_out - omp_in','1 = omp_out']
inits=[None,'omp_priv = 0','omp_priv = 1u','omp_priv = 2.5','omp_priv = omp_orig','omp_priv = &(struct stats){0, 0.0}',
       'omp_priv = (struct stats){0, 0.0}','omp_priv = (struct other){0}','"s" = 1u','omp_priv = "s"','omp_priv += 1','omp_priv %= 2',
       'sinit(&omp_priv)','omp_priv = omp_in','omp_priv = {0}','omp_priv = -omp_orig','omp_priv.n = 0','omp_priv = 0, omp_priv.n = 1',
       '1 = omp_priv','omp_priv = (void *)0','omp_priv = &omp_orig','omp_priv = *&omp_orig','gci = omp_priv','omp_orig = omp_priv',
       'omp_priv = omp_orig, omp_priv.a = 0','omp_priv = 0u','omp_priv = omp_out']
arith=['omp_out += omp_in','omp_out = omp_out + omp_in','omp_out *= omp_in','omp_out -= omp_in','omp_out = omp_out > omp_in ? omp_out : omp_in',
       'omp_out = omp_in','omp_in = omp_out','(omp_out) = omp_in','omp_out++','omp_out = gci','omp_out += omp_out - omp_in']
fams={'int':(arith+['omp_out %= omp_in','omp_out |= omp_in','omp_out <<= omp_in'],[None,'omp_priv = 0','omp_priv = 1u','omp_priv = omp_orig',
             'omp_priv += 1','omp_priv %= 2','omp_priv = -omp_orig','omp_priv = gci','omp_orig = omp_priv','omp_priv = *&omp_orig']),
      'double':(arith,[None,'omp_priv = 0','omp_priv = 2.5','omp_priv = omp_orig','omp_priv = -omp_orig','omp_priv += 1']),
      'struct stats':(['omp_out.n += omp_in.n, omp_out.sum += omp_in.sum','omp_out.n += omp_in.n','merge(&omp_out, &omp_in)','omp_out = omp_in',
                       'omp_out = (struct stats){0, 0.0}','omp_out = omp_out'],[None,'sinit(&omp_priv)','omp_priv = (struct stats){0, 0.0}',
                       'omp_priv = omp_orig','omp_priv.n = 0','omp_priv = omp_orig, omp_priv.n = 1','omp_priv = *&omp_orig']),
      'struct other':(['omp_out.a += omp_in.a','omp_out = omp_in','omp_out = (struct other){0}'],[None,'omp_priv = (struct other){0}',
                       'omp_priv = omp_orig','omp_priv = omp_orig, omp_priv.a = 0']),
      'int *':(['omp_out = omp_in','omp_out = omp_out > omp_in ? omp_out : omp_in','omp_out = 0','omp_out += omp_in - omp_out'],
               [None,'omp_priv = 0','omp_priv = (void *)0','omp_priv = omp_orig','omp_priv = &gci'])}
def declare_reduction():
    t=random.choice(list(types)); x0,body=types[t]
    fam=fams[t if t in fams else 'double' if t=='double' else 'int']
    c=random.choice(fam[0] if random.random()<0.6 else combs)
    ini=random.choice(fam[1] if random.random()<0.6 else inits)
    dr='#pragma omp declare reduction(rd : %s : %s)%s\n'%(t,c,' initializer(%s)'%ini if ini else '')
    how=random.choice(['taskloop','task','taskgroup'])
    if how=='taskloop': use='#pragma omp taskloop reduction(rd : x)\n    for (int i = 0; i < 8; i++)\n        %s\n'%body
    elif how=='task': use='    for (int i = 0; i < 8; i++) {\n#pragma omp task reduction(rd : x)\n        %s\n    }\n#pragma omp taskwait\n'%body
    else: use='#pragma omp taskgroup task_reduction(rd : x)\n    for (int i = 0; i < 8; i++) {\n#pragma omp task in_reduction(rd : x)\n        %s\n    }\n'%body
    tail='int main(void)\n{\n    %s x = %s;\n%s    return (int)sizeof x;\n}\n'%(t,x0,use)
    src=head+dr+tail
    wrap='static void rd_comb(%s *out_, %s *in_)\n{\n    %s omp_out = *out_;\n    %s omp_in = *in_;\n    %s;\n    *out_ = omp_out;\n}\n'%(t,t,t,t,c)
    # `omp_priv = { ... }` initializes (OpenMP: an initialization, not an assignment)
    lst=re.match(r'\s*omp_priv\s*=\s*(\{.*)$', ini or '')
    if lst: wrap+='static void rd_init(%s *priv_, %s *orig_)\n{\n    %s omp_orig = *orig_;\n    %s omp_priv = %s;\n    (void)omp_orig;\n    *priv_ = omp_priv;\n}\n'%(t,t,t,t,lst.group(1))
    elif ini: wrap+='static void rd_init(%s *priv_, %s *orig_)\n{\n    %s omp_priv;\n    %s omp_orig = *orig_;\n    %s;\n    *priv_ = omp_priv;\n}\n'%(t,t,t,t,ini)
    plain=head+wrap+tail
    return '%s : %s : %s [%s]'%(t,c,ini,how), src, plain
def case():
    return clause_assign() if random.random()<0.4 else declare_reduction()

main(case, STRICT, check_plain=True)
