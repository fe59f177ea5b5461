/* pipeio.cl - the chunk transform on an OpenCL device: each 32-bit word x becomes
 * x * 2654435761 + salt (mod 2^32), one work item per word; exact on every device. */
__kernel void transform_ocl(int n, unsigned salt, __global unsigned *w)
{
    int i = get_global_id(0);
    if (i < n)
        w[i] = w[i] * 2654435761u + salt;
}
