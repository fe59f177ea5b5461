/* A threadprivate variable has a complete type: each thread's copy needs its size (gcc
 * -fopenmp: "'threadprivate' 'table' has incomplete type"); mcc built it. */
extern int table[];
#pragma omp threadprivate(table)

int main(void)
{
    return 0;
}
