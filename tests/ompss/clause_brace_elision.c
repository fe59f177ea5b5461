/* Initializers that leave out inner braces (brace elision, C11 6.7.9p20) in clauses:
 * compound literals and statement-expression declarations of structs with array and
 * struct members, arrays of arrays and of structs, values running on from one element
 * into the next, positional values after a member designator, a union's first member,
 * a static array, and a declare reduction's `initializer(omp_priv = {0, 0, 0, 0})`.  All
 * valid C, so mcc must accept each (it used to refuse most with "sorry"); every task
 * updates the element its expression names, and the program checks that against the
 * same expressions computed outside the clauses, and the reduction against a loop. */
#include "ompss_check.h"

struct in { int a; char s[3]; };
struct h { int n; double v[3]; struct in w; int *q; };
union u { int x; double y; };
struct k { union u u; struct in arr[2]; char c; };
struct bits { int a : 4; int : 4; int b; };
struct acc { int n; double v[3]; };

static void merge(struct acc *o, const struct acc *i)
{
    o->n += i->n;
    for (int k = 0; k < 3; k++)
        o->v[k] += i->v[k];
}
#pragma omp declare reduction(add : struct acc : merge(&omp_out, &omp_in)) initializer(omp_priv = {0, 0, 0, 0})

static int data[64];

int main(void)
{
    int want[64] = {0};
    int i0 = ((struct h){1, 2, 3, 4, 5, "ab"}).w.s[1] - 'b' + ((struct h){1, 2, 3, 4, 5}).w.a;
#pragma omp task inout(data[((struct h){1, 2, 3, 4, 5, "ab"}).w.s[1] - 'b' + ((struct h){1, 2, 3, 4, 5}).w.a])
    data[i0]++;
    want[i0]++;
    int i1 = ({ int m[2][3] = {1, 2, 3, 4, 5, 6}; m[1][1] + 10; });
#pragma omp task inout(data[({ int m[2][3] = {1, 2, 3, 4, 5, 6}; m[1][1] + 10; })])
    data[i1] += 2;
    want[i1] += 2;
    int i2 = ({ struct k kk = {7, 1, "xy", 2, "zw", 'c'}; kk.arr[1].a + kk.u.x + kk.arr[1].s[0] - 'z' + 20; });
#pragma omp task inout(data[({ struct k kk = {7, 1, "xy", 2, "zw", 'c'}; kk.arr[1].a + kk.u.x + kk.arr[1].s[0] - 'z' + 20; })])
    data[i2] += 3;
    want[i2] += 3;
    int i3 = ({ struct h a[2] = {1, 2, 3, 4, 5, "ab", 0, 6}; a[1].n + (int)a[0].v[2] + 26; });
#pragma omp task inout(data[({ struct h a[2] = {1, 2, 3, 4, 5, "ab", 0, 6}; a[1].n + (int)a[0].v[2] + 26; })])
    data[i3] += 4;
    want[i3] += 4;
    int i4 = ({ struct h x = {.v = 1, 2, 3, 4, "c", 0}; x.w.a + x.w.s[0] - 'c' + 40; });
#pragma omp task inout(data[({ struct h x = {.v = 1, 2, 3, 4, "c", 0}; x.w.a + x.w.s[0] - 'c' + 40; })])
    data[i4] += 5;
    want[i4] += 5;
    int i5 = ({ static int m[2][2] = {1, 2, 3, 4}; struct bits b = {1, 2}; m[1][0] + b.b + 42; });
#pragma omp task inout(data[({ static int m[2][2] = {1, 2, 3, 4}; struct bits b = {1, 2}; m[1][0] + b.b + 42; })])
    data[i5] += 6;
    want[i5] += 6;
    int i6 = (int)((double[2][2][2]){1, 2, 3, 4, {5, 6, 7}})[1][1][0] + 50;
#pragma omp task inout(data[(int)((double[2][2][2]){1, 2, 3, 4, {5, 6, 7}})[1][1][0] + 50])
    data[i6] += 7;
    want[i6] += 7;
    int i7 = ((struct in[]){1, "a", 2, "b", 3})[2].a + (int)(sizeof (struct in[]){1, "a", 2, "b", 3} / sizeof (struct in)) + 50;
#pragma omp task inout(data[((struct in[]){1, "a", 2, "b", 3})[2].a + (int)(sizeof (struct in[]){1, "a", 2, "b", 3} / sizeof (struct in)) + 50])
    data[i7] += 8;
    want[i7] += 8;
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
        CHECK(data[i] == want[i], "data[%d] = %d, expected %d", i, data[i], want[i]);
    CHECK(i0 == 5 && i1 == 15 && i2 == 29 && i3 == 36 && i4 == 44 && i5 == 47 && i6 == 57 &&
          i7 == 56, "indices %d %d %d %d %d %d %d %d", i0, i1, i2, i3, i4, i5, i6, i7);

    struct acc a = {0, {0, 0, 0}};
#pragma omp parallel for reduction(add : a)
    for (int i = 0; i < 100; i++) {
        a.n++;
        a.v[i % 3] += i;
    }
    CHECK(a.n == 100 && a.v[0] == 1683 && a.v[1] == 1617 && a.v[2] == 1650,
          "reduction: %d %g %g %g", a.n, a.v[0], a.v[1], a.v[2]);
    printf("clause_brace_elision: ok\n");
    return 0;
}
