/* The clauses of '#pragma omp simd' are read, though they change nothing in the loop run
 * as written: an unknown one is an error (gcc: "expected '#pragma omp' clause"), as on
 * every other directive; mcc dropped the line unread. */
void scale(float *a, int n)
{
#pragma omp simd simdln(4)
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}
