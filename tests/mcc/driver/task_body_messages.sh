#!/usr/bin/env bash
# gcc's messages about code in task bodies and calls of function tasks name the user's
# functions, not those the lowering generated: 'In function 'main'' (once), not
# 'main__nrt_task1'; 'passing argument 1 of 'scale'' where mcc cannot tell the argument's
# type itself, not 'scale__nrt_spawn'.
. "$(dirname "$0")/lib.sh"
cat > body.c <<'SRC'
struct S { int a; };
int main(void)
{
    int x = 0;
    struct S s = {1};
#pragma omp task
    {
        s.b = 1;
    }
#pragma omp task
    {
        x = s;
    }
#pragma omp taskwait
    return x;
}
SRC
fails 1 "$MCC" -c body.c
has err.txt "^body\.c:8:[0-9]+: error: .struct S. has no member named .b."
has err.txt "^body\.c:12:[0-9]+: error: incompatible types"
has err.txt "^body\.c: In function .main.:"
lacks err.txt "__nrt_"
[ "$(grep -c 'In function' err.txt)" = 1 ] || { echo "FAIL: 'In function' more than once"; cat err.txt; exit 1; }
# an argument mcc leaves to gcc (__builtin_choose_expr, which its expression check does
# not type): gcc's warning names the task
cat > call.c <<'SRC'
#pragma omp task inout([n]v)
void scale(double *v, int n);
void scale(double *v, int n) { for (int i = 0; i < n; i++) v[i] *= 2; }
int main(void)
{
    int v[2] = {1, 2};
    scale(__builtin_choose_expr(1, v, v), 2);
#pragma omp taskwait
    return 0;
}
SRC
run "$MCC" -c call.c
has err.txt "^call\.c:7:[0-9]+: warning: passing argument 1 of .scale. from incompatible pointer type"
lacks err.txt "__nrt_"
no_temps
