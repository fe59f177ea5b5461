# 1 "task_inline.c"
int a[100], b[100];
void work(int *p, int n) { for (int i = 0; i < n; i++) p[i]++; }
int main(void)
{
    int n = 100, *p = a;
#pragma omp task in(a[0:9]) out(b[0;10]) firstprivate(n) label(first)
    { work(b, 10); }
#pragma omp task inout([n]p) priority(2) if(n > 1) final(0)
    work(p, n);
#pragma omp task depend(inout: a[1:3]) concurrent(b[4]) commutative(*p) shared(a) private(n) default(none)
    a[0]++;
#pragma omp taskwait on(a) noflush
#pragma omp critical (name)
    n++;
#pragma omp atomic
    n += 2;
#pragma omp taskloop grainsize(4) nogroup
    for (int i = 0; i < n; i++) a[i] = i;
#pragma omp for schedule(ompss_dynamic, 2) nowait
    for (int i = 0; i < n; i++) b[i] = i;
#pragma omp taskwait
    return a[0] + b[0];
}
