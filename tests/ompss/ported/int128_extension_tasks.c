/* ported: ompss
   ported-werror
   128-bit arithmetic as code clean under -pedantic spells it (`__extension__ unsigned
   __int128 acc = 0;`, `__extension__` on a function task's prototype and definition): a
   dot product of 64-bit words into a 128-bit sum reduced by `parallel for` and by a
   taskloop, a 128-bit carry firstprivate in tasks, the last product lastprivate, function
   tasks taking a 128-bit value; mcc copied the type into its argument blocks and spawn
   functions without the user's __extension__, and gcc -pedantic warned "ISO C does not
   support '__int128' types" on the pragmas (tests/mcc/driver/strict_warnings.sh) */
#include <stdio.h>
#include <stdint.h>

#define N 512

/* the high and low halves of v into out[0], out[1] */
#pragma omp task out([2]out)
__extension__ static void split(unsigned __int128 v, uint64_t *out);

__extension__ static void split(unsigned __int128 v, uint64_t *out)
{
    out[0] = (uint64_t)(v >> 64);
    out[1] = (uint64_t)v;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return x ^ (x >> 29);
}

int main(void)
{
    static uint64_t a[N], b[N];
    uint64_t parts[4][2];
    for (int i = 0; i < N; i++) {
        a[i] = mix((uint64_t)i + 1);
        b[i] = mix((uint64_t)i * 7 + 3);
    }

    __extension__ unsigned __int128 dot = 0, last = 0;
    #pragma omp parallel for reduction(+: dot) lastprivate(last)
    for (int i = 0; i < N; i++) {
        last = (unsigned __int128)a[i] * b[i];
        dot += last;
    }
    split(dot, parts[0]);
    split(last, parts[1]);

    __extension__ unsigned __int128 tl = 0, carry = (unsigned __int128)1 << 100;
    __extension__ __int128 signed_sum = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: tl, signed_sum) grainsize(32)
        for (int i = 0; i < N; i++) {
            tl += (unsigned __int128)a[i] * a[i];
            signed_sum += (__int128)(int64_t)b[i];
        }
        #pragma omp task firstprivate(carry) shared(parts)
        {
            carry += (unsigned __int128)a[0] * b[0];
            parts[2][0] = (uint64_t)(carry >> 64);
            parts[2][1] = (uint64_t)carry;
        }
    }
    split(tl + (unsigned __int128)signed_sum, parts[3]);
    #pragma omp taskwait

    for (int k = 0; k < 4; k++)
        printf("%d: %016llx %016llx\n", k, (unsigned long long)parts[k][0],
               (unsigned long long)parts[k][1]);
    return 0;
}
