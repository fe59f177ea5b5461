/* ported-werror
   OmpSs kmeans and histogram codes reducing whole rows through a shaping of a pointer whose
   elements are arrays: reduction(+: [k]sum) on `double (*sum)[dim]` (a pointer to a VLA)
   beside in([k]c) and a [k]cnt, on a C99 parameter `double sum[k][dim]`, on `row3 *s` (a
   typedef'd fixed row), on a parameter `double h[4]`, and function tasks reducing over
   `[k]s` of a `row3 *s`, `[k]sum` of a `double (*sum)[dim]` and `*r` of a `row3 *r` (one
   row); mcc said "sorry,
   unimplemented: capturing 'sum', whose type is declared inside the function or variably
   modified", and left gcc to reject `[k]s` ("cast specifies array type"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef double row3[3];

static void assign(int dim, const double *pt, int k, double (*c)[dim], long *cnt,
                   double (*sum)[dim], int *a)
{
    int best = 0;
    double bd = 1e300;
    for (int j = 0; j < k; j++) {
        double d = 0;
        for (int t = 0; t < dim; t++)
            d += (pt[t] - c[j][t]) * (pt[t] - c[j][t]);
        if (d < bd) {
            bd = d;
            best = j;
        }
    }
    *a = best;
    cnt[best]++;
    for (int t = 0; t < dim; t++)
        sum[best][t] += pt[t];
}

static void kmeans(int n, int dim, int k, int chunk)
{
    double (*pts)[dim] = malloc((size_t)n * sizeof *pts);
    double (*c)[dim] = malloc((size_t)k * sizeof *c);
    double (*sum)[dim] = calloc((size_t)k, sizeof *sum);
    long *cnt = calloc((size_t)k, sizeof *cnt);
    int *asg = malloc((size_t)n * sizeof *asg);
    for (int i = 0; i < n; i++)
        for (int t = 0; t < dim; t++)
            pts[i][t] = (i * (t + 3) * 37) % 101;
    for (int j = 0; j < k; j++)
        memcpy(c[j], pts[j * 7], sizeof *c);
    for (int it = 0; it < 5; it++) {
        long changed = 0;
        for (int p0 = 0; p0 < n; p0 += chunk) {
            #pragma omp task in([k]c, pts[p0;chunk]) inout(asg[p0;chunk]) \
                             reduction(+: changed, [k]sum, [k]cnt)
            for (int p = p0; p < p0 + chunk; p++) {
                int old = asg[p];
                assign(dim, pts[p], k, c, cnt, sum, &asg[p]);
                changed += old != asg[p];
            }
        }
        #pragma omp taskwait
        #pragma omp task inout([k]cnt, [k]sum) out([k]c)
        for (int j = 0; j < k; j++) {
            if (cnt[j])
                for (int t = 0; t < dim; t++)
                    c[j][t] = sum[j][t] / (double)cnt[j];
            memset(sum[j], 0, sizeof sum[j]);
            cnt[j] = 0;
        }
        #pragma omp taskwait
        printf("iteration %d: %ld changed\n", it, changed);
    }
    for (int j = 0; j < k; j++) {
        for (int t = 0; t < dim; t++)
            printf(" %.4f", c[j][t]);
        printf("\n");
    }
    free(pts); free(c); free(sum); free(cnt); free(asg);
}

static void param_rows(int k, int dim, double sum[k][dim], long cnt[k])
{
    for (int i = 0; i < 24; i++) {
        #pragma omp task reduction(+: [k]sum, [k]cnt)
        {
            sum[i % k][(i * 7) % dim] += i;
            cnt[i % k]++;
        }
    }
    #pragma omp taskwait
}

static void fixed_rows(int k, row3 *s, double h[4])
{
    for (int i = 0; i < 24; i++) {
        #pragma omp task reduction(+: [k]s, [4]h)
        {
            s[i % k][i % 3] += 2 * i;
            h[i % 4] += 1;
        }
    }
    #pragma omp taskwait
}

#pragma omp task reduction(+: [k]s) in([8]v)
static void add_rows(int k, row3 *s, const double *v)
{
    for (int i = 0; i < 8; i++)
        s[i % k][i % 3] += v[i];
}

#pragma omp task reduction(+: [k]sum)
static void add_vm_rows(int k, int dim, double (*sum)[dim], int i)
{
    sum[i % k][(i * 3) % dim] += i;
    sum[(i + 1) % k][i % dim] += 1;
}

#pragma omp task reduction(+: *r)
static void add_one_row(row3 *r, int i)
{
    (*r)[i % 3] += i;
}

static void function_tasks(void)
{
    row3 s[5] = {{0}}, one[2] = {{0}};
    double v[8];
    for (int i = 0; i < 8; i++)
        v[i] = i + 1;
    for (int r = 0; r < 10; r++)
        add_rows(4, s, v);
    for (int i = 0; i < 20; i++)
        add_one_row(&one[0], i);
    int k = 3, dim = 4;
    double (*sum)[dim] = calloc((size_t)k, sizeof *sum);
    for (int i = 0; i < 20; i++)
        add_vm_rows(k, dim, sum, i);
    #pragma omp taskwait
    for (int j = 0; j < 5; j++)
        printf("%g %g %g\n", s[j][0], s[j][1], s[j][2]);
    for (int j = 0; j < k; j++)
        printf("%g %g %g %g\n", sum[j][0], sum[j][1], sum[j][2], sum[j][3]);
    printf("%g %g %g | %g\n", one[0][0], one[0][1], one[0][2], one[1][0]);
    free(sum);
}

int main(void)
{
    kmeans(512, 3, 4, 64);

    int k = 3, dim = 5;
    double (*sum)[dim] = calloc((size_t)k, sizeof *sum);
    long cnt[3] = {0};
    param_rows(k, dim, sum, cnt);
    for (int j = 0; j < k; j++) {
        for (int t = 0; t < dim; t++)
            printf(" %g", sum[j][t]);
        printf(" | %ld\n", cnt[j]);
    }
    free(sum);

    row3 s3[5] = {{0}};
    double h[5] = {0, 0, 0, 0, -1};
    fixed_rows(4, s3, h);
    for (int j = 0; j < 5; j++)
        printf("%g %g %g | %g\n", s3[j][0], s3[j][1], s3[j][2], h[j]);
    function_tasks();
    return 0;
}
