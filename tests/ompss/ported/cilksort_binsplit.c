/* ported: openmp
 * ported-werror
 * BOTS sort (cilksort): quarters sorted by recursive untied tasks joined by taskwait, merges
 * split by a binary search into two recursive merge tasks, sequential quicksort, insertion
 * sort and merge below cut-offs kept in globals, `swap` macros with braces, a typedef'd ELM,
 * `register` locals and pointers past the ends of sub-arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long ELM;

static long cutoff_quick = 256;   /* bots_app_cutoff_value_1 */
static long cutoff_merge = 200;   /* bots_app_cutoff_value_2 */
static long cutoff_insert = 20;   /* bots_app_cutoff_value_3 */

#define swap(a, b) { ELM tmp; tmp = a; a = b; b = tmp; }
#define swap_indices(a, b) { ELM *tmp; tmp = a; a = b; b = tmp; }

static inline ELM med3(ELM a, ELM b, ELM c)
{
    if (a < b) {
        if (b < c) return b;
        else if (a < c) return c;
        else return a;
    } else {
        if (b > c) return b;
        else if (a > c) return c;
        else return a;
    }
}

static inline ELM choose_pivot(ELM *low, ELM *high)
{
    return med3(*low, *high, low[(high - low) / 2]);
}

static ELM *seqpart(ELM *low, ELM *high)
{
    ELM pivot, h, l;
    ELM *curr_low = low, *curr_high = high;
    pivot = choose_pivot(low, high);
    while (1) {
        while ((h = *curr_high) > pivot)
            curr_high--;
        while ((l = *curr_low) < pivot)
            curr_low++;
        if (curr_low >= curr_high)
            break;
        *curr_high-- = l;
        *curr_low++ = h;
    }
    if (curr_high < high)
        return curr_high;
    else
        return curr_high - 1;
}

static void insertion_sort(ELM *low, ELM *high)
{
    register ELM *p, *q;
    ELM a, b;
    for (q = low + 1; q <= high; ++q) {
        a = q[0];
        for (p = q - 1; p >= low && (b = p[0]) > a; p--)
            p[1] = b;
        p[1] = a;
    }
}

static void seqquick(ELM *low, ELM *high)
{
    ELM *p;
    while (high - low >= cutoff_insert) {
        p = seqpart(low, high);
        seqquick(low, p);
        low = p + 1;
    }
    insertion_sort(low, high);
}

static void seqmerge(ELM *low1, ELM *high1, ELM *low2, ELM *high2, ELM *lowdest)
{
    ELM a1, a2;
    if (low1 < high1 && low2 < high2) {
        a1 = *low1;
        a2 = *low2;
        for (;;) {
            if (a1 < a2) {
                *lowdest++ = a1;
                a1 = *++low1;
                if (low1 >= high1)
                    break;
            } else {
                *lowdest++ = a2;
                a2 = *++low2;
                if (low2 >= high2)
                    break;
            }
        }
    }
    if (low1 <= high1 && low2 <= high2) {
        a1 = *low1;
        a2 = *low2;
        for (;;) {
            if (a1 < a2) {
                *lowdest++ = a1;
                ++low1;
                if (low1 > high1)
                    break;
                a1 = *low1;
            } else {
                *lowdest++ = a2;
                ++low2;
                if (low2 > high2)
                    break;
                a2 = *low2;
            }
        }
    }
    if (low1 > high1) {
        memcpy(lowdest, low2, sizeof(ELM) * (size_t)(high2 - low2 + 1));
    } else {
        memcpy(lowdest, low1, sizeof(ELM) * (size_t)(high1 - low1 + 1));
    }
}

static ELM *binsplit(ELM val, ELM *low, ELM *high)
{
    ELM *mid;
    while (low != high) {
        mid = low + ((high - low + 1) >> 1);
        if (val <= *mid)
            high = mid - 1;
        else
            low = mid;
    }
    if (*low > val)
        return low - 1;
    else
        return low;
}

static void cilkmerge_par(ELM *low1, ELM *high1, ELM *low2, ELM *high2, ELM *lowdest)
{
    ELM *split1, *split2;
    long int lowsize;

    if (high2 - low2 > high1 - low1) {
        swap_indices(low1, low2);
        swap_indices(high1, high2);
    }
    if (high2 < low2) {
        memcpy(lowdest, low1, sizeof(ELM) * (size_t)(high1 - low1 + 1));
        return;
    }
    if (high2 - low2 < cutoff_merge) {
        seqmerge(low1, high1, low2, high2, lowdest);
        return;
    }
    split1 = ((high1 - low1 + 1) / 2) + low1;
    split2 = binsplit(*split1, low2, high2);
    lowsize = split1 - low1 + split2 - low2;
    *(lowdest + lowsize + 1) = *split1;
#pragma omp task untied
    cilkmerge_par(low1, split1 - 1, low2, split2, lowdest);
#pragma omp task untied
    cilkmerge_par(split1 + 1, high1, split2 + 1, high2, lowdest + lowsize + 2);
#pragma omp taskwait
}

static void cilksort_par(ELM *low, ELM *tmp, long size)
{
    long quarter = size / 4;
    ELM *A, *B, *C, *D, *tmpA, *tmpB, *tmpC, *tmpD;

    if (size < cutoff_quick) {
        seqquick(low, low + size - 1);
        return;
    }
    A = low;
    tmpA = tmp;
    B = A + quarter;
    tmpB = tmpA + quarter;
    C = B + quarter;
    tmpC = tmpB + quarter;
    D = C + quarter;
    tmpD = tmpC + quarter;

#pragma omp task untied
    cilksort_par(A, tmpA, quarter);
#pragma omp task untied
    cilksort_par(B, tmpB, quarter);
#pragma omp task untied
    cilksort_par(C, tmpC, quarter);
#pragma omp task untied
    cilksort_par(D, tmpD, size - 3 * quarter);
#pragma omp taskwait

#pragma omp task untied
    cilkmerge_par(A, A + quarter - 1, B, B + quarter - 1, tmpA);
#pragma omp task untied
    cilkmerge_par(C, C + quarter - 1, D, low + size - 1, tmpC);
#pragma omp taskwait

    cilkmerge_par(tmpA, tmpC - 1, tmpC, tmpA + size - 1, A);
}

static unsigned long rand_nxt = 0;

static inline unsigned long my_rand(void)
{
    rand_nxt = rand_nxt * 1103515245 + 12345;
    return rand_nxt;
}

static void scramble_array(ELM *array, long size)
{
    register unsigned long i, j;
    for (i = 0; i < (unsigned long)size; ++i) {
        j = my_rand() % (unsigned long)size;
        swap(array[i], array[j]);
    }
}

static void fill_array(ELM *array, long size)
{
    long i;
    rand_nxt = 1;
    for (i = 0; i < size; ++i)
        array[i] = (ELM)(i % 977) * 7 + (i & 3);   /* duplicates on purpose */
    scramble_array(array, size);
}

static void report(const char *what, const ELM *a, long size)
{
    long bad = 0;
    unsigned long sum = 0;
    for (long i = 0; i < size; i++) {
        if (i > 0 && a[i - 1] > a[i])
            bad++;
        sum = sum * 31 + (unsigned long)a[i];
    }
    printf("%s: n=%ld out-of-order=%ld first=%ld last=%ld hash=%lu\n", what, size, bad,
           a[0], a[size - 1], sum);
}

int main(void)
{
    static const long sizes[] = {1000, 4096, 30011};
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        long n = sizes[s];
        ELM *array = malloc(sizeof(ELM) * (size_t)n);
        ELM *tmp = malloc(sizeof(ELM) * (size_t)n);
        fill_array(array, n);
#pragma omp parallel
#pragma omp single
#pragma omp task untied
        cilksort_par(array, tmp, n);
        report("cilksort", array, n);
        free(array);
        free(tmp);
    }
    /* smaller cut-offs: deeper trees of merge tasks */
    cutoff_quick = 32;
    cutoff_merge = 16;
    cutoff_insert = 4;
    {
        long n = 20000;
        ELM *array = malloc(sizeof(ELM) * (size_t)n);
        ELM *tmp = malloc(sizeof(ELM) * (size_t)n);
        fill_array(array, n);
#pragma omp parallel
        {
#pragma omp single nowait
            {
#pragma omp task untied
                cilksort_par(array, tmp, n);
            }
        }
        report("cilksort-deep", array, n);
        free(array);
        free(tmp);
    }
    return 0;
}
