/*
 * lower_lines.c - generated code on the user's lines (issue 22).
 *
 * The output of mcc is compiled by gcc and debugged with gdb: every line of it is
 * attributed, through linemarkers, to a line of the user's source.  User code keeps its
 * own lines (the rewriter re-synchronises after every edit; rewrite_text_lines for a
 * body moved into an outlined function), and the code the lowering generates around it
 * is put on the line of the pragma it comes from: each newline of generated text is
 * followed by a linemarker for that line.  Without that, the lines of an outlined
 * function's head, of a spawn function or of a reduction's epilogue counted on from
 * wherever they were inserted, and `break app.c:29` also stopped in them.
 */
#include "mcc.h"

#include <string.h>

const char *lower_mark(struct lower *L, size_t off)
{
    struct mcc_loc at = source_loc(&L->t->src, off);
    return arena_printf(L->a, "\n# %d \"%s\"\n", at.line, at.file);
}

char *lower_glue(struct lower *L, size_t off, const char *text)
{
    const char *mark = lower_mark(L, off);
    struct lower_buf b = {0};
    lbuf_puts(&b, mark);
    for (const char *s = text, *nl; *s; s = nl + 1) {
        nl = strchr(s, '\n');
        if (!nl) {
            lbuf_puts(&b, s);
            break;
        }
        lbuf_printf(&b, "%.*s%s", (int)(nl - s), s, mark);
    }
    return lbuf_take(&b, L->a);
}

/* (-Wshadow=local and =compatible-local are options of their own in gcc, which clang does
   not know: -Wpragmas and clang's -Wunknown-warning-option keep either quiet on the other's) */
const char lower_shadow_off[] =
    "\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wpragmas\"\n"
    "#pragma GCC diagnostic ignored \"-Wunknown-warning-option\"\n"
    "#pragma GCC diagnostic ignored \"-Wshadow\"\n"
    "#pragma GCC diagnostic ignored \"-Wshadow=local\"\n"
    "#pragma GCC diagnostic ignored \"-Wshadow=compatible-local\"\n";
const char lower_shadow_on[] = "\n#pragma GCC diagnostic pop\n";
/* (after lower_shadow_off, before its pop: the declarations of an outlined function's head
   redeclare variably modified captures with their recorded bounds, and an array sized by its
   initializer (`int tab[] = {1, 2}`) as one of a recorded extent, a VLA the user did not
   write: -Wvla is the user's own lines' business) */
const char lower_vla_quiet[] = "#pragma GCC diagnostic ignored \"-Wvla\"\n";

const char *lower_mark_generated(void)
{
    return "\n# 1 \"<mcc>\"\n";
}

/* Does the line at p hold a linemarker (`# 7 "app.c"`, `#line 7`)?  gcc -E writes one
 * after a macro of a system header (INT_MIN, EOF, UINT8_MAX) when the line goes on. */
static bool linemarker_at(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p++ != '#')
        return false;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!strncmp(p, "line", 4) && (p[4] == ' ' || p[4] == '\t'))
        for (p += 4; *p == ' ' || *p == '\t'; p++)
            ;
    return *p >= '0' && *p <= '9';
}

/* Newlines become blanks; a // comment (user text keeps its comments: the driver
 * preprocesses with -C) would then hide the rest, so it goes too, with its literals
 * skipped on the way; so does a linemarker inside the text (`i < INT_MIN + 50` spans
 * one in gcc -E's output), which on the joined line was a stray '#'. */
char *lower_flat(struct lower *L, const char *text)
{
    char *s = arena_strndup(L->a, text, strlen(text));
    for (char *p = s; *p; p++) {
        if (*p == '\n' && !strncmp(p + 1, "#  ", 3)) {
            p = strchr(p + 1, '\n');   /* lower_at_user's (lower_text.c): kept */
            if (!p)
                break;
            continue;
        }
        while (*p == '\n' && linemarker_at(p + 1))
            for (*p++ = ' '; *p && *p != '\n'; p++)
                *p = ' ';
        if (!*p)
            break;
        if (*p == '"' || *p == '\'') {
            for (char q = *p++; *p && *p != q && *p != '\n'; p++)
                p += p[0] == '\\' && p[1];
            if (!*p)
                break;
        } else if (p[0] == '/' && p[1] == '*') {
            char *e = strstr(p + 2, "*/");
            if (!e)
                break;
            for (; p < e; p++)
                *p = *p == '\n' ? ' ' : *p;
            p++;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
            if (!*p)
                break;
        }
        if (*p == '\n')
            *p = ' ';
    }
    return s;
}
