/* inout on a by-value parameter of a function task defined with its pragma. */
#pragma omp task in(*p) inout(n)
void g(const int *p, int n)
{
    n += *p;
}
