/* sizeof of a struct type declared nowhere */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[sizeof(struct undeclared) % 8])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
