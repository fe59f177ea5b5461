/* K&R (old-style) function definitions: identifier lists, declarations in any order,
 * implicit int parameters, register storage and default argument promotions. */
#include <stdio.h>

typedef int number;

static int add(a, b)
    int a;
    int b;
{
    return a + b;
}

static double scale(x, factor, n)
    number n;
    double x;
    float factor;   /* promoted to double in the call */
{
    return x * factor * n;
}

static int count(s, c)
    register const char *s;
    char c;
{
    int k = 0;
    while (*s) k += *s++ == c;
    return k;
}

static long nodecl(a, b)
    long a;
{
    return a + (long)sizeof(b);   /* b is int */
}

static int noargs()
{
    return 7;
}

static int (*pick(which))(int, int)
    int which;
{
    return which ? add : 0;
}

int main()
{
    printf("%d %g %d %ld %d\n", add(2, 3), scale(1.5, 2.0f, 3), count("banana", 'a'),
           nodecl(5L, 1), noargs());
    printf("%d\n", pick(1)(40, 2));
    return add(1, 1);
}
