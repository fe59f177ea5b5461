/* Values without inner braces (brace elision) in clauses, which mcc now follows element by
 * element as gcc does: gcc's errors for a pointer that elision sends to a double, a
 * brace group past a struct's last member, an automatic variable in a static array's
 * elided initializer, a pointer sent to an int of the next row, a pointer for the member
 * after an unnamed bit-field, and a declare reduction's initializer with a brace group
 * too many.  Each was accepted or refused with "sorry" before. */
struct in { int a; char s[3]; };
struct h { int n; double v[3]; struct in w; int *q; };
struct bits { int a : 4; int : 4; int b; };
struct acc { int n; double v[3]; };
static void merge(struct acc *o, const struct acc *i) { o->n += i->n; }
#pragma omp declare reduction(add : struct acc : merge(&omp_out, &omp_in)) initializer(omp_priv = {0, 0, 0, 0, {1}})
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[((struct h){1, 2, 3, p}).n])
    data[0] += 1;
#pragma omp task inout(data[((struct in){1, "ab", {2}}).a])
    data[0] += 1;
#pragma omp task inout(data[({ static int m[2][2] = {1, i}; m[0][0]; })])
    data[0] += 1;
#pragma omp task inout(data[((int[2][2]){1, 2, p})[0][0]])
    data[0] += 1;
#pragma omp task inout(data[((struct bits){1, p}).a])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 5;
}
