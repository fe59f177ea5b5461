/* _Complex (and the GNU __complex__, __real__, __imag__, 1.0i) and _Atomic as
 * qualifier and as specifier, with stdatomic operations. */
#include <complex.h>
#include <stdatomic.h>
#include <stdio.h>

static _Atomic int counter;
static _Atomic(long) *atomic_ptr;
struct with_atomic { _Atomic unsigned flags; int plain; };

static double _Complex mul(double _Complex a, _Complex double b) { return a * b; }

int main(void)
{
    double _Complex z = 1.0 + 2.0 * I;
    _Complex float zf = 3.0f - 1.0fi;
    __complex__ double g = 2.0 + 3.0i;
    double _Complex p = mul(z, g);
    printf("complex %g %g %g %g\n", creal(p), cimag(p), __real__ zf, __imag__ zf);
    __real__ g = 10;
    printf("gnu real %g %g %g\n", creal(g), cabs(3.0 + 4.0 * I), creal(conj(z)));
    long double _Complex lz = 1.5L;
    printf("sizes %zu %zu %zu\n", sizeof zf, sizeof z, sizeof lz);

    counter = 3;
    counter += 4;
    counter++;
    atomic_fetch_add(&counter, 10);
    int expected = 18;
    _Bool ok = atomic_compare_exchange_strong(&counter, &expected, 100);
    printf("atomic %d %d\n", ok, atomic_load(&counter));
    _Atomic(long) l = 5;
    atomic_ptr = &l;
    atomic_store_explicit(atomic_ptr, 9, memory_order_release);
    printf("atomic long %ld\n", atomic_load_explicit(&l, memory_order_acquire));
    struct with_atomic w = { .plain = 2 };
    atomic_fetch_or(&w.flags, 6u);
    printf("atomic member %u %d\n", w.flags, w.plain);
    _Atomic const int *cp = &counter;
    printf("atomic const %d %zu\n", *cp, sizeof(_Atomic(char)));
    atomic_flag fl = ATOMIC_FLAG_INIT;
    printf("flag %d %d\n", atomic_flag_test_and_set(&fl), atomic_flag_test_and_set(&fl));
    return 0;
}
