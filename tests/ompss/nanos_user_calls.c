/* The Nanos++ calls that OmpSs programs make besides omp.h's (declared by nanos.h):
 * nanos_omp_get_thread_num/num_threads/max_threads in range inside tasks (they were not
 * declared, and the link failed), nanos_get_wd_id(nanos_current_wd()) different in every
 * task and from main's, nanos_malloc / nanos_memalign (page-aligned) / nanos_free /
 * nanos_free0 in main and inside tasks, the instrumentation dictionary (a key and its
 * values registered, found again by name, numbered apart) and bursts around work. */
#include "ompss_check.h"
#include <nanos.h>
#include <stdint.h>

#define NT 32
#define LEN 64

static int ids[NT];
static int out_of_range;

int main(void)
{
    int main_wd = nanos_get_wd_id(nanos_current_wd());
    CHECK(main_wd == nanos_get_wd_id(nanos_current_wd()), "main's number changed");
    int max = nanos_omp_get_max_threads();
    CHECK(max >= 1 && nanos_omp_get_num_threads() >= 1, "max %d", max);

    double *in = NULL, *out = NULL;
    NANOS_SAFE(nanos_malloc((void **)&in, NT * LEN * sizeof *in, __FILE__, __LINE__));
    NANOS_SAFE(nanos_memalign((void **)&out, NT * sizeof *out, __FILE__, __LINE__));
    CHECK(in && out && (uintptr_t)out % 4096 == 0, "nanos_memalign gave %p", (void *)out);

    nanos_event_key_t key, again;
    nanos_event_value_t init, compute, found;
    NANOS_SAFE(nanos_instrument_register_key(&key, "phase", "Program phase", true));
    NANOS_SAFE(nanos_instrument_register_value(&init, "phase", "init", "Initialisation", true));
    NANOS_SAFE(nanos_instrument_register_value(&compute, "phase", "compute", "Work", true));
    NANOS_SAFE(nanos_instrument_get_key("phase", &again));
    NANOS_SAFE(nanos_instrument_get_value("phase", "compute", &found));
    CHECK(again == key && init != compute && found == compute && init != 0 && compute != 0,
          "key %u/%u values %llu %llu %llu", key, again, init, compute, found);
    CHECK(nanos_instrument_get_value("phase", "nothing", &found) != NANOS_OK,
          "an unregistered value was found");
    NANOS_SAFE(nanos_instrument_register_key(&again, "phase", "Program phase", false));
    CHECK(again == key, "registering again without abort gave key %u, not %u", again, key);

    NANOS_SAFE(nanos_instrument_begin_burst("phase", "Program phase", "init", "Init"));
    for (int i = 0; i < NT * LEN; i++)
        in[i] = i % 97;
    NANOS_SAFE(nanos_instrument_end_burst("phase", "init"));

    NANOS_SAFE(nanos_instrument_begin_burst_with_val("phase", "Program phase", &compute));
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i) in(in[i * LEN; LEN]) out(out[i])
        {
            int t = nanos_omp_get_thread_num();
            if (t < 0 || t >= nanos_omp_get_num_threads() || t >= max) {
#pragma omp atomic
                out_of_range++;
            }
            ids[i] = nanos_get_wd_id(nanos_current_wd());
            double *tmp;
            NANOS_SAFE(nanos_malloc((void **)&tmp, LEN * sizeof *tmp, __FILE__, __LINE__));
            for (int k = 0; k < LEN; k++)
                tmp[k] = in[i * LEN + k] * 2;
            double s = 0;
            for (int k = 0; k < LEN; k++)
                s += tmp[k];
            delay(50);
            out[i] = s;
            NANOS_SAFE(nanos_free(tmp));
        }
    }
#pragma omp taskwait
    NANOS_SAFE(nanos_instrument_end_burst_with_val("phase", &compute));

    CHECK(out_of_range == 0, "%d tasks saw a thread number out of range", out_of_range);
    for (int i = 0; i < NT; i++) {
        double s = 0;
        for (int k = 0; k < LEN; k++)
            s += (i * LEN + k) % 97 * 2;
        CHECK(out[i] == s, "out[%d] = %g, expected %g", i, out[i], s);
        /* Every task has a number of its own; sequentially they all are main's. */
        CHECK((ids[i] != main_wd) == OMPSS_RUN, "task %d numbered %d, main %d", i, ids[i],
              main_wd);
        for (int j = 0; OMPSS_RUN && j < i; j++)
            CHECK(ids[i] != ids[j], "tasks %d and %d both numbered %d", i, j, ids[i]);
    }
    nanos_free0(in);
    NANOS_SAFE(nanos_free(out));
    return result_ok();
}
