/*
 * nanos_api.c - the user-level Nanos++ calls OmpSs programs make (mcc/include/nanos.h),
 * with their Nanos++ meaning.  nanos_get_kernel_execution_stream() is device.c's (it needs
 * the manager's current task).  Task counts are estimates, as in Nanos++: other threads
 * change them while they are read.
 */
#include "nrt.h"
#include "../mcc/include/nanos.h"       /* the API, its types: as programs see them */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The processors the system has (configured, online or not), as Nanos++'s. */
int nanos_omp_get_max_processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_CONF);
    return n > 0 ? (int)n : 1;
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

/* ---- the runtime and the nodes it runs on ------------------------------------------------ */

const char *nanos_get_runtime_version(void)
{
#define NRT_STR2(x) #x
#define NRT_STR(x) NRT_STR2(x)
    return "nanort " NRT_STR(NANORT_VERSION_MAJOR) "." NRT_STR(NANORT_VERSION_MINOR);
#undef NRT_STR
#undef NRT_STR2
}

/* This process's node: its rank in a cluster run (--cluster under mpirun), else 0. */
nanos_err_t nanos_get_node_num(unsigned int *num)
{
    if (!num)
        return NANOS_INVALID_PARAM;
    nrt_ensure_started();
    *num = nrt_cluster.active ? (unsigned)nrt_cluster.rank : 0;
    return NANOS_OK;
}

int nanos_get_num_nodes(void)
{
    nrt_ensure_started();
    return nrt_cluster.active ? nrt_cluster.size : 1;
}

/* Whether the workers are bound to cores (--binding, and they fill the cores). */
nanos_err_t nanos_get_default_binding(bool *res)
{
    if (!res)
        return NANOS_INVALID_PARAM;
    nrt_ensure_started();
    *res = nrt_workers_bound();
    return NANOS_OK;
}

nanos_err_t nanos_memcpy(void *dest, const void *src, size_t n)
{
    if (n && (!dest || !src))
        return NANOS_INVALID_PARAM;
    if (n)
        memmove(dest, src, n);
    return NANOS_OK;
}

/* ---- instrumentation: a dictionary of keys and their values, user events ------------------
 * Keys and values are registered by name (with a description, which the Paraver .pcf shows)
 * and numbered; the events a program raises (bursts, points, nanos_instrument_events) go to
 * the trace (--trace: instr.c's nrt_instr_user_event) as key = value on the calling thread,
 * a burst's end as key = 0.  Nanos++'s own key "user-funct-name" is there from the start. */

struct instr_value {
    struct instr_value *next;
    char *name, *descr;
    nanos_event_value_t id;
};

struct instr_key {
    struct instr_key *next;
    char *name, *descr;
    nanos_event_key_t id;
    nanos_event_value_t last_value;     /* the highest value id given */
    struct instr_value *values;
};

static struct nrt_lock dict_lock = NRT_LOCK_INITIALIZER;
static struct instr_key *keys;          /* guarded by dict_lock; names never freed */
static nanos_event_key_t nkeys;         /* guarded by dict_lock */
/* nanos_instrument_disable(): no user event is recorded until nanos_instrument_enable()
 * (relaxed: a switch the program flips between phases, no data hangs on it). */
static atomic_bool user_events_off;

static char *dict_strdup(const char *s)
{
    char *copy = strdup(s ? s : "");
    if (!copy)
        nrt_fatal("out of memory registering the instrumentation name '%s'", s);
    return copy;
}

static struct instr_key *new_key(const char *name, const char *descr)
{
    NRT_ASSERT_HELD(&dict_lock);
    struct instr_key *k = calloc(1, sizeof *k);
    if (!k)
        nrt_fatal("out of memory registering the instrumentation key '%s'", name);
    k->name = dict_strdup(name);
    k->descr = dict_strdup(descr);
    k->id = ++nkeys;
    k->next = keys;
    keys = k;
    return k;
}

/* Nanos++ has its keys before the program registers any: the one programs look up. */
static void predefined_keys(void)
{
    NRT_ASSERT_HELD(&dict_lock);
    if (!nkeys)
        new_key("user-funct-name", "User Function Name");
}

/* The key named `name`, registered (with `descr`) when absent (*found tells which). */
static struct instr_key *key_named(const char *name, const char *descr, bool *found)
{
    NRT_ASSERT_HELD(&dict_lock);
    predefined_keys();
    for (struct instr_key *k = keys; k; k = k->next)
        if (!strcmp(k->name, name))
            return *found = true, k;
    *found = false;
    return new_key(name, descr);
}

/* The value `name` of key k, registered as `id` (0: the next number) with `descr` when
 * absent. */
static struct instr_value *value_named(struct instr_key *k, const char *name, const char *descr,
                                       nanos_event_value_t id, bool *found)
{
    NRT_ASSERT_HELD(&dict_lock);
    for (struct instr_value *v = k->values; v; v = v->next)
        if (!strcmp(v->name, name))
            return *found = true, v;
    struct instr_value *v = calloc(1, sizeof *v);
    if (!v)
        nrt_fatal("out of memory registering the instrumentation value '%s' of key '%s'",
                  name, k->name);
    v->name = dict_strdup(name);
    v->descr = dict_strdup(descr);
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
 * (0: the next), with their descriptions; their numbers in *key_id, *value_id when those
 * are not NULL. */
static nanos_err_t instr_register(const char *key, const char *key_descr, const char *value,
                                  const char *value_descr, nanos_event_value_t id,
                                  bool abort_when_registered, nanos_event_key_t *key_id,
                                  nanos_event_value_t *value_id)
{
    if (!key || (value_id && !value))
        return NANOS_INVALID_PARAM;
    bool found = false;
    nrt_lock_acquire(&dict_lock);
    struct instr_key *k = key_named(key, key_descr, &found);
    nanos_event_key_t kid = k->id;
    nanos_event_value_t vid = 0;
    if (value)
        vid = value_named(k, value, value_descr, id, &found)->id;
    nrt_lock_release(&dict_lock);
    if (found && abort_when_registered)
        registered_twice(value ? "value" : "key", key, value);
    if (key_id)
        *key_id = kid;
    if (value_id)
        *value_id = vid;
    return NANOS_OK;
}

void nrt_user_keys_each(void (*key_fn)(void *arg, unsigned key, const char *name,
                                       const char *descr),
                        void (*value_fn)(void *arg, unsigned key, uint64_t value,
                                         const char *name, const char *descr),
                        void *arg)
{
    nrt_lock_acquire(&dict_lock);
    for (struct instr_key *k = keys; k; k = k->next) {
        key_fn(arg, k->id, k->name, k->descr);
        for (struct instr_value *v = k->values; v; v = v->next)
            value_fn(arg, k->id, v->id, v->name, v->descr);
    }
    nrt_lock_release(&dict_lock);
}

const char *nrt_user_key_name(unsigned key, uint64_t value, const char **value_name)
{
    const char *name = NULL;
    *value_name = NULL;
    nrt_lock_acquire(&dict_lock);
    for (struct instr_key *k = keys; k && !name; k = k->next) {
        if (k->id != key)
            continue;
        name = k->name;
        for (struct instr_value *v = k->values; v && !*value_name; v = v->next)
            if (v->id == value)
                *value_name = v->name;
    }
    nrt_lock_release(&dict_lock);
    return name;
}

/* Whether `key` was registered (an event of another key is refused). */
static bool key_registered(nanos_event_key_t key)
{
    nrt_lock_acquire(&dict_lock);
    predefined_keys();
    bool ok = key >= 1 && key <= nkeys;
    nrt_lock_release(&dict_lock);
    return ok;
}

/* key = value on this thread now (0: a burst of key ends). */
static nanos_err_t user_event(nanos_event_key_t key, nanos_event_value_t value)
{
    if (!key_registered(key))
        return NANOS_INVALID_PARAM;
    if (atomic_load_explicit(&user_events_off, memory_order_relaxed))
        return NANOS_OK;
    nrt_ensure_started();           /* Nanos++ runs from the start: so are its traces */
    nrt_instr_user_event(key, value);
    return NANOS_OK;
}

nanos_err_t nanos_instrument_register_key(nanos_event_key_t *event_key, const char *key,
                                          const char *description, bool abort_when_registered)
{
    return instr_register(key, description, NULL, NULL, 0, abort_when_registered, event_key,
                          NULL);
}

nanos_err_t nanos_instrument_register_value(nanos_event_value_t *event_value, const char *key,
                                            const char *value, const char *description,
                                            bool abort_when_registered)
{
    if (!event_value)
        return NANOS_INVALID_PARAM;
    return instr_register(key, NULL, value, description, 0, abort_when_registered, NULL,
                          event_value);
}

nanos_err_t nanos_instrument_register_value_with_val(nanos_event_value_t val, const char *key,
                                                     const char *value,
                                                     const char *description,
                                                     bool abort_when_registered)
{
    if (!value)
        return NANOS_INVALID_PARAM;
    return instr_register(key, NULL, value, description, val, abort_when_registered, NULL,
                          NULL);
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
    predefined_keys();
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

/* The key named `key` (registered with `descr` when absent), *value_id its value `value`
 * (registered with `value_descr`) when value is not NULL. */
static nanos_err_t burst_key(const char *key, const char *descr, const char *value,
                             const char *value_descr, nanos_event_key_t *kid,
                             nanos_event_value_t *value_id)
{
    return instr_register(key, descr, value, value_descr, 0, false, kid, value_id);
}

nanos_err_t nanos_instrument_begin_burst(const char *key, const char *key_descr,
                                         const char *value, const char *value_descr)
{
    nanos_event_key_t k;
    nanos_event_value_t v;
    nanos_err_t err = burst_key(key, key_descr, value, value_descr, &k, &v);
    return err != NANOS_OK ? err : user_event(k, v);
}

nanos_err_t nanos_instrument_end_burst(const char *key, const char *value)
{
    nanos_event_key_t k;
    nanos_event_value_t v;
    if (!key || !value)
        return NANOS_INVALID_PARAM;
    nanos_err_t err = instr_lookup(key, value, &k, &v);
    return err != NANOS_OK ? err : user_event(k, 0);
}

nanos_err_t nanos_instrument_begin_burst_with_val(const char *key, const char *key_descr,
                                                  nanos_event_value_t *val)
{
    nanos_event_key_t k;
    if (!val)
        return NANOS_INVALID_PARAM;
    nanos_err_t err = burst_key(key, key_descr, NULL, NULL, &k, NULL);
    return err != NANOS_OK ? err : user_event(k, *val);
}

nanos_err_t nanos_instrument_end_burst_with_val(const char *key, nanos_event_value_t *val)
{
    nanos_event_key_t k;
    if (!key || !val)
        return NANOS_INVALID_PARAM;
    nanos_err_t err = instr_lookup(key, NULL, &k, NULL);
    return err != NANOS_OK ? err : user_event(k, 0);
}

nanos_err_t nanos_instrument_enter_burst(nanos_event_key_t key, nanos_event_value_t value)
{
    return user_event(key, value);
}

nanos_err_t nanos_instrument_leave_burst(nanos_event_key_t key)
{
    return user_event(key, 0);
}

/* nkvs pairs keys[i] = values[i] at once (a point event, or the data of a point-to-point
 * event: the runtime draws its own communications, the dependences). */
nanos_err_t nanos_instrument_point_event(unsigned int nkvs, nanos_event_key_t *keys_,
                                         nanos_event_value_t *values)
{
    if (nkvs && (!keys_ || !values))
        return NANOS_INVALID_PARAM;
    for (unsigned i = 0; i < nkvs; i++)
        if (!key_registered(keys_[i]))
            return NANOS_INVALID_PARAM;
    for (unsigned i = 0; i < nkvs; i++)
        (void)user_event(keys_[i], values[i]);
    return NANOS_OK;
}

nanos_err_t nanos_instrument_ptp_start(nanos_event_domain_t domain, nanos_event_id_t id,
                                       unsigned int nkvs, nanos_event_key_t *keys_,
                                       nanos_event_value_t *values)
{
    (void)domain, (void)id;
    return nanos_instrument_point_event(nkvs, keys_, values);
}

nanos_err_t nanos_instrument_ptp_end(nanos_event_domain_t domain, nanos_event_id_t id,
                                     unsigned int nkvs, nanos_event_key_t *keys_,
                                     nanos_event_value_t *values)
{
    (void)domain, (void)id;
    return nanos_instrument_point_event(nkvs, keys_, values);
}

/* Bursts, points and the key-value pairs of point-to-point events are recorded; thread
 * states are the runtime's own (its trace has them), so the state events are accepted
 * and not recorded.  Checked first: nothing is recorded of a list with a bad event. */
nanos_err_t nanos_instrument_events(unsigned int num_events, nanos_event_t events[])
{
    if (num_events && !events)
        return NANOS_INVALID_PARAM;
    for (unsigned i = 0; i < num_events; i++) {
        nanos_event_type_t t = events[i].type;
        if ((unsigned)t >= EVENT_TYPES)
            return NANOS_INVALID_PARAM;
        if (t >= NANOS_BURST_START && !key_registered(events[i].key))
            return NANOS_INVALID_PARAM;
    }
    for (unsigned i = 0; i < num_events; i++)
        if (events[i].type >= NANOS_BURST_START)
            (void)user_event(events[i].key,
                             events[i].type == NANOS_BURST_END ? 0 : events[i].value);
    return NANOS_OK;
}

nanos_err_t nanos_instrument_enter_state(nanos_event_state_value_t state)
{
    (void)state;
    return NANOS_OK;
}

nanos_err_t nanos_instrument_leave_state(void)
{
    return NANOS_OK;
}

nanos_err_t nanos_instrument_disable_state_events(nanos_event_state_value_t state)
{
    (void)state;
    return NANOS_OK;
}

nanos_err_t nanos_instrument_enable_state_events(void)
{
    return NANOS_OK;
}

/* Mercurium's code ends the user function event of an outlined task with it: nanort
 * writes the task spans itself. */
nanos_err_t nanos_instrument_close_user_fun_event(void)
{
    return NANOS_OK;
}

/* Around a hand-written CUDA launch: the trace has the task's kernels already. */
nanos_err_t nanos_instrument_raise_gpu_kernel_launch_event(void)
{
    return NANOS_OK;
}

nanos_err_t nanos_instrument_close_gpu_kernel_launch_event(void)
{
    return NANOS_OK;
}

nanos_err_t nanos_instrument_enable(void)
{
    atomic_store_explicit(&user_events_off, false, memory_order_relaxed);
    return NANOS_OK;
}

nanos_err_t nanos_instrument_disable(void)
{
    atomic_store_explicit(&user_events_off, true, memory_order_relaxed);
    return NANOS_OK;
}
