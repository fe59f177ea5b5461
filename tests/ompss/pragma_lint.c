/*
 * pragma_lint.c - parse every `#pragma omp` line of preprocessed OmpSs sources with mcc's
 * own pragma parser (mcc/pragma*.c), so the test programs and samples are known to be
 * accepted by mcc's clause grammar before the lowering can compile them.
 *
 *   pragma_lint FILE.i...     (gcc -E -fopenmp output: macros expanded inside pragmas)
 *
 * Positions come from the linemarkers, so diagnostics point into the original file.
 * Exit 0 when no pragma had an error, 1 otherwise.  Warnings (parallel) are printed only.
 */
#include "mcc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* File names from linemarkers; kept until exit as struct mcc_loc requires. */
static char *intern(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (!c) {
        perror("pragma_lint: malloc");
        exit(2);
    }
    memcpy(c, s, n);
    c[n] = 0;
    return c;
}

/* `# 12 "file.c" 1` sets the line of the next line; returns 1 when it was a marker. */
static int linemarker(const char *s, struct mcc_loc *loc)
{
    char *end;
    if (s[0] != '#' || s[1] != ' ' || !isdigit((unsigned char)s[2]))
        return 0;
    long n = strtol(s + 2, &end, 10);
    const char *q = strchr(end, '"');
    const char *e = q ? strchr(q + 1, '"') : NULL;
    if (q && e && (!loc->file || strncmp(loc->file, q + 1, (size_t)(e - q - 1)) != 0
                   || loc->file[e - q - 1] != 0))
        loc->file = intern(q + 1, (size_t)(e - q - 1));
    loc->line = (int)n - 1;
    return 1;
}

static int lint_file(const char *path, int *npragmas)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    struct mcc_loc loc = {path, 0, 1};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        if (linemarker(line, &loc))
            continue;
        loc.line++;
        const char *s = line + strspn(line, " \t");
        if (strncmp(s, "#pragma", 7) != 0)
            continue;
        const char *w = s + 7 + strspn(s + 7, " \t");
        if (strncmp(w, "omp", 3) != 0 || isalnum((unsigned char)w[3]) || w[3] == '_')
            continue;
        size_t n = strcspn(s, "\n");
        struct mcc_loc at = loc;
        at.col = (int)(s - line) + 1;
        omp_directive_free(omp_parse_pragma(s, n, at));
        ++*npragmas;
    }
    free(line);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0, npragmas = 0;
    mcc_diag_reset(false);
    for (int i = 1; i < argc; i++)
        bad |= lint_file(argv[i], &npragmas);
    omp_source_cache_free();
    int errors = mcc_error_count();
    printf("%d files, %d pragmas, %d errors\n", argc - 1, npragmas, errors);
    return bad || errors ? 1 : 0;
}
