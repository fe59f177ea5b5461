/* An operator (`+`, `max`) may be declared as a reduction for a struct, and a reduction
 * clause then applies it to the struct (mcc said "the operator '+' needs an arithmetic
 * type"); for an arithmetic type it is predeclared, and declaring it again is gcc's
 * "predeclared arithmetic type in '#pragma omp declare reduction'" (mcc accepted it). */
struct pt { int x, y; };
#pragma omp declare reduction(+ : struct pt : omp_out.x += omp_in.x, omp_out.y += omp_in.y) initializer(omp_priv = { 0, 0 })
#pragma omp declare reduction(+ : long : omp_out += omp_in)
#pragma omp declare reduction(max : struct pt, double : omp_out = omp_in)

int main(void)
{
    struct pt s = { 0, 0 };
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < 10; i++)
        s.x += i;
    return s.x - 45;
}
