/*
 * options.c - Check suite for the runtime options that guard against bad input and
 * Nanos++ habits: memory sizes at the edge of size_t, the options and NX_ variables of
 * Nanos++ (accepted with one warning), unknown NX_ variables (a warning naming the
 * closest option), --stack-size, the warning for more workers than cores, choice sets
 * given as lists (--opencl-device-type=GPU,CPU), and nanos_malloc_pinned_cuda() without
 * CUDA.
 * Program runs go through build/tests/unit/nx_probe (next to this binary) in a child
 * process with a clean environment plus the variables under test.
 */
#include "util.h"
#include "../../nanort/nrt.h"
#include "../../devices/opencl/options.def"

#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char probe_path[PATH_MAX];

struct run {
    int status;         /* exit status, or 128 + signal */
    char out[65536];    /* stdout and stderr together */
};
static struct run res;

/* Fork; the child runs fn(arg) with stdout and stderr into r->out, then exits 0. */
static void run_fn(struct run *r, void (*fn)(const void *), const void *arg)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        fn(arg);
        fflush(NULL);
        _exit(0);
    }
    close(fd[1]);
    size_t len = 0;
    ssize_t got;
    while ((got = read(fd[0], r->out + len, sizeof r->out - 1 - len)) > 0)
        len += (size_t)got;
    r->out[len] = 0;
    close(fd[0]);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The parent's environment without NX_* and OMP_NUM_THREADS, plus `extra`; nx_probe runs
 * ten tasks before it exits. */
static void exec_probe(const void *arg)
{
    const char *const *extra = arg;
    size_t n = 0, m = 0, k = 0;
    while (environ[n])
        n++;
    while (extra && extra[m])
        m++;
    char **env = calloc(n + m + 1, sizeof *env);
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "NX_", 3) != 0 && strncmp(environ[i], "OMP_NUM_THREADS=", 16) != 0)
            env[k++] = environ[i];
    for (size_t i = 0; i < m; i++)
        env[k++] = (char *)extra[i];
    char *argv[] = {probe_path, "tasks", NULL};
    execve(probe_path, argv, env);
    _exit(127);
}

#define PROBE(r, ...) run_fn((r), exec_probe, (const char *const[]){__VA_ARGS__, NULL})

/* Occurrences of `what` in s. */
static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* nx_probe prints the worker count last. */
static int probe_workers(const struct run *r)
{
    const char *last = r->out, *nl;
    size_t len = strlen(r->out);
    while (len > 0 && r->out[len - 1] == '\n')
        len--;
    for (nl = r->out; (nl = memchr(nl, '\n', (size_t)(r->out + len - nl))); nl++)
        last = nl + 1;
    return atoi(last);
}

static void expect_ok(const struct run *r, int workers)
{
    ck_assert_msg(r->status == 0, "nx_probe exited %d: %s", r->status, r->out);
    ck_assert_msg(probe_workers(r) == workers, "expected %d workers: %s", workers, r->out);
}

static int usable_cores(void)
{
    cpu_set_t set;
    ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
    return CPU_COUNT(&set);
}

/* ---- memory sizes ------------------------------------------------------------------- */

static void parse_print(const void *arg)
{
    printf("%zu\n", nrt_parse_size("--opencl-max-memory", arg, 1000));
}

static size_t parsed(const char *value)
{
    run_fn(&res, parse_print, value);
    ck_assert_msg(res.status == 0, "'%s' refused (%d): %s", value, res.status, res.out);
    return (size_t)strtoull(res.out, NULL, 10);
}

static void refused(const char *value, const char *why)
{
    run_fn(&res, parse_print, value);
    ck_assert_msg(res.status == 1, "'%s' gave exit %d (expected 1): %s", value, res.status,
                  res.out);
    ck_assert_msg(strstr(res.out, "opencl-max-memory") && strstr(res.out, value) &&
                  strstr(res.out, why), "'%s': message lacks the option, the value or '%s': %s",
                  value, why, res.out);
}

START_TEST(options_size_at_size_max_is_refused)
{
    /* 2^64 - 1 bytes and beyond are errors (2^64 - 1 used to wrap to 0), in bytes or with
     * a suffix; the largest size below the "no limit" value still parses exactly. */
    refused("18446744073709551615", "below 2^64");
    refused("18446744073709551616", "below 2^64");
    refused("99999999999999999999999999", "below 2^64");
    refused("17179869184G", "below 2^64");
    refused("16777216T", "expected a size");
    refused("1e30", "expected a size");
    ck_assert_uint_eq(parsed("18446744073709551614"), SIZE_MAX - 1);
    ck_assert_uint_eq(parsed("17179869183G"), SIZE_MAX - ((size_t)1 << 30) + 1);
    ck_assert_uint_eq(parsed("9007199254740993"), 9007199254740993ull);  /* 2^53 + 1 */
}
END_TEST

START_TEST(options_size_forms)
{
    /* The forms the sizes take: bytes, K/M/G (powers of 1024) with an optional B, a
     * fraction, a percentage of the device memory. */
    ck_assert_uint_eq(parsed("0"), 0);
    ck_assert_uint_eq(parsed("4096"), 4096);
    ck_assert_uint_eq(parsed("40K"), 40960);
    ck_assert_uint_eq(parsed("512MB"), 512u << 20);
    ck_assert_uint_eq(parsed("1.5K"), 1536);
    ck_assert_uint_eq(parsed("80%"), 800);
    ck_assert_uint_eq(parsed("12.5%"), 125);
    refused("101%", "expected a size");
    refused("-5", "expected a size");
    refused("5X", "expected a size");
    refused("1.K", "expected a size");
}
END_TEST

/* ---- many workers --------------------------------------------------------------------- */

START_TEST(options_thousands_of_workers_finish)
{
    /* --smp-workers far above the cores works: 4,096 workers (the most accepted) start, run
     * the probe's ten tasks and stop within the test's timeout (idle workers used to poll
     * every deque, quadratic in the workers: 1,024 took 4 s on 2 cores, 4,096 never ended),
     * and the runtime says once that the workers exceed the cores. */
    PROBE(&res, "NX_ARGS=--smp-workers=4096");
    expect_ok(&res, 4096);
    ck_assert_msg(count(res.out, "smp workers on") == 1 &&
                  strstr(res.out, "nanort: warning: 4096 smp workers on"),
                  "expected one warning that 4096 workers exceed the cores: %s", res.out);
}
END_TEST

START_TEST(options_workers_over_cores_warn_once)
{
    /* One worker more than the cores: one warning naming both counts; as many: none. */
    int cores = usable_cores();
    char args[64], want[96];
    snprintf(args, sizeof args, "NX_ARGS=--smp-workers=%d", cores + 1);
    snprintf(want, sizeof want, "nanort: warning: %d smp workers on %d cores", cores + 1, cores);
    PROBE(&res, args);
    expect_ok(&res, cores + 1);
    ck_assert_msg(count(res.out, want) == 1 && count(res.out, "warning") == 1,
                  "expected one '%s': %s", want, res.out);
    snprintf(args, sizeof args, "NX_SMP_WORKERS=%d", cores);
    PROBE(&res, args);
    expect_ok(&res, cores);
    ck_assert_msg(!strstr(res.out, "warning"), "a warning with as many workers as cores: %s",
                  res.out);
}
END_TEST

/* ---- Nanos++ options and NX_ variables ------------------------------------------------- */

START_TEST(options_nanos_args_accepted_with_one_warning)
{
    /* Nanos++ options nanort does not have run the program, with one warning each (an
     * option given twice warns once) that says what nanort does instead; a value given as
     * the next word is taken with its option. */
    PROBE(&res, "NX_ARGS=--enable-yield --throttle=readytasks --instrumentation extrae "
                "--smp-workers=2 --enable-yield --binding-start 1 --gpu-overlap");
    expect_ok(&res, 2);
    ck_assert_msg(count(res.out, "nanort: warning: ignoring --enable-yield (a Nanos++ option): "
                                 "idle workers poll") == 1, "enable-yield: %s", res.out);
    ck_assert_msg(count(res.out, "ignoring --throttle (a Nanos++ option): nanort throttles by "
                                 "the number of pending tasks, --throttle-limit") == 1,
                  "throttle: %s", res.out);
    ck_assert_msg(count(res.out, "ignoring --instrumentation (a Nanos++ option): nanort writes "
                                 "a Chrome/Perfetto trace with --trace=FILE") == 1,
                  "instrumentation: %s", res.out);
    ck_assert_msg(count(res.out, "ignoring --binding-start") == 1 &&
                  count(res.out, "ignoring --gpu-overlap") == 1, "%s", res.out);
    ck_assert_int_eq(count(res.out, "warning"), 5);
}
END_TEST

START_TEST(options_nanos_aliases_take_effect)
{
    /* Nanos++ names of nanort's options set them: --threads, NX_THREADS, --smp-cpus are
     * the worker count, --opencl-cache a plain number below 100 is a percentage. */
    PROBE(&res, "NX_ARGS=--threads=3");
    expect_ok(&res, 3);
    ck_assert_msg(strstr(res.out, "nanort: warning: --threads is a Nanos++ option: taken as "
                                  "--smp-workers=3"), "%s", res.out);
    PROBE(&res, "NX_THREADS=2");
    expect_ok(&res, 2);
    ck_assert_msg(strstr(res.out, "NX_THREADS is a Nanos++ option: taken as --smp-workers=2"),
                  "%s", res.out);
    PROBE(&res, "NX_ARGS=--smp-cpus 1 --opencl-cache 30");
    expect_ok(&res, 1);
    ck_assert_msg(strstr(res.out, "--opencl-cache is a Nanos++ option: taken as "
                                  "--opencl-max-memory=30%"), "%s", res.out);
    PROBE(&res, "NX_ARGS=--threads=abc");
    ck_assert_msg(res.status == 1 && strstr(res.out, "invalid value 'abc' for --smp-workers"),
                  "a bad value through an alias: %d %s", res.status, res.out);
}
END_TEST

START_TEST(options_nanos_disable_binding_unbinds)
{
    /* --disable-binding is --no-binding: with as many workers as cores they are bound
     * unless it is given (--verbose says which). */
    int cores = usable_cores();
    if (cores < 2)
        return;                     /* one core: never bound, nothing to tell apart */
    char args[96];
    snprintf(args, sizeof args, "NX_ARGS=--smp-workers=%d --verbose", cores);
    PROBE(&res, args);
    expect_ok(&res, cores);
    ck_assert_msg(strstr(res.out, "(bound to cores)"), "not bound without it: %s", res.out);
    snprintf(args, sizeof args, "NX_ARGS=--smp-workers=%d --verbose --disable-binding", cores);
    PROBE(&res, args);
    expect_ok(&res, cores);
    ck_assert_msg(strstr(res.out, "(not bound)") &&
                  strstr(res.out, "--disable-binding is a Nanos++ option: taken as --no-binding"),
                  "--disable-binding: %s", res.out);
}
END_TEST

START_TEST(options_nanos_variables_accepted)
{
    /* Nanos++'s variables, in its own spellings (NX_GPUWARMUP, not NX_GPU_WARMUP): one
     * warning each, the program runs. */
    PROBE(&res, "NX_THROTTLE=numtasks", "NX_GPUWARMUP=yes", "NX_INSTRUMENTATION=extrae",
          "NX_SMP_WORKERS=1");
    expect_ok(&res, 1);
    ck_assert_msg(count(res.out, "ignoring NX_THROTTLE (a Nanos++ option)") == 1 &&
                  count(res.out, "ignoring NX_GPUWARMUP (a Nanos++ option)") == 1 &&
                  count(res.out, "ignoring NX_INSTRUMENTATION (a Nanos++ option)") == 1 &&
                  count(res.out, "warning") == 3, "%s", res.out);
}
END_TEST

START_TEST(options_unknown_variable_warns_with_closest)
{
    /* An NX_ variable that is neither nanort's nor Nanos++'s: a warning naming the closest
     * option, and the program runs (it used to stop). */
    PROBE(&res, "NX_SMP_WOKERS=2", "NX_SMP_WORKERS=1");
    expect_ok(&res, 1);
    ck_assert_msg(strstr(res.out, "nanort: warning: ignoring NX_SMP_WOKERS: no such option; did "
                                  "you mean NX_SMP_WORKERS (--smp-workers)?"), "%s", res.out);
}
END_TEST

START_TEST(options_unknown_nx_args_option_still_an_error)
{
    /* Inside NX_ARGS an unknown option (a typo of a Nanos++ one too) stays an error. */
    PROBE(&res, "NX_ARGS=--enable-yeld");
    ck_assert_msg(res.status == 1 && strstr(res.out, "nanort: unknown option '--enable-yeld' in "
                                                     "NX_ARGS; did you mean '--enable-yield'?"),
                  "%d: %s", res.status, res.out);
    /* The suggestion is the closest of nanort's and Nanos++'s names (it named
     * --disable-opencl for a missing 's' of --disable-caches). */
    PROBE(&res, "NX_ARGS=--disable-cache");
    ck_assert_msg(res.status == 1 && strstr(res.out, "did you mean '--disable-caches'?"),
                  "%d: %s", res.status, res.out);
    /* A choice option without its value names the choices ("a name" told no one which). */
    PROBE(&res, "NX_ARGS=--schedule");
    ck_assert_msg(res.status == 1 && strstr(res.out, "nanort: missing value for --schedule in "
                                                     "NX_ARGS (expected one of: ") &&
                  strstr(res.out, "dbf"), "%d: %s", res.status, res.out);
    PROBE(&res, "NX_ARGS=--enable-yield extra");
    ck_assert_msg(res.status == 1 && strstr(res.out, "unexpected 'extra'"),
                  "a flag takes no value: %d %s", res.status, res.out);
}
END_TEST

START_TEST(options_unknown_far_from_every_option_suggests_none)
{
    /* A name no option is near: the message points at --help instead of a far-off option
     * ("did you mean '--coarse-us'?" for --bogus-opt, NX_PES for NX_FOO). */
    PROBE(&res, "NX_ARGS=--bogus-opt");
    ck_assert_msg(res.status == 1 && strstr(res.out, "nanort: unknown option '--bogus-opt' in "
                                                     "NX_ARGS (NX_ARGS=--help lists every "
                                                     "option)") &&
                  !strstr(res.out, "did you mean"), "%d: %s", res.status, res.out);
    PROBE(&res, "NX_FOO=1", "NX_SMP_WORKERS=1");
    expect_ok(&res, 1);
    ck_assert_msg(strstr(res.out, "nanort: warning: ignoring NX_FOO: no such option (NX_ARGS="
                                  "--help lists every option)") &&
                  !strstr(res.out, "did you mean"), "%s", res.out);
}
END_TEST

START_TEST(options_nanos_schedule_policy)
{
    /* A Nanos++ policy nanort lacks queues as dbf, with one warning; an unknown name stays
     * an error. */
    PROBE(&res, "NX_ARGS=--schedule=socket --smp-workers=2", "NX_SCHEDULE=botlev");
    expect_ok(&res, 2);
    ck_assert_msg(count(res.out, "Nanos++ policy nanort does not have: tasks queue as dbf") == 1,
                  "%s", res.out);
    PROBE(&res, "NX_ARGS=--schedule=sockets");
    ck_assert_int_eq(res.status, 1);
}
END_TEST

START_TEST(options_nanos_scheduler_plugin_options)
{
    /* The options of Nanos++'s scheduling plugins (bf: --schedule-priority, --bf-use-stack,
     * --bf-stack, --schedule-smart-priority; wf: --schedule-parent, --schedule-local-policy,
     * --schedule-steal-policy) and --hwloc-topology run the program with one warning each
     * (they stopped it: "unknown option"); a value may be the next word. */
    PROBE(&res, "NX_ARGS=--schedule=bf --schedule-priority --bf-use-stack --bf-stack "
                "--schedule-smart-priority --smp-workers=2 --hwloc-topology topo.xml",
          "NX_SCHEDULE_LOCAL_POLICY=LIFO");
    expect_ok(&res, 2);
    ck_assert_msg(count(res.out, "ignoring --schedule-priority (a Nanos++ option): every "
                                 "policy runs the ready task of highest priority first") == 1 &&
                  count(res.out, "ignoring --bf-use-stack (a Nanos++ option): the queue order "
                                 "is the policy's") == 1 &&
                  count(res.out, "ignoring NX_SCHEDULE_LOCAL_POLICY (a Nanos++ option)") == 1 &&
                  count(res.out, "warning") == 6, "%s", res.out);
    PROBE(&res, "NX_ARGS=--schedule=wf --schedule-parent --schedule-local-policy LIFO "
                "--schedule-steal-policy=FIFO --smp-workers=1 --no-schedule-priority");
    expect_ok(&res, 1);
    ck_assert_int_eq(count(res.out, "warning"), 4);
}
END_TEST

/* ---- choice options are enums ---------------------------------------------------------- */

/* In a child: NX_ARGS=arg parsed again; print the three choice values and their names. */
static void load_print(const void *arg)
{
    setenv("NX_ARGS", arg, 1);
    nrt_config_reset();
    nrt_config_load();
    printf("%d %d %s %s %s %s\n", nrt_cfg.cache_policy, nrt_cfg.dispatch,
           nrt_sched_nth((unsigned)nrt_cfg.schedule)->name, nrt_config_value_name("cache-policy"),
           nrt_config_value_name("dispatch"), nrt_config_value_name("schedule"));
}

START_TEST(options_choices_store_enums)
{
    /* Every name of --cache-policy, --dispatch and --schedule (docs/runtime-options.md)
     * stores its enum constant, short names the same constant as the long one, and the
     * name shown back is the long one. */
    static const struct {
        const char *args;
        int cache, dispatch;
        const char *sched, *cache_name, *dispatch_name;
    } want[] = {
        {"--cache-policy=writeback", NRT_CACHE_WRITEBACK, NRT_DISPATCH_VERSIONING, "dbf",
         "writeback", "versioning"},
        {"--cache-policy=wb --dispatch=affinity", NRT_CACHE_WRITEBACK, NRT_DISPATCH_AFFINITY,
         "dbf", "writeback", "affinity"},
        {"--cache-policy=writethrough --schedule=bf", NRT_CACHE_WRITETHROUGH,
         NRT_DISPATCH_VERSIONING, "bf", "writethrough", "versioning"},
        {"--cache-policy=wt --dispatch=round-robin --schedule=wf", NRT_CACHE_WRITETHROUGH,
         NRT_DISPATCH_ROUND_ROBIN, "wf", "writethrough", "round-robin"},
        {"--cache-policy=nocache --dispatch=versioning --schedule=dbf", NRT_CACHE_NOCACHE,
         NRT_DISPATCH_VERSIONING, "dbf", "nocache", "versioning"},
        {"--schedule=socket", NRT_CACHE_WRITEBACK, NRT_DISPATCH_VERSIONING, "dbf",
         "writeback", "versioning"},    /* a Nanos++ policy: dbf, with a warning */
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        run_fn(&res, load_print, want[i].args);
        ck_assert_msg(res.status == 0, "%s: exit %d: %s", want[i].args, res.status, res.out);
        const char *last = res.out;     /* the last line (a warning may come first) */
        for (const char *p = res.out; (p = strchr(p, '\n')) && p[1]; p++)
            last = p + 1;
        int cache = -1, dispatch = -1;
        char sched[32] = "", cname[32] = "", dname[32] = "", sname[32] = "";
        ck_assert_msg(sscanf(last, "%d %d %31s %31s %31s %31s", &cache, &dispatch, sched, cname,
                             dname, sname) == 6, "%s: %s", want[i].args, res.out);
        ck_assert_msg(cache == want[i].cache && dispatch == want[i].dispatch &&
                      !strcmp(sched, want[i].sched) && !strcmp(sname, want[i].sched) &&
                      !strcmp(cname, want[i].cache_name) &&
                      !strcmp(dname, want[i].dispatch_name),
                      "%s: got %s", want[i].args, last);
    }
}
END_TEST

/* ---- choice sets: --opencl-device-type=GPU,CPU ----------------------------------------- */

/* A choice-set option with the OpenCL plugin's device types (this suite has no plugin of
 * its own: nx_probe accepts and ignores --opencl-device-type). */
static int test_types;
static const struct nrt_option set_options[] = {
    {"test-device-types", NRT_OPT_CHOICE_SET, "auto", "device types", &test_types,
     NRT_CHOICES(NRT_OPENCL_DEVICE_TYPES)},
};

/* In a child: NX_TEST_DEVICE_TYPES=arg parsed (NX_ARGS=arg when arg starts with "--");
 * print the bits and the names shown back. */
static void load_print_set(const void *arg)
{
    const char *v = arg;
    unsetenv("NX_ARGS");
    setenv(strncmp(v, "--", 2) == 0 ? "NX_ARGS" : "NX_TEST_DEVICE_TYPES", v, 1);
    nrt_config_add(set_options, 1);
    nrt_config_reset();
    nrt_config_load();
    char names[128];
    nrt_config_value_text("test-device-types", names, sizeof names);
    printf("%d %s\n", test_types, names);
}

#define TYPE_BIT(t) NRT_CHOICE_BIT(NRT_OCL_TYPE_##t)

START_TEST(options_choice_set_takes_lists)
{
    /* Nanos++ users write NX_OPENCL_DEVICE_TYPE=GPU,CPU: a choice set takes one name or a
     * comma-separated list in any case (blanks around a name allowed in a variable), stores
     * the bit of each, and shows them back in the choices' order; an empty or unknown name
     * is an error that says lists are allowed.  Only single names were taken before. */
    static const struct {
        const char *value;
        int bits;
        const char *names;
    } want[] = {
        {"--test-device-types=GPU,CPU", TYPE_BIT(GPU) | TYPE_BIT(CPU), "cpu,gpu"},
        {"--test-device-types=cpu,accelerator", TYPE_BIT(CPU) | TYPE_BIT(ACCELERATOR),
         "cpu,accelerator"},
        {"--test-device-types=gpu", TYPE_BIT(GPU), "gpu"},
        {"--test-device-types=Gpu,gpu", TYPE_BIT(GPU), "gpu"},
        {"--smp-workers=1", TYPE_BIT(AUTO), "auto"},
        {" gpu , all", TYPE_BIT(GPU) | TYPE_BIT(ALL), "gpu,all"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        run_fn(&res, load_print_set, want[i].value);
        ck_assert_msg(res.status == 0, "%s: exit %d: %s", want[i].value, res.status, res.out);
        int bits = -1;
        char names[64] = "";
        ck_assert_msg(sscanf(res.out, "%d %63s", &bits, names) == 2, "%s: %s", want[i].value,
                      res.out);
        ck_assert_msg(bits == want[i].bits && !strcmp(names, want[i].names),
                      "%s: got %s (expected %d %s)", want[i].value, res.out, want[i].bits,
                      want[i].names);
    }
    static const char *const bad[] = {"--test-device-types=gpu,,cpu", "--test-device-types=gpu,",
                                      "--test-device-types=,gpu", "--test-device-types=gpu,fpga",
                                      "gpu cpu"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        run_fn(&res, load_print_set, bad[i]);
        ck_assert_msg(res.status == 1 && strstr(res.out, "invalid value") &&
                      strstr(res.out, "comma-separated, of: cpu, gpu"), "%s: exit %d: %s",
                      bad[i], res.status, res.out);
    }
}
END_TEST

START_TEST(options_help_shows_device_type_lists)
{
    /* --help shows that --opencl-device-type takes a list (nx_probe lists the OpenCL
     * plugin's options from options.def). */
    PROBE(&res, "NX_ARGS=--help");
    ck_assert_int_eq(res.status, 0);
    ck_assert_msg(strstr(res.out, "--opencl-device-type=NAME[,NAME...]") &&
                  strstr(res.out, "comma-separated"), "%s", res.out);
}
END_TEST

/* ---- nanos_malloc_pinned_cuda without CUDA ------------------------------------------- */
void *nanos_malloc_pinned_cuda(size_t size);    /* mcc/include/nanos.h's */
void nanos_free_pinned_cuda(void *address);

static void pinned_print(const void *arg)
{
    (void)arg;
    char *p = nanos_malloc_pinned_cuda(100);
    p[99] = 1;
    nanos_free_pinned_cuda(p);
    printf("%d\n", (int)atomic_load(&nrt_started));
}

START_TEST(options_pinned_malloc_without_cuda_starts_nothing)
{
    /* A program without CUDA parts (this suite has no CUDA plugin) gets malloc's memory
     * from nanos_malloc_pinned_cuda(), freed by nanos_free_pinned_cuda(), and the runtime
     * does not start for it (unit/cache checks the CUDA side). */
    run_fn(&res, pinned_print, NULL);
    ck_assert_msg(res.status == 0 && !strcmp(res.out, "0\n"), "exit %d: %s", res.status,
                  res.out);
}
END_TEST

START_TEST(options_help_lists_nanos_options)
{
    PROBE(&res, "NX_ARGS=--help");
    ck_assert_int_eq(res.status, 0);
    ck_assert_msg(strstr(res.out, "Nanos++ options accepted with a warning") &&
                  strstr(res.out, "--enable-yield ") && strstr(res.out, "--threads=...") &&
                  strstr(res.out, "--stack-size=VALUE"), "%s", res.out);
}
END_TEST

/* ---- --stack-size ----------------------------------------------------------------------- */

START_TEST(options_stack_size_values)
{
    /* --stack-size takes a size (NX_STACK_SIZE, Nanos++'s name, too); a percentage or a
     * size too small for the reserve are errors naming the option. */
    PROBE(&res, "NX_STACK_SIZE=16M", "NX_SMP_WORKERS=2");
    expect_ok(&res, 2);
    PROBE(&res, "NX_ARGS=--stack-size=10%");
    ck_assert_msg(res.status == 1 && strstr(res.out, "--stack-size"), "%d %s", res.status, res.out);
    PROBE(&res, "NX_ARGS=--stack-size=64K");
    ck_assert_msg(res.status == 1 && strstr(res.out, "--stack-size=64K is too small"), "%d %s",
                  res.status, res.out);
}
END_TEST

START_TEST(options_bad_value_names_where_and_range)
{
    /* A bad value names where it came from (the NX_ variable a user set, not only the
     * option), the worker count's upper bound, and a size option that takes no percentage
     * refuses one (--trace-memory=50% was 0 of 0 bytes: no cap at all). */
    PROBE(&res, "NX_SMP_WORKERS=abc");
    ck_assert_msg(res.status == 1 && strstr(res.out, "invalid value 'abc' for --smp-workers in "
                                                     "NX_SMP_WORKERS (expected a positive "
                                                     "integer, at most 4096)"),
                  "%d %s", res.status, res.out);
    PROBE(&res, "NX_ARGS=--smp-workers=5000");
    ck_assert_msg(res.status == 1 && strstr(res.out, "'5000' for --smp-workers in NX_ARGS "
                                                     "(expected a positive integer, at most 4096)"),
                  "%d %s", res.status, res.out);
    PROBE(&res, "NX_ARGS=--smp-workers=1 --trace-memory=50%");
    ck_assert_msg(res.status == 1 && strstr(res.out, "invalid value '50%' for --trace-memory "
                                                     "(expected a size in bytes with an optional "
                                                     "K, M or G suffix, e.g. 512M)"),
                  "%d %s", res.status, res.out);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        perror("readlink /proc/self/exe");
        return 1;
    }
    self[n] = 0;
    snprintf(probe_path, sizeof probe_path, "%s/nx_probe", dirname(self));
    if (access(probe_path, X_OK) != 0) {
        fprintf(stderr, "%s: %s not found\n", argv[0], probe_path);
        return 1;
    }
    Suite *s = suite_create("options");
    TCase *tc = ut_tcase(s, "sizes", 30);
    tcase_add_test(tc, options_size_at_size_max_is_refused);
    tcase_add_test(tc, options_size_forms);
    /* 4,096 workers take about 0.5 s on 2 loaded cores; the quadratic polling took 40 s. */
    tc = ut_tcase(s, "workers", 20);
    tcase_add_test(tc, options_thousands_of_workers_finish);
    tcase_add_test(tc, options_workers_over_cores_warn_once);
    tc = ut_tcase(s, "nanos", 30);
    tcase_add_test(tc, options_nanos_args_accepted_with_one_warning);
    tcase_add_test(tc, options_nanos_aliases_take_effect);
    tcase_add_test(tc, options_nanos_disable_binding_unbinds);
    tcase_add_test(tc, options_nanos_variables_accepted);
    tcase_add_test(tc, options_unknown_variable_warns_with_closest);
    tcase_add_test(tc, options_unknown_nx_args_option_still_an_error);
    tcase_add_test(tc, options_unknown_far_from_every_option_suggests_none);
    tcase_add_test(tc, options_nanos_schedule_policy);
    tcase_add_test(tc, options_nanos_scheduler_plugin_options);
    tcase_add_test(tc, options_help_lists_nanos_options);
    tcase_add_test(tc, options_choices_store_enums);
    tcase_add_test(tc, options_choice_set_takes_lists);
    tcase_add_test(tc, options_help_shows_device_type_lists);
    tcase_add_test(tc, options_pinned_malloc_without_cuda_starts_nothing);
    tcase_add_test(tc, options_stack_size_values);
    tcase_add_test(tc, options_bad_value_names_where_and_range);
    return ut_run_suite(s);
}
