/* A built-in reduction operator on a struct: mcc's error, not gcc's on generated code. */
struct acc { double sum; long n; };
int main(void)
{
    struct acc a = {0, 0};
#pragma omp parallel for reduction(+: a)
    for (int i = 0; i < 8; i++)
        a.sum += i;
    return (int)a.sum;
}
