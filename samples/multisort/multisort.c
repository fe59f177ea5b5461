/*
 * multisort.c - recursive parallel merge sort (the classic Cilk/OmpSs "multisort").
 *
 *   usage: multisort [N [MIN_SORT [MIN_MERGE]]]     (defaults 4000000 32768 65536)
 *   mcc --ompss -O2 multisort.c -o multisort && NX_ARGS="--smp-workers=2" ./multisort
 *
 * The array is cut in four quarters sorted by four tasks; after a taskwait two tasks
 * merge them pairwise into the temporary array, and after another taskwait one merge
 * brings them back.  Merges are themselves split in parallel tasks (binary search of
 * the median of the larger half).  The result is checked: sorted, and the same
 * multiset as the input.  Exit 0 and "result: OK" when right, 1 when wrong.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long elem;

static long min_sort, min_merge;

static int cmp_elem(const void *a, const void *b)
{
    elem x = *(const elem *)a, y = *(const elem *)b;
    return (x > y) - (x < y);
}

/* Merge the sorted runs a[0;na] and b[0;nb] into out sequentially. */
static void merge_seq(const elem *a, long na, const elem *b, long nb, elem *out)
{
    long i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = b[j] < a[i] ? b[j++] : a[i++];
    memcpy(out + k, a + i, (na - i) * sizeof *a);
    memcpy(out + k + na - i, b + j, (nb - j) * sizeof *b);
}

/* First index in b[0;nb] whose element is >= v. */
static long lower_bound(const elem *b, long nb, elem v)
{
    long lo = 0, hi = nb;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (b[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Merge in parallel: split the larger run at its middle, the other at the same value. */
static void merge(const elem *a, long na, const elem *b, long nb, elem *out)
{
    if (na + nb <= min_merge) {
        merge_seq(a, na, b, nb, out);
        return;
    }
    if (na < nb) {  /* keep a the larger run; stability does not matter for longs */
        const elem *t = a;
        a = b;
        b = t;
        long tn = na;
        na = nb;
        nb = tn;
    }
    long ma = na / 2, mb = lower_bound(b, nb, a[ma]);
#pragma omp task
    merge(a, ma, b, mb, out);
#pragma omp task
    merge(a + ma, na - ma, b + mb, nb - mb, out + ma + mb);
#pragma omp taskwait
}

static void multisort(elem *data, elem *tmp, long n)
{
    if (n < 4 * min_sort) {
        qsort(data, n, sizeof *data, cmp_elem);
        return;
    }
    long q = n / 4;
    elem *a = data, *b = a + q, *c = b + q, *d = c + q;
    elem *ta = tmp, *tc = tmp + 2 * q;
#pragma omp task
    multisort(a, ta, q);
#pragma omp task
    multisort(b, ta + q, q);
#pragma omp task
    multisort(c, tc, q);
#pragma omp task
    multisort(d, tc + q, n - 3 * q);
#pragma omp taskwait
#pragma omp task
    merge(a, q, b, q, ta);
#pragma omp task
    merge(c, q, d, n - 3 * q, tc);
#pragma omp taskwait
    merge(ta, 2 * q, tc, n - 2 * q, data);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    min_sort = argc > 2 ? atol(argv[2]) : 32768;
    min_merge = argc > 3 ? atol(argv[3]) : 65536;
    if (n <= 0 || min_sort < 1 || min_merge < 2) {
        fprintf(stderr, "usage: %s [N [MIN_SORT [MIN_MERGE]]]\n", argv[0]);
        return 2;
    }
    elem *data = malloc(n * sizeof *data), *tmp = malloc(n * sizeof *tmp);
    unsigned long x = 88172645463325252ul, sum = 0, xsum = 0;
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        data[i] = (elem)(x % 1000003);
        sum += (unsigned long)data[i];
        xsum ^= (unsigned long)data[i] * 2654435761u;
    }
    double t0 = omp_get_wtime();
    multisort(data, tmp, n);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    printf("multisort: n %ld, min_sort %ld, min_merge %ld\n", n, min_sort, min_merge);
    printf("time: %.6f s\n", secs);

    long bad = -1;
    unsigned long sum2 = 0, xsum2 = 0;
    for (long i = 0; i < n; i++) {
        if (i > 0 && data[i - 1] > data[i] && bad < 0)
            bad = i;
        sum2 += (unsigned long)data[i];
        xsum2 ^= (unsigned long)data[i] * 2654435761u;
    }
    free(data);
    free(tmp);
    if (bad >= 0 || sum2 != sum || xsum2 != xsum) {
        printf("result: WRONG (%s)\n", bad >= 0 ? "not sorted" : "elements lost or changed");
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
