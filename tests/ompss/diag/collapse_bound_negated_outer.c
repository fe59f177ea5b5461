/* `j = -i` in a collapsed nest: OpenMP's forms are a * i + b, and gcc -fopenmp reads a
 * negation as none of them ("initializer expression refers to iteration variable"). */
int main(void)
{
    int n = 0;
#pragma omp taskloop collapse(2) reduction(+: n)
    for (int i = 0; i < 8; i++)
        for (int j = -i; j < 8; j++)
            n++;
    return n == 100 ? 0 : 1;
}
