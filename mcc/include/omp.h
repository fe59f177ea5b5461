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
 * locks and nestable locks (owned by tasks), timing; and OpenMP 5.0's memory allocators,
 * affinity format, depend objects and the host's device-memory routines.  What a setter cannot change here it
 * keeps, so that the getter reads it back: omp_set_num_threads() before the runtime starts
 * sets the worker count (NX_ARGS/NX_SMP_WORKERS win), later it changes nothing.  There are
 * no OpenMP target devices (omp_get_num_devices() is 0): OmpSs devices are per task.
 * Also declares the Nanos++ calls OmpSs programs make (nanos.h), as Nanos++'s omp.h does.
 */
#ifndef MCC_OMP_H
#define MCC_OMP_H
/* A system header, as the native compiler's omp.h is: the handle enums below need values
 * beyond int, which -pedantic would report in every program that includes this file.  (Not
 * when it is compiled alone: the pragma is refused outside an included file.) */
#if __INCLUDE_LEVEL__ > 0
#pragma GCC system_header
#endif

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
    omp_sched_auto = 4,
    omp_sched_monotonic = 0x80000000u
} omp_sched_t;

typedef enum omp_proc_bind_t {
    omp_proc_bind_false = 0,
    omp_proc_bind_true = 1,
    omp_proc_bind_primary = 2,      /* (OpenMP 5.1's name for master) */
    omp_proc_bind_master = omp_proc_bind_primary,
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

/* ---- OpenMP 5.0/5.1 environment routines ------------------------------------------------ */
/* What OMP_DISPLAY_ENV=true prints, nanort's settings included, on stderr. */
void omp_display_env(int verbose);
/* The host is the one device: the initial device's number. */
int omp_get_device_num(void);
/* Nested regions run as teams of one here: 1. */
int omp_get_supported_active_levels(void);
/* One team; the values are kept and read back. */
void omp_set_num_teams(int num_teams);
int omp_get_max_teams(void);
void omp_set_teams_thread_limit(int thread_limit);
int omp_get_teams_thread_limit(void);
typedef enum omp_pause_resource_t {
    omp_pause_soft = 1,
    omp_pause_hard = 2
} omp_pause_resource_t;
int omp_pause_resource(omp_pause_resource_t kind, int device_num);
int omp_pause_resource_all(omp_pause_resource_t kind);
/* OMP_AFFINITY_FORMAT's fields (%n or {thread_num}, %N, %L, %a, %t, %T, %H, %P, %i, %A,
 * with optional 0, . and a width), for the calling thread. */
void omp_set_affinity_format(const char *format);
__SIZE_TYPE__ omp_get_affinity_format(char *buffer, __SIZE_TYPE__ size);
void omp_display_affinity(const char *format);
__SIZE_TYPE__ omp_capture_affinity(char *buffer, __SIZE_TYPE__ size, const char *format);

/* ---- memory allocators (OpenMP 5.0) -------------------------------------------------------- */
/* Every memory space is the host's memory.  Predefined allocators are malloc with their
 * default traits; omp_init_allocator honours alignment, pool_size and fallback (the other
 * traits are accepted).  omp_free and omp_realloc take any allocator (or none): each block
 * knows its own. */
typedef __UINTPTR_TYPE__ omp_uintptr_t;
typedef enum omp_memspace_handle_t {
    omp_default_mem_space = 0,
    omp_large_cap_mem_space = 1,
    omp_const_mem_space = 2,
    omp_high_bw_mem_space = 3,
    omp_low_lat_mem_space = 4,
    __omp_memspace_handle_t_max__ = __UINTPTR_MAX__
} omp_memspace_handle_t;
typedef enum omp_allocator_handle_t {
    omp_null_allocator = 0,
    omp_default_mem_alloc = 1,
    omp_large_cap_mem_alloc = 2,
    omp_const_mem_alloc = 3,
    omp_high_bw_mem_alloc = 4,
    omp_low_lat_mem_alloc = 5,
    omp_cgroup_mem_alloc = 6,
    omp_pteam_mem_alloc = 7,
    omp_thread_mem_alloc = 8,
    __omp_allocator_handle_t_max__ = __UINTPTR_MAX__
} omp_allocator_handle_t;
typedef enum omp_alloctrait_key_t {
    omp_atk_sync_hint = 1,
    omp_atk_alignment = 2,
    omp_atk_access = 3,
    omp_atk_pool_size = 4,
    omp_atk_fallback = 5,
    omp_atk_fb_data = 6,
    omp_atk_pinned = 7,
    omp_atk_partition = 8
} omp_alloctrait_key_t;
typedef enum omp_alloctrait_value_t {
    omp_atv_default = (__UINTPTR_TYPE__)-1,
    omp_atv_false = 0,
    omp_atv_true = 1,
    omp_atv_contended = 3,
    omp_atv_uncontended = 4,
    omp_atv_serialized = 5,
    omp_atv_sequential = omp_atv_serialized,
    omp_atv_private = 6,
    omp_atv_all = 7,
    omp_atv_thread = 8,
    omp_atv_pteam = 9,
    omp_atv_cgroup = 10,
    omp_atv_default_mem_fb = 11,
    omp_atv_null_fb = 12,
    omp_atv_abort_fb = 13,
    omp_atv_allocator_fb = 14,
    omp_atv_environment = 15,
    omp_atv_nearest = 16,
    omp_atv_blocked = 17,
    omp_atv_interleaved = 18
} omp_alloctrait_value_t;
typedef struct omp_alloctrait_t {
    omp_alloctrait_key_t key;
    omp_uintptr_t value;
} omp_alloctrait_t;

omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[]);
void omp_destroy_allocator(omp_allocator_handle_t allocator);
void omp_set_default_allocator(omp_allocator_handle_t allocator);
omp_allocator_handle_t omp_get_default_allocator(void);
void *omp_alloc(__SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator);
void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                         omp_allocator_handle_t allocator);
void *omp_realloc(void *ptr, __SIZE_TYPE__ size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator);
void omp_free(void *ptr, omp_allocator_handle_t allocator);

/* ---- device memory (OpenMP 4.5): the host (omp_get_initial_device()) is the one device */
void *omp_target_alloc(__SIZE_TYPE__ size, int device_num);
void omp_target_free(void *device_ptr, int device_num);
int omp_target_is_present(const void *ptr, int device_num);
int omp_target_memcpy(void *dst, const void *src, __SIZE_TYPE__ length,
                      __SIZE_TYPE__ dst_offset, __SIZE_TYPE__ src_offset, int dst_device_num,
                      int src_device_num);
int omp_target_memcpy_rect(void *dst, const void *src, __SIZE_TYPE__ element_size,
                           int num_dims, const __SIZE_TYPE__ *volume,
                           const __SIZE_TYPE__ *dst_offsets, const __SIZE_TYPE__ *src_offsets,
                           const __SIZE_TYPE__ *dst_dimensions,
                           const __SIZE_TYPE__ *src_dimensions, int dst_device_num,
                           int src_device_num);
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                             __SIZE_TYPE__ size, __SIZE_TYPE__ device_offset, int device_num);
int omp_target_disassociate_ptr(const void *ptr, int device_num);

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
/* The hints of locks and of the hint clause of critical and atomic (OpenMP 5.0; the lock
 * hints are their older names, as in libgomp's omp.h).  Advice: nanort takes none. */
typedef enum omp_sync_hint_t {
    omp_sync_hint_none = 0,
    omp_lock_hint_none = omp_sync_hint_none,
    omp_sync_hint_uncontended = 1,
    omp_lock_hint_uncontended = omp_sync_hint_uncontended,
    omp_sync_hint_contended = 2,
    omp_lock_hint_contended = omp_sync_hint_contended,
    omp_sync_hint_nonspeculative = 4,
    omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
    omp_sync_hint_speculative = 8,
    omp_lock_hint_speculative = omp_sync_hint_speculative
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;

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
