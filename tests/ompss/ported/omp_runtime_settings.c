/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * A program that reports the OpenMP settings it runs under, as benchmarks print before
 * their results, with the OpenMP 5.1 names: `omp_proc_bind_primary` in a switch over
 * omp_get_proc_bind() (mcc's omp.h had only 4.5's omp_proc_bind_master), the task
 * priority bound, the processor count, the initial device, the affinity format read back,
 * and a soft pause of the runtime between two regions.  It prints only what every
 * OpenMP implementation answers alike. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static const char *binding_name(omp_proc_bind_t b)
{
    switch (b) {
    case omp_proc_bind_false:
        return "false";
    case omp_proc_bind_true:
        return "true";
    case omp_proc_bind_primary:
        return "primary";
    case omp_proc_bind_close:
        return "close";
    case omp_proc_bind_spread:
        return "spread";
    }
    return NULL;
}

static long sum_to(int n)
{
    long s = 0;
#pragma omp parallel for reduction(+: s)
    for (int i = 1; i <= n; i++)
        s += i;
    return s;
}

int main(void)
{
    const char *bind = binding_name(omp_get_proc_bind());
    printf("binding named: %s\n", bind ? "yes" : "no");
    printf("primary is master: %d\n", omp_proc_bind_primary == omp_proc_bind_master);
    printf("priority bound: %d, processors: %s\n", omp_get_max_task_priority(),
           omp_get_num_procs() >= 1 ? "some" : "none");
    printf("on the initial device: %d %d\n", omp_is_initial_device(),
           omp_get_device_num() == omp_get_initial_device());
    char fmt[64];
    omp_set_affinity_format("thread %n of %N");
    size_t len = omp_get_affinity_format(fmt, sizeof fmt);
    printf("affinity format: '%s' (%zu)\n", fmt, len);
    long before = sum_to(1000);
    int paused = omp_pause_resource_all(omp_pause_soft);
    long after = sum_to(1000);
    printf("sums around a soft pause: %ld %ld (pause %s)\n", before, after,
           paused == 0 ? "done" : "refused");
    return strlen(fmt) != len;
}
