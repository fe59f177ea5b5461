/* Arrays whose element type is not complete where they are formed, in clauses: a member
 * array of the struct being defined, a union's two-dimensional one, a pointer to an array
 * of the struct being defined, a typedef and a pointer to an array of a struct never
 * defined.  gcc refuses every array type of an incomplete element ("array type has
 * incomplete element type"), pointers to arrays included; pointers to the struct and
 * arrays of such pointers are fine (the last task). */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ struct s { int n; struct s a[2]; } *v = 0; (void)v; 0; })])
    data[0] += 1;
#pragma omp task inout(data[({ union u { int n; union u a[2][3]; } *v = 0; (void)v; 0; })])
    data[0] += 1;
#pragma omp task inout(data[({ struct t { int n; struct t *a[2]; struct t (*p)[3]; } *v = 0; (void)v; 0; })])
    data[0] += 1;
#pragma omp task inout(data[({ typedef struct nowhere pair[2]; 0; })])
    data[0] += 1;
#pragma omp task inout(data[({ struct nowhere (*p)[3] = 0; (void)p; 0; })])
    data[0] += 1;
#pragma omp task inout(data[({ struct w { int n; struct w *a[2]; struct w **(*p)[3]; } v = { 1 }; v.n - 1; })])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
