/* A buffer of structs with bit-fields: OpenCL C does not have them (s6.9.c), and where a
 * compiler places them is its own.  An error at the kernel's member. */
struct flags { int on : 1; int level : 7; };

#pragma omp target device(opencl) ndrange(1, n, 16) file(opencl_struct_bit_field.cl) copy_deps
#pragma omp task in([n]f) out([n]out)
void count(const struct flags *f, int *out, int n);

int main(void)
{
    return 0;
}
