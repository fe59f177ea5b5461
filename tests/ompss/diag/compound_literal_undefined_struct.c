/* declare reduction's initializer names a struct the unit never declares (`struct pai`
 * for `struct pair`, a mutant of the 10-minute campaign): mcc's error at the clause. */
struct pair { long lo, hi; };

#pragma omp declare reduction(span : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo) initializer(omp_priv = (struct pai){1000000, -1000000})

int main(void)
{
    struct pair p = {5, 5};
    for (int i = 0; i < 4; i++) {
#pragma omp task reduction(span : p)
        if (i < p.lo)
            p.lo = i;
    }
#pragma omp taskwait
    return p.lo == 0 ? 0 : 1;
}
