/* The kernel of opencl_struct_member_order.c: the weight first, then the count. */
typedef struct {
    double weight;
    int count;
} cell_t;

__kernel void bump(__global cell_t *cells, int n)
{
    int i = get_global_id(0);
    if (i < n)
        cells[i].count += (int)cells[i].weight;
}
