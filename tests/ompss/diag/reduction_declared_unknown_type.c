/* A reduction name declared for two pointer types (`int *`, `double *`) on a pointer:
 * mcc does not compare pointer types here, so it cannot tell which declaration applies
 * ("sorry"); with one declaration of the name it takes that one.  An enum is its own
 * type, as gcc picks declarations ("user defined reduction not found for 'm'"); a shaped
 * item (`[n]v`) has its pointer's element type. */
enum level { LOW, HIGH };
#pragma omp declare reduction(top : int : omp_out = omp_in > omp_out ? omp_in : omp_out) initializer(omp_priv = -1000)
#pragma omp declare reduction(top : double : omp_out = omp_in > omp_out ? omp_in : omp_out) initializer(omp_priv = -1e9)
#pragma omp declare reduction(keep : int * : omp_out = omp_in ? omp_in : omp_out) initializer(omp_priv = 0)
#pragma omp declare reduction(keep : double * : omp_out = omp_in ? omp_in : omp_out) initializer(omp_priv = 0)
#pragma omp declare reduction(one : int : omp_out += omp_in) initializer(omp_priv = 0)

#pragma omp task reduction(top : [n]v)
void tops(int n, int *v, int x)
{
    for (int i = 0; i < n; i++)
        v[i] = x > v[i] ? x : v[i];
}

int main(void)
{
    static int cell;
    int *p = 0;
    enum level m = LOW;
#pragma omp parallel reduction(keep : p)
    p = &cell;
#pragma omp parallel reduction(one : m)
    m = HIGH;
    return (p != 0) + m;
}
