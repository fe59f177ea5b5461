/* An orphaned `for` in a function no parallel region of this file calls (a region of
 * another file does, or a function pointer, or main without a region): its local scratch
 * array is each calling thread's own in OpenMP, mcc's call has one, so the loop runs as
 * one task (warned); mcc applied the rule only when a region of the same file called the
 * function, and ran the loop's tasks at once, filling one tmp together. */
double use(const double *tmp, int m);

void smooth(double *out, const double *in, int n)
{
    double tmp[64];
#pragma omp for
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 64; k++)
            tmp[k] = in[(i + k) % n];
        out[i] = use(tmp, 64);
    }
}
