/* An OpenCL C type after a qualifier in a kernel's host prototype (`const uchar *`, which
 * host C does not have): gcc's "unknown type name" at the type, not "expected ')' before
 * '*'" at the star (the const made the type the parameter's name). */
#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels.cl) copy_deps
#pragma omp task in([n]img) out([n]out)
void thresh(const uchar *img, unsigned char *out, int n);

int main(void)
{
    return 0;
}
