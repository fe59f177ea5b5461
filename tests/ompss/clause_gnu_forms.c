/* GNU and C11 forms inside dependences that mcc now parses and checks instead of skipping
 * (statement expressions with declarations and statements, initializer lists of compound
 * literals with designators, _Generic, offsetof with a member path, typedefs and enums
 * declared in statement expressions, constant array sizes of compound literals): all valid,
 * each must still be accepted, and each task updates the element its expression names. */
#include "ompss_check.h"
#include <stddef.h>

struct g { int n; struct { int a[4]; } in; double c[8]; };
typedef int myint;
enum { E_TEN = 10 };
static int data[64];

int main(void)
{
    int two = 2, *p = &two;
    int want[64] = {0};
    int i0 = ({ int a = 1, b[2] = {1, 2}, *q = p; static const int z = 3; a + b[1] + *q + z; });
#pragma omp task inout(data[({ int a = 1, b[2] = {1, 2}, *q = p; static const int z = 3; a + b[1] + *q + z; })])
    data[i0]++;
    want[i0]++;
    int i1 = ({ myint t = two; { int u = t; (void)u; } if (t) t++; t; });
#pragma omp task inout(data[({ myint t = two; { int u = t; (void)u; } if (t) t++; t; })])
    data[i1] += 2;
    want[i1] += 2;
    int i2 = ({ int (*fp)(int) = 0; (void)fp; 1; });
#pragma omp task inout(data[({ int (*fp)(int) = 0; (void)fp; 1; })])
    data[i2] += 3;
    want[i2] += 3;
    int i3 = offsetof(struct g, in.a[2]) / 4 + _Generic(two, int: 1, myint *: 2, default: 3);
#pragma omp task inout(data[offsetof(struct g, in.a[2]) / 4 + _Generic(two, int: 1, myint *: 2, default: 3)])
    data[i3] += 4;
    want[i3] += 4;
    int i4 = ((struct g){.n = 1, .c = {[0] = 1.0, 2}}).n + ((int[4]){[1 ... 2] = 5})[1];
#pragma omp task inout(data[((struct g){.n = 1, .c = {[0] = 1.0, 2}}).n + ((int[4]){[1 ... 2] = 5})[1]])
    data[i4] += 5;
    want[i4] += 5;
    int i5 = ((int[]){7, 8,})[0] + ({ __extension__ int k = 1; k; });
#pragma omp task inout(data[((int[]){7, 8,})[0] + ({ __extension__ int k = 1; k; })])
    data[i5] += 6;
    want[i5] += 6;
    /* forms whose types are now followed: locals' and typedefs' types, enumerators,
       _Generic's possible choices, a pointer arm of ?:, compound literals' array sizes */
    int i6 = ({ typedef long wide; wide w = two; enum { E1 = 1, E2 = E1 + sizeof (int) } e = E2; (int)w + e; });
#pragma omp task inout(data[({ typedef long wide; wide w = two; enum { E1 = 1, E2 = E1 + sizeof (int) } e = E2; (int)w + e; })])
    data[i6] += 7;
    want[i6] += 7;
    double x = 2.5;
    int i7 = _Generic(x, int: 1.5, double: 8, default: 0.5) + _Generic(two, long: 2.5, default: 1);
#pragma omp task inout(data[_Generic(x, int: 1.5, double: 8, default: 0.5) + _Generic(two, long: 2.5, default: 1)])
    data[i7] += 8;
    want[i7] += 8;
    int i8 = *(two ? p : 0) + ((int[sizeof (int) + E_TEN]){0})[1] + ({ int (*f(void))[2]; int a[3][2] = {{0}}; (void)f; a[2][1]; });
#pragma omp task inout(data[*(two ? p : 0) + ((int[sizeof (int) + E_TEN]){0})[1] + ({ int (*f(void))[2]; int a[3][2] = {{0}}; (void)f; a[2][1]; })])
    data[i8] += 9;
    want[i8] += 9;
    int i9 = ({ struct g v = { .n = 3 }; double d = 0.5; (int)(v.n + d * 2); }) + ({ int (*fp)(int) = 0; enum { F3 = 3 } f = F3; fp ? f - 1 : f; });
#pragma omp task inout(data[({ struct g v = { .n = 3 }; double d = 0.5; (int)(v.n + d * 2); }) + ({ int (*fp)(int) = 0; enum { F3 = 3 } f = F3; fp ? f - 1 : f; })])
    data[i9] += 10;
    want[i9] += 10;
    int i10 = ({ __attribute__((vector_size(16))) int v = {1, 2, 3, 4}; v[3]; });
#pragma omp task inout(data[({ __attribute__((vector_size(16))) int v = {1, 2, 3, 4}; v[3]; })])
    data[i10] += 11;
    want[i10] += 11;
    /* _Generic on exact arithmetic types (no promotion of the controlling expression, the
       usual arithmetic conversions of its operators, the types of constants), constant
       array sizes up to PTRDIFF_MAX bytes, attribute arguments */
    unsigned char uc = 1;
    const int ci = 2;
    long lg = 3;
    int i11 = _Generic(uc, int: "x", unsigned char: 1, default: 2.5) + _Generic(ci, int: 1, const int: "s", default: 0.5) + _Generic(1L + 1u, long: 1, default: "s") + _Generic(0x80000000, unsigned: 1, default: "s") + _Generic(sizeof (int), unsigned long: 1, default: "s") + _Generic('a', int: 1, default: "s") + _Generic(1ll + 1ul, unsigned long long: 1, default: "s") + _Generic(lg ? 1 : 2u, unsigned: 1, default: "s") + _Generic(-uc, int: 1, default: "s") + _Generic(1.0f * 2, float: 1, default: "s") + (sizeof (char[0x7fffffffffffffff]) > 0) + (int)sizeof (int __attribute__((__aligned__(2 * 4), mode(SI)))) - 8;
#pragma omp task inout(data[_Generic(uc, int: "x", unsigned char: 1, default: 2.5) + _Generic(ci, int: 1, const int: "s", default: 0.5) + _Generic(1L + 1u, long: 1, default: "s") + _Generic(0x80000000, unsigned: 1, default: "s") + _Generic(sizeof (int), unsigned long: 1, default: "s") + _Generic('a', int: 1, default: "s") + _Generic(1ll + 1ul, unsigned long long: 1, default: "s") + _Generic(lg ? 1 : 2u, unsigned: 1, default: "s") + _Generic(-uc, int: 1, default: "s") + _Generic(1.0f * 2, float: 1, default: "s") + (sizeof (char[0x7fffffffffffffff]) > 0) + (int)sizeof (int __attribute__((__aligned__(2 * 4), mode(SI)))) - 8])
    data[i11] += 12;
    want[i11] += 12;
    /* _Generic on enum types (unsigned int when no value is negative), narrow bit-fields
       (a type no association names), pointers */
    enum colour { RED, GREEN } col = GREEN;
    struct { unsigned narrow : 3, wide : 32; } bits = { 1, 2 };
    const char *str = "s";
    int i12 = _Generic(col, unsigned: 1, default: "s") + _Generic(bits.narrow, unsigned: "s", default: 1) + _Generic(bits.wide, unsigned: 1, default: "s") + _Generic(p, int *: 1, char *: "s", default: 2.5) + _Generic(str, const char *: 1, char *: "s", default: 0.5) + _Generic("s", char *: 1, default: "s") + _Generic(&ci, const int *: 1, default: "s") + _Generic(RED, int: 1, default: "s") + _Generic(col, enum colour: 1, default: "s") + (int)(sizeof (typeof(two)) + sizeof (_Atomic(long)) + sizeof (char __attribute__((vector_size(8))) *) - 20) - 4;
#pragma omp task inout(data[_Generic(col, unsigned: 1, default: "s") + _Generic(bits.narrow, unsigned: "s", default: 1) + _Generic(bits.wide, unsigned: 1, default: "s") + _Generic(p, int *: 1, char *: "s", default: 2.5) + _Generic(str, const char *: 1, char *: "s", default: 0.5) + _Generic("s", char *: 1, default: "s") + _Generic(&ci, const int *: 1, default: "s") + _Generic(RED, int: 1, default: "s") + _Generic(col, enum colour: 1, default: "s") + (int)(sizeof (typeof(two)) + sizeof (_Atomic(long)) + sizeof (char __attribute__((vector_size(8))) *) - 20) - 4])
    data[i12] += 13;
    want[i12] += 13;
    /* initializers of compound literals with every aggregate element braced (mcc does
       not follow brace elision past a list's last value), strings for char arrays, a
       struct value for a struct element, the last value elided, positions after [i] */
    struct g gv = { .n = 2 };
    int i13 = ((struct g[2]){{1, {{1}}, {2.5}}, {.n = 3}})[1].n + ((int[2][3]){{1, 2, 3}, {4, 5, 6}})[1][2] + (int)sizeof ((char[2][4]){"ab", "cd"}) + ((struct g[2]){gv, gv})[1].n + ((int[2][3]){{1}, 7})[1][0] + (int)((double[3]){[1] = 1, 2})[2] - 18;
#pragma omp task inout(data[((struct g[2]){{1, {{1}}, {2.5}}, {.n = 3}})[1].n + ((int[2][3]){{1, 2, 3}, {4, 5, 6}})[1][2] + (int)sizeof ((char[2][4]){"ab", "cd"}) + ((struct g[2]){gv, gv})[1].n + ((int[2][3]){{1}, 7})[1][0] + (int)((double[3]){[1] = 1, 2})[2] - 18])
    data[i13] += 14;
    want[i13] += 14;
    int i14 = ({ struct g v[2] = {{1}, {2}}; v[1].n; }) + ((int[2][3]){0})[1][2] + ((struct g){1, {{2}}}).n + ({ struct g v = {1, {{2}}}; v.n; }) + (int)sizeof ((struct g[2]){0}) / (int)sizeof (struct g) + 20;
#pragma omp task inout(data[({ struct g v[2] = {{1}, {2}}; v[1].n; }) + ((int[2][3]){0})[1][2] + ((struct g){1, {{2}}}).n + ({ struct g v = {1, {{2}}}; v.n; }) + (int)sizeof ((struct g[2]){0}) / (int)sizeof (struct g) + 20])
    data[i14] += 15;
    want[i14] += 15;
    /* a structure tag declared in the statement expression hides the outer one */
    int i15 = ({ struct g { double z; int w[2]; } v = {2.5, 1}; (int)v.z + v.w[0]; }) + 20;
#pragma omp task inout(data[({ struct g { double z; int w[2]; } v = {2.5, 1}; (int)v.z + v.w[0]; }) + 20])
    data[i15] += 16;
    want[i15] += 16;
    /* member lists: bit-fields, anonymous members, a flexible array member, _Static_assert;
       a struct type of the enclosing block in a compound literal and sizeof; assignments */
    struct blk { int a; short b; };
    int i16 = ({ struct h { unsigned f : 3, : 0, g : 5; struct { int x; }; union { int y; float z; }; _Static_assert(1, "m"); int n; int w[]; } v = {1, 2, {3}, {4}, 5}; v.f + v.g + v.x + v.y + v.n; }) + (int)sizeof(struct blk) + ((struct blk){1, 2}).b + ({ int *q = p; const int *r = q; q += 1; q -= 1; r = q; *r; }) + ({ struct blk u = {1, 2}, w; w = u; w.a; }) + 10;
#pragma omp task inout(data[({ struct h { unsigned f : 3, : 0, g : 5; struct { int x; }; union { int y; float z; }; _Static_assert(1, "m"); int n; int w[]; } v = {1, 2, {3}, {4}, 5}; v.f + v.g + v.x + v.y + v.n; }) + (int)sizeof(struct blk) + ((struct blk){1, 2}).b + ({ int *q = p; const int *r = q; q += 1; q -= 1; r = q; *r; }) + ({ struct blk u = {1, 2}, w; w = u; w.a; }) + 10])
    data[i16] += 17;
    want[i16] += 17;
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
        CHECK(data[i] == want[i], "data[%d] = %d, expected %d", i, data[i], want[i]);
    printf("clause_gnu_forms: ok\n");
    return 0;
}
