/* out on a parameter passed by value: the task's writes could never reach the caller. */
#pragma omp task out(x)
void f(int x);

void f(int x)
{
    (void)x;
}
