/*
 * config.c - the option table and the one place that reads NX_ARGS and NX_<OPT>.
 *
 * NX_ARGS holds space separated options: --opt=value, --opt value, --flag, --no-flag
 * (quotes keep a value with spaces in one word).
 * NX_SMP_WORKERS=4 is --smp-workers=4 (dashes become underscores, upper case).
 * The environment variables are applied first, then NX_ARGS, so NX_ARGS wins.
 * Device plugins add their own options with nrt_config_add() from a constructor.
 */
#include "nrt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

extern char **environ;

struct nrt_config nrt_cfg;

static bool cfg_loaded;
static bool want_help;
static bool workers_given;
static bool spins_given;            /* --spins set by the program, NX_ARGS or NX_SPINS */
static bool binding_given;          /* --binding / --no-binding, the same way */

/* --schedule's choices: the policy table's names, value = index (filled at load). */
static struct nrt_choice sched_choices[16];
static const struct nrt_choice cache_choices[] = {
    NRT_CACHE_POLICIES(NRT_CHOICE_ENTRY) NRT_CACHE_POLICY_SHORT_NAMES(NRT_CHOICE_ENTRY)
    {NULL, 0, NULL}};

/* The core's table: the order here is the order of --help. */
static const struct nrt_option core_options[] = {
    {"smp-workers", NRT_OPT_POS_INT, "OMP_NUM_THREADS if set, else one per core less one per GPU or other accelerator "
     "(its manager thread's) when 2 or more are left",
     "worker threads including the main thread", &nrt_cfg.smp_workers, NULL},
    {"schedule", NRT_OPT_CHOICE, nrt_sched_default, "scheduling policy (see the list below)",
     &nrt_cfg.schedule, sched_choices},
    {"throttle-limit", NRT_OPT_COUNT, "10000",
     "pending (created, unfinished) tasks above which the creating thread runs ready tasks "
     "itself, or the new task undeferred (0: no limit)", &nrt_cfg.throttle_limit, NULL},
    {"queue-limit", NRT_OPT_COUNT, "64",
     "ready tasks queued in a worker's own queue (bf: its share of the queue) above which "
     "a new ready task it creates runs at once instead of being queued (0: always queue)",
     &nrt_cfg.queue_limit, NULL},
    {"inline-below", NRT_OPT_COUNT, "200",
     "ns: a task without dependences whose type's bodies measure shorter than this (mean "
     "of a sample) runs at once in the thread that creates it, where handing it to another "
     "worker would cost more than running it (0: never)", &nrt_cfg.inline_below, NULL},
    {"critical-successors", NRT_OPT_COUNT, "0",
     "a task that becomes ready with this many successors or more (cholesky's potrf and "
     "trsm) runs next on the thread that readied it, or before every queued task of the "
     "policy (0: off)", &nrt_cfg.critical_successors, NULL},
    {"critical-reach", NRT_OPT_COUNT, "0",
     "the same, for a task that becomes ready while this many tasks or more wait for it "
     "within two dependence steps (its successors and theirs: cholesky's potrf and trsm, "
     "and the syrk and gemm that update the next panel; a chain's tasks reach 2) (0: off)",
     &nrt_cfg.critical_reach, NULL},
    {"critical-path", NRT_OPT_BOOL, "no",
     "at a taskwait, rank the tasks it waits for by the longest chain of bodies (their "
     "types' measured means) from each to the end of the graph, and run ready ranked tasks "
     "of 10 us or more highest rank first, before the policy's queues (cholesky's next "
     "panel before the trailing updates)", &nrt_cfg.critical_path, NULL},
    {"critical-path-us", NRT_OPT_COUNT, "10",
     "us: with --critical-path, ranked tasks whose type's bodies measure this long or "
     "longer go through the shared heap of ranked tasks; shorter ones keep the policy's "
     "queues, where they cost less (0: every ranked task)", &nrt_cfg.critical_path_us, NULL},
    {"coarse-us", NRT_OPT_COUNT, "50",
     "us: a type whose bodies last this long or longer (mean of a sample) is coarse, and "
     "dbf queues its ready tasks in one shared FIFO instead of the per-worker deques "
     "(0: no type is)", &nrt_cfg.coarse_us, NULL},
    {"steal-batch", NRT_OPT_COUNT, "16",
     "most ready tasks an idle worker steals at once from another's deque under dbf (half "
     "of what it sees, at most this; 0 or above 16: 16)", &nrt_cfg.steal_batch, NULL},
    {"spins", NRT_OPT_COUNT, "2000", "polls of the queues an idle thread makes before it sleeps",
     &nrt_cfg.spins, NULL},
    {"speed-aware", NRT_OPT_BOOL, "no",
     "cores of unequal speed: each worker's speed is measured from its coarse bodies "
     "(--coarse-us), and a worker at least 1.25 times slower than an idle one leaves the "
     "shared queue's coarse tasks to it (at most a quarter of a body's time)",
     &nrt_cfg.speed_aware, NULL},
    {"chain-spread", NRT_OPT_COUNT, "1000",
     "us: a worker that makes ready the coarse successor of a body it ran (bodies this long "
     "or longer) leaves it to an idle worker when there is one, so that a chain of long "
     "bodies moves among the cores instead of staying on one that may be slowed (at most a "
     "quarter of a body's time, then it runs it itself; 0: off)",
     &nrt_cfg.chain_spread_us, NULL},
    {"tree-start", NRT_OPT_BOOL, "no",
     "the workers start one another (worker i starts 2i+1 and 2i+2) instead of all from the "
     "thread that starts the runtime: the last one starts after about log2(N) thread "
     "creations instead of N-1", &nrt_cfg.tree_start, NULL},
    {"binding", NRT_OPT_BOOL, "yes", "bind worker i to the i-th allowed core when there are as many workers as allowed cores (--no-binding: never)",
     &nrt_cfg.binding, NULL},
    {"cache-policy", NRT_OPT_CHOICE, "writeback", "device data cache", &nrt_cfg.cache_policy,
     cache_choices},
    {"dispatch", NRT_OPT_CHOICE, "versioning",
     "how a task with device implementations picks one", &nrt_cfg.dispatch,
     NRT_CHOICES(NRT_DISPATCH_POLICIES)},
    {"summary", NRT_OPT_BOOL, "no",
     "at exit, print to stderr tasks created/run per label, tasks run, busy and idle time "
     "per worker, total time", &nrt_cfg.summary, NULL},
    {"verbose", NRT_OPT_BOOL, "no", "print the start-up configuration to stderr",
     &nrt_cfg.verbose, NULL},
    {"eager-start", NRT_OPT_BOOL, "yes",
     "start the runtime (workers, devices) when main begins, as Nanos++ does, instead of at "
     "the first task (no: at the first task); an omp_set_num_threads() call before the "
     "first task starts it again with that many workers", &nrt_cfg.eager_start, NULL},
    {"help", NRT_OPT_HELP, "no", "print this list and exit", &want_help, NULL},
};

/* The tables: the core's, then the ones devices added (before the first load). */
#define MAX_TABLES 16
static struct {
    const struct nrt_option *opts;
    unsigned n;
} tables[MAX_TABLES] = {{core_options, sizeof core_options / sizeof core_options[0]}};
static unsigned ntables = 1;

void nrt_config_add(const struct nrt_option *opts, unsigned n)
{
    if (ntables == MAX_TABLES)
        nrt_fatal("too many option tables (at most %d)", MAX_TABLES);
    tables[ntables].opts = opts;
    tables[ntables].n = n;
    ntables++;
}

#define FOR_EACH_OPTION(o)                                                                 \
    for (unsigned t_ = 0; t_ < ntables; t_++)                                              \
        for (const struct nrt_option *o = tables[t_].opts; o < tables[t_].opts + tables[t_].n; o++)

static const char *type_expect(enum nrt_opt_type t)
{
    switch (t) {
    case NRT_OPT_POS_INT: return "a positive integer, at most 4096";
    case NRT_OPT_COUNT: return "a non-negative integer";
    case NRT_OPT_BOOL: return "yes/no, true/false or 1/0";
    case NRT_OPT_CHOICE: return "a name";
    case NRT_OPT_CHOICE_SET: return "a name or a comma-separated list of names";
    case NRT_OPT_HELP: return "no value";
    case NRT_OPT_STRING: return "a value";
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

static const struct nrt_option *find_option(const char *name)
{
    FOR_EACH_OPTION(o)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

const char *nrt_config_choice_name(const struct nrt_option *o)
{
    int v = *(const int *)o->value;
    for (unsigned i = 0; o->choices[i].name; i++)
        if (o->choices[i].value == v)
            return o->choices[i].name;
    return "?";
}

const char *nrt_config_value_name(const char *name)
{
    const struct nrt_option *o = find_option(name);
    NRT_ASSERT(o && o->type == NRT_OPT_CHOICE);
    return nrt_config_choice_name(o);
}

void nrt_config_choices_text(const struct nrt_option *o, char *out, size_t size)
{
    NRT_ASSERT(size > 0);
    out[0] = '\0';
    if (o->type == NRT_OPT_CHOICE) {
        snprintf(out, size, "%s", nrt_config_choice_name(o));
        return;
    }
    int set = *(const int *)o->value;
    size_t k = 0;
    for (unsigned i = 0; o->choices[i].name && k < size; i++)
        if (o->choices[i].help && (set & NRT_CHOICE_BIT(o->choices[i].value)))
            k += (size_t)snprintf(out + k, size - k, "%s%s", k ? "," : "", o->choices[i].name);
}

void nrt_config_value_text(const char *name, char *out, size_t size)
{
    const struct nrt_option *o = find_option(name);
    NRT_ASSERT(o && (o->type == NRT_OPT_CHOICE || o->type == NRT_OPT_CHOICE_SET));
    nrt_config_choices_text(o, out, size);
}

/* The option (nanort's or Nanos++'s) that `name` is a misspelling of, or NULL: the
 * closest name, when the edits are at most a third of the longer name (gcc's cutoff;
 * the closest of all named '--coarse-us' for '--bogus-opt'). */
static const char *closest_option(const char *name)
{
    const char *best = core_options[0].name;
    size_t bestd = (size_t)-1;
    FOR_EACH_OPTION(o) {
        size_t d = nrt_edit_distance(name, o->name);
        if (d < bestd) {
            bestd = d;
            best = o->name;
        }
    }
    size_t nanos_d;
    const char *nanos_best = nrt_nanos_closest(name, &nanos_d);
    if (nanos_best && nanos_d < bestd) {
        bestd = nanos_d;
        best = nanos_best;
    }
    size_t longer = strlen(name) > strlen(best) ? strlen(name) : strlen(best);
    return bestd <= (longer + 2) / 3 ? best : NULL;
}

static void print_choices(FILE *f, const struct nrt_option *o)
{
    for (unsigned i = 0; o->choices[i].name; i++)
        fprintf(f, "%s%s", i ? ", " : "", o->choices[i].name);
}

/* "(expected ...)\n" of a message about o's value: a choice option's names. */
static void print_expected(FILE *f, const struct nrt_option *o)
{
    fputs("(expected ", f);
    if (o->type == NRT_OPT_CHOICE || o->type == NRT_OPT_CHOICE_SET) {
        fputs(o->type == NRT_OPT_CHOICE ? "one of: " : "one or more, comma-separated, of: ", f);
        print_choices(f, o);
    } else {
        fputs(type_expect(o->type), f);
    }
    fputs(")\n", f);
}

/* WHERE: NX_ARGS, the NX_ variable or the program's default options that gave it. */
static void __attribute__((noreturn)) bad_value(const struct nrt_option *o, const char *v,
                                                const char *where)
{
    fprintf(stderr, "nanort: invalid value '%s' for --%s in %s ", v, o->name, where);
    print_expected(stderr, o);
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

/* The choice v names, in any case: Nanos++ spelt its values in capitals
 * (NX_OPENCL_DEVICE_TYPE=GPU, --opencl-device-type=ALL), which stopped the program. */
static const struct nrt_choice *find_choice(const struct nrt_option *o, const char *v)
{
    for (unsigned i = 0; o->choices[i].name; i++)
        if (strcasecmp(o->choices[i].name, v) == 0)
            return &o->choices[i];
    return NULL;
}

/* NRT_OPT_CHOICE_SET: the bits of the comma-separated names of v (blanks around a name
 * allowed); false when one is empty or not a choice. */
static bool parse_choice_set(const struct nrt_option *o, const char *v, int *set)
{
    *set = 0;
    for (const char *p = v;; p++) {
        size_t n = strcspn(p, ",");
        char name[64];
        while (n > 0 && isspace((unsigned char)*p))
            p++, n--;
        while (n > 0 && isspace((unsigned char)p[n - 1]))
            n--;
        if (n == 0 || n >= sizeof name)
            return false;
        memcpy(name, p, n);
        name[n] = '\0';
        const struct nrt_choice *c = find_choice(o, name);
        if (!c)
            return false;
        *set |= NRT_CHOICE_BIT(c->value);
        p += strcspn(p, ",");
        if (!*p)
            return true;
    }
}

/* Store value v (never NULL) of option o, given in WHERE (for the message). */
static void set_option(const struct nrt_option *o, const char *v, const char *where)
{
    long x = 0;
    int x32 = 0;
    bool b = false;
    const struct nrt_choice *c;
    switch (o->type) {
    case NRT_OPT_POS_INT:
        if (!parse_long(v, &x) || x <= 0 || x > 4096)
            bad_value(o, v, where);
        *(int *)o->value = (int)x;
        workers_given |= o->value == &nrt_cfg.smp_workers;
        return;
    case NRT_OPT_COUNT:
        if (!parse_long(v, &x))
            bad_value(o, v, where);
        *(long *)o->value = x;
        spins_given |= o->value == &nrt_cfg.spins;
        return;
    case NRT_OPT_CHOICE:
        if (!(c = find_choice(o, v)) && !(c = nrt_nanos_choice(o, v)))
            bad_value(o, v, where);
        *(int *)o->value = c->value;
        return;
    case NRT_OPT_CHOICE_SET:
        if (!parse_choice_set(o, v, &x32))
            bad_value(o, v, where);
        *(int *)o->value = x32;
        return;
    case NRT_OPT_STRING:
        *(const char **)o->value = v;   /* NX_ARGS copies are kept: see parse_args() */
        return;
    case NRT_OPT_BOOL:
    case NRT_OPT_HELP:
        if (!parse_bool(v, &b))
            bad_value(o, v, where);
        *(bool *)o->value = b;
        binding_given |= o->value == &nrt_cfg.binding;
        return;
    }
}

static void __attribute__((noreturn)) unknown_option(const char *name, const char *where)
{
    const char *best = closest_option(name);
    if (best)
        fprintf(stderr, "nanort: unknown option '--%s' in %s; did you mean '--%s'?\n", name,
                where, best);
    else
        fprintf(stderr, "nanort: unknown option '--%s' in %s (NX_ARGS=--help lists every "
                "option)\n", name, where);
    exit(1);
}

/* An NX_ variable that is neither ours nor Nanos++'s: other tools share the prefix, so a
 * warning naming the closest option, not an error (NX_ARGS is all ours: an error there). */
static void unknown_variable(const char *where)
{
    const char *eq = strchr(where, '=');
    int len = eq ? (int)(eq - where) : (int)strlen(where);
    char name[128];
    snprintf(name, sizeof name, "%.*s", len, where + 3);
    for (char *p = name; *p; p++)
        *p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
    const char *best = closest_option(name);
    if (!best) {
        fprintf(stderr, "nanort: warning: ignoring %.*s: no such option (NX_ARGS=--help lists "
                "every option)\n", len, where);
        return;
    }
    fprintf(stderr, "nanort: warning: ignoring %.*s: no such option; did you mean NX_", len, where);
    for (const char *p = best; *p; p++)
        fputc(*p == '-' ? '_' : toupper((unsigned char)*p), stderr);
    fprintf(stderr, " (--%s)?\n", best);
}

/*
 * Options of device plugins that a program may not contain (the CUDA plugin is linked
 * only into programs with CUDA parts, the OpenCL one only when referenced from a static
 * link): OmpSs users keep them in NX_ARGS for every program, so they are accepted and
 * ignored when their plugin is absent (nrt_plugin_options, from every plugin's
 * options.def).  Registered plugin options are found first.
 *
 * The value is checked as the plugin checks it (set_option), so that a typo (`--gpus=x`)
 * is named in every program, not only in those with the plugin, and dropped: *copy is the
 * option with `sink` for its variable; NULL when `name` is no such option. */
static const struct nrt_option *absent_plugin_option(const char *name, struct nrt_option *copy,
                                                     void *sink)
{
    for (const struct nrt_plugin_option *a = nrt_plugin_options; a->plugin; a++)
        if (strcmp(name, a->opt.name) == 0) {
            *copy = a->opt;
            copy->value = sink;
            return copy;
        }
    return NULL;
}

/* A registered option, else one of a plugin this program lacks (absent_plugin_option). */
static const struct nrt_option *find_any(const char *name, struct nrt_option *copy, void *sink)
{
    const struct nrt_option *o = find_option(name);
    return o ? o : absent_plugin_option(name, copy, sink);
}

/*
 * Apply one option: `name` without the leading dashes, `value` NULL when none was
 * attached.  Returns true when it consumed `next` as its value.
 */
static bool apply(const char *name, const char *value, const char *next, const char *where)
{
    struct nrt_option absent;       /* an option of a plugin this program lacks, */
    union { int i; long l; bool b; const char *s; } dropped;     /* ... and its value */
    const struct nrt_option *o = find_any(name, &absent, &dropped);
    bool negated = false;
    if (!o && strncmp(name, "no-", 3) == 0) {
        o = find_any(name + 3, &absent, &dropped);
        if (o && o->type != NRT_OPT_BOOL)
            o = NULL;
        negated = o != NULL;
    }
    bool consumed;
    const char *alias, *alias_value;
    if (!o && nrt_nanos_option(name, value, next, where, &alias, &alias_value, &consumed)) {
        if (alias)                  /* a Nanos++ name of one of ours (nanos_options.c) */
            apply(alias, alias_value, NULL, where);
        return consumed;
    }
    if (!o && strcmp(where, "NX_ARGS") != 0) {
        unknown_variable(where);
        return false;
    }
    if (!o)
        unknown_option(name, where);
    if (negated) {
        if (value)
            bad_value(o, value, where);
        set_option(o, "no", where);
        return false;
    }
    if (value) {
        set_option(o, value, where);
        return false;
    }
    if (o->type == NRT_OPT_BOOL || o->type == NRT_OPT_HELP) {
        set_option(o, "yes", where);
        return false;
    }
    if (!next || strncmp(next, "--", 2) == 0) {
        /* (a choice option's names too: "a name" told no one which) */
        fprintf(stderr, "nanort: missing value for --%s in %s ", o->name, where);
        print_expected(stderr, o);
        exit(1);
    }
    set_option(o, next, where);
    return true;
}

/* The words of the last NX_ARGS parsed, and of the default options: string options point
 * into them until the next load. */
static char *args_words, *default_words;
/* nanort_default_options(): applied before NX_<OPT> and NX_ARGS; NULL: none. */
static char *default_args;

/* The next word of *p, in place, or NULL at the end: white space ends a word except inside
 * '...' or "...", whose quotes are dropped, as a shell would (a value with spaces, such as
 * --opencl-build-opts='-DN=4 -cl-mad-enable').  A quote left open runs to the end. */
static char *next_word(char **p)
{
    char *r = *p, *w;
    while (*r == ' ' || *r == '\t' || *r == '\n')
        r++;
    if (!*r)
        return NULL;
    char *word = w = r, quote = 0;
    for (; *r && (quote || (*r != ' ' && *r != '\t' && *r != '\n')); r++) {
        if (*r == quote)
            quote = 0;
        else if (!quote && (*r == '\'' || *r == '"'))
            quote = *r;
        else
            *w++ = *r;
    }
    *p = *r ? r + 1 : r;
    *w = '\0';
    return word;
}

/* Split `args` (NX_ARGS, or the defaults: `where`) into words (next_word) and apply each
 * option. */
static void parse_args(const char *args, char **keep, const char *where)
{
    free(*keep);
    char *copy = *keep = strdup(args), *rest = copy;
    if (!copy)
        nrt_fatal("out of memory (copying %s)", where);
    char *words[256];
    unsigned n = 0;
    for (char *w; (w = next_word(&rest)) != NULL;) {
        if (n == 256) {
            fprintf(stderr, "nanort: too many words in %s (at most 256)\n", where);
            exit(1);
        }
        words[n++] = w;
    }
    for (unsigned i = 0; i < n; i++) {
        char *w = words[i];
        if (strncmp(w, "--", 2) != 0) {
            fprintf(stderr, "nanort: unexpected '%s' in %s (options start with '--')\n", w,
                    where);
            exit(1);
        }
        char *eq = strchr(w + 2, '=');
        if (eq)
            *eq = '\0';
        if (apply(w + 2, eq ? eq + 1 : NULL, i + 1 < n ? words[i + 1] : NULL, where))
            i++;
    }
}

void nanort_default_options(const char *args)
{
    if (atomic_load_explicit(&nrt_started, memory_order_acquire))
        fprintf(stderr, "nanort: warning: nanort_default_options(\"%s\") called after the "
                        "runtime started: ignored (call it before the first task)\n",
                args ? args : "");
    char *copy = strdup(args ? args : "");
    if (!copy)
        nrt_fatal("out of memory (copying the default options)");
    free(default_args);
    default_args = copy;
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

const struct nrt_option *nrt_config_nth(unsigned i)
{
    for (unsigned t = 0; t < ntables; t++) {
        if (i < tables[t].n)
            return &tables[t].opts[i];
        i -= tables[t].n;
    }
    return NULL;
}

/* Every option to its default (the POS_INT "auto" default is 0). */
static void set_defaults(void)
{
    const char *h;
    for (unsigned i = 0; i < 15 && nrt_sched_name(i, &h); i++)
        sched_choices[i] = (struct nrt_choice){nrt_sched_name(i, &h), (int)i, h};
    FOR_EACH_OPTION(o) {
        if (o->type == NRT_OPT_POS_INT)
            *(int *)o->value = 0;
        else
            set_option(o, o->def, "the defaults");
    }
    workers_given = false;
    spins_given = binding_given = false;
}

static int requested_workers;       /* omp_set_num_threads() before the start */

void nrt_config_request_workers(int n)
{
    if (n > 0 && n <= 4096)
        requested_workers = n;
}

/* An omp_set_num_threads() call after the start: whether the worker count it asks for
 * counts (NX_ARGS and NX_SMP_WORKERS win over it) and differs from N, the running one;
 * when it does, the count is taken for the next start. */
bool nrt_config_take_request(int n)
{
    if (!cfg_loaded || workers_given || requested_workers <= 0 || requested_workers == n)
        return false;
    nrt_cfg.smp_workers = requested_workers;
    return true;
}

int omp_get_thread_limit(void);

/* OMP_THREAD_LIMIT bounds the workers that OMP_NUM_THREADS, omp_set_num_threads() or the
 * default gives (libgomp's teams are no larger either); NX_ARGS and NX_SMP_WORKERS win. */
int nrt_config_thread_limit(int n)
{
    int limit = omp_get_thread_limit();
    return !workers_given && n > limit ? limit : n;
}

/* OMP_NUM_THREADS, "n[,n]..." (blanks around each number, as libgomp takes it): how many
 * levels it lists, with the first `max` in values[]; 0 when unset or empty, -1 when it is
 * no such list ("4,", ",2", "0": libgomp ignores the whole value). */
int nrt_config_omp_num_threads(long *values, int max)
{
    const char *v = getenv("OMP_NUM_THREADS");
    int levels = 0;
    if (!v || !*v)
        return 0;
    for (;;) {
        while (*v == ' ' || *v == '\t')
            v++;
        if (!isdigit((unsigned char)*v))
            return -1;
        char *end;
        errno = 0;
        long x = strtol(v, &end, 10);
        if (errno || x <= 0)
            return -1;
        if (levels < max)
            values[levels] = x;
        levels++;
        for (v = end; *v == ' ' || *v == '\t'; v++)
            ;
        if (!*v)
            return levels;
        if (*v++ != ',')
            return -1;
    }
}

/* OMP_NUM_THREADS counts when neither NX_ARGS nor NX_SMP_WORKERS set the workers, and an
 * omp_set_num_threads() call before the start wins over it. */
static void apply_omp_num_threads(void)
{
    const char *v = getenv("OMP_NUM_THREADS");
    long x = 0;
    if (!workers_given && requested_workers > 0) {
        nrt_cfg.smp_workers = requested_workers;
        return;
    }
    if (workers_given || !v || !*v)
        return;
    if (nrt_config_omp_num_threads(&x, 1) < 0) {
        fprintf(stderr, "nanort: warning: ignoring OMP_NUM_THREADS='%s' (expected a positive "
                        "integer, or a list of them for nested levels: 4,2)\n", v);
        return;
    }
    if (x > 4096) {
        fprintf(stderr, "nanort: warning: ignoring OMP_NUM_THREADS='%s' (nanort runs at most "
                        "4096 worker threads)\n", v);
        return;
    }
    nrt_cfg.smp_workers = (int)x;
}

/* OMP_ variable NAME's value is WORD, any case, blanks around. */
static bool omp_env_is(const char *name, const char *word)
{
    const char *v = getenv(name);
    if (!v)
        return false;
    v += strspn(v, " \t");
    size_t n = strcspn(v, " \t");
    return n == strlen(word) && strncasecmp(v, word, n) == 0 && v[n + strspn(v + n, " \t")] == '\0';
}

/* OMP_WAIT_POLICY=passive: idle workers sleep at once, as libgomp's do, unless --spins is
 * given; OMP_PROC_BIND=false: no worker is bound, unless --binding is given (omp_api.c
 * names a malformed value). */
static void apply_omp_wait_and_bind(void)
{
    if (!spins_given && omp_env_is("OMP_WAIT_POLICY", "passive"))
        nrt_cfg.spins = 0;
    if (!binding_given && omp_env_is("OMP_PROC_BIND", "false"))
        nrt_cfg.binding = false;
}

/* The value bool option NAME (default DFLT) will have once the configuration is loaded
 * (NX_ARGS wins over the NX_ variable ENV; the last word wins), for nanort_main_enter(),
 * which decides before loading it whether to start the runtime or to load the cluster
 * plugin.  The program's default options are not looked at. */
bool nrt_config_peek_bool(const char *name, const char *env, bool dflt)
{
    bool on = dflt;
    const char *v = env ? getenv(env) : NULL;
    if (v)
        parse_bool(v, &on);
    size_t len = strlen(name);
    const char *args = getenv("NX_ARGS");
    for (const char *p = args; p && *p;) {
        p += strspn(p, " \t\n");
        size_t n = strcspn(p, " \t\n");
        if (n >= 2 && p[0] == '-' && p[1] == '-') {
            const char *w = p + 2;
            size_t m = n - 2;
            if (m == len && strncmp(w, name, len) == 0)
                on = true;
            else if (m == len + 3 && strncmp(w, "no-", 3) == 0 && strncmp(w + 3, name, len) == 0)
                on = false;
            else if (m > len + 1 && strncmp(w, name, len) == 0 && w[len] == '=') {
                char val[16];
                snprintf(val, sizeof val, "%.*s", (int)(m - len - 1), w + len + 1);
                parse_bool(val, &on);
            }
        }
        p += n;
    }
    return on;
}

void nrt_config_load(void)
{
    if (cfg_loaded)
        return;
    set_defaults();
    if (default_args)
        parse_args(default_args, &default_words, "the program's default options");
    parse_environment();
    const char *args = getenv("NX_ARGS");
    if (args)
        parse_args(args, &args_words, "NX_ARGS");
    if (want_help) {
        nrt_help_print(stdout);     /* help.c */
        fflush(stdout);
        exit(0);
    }
    apply_omp_num_threads();
    apply_omp_wait_and_bind();
    cfg_loaded = true;
}

void nrt_config_reset(void)
{
    cfg_loaded = false;
}

/* ---- sizes ------------------------------------------------------------------------ */

static void __attribute__((noreturn)) bad_size(const char *opt, const char *value,
                                               size_t total)
{
    fprintf(stderr, "nanort: invalid value '%s' for --%s (expected a size in bytes with an "
                    "optional K, M or G suffix, e.g. 512M%s)\n", value, opt,
            total == NRT_SIZE_BYTES ? "" : ", or a percentage of the device memory, e.g. 80%");
    exit(1);
}

static void __attribute__((noreturn)) huge_size(const char *opt, const char *value)
{
    fprintf(stderr, "nanort: invalid value '%s' for --%s: a size must be below 2^64 bytes "
                    "(16 EiB; e.g. 512M, 64G)\n", value, opt);
    exit(1);
}

/*
 * The integer part is read exactly (strtoull), so that every size below 2^64 keeps its
 * value and 2^64 - 1 or more is refused instead of wrapping (a double holds 53 bits:
 * 18446744073709551615 rounded to 2^64 and converted to 0).  SIZE_MAX itself means "no
 * limit" to the cache, so the largest size accepted is SIZE_MAX - 1.
 */
size_t nrt_parse_size(const char *opt, const char *value, size_t total)
{
    char *end;
    while (*opt == '-')                 /* "--gpu-max-memory" or "gpu-max-memory" */
        opt++;
    if (!value || !isdigit((unsigned char)*value))
        bad_size(opt, value ? value : "", total);
    errno = 0;
    unsigned long long whole = strtoull(value, &end, 10);
    if (errno == ERANGE)
        huge_size(opt, value);
    double frac = 0;
    if (*end == '.') {
        const char *f = end;
        if (!isdigit((unsigned char)f[1]))
            bad_size(opt, value, total);
        frac = strtod(f, &end);         /* "0.xxx" from ".xxx" */
    }
    if (strcmp(end, "%") == 0) {
        if (total == NRT_SIZE_BYTES || whole > 100 || (whole == 100 && frac > 0))
            bad_size(opt, value, total);
        return (size_t)((double)total * ((double)whole + frac) / 100.0);
    }
    unsigned long long unit = 1;
    switch (toupper((unsigned char)*end)) {
    case 'K': unit = 1ull << 10; end++; break;
    case 'M': unit = 1ull << 20; end++; break;
    case 'G': unit = 1ull << 30; end++; break;
    default: break;
    }
    if (toupper((unsigned char)*end) == 'B')   /* 512MB, 64KB */
        end++;
    if (*end)
        bad_size(opt, value, total);
    if (whole > (SIZE_MAX - 1) / unit)
        huge_size(opt, value);
    size_t bytes = (size_t)(whole * unit);
    size_t extra = (size_t)(frac * (double)unit);   /* the fraction: below unit <= 2^30 */
    if (extra > SIZE_MAX - 1 - bytes)
        huge_size(opt, value);
    return bytes + extra;
}
