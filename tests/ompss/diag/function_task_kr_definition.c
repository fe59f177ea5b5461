/* A function task defined K&R style with a parameter that no declaration declares (an
 * implicit int): mcc says it cannot make it a task, at its name.  (With every parameter
 * declared it is a task: tests/ompss/ported/knr_function_tasks.c.) */
#pragma omp task inout([4]a)
void work(a, n)
    int *a;
{
    a[0] = n;
}

int main(void)
{
    int a[4];
    work(a, 4);
#pragma omp taskwait
    return a[0] == 4 ? 0 : 1;
}
