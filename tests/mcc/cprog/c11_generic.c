/* _Generic selection: type names, qualifiers, pointers, default, nesting, and
 * typedef names as association types. */
#include <stdio.h>

typedef unsigned long ulong_t;
struct s { int a; };

#define TYPE_NAME(x) _Generic((x), \
    _Bool: "bool", char: "char", signed char: "schar", unsigned char: "uchar", \
    short: "short", int: "int", unsigned: "unsigned", long: "long", ulong_t: "ulong", \
    long long: "llong", float: "float", double: "double", long double: "ldouble", \
    char *: "char*", const char *: "const char*", int *: "int*", struct s: "struct s", \
    int (*)(int): "fn ptr", default: "other")

static int inc(int x) { return x + 1; }

#define ABS(x) _Generic((x), int: abs_i, double: abs_d)(x)
static int abs_i(int x) { return x < 0 ? -x : x; }
static double abs_d(double x) { return x < 0 ? -x : x; }

int main(void)
{
    char c = 'a'; const char *cs = "x"; char *ms = 0; struct s st = { 1 }; int arr[3];
    short sh = 0; unsigned long ul = 0; long double ld = 0;
    printf("%s %s %s %s\n", TYPE_NAME(c), TYPE_NAME(cs), TYPE_NAME(ms), TYPE_NAME(st));
    printf("%s %s %s %s\n", TYPE_NAME(1), TYPE_NAME(1u), TYPE_NAME(1L), TYPE_NAME(1LL));
    printf("%s %s %s %s\n", TYPE_NAME(1.0f), TYPE_NAME(1.0), TYPE_NAME(ld), TYPE_NAME(ul));
    printf("%s %s %s %s\n", TYPE_NAME(arr), TYPE_NAME(inc), TYPE_NAME(sh), TYPE_NAME(sh + sh));
    printf("%s %s\n", TYPE_NAME((_Bool)1), TYPE_NAME(&st));
    printf("%d %g\n", ABS(-3), ABS(-2.5));
    int nested = _Generic(_Generic(1, int: 1.0, default: 1), double: 2, default: 3);
    printf("nested %d\n", nested);
    printf("ctrl not evaluated %d\n", _Generic(c++, char: (int)c));
    return 0;
}
