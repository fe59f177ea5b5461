/*
 * instr.c - --trace (Chrome trace-event JSON) and --graph (Graphviz dot).
 * PLACEHOLDER until instrumentation lands.
 */
#include "nrt.h"

bool nrt_instr_on;
void nrt_instr_start(void) {}
void nrt_instr_stop(void) {}
void nrt_instr_task_created(struct nanort_task *t) { (void)t; }
void nrt_instr_dep(struct nanort_task *p, struct nanort_task *s, unsigned k) { (void)p; (void)s; (void)k; }
void nrt_instr_task_begin(struct nanort_task *t, int track) { (void)t; (void)track; }
void nrt_instr_task_end(struct nanort_task *t, int track) { (void)t; (void)track; }
void nrt_instr_transfer(int a, int b, size_t n, uint64_t t0, uint64_t t1, int track)
{ (void)a; (void)b; (void)n; (void)t0; (void)t1; (void)track; }
