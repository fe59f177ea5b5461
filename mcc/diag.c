/*
 * diag.c - gcc-style diagnostics: `file:line:col: error: message`, then the source line
 * and a caret under the column (chibicc's error_tok).  Columns are 1-based; a tab in the
 * source line is echoed as a tab in the caret line so the caret lines up either way.
 */
#include "mcc.h"

#include <stdarg.h>
#include <string.h>

static int error_count;
static bool diag_quiet;
static bool errors_as_warnings;     /* mcc_diag_soft() */

/* Print line `line` of `file` and a caret under display column `col`. */
static void show_source_line(const char *file, int line, int col)
{
    if (!file || line <= 0 || col <= 0)
        return;
    FILE *f = fopen(file, "r");
    if (!f)
        return;
    char buf[4096];
    int n = 1;
    bool found = false, at_start = true;
    while (fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        bool whole = len > 0 && buf[len - 1] == '\n';
        if (n == line && at_start) {
            found = true;
            break;
        }
        at_start = whole;
        if (whole)
            n++;
    }
    fclose(f);
    if (!found)
        return;
    buf[strcspn(buf, "\r\n")] = '\0';
    fprintf(stderr, " %s\n ", buf);
    /* Walk the line in display columns (tabs to the next multiple of 8, as gcc counts). */
    int c = 1;
    for (const char *s = buf; *s && c < col; s++) {
        if (*s == '\t') {
            fputc('\t', stderr);
            c = ((c - 1) / 8 + 1) * 8 + 1;
        } else {
            fputc(' ', stderr);
            c++;
        }
    }
    for (; c < col; c++)
        fputc(' ', stderr);
    fputs("^\n", stderr);
}

static void report(const struct mcc_loc *loc, const char *kind, const char *fmt, va_list ap)
{
    if (diag_quiet)
        return;
    fflush(stdout);
    if (loc && loc->file)
        fprintf(stderr, "%s:%d:%d: %s: ", loc->file, loc->line, loc->col, kind);
    else
        fprintf(stderr, "mcc: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (loc)
        show_source_line(loc->file, loc->line, loc->col);
}

void mcc_error_at(const struct mcc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_count++;
    report(loc, errors_as_warnings ? "warning" : "error", fmt, ap);
    va_end(ap);
}

void mcc_warning_at(const struct mcc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, "warning", fmt, ap);
    va_end(ap);
}

void mcc_note_at(const struct mcc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, "note", fmt, ap);
    va_end(ap);
}

int mcc_error_count(void)
{
    return error_count;
}

void mcc_diag_reset(bool quiet)
{
    error_count = 0;
    diag_quiet = quiet;
}

void mcc_diag_soft(bool on)
{
    errors_as_warnings = on;
}
