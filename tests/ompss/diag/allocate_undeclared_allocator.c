/* The allocator of an allocate clause is an expression of the program: an undeclared name
   there is an error at the pragma (gcc -fopenmp: "'fast_alloc' undeclared"); mcc skipped
   it and compiled the task. */
int main(void)
{
    double b[4] = {0};
#pragma omp task firstprivate(b) allocate(fast_alloc: b)
    b[0] += 1;
#pragma omp taskwait
    return (int)b[0];
}
