/* An array size and a bit-field width in a clause written with an integer constant too
 * large for any type: gcc warns and gives it a value of its own, then may find the array
 * too large or the width too wide.  mcc does not follow that value, so it refuses the
 * constant rather than pass what gcc may refuse (the campaigns' mutants of
 * clause_gnu_forms.c, seeds 16031 and 16032, where gcc's "size of array exceeds maximum
 * object size" and "width of 'f' exceeds its type" came from mcc's output). */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
#pragma omp task inout(data[(int)sizeof((struct g[99999999999999999999999]){0}) / (int)sizeof(struct g)])
    data[0] += 1;
#pragma omp task inout(data[({ struct b { unsigned f : 99999999999999999999999; } v = {1}; (int)v.f; })])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 2;
}
