/* m[r][c] = m[r][c] * k + r - c over a rows x cols matrix (global range may be larger). */
__kernel void scale2d_ocl(__global float *m, int rows, int cols, float k)
{
    int c = get_global_id(0), r = get_global_id(1);
    if (r < rows && c < cols)
        m[r * cols + c] = m[r * cols + c] * k + (float)(r - c);
}
