/* ported: openmp
 * ported-werror
 * Variables with extended characters (C99, gcc >= 10) named in clauses: gcc -E spells them
 * as UCNs (`gr\U000000f6\U000000dfe`) in pragma lines, which mcc's clause lexer refused.
 * Dependences, firstprivate, shared, a taskloop reduction, a section bounded by such a
 * variable, priority and if; prints what they computed. */
#include <stdio.h>

static void verdopple(int *wert)
{
    *wert *= 2;
}

int main(void)
{
    int größe = 5, summe = 0, feld[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ñ = 3;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(inout: größe) firstprivate(ñ)
        größe += ñ;
#pragma omp task depend(inout: größe) shared(größe)
        verdopple(&größe);
#pragma omp taskwait
#pragma omp taskloop reduction(+: summe) firstprivate(größe)
        for (int i = 0; i < größe / 2; i++)
            summe += feld[i];
#pragma omp task depend(inout: feld[größe / 4]) priority(ñ) if(ñ > 0)
        feld[größe / 4] *= 10;
#pragma omp taskwait depend(in: feld[größe / 4])
    }
    printf("größe %d summe %d feld %d\n", größe, summe, feld[4]);
    return 0;
}
