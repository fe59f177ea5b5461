/*
 * omp.h - the OpenMP API that OmpSs programs call, as mcc provides it.
 *
 * mcc puts this directory ahead of the native compiler's own include path, so
 * `#include <omp.h>` and `#include "omp.h"` find this file instead of libgomp's.
 * nanort implements the functions; the prototypes are exactly those of nanort.h,
 * so a file may include both.
 *
 * The OpenMP 4.5 runtime routines that make sense without teams of threads (OmpSs runs
 * a `parallel` region once, its team being all the workers): the execution environment,
 * locks and nestable locks (owned by tasks), timing.  What a setter cannot change here it
 * keeps, so that the getter reads it back: omp_set_num_threads() before the runtime starts
 * sets the worker count (NX_ARGS/NX_SMP_WORKERS win), later it changes nothing.  There are
 * no OpenMP target devices (omp_get_num_devices() is 0): OmpSs devices are per task.
 * Also declares the Nanos++ calls OmpSs programs make (nanos.h), as Nanos++'s omp.h does.
 */
#ifndef MCC_OMP_H
#define MCC_OMP_H

#include "nanos.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of threads working on tasks (nanort's smp workers, the main thread included). */
int omp_get_num_threads(void);
/* The same: there are no nested parallel regions in OmpSs. */
int omp_get_max_threads(void);
/* Index of the calling worker, 0 for the main thread. */
int omp_get_thread_num(void);
/* Number of processors the program may use. */
int omp_get_num_procs(void);
/* Wall-clock time in seconds from an arbitrary fixed point in the past. */
double omp_get_wtime(void);
/* Seconds between two ticks of that clock. */
double omp_get_wtick(void);

/* detach(event) (OpenMP 5.0): the handle of a task's completion event; the task completes
 * once its body has ended and omp_fulfill_event(event) was called. */
typedef __UINTPTR_TYPE__ omp_event_handle_t;
void omp_fulfill_event(omp_event_handle_t event);

/* ---- execution environment (OpenMP 4.5, 3.2) ---------------------------------------- */
typedef enum omp_sched_t {
    omp_sched_static = 1,
    omp_sched_dynamic = 2,
    omp_sched_guided = 3,
    omp_sched_auto = 4
} omp_sched_t;

typedef enum omp_proc_bind_t {
    omp_proc_bind_false = 0,
    omp_proc_bind_true = 1,
    omp_proc_bind_master = 2,
    omp_proc_bind_close = 3,
    omp_proc_bind_spread = 4
} omp_proc_bind_t;

/* Before the runtime starts: the worker count (unless NX_ARGS/NX_SMP_WORKERS give one). */
void omp_set_num_threads(int num_threads);
/* Accepted and read back; nanort's worker count never changes while it runs. */
void omp_set_dynamic(int dynamic_threads);
int omp_get_dynamic(void);
void omp_set_nested(int nested);
int omp_get_nested(void);
void omp_set_max_active_levels(int max_levels);
int omp_get_max_active_levels(void);
int omp_get_thread_limit(void);
/* The schedule of schedule(runtime) loops (kept; default dynamic, 1 as libgomp). */
void omp_set_schedule(omp_sched_t kind, int chunk_size);
void omp_get_schedule(omp_sched_t *kind, int *chunk_size);
/* Enclosing parallel regions (0 outside them), active ones, whether in an active one. */
int omp_get_level(void);
int omp_get_active_level(void);
int omp_in_parallel(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
/* 1 inside a final task (and its descendants). */
int omp_in_final(void);
int omp_get_cancellation(void);
/* omp_proc_bind_true when nanort binds its workers to cores (--binding). */
omp_proc_bind_t omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num_procs(int place_num);
void omp_get_place_proc_ids(int place_num, int *ids);
int omp_get_place_num(void);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *place_nums);
void omp_set_default_device(int device_num);
int omp_get_default_device(void);
int omp_get_num_devices(void);
int omp_get_initial_device(void);
int omp_is_initial_device(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);
/* Every priority is honoured (higher first): INT_MAX. */
int omp_get_max_task_priority(void);

/* ---- depend objects (OpenMP 5.0 depobj) ------------------------------------------------- */
/* One dependence kept in a variable: `#pragma omp depobj(o) depend(inout: x)` fills it,
 * `update(in)` changes its type, `destroy` releases it; `depend(depobj: o)` on a task (or a
 * taskwait) is that dependence.  The runtime owns what __nrt_dep points to. */
typedef struct omp_depend_t {
    void *__nrt_dep;
} omp_depend_t;

/* ---- locks (OpenMP 4.5, 3.3): owned by tasks ------------------------------------------ */
/* While a task holds a lock, the thread running it runs only that task's descendants in
 * its waits, so that no unrelated task waits above it for the lock it holds; a descendant
 * that wants the lock its waiting ancestor holds stops the program with a message. */
typedef struct omp_lock_t {
    void *_omp_lock[2];
} omp_lock_t;
typedef struct omp_nest_lock_t {
    void *_omp_nest_lock[4];
} omp_nest_lock_t;
typedef enum omp_lock_hint_t {
    omp_lock_hint_none = 0,
    omp_lock_hint_uncontended = 1,
    omp_lock_hint_contended = 2,
    omp_lock_hint_nonspeculative = 4,
    omp_lock_hint_speculative = 8
} omp_lock_hint_t;

void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_lock_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_lock_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif

#endif /* MCC_OMP_H */
