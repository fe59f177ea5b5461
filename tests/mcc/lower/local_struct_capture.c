/* A variable whose type is declared inside the function (a local struct) is captured by
 * an inline task: the task is outlined as a nested function that sees the type. */
int main(void)
{
    struct pt { int x, y; } p = {1, 2};
    int r = 0;
#pragma omp task shared(r)
    r = p.x + p.y;
#pragma omp taskwait
    return r - 3;
}
