/*
 * perfmodel_file.c - the file --perf-model-dir keeps the learned times in, read as
 * untrusted input.  Shared by the runtime (perfmodel.c) and the nanort-perfmodel viewer
 * (nanort/tools/perfmodel.c), so it uses the C library only.
 *
 * Format (text, one record a line, fields separated by tabs):
 *   # nanort performance model, format 1
 *   LABEL  IMPLEMENTATION  DEVICE  CLASS  RUNS  NS [NS ...]
 * CLASS is the footprint class (a task whose regions cover b bytes is in class
 * 64 - clz(b): bytes in [2^(CLASS-1), 2^CLASS)), RUNS the runs recorded (the first,
 * discarded one included), then the last 1 to NRT_PERF_WINDOW times in nanoseconds.
 *
 * What is refused, as StarPU refuses a bad model file: a file that is not a regular
 * file (a FIFO or a device would block or never end), a missing or unknown header (the
 * whole file), and lines that are too long, have too few or too many fields, a field
 * that is not a number, a class out of range, a time that is not a finite positive
 * number of at most a day (NaN, infinities, negative, absurd), or repeat a key.  Only
 * the first NRT_PM_MAX_BYTES bytes are read.  The caller gets the good records and one
 * report (how many lines were dropped, the first one and why) to warn once.
 */
#include "nrt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char header_prefix[] = "# nanort performance model, format ";

void nrt_pm_write_header(FILE *f)
{
    fprintf(f, "%s%d\n", header_prefix, NRT_PM_FORMAT);
}

void nrt_pm_write_line(FILE *f, const struct nrt_pm_line *l)
{
    fprintf(f, "%s\t%s\t%s\t%u\t%lu", l->label, l->impl, l->device, l->bucket, l->runs);
    for (unsigned i = 0; i < l->n; i++)
        fprintf(f, "\t%.0f", l->ns[i]);
    fputc('\n', f);
}

static void drop(struct nrt_pm_report *rep, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void drop(struct nrt_pm_report *rep, unsigned long line, const char *fmt, ...)
{
    if (rep->dropped++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        int k = line ? snprintf(rep->why, sizeof rep->why, "line %lu: ", line) : 0;
        vsnprintf(rep->why + k, sizeof rep->why - (size_t)k, fmt, ap);
        va_end(ap);
    }
}

/* A name field: printable, without the characters that would break a line of the file. */
static bool good_name(const char *s)
{
    if (!*s || strlen(s) > NRT_PM_MAX_NAME)
        return false;
    for (; *s; s++)
        if (iscntrl((unsigned char)*s))
            return false;
    return true;
}

static bool parse_ulong(const char *s, unsigned long *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return errno == 0 && *end == '\0';
}

/* A time: a finite number of nanoseconds in (0, NRT_PM_MAX_NS]. */
static bool parse_time(const char *s, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = x;
    return isfinite(x) && x > 0 && x <= NRT_PM_MAX_NS;
}

/* Keys seen so far (a repeated key is dropped): a small open hash of string hashes. */
struct seen {
    unsigned long long *h;
    size_t n, cap;
};

static unsigned long long key_hash(const struct nrt_pm_line *l)
{
    unsigned long long h = 1469598103934665603ull;       /* FNV-1a */
    const char *parts[3] = {l->label, l->impl, l->device};
    for (int p = 0; p < 3; p++) {
        for (const char *s = parts[p]; *s; s++)
            h = (h ^ (unsigned char)*s) * 1099511628211ull;
        h = (h ^ 0xff) * 1099511628211ull;
    }
    h = (h ^ l->bucket) * 1099511628211ull;
    return h ? h : 1;
}

/* True when the key was new (and is now remembered); false on a repeat or no memory. */
static bool seen_add(struct seen *s, unsigned long long h)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        unsigned long long *t = calloc(cap, sizeof *t);
        if (!t)
            return false;
        for (size_t i = 0; i < s->cap; i++)
            if (s->h[i])
                for (size_t j = s->h[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!t[j]) {
                        t[j] = s->h[i];
                        break;
                    }
        free(s->h);
        s->h = t;
        s->cap = cap;
    }
    size_t j = h & (s->cap - 1);
    for (; s->h[j]; j = (j + 1) & (s->cap - 1))
        if (s->h[j] == h)
            return false;
    s->h[j] = h;
    s->n++;
    return true;
}

/* One record line (without its newline); false with the reason when it is refused. */
static bool parse_line(char *text, struct nrt_pm_line *l, const char **why)
{
    char *fld[5 + NRT_PERF_WINDOW + 1];
    unsigned k = 0;
    for (char *p = text;; p++) {
        fld[k++] = p;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = '\0';
        if (k == sizeof fld / sizeof fld[0]) {
            *why = "more times than a model keeps";
            return false;
        }
    }
    if (k < 6) {
        *why = "fewer than 6 fields (label, implementation, device, class, runs, times)";
        return false;
    }
    if (k > 5 + NRT_PERF_WINDOW) {
        *why = "more times than a model keeps";
        return false;
    }
    l->label = fld[0];
    l->impl = fld[1];
    l->device = fld[2];
    if (!good_name(l->label) || !good_name(l->impl) || !good_name(l->device)) {
        *why = "an empty, overlong or unprintable name";
        return false;
    }
    unsigned long bucket;
    if (!parse_ulong(fld[3], &bucket) || bucket >= NRT_PM_CLASSES) {
        *why = "the footprint class is not an integer below 48";
        return false;
    }
    l->bucket = (unsigned)bucket;
    l->n = k - 5;
    if (!parse_ulong(fld[4], &l->runs) || l->runs < l->n) {
        *why = "the run count is not an integer at least the number of times";
        return false;
    }
    for (unsigned i = 0; i < l->n; i++)
        if (!parse_time(fld[5 + i], &l->ns[i])) {
            *why = "a time is not a finite positive number of nanoseconds of at most a day";
            return false;
        }
    return true;
}

/* Read at most NRT_PM_MAX_BYTES of fd; *truncated when there was more. */
static char *read_bounded(int fd, size_t *len, bool *truncated)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    *truncated = false;
    while (buf) {
        if (n == cap) {
            if (cap >= NRT_PM_MAX_BYTES) {
                char c;
                *truncated = read(fd, &c, 1) > 0;
                break;
            }
            size_t ncap = 2 * cap > NRT_PM_MAX_BYTES ? NRT_PM_MAX_BYTES : 2 * cap;
            char *nb = realloc(buf, ncap + 1);
            if (!nb) {
                free(buf);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    if (buf)
        buf[n] = '\0';
    *len = n;
    return buf;
}

int nrt_pm_read(const char *path, void (*fn)(void *arg, const struct nrt_pm_line *l),
                void *arg, struct nrt_pm_report *rep)
{
    memset(rep, 0, sizeof *rep);
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 1;
        snprintf(rep->why, sizeof rep->why, "cannot be read: %s", strerror(errno));
        rep->whole_file = true;
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(rep->why, sizeof rep->why, "is not a regular file (a FIFO, a device or a "
                                            "directory?)");
        rep->whole_file = true;
        close(fd);
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    size_t len;
    bool truncated;
    char *buf = read_bounded(fd, &len, &truncated);
    int saved = errno;
    close(fd);
    if (!buf) {
        snprintf(rep->why, sizeof rep->why, "cannot be read: %s", strerror(saved));
        rep->whole_file = true;
        return -1;
    }
    char *line = buf, *nl = strchr(line, '\n');
    if (!nl || strncmp(line, header_prefix, sizeof header_prefix - 1) != 0) {
        snprintf(rep->why, sizeof rep->why, "has no '%sN' header line (an older nanort's file, "
                 "or not a model)", header_prefix);
        rep->whole_file = true;
        free(buf);
        return 0;
    }
    *nl = '\0';
    unsigned long version;
    if (!parse_ulong(line + sizeof header_prefix - 1, &version) || version != NRT_PM_FORMAT) {
        snprintf(rep->why, sizeof rep->why, "is in format '%.40s', not %d (written by another "
                 "version of nanort)", line + sizeof header_prefix - 1, NRT_PM_FORMAT);
        rep->whole_file = true;
        free(buf);
        return 0;
    }
    struct seen seen = {NULL, 0, 0};
    unsigned long lineno = 1;
    for (line = nl + 1; line < buf + len; line = nl + 1) {
        lineno++;
        nl = strchr(line, '\n');
        if (!nl) {
            if (!truncated)
                drop(rep, lineno, "the last line has no end (a write cut short)");
            break;
        }
        *nl = '\0';
        if (nl - line > NRT_PM_MAX_LINE) {
            drop(rep, lineno, "longer than %d characters", NRT_PM_MAX_LINE);
            continue;
        }
        struct nrt_pm_line l;
        const char *why;
        if (!parse_line(line, &l, &why)) {
            drop(rep, lineno, "%s", why);
            continue;
        }
        if (!seen_add(&seen, key_hash(&l))) {
            drop(rep, lineno, "a second record of '%s' '%s' '%s' class %u", l.label, l.impl,
                 l.device, l.bucket);
            continue;
        }
        fn(arg, &l);
    }
    if (truncated)
        drop(rep, 0, "the file is larger than %u MiB: the rest is not read",
             NRT_PM_MAX_BYTES >> 20);
    free(seen.h);
    free(buf);
    return 0;
}

void nrt_pm_warn(FILE *f, const char *who, const char *path, const struct nrt_pm_report *rep,
                 const char *then)
{
    if (rep->whole_file)
        fprintf(f, "%s: warning: the performance model %s %s: not used%s\n", who, path,
                rep->why, then);
    else if (rep->dropped)
        fprintf(f, "%s: warning: the performance model %s: %lu bad line%s dropped (the first: "
                   "%s)%s\n", who, path, rep->dropped, rep->dropped == 1 ? "" : "s", rep->why,
                then);
}
