/* Errors in the body of a function task and in the code after it: the spawn and run
 * functions mcc generates for it are not reported, the user's lines are. */
#pragma omp task inout(*acc)
static void add(int *acc, int v)
{
    *acc += v;
    acc->field = 1;
}

int main(void)
{
    int s = 0;
    add(&s, 3);
    #pragma omp taskwait
    return s + missing;
}
