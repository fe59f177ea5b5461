/* An OmpSs dependence naming a whole array that the unit declares without its size and
 * never defines (`extern double table[];`, defined in another unit): the region is the
 * array's bytes, whose number is not known here, so mcc asks for a section.  gcc refused
 * mcc's `sizeof(table)` ("invalid application of 'sizeof' to incomplete type") at a
 * column far past the pragma's line.  (In `depend`, OpenMP's items being the same or
 * disjoint, the first element stands for it, as gcc -fopenmp builds it.) */
extern double table[];

void scale(double f);
void scale(double f)
{
#pragma omp task inout(table) firstprivate(f)
    table[0] *= f;
#pragma omp taskwait
}
