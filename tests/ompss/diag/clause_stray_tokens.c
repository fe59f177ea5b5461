/* Two expressions side by side inside a subscript (a clause pasted into another). */
void f(int *a, int i)
{
#pragma omp task inout(a[i nogroup(1)])
    a[i]++;
#pragma omp taskwait
}
