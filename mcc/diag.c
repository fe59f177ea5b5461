/*
 * diag.c - gcc-style diagnostics: `file:line:col: error: message`, then the source line
 * and a caret under the column (chibicc's error_tok).  Columns are 1-based; a tab in the
 * source line is echoed as a tab in the caret line so the caret lines up either way.
 */
#include "mcc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int error_count;
static bool diag_quiet;
static bool errors_as_warnings;     /* mcc_diag_soft() */
static bool warnings_are_errors;    /* -Werror (mcc_diag_warnings) */
static bool warnings_off;           /* -w */
static int werror_count;            /* warnings -Werror made errors, soft ones included */

/* Line `line` of `file` and a caret under display column `col`, into `out`.  The file
 * is read once and kept (pragma_lex.c's copy), not once per diagnostic. */
static void show_source_line(FILE *out, const char *file, int line, int col)
{
    const char *text;
    size_t len;
    if (!file || line <= 0 || col <= 0 || !omp_source_line(file, line, &text, &len))
        return;
    fprintf(out, " %.*s\n ", (int)len, text);
    /* Walk the line in display columns (tabs to the next multiple of 8, as gcc counts). */
    int c = 1;
    for (size_t i = 0; i < len && c < col; i++) {
        if (text[i] == '\t') {
            fputc('\t', out);
            c = ((c - 1) / 8 + 1) * 8 + 1;
        } else {
            fputc(' ', out);
            c++;
        }
    }
    for (; c < col; c++)
        fputc(' ', out);
    fputs("^\n", out);
}

/* The UTF-8 bytes of code point cp into out; false for one that is no extended character
 * (a UCN of the basic character set, a surrogate, past the last plane: kept as written). */
static bool put_utf8(FILE *out, unsigned long cp)
{
    if (cp < 0x80 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
    if (cp < 0x800)
        fprintf(out, "%c%c", (int)(0xC0 | cp >> 6), (int)(0x80 | (cp & 0x3F)));
    else if (cp < 0x10000)
        fprintf(out, "%c%c%c", (int)(0xE0 | cp >> 12), (int)(0x80 | (cp >> 6 & 0x3F)),
                (int)(0x80 | (cp & 0x3F)));
    else
        fprintf(out, "%c%c%c%c", (int)(0xF0 | cp >> 18), (int)(0x80 | (cp >> 12 & 0x3F)),
                (int)(0x80 | (cp >> 6 & 0x3F)), (int)(0x80 | (cp & 0x3F)));
    return true;
}

/* The message into out with the names in it as the user wrote them: gcc -E spells a name's
 * extended characters as UCNs (`gr\U000000f6\U000000dfe`), which the messages quote from
 * the preprocessed text; gcc prints them in UTF-8 (`größe`).  A string literal the message
 * quotes ("...") keeps its escapes. */
static void put_message(FILE *out, const char *msg)
{
    bool in_string = false;
    for (const char *s = msg; *s; s++) {
        size_t n = in_string ? 0 : omp_ucn_len(s, strlen(s));
        char hex[9] = {0};
        if (n && put_utf8(out, strtoul(memcpy(hex, s + 2, n - 2), NULL, 16))) {
            s += n - 1;
            continue;
        }
        if (*s == '"')
            in_string = !in_string;
        else if (*s == '\\' && in_string && s[1])
            fputc(*s++, out);
        fputc(*s, out);
    }
}

/* A diagnostic is composed in memory and written to stderr with one call: stderr is not
 * buffered, and a character at a time would cost a system call per column. */
static void report(const struct mcc_loc *loc, const char *kind, const char *fmt, va_list ap)
{
    if (diag_quiet)
        return;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        out = stderr;
    fflush(stdout);
    if (loc && loc->file)
        fprintf(out, "%s:%d:%d: %s: ", loc->file, loc->line, loc->col, kind);
    else
        fprintf(out, "mcc: %s: ", kind);
    char *msg = NULL;
    if (vasprintf(&msg, fmt, ap) < 0)
        msg = NULL;
    put_message(out, msg ? msg : fmt);
    free(msg);
    fputc('\n', out);
    if (loc)
        show_source_line(out, loc->file, loc->line, loc->col);
    if (out != stderr) {
        fclose(out);
        /* the same diagnostic at the same place once (a clause item lowered twice: as a
         * dependence and as a reduction) */
        static char *last;
        if (!last || strcmp(last, buf) != 0)
            fwrite(buf, 1, len, stderr);
        free(last);
        last = buf;
    }
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
    if (warnings_off)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (warnings_are_errors) {
        /* as gcc words it: the message, then the option that made it an error; an error
         * even where errors are soft (mcc_diag_soft): the build must fail, as gcc's does */
        char *msg = NULL;
        if (vasprintf(&msg, fmt, ap) < 0)
            msg = NULL;
        bool soft = errors_as_warnings;
        errors_as_warnings = false;
        werror_count++;
        mcc_error_at(loc, "%s [-Werror]", msg ? msg : fmt);
        errors_as_warnings = soft;
        free(msg);
    } else {
        report(loc, "warning", fmt, ap);
    }
    va_end(ap);
}

void mcc_diag_warnings(bool werror, bool none)
{
    warnings_are_errors = werror;
    warnings_off = none;
}

void mcc_limit_warning_at(const struct mcc_loc *loc, const char *fmt, ...)
{
    if (warnings_off)
        return;
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

int mcc_werror_count(void)
{
    return werror_count;
}
