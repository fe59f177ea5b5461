/* A declared reduction applies to the types it was declared for: `merge`, declared for a
 * struct, on an int (the 30-minute campaign's mutant of array_reductions.c, seed 16032;
 * gcc refused mcc's combine "incompatible types when assigning to type 'int' from type
 * 'struct stats'"), and `isum`, declared for int, on a struct.  A name declared by two
 * directives, for an int and for a struct (`both`), on a double: none of them applies (gcc:
 * "user defined reduction not found for 'd'"); on the int and the struct, each its own. */
struct stats { int n; double sum; };
#pragma omp declare reduction(merge : struct stats : omp_out.n += omp_in.n) initializer(omp_priv = {0, 0})
#pragma omp declare reduction(isum : int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(both : int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(both : struct stats : omp_out.n += omp_in.n) initializer(omp_priv = {0, 0})

int main(void)
{
    int hi = 0;
    struct stats st = {0, 0};
    double d = 0;
#pragma omp parallel for reduction(merge : hi)
    for (int i = 0; i < 10; i++)
        hi++;
#pragma omp parallel for reduction(isum : st)
    for (int i = 0; i < 10; i++)
        st.n++;
#pragma omp parallel for reduction(both : hi, st)
    for (int i = 0; i < 10; i++) {
        hi++;
        st.n++;
    }
#pragma omp parallel for reduction(both : d)
    for (int i = 0; i < 10; i++)
        d++;
    return hi + st.n + (int)d - 50;
}
