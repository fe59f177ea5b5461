/* a member name repeated through an anonymous struct member */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { int a; struct { int b; int a; }; } v = {1}; v.a; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
