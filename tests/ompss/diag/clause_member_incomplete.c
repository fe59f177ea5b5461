/* a member whose struct type is declared nowhere */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { int n; struct undeclared u; } v = {1}; v.n; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
