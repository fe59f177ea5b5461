/* masked filter(d) with a double: the filter is a thread number (gcc: "'filter' expression
 * must be integral"). */
int main(void)
{
    int x = 0;
    double d = 0.0;
#pragma omp parallel
#pragma omp masked filter(d)
    x++;
    return x;
}
