/*
 * cluster.c - the part of cluster mode (NX_ARGS=--cluster under mpirun) inside libnanort:
 * its options, which rank this process is, loading the plugin, nanort_main_enter().
 *
 * The plugin (devices/cluster/, libnanort-mpi.so) links Open MPI, so libnanort does not:
 * a program that is not run in cluster mode never loads MPI.  Programs built by
 * `mpicc` through mcc link the plugin anyway (it also implements TAMPI.h); the others get
 * it here with dlopen, from the directory libnanort itself was loaded from.
 *
 * Rank 0 runs main; the others must not: mcc makes nanort_main_enter() the first thing
 * main does, and there ranks other than 0 serve rank 0's tasks until it stops, then exit.
 * The rank is read from the environment mpirun sets (Open MPI, PMI, PMIx), before MPI is
 * initialised (the plugin does that).
 */
#include "nrt.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct nrt_cluster_cfg nrt_cluster = {.poll_us = 0};

static const struct nrt_option cluster_options[] = {
    {"cluster", NRT_OPT_BOOL, "no",
     "cluster mode under mpirun: one program on all ranks, rank 0 runs main and every other "
     "rank is a memory space where tasks with smp versions may run (their data is sent "
     "there and back over MPI)", &nrt_cluster.on, NULL},
    {"cluster-chunk", NRT_OPT_STRING, "4M",
     "cluster mode: transfers are sent in messages of at most this size, posted together "
     "(bytes with K, M, G)", &nrt_cluster.chunk_opt, NULL},
    {"cluster-inflight", NRT_OPT_POS_INT, "0",
     "cluster mode: tasks rank 0 keeps started on each other rank (0: twice that rank's "
     "workers, at least 4)", &nrt_cluster.inflight, NULL},
    {"cluster-poll", NRT_OPT_POS_INT, "100",
     "cluster mode: the most microseconds a communication thread sleeps between two polls "
     "of MPI while messages or tasks are pending, or for 200 ms after the last one (an idle "
     "rank polls every millisecond)",
     &nrt_cluster.poll_us, NULL},
    {"cluster-take-back", NRT_OPT_BOOL, "yes",
     "cluster mode: a worker of rank 0 with nothing to run takes back a task queued for "
     "another rank whose in-flight tasks fill its window (--cluster-inflight) and runs it "
     "itself", &nrt_take_back, NULL},
    {"cluster-placement", NRT_OPT_CHOICE, "cost",
     "cluster mode: how the versioning scheduler places tasks between rank 0 and the other "
     "ranks", &nrt_cluster.placement, NRT_CHOICES(NRT_CLUSTER_PLACEMENTS)},
    {"cluster-prefetch", NRT_OPT_BOOL, "yes",
     "cluster mode: when a task is placed (on rank 0, or queued for a rank whose in-flight "
     "window is full), start at once the transfers of its inputs that are valid elsewhere, "
     "instead of when it starts", &nrt_cluster.prefetch, NULL},
    {"cluster-profile", NRT_OPT_BOOL, "no",
     "cluster mode: rank 0 prints at the end where the time of the tasks it ran on other "
     "ranks went (sending, waiting for inputs there, queued, body, reply, completion), how "
     "long its threads waited for transfers, and per rank its manager's wake-ups and the tasks "
     "taken back", &nrt_cluster.profile, NULL},
};

__attribute__((constructor(150))) static void cluster_register_options(void)
{
    nrt_config_add(cluster_options, sizeof cluster_options / sizeof cluster_options[0]);
}

/* ---- rank and mode, before the configuration is read --------------------------------- */

static int env_int(const char *const *names)
{
    for (; *names; names++) {
        const char *v = getenv(*names);
        if (v && *v)
            return atoi(v);
    }
    return -1;
}

int nrt_cluster_rank(void)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", NULL};
    return env_int(names);
}

int nrt_cluster_size(void)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", NULL};
    return env_int(names);
}

/* ---- the plugin ------------------------------------------------------------------------ */

static const struct nrt_cluster_plugin *plugin;   /* set before start, read-only after */
static bool main_entered;

void nrt_cluster_register(const struct nrt_cluster_plugin *p)
{
    plugin = p;
}

static void load_plugin(void)
{
    if (plugin)
        return;                     /* linked into the program (mpicc through mcc) */
    char path[4096] = "libnanort-mpi.so";
    Dl_info info;
    if (dladdr((void *)load_plugin, &info) && info.dli_fname) {
        const char *slash = strrchr(info.dli_fname, '/');
        if (slash)
            snprintf(path, sizeof path, "%.*s/libnanort-mpi.so",
                     (int)(slash - info.dli_fname), info.dli_fname);
    }
    /* RTLD_GLOBAL: Open MPI loads components of its own that need libmpi's symbols */
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h && strchr(path, '/'))
        h = dlopen("libnanort-mpi.so", RTLD_NOW | RTLD_GLOBAL);
    if (!h)
        nrt_fatal("--cluster needs the cluster plugin libnanort-mpi.so (built where Open MPI "
                  "is installed: apt-get install libopenmpi-dev, then make): %s", dlerror());
    if (!plugin)
        nrt_fatal("%s did not register the cluster plugin", path);
}

bool nrt_cluster_active(void)
{
    return nrt_cluster.active;
}

int nanort_main_enter(void)
{
    if (main_entered)
        return 0;
    main_entered = true;
    if (!nrt_config_peek_bool("cluster", "NX_CLUSTER", false)) {
        if (nrt_config_peek_bool("eager-start", "NX_EAGER_START", true))
            nrt_ensure_started();
        return 0;
    }
    int rank = nrt_cluster_rank(), size = nrt_cluster_size();
    if (rank < 0 || size < 2)
        return 0;                   /* not under mpirun, or one rank: nothing to spread */
    load_plugin();
    if (rank == 0) {
        nrt_ensure_started();       /* opens the other ranks as spaces (the plugin) */
        return 0;
    }
    nrt_ensure_started();
    plugin->serve();                /* exits */
    nrt_fatal("cluster rank %d: the server returned", rank);
}

int nrt_cluster_file_rank(void)
{
    return nrt_cluster.active ? nrt_cluster.rank : 0;
}

void nrt_cluster_start(void)
{
    nrt_cluster.active = false;
    if (!nrt_cluster.on)
        return;
    int rank = nrt_cluster_rank(), size = nrt_cluster_size();
    if (rank < 0 || size < 2) {
        if (nrt_cfg.verbose)
            fprintf(stderr, "nanort: --cluster without mpirun (or with one rank): running in "
                            "this process only\n");
        return;
    }
    if (!main_entered)
        nrt_fatal("--cluster: rank %d started the runtime before main called "
                  "nanort_main_enter() (mcc inserts that call first in main; a program "
                  "written on the C API must call it itself)", rank);
    nrt_cluster.active = true;
    nrt_cluster.rank = rank;
    nrt_cluster.size = size;
    nrt_cluster.chunk = nrt_parse_size("--cluster-chunk",
                                       nrt_cluster.chunk_opt ? nrt_cluster.chunk_opt : "4M",
                                       NRT_SIZE_BYTES);
    if (nrt_cluster.chunk < 4096)
        nrt_cluster.chunk = 4096;
    if (rank != 0)
        nrt_cfg.summary = false;    /* rank 0 prints one row per rank */
}
