/* threadprivate of one name of a declaration that also defines a struct and declares other
 * names that are not: sorry (the split declarations would define the struct twice); one
 * without a definition is split (tests/ompss/ported/threadprivate_split.c). */
static int a, b;
#pragma omp threadprivate(a)
static struct point { double x, y; } here, there;
#pragma omp threadprivate(here)

int main(void)
{
    a = b = 1;
    here.x = there.y = 2;
    return (int)(a + b + here.x + there.y) - 6;
}
