#!/usr/bin/env bash
# -Wshadow sees no declaration the lowering wrote: an inline task's outlined function
# copies the variables it captures under their own names (in a GNU nested function, when
# the task uses a type local to its function, those shadow the function's locals) and a
# task created inside another declared the outer one's parameter again, final's serial
# clone copies firstprivate variables in place under their names; gcc reported
# "declaration of 'x' shadows a previous local" at the pragma.  The user's own shadowing
# inside a task body is still reported.
. "$(dirname "$0")/lib.sh"
cat > shadow.c <<'SRC'
#include <stdio.h>
int main(void)
{
    typedef struct { int v; } cell;
    cell c = {1};
    int total = 0, k = 2;
#pragma omp task shared(total)
    {
        cell d = c;
#pragma omp task shared(total)
        total += d.v + k;
#pragma omp taskwait
    }
#pragma omp taskwait
    printf("%d\n", total);
    return 0;
}
SRC
ok "$MCC" -Wshadow -Werror shadow.c -o shadow
runs ./shadow 3
# final's serial clone copies a task's firstprivate variables in place, under their names
cat > fin.c <<'SRC'
#include <stdio.h>
static int count(int depth)
{
    if (depth == 0)
        return 1;
    int a = 0, b = 0;
#pragma omp task shared(a) final(depth < 3)
    a = count(depth - 1);
#pragma omp task shared(b) final(depth < 3)
    b = count(depth - 1);
#pragma omp taskwait
    return a + b;
}
int main(void)
{
    printf("%d\n", count(5));
    return 0;
}
SRC
ok "$MCC" -Wshadow -Werror fin.c -o fin
runs ./fin 32
# an atomic's locals inside a taskloop's, and every one of these as the body of an if
# that has an else (the pragmas that turn -Wshadow off stay inside the blocks)
cat > nest.c <<'SRC'
#include <stdio.h>
int main(void)
{
    int total = 0, odd = 0;
#pragma omp taskloop grainsize(3) shared(total, odd)
    for (int i = 0; i < 16; i++)
        if (i % 2)
#pragma omp atomic
            odd++;
        else
#pragma omp atomic
            total += i;
    if (total == 0)
#pragma omp task shared(total) final(1)
        total += 1;
    else
        total -= 1;
#pragma omp taskwait
    printf("%d %d\n", total, odd);
    return 0;
}
SRC
ok "$MCC" -Wshadow -Werror nest.c -o nest
runs ./nest "55 8"
cat > own.c <<'SRC'
int main(void)
{
    int k = 1, s = 0;
#pragma omp task shared(s)
    {
        int j = k;
        {
            int k = 3;
            s = j + k;
        }
    }
#pragma omp taskwait
    return s;
}
SRC
run "$MCC" -Wshadow -c own.c
has err.txt "^own\.c:8:17: warning: declaration of .k. shadows a previous local"
no_temps
