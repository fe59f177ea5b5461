/* threadprivate of one name of a declaration that declares others which are not: sorry
 * (`__thread` would go on their shared specifiers); all of them listed is fine. */
static int a, b;
#pragma omp threadprivate(a, b)
static double x, y;
#pragma omp threadprivate(x)

int main(void)
{
    a = b = 1;
    x = y = 2;
    return (int)(a + b + x + y) - 6;
}
