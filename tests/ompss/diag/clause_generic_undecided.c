/* _Generic on a function pointer, with an association of another function pointer type
 * (gcc chooses the default, a string: no index): mcc does not tell function pointer types
 * apart, and the values differ in kind, so it cannot know what gcc will see. */
static int data[8];
static int inc(int x) { return x + 1; }

int main(void)
{
    int (*f)(int) = inc;
#pragma omp task inout(data[_Generic(f, int (*)(long): 1, default: "s")])
    data[1] += f(0);
#pragma omp taskwait
    return data[1] - 1;
}
