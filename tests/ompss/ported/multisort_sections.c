/* ported: openmp
   ported-werror
   multisort in the shape of BOTS/KASTORS sort: quarters sorted by tasks, merges with depend on
   array sections of the halves, a tmp buffer, sequential cut-offs */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long ELM;

enum { QUICKSIZE = 64, MERGESIZE = 128, INSERTIONSIZE = 16 };

static unsigned long rand_state = 12345;
static unsigned long next_rand(void)
{
    rand_state = rand_state * 6364136223846793005UL + 1442695040888963407UL;
    return rand_state >> 33;
}

static void insertion_sort(ELM *low, ELM *high)
{
    for (ELM *p = low + 1; p <= high; p++) {
        ELM v = *p, *q = p - 1;
        while (q >= low && *q > v) {
            q[1] = q[0];
            q--;
        }
        q[1] = v;
    }
}

static int cmp_elm(const void *a, const void *b)
{
    ELM x = *(const ELM *)a, y = *(const ELM *)b;
    return (x > y) - (x < y);
}

static void seqquick(ELM *low, ELM *high)
{
    if (high - low < INSERTIONSIZE)
        insertion_sort(low, high);
    else
        qsort(low, (size_t)(high - low + 1), sizeof(ELM), cmp_elm);
}

static void seqmerge(ELM *low1, ELM *high1, ELM *low2, ELM *high2, ELM *dest)
{
    while (low1 <= high1 && low2 <= high2)
        *dest++ = (*low1 <= *low2) ? *low1++ : *low2++;
    while (low1 <= high1)
        *dest++ = *low1++;
    while (low2 <= high2)
        *dest++ = *low2++;
}

static ELM *binsplit(ELM val, ELM *low, ELM *high)
{
    while (low != high) {
        ELM *mid = low + ((high - low + 1) >> 1);
        if (val <= *mid)
            high = mid - 1;
        else
            low = mid;
    }
    return (*low > val) ? low - 1 : low;
}

static void cilkmerge(ELM *low1, ELM *high1, ELM *low2, ELM *high2, ELM *lowdest)
{
    if (high2 - low2 > high1 - low1) {
        ELM *t = low1; low1 = low2; low2 = t;
        t = high1; high1 = high2; high2 = t;
    }
    if (high2 < low2) {
        memcpy(lowdest, low1, sizeof(ELM) * (size_t)(high1 - low1 + 1));
        return;
    }
    if (high2 - low2 < MERGESIZE) {
        seqmerge(low1, high1, low2, high2, lowdest);
        return;
    }
    ELM *split1 = ((high1 - low1 + 1) / 2) + low1;
    ELM *split2 = binsplit(*split1, low2, high2);
    long lowsize = (split1 - low1) + (split2 - low2);
    *(lowdest + lowsize + 1) = *split1;
    #pragma omp task
    cilkmerge(low1, split1 - 1, low2, split2, lowdest);
    #pragma omp task
    cilkmerge(split1 + 1, high1, split2 + 1, high2, lowdest + lowsize + 2);
    #pragma omp taskwait
}

static void cilksort(ELM *low, ELM *tmp, long size)
{
    long quarter = size / 4;
    if (size < QUICKSIZE) {
        seqquick(low, low + size - 1);
        return;
    }
    ELM *A = low, *tmpA = tmp;
    ELM *B = A + quarter, *tmpB = tmpA + quarter;
    ELM *C = B + quarter, *tmpC = tmpB + quarter;
    ELM *D = C + quarter, *tmpD = tmpC + quarter;
    long dsize = size - 3 * quarter;

    #pragma omp task depend(inout: A[0:quarter])
    cilksort(A, tmpA, quarter);
    #pragma omp task depend(inout: B[0:quarter])
    cilksort(B, tmpB, quarter);
    #pragma omp task depend(inout: C[0:quarter])
    cilksort(C, tmpC, quarter);
    #pragma omp task depend(inout: D[0:dsize])
    cilksort(D, tmpD, dsize);

    #pragma omp task depend(in: A[0:quarter], B[0:quarter]) depend(out: tmpA[0:2*quarter])
    cilkmerge(A, A + quarter - 1, B, B + quarter - 1, tmpA);
    #pragma omp task depend(in: C[0:quarter], D[0:dsize]) depend(out: tmpC[0:quarter+dsize])
    cilkmerge(C, C + quarter - 1, D, low + size - 1, tmpC);

    #pragma omp task depend(in: tmpA[0:2*quarter], tmpC[0:quarter+dsize]) depend(out: A[0:size])
    cilkmerge(tmpA, tmpC - 1, tmpC, tmpA + size - 1, A);
    #pragma omp taskwait
}

int main(void)
{
    long sizes[] = { 50, 1000, 4099, 100000 };
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        long n = sizes[k];
        ELM *a = malloc(sizeof(ELM) * (size_t)n), *tmp = malloc(sizeof(ELM) * (size_t)n);
        unsigned long sum = 0;
        for (long i = 0; i < n; i++) {
            a[i] = (ELM)(next_rand() % 1000000);
            sum += (unsigned long)a[i];
        }
        #pragma omp parallel
        #pragma omp single
        cilksort(a, tmp, n);
        long bad = 0;
        unsigned long sum2 = 0, h = 0;
        for (long i = 0; i < n; i++) {
            if (i > 0 && a[i - 1] > a[i])
                bad++;
            sum2 += (unsigned long)a[i];
            h = h * 31 + (unsigned long)a[i];
        }
        printf("n=%ld unsorted=%ld sum %s hash %lx\n", n, bad, sum == sum2 ? "kept" : "lost", h);
        free(a);
        free(tmp);
    }
    return 0;
}
