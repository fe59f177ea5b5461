/* One reduction identifier declared twice for one type in one block is gcc's
 * "redeclaration of 'rd' '#pragma omp declare reduction' for type 'struct sa'" (a typedef
 * names the same type); an inner block may declare it again, hiding the outer one, and a
 * directive may list a type twice (gcc accepts both). */
struct sa { int v; };
typedef struct sa sa_t;
#pragma omp declare reduction(rd : sa_t : omp_out.v += omp_in.v) initializer(omp_priv = { 0 })
#pragma omp declare reduction(rd : int, int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(rd : struct sa : omp_out.v *= omp_in.v) initializer(omp_priv = { 1 })

int main(void)
{
    int x = 0;
    {
#pragma omp declare reduction(rd : int : omp_out *= omp_in) initializer(omp_priv = 1)
#pragma omp parallel for reduction(rd : x)
        for (int i = 0; i < 4; i++)
            x *= i;
    }
    return x;
}
