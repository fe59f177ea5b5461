/* Macros in the `#pragma oss` lines of an included header are expanded as in the unit's
 * own (oss_macros.c): a function task and inline tasks whose dependences are written with
 * macros, one redefined between them (oss_macros_header.h).  mcc's driver spelled only
 * the unit's own lines `#pragma omp` for cpp, and said "'HBLOCK' undeclared" of the
 * header's.  Slow writers first, so that a dependence on the wrong elements shows. */
#include "oss_macros_header.h"

#define N (4 * HB)

static int v[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        v[i] = i;
    for (int k = 0; k < N / HB; k++)
        hdr_double_block(v, k);         /* v[i] = 2i */
    for (int k = 0; k < N / HB; k++)
        hdr_add_block(v, k, k);         /* v[i] = 2i + i / HB */
    int q = -1;
    hdr_first_quarter(v, &q);
#pragma oss taskwait
    CHECK(q == 0 + 2 + 4 + 6, "q = %d: the first four elements were read before their "
          "writers", q);
    long s = 0;
    for (int i = 0; i < N; i++)
        s += v[i] * (i + 1);
    long want = 0;
    for (int i = 0; i < N; i++)
        want += (2 * i + i / HB) * (i + 1);
    CHECK(s == want, "sum %ld, expected %ld", s, want);
    return result_ok();
}
