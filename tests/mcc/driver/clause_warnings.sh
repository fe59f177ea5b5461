#!/usr/bin/env bash
# gcc's warnings on the user's code mcc moved name the user's file, line, column and
# variables, once each, as gcc -fopenmp's on the same source: a clause's expression (a
# task's if, final, priority, a parallel region's if, num_threads) stands at its own
# column (it was at column 1100 of the pragma's line, the creation code being one line), a
# dependence's expression copied under sizeof does not warn a second time (-Wpedantic's
# `?:` came three times for two), and a loop whose body calls setjmp has no variable of
# mcc's for -Wclobbered to name ('__nrt_q' might be clobbered).
. "$(dirname "$0")/lib.sh"
cat > app.c <<'C'
#include <setjmp.h>
#include <stdio.h>

int main(void)
{
    int z = 1, x[4] = {0}, s = 0, t = 0, n = 0;
    #pragma omp task final((z, 0)) shared(x)
    x[1] = 1;
    #pragma omp task if(z ?: 1) depend(out: x[z ?: 0]) priority(z ?: 2) \
        shared(x)
    x[0] = 1;
    #pragma omp taskwait
    #pragma omp parallel if((z, 1)) num_threads(z ?: 2) reduction(+:n)
    n++;
    #pragma omp parallel for reduction(+:s)
    for (int i = 0; i < 8; i++) {
        jmp_buf b;
        if (setjmp(b) == 0)
            s += i;
    }
    #pragma omp parallel for collapse(2) reduction(+:t)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            jmp_buf b;
            if (setjmp(b) == 0)
                t += 10 * i + j;
        }
    printf("%d %d %d %d %d\n", x[0], x[1], n > 0, s, t);
    return 0;
}
C
command -v gcc > /dev/null || skip "no gcc"
# (which variables -Wclobbered names depends on the registers gcc gives them: there, only
# that none is mcc's)
warnings() { grep -E '^app\.c:[0-9]+:[0-9]+: warning' err.txt | grep -v Wclobbered | sort; }
run gcc -fopenmp -Wall -Wextra -pedantic -O2 app.c -o ref
[ "$st" = 0 ] || skip "gcc -fopenmp cannot build it"
warnings > want.txt
has want.txt 'app\.c:7:30: warning: left-hand operand of comma'
has want.txt 'app\.c:9:68: warning: ISO C forbids omitting'
has want.txt 'app\.c:13:52: warning: ISO C forbids omitting'
ok "$MCC" -Wall -Wextra -pedantic -O2 app.c -o prog
warnings > got.txt
diff want.txt got.txt >&2 || fail "mcc's warnings differ from gcc -fopenmp's"
lacks err.txt '__nrt'
runs ./prog "1 1 1 28 192"
no_temps
