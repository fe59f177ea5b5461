/* ported-werror
 * ported-seq-libs: -lgomp
 * ported-env: NX_THROTTLE_LIMIT=1
 * Many asynchronous requests as detached tasks, each with a consumer that depends on its
 * buffer, all created before the creator completes the requests with omp_fulfill_event
 * (as a progress loop polling a network would), in a tiled shape: 12000 requests, more
 * than the runtime's default --throttle-limit (10000) of pending tasks, and the same again
 * with a limit of 1.  Past the limit the creator ran the new consumer at once, which
 * waited for its request's fulfilment, which only the creator's later code makes: the
 * program hung (as libgomp does: no "ported: openmp").  The calls are under `#ifdef
 * _OPENMP` so the sequential program runs without them. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NREQ 12000
#define LEN 4

static double bufs[NREQ][LEN];
static double sums[NREQ];

static void start_request(int tag, double *dst)
{
    for (int k = 0; k < LEN; k++)
        dst[k] = tag % 97 + k * 0.5;
}

int main(void)
{
    omp_event_handle_t *evs = malloc(NREQ * sizeof *evs);
    long fulfilled = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < NREQ; r++) {
            omp_event_handle_t ev = (omp_event_handle_t)0;
            /* the request: its body fills the buffer, its fulfilment comes later */
#pragma omp task detach(ev) depend(out: bufs[r]) firstprivate(r)
            start_request(r, bufs[r]);
            evs[r] = ev;
            /* the consumer: after the fulfilment */
#pragma omp task depend(in: bufs[r]) firstprivate(r)
            {
                double s = 0;
                for (int k = 0; k < LEN; k++)
                    s += bufs[r][k];
                sums[r] = s;
            }
        }
        /* the progress loop: every request completes, in an order of its own */
        for (int i = 0; i < NREQ; i++) {
#ifdef _OPENMP
            omp_fulfill_event(evs[(i * 7919L) % NREQ]);
#endif
            fulfilled++;
        }
    }
    double total = 0;
    for (int r = 0; r < NREQ; r++)
        total += sums[r] * (r % 5 + 1);
    printf("fulfilled %ld\n", fulfilled);
    printf("total %.1f\n", total);
    free(evs);
    return 0;
}
