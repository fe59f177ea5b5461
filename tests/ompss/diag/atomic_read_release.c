/* An atomic read does not release (OpenMP 5.0 2.17.7; gcc: "'#pragma omp atomic read'
 * incompatible with 'release' clause"): mcc skipped the memory order as advice. */
int ready, seen;

int main(void)
{
    ready = 1;
#pragma omp atomic read release
    seen = ready;
    return seen != 1;
}
