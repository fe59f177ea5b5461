/*
 * nanos_api.c - the user-level Nanos++ calls OmpSs programs make (mcc/include/nanos.h),
 * with their Nanos++ meaning.  nanos_get_kernel_execution_stream() is device.c's (it needs
 * the manager's current task).  Task counts are estimates, as in Nanos++: other threads
 * change them while they are read.
 */
#include "nrt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum {
    NANOS_OK = 0,
    NANOS_UNKNOWN_ERR,
    NANOS_UNIMPLEMENTED,
    NANOS_ENOMEM,
    NANOS_INVALID_PARAM,
    NANOS_INVALID_REQUEST
} nanos_err_t;

void nanos_handle_error(nanos_err_t err)
{
    static const char *const what[] = {"no error", "an unknown error", "not implemented",
                                       "out of memory", "an invalid parameter",
                                       "an invalid request"};
    nrt_fatal("a Nanos++ call failed: %s (nanos_err_t %d)",
              (unsigned)err < sizeof what / sizeof what[0] ? what[err] : "an unknown error",
              (int)err);
}

nanos_err_t nanos_yield(void)
{
    nanort_taskyield();
    return NANOS_OK;
}

nanos_err_t nanos_in_final(bool *result)
{
    if (!result)
        return NANOS_INVALID_PARAM;
    *result = nanort_in_final() != 0;
    return NANOS_OK;
}

static unsigned clamp(long n)
{
    return n < 0 ? 0 : (unsigned)n;
}

/* Created and not finished. */
static long total_tasks(void)
{
    nrt_ensure_started();
    return nrt_live_tasks();
}

/* Queued for the smp workers (the devices' queues hold tasks already given to them). */
static long ready_tasks(void)
{
    nrt_ensure_started();
    return nrt_sched->queued(NULL);
}

/* Workers not idle: running a task body (or about to). */
static long running_tasks(void)
{
    nrt_ensure_started();
    return nrt_nworkers - atomic_load_explicit(&nrt_idle, memory_order_relaxed);
}

nanos_err_t nanos_get_num_total_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_ready_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(ready_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_running_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(running_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_nonready_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks() - ready_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_blocked_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks() - ready_tasks() - running_tasks());
    return NANOS_OK;
}

const char *nanos_get_default_scheduler(void)
{
    nrt_ensure_started();
    return nrt_sched->name;
}

const char *nanos_get_default_architecture(void)
{
    return "smp";
}

const char *nanos_get_pm(void)
{
    return "OmpSs";
}

static int spaces_of(enum nanort_device_kind kind)
{
    nrt_ensure_started();
    int n = 0;
    for (int s = 1; s < nrt_nspaces; s++)
        n += nrt_spaces[s]->ops->kind == kind;
    return n;
}

unsigned int nanos_get_opencl_num_devices(void)
{
    return (unsigned)spaces_of(NANORT_DEVICE_OPENCL);
}

int nanos_get_num_cuda_devices(void)
{
    return spaces_of(NANORT_DEVICE_CUDA);
}

void *ompss_opencl_malloc(size_t size)
{
    return malloc(size);
}

void ompss_opencl_free(void *address)
{
    free(address);
}

/* ---- pinned host memory -------------------------------------------------------------- */

/* What nanos_malloc_pinned_cuda() got from a device plugin (the rest came from malloc):
 * nanos_free_pinned_cuda() gives each back to whoever allocated it.  A pointer hash of
 * chains: a program allocates its tiles this way, a few thousand at most. */
struct pinned {
    void *p;
    const struct nrt_device_ops *ops;
    struct pinned *next;
};
#define PINNED_BUCKETS 256
static struct nrt_lock pinned_lock = NRT_LOCK_INITIALIZER;
static struct pinned *pinned[PINNED_BUCKETS];           /* pinned_lock */

static struct pinned **pinned_bucket(const void *p)
{
    uintptr_t h = (uintptr_t)p >> 4;
    return &pinned[(h ^ (h >> 8) ^ (h >> 16)) % PINNED_BUCKETS];
}

/* The first space of kind `kind` whose plugin allocates host memory, or NULL.  A program
 * without such a plugin (no CUDA parts) does not start the runtime for it. */
static struct nrt_space *host_memory_space(enum nanort_device_kind kind)
{
    if (!nrt_devices[kind] || !nrt_devices[kind]->host_alloc)
        return NULL;
    nrt_ensure_started();
    for (int s = 1; s < nrt_nspaces; s++)
        if (nrt_spaces[s]->ops->kind == kind)
            return nrt_spaces[s];
    return NULL;
}

/* Page-locked memory from the CUDA plugin when a GPU is used (its copies then need no
 * staging and return at once, as in Nanos++, which allocated it with cudaMallocHost);
 * malloc'd memory otherwise, or when the GPU has no pinned memory left. */
void *nanos_malloc_pinned_cuda(size_t size)
{
    struct nrt_space *s = size ? host_memory_space(NANORT_DEVICE_CUDA) : NULL;
    void *p = s ? s->ops->host_alloc(s, size) : NULL;
    if (!p) {
        if (s && nrt_cfg.verbose)
            fprintf(stderr, "nanort: nanos_malloc_pinned_cuda(%zu): no pinned memory left on "
                            "%s: pageable memory instead\n", size, s->name);
        return malloc(size);
    }
    struct pinned *e = nrt_xmalloc(sizeof *e);
    e->p = p;
    e->ops = s->ops;
    nrt_lock_acquire(&pinned_lock);
    struct pinned **b = pinned_bucket(p);
    e->next = *b;
    *b = e;
    nrt_lock_release(&pinned_lock);
    return p;
}

void nanos_free_pinned_cuda(void *address)
{
    if (!address)
        return;
    struct pinned *e = NULL;
    nrt_lock_acquire(&pinned_lock);
    for (struct pinned **pp = pinned_bucket(address); *pp; pp = &(*pp)->next)
        if ((*pp)->p == address) {
            e = *pp;
            *pp = e->next;
            break;
        }
    nrt_lock_release(&pinned_lock);
    if (!e) {
        free(address);
        return;
    }
    e->ops->host_free(address);
    free(e);
}

nanos_err_t nanos_get_num_sockets(int *num_sockets)
{
    if (!num_sockets)
        return NANOS_INVALID_PARAM;
    *num_sockets = 1;
    return NANOS_OK;
}

nanos_err_t nanos_current_socket(int socket)
{
    return socket == 0 ? NANOS_OK : NANOS_INVALID_PARAM;
}

/* ---- the running task ------------------------------------------------------------------ */

typedef void *nanos_wd_t;

/* Main's task is numbered 1; others get 2, 3, ... at their first nanos_get_wd_id(), kept
 * in their `id` (--trace and --graph number every task at creation: 1 is added to theirs). */
static atomic_uint_fast64_t next_wd_id = 1;

nanos_wd_t nanos_current_wd(void)
{
    nrt_ensure_started();
    return nrt_current ? nrt_current : nrt_root;
}

int nanos_get_wd_id(nanos_wd_t wd)
{
    struct nanort_task *t = wd;
    if (!t || t == nrt_root)
        return 1;
    if (nrt_instr_on)
        return (int)t->id + 1;
    /* Relaxed: the number only has to be unique; the compare-and-swap keeps the first
     * one given when two threads ask for the same task's at once. */
    uint64_t id = __atomic_load_n(&t->id, __ATOMIC_RELAXED);
    if (id)
        return (int)id;
    uint64_t mine = atomic_fetch_add_explicit(&next_wd_id, 1, memory_order_relaxed) + 1;
    if (!__atomic_compare_exchange_n(&t->id, &id, mine, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return (int)id;
    return (int)mine;
}

/* ---- Nanos++'s names of OpenMP's routines -------------------------------------------- */

void omp_set_num_threads(int n);

int nanos_omp_get_thread_num(void)
{
    return omp_get_thread_num();
}

int nanos_omp_get_num_threads(void)
{
    return omp_get_num_threads();
}

int nanos_omp_get_max_threads(void)
{
    return omp_get_max_threads();
}

void nanos_omp_set_num_threads(int nthreads)
{
    omp_set_num_threads(nthreads);
}

/* ---- memory ----------------------------------------------------------------------------- */

nanos_err_t nanos_malloc(void **p, size_t size, const char *file, int line)
{
    (void)file, (void)line;
    if (!p)
        return NANOS_INVALID_PARAM;
    *p = malloc(size ? size : 1);
    return *p ? NANOS_OK : NANOS_ENOMEM;
}

nanos_err_t nanos_memalign(void **p, size_t size, const char *file, int line)
{
    (void)file, (void)line;
    if (!p)
        return NANOS_INVALID_PARAM;
    long page = sysconf(_SC_PAGESIZE);
    if (posix_memalign(p, page > 0 ? (size_t)page : 4096, size ? size : 1) != 0)
        *p = NULL;
    return *p ? NANOS_OK : NANOS_ENOMEM;
}

nanos_err_t nanos_free(void *p)
{
    nanort_free(p);
    return NANOS_OK;
}

void nanos_free0(void *p)
{
    nanort_free(p);
}

/* ---- instrumentation: a dictionary of keys and their values, nothing recorded ------------ */

typedef unsigned int nanos_event_key_t;
typedef unsigned long long nanos_event_value_t;

struct instr_value {
    struct instr_value *next;
    char *name;
    nanos_event_value_t id;
};

struct instr_key {
    struct instr_key *next;
    char *name;
    nanos_event_key_t id;
    nanos_event_value_t last_value;     /* the highest value id given */
    struct instr_value *values;
};

static struct nrt_lock dict_lock = NRT_LOCK_INITIALIZER;
static struct instr_key *keys;          /* guarded by dict_lock */
static nanos_event_key_t nkeys;         /* guarded by dict_lock */

/* The key named `name`, registered when absent (*found tells which). */
static struct instr_key *key_named(const char *name, bool *found)
{
    NRT_ASSERT_HELD(&dict_lock);
    for (struct instr_key *k = keys; k; k = k->next)
        if (!strcmp(k->name, name))
            return *found = true, k;
    struct instr_key *k = calloc(1, sizeof *k);
    char *copy = strdup(name);
    if (!k || !copy)
        nrt_fatal("out of memory registering the instrumentation key '%s'", name);
    k->name = copy;
    k->id = ++nkeys;
    k->next = keys;
    keys = k;
    *found = false;
    return k;
}

/* The value `name` of key k, registered as `id` (0: the next number) when absent. */
static struct instr_value *value_named(struct instr_key *k, const char *name,
                                       nanos_event_value_t id, bool *found)
{
    NRT_ASSERT_HELD(&dict_lock);
    for (struct instr_value *v = k->values; v; v = v->next)
        if (!strcmp(v->name, name))
            return *found = true, v;
    struct instr_value *v = calloc(1, sizeof *v);
    char *copy = strdup(name);
    if (!v || !copy)
        nrt_fatal("out of memory registering the instrumentation value '%s' of key '%s'",
                  name, k->name);
    v->name = copy;
    v->id = id ? id : k->last_value + 1;
    if (v->id > k->last_value)
        k->last_value = v->id;
    v->next = k->values;
    k->values = v;
    *found = false;
    return v;
}

static void registered_twice(const char *what, const char *key, const char *value)
{
    nrt_fatal("nanos_instrument_register_%s: '%s%s%s' is registered already and "
              "abort_when_registered is true (register it once, or pass false)", what, key,
              value ? "' value '" : "", value ? value : "");
}

/* Register (or find) `key` and, when value is not NULL, its value `value` numbered `id`
 * (0: the next); their numbers in *key_id, *value_id when those are not NULL. */
static nanos_err_t instr_register(const char *key, const char *value, nanos_event_value_t id,
                                  bool abort_when_registered, nanos_event_key_t *key_id,
                                  nanos_event_value_t *value_id)
{
    if (!key || (value_id && !value))
        return NANOS_INVALID_PARAM;
    bool found = false;
    nrt_lock_acquire(&dict_lock);
    struct instr_key *k = key_named(key, &found);
    nanos_event_key_t kid = k->id;
    nanos_event_value_t vid = 0;
    if (value)
        vid = value_named(k, value, id, &found)->id;
    nrt_lock_release(&dict_lock);
    if (found && abort_when_registered)
        registered_twice(value ? "value" : "key", key, value);
    if (key_id)
        *key_id = kid;
    if (value_id)
        *value_id = vid;
    return NANOS_OK;
}

nanos_err_t nanos_instrument_register_key(nanos_event_key_t *event_key, const char *key,
                                          const char *description, bool abort_when_registered)
{
    (void)description;
    return instr_register(key, NULL, 0, abort_when_registered, event_key, NULL);
}

nanos_err_t nanos_instrument_register_value(nanos_event_value_t *event_value, const char *key,
                                            const char *value, const char *description,
                                            bool abort_when_registered)
{
    (void)description;
    if (!event_value)
        return NANOS_INVALID_PARAM;
    return instr_register(key, value, 0, abort_when_registered, NULL, event_value);
}

nanos_err_t nanos_instrument_register_value_with_val(nanos_event_value_t val, const char *key,
                                                     const char *value,
                                                     const char *description,
                                                     bool abort_when_registered)
{
    (void)description;
    if (!value)
        return NANOS_INVALID_PARAM;
    return instr_register(key, value, val, abort_when_registered, NULL, NULL);
}

/* What `key` (and its `value`, when not NULL) are numbered; NANOS_INVALID_REQUEST when one
 * is not registered. */
static nanos_err_t instr_lookup(const char *key, const char *value, nanos_event_key_t *key_id,
                                nanos_event_value_t *value_id)
{
    if (!key || (value_id && !value))
        return NANOS_INVALID_PARAM;
    nanos_err_t err = NANOS_INVALID_REQUEST;
    nrt_lock_acquire(&dict_lock);
    for (struct instr_key *k = keys; k; k = k->next) {
        if (strcmp(k->name, key) != 0)
            continue;
        if (key_id)
            *key_id = k->id, err = NANOS_OK;
        for (struct instr_value *v = value ? k->values : NULL; v; v = v->next)
            if (!strcmp(v->name, value))
                *value_id = v->id, err = NANOS_OK;
        break;
    }
    nrt_lock_release(&dict_lock);
    return err;
}

nanos_err_t nanos_instrument_get_key(const char *key, nanos_event_key_t *event_key)
{
    if (!event_key)
        return NANOS_INVALID_PARAM;
    return instr_lookup(key, NULL, event_key, NULL);
}

nanos_err_t nanos_instrument_get_value(const char *key, const char *value,
                                       nanos_event_value_t *event_value)
{
    if (!event_value)
        return NANOS_INVALID_PARAM;
    return instr_lookup(key, value, NULL, event_value);
}

nanos_err_t nanos_instrument_begin_burst(const char *key, const char *key_descr,
                                         const char *value, const char *value_descr)
{
    (void)key_descr, (void)value_descr;
    nanos_event_value_t v;
    return instr_register(key, value, 0, false, NULL, &v);
}

nanos_err_t nanos_instrument_end_burst(const char *key, const char *value)
{
    return key && value ? NANOS_OK : NANOS_INVALID_PARAM;
}

nanos_err_t nanos_instrument_begin_burst_with_val(const char *key, const char *key_descr,
                                                  nanos_event_value_t *val)
{
    (void)key_descr;
    if (!val)
        return NANOS_INVALID_PARAM;
    return instr_register(key, NULL, 0, false, NULL, NULL);
}

nanos_err_t nanos_instrument_end_burst_with_val(const char *key, nanos_event_value_t *val)
{
    return key && val ? NANOS_OK : NANOS_INVALID_PARAM;
}

nanos_err_t nanos_instrument_enable(void)
{
    return NANOS_OK;
}

nanos_err_t nanos_instrument_disable(void)
{
    return NANOS_OK;
}
