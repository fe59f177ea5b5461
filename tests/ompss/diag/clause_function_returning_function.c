/* A declaration in a clause's statement expression: a function cannot return a function. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ int f(void)(void); 0; })])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
