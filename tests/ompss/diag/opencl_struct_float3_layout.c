/* A buffer of structs the host lays out as three floats (12 bytes) and the kernel as one
 * float3 (16 bytes, OpenCL C's 3-component vectors take 4 components): every element after
 * the first would be read from the wrong bytes.  An error at the device clause naming the
 * first member that differs on both sides. */
struct point { float x, y, z; };

#pragma omp target device(opencl) ndrange(1, n, 16) file(opencl_struct_float3_layout.cl) copy_deps
#pragma omp task inout([n]pts)
void nudge(struct point *pts, int n);

int main(void)
{
    return 0;
}
