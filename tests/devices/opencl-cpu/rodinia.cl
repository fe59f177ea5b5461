/* rodinia.cl - kernels in the shapes of Rodinia's OpenCL codes, BLOCK_SIZE given by the
 * build options (-DBLOCK_SIZE=16) as their hosts give it: hotspot (three __local 2-D
 * tiles, a pyramid of steps with a break between two barriers, a flag kept across them),
 * pathfinder (__local pointer parameters, the block size read from get_local_size),
 * nw (__local [BLOCK_SIZE + 1][BLOCK_SIZE + 1] arrays, anti-diagonal waves of a barrier
 * each, two kernels for the two halves of the matrix), lud (diagonal, perimeter and
 * internal kernels; counters and offsets declared at the top, reassigned between barriers;
 * branches on the local id around loops), bfs (two kernels a level until a flag stays
 * clear) and kmeans.  Checked by rodinia.c against C. */
#pragma OPENCL FP_CONTRACT OFF

/* ---- hotspot (its own min(), as Rodinia's) ---- */
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define min(a, b) ((a) <= (b) ? (a) : (b))

__kernel void hotspot(int iteration, global float *power, global float *temp_src,
                      global float *temp_dst, int grid_cols, int grid_rows, int border_cols,
                      int border_rows, float Cap, float Rx, float Ry, float Rz, float step)
{
    local float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    local float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    local float temp_t[BLOCK_SIZE][BLOCK_SIZE];

    float amb_temp = 80.0f;
    float step_div_Cap;
    float Rx_1, Ry_1, Rz_1;

    int bx = get_group_id(0);
    int by = get_group_id(1);
    int tx = get_local_id(0);
    int ty = get_local_id(1);

    step_div_Cap = step / Cap;
    Rx_1 = 1 / Rx;
    Ry_1 = 1 / Ry;
    Rz_1 = 1 / Rz;

    int small_block_rows = BLOCK_SIZE - iteration * 2;
    int small_block_cols = BLOCK_SIZE - iteration * 2;

    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;

    int yidx = blkY + ty;
    int xidx = blkX + tx;

    int loadYidx = yidx, loadXidx = xidx;
    int index = grid_cols * loadYidx + loadXidx;

    if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1)
                                              : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1)
                                              : BLOCK_SIZE - 1;

    int N = ty - 1;
    int S = ty + 1;
    int W = tx - 1;
    int E = tx + 1;

    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            temp_t[ty][tx] = temp_on_cuda[ty][tx] + step_div_Cap * (power_on_cuda[ty][tx] +
                (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
                (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 +
                (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        if (i == iteration - 1)
            break;
        if (computed)
            temp_on_cuda[ty][tx] = temp_t[ty][tx];

        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (computed) {
        temp_dst[index] = temp_t[ty][tx];
    }
}

/* ---- pathfinder and nw ---- */
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

/* pathfinder: __local pointer parameters, the block size from get_local_size */
__kernel void dynproc_kernel(int iteration, __global int *gpuWall, __global int *gpuSrc,
                             __global int *gpuResults, int cols, int rows, int startStep,
                             int border, int HALO, __local int *prev, __local int *result)
{
    int block_size = get_local_size(0);
    int bx = get_group_id(0);
    int tx = get_local_id(0);
    int small_block_cols = block_size - (iteration * HALO * 2);
    int blkX = (small_block_cols * bx) - border;
    int blkXmax = blkX + block_size - 1;
    int xidx = blkX + tx;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? block_size - 1 - (blkXmax - cols + 1) : block_size - 1;
    int W = tx - 1;
    int E = tx + 1;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;
    bool isValid = IN_RANGE(tx, validXmin, validXmax);
    if (IN_RANGE(xidx, 0, cols - 1))
        prev[tx] = gpuSrc[xidx];
    barrier(CLK_LOCAL_MEM_FENCE);
    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, block_size - i - 2) && isValid) {
            computed = true;
            int left = prev[W];
            int up = prev[tx];
            int right = prev[E];
            int shortest = MIN(left, up);
            shortest = MIN(shortest, right);
            int index = cols * (startStep + i) + xidx;
            result[tx] = shortest + gpuWall[index];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i == iteration - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (computed)
        gpuResults[xidx] = result[tx];
}

/* nw: __local 2-D arrays, anti-diagonal waves with a barrier per step */
int maximum(int a, int b, int c)
{
    int k;
    if (a <= b)
        k = b;
    else
        k = a;
    if (k <= c)
        return c;
    else
        return k;
}

__kernel void nw_kernel1(__global int *reference, __global int *matrix, int cols, int penalty,
                         int blk)
{
    __local int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
    __local int ref[BLOCK_SIZE][BLOCK_SIZE];
    int bx = get_group_id(0), tx = get_local_id(0);
    int b_index_x = bx, b_index_y = blk - 1 - bx;
    int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
    int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + 1;
    int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + cols;
    int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;
    if (tx == 0)
        temp[tx][0] = matrix[index_nw];
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        ref[ty][tx] = reference[index + cols * ty];
    barrier(CLK_LOCAL_MEM_FENCE);
    temp[tx + 1][0] = matrix[index_w + cols * tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    temp[0][tx + 1] = matrix[index_n];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int m = 0; m < BLOCK_SIZE; m++) {
        if (tx <= m) {
            int t_index_x = tx + 1;
            int t_index_y = m - tx + 1;
            temp[t_index_y][t_index_x] =
                maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                        temp[t_index_y][t_index_x - 1] - penalty,
                        temp[t_index_y - 1][t_index_x] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
        if (tx <= m) {
            int t_index_x = tx + BLOCK_SIZE - m;
            int t_index_y = BLOCK_SIZE - tx;
            temp[t_index_y][t_index_x] =
                maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                        temp[t_index_y][t_index_x - 1] - penalty,
                        temp[t_index_y - 1][t_index_x] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        matrix[index + ty * cols] = temp[ty + 1][tx + 1];
}

__kernel void nw_kernel2(__global int *reference, __global int *matrix, int cols, int penalty,
                         int blk, int block_width)
{
    __local int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
    __local int ref[BLOCK_SIZE][BLOCK_SIZE];
    int bx = get_group_id(0), tx = get_local_id(0);
    int b_index_x = bx + block_width - blk, b_index_y = block_width - bx - 1;
    int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
    int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + 1;
    int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + cols;
    int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        ref[ty][tx] = reference[index + cols * ty];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tx == 0)
        temp[tx][0] = matrix[index_nw];
    temp[tx + 1][0] = matrix[index_w + cols * tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    temp[0][tx + 1] = matrix[index_n];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int m = 0; m < BLOCK_SIZE; m++) {
        if (tx <= m) {
            int t_index_x = tx + 1;
            int t_index_y = m - tx + 1;
            temp[t_index_y][t_index_x] =
                maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                        temp[t_index_y][t_index_x - 1] - penalty,
                        temp[t_index_y - 1][t_index_x] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
        if (tx <= m) {
            int t_index_x = tx + BLOCK_SIZE - m;
            int t_index_y = BLOCK_SIZE - tx;
            temp[t_index_y][t_index_x] =
                maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                        temp[t_index_y][t_index_x - 1] - penalty,
                        temp[t_index_y - 1][t_index_x] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        matrix[index + ty * cols] = temp[ty + 1][tx + 1];
}

/* ---- lud ---- */
__kernel void lud_diagonal(__global float *m, __local float *shadow, int matrix_dim, int offset)
{
    int i, j;
    int tx = get_local_id(0);
    int array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
        shadow[i * BLOCK_SIZE + tx] = m[array_offset + tx];
        array_offset += matrix_dim;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (i = 0; i < BLOCK_SIZE - 1; i++) {
        if (tx > i) {
            for (j = 0; j < i; j++)
                shadow[tx * BLOCK_SIZE + i] -=
                    shadow[tx * BLOCK_SIZE + j] * shadow[j * BLOCK_SIZE + i];
            shadow[tx * BLOCK_SIZE + i] /= shadow[i * BLOCK_SIZE + i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tx > i) {
            for (j = 0; j < i + 1; j++)
                shadow[(i + 1) * BLOCK_SIZE + tx] -=
                    shadow[(i + 1) * BLOCK_SIZE + j] * shadow[j * BLOCK_SIZE + tx];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++) {
        m[array_offset + tx] = shadow[i * BLOCK_SIZE + tx];
        array_offset += matrix_dim;
    }
}

__kernel void lud_perimeter(__global float *m, __local float *dia, __local float *peri_row,
                            __local float *peri_col, int matrix_dim, int offset)
{
    int i, j, array_offset;
    int idx;
    int bx = get_group_id(0);
    int tx = get_local_id(0);

    if (tx < BLOCK_SIZE) {
        idx = tx;
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE / 2; i++) {
            dia[i * BLOCK_SIZE + idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_row[i * BLOCK_SIZE + idx] = m[array_offset + (bx + 1) * BLOCK_SIZE + idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = tx - BLOCK_SIZE;
        array_offset = (offset + BLOCK_SIZE / 2) * matrix_dim + offset;
        for (i = BLOCK_SIZE / 2; i < BLOCK_SIZE; i++) {
            dia[i * BLOCK_SIZE + idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = (offset + (bx + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_col[i * BLOCK_SIZE + idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (tx < BLOCK_SIZE) {
        idx = tx;
        for (i = 1; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++)
                peri_row[i * BLOCK_SIZE + idx] -=
                    dia[i * BLOCK_SIZE + j] * peri_row[j * BLOCK_SIZE + idx];
        }
    } else {
        idx = tx - BLOCK_SIZE;
        for (i = 0; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++)
                peri_col[idx * BLOCK_SIZE + i] -=
                    peri_col[idx * BLOCK_SIZE + j] * dia[j * BLOCK_SIZE + i];
            peri_col[idx * BLOCK_SIZE + i] /= dia[i * BLOCK_SIZE + i];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (tx < BLOCK_SIZE) {
        idx = tx;
        array_offset = (offset + 1) * matrix_dim + offset;
        for (i = 1; i < BLOCK_SIZE; i++) {
            m[array_offset + (bx + 1) * BLOCK_SIZE + idx] = peri_row[i * BLOCK_SIZE + idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = tx - BLOCK_SIZE;
        array_offset = (offset + (bx + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            m[array_offset + idx] = peri_col[i * BLOCK_SIZE + idx];
            array_offset += matrix_dim;
        }
    }
}

__kernel void lud_internal(__global float *m, __local float *peri_row, __local float *peri_col,
                           int matrix_dim, int offset)
{
    int bx = get_group_id(0);
    int by = get_group_id(1);
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int i;
    float sum;
    int global_row_id = offset + (by + 1) * BLOCK_SIZE;
    int global_col_id = offset + (bx + 1) * BLOCK_SIZE;
    peri_row[ty * BLOCK_SIZE + tx] = m[(offset + ty) * matrix_dim + global_col_id + tx];
    peri_col[ty * BLOCK_SIZE + tx] = m[(global_row_id + ty) * matrix_dim + offset + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    sum = 0;
    for (i = 0; i < BLOCK_SIZE; i++)
        sum += peri_col[ty * BLOCK_SIZE + i] * peri_row[i * BLOCK_SIZE + tx];
    m[(global_row_id + ty) * matrix_dim + global_col_id + tx] -= sum;
}

/* ---- bfs: two kernels a level, a flag in __global memory, char masks ---- */
typedef struct {
    int starting;
    int no_of_edges;
} Node;

__kernel void BFS_1(const __global Node *g_graph_nodes, const __global int *g_graph_edges,
                    __global char *g_graph_mask, __global char *g_updating_graph_mask,
                    __global char *g_graph_visited, __global int *g_cost, const int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = false;
        for (int i = g_graph_nodes[tid].starting;
             i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = true;
            }
        }
    }
}

__kernel void BFS_2(__global char *g_graph_mask, __global char *g_updating_graph_mask,
                    __global char *g_graph_visited, __global char *g_over, const int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
        g_graph_mask[tid] = true;
        g_graph_visited[tid] = true;
        *g_over = true;
        g_updating_graph_mask[tid] = false;
    }
}

/* ---- kmeans: an unsigned id against an int count, FLT_MAX ---- */
__kernel void kmeans_kernel_c(__global float *feature, __global float *clusters,
                              __global int *membership, int npoints, int nclusters,
                              int nfeatures, int offset, int size)
{
    unsigned int point_id = get_global_id(0);
    int index = 0;
    if (point_id < npoints) {
        float min_dist = FLT_MAX;
        for (int i = 0; i < nclusters; i++) {
            float dist = 0;
            float ans = 0;
            for (int l = 0; l < nfeatures; l++) {
                ans += (feature[l * npoints + point_id] - clusters[i * nfeatures + l]) *
                       (feature[l * npoints + point_id] - clusters[i * nfeatures + l]);
            }
            dist = ans;
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
        membership[point_id] = index;
    }
    return;
}

__kernel void kmeans_swap(__global float *feature, __global float *feature_swap, int npoints,
                          int nfeatures)
{
    unsigned int tid = get_global_id(0);
    for (int i = 0; i < nfeatures; i++)
        feature_swap[i * npoints + tid] = feature[tid * nfeatures + i];
}
