/* A variable whose type is declared inside the function cannot be written in the
 * environment struct at file scope: reported as unimplemented, not miscompiled. */
int main(void)
{
    struct pt { int x, y; } p = {1, 2};
    int r = 0;
#pragma omp task shared(r)
    r = p.x + p.y;
#pragma omp taskwait
    return r - 3;
}
