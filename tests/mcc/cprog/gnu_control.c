/* GNU control flow: __label__ local labels, labels as values (&&l) and computed goto,
 * case ranges, nested functions (with and without access to the enclosing frame). */
#include <stdio.h>

#define RETRY_TWICE(counter) ({ __label__ again; int _n = 0; again: _n++; (counter)++; \
                                if (_n < 2) goto again; _n; })

static int interpret(const char *prog)
{
    static const void *table[] = { &&op_inc, &&op_dec, &&op_dbl, &&op_end };
    int acc = 0;
    const char *pc = prog;
#define NEXT goto *table[*pc++ - '0']
    NEXT;
op_inc: acc++; NEXT;
op_dec: acc--; NEXT;
op_dbl: acc *= 2; NEXT;
op_end:
#undef NEXT
    return acc;
}

static const char *classify(int c)
{
    switch (c) {
    case '0' ... '9': return "digit";
    case 'a' ... 'z':
    case 'A' ... 'Z': return "letter";
    case 0 ... ' ': return "space";
    default: return "other";
    }
}

static int apply(int (*f)(int), int v) { return f(v); }

static int outer(int base)
{
    int calls = 0;
    int add_base(int x) { calls++; return x + base; }
    auto int twice(int);
    int twice(int x) { return add_base(add_base(x)); }
    int r = apply(twice, 1);
    return r * 100 + calls;
}

static long label_diff(void)
{
    void *p = &&l2;
    goto *p;
l1:
    return 0;
l2:
    return &&l2 - &&l1 != 0;
}

int main(void)
{
    int k = 0;
    int r1 = RETRY_TWICE(k);
    int r2 = RETRY_TWICE(k);
    printf("local labels %d %d %d\n", r1, r2, k);
    printf("computed goto %d\n", interpret("0020013"));
    printf("ranges %s %s %s %s\n", classify('5'), classify('Q'), classify('\t'), classify('~'));
    printf("nested %d\n", outer(5));
    printf("label diff %ld\n", label_diff());
    return 0;
}
