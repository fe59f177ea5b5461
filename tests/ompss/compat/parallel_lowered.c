/* What mcc's lowering of `parallel` tells the runtime (nanort_parallel_begin/end): inside a
 * region, in a task created in it and after it, omp_get_level and omp_in_parallel answer
 * as libgomp does; if(0) and num_threads(1) make the region inactive.  Checks itself (the
 * region is active when more than one thread can run it), so the same source built by
 * gcc -fopenmp passes too. */
#include <omp.h>
#include <stdio.h>

static int failures;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); putchar('\n'); failures++; } } while (0)

static int level_in_callee(void)
{
    return omp_get_level();
}

int main(void)
{
    int many = omp_get_max_threads() > 1;
    int lv = -1, in = -1, callee = -1, tlv = -1, tin = -1, inif = -1, lvif = -1, in1 = -1;
    CHECK(omp_get_level() == 0 && !omp_in_parallel(), "outside: level %d", omp_get_level());
    #pragma omp parallel
    {
        lv = omp_get_level();
        in = omp_in_parallel();
        callee = level_in_callee();
        #pragma omp single
        {
            #pragma omp task shared(tlv, tin)
            {
                tlv = omp_get_level();
                tin = omp_in_parallel();
            }
        }
    }
    CHECK(lv == 1 && in == many && callee == 1, "region: level %d, in_parallel %d, callee %d",
          lv, in, callee);
    CHECK(tlv == 1 && tin == many, "task in the region: level %d, in_parallel %d", tlv, tin);
    #pragma omp parallel if(0)
    {
        inif = omp_in_parallel();
        lvif = omp_get_level();
    }
    CHECK(inif == 0 && lvif == 1, "if(0): in_parallel %d, level %d", inif, lvif);
    #pragma omp parallel num_threads(1)
    in1 = omp_in_parallel();
    CHECK(in1 == 0, "num_threads(1): in_parallel %d", in1);
    CHECK(omp_get_level() == 0 && !omp_in_parallel(), "after: level %d", omp_get_level());
    if (!failures)
        printf("parallel_lowered: ok\n");
    return failures != 0;
}
