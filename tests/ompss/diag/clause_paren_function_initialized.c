/* A function declared with its name in parentheses, `int (fp)(int)`, initialized like a
 * variable in a clause's statement expression (a mutant of clause_gnu_forms.c that the
 * one-hour campaign found accepted). */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[({ int (fp)(int) = 0; fp ? 1 : 0; })])
    data[0] += i;
#pragma omp taskwait
    return data[0] - 1;
}
