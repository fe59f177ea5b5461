/* a pointer assigned to a struct */
struct g { int n; };
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g v; v = (struct g *)0; v.n; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
