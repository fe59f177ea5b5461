/*
 * driver_proc.c - what the mcc driver stands on: its errors, argument vectors, file names,
 * temporary files and the commands it runs (cpp, cc, nvcc, the linker).
 *
 * Temporary files live in $TMPDIR/mcc-XXXXXX (or where gcc would put them when $TMPDIR is
 * not a writable directory: temp_root), made at the first need, one directory per
 * input inside it (drv_temp_dir).  They are removed at exit (atexit, so drv_die and every
 * return from main too), also on SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE: the handler
 * stops the command in progress, removes them and dies of the same signal.  -k keeps only
 * the translated <name>.mcc.c, which is written outside this directory (driver.c).
 * mcc is short-lived: nothing is freed before exit.
 */
#include "mcc.h"

#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- small helpers ---------------------------------------------------------------- */

void drv_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mcc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

char *drv_asprintf(const char *fmt, ...)
{
    va_list ap;
    char *s;
    va_start(ap, fmt);
    int r = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (r < 0)
        drv_die("out of memory");
    return s;
}

bool drv_has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The file name without its directory and without its last suffix ("dir/app.c" -> "app"). */
char *drv_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *stem = drv_asprintf("%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem)
        *dot = '\0';
    return stem;
}

const char *drv_suffix(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot + 1 : "";
}

void sv_push(struct strvec *sv, const char *s)
{
    if (sv->n + 2 > sv->cap) {
        sv->cap = sv->cap ? 2 * sv->cap : 16;
        const char **v = realloc(sv->v, sv->cap * sizeof *v);
        if (!v)
            drv_die("out of memory");
        sv->v = v;
    }
    sv->v[sv->n++] = s;
    sv->v[sv->n] = NULL;
}

void sv_cat(struct strvec *dst, const struct strvec *src)
{
    for (size_t i = 0; i < src->n; i++)
        sv_push(dst, src->v[i]);
}

/* Push the parts of `list` separated by any of `seps`, skipping empty parts
 * ("-O2,-g" -> -O2 -g). */
void sv_split(struct strvec *sv, const char *list, const char *seps)
{
    char *copy = drv_asprintf("%s", list);
    for (char *save, *tok = strtok_r(copy, seps, &save); tok; tok = strtok_r(NULL, seps, &save))
        sv_push(sv, tok);
}

/* Push the words of `text` as a shell splits them, without its expansions: blanks
 * separate words; '...' keeps everything, "..." all but a backslash before " \\ $ `;
 * a backslash outside quotes keeps the next character ("-DTAG=\"a b\"" -> one word). */
void sv_split_shell(struct strvec *sv, const char *text)
{
    char *word = NULL;
    size_t wlen = 0;
    FILE *w = NULL;
    for (const char *p = text; p && *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            if (w) {
                fclose(w);
                w = NULL;
                sv_push(sv, word);
            }
            continue;
        }
        if (!w && !(w = open_memstream(&word, &wlen)))
            drv_die("out of memory");
        if (*p == '\\' && p[1]) {
            putc(*++p, w);
        } else if (*p == '\'') {
            while (p[1] && p[1] != '\'')
                putc(*++p, w);
            p += p[1] != '\0';
        } else if (*p == '"') {
            for (; p[1] && p[1] != '"'; p++) {
                p += p[1] == '\\' && p[2] && strchr("\"\\$`", p[2]);
                putc(p[1], w);
            }
            p += p[1] != '\0';
        } else {
            putc(*p, w);
        }
    }
    if (w) {
        fclose(w);
        sv_push(sv, word);
    }
}

/* ---- temporary files ----------------------------------------------------------------- */

/* Everything here is read by the signal handler: the list only grows with signals blocked. */
static char **temps;
static volatile sig_atomic_t ntemps;
static size_t temps_cap;
static volatile pid_t running_child;

/* Remove the temporaries, newest first, so files go before the directories holding them.
 * Only async-signal-safe calls: the signal handler runs this too. */
static void remove_temps(void)
{
    while (ntemps > 0) {
        const char *p = temps[ntemps - 1];
        if (unlink(p) != 0 && errno != ENOENT)
            rmdir(p);
        ntemps = ntemps - 1;
    }
}

static const char *run_dir; /* $TMPDIR/mcc-XXXXXX, made at the first need */

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* At exit: the registered temporaries, then whatever a compiler left in our directory. */
static void cleanup_temps(void)
{
    remove_temps();
    if (run_dir && access(run_dir, F_OK) == 0)
        nftw(run_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Stop the command in progress, remove the temporaries, then die of the same signal. */
static void on_fatal_signal(int sig)
{
    pid_t child = running_child;
    if (child > 0) {
        kill(child, sig);
        waitpid(child, NULL, 0);
    }
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
#define NFATAL_SIGNALS (sizeof fatal_signals / sizeof fatal_signals[0])

void drv_install_signal_handlers(void)
{
    for (size_t i = 0; i < NFATAL_SIGNALS; i++) {
        struct sigaction sa = {.sa_handler = on_fatal_signal};
        sigemptyset(&sa.sa_mask);
        struct sigaction old;
        /* Keep ignoring a signal the caller ignores (nohup, background jobs). */
        if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(fatal_signals[i], &sa, NULL);
    }
    atexit(cleanup_temps);
}

/* Register `path` for removal at exit (signals blocked so the handler sees a whole list). */
static void remember_temp(char *path)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    if ((size_t)ntemps == temps_cap) {
        temps_cap = temps_cap ? 2 * temps_cap : 16;
        char **t = realloc(temps, temps_cap * sizeof *t);
        if (!t)
            drv_die("out of memory");
        temps = t;
    }
    temps[ntemps] = path;
    ntemps = ntemps + 1;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Where temporaries go, as gcc chooses it (libiberty's choose_tmpdir): the first of $TMPDIR,
 * $TMP, $TEMP, /tmp, /var/tmp and /usr/tmp that is a directory we may write in, so that a
 * build run with a TMPDIR that is gone still compiles. */
static const char *temp_root(void)
{
    const char *const dirs[] = {getenv("TMPDIR"), getenv("TMP"), getenv("TEMP"),
                                "/tmp", "/var/tmp", "/usr/tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        struct stat st;
        if (dirs[i] && *dirs[i] && stat(dirs[i], &st) == 0 && S_ISDIR(st.st_mode) &&
            access(dirs[i], W_OK | X_OK) == 0)
            return dirs[i];
    }
    return "/tmp";
}

/* A private directory for one input's temporaries, $TMPDIR/mcc-XXXXXX/<n>.  Inside it the
 * files keep the input's own name, so that objects and debug information say "app.c" and
 * not a random name, and the same input gives the same object every time. */
const char *drv_temp_dir(void)
{
    static unsigned count;
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    if (!run_dir) {
        char *path = drv_asprintf("%s/mcc-XXXXXX", temp_root());
        if (!mkdtemp(path))
            drv_die("cannot create a temporary directory %s: %s", path, strerror(errno));
        remember_temp(path);
        run_dir = path;
    }
    char *dir = drv_asprintf("%s/%u", run_dir, count++);
    if (mkdir(dir, 0700) != 0)
        drv_die("cannot create the temporary directory %s: %s", dir, strerror(errno));
    remember_temp(dir);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return dir;
}

/* The temporary <input dir>/<name>, removed at exit. */
char *drv_temp(const char *dir, const char *name)
{
    char *path = drv_asprintf("%s/%s", dir, name);
    remember_temp(path);
    return path;
}

/* Remove the output of a failed step, if it is a regular file: as gcc, never a device
 * (-o /dev/null), a link or a directory. */
void drv_remove_output(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        unlink(path);
}

/* Copy file `from` to `to`, writing through `to` (a device such as /dev/null stays one;
 * "-" is stdout); 0, or 1 after a message. */
int drv_copy_file(const char *from, const char *to)
{
    size_t len;
    char *data = mcc_read_file(from, &len);
    if (!data) {
        fprintf(stderr, "mcc: error: cannot read %s: %s\n", from, strerror(errno));
        return 1;
    }
    bool out = !strcmp(to, "-");
    FILE *f = out ? stdout : fopen(to, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    if (f && (out ? fflush(f) : fclose(f)) != 0)
        ok = false;
    free(data);
    if (!ok)
        fprintf(stderr, "mcc: error: cannot write %s: %s\n", to, strerror(errno));
    return !ok;
}

/* ---- running commands ------------------------------------------------------------------ */

bool drv_verbose;
bool drv_dry_run;

/* Print one argument so that the line can be pasted into a shell. */
void drv_print_arg(FILE *f, const char *a)
{
    if (*a && strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                        "_-+=/.,:@%") == strlen(a)) {
        fputs(a, f);
        return;
    }
    fputc('\'', f);
    for (; *a; a++) {
        if (*a == '\'')
            fputs("'\\''", f);
        else
            fputc(*a, f);
    }
    fputc('\'', f);
}

static void print_command(const struct strvec *cmd)
{
    for (size_t i = 0; i < cmd->n; i++) {
        if (i)
            fputc(' ', stderr);
        drv_print_arg(stderr, cmd->v[i]);
    }
    fputc('\n', stderr);
}

static int run(const struct strvec *cmd, void (*filter)(char *line));

/* Run `cmd` (searched in PATH) and return its exit status; the child's messages go
 * straight to our stderr, like gcc's sub-processes. */
int drv_run(const struct strvec *cmd)
{
    return run(cmd, NULL);
}

int drv_run_filtered(const struct strvec *cmd, void (*filter)(char *line))
{
    return run(cmd, filter);
}

/* The child's stderr, line by line through filter, onto ours (until it closes). */
static void copy_filtered(int fd, void (*filter)(char *line))
{
    FILE *in = fdopen(fd, "r");
    if (!in) {
        close(fd);
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, in) >= 0) {
        filter(line);
        fputs(line, stderr);
    }
    fflush(stderr);
    free(line);
    fclose(in);
}

static int run(const struct strvec *cmd, void (*filter)(char *line))
{
    if (drv_verbose || drv_dry_run)
        print_command(cmd);
    if (drv_dry_run)
        return 0;
    fflush(NULL);
    int fds[2] = {-1, -1};
    if (filter && pipe(fds) != 0)
        drv_die("cannot make a pipe: %s", strerror(errno));
    /* Signals wait until running_child is set, so the handler always knows whom to stop. */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    pid_t pid = fork();
    if (pid == 0) {
        if (filter) {
            dup2(fds[1], STDERR_FILENO);
            close(fds[0]);
            close(fds[1]);
        }
        /* The child is not mcc: a signal before exec must not remove our files. */
        for (size_t i = 0; i < NFATAL_SIGNALS; i++) {
            struct sigaction cur;
            if (sigaction(fatal_signals[i], NULL, &cur) == 0 && cur.sa_handler == on_fatal_signal)
                signal(fatal_signals[i], SIG_DFL);
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        execvp(cmd->v[0], (char *const *)cmd->v);
        fprintf(stderr, "mcc: error: cannot run '%s': %s\n", cmd->v[0], strerror(errno));
        _exit(1);
    }
    running_child = pid > 0 ? pid : 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (pid < 0)
        drv_die("cannot fork: %s", strerror(errno));
    if (filter) {
        close(fds[1]);
        copy_filtered(fds[0], filter);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            drv_die("waitpid: %s", strerror(errno));
    }
    running_child = 0;
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    fprintf(stderr, "mcc: error: '%s' terminated by signal %d (%s)\n", cmd->v[0],
            WTERMSIG(st), strsignal(WTERMSIG(st)));
    return 1;
}
