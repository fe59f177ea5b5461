/* A declared reduction whose initializer reads omp_orig, on in_reduction tasks created by a
 * function the taskgroup calls: each task's copy would read the original after earlier tasks
 * of the group combined into it (a silent wrong sum before), so mcc refuses it. */
typedef struct { long s; int tag; } acc_t;
#pragma omp declare reduction(ac : acc_t : omp_out.s += omp_in.s) initializer(omp_priv = omp_orig)

acc_t total;

void add_block(int k)
{
    #pragma omp task in_reduction(ac: total) firstprivate(k)
    total.s += k;
}

void run(int n)
{
    #pragma omp taskgroup task_reduction(ac: total)
    for (int k = 0; k < n; k++)
        add_block(k);
}
