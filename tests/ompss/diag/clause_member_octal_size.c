/* a member array whose size is an invalid octal constant */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { double z; int w[08]; } v = {2.5}; (int)v.z; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
