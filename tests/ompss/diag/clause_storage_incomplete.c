/* a variable of a struct type declared nowhere */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct undeclared v; 0; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
