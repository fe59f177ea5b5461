/*
 * help.c - what the runtime says about its settings: NX_ARGS=--help (every option of the
 * core and of every device plugin, wrapped to the terminal) and OMP_DISPLAY_ENV (the
 * settings in effect, at start, in the OpenMP specification's format).
 *
 * The CUDA plugin is linked only into programs with CUDA parts, and a static link keeps
 * the OpenCL plugin only when something refers to it, so --help would not show their
 * options everywhere; nrt_plugin_options lists them for the programs that lack them (they
 * are accepted and ignored there: config.c), gathered at build time from the plugins' own
 * devices/<name>/options.def, the lists the plugins register.  tests/instr/run.sh help compares the two --help outputs.
 */
#include "nrt.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>


/* ---- the option table ------------------------------------------------------------- */

static bool registered(const char *name)
{
    const struct nrt_option *o;
    for (unsigned i = 0; (o = nrt_config_nth(i)); i++)
        if (strcmp(o->name, name) == 0)
            return true;
    return false;
}

/* The columns to wrap to: the terminal's, else $COLUMNS, else 80. */
static int columns(FILE *f)
{
    struct winsize ws;
    int c = 0;
    if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0)
        c = ws.ws_col;
    if (c <= 0) {
        const char *e = getenv("COLUMNS");
        c = e ? atoi(e) : 0;
    }
    if (c <= 0)
        c = 80;
    return c < 40 ? 40 : c > 400 ? 400 : c;
}

/* `text` from column `col` (the cursor is there) to `width`, further lines indented to
 * `indent`; breaks at blanks (a word too long for the column starts further left, or goes
 * whole when longer than a line). */
static void wrap(FILE *f, const char *text, int col, int indent, int width)
{
    bool first = true;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        if (!first && col + 1 + (int)len > width) {
            /* a word longer than the column: on a line of its own, as far in as it fits */
            int in = indent + (int)len > width ? width - (int)len : indent;
            in = in < 0 ? 0 : in;
            fprintf(f, "\n%*s", in, "");
            col = in;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, len, f);
        col += (int)len;
        p += len;
        first = false;
    }
    fputc('\n', f);
}

#define HELP_INDENT 26

/* One entry: `lhs` in the left column (alone on its line when too wide), `text` wrapped
 * in the right one. */
static void print_entry(FILE *f, const char *lhs, const char *text, int width)
{
    fputs(lhs, f);
    int at = (int)strlen(lhs);
    if (at >= HELP_INDENT - 1)
        fprintf(f, "\n%*s", HELP_INDENT, "");
    else
        fprintf(f, "%*s", HELP_INDENT - at, "");
    wrap(f, text, HELP_INDENT, HELP_INDENT, width);
}

/* ": name: help; name: help; short, names: short names" after text[0..k) (the choice
 * list's own help texts); returns the new length. */
static size_t choices_text(const struct nrt_choice *c, char *text, size_t size, size_t k)
{
    const char *sep = " (";
    for (unsigned i = 0; c[i].name && k < size; i++) {
        if (c[i].help)
            k += (size_t)snprintf(text + k, size - k, "%s%s: %s", sep, c[i].name, c[i].help);
        sep = "; ";
    }
    bool shorts = false;
    for (unsigned i = 0; c[i].name && k < size; i++) {
        if (!c[i].help) {
            k += (size_t)snprintf(text + k, size - k, "%s%s", shorts ? ", " : "; ", c[i].name);
            shorts = true;
        }
    }
    if (shorts && k < size)
        k += (size_t)snprintf(text + k, size - k, ": short names");
    if (k < size)
        k += (size_t)snprintf(text + k, size - k, ")");
    return k < size ? k : size;
}

static void print_option(FILE *f, const struct nrt_option *o, int width)
{
    char lhs[96], text[2048];
    const char *arg = o->type == NRT_OPT_BOOL || o->type == NRT_OPT_HELP ? ""
                      : o->type == NRT_OPT_CHOICE ? "=NAME"
                      : o->type == NRT_OPT_CHOICE_SET ? "=NAME[,NAME...]"
                      : o->type == NRT_OPT_STRING ? "=VALUE" : "=N";
    snprintf(lhs, sizeof lhs, "  --%s%s", o->name, arg);
    size_t k = (size_t)snprintf(text, sizeof text, "%s", o->help);
    if ((o->type == NRT_OPT_CHOICE || o->type == NRT_OPT_CHOICE_SET) && o->choices &&
        strcmp(o->name, "schedule") != 0)
        k = choices_text(o->choices, text, sizeof text, k);
    if (k < sizeof text)
        snprintf(text + k, sizeof text - k, " (default: %s)", *o->def ? o->def : "none");
    print_entry(f, lhs, text, width);
}

void nrt_help_print(FILE *f)
{
    int width = columns(f);
    wrap(f, "nanort options: NX_ARGS=\"--opt=value --flag --no-flag ...\" or NX_<OPT>=value "
            "(NX_SMP_WORKERS=4 is --smp-workers=4; NX_ARGS wins over NX_<OPT>; the options a "
            "program was built with, e.g. by mcc --instrument, come first)", 0, 0, width);
    fputc('\n', f);
    const struct nrt_option *o;
    for (unsigned i = 0; (o = nrt_config_nth(i)); i++)
        print_option(f, o, width);
    const char *heading = NULL;
    for (const struct nrt_plugin_option *a = nrt_plugin_options; a->plugin; a++) {
        if (registered(a->opt.name))
            continue;
        if (!heading || strcmp(heading, a->plugin) != 0) {
            heading = a->plugin;
            char text[200];
            snprintf(text, sizeof text, "%s devices (this program has no %s support linked "
                     "in: checked and ignored):", heading, heading);
            fputc('\n', f);
            wrap(f, text, 0, 0, width);
        }
        print_option(f, &a->opt, width);
    }
    fprintf(f, "\nscheduling policies (--schedule=NAME):\n");
    const char *h, *name;
    for (unsigned i = 0; (name = nrt_sched_name(i, &h)); i++) {
        char lhs[64];
        snprintf(lhs, sizeof lhs, "  %s", name);
        print_entry(f, lhs, h, width);
    }
    fputc('\n', f);
    wrap(f, "Nanos++ options accepted with a warning (nanort's equivalent, or ignored):", 0, 0,
         width);
    char lhs[96], text[512];
    for (size_t i = 0; nrt_nanos_help_nth(i, lhs + 2, sizeof lhs - 2, text, sizeof text); i++) {
        lhs[0] = lhs[1] = ' ';
        print_entry(f, lhs, text, width);
    }
}

/* ---- OMP_DISPLAY_ENV ---------------------------------------------------------------- */

/* NX_<OPT> spelling of an option: --smp-workers -> NX_SMP_WORKERS. */
static void env_name(const char *opt, char *out, size_t size)
{
    size_t k = (size_t)snprintf(out, size, "NX_");
    for (; *opt && k + 1 < size; opt++)
        out[k++] = *opt == '-' ? '_' : (char)toupper((unsigned char)*opt);
    out[k] = '\0';
}

static void value_text(const struct nrt_option *o, char *out, size_t size)
{
    switch (o->type) {
    case NRT_OPT_POS_INT:
        if (o->value == &nrt_cfg.smp_workers)
            snprintf(out, size, "%d", nrt_nworkers);    /* what "automatic" became */
        else
            snprintf(out, size, "%d", *(const int *)o->value);
        return;
    case NRT_OPT_COUNT:
        snprintf(out, size, "%ld", *(const long *)o->value);
        return;
    case NRT_OPT_BOOL:
    case NRT_OPT_HELP:
        snprintf(out, size, "%s", *(const bool *)o->value ? "yes" : "no");
        return;
    case NRT_OPT_CHOICE:
    case NRT_OPT_CHOICE_SET:
        nrt_config_choices_text(o, out, size);
        return;
    case NRT_OPT_STRING: {
        const char *s = *(const char *const *)o->value;
        snprintf(out, size, "%s", s ? s : "");
        return;
    }
    }
    out[0] = '\0';
}

void nrt_help_display_env(void)
{
    const char *v = getenv("OMP_DISPLAY_ENV");
    if (!v || (strcasecmp(v, "true") != 0 && strcasecmp(v, "verbose") != 0))
        return;
    nrt_help_print_env();
}

/* The ICVs omp_api.c keeps (mcc's omp.h declares them for programs). */
int omp_get_dynamic(void);
int omp_get_nested(void);
int omp_get_thread_limit(void);
int omp_get_max_active_levels(void);
int omp_get_max_task_priority(void);
int omp_get_default_device(void);

/* What OMP_DISPLAY_ENV=true prints at start (and omp_display_env() when called). */
void nrt_help_print_env(void)
{
    FILE *f = stderr;
    fputs("OPENMP DISPLAY ENVIRONMENT BEGIN\n", f);
    fprintf(f, "  _OPENMP = '201511'\n  OMP_DYNAMIC = '%s'\n  OMP_NESTED = '%s'\n"
               "  OMP_NUM_THREADS = '%d'\n  OMP_SCHEDULE = '%s'\n  OMP_PROC_BIND = '%s'\n"
               "  OMP_PLACES = ''\n  OMP_WAIT_POLICY = '%s'\n  OMP_THREAD_LIMIT = '%d'\n"
               "  OMP_MAX_ACTIVE_LEVELS = '%d'\n  OMP_CANCELLATION = '%s'\n"
               "  OMP_DEFAULT_DEVICE = '%d'\n  OMP_MAX_TASK_PRIORITY = '%d'\n",
            omp_get_dynamic() ? "TRUE" : "FALSE", omp_get_nested() ? "TRUE" : "FALSE",
            nrt_nworkers, nrt_omp_schedule_text(), nrt_omp_proc_bind_text(),
            nrt_cfg.spins > 0 ? "ACTIVE" : "PASSIVE", omp_get_thread_limit(),
            omp_get_max_active_levels(), nrt_cancel_on ? "TRUE" : "FALSE",
            omp_get_default_device(), omp_get_max_task_priority());
    /* nanort's own settings, every option as its NX_<OPT> variable */
    const struct nrt_option *o;
    for (unsigned i = 0; (o = nrt_config_nth(i)); i++) {
        if (o->type == NRT_OPT_HELP)
            continue;
        char name[96], val[512];
        env_name(o->name, name, sizeof name);
        value_text(o, val, sizeof val);
        fprintf(f, "  [nanort] %s = '%s'\n", name, val);
    }
    fputs("OPENMP DISPLAY ENVIRONMENT END\n", f);
    fflush(f);
}
