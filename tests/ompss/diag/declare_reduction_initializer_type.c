/* declare reduction's initializer with a compound literal whose second member (a double)
 * gets a string (a mutant of the campaign): the initializer list is checked against the
 * struct's members. */
struct stats { long n; double sum; };

#pragma omp declare reduction(merge : struct stats : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum) initializer(omp_priv = (struct stats){0, "s"})

int main(void)
{
    struct stats st = {0, "s"};
    for (int i = 0; i < 4; i++) {
#pragma omp task reduction(merge : st)
        {
            st.n++;
            st.sum += i;
        }
    }
#pragma omp taskwait
    return st.n == 4 ? 0 : 1;
}
