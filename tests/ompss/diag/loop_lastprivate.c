/* OpenMP 5.0 loop: lastprivate may name only the loop's variable (gcc: "'lastprivate'
 * clause on a 'loop' construct refers to a variable 'last' which is not the loop
 * iterator"). */
int main(void)
{
    int last = 0;
    double a[8] = {0};
#pragma omp parallel loop lastprivate(last)
    for (int i = 0; i < 8; i++)
        last = (int)a[i] + i;
    return last - 7;
}
