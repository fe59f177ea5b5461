/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * The OpenMP 5.0 memory allocators and routines a host program calls: omp_alloc /
 * omp_aligned_alloc / omp_calloc / omp_realloc / omp_free with predefined allocators,
 * omp_init_allocator with alignment, pool_size and a null fallback (the pool refuses what
 * does not fit, and takes it again once freed; realloc needs both blocks at once), an
 * invalid trait, allocations inside a parallel loop, omp_capture_affinity's fields, and
 * the 5.0 queries, the allocate clause and taskloop's grainsize(strict: n).  mcc's omp.h
 * declared none of them ("omp_default_mem_alloc undeclared").
 * The sequential build calls libgomp's routines (ported-seq-libs). */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <omp.h>
int main(void)
{
    int *p = omp_alloc(10 * sizeof(int), omp_default_mem_alloc);
    p[0] = 1; omp_free(p, omp_default_mem_alloc);
    double *q = omp_aligned_alloc(256, 8 * sizeof(double), omp_null_allocator);
    int aligned = ((uintptr_t)q % 256) == 0;
    omp_free(q, omp_null_allocator);
    omp_alloctrait_t tr[] = {{omp_atk_alignment, 128}, {omp_atk_pool_size, 1000}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 3, tr);
    char *b1 = omp_alloc(600, a), *b2 = omp_alloc(600, a);
    int pool = b1 && !b2 && ((uintptr_t)b1 % 128) == 0;
    omp_free(b1, a);
    b2 = omp_alloc(600, a);
    pool = pool && b2;
    b2 = omp_realloc(b2, 900, a, a);
    pool = pool && b2;
    omp_free(b2, a);
    int *z = omp_calloc(100, sizeof(int), omp_high_bw_mem_alloc);
    int zero = 1; for (int i = 0; i < 100; i++) zero &= z[i] == 0;
    omp_free(z, omp_null_allocator);
    omp_destroy_allocator(a);
    omp_alloctrait_t bad[] = {{omp_atk_alignment, 3}};
    int badnull = omp_init_allocator(omp_default_mem_space, 1, bad) == omp_null_allocator;
    int sum = 0;
    #pragma omp parallel for reduction(+:sum)
    for (int i = 0; i < 100; i++) {
        int *t = omp_alloc(sizeof(int), omp_thread_mem_alloc);
        *t = i; sum += *t; omp_free(t, omp_thread_mem_alloc);
    }
    /* the allocate clause (where private copies live) and 5.1's strict grainsize */
    int scratch = 0;
    long tl = 0;
#pragma omp parallel for private(scratch) allocate(omp_low_lat_mem_alloc: scratch) reduction(+: sum)
    for (int i = 0; i < 10; i++) {
        scratch = i * i;
        sum += scratch;
    }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(strict: 7) reduction(+: tl)
    for (int i = 0; i < 100; i++)
        tl += i;
    sum += (int)tl;
    char buf[64];
    size_t n = omp_capture_affinity(buf, sizeof buf, "%.4L|%0.3n|{nesting_level}|%%");
    printf("%d %d %d %d %d %s %zu %d %d\n", aligned, pool, zero, badnull, sum, buf, n,
           omp_get_default_allocator() == omp_default_mem_alloc, omp_get_supported_active_levels() >= 1);
    return 0;
}
