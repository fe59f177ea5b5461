/* Arrays declared with an initializer that is no brace list, in statement expressions of
 * dependences: string literals in parentheses, with encoding prefixes (L, u, U, u8),
 * concatenated, in braces, and a compound literal for a static array.  All valid C (gcc takes them),
 * so mcc must accept each; every task updates the element its expression names, and the
 * program checks that against the same expressions computed outside the clauses. */
#include "ompss_check.h"
#include <uchar.h>
#include <wchar.h>

static int data[64];

int main(void)
{
    int want[64] = {0};
    int i0 = ({ char s[] = ("ab"); (int)sizeof s; });
#pragma omp task inout(data[({ char s[] = ("ab"); (int)sizeof s; })])
    data[i0]++;
    want[i0]++;
    int i1 = ({ wchar_t w[] = L"abc"; (int)(sizeof w / sizeof w[0]) + 4; });
#pragma omp task inout(data[({ wchar_t w[] = L"abc"; (int)(sizeof w / sizeof w[0]) + 4; })])
    data[i1] += 2;
    want[i1] += 2;
    int i2 = ({ char16_t h[] = u"ab"; char32_t g[] = U"abcd"; (int)(sizeof h + sizeof g); });
#pragma omp task inout(data[({ char16_t h[] = u"ab"; char32_t g[] = U"abcd"; (int)(sizeof h + sizeof g); })])
    data[i2] += 3;
    want[i2] += 3;
    int i3 = ({ unsigned char u[] = u8"xyz"; signed char v[6] = (("abc")); u[1] - 'x' + v[2] - 'a' + 30; });
#pragma omp task inout(data[({ unsigned char u[] = u8"xyz"; signed char v[6] = (("abc")); u[1] - 'x' + v[2] - 'a' + 30; })])
    data[i3] += 4;
    want[i3] += 4;
    int i4 = ({ char s[] = "a" "bc" "d"; wchar_t w[] = L"a" "b", x[] = "a" L"b"; (int)(sizeof s + (sizeof w + sizeof x) / sizeof w[0]) + 30; });
#pragma omp task inout(data[({ char s[] = "a" "bc" "d"; wchar_t w[] = L"a" "b", x[] = "a" L"b"; (int)(sizeof s + (sizeof w + sizeof x) / sizeof w[0]) + 30; })])
    data[i4] += 5;
    want[i4] += 5;
    int i5 = ({ static int a[] = (int[]){ 7, 8, 9 }; a[2] + 36; });
#pragma omp task inout(data[({ static int a[] = (int[]){ 7, 8, 9 }; a[2] + 36; })])
    data[i5] += 6;
    want[i5] += 6;
    int i6 = ({ unsigned char u[] = {("ab")}; wchar_t w[4] = {L"ab"}; const char *q[2] = {u8"xy"}; (int)sizeof u + w[1] - L'b' + q[0][1] - 'y' + 44; });
#pragma omp task inout(data[({ unsigned char u[] = {("ab")}; wchar_t w[4] = {L"ab"}; const char *q[2] = {u8"xy"}; (int)sizeof u + w[1] - L'b' + q[0][1] - 'y' + 44; })])
    data[i6] += 7;
    want[i6] += 7;
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
        CHECK(data[i] == want[i], "data[%d] = %d, expected %d", i, data[i], want[i]);
    CHECK(i0 == 3 && i1 == 8 && i2 == 26 && i3 == 33 && i4 == 41 && i5 == 45 && i6 == 47,
          "indices %d %d %d %d %d %d %d", i0, i1, i2, i3, i4, i5, i6);
    printf("clause_string_arrays: ok\n");
    return 0;
}
