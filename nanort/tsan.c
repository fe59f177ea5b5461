/*
 * tsan.c - telling ThreadSanitizer about the happens-before edges the runtime creates, so
 * that programs built with `mcc -fsanitize=thread` get reports for their own races only
 * (the approach of Archer for OpenMP runtimes).
 *
 * libnanort itself is not instrumented: TSan sees the program's accesses (task bodies,
 * the generated code that packs arguments) and the pthread calls the runtime makes, but
 * not the lock-free paths (work-stealing deques, the pending and predecessor counters)
 * through which one task's effects reach another.  So the runtime names them with
 * __tsan_release(addr) before and __tsan_acquire(addr) after each edge:
 *   creation -> start            release(t) at submit, acquire(t) before the body
 *   body end, child completion   release(&t->pending) before the decrement; whoever
 *     -> the task's completion   completes t, and a taskwait that returns, acquire it
 *   completion -> successor      release(s) before s's predecessor count drops
 *   taskwait on                  the waiter is released like a successor
 *   block reuse                  release(t) when freed, acquire(t) when allocated again
 *   critical, commutative        release at leave / give back, acquire at enter / take
 *   a team of threads            release(tm) before its members start, acquire(tm) in
 *     (omp_api.c)                each; release(&tm->gen) at a barrier's arrival, acquire
 *                                after it; release(&tm->running) at a member's end, acquire
 *                                when the region's thread has seen every member end
 * The two functions are weak references, resolved when the program carries the TSan
 * runtime, so libnanort needs no TSan build and other programs pay one predictable
 * branch per hook (nrt_tsan_on).  A runtime itself built with -fsanitize=thread (its own
 * tests) leaves them off: there the annotations would hide the runtime's own races.
 */
#include "nrt.h"

extern void __tsan_acquire(void *addr) __attribute__((weak));
extern void __tsan_release(void *addr) __attribute__((weak));

bool nrt_tsan_on;

void nrt_tsan_start(void)
{
#if defined(__SANITIZE_THREAD__)
    nrt_tsan_on = false;
#else
    nrt_tsan_on = __tsan_acquire != NULL && __tsan_release != NULL;
#endif
}

void nrt_tsan_acquire_slow(const void *addr)
{
    __tsan_acquire((void *)addr);
}

void nrt_tsan_release_slow(const void *addr)
{
    __tsan_release((void *)addr);
}
