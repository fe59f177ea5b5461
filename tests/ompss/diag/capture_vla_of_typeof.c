/* A task capturing variable-length arrays whose element types are given by typeof of
   other variables of the function (the second names the first): mcc cannot write their
   types in the outlined function, which declares the captures in its own order; it says
   so, never hands gcc code that names the second before the first. */
static double f(int n)
{
    double x = 2;
    __typeof__(x) buf[n];
    __typeof__(buf[0]) w[n];
    for (int i = 0; i < n; i++) {
        buf[i] = i;
        w[i] = 1;
    }
    double s = 0;
#pragma omp task shared(s, buf) firstprivate(w)
    for (int i = 0; i < n; i++)
        s += buf[i] * x + w[i];
#pragma omp taskwait
    return s;
}

int main(void)
{
    return f(5) == 25 ? 0 : 1;
}
