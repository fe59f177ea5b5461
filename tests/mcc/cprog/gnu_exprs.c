/* GNU expressions and types: __extension__, typeof/__typeof__, statement expressions,
 * __builtin_va_arg, __builtin_offsetof, __builtin_types_compatible_p,
 * __builtin_choose_expr, __int128, _Float128/__float128, conditional with omitted
 * middle operand, and __alignof__. */
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>

struct inner { char c; int arr[5]; };
struct outer { long l; struct inner in[3]; };

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) do { typeof(x) _t = (x); (x) = (y); (y) = _t; } while (0)

static int sum_va(int n, ...)
{
    va_list ap;
    __builtin_va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += __builtin_va_arg(ap, int);
    double d = va_arg(ap, double);
    __builtin_va_end(ap);
    return s + (int)d;
}

static void copy_va(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    __builtin_va_copy(ap2, ap);
    vsnprintf(buf, n, fmt, ap2);
    va_end(ap2);
    va_end(ap);
}

int main(void)
{
    __extension__ long long ll = 1LL << 40;
    __extension__ int ext = __extension__ ({ 3; });
    typeof(ll) t1 = 5;
    __typeof__(int *) tp = &ext;
    __typeof(struct outer) o = { 0 };
    typeof(typeof(char)[4]) four = "abc";
    printf("typeof %zu %d %zu %s\n", sizeof t1, *tp, sizeof o, four);
    int m = MAX(3, 9) + MAX(2.5, 1.0) * 2;
    int a = 1, b = 2;
    SWAP(a, b);
    int se = ({ int q = 10; for (int i = 0; i < 3; i++) q += i; q; });
    printf("stmt expr %d %d %d %d\n", m, a, b, se);
    printf("va %d\n", sum_va(3, 1, 2, 3, 4.5));
    char buf[32];
    copy_va(buf, sizeof buf, "%s-%d", "x", 7);
    printf("va copy %s\n", buf);
    printf("offsetof %zu %zu %zu\n", __builtin_offsetof(struct outer, in[2].arr[3]),
           offsetof(struct inner, arr), __builtin_offsetof(struct outer, in[1].c));
    printf("compat %d %d %d %d\n", __builtin_types_compatible_p(int, const int),
           __builtin_types_compatible_p(int *, long *), __builtin_types_compatible_p(typeof(ll), long long),
           __builtin_types_compatible_p(int[], int[5]));
    printf("choose %d %zu\n", __builtin_choose_expr(1, 10, 2.0), sizeof(__builtin_choose_expr(0, 'a', 1.0)));
    __int128 big = (__int128)1 << 100;
    unsigned __int128 ubig = ~(unsigned __int128)0;
    printf("int128 %d %d %zu\n", (int)(big >> 98), (int)(ubig >> 126), sizeof(__int128_t));
    _Float128 f128 = 1.5;
    __float128 g128 = f128 * 2;
    _Float64 f64 = 0.25;
    _Float32 f32 = 0.5f32;
    printf("float128 %g %g %zu %g\n", (double)g128, (double)(f128 + f64), sizeof(_Float128), (double)f32);
    int z = 0, nz = 4;
    printf("elvis %d %d\n", z ?: 8, nz ?: 8);
    printf("alignof %zu %zu\n", __alignof__(double), __alignof(struct outer));
    printf("builtins %d %d %d\n", __builtin_expect(a, 1), __builtin_constant_p(3), __builtin_popcount(255u));
    return 0;
}
