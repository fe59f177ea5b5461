/* A compound literal, a declaration and a sizeof of an array whose element is a struct
 * never defined, in clauses (a mutant of clause_gnu_forms.c that the one-hour campaign
 * found accepted); gcc: "array type has incomplete element type". */
static int data[8];

int main(void)
{
#pragma omp task inout(data[((struct undeclared_zz[2]){ { 1 }, { 2 } })[1].n])
    data[0] += 1;
#pragma omp task inout(data[({ struct nowhere a[2]; 0; })])
    data[0] += 1;
#pragma omp task inout(data[sizeof (struct nowhere[2]) - 1])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
