/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * Task priorities sized by omp_get_max_task_priority(), as codes that read OpenMP's
 * max-task-priority-var write them: per-level counters allocated for `max + 1` levels,
 * tree tasks with `priority(depth % levels)` and `priority(max - depth)` kept at 0 or
 * above, a `taskloop priority(max)`.  nanort answered INT_MAX (it clamps no priority):
 * `max + 1` overflowed and the counters were never allocated (a crash); it now answers
 * OMP_MAX_TASK_PRIORITY, else 0, as libgomp does (and still honours every priority). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long *per_level;
static int levels, maxp;

static long walk(unsigned id, int depth)
{
    int lv = depth % levels;
#pragma omp atomic
    per_level[lv]++;
    if (depth == 7)
        return id % 97;
    long a = 0, b = 0;
    int hi __attribute__((unused)) = maxp - depth < 0 ? 0 : maxp - depth;
#pragma omp task shared(a) priority(lv)
    a = walk(id * 2 + 1, depth + 1);
#pragma omp task shared(b) priority(hi)
    b = walk(id * 2 + 2, depth + 1);
#pragma omp taskwait
    return a + b + (long)(id % 7);
}

int main(void)
{
    maxp = omp_get_max_task_priority();
    levels = maxp + 1;
    per_level = calloc((size_t)levels, sizeof *per_level);
    if (!per_level) {
        printf("no memory for %d priority levels\n", levels);
        return 1;
    }
    long total = 0, sq = 0;
#pragma omp parallel
#pragma omp single
    {
        total = walk(0, 0);
#pragma omp taskloop priority(maxp) reduction(+: sq) grainsize(16)
        for (int i = 0; i < 256; i++)
            sq += (long)i * i % (levels + 10);
    }
    long nodes = 0;
    for (int i = 0; i < levels; i++)
        nodes += per_level[i];
    printf("levels %d nodes %ld total %ld sq %ld\n", levels, nodes, total, sq);
    free(per_level);
    return 0;
}
