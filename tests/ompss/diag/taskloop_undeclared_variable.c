/* A taskloop whose loop variable is declared nowhere: gcc's "'i' undeclared" at i, not
 * "'#pragma omp taskloop' needs a loop of the form ...", which sent the user looking for
 * a mistake in the loop's form. */
int main(void)
{
    int a[16];
#pragma omp taskloop grainsize(4)
    for (i = 0; i < 16; i++)
        a[i] = i;
    return a[3] == 3 ? 0 : 1;
}
