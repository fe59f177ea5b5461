/* A function task in a file-scope table of functions: a call through the table runs the
 * function in the caller, not as a task, as through a local pointer (which mcc warned
 * of); the table's initializer had no warning. */
#pragma omp task inout(*x)
void bump(int *x)
{
    *x = *x * 2 + 1;
}

void (*const ops[])(int *) = {bump};

int main(void)
{
    int x = 1;
    bump(&x);
    ops[0](&x);
#pragma omp taskwait
    return x == 7 ? 0 : 1;
}
