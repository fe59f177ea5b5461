# 1 "task_nested.c"
struct pt { int x, y; } g;
static int m[8][8], v[64];
#pragma omp task inout([n]a) label("fn task")
void upd(int *a, int n);
void upd(int *a, int n) { for (int i = 0; i < n; i++) a[i]++; }
int main(int argc, char **argv)
{
    int n = 8, s = 0, *p = v;
    for (int i = 0; i < n; i++) {
#pragma omp task in(m[i][0;8]) out(v[i*8:i*8+7]) firstprivate(i) shared(m)
        {
            for (int j = 0; j < 8; j++) v[i * 8 + j] = m[i][j];
#pragma omp task inout(g.x) untied
            g.x += i;
#pragma omp taskwait
        }
    }
#pragma omp task inout(m[0:3][2;2], [4][4]p, *p, p[1:2], {v[k], k = 0;4}) reduction(+: s) if(argc) final(argc > 3) priority(argc)
    s += p[0];
    upd(v, 64); upd(&m[1][0], 8);
#pragma omp taskwait in(v[0]) out(m)
#pragma omp taskyield
#pragma omp barrier
#pragma omp parallel
    { s++; }
#pragma omp atomic
    s++;
#pragma omp critical
    { s--; }
    return s + g.x;
}
