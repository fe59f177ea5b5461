/* atomic on expression statements: x++, ++x, x--, --x, x += e, x -= e, x *= e,
 * x |= e, x &= e, x ^= e, x = x + e, on int, long and unsigned, from many tasks. */
#include "ompss_check.h"

#define NT 100

static int inc, dec = 1000;
static long add;
static unsigned bits, mask = ~0u, flip, mul = 1;
static int assign;

int main(void)
{
    for (int i = 0; i < NT; i++) {
#pragma omp task
        {
            delay(1);
#pragma omp atomic
            inc++;
#pragma omp atomic
            ++inc;
#pragma omp atomic
            dec--;
#pragma omp atomic
            --dec;
#pragma omp atomic
            add += i;
#pragma omp atomic
            add -= 2;
#pragma omp atomic
            bits |= 1u << (i % 32);
#pragma omp atomic
            mask &= ~(1u << (i % 16));
#pragma omp atomic
            flip ^= (unsigned)i;
#pragma omp atomic
            assign = assign + 3;
            if (i % 10 == 0) {
#pragma omp atomic
                mul *= 3u;
            }
        }
    }
#pragma omp taskwait

    unsigned rflip = 0;
    for (int i = 0; i < NT; i++)
        rflip ^= (unsigned)i;
    CHECK(inc == 2 * NT, "inc = %d", inc);
    CHECK(dec == 1000 - 2 * NT, "dec = %d", dec);
    CHECK(add == (long)NT * (NT - 1) / 2 - 2 * NT, "add = %ld", add);
    CHECK(bits == ~0u, "bits = %x", bits);
    CHECK(mask == 0xffff0000u, "mask = %x", mask);
    CHECK(flip == rflip, "flip = %x, expected %x", flip, rflip);
    CHECK(assign == 3 * NT, "assign = %d", assign);
    CHECK(mul == 59049u, "mul = %u, expected 3^10", mul);
    return result_ok();
}
