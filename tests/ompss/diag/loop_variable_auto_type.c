/* A loop variable declared __auto_type: mcc cannot write its type again in the loop's
 * task, and says so (a type declared before the loop, even inside the function, works:
 * ported/local_type_loops.c). */
int main(void)
{
    long s = 0;
#pragma omp parallel for reduction(+ : s)
    for (__auto_type i = 0; i < 4; i++)
        s += i;
    return (int)s - 6;
}
