/* `*` applied to a shaping expression (a mutant of the campaign: `[BS] * * [BS] row`):
 * no C expression has that meaning, mcc says so at the `*`. */
#define BS 4

static void lu(double *diag, double *row)
{
#pragma omp task in([BS][BS] diag) inout([BS] * [BS] row)
    row[0] -= diag[0];
#pragma omp taskwait
}

int main(void)
{
    double d[BS * BS] = {1}, r[BS * BS] = {2};
    lu(d, r);
    return (int)r[0] - 1;
}
