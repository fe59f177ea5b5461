/* An array size in a clause written with an integer constant too large for any type:
 * gcc warns and gives it a value of its own, then may find the array too large.  mcc
 * does not follow that value, so it refuses the size itself rather than pass what gcc
 * may refuse (the one-hour campaign's mutant of clause_gnu_forms.c, seed 16031, where
 * gcc's "size of array exceeds maximum object size" came from mcc's output). */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
#pragma omp task inout(data[(int)sizeof((struct g[99999999999999999999999]){0}) / (int)sizeof(struct g)])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
