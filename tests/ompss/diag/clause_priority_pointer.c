/* priority(p) with a pointer: a task's priority is an integer (gcc: "priority expression must
 * be integral"); mcc converted it to int in generated code, where only gcc warned. */
int main(void)
{
    int x = 0;
    int *p = &x;
#pragma omp task priority(p) inout(x)
    x++;
#pragma omp taskwait
    return x;
}
