/* The data-sharing clauses of '#pragma omp simd' are read as on other directives: a name
 * declared nowhere is an error (gcc -fopenmp: "'totl' undeclared"); mcc dropped the line
 * unread. */
int main(void)
{
    int a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, total = 0;
#pragma omp simd reduction(+ : totl)
    for (int i = 0; i < 8; i++)
        total += a[i];
    return total != 36;
}
