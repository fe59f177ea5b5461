/* Kernels of ocl_random_ranges.c: the same arithmetic as its smp versions (unsigned, so
 * every version gives the same bits).  Each work-item folds the whole input range. */
__kernel void mix_ocl(__global const unsigned *a, int na, __global unsigned *b, int nb,
                      unsigned id)
{
    int i = get_global_id(0);
    if (i >= nb)
        return;
    unsigned h = id;
    for (int k = 0; k < na; k++)
        h = h * 31u + a[k];
    b[i] = b[i] * 3u + h + (unsigned)i;
}

__kernel void fill_ocl(__global unsigned *b, int nb, unsigned id)
{
    int i = get_global_id(0);
    if (i < nb)
        b[i] = id * 7u + (unsigned)i;
}
