/*
 * config.c - Check suite for the configuration module: NX_ARGS, NX_<OPT> and
 * OMP_NUM_THREADS, --help, and the errors for unknown options and malformed values.
 * Each test runs build/tests/unit/nx_probe (next to this binary) as a subprocess with
 * a clean environment plus the variables under test.
 */
#include "util.h"

#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char probe_path[PATH_MAX];

struct probe_result {
    int status;      /* exit status, or 128 + signal */
    char out[65536]; /* stdout and stderr together */
};

/* Environment of the parent without NX_* and OMP_NUM_THREADS, plus `extra`. */
static char **probe_env(const char *const *extra)
{
    size_t n = 0, m = 0;
    while (environ[n])
        n++;
    while (extra && extra[m])
        m++;
    char **env = calloc(n + m + 1, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "NX_", 3) != 0 && strncmp(environ[i], "OMP_NUM_THREADS=", 16) != 0)
            env[k++] = environ[i];
    for (size_t i = 0; i < m; i++)
        env[k++] = (char *)extra[i];
    return env;
}

/* Run nx_probe [arg] with the variables `extra` ("NAME=value", NULL-terminated). */
static void run_probe(struct probe_result *r, const char *arg, const char *const *extra)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    char **env = probe_env(extra);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        char *argv[] = {probe_path, (char *)arg, NULL};
        execve(probe_path, argv, env);
        _exit(127);
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
    free(env);
}

#define PROBE(r, arg, ...) run_probe((r), (arg), (const char *const[]){__VA_ARGS__, NULL})

/* nx_probe prints the worker count on its last line (a warning may come before it, e.g.
 * for more workers than cores). */
static void expect_workers(const struct probe_result *r, int n)
{
    ck_assert_msg(r->status == 0, "nx_probe exited %d: %s", r->status, r->out);
    const char *last = r->out;
    for (const char *p = r->out; *p; p++)
        if (p[0] == '\n' && p[1] && !(p[1] == '\n'))
            last = p + 1;
    ck_assert_msg(atoi(last) == n, "expected %d workers, nx_probe printed: %s", n, r->out);
}

static void expect_error(const struct probe_result *r, const char *must1, const char *must2)
{
    ck_assert_msg(r->status == 1, "expected exit status 1, got %d: %s", r->status, r->out);
    ck_assert_msg(strstr(r->out, must1), "message does not name '%s': %s", must1, r->out);
    if (must2)
        ck_assert_msg(strstr(r->out, must2), "message does not mention '%s': %s", must2, r->out);
}

static int usable_cores(void)
{
    cpu_set_t set;
    ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
    return CPU_COUNT(&set);
}

static struct probe_result res;

START_TEST(config_smp_workers_option)
{
    /* NX_ARGS=--smp-workers=3 gives 3 workers. */
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=3");
    expect_workers(&res, 3);
}
END_TEST

START_TEST(config_nx_smp_workers_variable)
{
    /* NX_SMP_WORKERS=2 gives 2 workers. */
    PROBE(&res, NULL, "NX_SMP_WORKERS=2");
    expect_workers(&res, 2);
}
END_TEST

START_TEST(config_omp_num_threads_fallback)
{
    /* OMP_NUM_THREADS is honoured when neither NX_ARGS nor NX_SMP_WORKERS sets it. */
    PROBE(&res, NULL, "OMP_NUM_THREADS=3");
    expect_workers(&res, 3);
}
END_TEST

START_TEST(config_nx_args_wins_over_omp_num_threads)
{
    /* --smp-workers in NX_ARGS (or NX_SMP_WORKERS) wins over OMP_NUM_THREADS. */
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=2", "OMP_NUM_THREADS=3");
    expect_workers(&res, 2);
    PROBE(&res, NULL, "NX_SMP_WORKERS=1", "OMP_NUM_THREADS=3");
    expect_workers(&res, 1);
}
END_TEST

START_TEST(config_default_one_worker_per_core)
{
    /* With nothing set there is one worker per usable core. */
    run_probe(&res, NULL, NULL);
    expect_workers(&res, usable_cores());
}
END_TEST

START_TEST(config_several_options)
{
    /* Several options in one NX_ARGS, with spaces, are all taken. */
    PROBE(&res, NULL, "NX_ARGS=  --schedule=bf --smp-workers=2   --throttle-limit=50 --no-binding");
    expect_workers(&res, 2);
}
END_TEST

START_TEST(config_help_lists_every_option)
{
    /* NX_ARGS=--help exits 0 and lists every option and every policy. */
    static const char *const must[] = {"--smp-workers", "--schedule", "--throttle-limit",
                                       "--summary", "--verbose", "--help", "bf", "dbf", "wf"};
    PROBE(&res, NULL, "NX_ARGS=--help");
    ck_assert_msg(res.status == 0, "--help exited %d: %s", res.status, res.out);
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        ck_assert_msg(strstr(res.out, must[i]), "--help does not list %s:\n%s", must[i], res.out);
}
END_TEST

/* Policy names from --help: the first word of each line indented by two after the line
 * that mentions "policies". */
static int help_policies(const char *help, char names[][32], int max)
{
    const char *p = strstr(help, "policies");
    int n = 0;
    if (!p)
        return 0;
    p = strchr(p, '\n');
    while (p && *++p && n < max) {
        /* a policy's line starts with two blanks; its wrapped help goes on further in */
        if (p[0] == ' ' && p[1] == ' ' && p[2] != ' ' && sscanf(p, " %31s", names[n]) == 1 &&
            names[n][0] != '-')
            n++;
        p = strchr(p, '\n');
    }
    return n;
}

START_TEST(config_every_listed_policy_is_tested)
{
    /* Every policy --help lists is in the set make check runs the suites under
     * (UT_POLICIES, from tests/unit/module.mk) and vice versa, and each one runs tasks. */
    const char *tested = getenv("UT_POLICIES");
    char names[32][32], arg[96];
    PROBE(&res, NULL, "NX_ARGS=--help");
    ck_assert_int_eq(res.status, 0);
    int n = help_policies(res.out, names, 32);
    ck_assert_msg(n >= 3, "--help lists %d policies:\n%s", n, res.out);
    char padded[512];
    snprintf(padded, sizeof padded, " %s ", tested ? tested : "bf wf dbf");
    int found = 0;
    for (int i = 0; i < n; i++) {
        char word[40];
        snprintf(word, sizeof word, " %.31s ", names[i]);
        if (tested)
            ck_assert_msg(strstr(padded, word), "policy %s is not in UT_POLICIES (%s)", names[i],
                          tested);
        found += strstr(padded, word) != NULL;
        snprintf(arg, sizeof arg, "NX_ARGS=--smp-workers=2 --schedule=%.31s", names[i]);
        PROBE(&res, "tasks", arg);
        expect_workers(&res, 2);
    }
    int want = 0;
    for (const char *w = padded; *w; w++)
        want += w[0] == ' ' && w[1] && w[1] != ' ';
    ck_assert_msg(found == want, "UT_POLICIES names %d policies, --help lists %d of them", want,
                  found);
}
END_TEST

START_TEST(config_unknown_option_suggests_closest)
{
    /* --smp-wokers=2 stops with exit 1, naming the option and suggesting --smp-workers. */
    PROBE(&res, NULL, "NX_ARGS=--smp-wokers=2");
    expect_error(&res, "smp-wokers", "--smp-workers");
}
END_TEST

START_TEST(config_unknown_option_among_valid_ones)
{
    /* An unknown option after valid ones still stops the program. */
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=2 --schedul=bf");
    expect_error(&res, "schedul", "--schedule");
}
END_TEST

START_TEST(config_absent_device_options_accepted)
{
    /* nx_probe has no CUDA plugin (and no OpenCL reference): the device options OmpSs users
     * keep in NX_ARGS are accepted and ignored, with or without a separate value. */
    PROBE(&res, NULL, "NX_ARGS=--disable-cuda --gpus 2 --gpu-max-memory=1G --smp-workers=3 "
                      "--opencl-device-type=gpu --no-disable-opencl");
    expect_workers(&res, 3);
    /* every option of docs/runtime-options.md's OpenCL and CUDA rows (--gpu-streams was
     * refused as unknown when the core kept its own list) */
    PROBE(&res, NULL, "NX_ARGS=--gpu-streams 2 --opencl-max-devices=1 --opencl-max-memory 50% "
                      "--opencl-build-opts=-DX --disable-opencl --no-disable-cuda --smp-workers=2");
    expect_workers(&res, 2);
}
END_TEST

START_TEST(config_absent_device_options_checked)
{
    /* ... but their values are checked as the plugin checks them: --gpus=x, --gpu-streams=0,
     * --disable-cuda=maybe and a --gpus without its value stop with exit 1 naming the
     * option in a program without the plugin too (they were dropped unread there). */
    PROBE(&res, NULL, "NX_ARGS=--gpus=x");
    expect_error(&res, "gpus", "x");
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=2 --gpu-streams=0");
    expect_error(&res, "gpu-streams", "0");
    PROBE(&res, NULL, "NX_ARGS=--disable-cuda=maybe");
    expect_error(&res, "disable-cuda", "maybe");
    PROBE(&res, NULL, "NX_ARGS=--gpus --smp-workers=2");
    expect_error(&res, "gpus", NULL);
}
END_TEST

START_TEST(config_malformed_worker_count)
{
    /* --smp-workers=abc stops with exit 1 naming the option and the value. */
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=abc");
    expect_error(&res, "smp-workers", "abc");
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=-2");
    expect_error(&res, "smp-workers", NULL);
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=3x");
    expect_error(&res, "smp-workers", NULL);
}
END_TEST

START_TEST(config_malformed_nx_variable)
{
    /* NX_SMP_WORKERS=abc is rejected like the NX_ARGS form. */
    PROBE(&res, NULL, "NX_SMP_WORKERS=abc");
    expect_error(&res, "smp-workers", "abc");
}
END_TEST

START_TEST(config_unknown_schedule)
{
    /* --schedule=nosuch stops with exit 1 naming the value and the option. */
    PROBE(&res, NULL, "NX_ARGS=--schedule=nosuch");
    expect_error(&res, "nosuch", "schedule");
}
END_TEST

START_TEST(config_choice_in_capitals)
{
    /* Nanos++ spelt choice values in capitals (NX_OPENCL_DEVICE_TYPE=GPU, ALL): any case is
     * taken; they stopped the program with "invalid value". */
    PROBE(&res, NULL, "NX_ARGS=--verbose --smp-workers=1 --schedule=BF --cache-policy=NoCache");
    ck_assert_msg(res.status == 0, "exit %d: %s", res.status, res.out);
    ck_assert_msg(strstr(res.out, "schedule=bf"), "--schedule=BF not taken as bf: %s", res.out);
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=2", "NX_DISPATCH=ROUND-ROBIN");
    expect_workers(&res, 2);
    PROBE(&res, NULL, "NX_ARGS=--schedule=BFX");
    expect_error(&res, "BFX", "schedule");
}
END_TEST

START_TEST(config_malformed_throttle_limit)
{
    /* --throttle-limit=lots stops with exit 1 naming the option. */
    PROBE(&res, NULL, "NX_ARGS=--throttle-limit=lots");
    expect_error(&res, "throttle-limit", "lots");
}
END_TEST

START_TEST(config_summary_names_task_labels)
{
    /* --summary prints, at exit, a table that names the task label. */
    PROBE(&res, "tasks", "NX_ARGS=--summary --smp-workers=2");
    ck_assert_msg(res.status == 0, "exit %d: %s", res.status, res.out);
    ck_assert_msg(strstr(res.out, "probe_task"), "--summary does not name probe_task:\n%s", res.out);
}
END_TEST

START_TEST(config_verbose_prints_configuration)
{
    /* --verbose prints something beyond the probe's own line; without it nothing. */
    PROBE(&res, NULL, "NX_ARGS=--verbose --smp-workers=1");
    ck_assert_int_eq(res.status, 0);
    ck_assert_msg(strlen(res.out) > 2, "--verbose printed nothing: %s", res.out);
    PROBE(&res, NULL, "NX_ARGS=--smp-workers=1");
    ck_assert_str_eq(res.out, "1\n");
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
    Suite *s = suite_create("config");
    TCase *tc = ut_tcase(s, "workers", 30);
    tcase_add_test(tc, config_smp_workers_option);
    tcase_add_test(tc, config_nx_smp_workers_variable);
    tcase_add_test(tc, config_omp_num_threads_fallback);
    tcase_add_test(tc, config_nx_args_wins_over_omp_num_threads);
    tcase_add_test(tc, config_default_one_worker_per_core);
    tcase_add_test(tc, config_several_options);
    tc = ut_tcase(s, "messages", 30);
    tcase_add_test(tc, config_help_lists_every_option);
    tcase_add_test(tc, config_every_listed_policy_is_tested);
    tcase_add_test(tc, config_unknown_option_suggests_closest);
    tcase_add_test(tc, config_unknown_option_among_valid_ones);
    tcase_add_test(tc, config_malformed_worker_count);
    tcase_add_test(tc, config_malformed_nx_variable);
    tcase_add_test(tc, config_unknown_schedule);
    tcase_add_test(tc, config_malformed_throttle_limit);
    tcase_add_test(tc, config_choice_in_capitals);
    tcase_add_test(tc, config_summary_names_task_labels);
    tcase_add_test(tc, config_absent_device_options_accepted);
    tcase_add_test(tc, config_absent_device_options_checked);
    tcase_add_test(tc, config_verbose_prints_configuration);
    return ut_run_suite(s);
}
