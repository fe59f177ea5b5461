/* Arrays declared in clauses with an initializer that is no brace list: only a string
 * literal of the elements' character type initializes one (a compound literal too, for a
 * static array).  gcc's errors: a scalar (the one-hour campaign's mutant of
 * clause_gnu_forms.c, `int (*fp[])(int) = 0`), a plain string for ints, a compound
 * literal for an automatic array, a char16_t string for shorts, a wide piece in a
 * concatenation for chars, another array, a wide string in braces for chars. */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ int (*fp[])(int) = 0; (void)fp; 1; })])
    data[0] += 1;
#pragma omp task inout(data[({ int a[2] = "ab"; a[0] & 1; })])
    data[0] += 1;
#pragma omp task inout(data[({ int a[] = (int[]){ 1, 2 }; a[0]; })])
    data[0] += 1;
#pragma omp task inout(data[({ short w[] = u"ab"; w[0] & 1; })])
    data[0] += 1;
#pragma omp task inout(data[({ char s[] = "a" L"b"; s[0] & 1; })])
    data[0] += 1;
#pragma omp task inout(data[({ int a[] = { 1 }, b[1] = a; b[0]; })])
    data[0] += 1;
#pragma omp task inout(data[({ char s[] = { L"ab" }; s[0] & 1; })])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
