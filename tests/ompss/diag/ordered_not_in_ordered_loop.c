/* An ordered region must be closely nested inside a loop with an 'ordered' clause (gcc:
 * "'ordered' region must be closely nested inside a loop region with an 'ordered'
 * clause"): in a loop without one there is no order to keep; in a task inside an ordered
 * loop it would wait for iterations the task is not part of.  An orphaned one (in a
 * function a loop calls) binds at run time and is accepted. */
static void orphaned(int *a)
{
#pragma omp ordered
    a[0]++;
}

int main(void)
{
    int a[8] = {0};
#pragma omp parallel for
    for (int i = 0; i < 8; i++) {
#pragma omp ordered
        a[i] = i;
    }
#pragma omp parallel for ordered
    for (int i = 0; i < 8; i++) {
#pragma omp task
        {
#pragma omp ordered
            a[i] = i;
        }
    }
    orphaned(a);
    return a[0];
}
