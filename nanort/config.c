/*
 * config.c - the option table and the one place that reads NX_ARGS and NX_<OPT>.
 *
 * NX_ARGS holds space separated options: --opt=value, --opt value, --flag, --no-flag.
 * NX_SMP_WORKERS=4 is --smp-workers=4 (dashes become underscores, upper case).
 * The environment variables are applied first, then NX_ARGS, so NX_ARGS wins.
 */
#include "nrt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

struct nrt_config nrt_cfg;

enum opt_type {
    OPT_POS_INT,   /* a positive integer */
    OPT_COUNT,     /* a non-negative integer */
    OPT_BOOL,      /* --flag / --no-flag / --flag=yes|no */
    OPT_SCHED,     /* a scheduler name */
    OPT_HELP,      /* --help */
};

struct option {
    const char *name;
    enum opt_type type;
    const char *def;   /* default, as shown by --help and applied at reset */
    const char *help;
};

/* The table: the order here is the order of --help. */
static const struct option options[] = {
    {"smp-workers", OPT_POS_INT, "0",
     "worker threads including the main thread"},
    {"schedule", OPT_SCHED, nrt_sched_default, "scheduling policy (see the list below)"},
    {"throttle-limit", OPT_COUNT, "10000",
     "pending (created, unfinished) tasks above which the creating thread runs ready tasks "
     "itself, or the new task undeferred (0: no limit)"},
    {"queue-limit", OPT_COUNT, "64",
     "ready tasks queued in a worker's own queue (bf: its share of the queue) above which "
     "a new ready task it creates runs at once instead of being queued (0: always queue)"},
    {"spins", OPT_COUNT, "2000", "polls of the queues an idle thread makes before it sleeps"},
    {"binding", OPT_BOOL, "yes", "bind worker i to the i-th allowed core (--no-binding: do not)"},
    {"summary", OPT_BOOL, "no",
     "at exit, print to stderr tasks created/run per label, tasks run, busy and idle time "
     "per worker, total time"},
    {"verbose", OPT_BOOL, "no", "print the start-up configuration to stderr"},
    {"help", OPT_HELP, "no", "print this list and exit"},
};
#define NOPTIONS (sizeof options / sizeof options[0])

static bool cfg_loaded;
static bool want_help;
static bool workers_given;

static const char *type_expect(enum opt_type t)
{
    switch (t) {
    case OPT_POS_INT: return "a positive integer";
    case OPT_COUNT: return "a non-negative integer";
    case OPT_BOOL: return "yes/no, true/false or 1/0";
    case OPT_SCHED: return "a scheduler name";
    case OPT_HELP: return "no value";
    }
    return "?";
}

size_t nrt_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t *row = nrt_xmalloc((lb + 1) * sizeof *row);
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    size_t d = row[lb];
    free(row);
    return d;
}

static const struct option *find_option(const char *name)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if (strcmp(options[i].name, name) == 0)
            return &options[i];
    return NULL;
}

static const char *closest_option(const char *name)
{
    const char *best = options[0].name;
    size_t bestd = (size_t)-1;
    for (size_t i = 0; i < NOPTIONS; i++) {
        size_t d = nrt_edit_distance(name, options[i].name);
        if (d < bestd) {
            bestd = d;
            best = options[i].name;
        }
    }
    return best;
}

static void __attribute__((noreturn)) bad_value(const struct option *o, const char *v)
{
    if (o->type == OPT_SCHED) {
        fprintf(stderr, "nanort: invalid value '%s' for --%s (expected one of:", v, o->name);
        const char *h;
        for (unsigned i = 0; nrt_sched_name(i, &h); i++)
            fprintf(stderr, "%s %s", i ? "," : "", nrt_sched_name(i, &h));
        fprintf(stderr, ")\n");
    } else {
        fprintf(stderr, "nanort: invalid value '%s' for --%s (expected %s)\n", v, o->name,
                type_expect(o->type));
    }
    exit(1);
}

static bool parse_long(const char *v, long *out)
{
    char *end;
    if (!isdigit((unsigned char)*v))
        return false;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end)
        return false;
    *out = x;
    return true;
}

static bool parse_bool(const char *v, bool *out)
{
    static const char *const yes[] = {"yes", "true", "1", "on"};
    static const char *const no[] = {"no", "false", "0", "off"};
    for (unsigned i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0)
            return *out = true, true;
        if (strcasecmp(v, no[i]) == 0)
            return *out = false, true;
    }
    return false;
}

/* Store value v (never NULL) of option o. */
static void set_option(const struct option *o, const char *v)
{
    long x = 0;
    bool b = false;
    switch (o->type) {
    case OPT_POS_INT:
        if (!parse_long(v, &x) || x <= 0 || x > 4096)
            bad_value(o, v);
        nrt_cfg.smp_workers = (int)x;
        workers_given = true;
        return;
    case OPT_COUNT:
        if (!parse_long(v, &x))
            bad_value(o, v);
        if (strcmp(o->name, "throttle-limit") == 0)
            nrt_cfg.throttle_limit = x;
        else if (strcmp(o->name, "queue-limit") == 0)
            nrt_cfg.queue_limit = x;
        else
            nrt_cfg.spins = x;
        return;
    case OPT_SCHED:
        if (!nrt_sched_find(v))
            bad_value(o, v);
        nrt_cfg.schedule = nrt_sched_find(v)->name;
        return;
    case OPT_BOOL:
    case OPT_HELP:
        if (!parse_bool(v, &b))
            bad_value(o, v);
        if (o->type == OPT_HELP)
            want_help = b;
        else if (strcmp(o->name, "binding") == 0)
            nrt_cfg.binding = b;
        else if (strcmp(o->name, "summary") == 0)
            nrt_cfg.summary = b;
        else
            nrt_cfg.verbose = b;
        return;
    }
}

static void __attribute__((noreturn)) unknown_option(const char *name, const char *where)
{
    fprintf(stderr, "nanort: unknown option '--%s' in %s; did you mean '--%s'?\n", name, where,
            closest_option(name));
    exit(1);
}

/*
 * Apply one option: `name` without the leading dashes, `value` NULL when none was
 * attached.  Returns true when it consumed `next` as its value.
 */
static bool apply(const char *name, const char *value, const char *next, const char *where)
{
    const struct option *o = find_option(name);
    bool negated = false;
    if (!o && strncmp(name, "no-", 3) == 0) {
        o = find_option(name + 3);
        if (o && o->type != OPT_BOOL)
            o = NULL;
        negated = o != NULL;
    }
    if (!o)
        unknown_option(name, where);
    if (negated) {
        if (value)
            bad_value(o, value);
        set_option(o, "no");
        return false;
    }
    if (value) {
        set_option(o, value);
        return false;
    }
    if (o->type == OPT_BOOL || o->type == OPT_HELP) {
        set_option(o, "yes");
        return false;
    }
    if (!next || strncmp(next, "--", 2) == 0) {
        fprintf(stderr, "nanort: missing value for --%s (expected %s)\n", o->name,
                type_expect(o->type));
        exit(1);
    }
    set_option(o, next);
    return true;
}

/* Split NX_ARGS on white space and apply each option. */
static void parse_args(const char *args)
{
    char *copy = strdup(args), *save = NULL;
    char *words[256];
    unsigned n = 0;
    for (char *w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        if (n == 256) {
            fprintf(stderr, "nanort: too many words in NX_ARGS (at most 256)\n");
            exit(1);
        }
        words[n++] = w;
    }
    for (unsigned i = 0; i < n; i++) {
        char *w = words[i];
        if (strncmp(w, "--", 2) != 0) {
            fprintf(stderr, "nanort: unexpected '%s' in NX_ARGS (options start with '--')\n", w);
            exit(1);
        }
        char *eq = strchr(w + 2, '=');
        if (eq)
            *eq = '\0';
        if (apply(w + 2, eq ? eq + 1 : NULL, i + 1 < n ? words[i + 1] : NULL, "NX_ARGS"))
            i++;
    }
    free(copy);
}

/* NX_SMP_WORKERS=4 -> --smp-workers=4. */
static void parse_environment(void)
{
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "NX_", 3) != 0 || strncmp(*e, "NX_ARGS=", 8) == 0)
            continue;
        const char *eq = strchr(*e, '=');
        if (!eq)
            continue;
        size_t len = (size_t)(eq - *e - 3);
        char name[128], where[160];
        if (len >= sizeof name)
            len = sizeof name - 1;
        for (size_t i = 0; i < len; i++) {
            char c = (*e)[3 + i];
            name[i] = c == '_' ? '-' : (char)tolower((unsigned char)c);
        }
        name[len] = '\0';
        snprintf(where, sizeof where, "NX_%.*s", (int)len, *e + 3);
        apply(name, eq + 1, NULL, where);
    }
}

static void print_help(void)
{
    printf("nanort options: NX_ARGS=\"--opt=value --flag --no-flag ...\" or NX_<OPT>=value\n"
           "(NX_SMP_WORKERS=4 is --smp-workers=4; NX_ARGS wins over NX_<OPT>)\n\n");
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option *o = &options[i];
        char lhs[64];
        snprintf(lhs, sizeof lhs, "--%s%s", o->name,
                 o->type == OPT_BOOL || o->type == OPT_HELP ? "" :
                 o->type == OPT_SCHED ? "=NAME" : "=N");
        const char *def = o->def;
        if (o->type == OPT_POS_INT)
            def = "OMP_NUM_THREADS if set, else one per core";
        printf("  %-22s %s (default: %s)\n", lhs, o->help, def);
    }
    printf("\nscheduling policies (--schedule=NAME):\n");
    const char *h;
    for (unsigned i = 0; nrt_sched_name(i, &h); i++)
        printf("  %-22s %s\n", nrt_sched_name(i, &h), h);
}

static void set_defaults(void)
{
    nrt_cfg.smp_workers = 0;
    nrt_cfg.schedule = nrt_sched_default;
    nrt_cfg.throttle_limit = 10000;
    nrt_cfg.spins = 2000;
    nrt_cfg.queue_limit = 64;
    nrt_cfg.binding = true;
    nrt_cfg.summary = false;
    nrt_cfg.verbose = false;
    want_help = false;
    workers_given = false;
}

/* OMP_NUM_THREADS counts when neither NX_ARGS nor NX_SMP_WORKERS set the workers. */
static void apply_omp_num_threads(void)
{
    const char *v = getenv("OMP_NUM_THREADS");
    long x;
    if (workers_given || !v || !*v)
        return;
    char first[32];
    snprintf(first, sizeof first, "%s", v);
    first[strcspn(first, ",")] = '\0';   /* "4,2": the outer level */
    if (!parse_long(first, &x) || x <= 0 || x > 4096) {
        fprintf(stderr, "nanort: warning: ignoring OMP_NUM_THREADS='%s' (expected a positive "
                        "integer)\n", v);
        return;
    }
    nrt_cfg.smp_workers = (int)x;
}

void nrt_config_load(void)
{
    if (cfg_loaded)
        return;
    set_defaults();
    parse_environment();
    const char *args = getenv("NX_ARGS");
    if (args)
        parse_args(args);
    if (want_help) {
        print_help();
        fflush(stdout);
        exit(0);
    }
    apply_omp_num_threads();
    cfg_loaded = true;
}

void nrt_config_reset(void)
{
    cfg_loaded = false;
}
