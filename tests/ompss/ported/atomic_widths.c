/* ported: openmp
   ported-werror
   `atomic` on every width of scalar a program may use: unsigned char, short, float,
   double, long double, unsigned long long, a pointer, signed char, _Bool (write), an
   array element; mcc's compare-and-swap on the 16-byte long double calls libatomic, which
   the link lacked: "undefined reference to `__atomic_compare_exchange_16'" */
#include <stdio.h>
int main(void)
{
    unsigned char c = 0; short sh = 0; float f = 0; double d = 0; long double ld = 0;
    unsigned long long u = 0; int *p = 0; _Bool b = 0; signed char sc = 0;
    static int arr[8];
    #pragma omp parallel for
    for (int i = 0; i < 1000; i++) {
        #pragma omp atomic
        c += 1;
        #pragma omp atomic
        sh -= 2;
        #pragma omp atomic
        f += 0.5f;
        #pragma omp atomic
        d *= 1.0;
        #pragma omp atomic
        ld += 0.25L;
        #pragma omp atomic
        u += (unsigned long long)i << 20;
        #pragma omp atomic
        p += 1;
        #pragma omp atomic
        sc ^= 1;
        #pragma omp atomic write
        b = 1;
        #pragma omp atomic
        arr[i % 8] |= 1 << (i % 5);
    }
    printf("%d %d %.1f %.1f %.2Lf %llu %ld %d %d %d\n", c, sh, f, d, ld, u, (long)(p - (int *)0), sc, b, arr[3]);
    return 0;
}
