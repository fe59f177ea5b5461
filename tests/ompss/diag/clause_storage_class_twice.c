/* Storage-class specifiers in a clause's statement expression given twice or two at once:
 * gcc's errors.  The one-hour campaign's mutant of clause_gnu_forms.c (seed 16031,
 * `typedef typedef long wide;`) was accepted, and gcc refused mcc's output.  `static
 * _Thread_local` is one storage class with its thread storage: valid. */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ typedef typedef long wide; wide w = 1; (int)w; })])
    data[0] += 1;
#pragma omp task inout(data[({ static static int s = 1; s; })])
    data[0] += 1;
#pragma omp task inout(data[({ static extern int e; 1; })])
    data[0] += 1;
#pragma omp task inout(data[({ register auto int r = 1; r; })])
    data[0] += 1;
#pragma omp task inout(data[({ static _Thread_local _Thread_local int t = 1; t; })])
    data[0] += 1;
#pragma omp task inout(data[({ static _Thread_local int t = 1; t; })])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 6;
}
