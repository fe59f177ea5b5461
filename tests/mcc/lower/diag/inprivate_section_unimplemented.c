/* inprivate of a section of a pointer: sorry (a variable or a shaped pointer works). */
int main(void)
{
    int a[8] = {0}, s = 0, *p = a;
#pragma omp task inprivate(p[0;8]) shared(s)
    s = p[3];
#pragma omp taskwait
    return s;
}
