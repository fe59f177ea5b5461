/* An OmpSs function task reducing through a declared reduction whose initializer reads
 * omp_orig: each call's copy would read the original after earlier calls combined into it
 * (a silent wrong sum before), so mcc refuses it. */
typedef struct { long s; int tag; } acc_t;
#pragma omp declare reduction(ac : acc_t : omp_out.s += omp_in.s) initializer(omp_priv = omp_orig)

#pragma omp task reduction(ac: *a)
void add(acc_t *a, int k)
{
    a->s += k;
}
