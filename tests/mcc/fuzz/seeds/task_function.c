# 1 "task_function.c"
# 1 "inc.h" 1
typedef struct { double x, y; } pt;
# 3 "task_function.c" 2
#pragma omp target device(smp, opencl) copy_deps ndrange(1, n, 64) file(k.cl) name(kern)
#pragma omp task in([n]src, {src[i], i = 0:n-1}) out(dst[0;n]) reduction(+: [n]dst)
void scale(const double *src, double *dst, int n);
#pragma omp target device(cuda) implements(scale) copy_in(src[0:n-1]) copy_out([n]dst) shmem(128)
#pragma omp task
void scale_cuda(const double *src, double *dst, int n);
#pragma omp declare reduction(merge : pt : omp_out.x += omp_in.x) initializer(omp_priv = omp_orig)
void scale(const double *src, double *dst, int n) { for (int i = 0; i < n; i++) dst[i] = 2 * src[i]; }
int main(void) { double a[8] = {0}, b[8]; scale(a, b, 8); scale_cuda(a, b, 8);
#pragma omp taskwait in(b) out(a)
  return (int)b[0]; }
