/* a member declared as a function */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { int a; int f(void); } v = {1}; v.a; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
