/* A reduction over an element of what a call returns (`f()[1]`) names no variable to
 * privatise: a "sorry" that names the form (mcc accepted it and reduced nothing, the
 * loop's tasks adding into g[1] at the same time). */
int g[4];

int *f(void)
{
    return g;
}

int main(void)
{
    #pragma omp parallel for reduction(+: f()[1])
    for (int i = 0; i < 100; i++)
        g[1] += i;
    return g[1] != 4950;
}
