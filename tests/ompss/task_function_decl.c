/* Function tasks whose pragma sits on a prototype (the definition comes later without
 * one): every call becomes a task, out/inout/in name pointer parameters, and scalar
 * arguments are captured by value at the call. */
#include "ompss_check.h"

#define N 48
#define ROUNDS 5

#pragma omp task out(*dst)
void set(unsigned *dst, unsigned v);

#pragma omp task inout(*x) in(*y)
void mix(unsigned *x, const unsigned *y, unsigned k);

#pragma omp task in(*x) out(*copy)
void snapshot(const unsigned *x, unsigned *copy);

void set(unsigned *dst, unsigned v)
{
    delay(3);
    *dst = v;
}

void mix(unsigned *x, const unsigned *y, unsigned k)
{
    delay(1);
    *x = step(*x, *y + k);
}

void snapshot(const unsigned *x, unsigned *copy)
{
    *copy = *x;
}

static unsigned acc[N], src[N], snap[N];

int main(void)
{
    for (unsigned i = 0; i < N; i++) {
        set(&src[i], i + 1);
        set(&acc[i], 7);
    }
    for (unsigned r = 0; r < ROUNDS; r++)
        for (unsigned i = 0; i < N; i++) {
            mix(&acc[i], &src[(i + r) % N], r);
            if (r == 1)
                snapshot(&acc[i], &snap[i]);
        }
    unsigned v = 5, late = 0;
    set(&late, v);
    v = 99;  /* the task got 5 at the call */
#pragma omp taskwait

    unsigned ref[N], rsnap[N];
    for (unsigned i = 0; i < N; i++)
        ref[i] = 7;
    for (unsigned r = 0; r < ROUNDS; r++)
        for (unsigned i = 0; i < N; i++) {
            ref[i] = step(ref[i], (i + r) % N + 1 + r);
            if (r == 1)
                rsnap[i] = ref[i];
        }
    for (unsigned i = 0; i < N; i++) {
        CHECK(acc[i] == ref[i], "acc[%u] = %u, expected %u", i, acc[i], ref[i]);
        CHECK(snap[i] == rsnap[i], "snap[%u] = %u, expected %u", i, snap[i], rsnap[i]);
    }
    CHECK(late == 5, "argument captured as %u, expected 5 (v is %u now)", late, v);
    return result_ok();
}
