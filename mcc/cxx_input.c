/*
 * cxx_input.c - C++ sources in OmpSs mode are an error.  mcc translates C only; a C++ file
 * handed to the native compiler unchanged would build without its tasks, a different
 * program, and say nothing.  The error points at the file's first OmpSs pragma when it
 * has one (what would be lost), else at the file, and suggests --no-openmp (a sequential
 * build, pragmas ignored, as the user then asks for it).
 */
#include "mcc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool mcc_cxx_input(const char *path, const char *lang)
{
    if (lang)
        return !strcmp(lang, "c++") || !strcmp(lang, "c++-cpp-output");
    static const char *const cxx[] = {"cc", "cp", "cxx", "cpp", "CPP", "c++", "C", "ii"};
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return false;
    for (size_t i = 0; i < sizeof cxx / sizeof cxx[0]; i++)
        if (!strcmp(dot + 1, cxx[i]))
            return true;
    return false;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Column (1-based, tabs to the next multiple of 8 as gcc counts) of p in line. */
static int display_col(const char *line, const char *p)
{
    int c = 1;
    for (const char *s = line; s < p; s++)
        c = *s == '\t' ? ((c - 1) / 8 + 1) * 8 + 1 : c + 1;
    return c;
}

/* The position of `#pragma omp` / `#pragma ompss` / `#pragma oss` (OmpSs-2) /
 * `_Pragma("omp` in a line, or NULL. */
static const char *omp_pragma_in(const char *line)
{
    const char *s = skip_blanks(line);
    if (*s == '#') {
        const char *p = skip_blanks(s + 1);
        if (!strncmp(p, "pragma", 6) && (p[6] == ' ' || p[6] == '\t')) {
            p = skip_blanks(p + 6);
            if (!strncmp(p, "omp", 3) && (p[3] == ' ' || p[3] == '\t' || p[3] == '\n' ||
                                          p[3] == '\r' || p[3] == '\0' || !strncmp(p + 3, "ss", 2)))
                return s;
            if (!strncmp(p, "oss", 3) && (p[3] == ' ' || p[3] == '\t'))
                return s;
        }
    }
    const char *q = strstr(line, "_Pragma");
    if (q) {
        const char *p = skip_blanks(q + 7);
        if (*p == '(' && (p = skip_blanks(p + 1), *p == '"') && !strncmp(skip_blanks(p + 1), "omp", 3))
            return q;
    }
    return NULL;
}

void mcc_cxx_error(const char *path)
{
    size_t len;
    char *text = mcc_read_file(path, &len);
    int n = 1;
    char *end = text ? text + len : NULL;
    for (char *line = text; line && line < end; n++) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        if (nl)
            *nl = '\0';         /* the line alone for omp_pragma_in */
        const char *at = omp_pragma_in(line);
        if (at) {
            struct mcc_loc loc = {mcc_intern_file(path, strlen(path)), n, display_col(line, at)};
            free(text);
            mcc_error_at(&loc, "C++ is not supported: mcc translates C only, and this OmpSs "
                               "pragma would be lost; build '%s' with --no-openmp to compile it "
                               "sequentially (pragmas ignored), or move its tasks to a C file",
                         path);
            return;
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    mcc_error_at(NULL, "'%s': C++ is not supported in OmpSs mode (mcc translates C only); "
                       "build it with --no-openmp to compile it sequentially, or rename it to "
                       ".c if it is C", path);
}
