/* A declared reduction whose initializer reads omp_orig, over a section on a worksharing
 * loop: the chunks' copies would read the original after other chunks combined into it
 * (a silent wrong sum before), so mcc refuses it at the section. */
typedef struct { long s; int tag; } acc_t;
#pragma omp declare reduction(ac : acc_t : omp_out.s += omp_in.s) initializer(omp_priv = omp_orig)

long total(acc_t *arr, int n)
{
    #pragma omp parallel for reduction(ac: arr[1:2])
    for (int i = 0; i < n; i++)
        arr[1 + i % 2].s += i;
    return arr[1].s + arr[2].s;
}
