/* ported: openmp
 * The atomic construct in every form OpenMP 4.5 gives: update (x++, x op= e, x = x op e,
 * x = e op x, on int, double and a pointer), read, write, capture (v = x++, v = --x,
 * v = x op= e, and the two-statement blocks), and an atomic that is the whole statement
 * of a task.  Many tasks update shared counters; prints the final values and a checksum
 * of what the captures saw (a permutation, so its sum is fixed).  Operands in parentheses
 * (`x = x + (e)`, `x = (e) | x`, `x = (x) - (1)`): mcc lost the closing parenthesis. */
#include <stdio.h>

#define T 400

static int buf[4 * T + 8];

int main(void)
{
    int count = 0, down = 3 * T, seen_sum = 0, flag = 0, last_written = 0;
    double d = 0;
    long prod = 1;
    int *cursor = buf;
    long tickets = 0, ticket_sum = 0, before_sum = 0, after_sum = 0, written = 0;
    long odd = 0, cap_sum = 0;
    unsigned bits = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int t = 0; t < T; t++) {
#pragma omp task firstprivate(t)
            {
                int v;
                long tk, b, a, w;
#pragma omp atomic
                count++;
#pragma omp atomic update
                d += 0.25;
#pragma omp atomic
                down = down - 2;
#pragma omp atomic
                cursor += 4;                   /* a pointer */
                if (t % 50 == 0) {
#pragma omp atomic
                    prod = 2 * prod;
                }
#pragma omp atomic capture
                tk = tickets++;
#pragma omp atomic capture
                {
                    b = before_sum;
                    before_sum += t;
                }
#pragma omp atomic capture
                {
                    after_sum += 2;
                    a = after_sum;
                }
#pragma omp atomic capture
                v = down -= 1;
#pragma omp atomic
                ticket_sum += tk;
#pragma omp atomic
                seen_sum += (int)(b >= 0) + (int)(a > 0) + (v < 3 * T);
#pragma omp atomic write
                flag = 1;
#pragma omp atomic capture
                {
                    w = last_written;
                    last_written = 7;
                }
#pragma omp atomic
                written += w;
#pragma omp atomic
                odd = odd + (t & 1);
#pragma omp atomic update
                bits = (1u << (t % 8)) | bits;
#pragma omp atomic
                odd = (odd) - (1);
#pragma omp atomic capture
                {
                    w = cap_sum;
                    cap_sum = cap_sum + (t % 3);
                }
#pragma omp atomic
                written += (w >= 0) - 1;
            }
#pragma omp task
#pragma omp atomic
            count += 2;
        }
    }
    int f, c;
#pragma omp atomic read
    f = flag;
#pragma omp atomic read
    c = count;
    printf("count %d down %d d %.2f prod %ld cursor %d\n", c, down, d, prod, (int)(cursor - buf));
    printf("tickets %ld sum %ld before %ld after %ld seen %d flag %d written %ld %d\n", tickets,
           ticket_sum, before_sum, after_sum, seen_sum, f, written, last_written);
    printf("odd %ld bits %u cap_sum %ld\n", odd, bits, cap_sum);
    return 0;
}
