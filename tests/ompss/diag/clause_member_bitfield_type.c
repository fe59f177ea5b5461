/* a bit-field of a type that is not an integer */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { double a : 3; } v = {1}; (int)v.a; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
