/* A built-in operator on a section whose elements are pointers (gcc: "user defined
 * reduction not found"), and one whose elements are structs. */
struct cell {
    int n;
};

void f(int **pp, struct cell *c, int n)
{
#pragma omp parallel for reduction(max: pp[0:2])
    for (int i = 0; i < n; i++)
        ;
#pragma omp parallel for reduction(+: c[0:n])
    for (int i = 0; i < n; i++)
        ;
}

int main(void)
{
    return 0;
}
