/* Two reductions over elements of one array on an inline task: mcc keeps one private
 * copy per variable, so it says "sorry" rather than reduce only one of them (function
 * tasks reduce each item on its own: tests/ompss/ported/member_element_fn_reductions). */
int main(void)
{
    long e[4] = {0, 0, 0, 0};
    for (int b = 0; b < 100; b += 10) {
#pragma omp task reduction(+: e[0], e[3]) firstprivate(b)
        for (int i = b; i < b + 10; i++) { e[0] += i; e[3] += 1; }
    }
#pragma omp taskwait
    return e[0] != 4950 || e[3] != 100;
}
