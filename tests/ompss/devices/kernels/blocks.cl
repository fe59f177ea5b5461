/* y[i] = a x[i] + y[i] for the i < n of one block; launched over a whole block whatever
 * n is, so the last block's kernel may get no elements at all. */
__kernel void axpy_block(__global const float *x, __global float *y, float a, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
