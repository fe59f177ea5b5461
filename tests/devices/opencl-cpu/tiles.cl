/* tiles.cl - 2-D and 3-D kernels in the shapes of GPU codes: a Jacobi step through a
 * __local tile with a one-cell halo loaded by the edge work-items, a matrix transpose
 * through a padded __local tile ([T][T + 1]) under reqd_work_group_size, and a 3-D kernel
 * using its local box, get_num_groups and get_global_offset.  Checked by tiles.c. */
#pragma OPENCL FP_CONTRACT OFF
#define TS 16
#define T 16

/* one Jacobi sweep on an n x m grid (rows of m floats); the border stays */
__kernel void jacobi(__global const float *restrict in, __global float *restrict out,
                     int n, int m)
{
    __local float tile[TS + 2][TS + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    int cx = min(x, m - 1), cy = min(y, n - 1);
    tile[ly + 1][lx + 1] = in[cy * m + cx];
    if (lx == 0)
        tile[ly + 1][0] = in[cy * m + max(cx - 1, 0)];
    if (lx == TS - 1)
        tile[ly + 1][TS + 1] = in[cy * m + min(cx + 1, m - 1)];
    if (ly == 0)
        tile[0][lx + 1] = in[max(cy - 1, 0) * m + cx];
    if (ly == TS - 1)
        tile[TS + 1][lx + 1] = in[min(cy + 1, n - 1) * m + cx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x >= m || y >= n)
        return;
    if (x == 0 || y == 0 || x == m - 1 || y == n - 1) {
        out[y * m + x] = tile[ly + 1][lx + 1];
        return;
    }
    out[y * m + x] = 0.25f * (tile[ly][lx + 1] + tile[ly + 2][lx + 1] +
                              tile[ly + 1][lx] + tile[ly + 1][lx + 2]);
}

/* b = a^T, a is rows x cols */
__kernel __attribute__((reqd_work_group_size(T, T, 1)))
void transpose(__global const float *a, __global float *b, int rows, int cols)
{
    __local float t[T][T + 1];
    int gx = get_group_id(0) * T, gy = get_group_id(1) * T;
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gy + ly < rows && gx + lx < cols)
        t[ly][lx] = a[(gy + ly) * cols + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = gy + lx, oy = gx + ly;
    if (oy < cols && ox < rows)
        b[oy * rows + ox] = t[lx][ly];
}

/* each item: the sum of its group's box of values, and where it sits */
__kernel void boxes(__global const int *v, __global int *sum, __global int *where)
{
    __local int s;
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    size_t z = get_global_id(2) - get_global_offset(2);
    size_t w = get_global_size(0), h = get_global_size(1);
    size_t i = (z * h + y) * w + x;
    if (get_local_id(0) + get_local_id(1) + get_local_id(2) == 0)
        s = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&s, v[i]);
    barrier(CLK_LOCAL_MEM_FENCE);
    sum[i] = s;
    size_t g = (get_group_id(2) * get_num_groups(1) + get_group_id(1)) * get_num_groups(0) +
               get_group_id(0);
    where[i] = (int)(g * 1000 + (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) +
                          get_local_id(0));
}

/* a required group size, and ndrange(...) without local sizes: the groups are 32 wide
 * (PoCL refused the launch: the device may not choose them) */
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void stamp(__global int *a, int n)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] = (int)get_local_size(0) * 1000 + (int)get_group_id(0);
}
