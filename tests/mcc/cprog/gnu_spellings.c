/* Alternate keyword spellings gcc accepts: __restrict/__restrict__, __inline/__inline__,
 * __const/__const__, __volatile/__volatile__, __signed/__signed__, __asm/__asm__,
 * __typeof/__typeof__, __alignof/__alignof__, __attribute/__attribute__,
 * __complex/__complex__, __real/__imag, __extension__, _Noreturn and restrict. */
#include <stdio.h>
#include <string.h>

static __inline int in1(int x) { return x + 1; }
static __inline__ int in2(int x) { return x + 2; }
static inline int in3(int x) { return x + 3; }

static void copy_r(char *__restrict d, const char *__restrict__ s, size_t n) { memcpy(d, s, n); }
static int sum_r(int n, const int a[restrict static 1]) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static int arr_quals(int a[const volatile 3], int b[__restrict 2]) { return a[0] + b[1]; }

int main(void)
{
    __const int c1 = 1;
    __const__ int c2 = 2;
    __volatile int v1 = 3;
    __volatile__ int v2 = 4;
    __signed char sc = -5;
    __signed__ int si = -6;
    signed s = -7;
    unsigned u = 8;
    __typeof(c1) t1 = 9;
    __typeof__(c2) t2 = 10;
    __attribute((unused)) int unused = 0;
    __complex double cz = 1.0;
    __imag cz = 2.0;
    char buf[8];
    copy_r(buf, "spell", 6);
    int arr[3] = { 1, 2, 3 };
    __asm ("");
    __asm__ __volatile ("");
    printf("%d %d %d %d %d %d %d %u %d %d\n", c1, c2, v1, v2, sc, si, s, u, t1, t2);
    printf("%d %d %d %s %d %d\n", in1(0), in2(0), in3(0), buf, sum_r(3, arr), arr_quals(arr, arr));
    printf("%g %g %zu %zu\n", __real cz, __imag__ cz, __alignof(long), __alignof__(short));
    return __extension__ 0;
}
