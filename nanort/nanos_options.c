/*
 * nanos_options.c - the Nanos++ options and NX_ variables that nanort does not have.
 *
 * OmpSs users keep their Nanos++ settings in NX_ARGS and in NX_ variables for every run:
 * each option Nanos++ has and nanort does not is accepted with one warning that says what
 * nanort does instead; those with an equivalent are taken as it (an alias).  Scheduling
 * policies of Nanos++ that nanort lacks queue as dbf, also with one warning.  config.c
 * asks here only for names it does not know itself; an unknown option in NX_ARGS stays
 * an error there, an unknown NX_ variable a warning.
 *
 * Names: the NX_ARGS spelling of Nanos++ (its Config::registerArgOption) and, where
 * Nanos++ reads a variable whose name is not the mechanical NX_<OPTION> form, that
 * variable (registerEnvOption: NX_GPUMAXMEM for --gpu-max-memory).
 */
#include "nrt.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* What nanort does instead, shared by several options. */
#define SPIN_SLEEP "idle workers poll the queues --spins times, then sleep until work comes"
#define BINDING "nanort binds worker i to the i-th allowed core when the workers fill the " \
                "cores (--binding / --no-binding); choose the cores with taskset"
#define INSTR "nanort writes a Chrome/Perfetto trace with --trace=FILE, the task graph with " \
              "--graph=FILE and a table with --summary"
#define THROTTLE "nanort throttles by the number of pending tasks, --throttle-limit"
#define INFLIGHT "each device manager keeps --device-inflight tasks started, their copies " \
                 "overlapping the kernels"
#define OVERLAP "copies always overlap kernels (separate queues or streams)"
#define NOTHING "nothing to set in nanort"
#define CLUSTER "nanort's cluster mode (--cluster) runs over Open MPI"
#define PRIORITY "every policy runs the ready task of highest priority first"
#define QUEUE_ORDER "the queue order is the policy's (--schedule=bf: oldest first; wf, " \
                    "dbf: a worker's newest first, steals the oldest)"

/* Nanos++ reads a plain number below 100 as a percentage of the device's memory. */
#define PERCENT_BELOW_100 "N%"

/*
 * X(arg, env, value, alias, alias_value, instead):
 *   arg          the NX_ARGS name (without "--")
 *   env          Nanos++'s variable when it is not NX_<ARG> (NULL otherwise)
 *   value        1 when the option takes a value
 *   alias        the nanort option that takes the value (NULL: ignored)
 *   alias_value  the value given to the alias instead of the option's own (NULL: its own)
 *   instead      what nanort does instead (for ignored options)
 */
#define NANOS_OPTIONS(X)                                                                   \
    X("threads", NULL, 1, "smp-workers", NULL, NULL)                                      \
    X("pes", NULL, 1, "smp-workers", NULL, NULL)                                          \
    X("smp-cpus", NULL, 1, "smp-workers", NULL, NULL)                                     \
    X("smp-cores", NULL, 1, "smp-workers", NULL, NULL)                                    \
    X("pthreads-stack-size", NULL, 1, "stack-size", NULL, NULL)                           \
    X("disable-ut", NULL, 0, NULL, NULL, "tasks run on their worker thread's stack "      \
      "(--stack-size)")                                                                    \
    X("disable-binding", NULL, 0, "no-binding", NULL, NULL)                               \
    X("binding-start", NULL, 1, NULL, NULL, BINDING)                                      \
    X("binding-stride", NULL, 1, NULL, NULL, BINDING)                                     \
    X("cores-per-socket", NULL, 1, NULL, NULL, "nanort uses the cores the process may use") \
    X("num-sockets", NULL, 1, NULL, NULL, "nanort uses the cores the process may use")    \
    X("cpus-per-socket", NULL, 1, NULL, NULL, "nanort uses the cores the process may use") \
    X("smp-threads-per-core", NULL, 1, NULL, NULL, "nanort uses the cores the process "   \
      "may use")                                                                           \
    X("enable-yield", NULL, 0, NULL, NULL, SPIN_SLEEP)                                    \
    X("disable-yield", NULL, 0, NULL, NULL, SPIN_SLEEP)                                   \
    X("enable-block", NULL, 0, NULL, NULL, SPIN_SLEEP)                                    \
    X("enable-sleep", NULL, 0, NULL, NULL, SPIN_SLEEP)                                    \
    X("sleep-time", NULL, 1, NULL, NULL, SPIN_SLEEP)                                      \
    X("yields", NULL, 1, NULL, NULL, SPIN_SLEEP)                                          \
    X("checks", NULL, 1, NULL, NULL, SPIN_SLEEP)                                          \
    X("sleeps", NULL, 1, NULL, NULL, SPIN_SLEEP)                                          \
    X("spins-steal", NULL, 1, NULL, NULL, SPIN_SLEEP)                                     \
    X("hold-tasks", NULL, 0, NULL, NULL, "a task is queued as soon as its dependences "   \
      "allow")                                                                             \
    X("preschedule", NULL, 0, NULL, NULL, QUEUE_ORDER)                                    \
    X("disable-immediate-successor", NULL, 0, NULL, NULL, QUEUE_ORDER)                    \
    X("thread-manager", NULL, 1, NULL, NULL, SPIN_SLEEP)                                  \
    X("warmup-threads", NULL, 0, NULL, NULL, "the workers start with the runtime")        \
    X("force-tie-master", NULL, 0, NULL, NULL, "main always runs on the main thread")     \
    X("disable-synchronized-start", NULL, 0, NULL, NULL, NOTHING)                         \
    X("enable-dlb", NULL, 0, NULL, NULL, "nanort does not use DLB")                       \
    X("throttle", NULL, 1, NULL, NULL, THROTTLE)                                          \
    X("throttle-upper", NULL, 1, NULL, NULL, THROTTLE)                                    \
    X("throttle-lower", NULL, 1, NULL, NULL, THROTTLE)                                    \
    X("throttle-type", NULL, 1, NULL, NULL, THROTTLE)                                     \
    X("barrier", NULL, 1, NULL, NULL, "nanort has no thread teams to synchronise")        \
    X("hwloc-topology", "NX_HWLOC_TOPOLOGY_PATH", 1, NULL, NULL, "nanort uses the cores "  \
      "the process may use")                                                               \
    X("schedule-priority", NULL, 0, NULL, NULL, PRIORITY)                                 \
    X("schedule-smart-priority", NULL, 0, NULL, NULL, PRIORITY)                           \
    X("bf-use-stack", NULL, 0, NULL, NULL, QUEUE_ORDER)                                   \
    X("bf-stack", NULL, 0, NULL, NULL, QUEUE_ORDER)                                       \
    X("schedule-parent", NULL, 0, NULL, NULL, QUEUE_ORDER)                                \
    X("schedule-local-policy", NULL, 1, NULL, NULL, QUEUE_ORDER)                          \
    X("schedule-steal-policy", NULL, 1, NULL, NULL, QUEUE_ORDER)                          \
    X("instrumentation", NULL, 1, NULL, NULL, INSTR)                                      \
    X("instrument-default", NULL, 1, NULL, NULL, INSTR)                                   \
    X("instrument-enable", NULL, 1, NULL, NULL, INSTR)                                    \
    X("instrument-disable", NULL, 1, NULL, NULL, INSTR)                                   \
    X("instrument-cpuid", NULL, 0, NULL, NULL, INSTR)                                     \
    X("architecture", NULL, 1, NULL, NULL, "tasks run on the smp workers and the devices " \
      "the program has versions for")                                                      \
    X("deps", NULL, 1, NULL, NULL, "nanort's dependences handle regions that overlap in " \
      "any way")                                                                           \
    X("disable-caches", NULL, 0, "cache-policy", "nocache", NULL)                         \
    X("cluster-network", NULL, 1, NULL, NULL, CLUSTER)                                    \
    X("cluster-mpi", NULL, 0, NULL, NULL, CLUSTER)                                        \
    X("verbose-copies", NULL, 0, NULL, NULL, "--verbose prints the runtime's setup, "     \
      "--trace the copies")                                                                \
    X("verbose-devops", NULL, 0, NULL, NULL, "--verbose prints the runtime's setup, "     \
      "--trace the copies")                                                                \
    X("thd-output", NULL, 0, NULL, NULL, NOTHING)                                         \
    X("cache-slab-size", NULL, 1, NULL, NULL, "device copies cover the regions tasks use") \
    X("disable-predecessor-info", NULL, 0, NULL, NULL, NOTHING)                           \
    X("inval-control", NULL, 0, NULL, NULL, NOTHING)                                      \
    X("cg-alloc", NULL, 0, NULL, NULL, NOTHING)                                           \
    X("enable-lazy-privatization", NULL, 1, NULL, NULL, NOTHING)                          \
    X("disable-node2node", NULL, 0, NULL, NULL, CLUSTER)                                  \
    X("disable-packed-copies", NULL, 0, NULL, NULL, CLUSTER)                              \
    X("task-retries", NULL, 1, NULL, NULL, "a task that fails stops the program")         \
    X("simulator", NULL, 0, NULL, NULL, NOTHING)                                          \
    X("smp-private-memory", NULL, 0, NULL, NULL, "smp tasks use the host's memory")       \
    X("smp-private-memory-size", NULL, 1, NULL, NULL, "smp tasks use the host's memory")  \
    X("smp-alloc-wide", NULL, 0, NULL, NULL, "smp tasks use the host's memory")           \
    X("smp-host-cpus", NULL, 1, NULL, NULL, "smp tasks use the host's memory")            \
    X("smp-sync-transfers", NULL, 0, NULL, NULL, "smp tasks use the host's memory")       \
    X("smp-memkind", NULL, 0, NULL, NULL, "smp tasks use the host's memory")              \
    X("smp-memkind-memory-size", NULL, 1, NULL, NULL, "smp tasks use the host's memory")  \
    X("enable-cuda", "NX_ENABLECUDA", 0, NULL, NULL, "CUDA is used when the program has " \
      "CUDA tasks and a GPU is there (--disable-cuda turns it off)")                       \
    X("disable-cuda", "NX_DISABLECUDA", 0, "disable-cuda", NULL, NULL)                    \
    X("gpu-max-memory", "NX_GPUMAXMEM", 1, "gpu-max-memory", PERCENT_BELOW_100, NULL)     \
    X("gpu-cache-policy", "NX_GPU_CACHE_POLICY", 1, "cache-policy", NULL, NULL)           \
    X("gpu-prefetch", "NX_GPUPREFETCH", 1, NULL, NULL, INFLIGHT)                          \
    X("gpu-concurrent-exec", "NX_GPU_CONCURRENT_EXEC", 0, NULL, NULL, OVERLAP)            \
    X("gpu-overlap", "NX_GPUOVERLAP", 0, NULL, NULL, OVERLAP)                             \
    X("gpu-overlap-inputs", "NX_GPUOVERLAP_INPUTS", 0, NULL, NULL, OVERLAP)               \
    X("gpu-overlap-outputs", "NX_GPUOVERLAP_OUTPUTS", 0, NULL, NULL, OVERLAP)             \
    X("gpu-max-pinned-memory", "NX_GPUMAXPINMEM", 1, NULL, NULL, "copies go through a few " \
      "small pinned buffers")                                                              \
    X("gpu-pinned-buffers", "NX_GPU_PINNED_BUFFERS", 0, NULL, NULL, "copies go through a " \
      "few small pinned buffers")                                                          \
    X("gpu-warmup", "NX_GPUWARMUP", 0, NULL, NULL, "the GPUs are initialised at start")   \
    X("gpu-cublas-init", "NX_GPUCUBLASINIT", 0, NULL, NULL, "nanos_get_cublas_handle() " \
      "makes a stream's cuBLAS handle at its first call")                                \
    X("gpu-cusparse-init", NULL, 0, NULL, NULL, "nanort creates no cuSPARSE handle")      \
    X("gpu-alloc-wide", "NX_GPUALLOCWIDE", 0, NULL, NULL, "device copies cover the "      \
      "regions tasks use")                                                                 \
    X("enable-opencl", "NX_ENABLEOPENCL", 0, NULL, NULL, "OpenCL is used when the program " \
      "has OpenCL tasks and a device is there (--disable-opencl turns it off)")            \
    X("disable-opencl", "NX_DISABLEOPENCL", 0, "disable-opencl", NULL, NULL)              \
    X("opencl-cache", NULL, 1, "opencl-max-memory", PERCENT_BELOW_100, NULL)              \
    X("opencl-cache-policy", NULL, 1, "cache-policy", NULL, NULL)                         \
    X("opencl-num-prefetch", NULL, 1, NULL, NULL, INFLIGHT)                               \
    X("opencl-disable-alloc-wide", "NX_OPENCL_DISABLE_ALLOCWIDE", 0, NULL, NULL,          \
      "device copies cover the regions tasks use")                                         \
    X("opencl-disable-devtodev", NULL, 0, NULL, NULL, "copies between devices of one "    \
      "platform go directly when they can")                                                \
    X("force-opencl-mapped", NULL, 0, NULL, NULL, "OpenCL buffers are device buffers")    \
    X("opencl-profiling", NULL, 0, NULL, NULL, "--trace and --summary time the kernels "  \
      "with OpenCL's profiling events")

struct nanos_opt {
    const char *arg, *env;
    bool value;
    const char *alias, *alias_value, *instead;
};

#define NANOS_ENTRY(arg, env, value, alias, alias_value, instead)                          \
    {arg, env, value, alias, alias_value, instead},
static const struct nanos_opt nanos_opts[] = {NANOS_OPTIONS(NANOS_ENTRY)};
#define NNANOS (sizeof nanos_opts / sizeof nanos_opts[0])

/* Warned already (config parsing runs before any worker: no lock). */
static bool warned[NNANOS];

/* Nanos++ policies nanort does not have (nanox src/plugins/sched): they queue as dbf. */
static const char *const nanos_policies[] = {
    "default", "socket", "botlev", "priority", "smartpriority", "affinity-smartpriority",
    "affinity-ready", "affinity-ready-sprio", "cilk", "cache", "mpq", "knl", "debug",
};
static bool policy_warned;

/* NX_GPUMAXMEM -> "gpumaxmem": what config.c makes of a variable's name. */
static bool env_matches(const char *env, const char *name)
{
    const char *e = env + 3;
    for (; *e && *name; e++, name++)
        if ((*e == '_' ? '-' : tolower((unsigned char)*e)) != *name)
            return false;
    return !*e && !*name;
}

static const struct nanos_opt *find(const char *name, bool from_env, bool *negated)
{
    *negated = false;
    for (size_t i = 0; i < NNANOS; i++) {
        const struct nanos_opt *o = &nanos_opts[i];
        if (!strcmp(o->arg, name) || (from_env && o->env && env_matches(o->env, name)))
            return o;
        if (!o->value && !strncmp(name, "no-", 3) && !strcmp(o->arg, name + 3)) {
            *negated = true;
            return o;
        }
    }
    return NULL;
}

/* The value for the alias: Nanos++'s "50" of a memory option is 50%. */
static const char *alias_value_of(const struct nanos_opt *o, const char *v)
{
    static char pct[8];
    if (!o->alias_value)
        return v;
    if (strcmp(o->alias_value, PERCENT_BELOW_100) != 0)
        return o->alias_value;
    if (v && isdigit((unsigned char)v[0]) && (!v[1] || (isdigit((unsigned char)v[1]) && !v[2]))) {
        snprintf(pct, sizeof pct, "%s%%", v);
        return pct;
    }
    return v;
}

bool nrt_nanos_option(const char *name, const char *value, const char *next, const char *where,
                      const char **alias, const char **alias_value, bool *consumed)
{
    bool from_env = strcmp(where, "NX_ARGS") != 0, negated;
    const struct nanos_opt *o = find(name, from_env, &negated);
    if (!o)
        return false;
    *consumed = o->value && !value && next && strncmp(next, "--", 2) != 0;
    *alias = negated ? NULL : o->alias;
    *alias_value = alias_value_of(o, value ? value : *consumed ? next : NULL);
    size_t i = (size_t)(o - nanos_opts);
    if (!warned[i]) {
        warned[i] = true;
        const char *how = from_env ? where : "--", *what = from_env ? "" : name;
        if (*alias)
            fprintf(stderr, "nanort: warning: %s%s is a Nanos++ option: taken as --%s%s%s\n",
                    how, what, *alias, *alias_value ? "=" : "",
                    *alias_value ? *alias_value : "");
        else
            fprintf(stderr, "nanort: warning: ignoring %s%s (a Nanos++ option): %s\n", how,
                    what, negated ? NOTHING : o->instead);
    }
    return true;
}

const char *nrt_nanos_closest(const char *name, size_t *dist)
{
    const char *best = NULL;
    *dist = (size_t)-1;
    for (size_t i = 0; i < NNANOS; i++) {
        size_t d = nrt_edit_distance(name, nanos_opts[i].arg);
        if (d < *dist) {
            *dist = d;
            best = nanos_opts[i].arg;
        }
    }
    return best;
}

const struct nrt_choice *nrt_nanos_choice(const struct nrt_option *o, const char *v)
{
    if (strcmp(o->name, "schedule") != 0)
        return NULL;
    for (size_t i = 0; i < sizeof nanos_policies / sizeof nanos_policies[0]; i++) {
        if (strcmp(v, nanos_policies[i]) != 0)
            continue;
        for (unsigned k = 0; o->choices[k].name; k++) {
            if (strcmp(o->choices[k].name, "dbf") != 0)
                continue;
            if (!policy_warned)
                fprintf(stderr, "nanort: warning: --schedule=%s is a Nanos++ policy nanort "
                                "does not have: tasks queue as dbf (priorities are honoured "
                                "by every policy; see NX_ARGS=--help)\n", v);
            policy_warned = true;
            return &o->choices[k];
        }
    }
    return NULL;
}

bool nrt_nanos_help_nth(size_t i, char *lhs, size_t lsize, char *text, size_t tsize)
{
    if (i >= NNANOS)
        return false;
    const struct nanos_opt *o = &nanos_opts[i];
    snprintf(lhs, lsize, "--%s%s", o->arg, o->value ? "=..." : "");
    if (o->alias)
        snprintf(text, tsize, "as --%s%s%s", o->alias, o->alias_value ? "=" : "",
                 !o->alias_value ? "" : strcmp(o->alias_value, PERCENT_BELOW_100)
                 ? o->alias_value : "VALUE (a number below 100: VALUE%)");
    else
        snprintf(text, tsize, "ignored: %s", o->instead);
    return true;
}
