/* Type names in clauses with two data types (mutants of the campaign: `int int` in a
 * _Generic association, `double struct stats` in a compound literal of a declare
 * reduction's initializer): gcc rejected mcc's output at the pragma line. */
struct stats { long n; double sum; };
int data[8];

#pragma omp declare reduction(merge : struct stats : omp_out.n += omp_in.n) \
    initializer(omp_priv = (double struct stats){ 0, 0.0 })

int main(void)
{
    int i = 1;
#pragma omp task inout(data[_Generic(i, int int : 1, default : 0)])
    data[1] = 1;
#pragma omp task inout(data[(char long)1])
    data[2] = 1;
#pragma omp taskwait
    return 0;
}
