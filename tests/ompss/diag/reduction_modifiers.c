/* Reduction modifiers (OpenMP 5.0): default, task and inscan (with scan) are accepted;
 * another word is an error.  A taskloop's reduction with nogroup (gcc:
 * "'nogroup' clause must not be used together with 'reduction' clause"). */
int main(void)
{
    int x = 0, a[4];
#pragma omp parallel for reduction(task, + : x)
    for (int i = 0; i < 4; i++)
        x += i;
#pragma omp parallel for reduction(default, + : x)
    for (int i = 0; i < 4; i++)
        x += i;
#pragma omp taskloop reduction(+ : x) nogroup
    for (int i = 0; i < 4; i++)
        x += i;
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < 4; i++) {
        x += i;
#pragma omp scan inclusive(x)
        a[i] = x;
    }
#pragma omp parallel for reduction(sometimes, + : x)
    for (int i = 0; i < 4; i++)
        x += i;
    return x + a[0];
}
