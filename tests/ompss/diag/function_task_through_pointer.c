/* A function task called through a pointer: the call is not a task (mcc, as Mercurium,
 * makes tasks of the calls that name the function), so it ran at once in main while the
 * bump task created above it could be running on a worker, both updating x, without a
 * word: sequentially x is 7, here it could be 3.  mcc warns where the pointer is taken. */
#pragma omp task inout(*x)
void bump(int *x)
{
    *x = *x * 2 + 1;
}

int main(void)
{
    int x = 1;
    void (*fp)(int *) = bump;
    bump(&x);
    fp(&x);
#pragma omp taskwait
    return x == 7 ? 0 : 1;
}
