/* A typedef'd struct whose members the host orders otherwise than the kernel (the count
 * first): the same size, other offsets.  An error naming the first member that differs. */
typedef struct {
    int count;
    double weight;
} cell_t;

#pragma omp target device(opencl) ndrange(1, n, 16) file(opencl_struct_member_order.cl) copy_deps
#pragma omp task inout([n]cells)
void bump(cell_t *cells, int n);

int main(void)
{
    return 0;
}
