/* The Nanos++ instrumentation calls as OmpSs programs make them (BSC's examples: a tile
 * task raises a "flops" burst with nanos_instrument_events around its work; main marks its
 * phases with named bursts and a point event): every call returns NANOS_OK, an event of a
 * key never registered is refused, and the program computes what its sequential build
 * computes.  Under --trace (tests/instr/run.sh user-events) the trace has the events with
 * their names.  Before: nanos_instrument_events and nanos_event_t did not exist. */
#include <nanos.h>
#include <stdio.h>

#define NT 8
#define TS 16

static double tiles[NT][TS];

#pragma omp task inout([TS]t) firstprivate(k)
static void scale_tile(double *t, int k)
{
    nanos_event_t e;
    NANOS_SAFE(nanos_instrument_get_key("flops", &e.key));
    e.type = NANOS_BURST_START;
    e.value = 1000 + (nanos_event_value_t)k;    /* the tile's flop count, say */
    NANOS_SAFE(nanos_instrument_events(1, &e));
    for (int i = 0; i < TS; i++)
        t[i] = t[i] * 2 + k;
    e.type = NANOS_BURST_END;
    NANOS_SAFE(nanos_instrument_events(1, &e));
}

int main(void)
{
    nanos_event_key_t flops, phase, fn;
    nanos_event_value_t init, done, own;
    NANOS_SAFE(nanos_instrument_register_key(&flops, "flops", "Flops of a tile", false));
    NANOS_SAFE(nanos_instrument_register_key(&phase, "phase", "Program phase", false));
    NANOS_SAFE(nanos_instrument_register_value(&init, "phase", "init", "Initialisation", false));
    NANOS_SAFE(nanos_instrument_register_value(&done, "phase", "done", "Results checked", false));
    /* Nanos++'s own key, which Mercurium's generated code looks up */
    NANOS_SAFE(nanos_instrument_get_key("user-funct-name", &fn));
    NANOS_SAFE(nanos_instrument_register_value(&own, "user-funct-name", "main_phase",
                                               "main's own phase", false));

    NANOS_SAFE(nanos_instrument_begin_burst("phase", "Program phase", "init", "Initialisation"));
    for (int k = 0; k < NT; k++)
        for (int i = 0; i < TS; i++)
            tiles[k][i] = k * TS + i;
    NANOS_SAFE(nanos_instrument_end_burst("phase", "init"));

    NANOS_SAFE(nanos_instrument_enter_burst(fn, own));
    for (int k = 0; k < NT; k++)
        scale_tile(tiles[k], k);
#pragma omp taskwait
    NANOS_SAFE(nanos_instrument_leave_burst(fn));

    /* off: these are not recorded (and still succeed) */
    NANOS_SAFE(nanos_instrument_disable());
    NANOS_SAFE(nanos_instrument_point_event(1, &phase, &init));
    NANOS_SAFE(nanos_instrument_enable());

    double sum = 0;
    for (int k = 0; k < NT; k++)
        for (int i = 0; i < TS; i++)
            sum += tiles[k][i];
    NANOS_SAFE(nanos_instrument_point_event(1, &phase, &done));
    nanos_event_t state = {.type = NANOS_STATE_START};
    NANOS_SAFE(nanos_instrument_events(1, &state));     /* accepted: the runtime's states */
    NANOS_SAFE(nanos_instrument_enter_state(NANOS_RUNNING));
    NANOS_SAFE(nanos_instrument_leave_state());
    NANOS_SAFE(nanos_instrument_close_user_fun_event());

    nanos_event_t bad = {.type = NANOS_POINT, .key = 4242, .value = 1};
    if (nanos_instrument_events(1, &bad) != NANOS_INVALID_PARAM) {
        printf("an event of an unregistered key was accepted\n");
        return 1;
    }
    printf("sum %.1f\n", sum);
    return 0;
}
