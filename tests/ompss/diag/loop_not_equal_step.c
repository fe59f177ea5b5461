/* A '!=' loop condition (OpenMP 5.0) needs an increment of 1 or -1, as gcc says
 * ("increment is not constant 1 or -1 for '!=' condition"): otherwise the loop may step
 * over its end.  A const variable is no constant (gcc refuses `i += one` too). */
int main(void)
{
    long s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i != 10; i += 2)
        s += i;
    const int one = 1;          /* a variable: not a constant to gcc either */
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i != 10; i += one)
        s += i;
    return (int)s - 20;
}
