/* A conditional whose arms are a pointer and a floating value, `two ? p : 1.5`, in a
 * clause (a mutant of clause_gnu_forms.c that the one-hour campaign found accepted). */
static int data[8];

int main(void)
{
    int two = 2, *p = &two;
#pragma omp task inout(data[*(two ? p : 1.5)])
    data[2] += 1;
#pragma omp taskwait
    return data[2] - 1;
}
