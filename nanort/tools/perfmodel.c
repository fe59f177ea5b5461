/*
 * nanort-perfmodel - print the performance models nanort learned (--perf-model-dir) as a
 * table, as starpu_perfmodel_display does for StarPU's:
 *
 *   nanort-perfmodel [-l LABEL] DIR|FILE...
 *
 * A directory stands for every nanort-perf-*.txt in it (one file per host).  Per file,
 * one row per (label, implementation, device, footprint class): the samples the model
 * keeps, their median and their spread (median absolute deviation, relative to the
 * median).  The file is checked as the runtime checks it (perfmodel_file.c): bad lines are
 * named in one warning and left out.  Exit status: 0, or 1 when an argument could not be
 * read or held no model, 2 on a usage error.
 */
#include "nrt.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct row {
    char *label, *impl, *device;
    unsigned bucket, n;
    unsigned long runs;
    double median, spread;
};

struct rows {
    struct row *v;
    size_t n, cap;
    const char *only;               /* -l LABEL */
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("nanort-perfmodel: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, unsigned n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void add_line(void *arg, const struct nrt_pm_line *l)
{
    struct rows *rs = arg;
    if (rs->only && strcmp(rs->only, l->label) != 0)
        return;
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? 2 * rs->cap : 32;
        struct row *v = realloc(rs->v, rs->cap * sizeof *v);
        if (!v) {
            fputs("nanort-perfmodel: out of memory\n", stderr);
            exit(1);
        }
        rs->v = v;
    }
    struct row *r = &rs->v[rs->n++];
    double v[NRT_PERF_WINDOW];
    memcpy(v, l->ns, l->n * sizeof v[0]);
    r->median = median_of(v, l->n);
    for (unsigned i = 0; i < l->n; i++)
        v[i] = l->ns[i] > r->median ? l->ns[i] - r->median : r->median - l->ns[i];
    r->spread = median_of(v, l->n) / r->median;
    r->label = xstrdup(l->label);
    r->impl = xstrdup(l->impl);
    r->device = xstrdup(l->device);
    r->bucket = l->bucket;
    r->n = l->n;
    r->runs = l->runs;
}

static int by_key(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    int c = strcmp(x->label, y->label);
    if (!c)
        c = strcmp(x->impl, y->impl);
    if (!c)
        c = strcmp(x->device, y->device);
    return c ? c : (x->bucket > y->bucket) - (x->bucket < y->bucket);
}

/* "[512 B, 1 KiB)": the bytes a task of footprint class b covers. */
static void class_text(unsigned b, char *out, size_t size)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (b == 0) {
        snprintf(out, size, "0 B");
        return;
    }
    unsigned lo = b - 1, hi = b;
    snprintf(out, size, "[%llu %s, %llu %s)", 1ull << (lo % 10), unit[lo / 10],
             1ull << (hi % 10), unit[hi / 10]);
}

static void time_text(double ns, char *out, size_t size)
{
    if (ns < 1e3)
        snprintf(out, size, "%.0f ns", ns);
    else if (ns < 1e6)
        snprintf(out, size, "%.2f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(out, size, "%.2f ms", ns / 1e6);
    else
        snprintf(out, size, "%.3f s", ns / 1e9);
}

static int width(const struct rows *rs, size_t off, int min)
{
    int w = min;
    for (size_t i = 0; i < rs->n; i++) {
        int k = (int)strlen(*(char *const *)((const char *)&rs->v[i] + off));
        if (k > w)
            w = k;
    }
    return w;
}

static void print_table(const char *path, struct rows *rs)
{
    qsort(rs->v, rs->n, sizeof *rs->v, by_key);
    int wl = width(rs, offsetof(struct row, label), 5);
    int wi = width(rs, offsetof(struct row, impl), 14);
    int wd = width(rs, offsetof(struct row, device), 6);
    printf("%s\n  %-*s  %-*s  %-*s  %-18s %8s %8s %12s %8s\n", path, wl, "label", wi,
           "implementation", wd, "device", "footprint", "runs", "samples", "median", "spread");
    for (size_t i = 0; i < rs->n; i++) {
        const struct row *r = &rs->v[i];
        char cls[40], med[32];
        class_text(r->bucket, cls, sizeof cls);
        time_text(r->median, med, sizeof med);
        printf("  %-*s  %-*s  %-*s  %-18s %8lu %8u %12s %7.2f%%\n", wl, r->label, wi, r->impl,
               wd, r->device, cls, r->runs, r->n, med, 100 * r->spread);
    }
    if (!rs->n)
        printf("  (no model%s%s)\n", rs->only ? " for label " : "", rs->only ? rs->only : "");
}

static void free_rows(struct rows *rs)
{
    for (size_t i = 0; i < rs->n; i++) {
        free(rs->v[i].label);
        free(rs->v[i].impl);
        free(rs->v[i].device);
    }
    free(rs->v);
    rs->v = NULL;
    rs->n = rs->cap = 0;
}

/* One model file; false when it could not be used at all. */
static bool show_file(const char *path, const char *only)
{
    struct rows rs = {NULL, 0, 0, only};
    struct nrt_pm_report rep;
    int st = nrt_pm_read(path, add_line, &rs, &rep);
    if (st == 1) {
        fprintf(stderr, "nanort-perfmodel: %s: no such file\n", path);
        return false;
    }
    nrt_pm_warn(stderr, "nanort-perfmodel", path, &rep, "");
    bool ok = st == 0 && !rep.whole_file;
    if (ok)
        print_table(path, &rs);
    free_rows(&rs);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every nanort-perf-*.txt of a directory, in name order. */
static bool show_dir(const char *dir, const char *only)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "nanort-perfmodel: %s: %s\n", dir, strerror(errno));
        return false;
    }
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t k = strlen(e->d_name);
        if (strncmp(e->d_name, "nanort-perf-", 12) != 0 || k < 16 ||
            strcmp(e->d_name + k - 4, ".txt") != 0)
            continue;
        char **v = realloc(names, (n + 1) * sizeof *names);
        if (!v)
            break;
        names = v;
        size_t len = strlen(dir) + k + 2;
        names[n] = xmalloc(len);
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (!n) {
        fprintf(stderr, "nanort-perfmodel: %s holds no performance model (nanort-perf-HOST.txt: "
                        "run a program with NX_ARGS=--perf-model-dir=%s first)\n", dir, dir);
        return false;
    }
    qsort(names, n, sizeof *names, by_name);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        if (i)
            putchar('\n');
        ok &= show_file(names[i], only);
        free(names[i]);
    }
    free(names);
    return ok;
}

static void usage(FILE *f)
{
    fputs("Usage: nanort-perfmodel [-l LABEL] DIR|FILE...\n"
          "Print the performance models nanort learned (NX_ARGS=--perf-model-dir=DIR) as a\n"
          "table: per task label, implementation, device and footprint class (the bytes the\n"
          "task's dependences cover), the runs recorded, the samples kept, their median and\n"
          "their spread (median absolute deviation over the median).  A directory stands for\n"
          "every nanort-perf-HOST.txt in it.\n"
          "  -l LABEL   only the models of this task label\n"
          "  -h         this text\n", f);
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "-l") && i + 1 < argc) {
            only = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--")) {
            i++;
            break;
        }
        fprintf(stderr, "nanort-perfmodel: unknown option '%s'\n", argv[i]);
        usage(stderr);
        return 2;
    }
    if (i == argc) {
        usage(stderr);
        return 2;
    }
    bool ok = true;
    for (int first = i; i < argc; i++) {
        struct stat st;
        if (i > first)
            putchar('\n');
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            ok &= show_dir(argv[i], only);
        else
            ok &= show_file(argv[i], only);
    }
    return ok ? 0 : 1;
}
