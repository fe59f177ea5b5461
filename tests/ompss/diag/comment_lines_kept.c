/* Comments reach mcc (the driver preprocesses with -C): a line of a block comment that
 * looks like a linemarker moves no line, and a block comment inside a pragma, over two
 * lines, moves no column: the error is at the clause name.
# 1 "elsewhere.c"
 */
void f(int *a)
{
#pragma omp task /* over
   two lines */ in(a[0]) inout2(a[0])
    a[0]++;
}
