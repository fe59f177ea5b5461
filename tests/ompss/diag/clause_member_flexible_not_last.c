/* a flexible array member before another member */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { int n; int w[]; int m; } v = {1}; v.n; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
