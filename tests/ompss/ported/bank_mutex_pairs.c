/* ported: openmp
   ported-werror
   a bank: transfers between two accounts as tasks with depend(mutexinoutset) on both, in
   either order (the runtime must take the two without deadlock), audits reading all
   accounts through an iterator dependence, the final balances and counts */
#include <stdio.h>

#define NACC 16
#define NTX 3000

struct account { long balance; long ops; };
static struct account acc[NACC];

int main(void)
{
    long audits[4] = {0};
    unsigned s = 7;
    for (int i = 0; i < NACC; i++)
        acc[i].balance = 1000 + i;
    #pragma omp parallel
    #pragma omp single
    {
        for (int t = 0; t < NTX; t++) {
            s = s * 1103515245u + 12345u;
            int a = (int)((s >> 8) % NACC);
            s = s * 1103515245u + 12345u;
            int b = (int)((s >> 8) % NACC);
            if (a == b)
                b = (b + 1) % NACC;
            long amount = (long)((s >> 4) % 50);
            #pragma omp task depend(mutexinoutset: acc[a], acc[b]) firstprivate(a, b, amount)
            {
                acc[a].balance -= amount;
                acc[b].balance += amount;
                acc[a].ops++;
                acc[b].ops++;
            }
            if (t % 1000 == 999) {
                int k = t / 1000;
                #pragma omp task depend(iterator(int j = 0:NACC), in: acc[j]) firstprivate(k) \
                    shared(audits)
                {
                    long total = 0;
                    for (int j = 0; j < NACC; j++)
                        total += acc[j].balance;
                    audits[k] = total;
                }
            }
        }
        #pragma omp taskwait
    }
    long ops = 0, h = 0;
    for (int i = 0; i < NACC; i++) {
        ops += acc[i].ops;
        h = h * 31 + acc[i].balance;
    }
    printf("audits %ld %ld %ld ops %ld hash %ld\n", audits[0], audits[1], audits[2], ops, h);
    return 0;
}
