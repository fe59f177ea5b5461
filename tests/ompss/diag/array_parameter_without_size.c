/* A dependence on a parameter declared as an array of no size (`double a[]`): the
 * dependence is on the array the parameter points to, whose size is not known, so mcc
 * asks for a shape.  It was silently on the parameter's own pointer (the spawn function's
 * copy), and gcc warned of 'sizeof' on it in 'f__nrt_spawn'. */
#pragma omp task out(a)
void fill(double a[], int n);
void fill(double a[], int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
}

int main(void)
{
    double a[8];
    fill(a, 8);
#pragma omp taskwait
    return a[7] == 7 ? 0 : 1;
}
