/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * OpenMP 5.0 detached tasks as asynchronous requests: a task `detach(ev)` starts a request
 * (fills a buffer standing in for a receive) and ends; the creator keeps the handles the
 * clause gave it in an array of structs and creates progress tasks that each complete a
 * batch of requests with `omp_fulfill_event`, before or after the bodies ran; consumers
 * `depend(in:)` on a request's buffer wait for its fulfilment; a detached task in a
 * dependence chain the creator fulfils itself after more work; the calls are under
 * `#ifdef _OPENMP` so the sequential program runs without them. */
#include <omp.h>
#include <stdio.h>

#define NREQ 24
#define BATCH 6
#define LEN 32

struct request {
    omp_event_handle_t ev;
    int tag;
};

static struct request reqs[NREQ];
static double bufs[NREQ][LEN];
static int fulfilled;

static void start_request(int tag, double *dst)
{
    for (int k = 0; k < LEN; k++)
        dst[k] = tag * 100.0 + k;
}

static void complete(struct request *r)
{
#ifdef _OPENMP
    omp_fulfill_event(r->ev);
#else
    (void)r;
#endif
#pragma omp atomic
    fulfilled++;
}

int main(void)
{
    double sums[NREQ];
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < NREQ; r++) {
            omp_event_handle_t ev = 0;
#pragma omp task detach(ev) depend(out: bufs[r])
            start_request(r, bufs[r]);
            reqs[r].ev = ev;
            reqs[r].tag = r;
#pragma omp task depend(in: bufs[r]) shared(sums)
            {
                double s = 0.0;
                for (int k = 0; k < LEN; k++)
                    s += bufs[r][k];
                sums[r] = s * (reqs[r].tag + 1);
            }
            if (r % BATCH == BATCH - 1) {
                int first = r - (BATCH - 1);
#pragma omp task
                for (int i = first; i <= first + BATCH - 1; i++)
                    complete(&reqs[i]);
            }
        }
#pragma omp taskwait
    }
    double total = 0.0;
    for (int r = 0; r < NREQ; r++)
        total += sums[r];
    printf("requests: fulfilled=%d total=%.1f\n", fulfilled, total);

    /* a chain: the detached task's successors start once the creator fulfilled it */
    int value = 0, seen = 0, later = 0;
    omp_event_handle_t mine = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task detach(mine) depend(out: value) shared(value)
        value = 1;
#pragma omp task depend(inout: value) shared(value, seen)
        {
            seen = value * 10;
            value = 2;
        }
#pragma omp task depend(in: value) shared(value, later)
        later = value + seen;
        for (int i = 0; i < 1000; i++)
            total += i % 3;
#ifdef _OPENMP
        omp_fulfill_event(mine);
#else
        (void)mine;
#endif
#pragma omp taskwait
    }
    printf("creator fulfils: value=%d seen=%d later=%d total=%.1f\n", value, seen, later, total);
    return 0;
}
