/* The items of 'aligned' in 'declare simd' are pointer or array parameters (gcc -fopenmp:
 * "'n' in 'aligned' clause is neither a pointer nor an array"); an unknown clause is an
 * error too: the line was dropped unread. */
#pragma omp declare simd aligned(n : 32) notinbranch
float sum(const float *x, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(void)
{
    float x[2] = { 1, 2 };
    return sum(x, 2) != 3;
}
