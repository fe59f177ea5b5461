/*
 * cl_layout.c - the bytes of a struct an OpenCL kernel takes, on each side: a kernel's
 * parameter that points to a struct (a buffer of them) or takes one by value reads the
 * host's bytes as its own struct, so both must lay their members out alike.
 *
 * The layouts are computed from the texts themselves (the .cl as embedded, the host unit
 * as preprocessed): the struct or typedef named by the parameter, its members' types by
 * their names, each side under its own rules.  OpenCL C (s6.1.5): a scalar or vector is
 * aligned to its size, a 3-component vector is sized and aligned as 4 components; the
 * host is x86-64 SysV (long double 16, pointers 8) with OpenCL's host types (cl_float4:
 * CL/cl_platform.h aligns them as OpenCL C does).  What either text does not say plainly
 * (an attribute, `#pragma pack`, a union, an array sized by an expression, a typedef not
 * found) makes the layout unknown, and then nothing is compared: never a false error.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

/* A token of the text: a word, a number, or one punctuation character. */
struct ltok {
    const char *s;
    int n;
    size_t at;              /* its offset in the text */
};

struct lscan {
    const char *text;
    enum cl_abi abi;
    struct ltok *t;
    int n;
    bool pack;              /* the text has a #pragma pack: no layout is known */
    int depth;              /* nested type lookups (a typedef cycle ends unknown) */
    bool defined;           /* the type asked for has a definition in the text */
    /* a member OpenCL C does not allow in a kernel's struct (size_t, bool, a pointer) */
    const char *forbidden;
    size_t forbidden_at;
};

static bool is_word(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool tok_is(const struct ltok *t, const char *w)
{
    return (size_t)t->n == strlen(w) && !memcmp(t->s, w, (size_t)t->n);
}

static void push_tok(struct lscan *s, const char *p, int n, int *cap)
{
    if (s->n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        s->t = realloc(s->t, (size_t)*cap * sizeof *s->t);
        if (!s->t)
            abort();
    }
    s->t[s->n++] = (struct ltok){.s = p, .n = n, .at = (size_t)(p - s->text)};
}

/* The text's tokens: comments, strings and preprocessor lines left out. */
static void tokenize(struct lscan *s)
{
    int cap = 0;
    bool line_start = true;
    for (const char *p = s->text; *p;) {
        if (*p == '\n') {
            line_start = true, p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
            p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/') {
            p += strcspn(p, "\n");
        } else if (*p == '#' && line_start) {
            const char *e = p + strcspn(p, "\n");
            const char *w = p + 1 + strspn(p + 1, " \t");
            if (!strncmp(w, "pragma", 6) && strstr(w, "pack") && strstr(w, "pack") < e)
                s->pack = true;
            p = e;
        } else if (*p == '"' || *p == '\'') {
            const char *b = p++;
            while (*p && *p != *b && *p != '\n')
                p += p[0] == '\\' && p[1] ? 2 : 1;
            p += *p == *b;
            push_tok(s, b, (int)(p - b), &cap);
            line_start = false;
        } else if (is_word(*p)) {
            const char *b = p;
            while (is_word(*p))
                p++;
            push_tok(s, b, (int)(p - b), &cap);
            line_start = false;
        } else {
            push_tok(s, p++, 1, &cap);
            line_start = false;
        }
    }
}

/* ---- the types of each side -------------------------------------------------------- */

struct scalar {
    const char *name;
    int size;
    bool forbidden;         /* OpenCL C: not in a kernel's struct argument (s6.9.k) */
};

static const struct scalar cl_scalars[] = {
    {"char", 1, false}, {"uchar", 1, false}, {"short", 2, false}, {"ushort", 2, false},
    {"int", 4, false}, {"uint", 4, false}, {"long", 8, false}, {"ulong", 8, false},
    {"float", 4, false}, {"double", 8, false}, {"half", 2, false}, {"bool", 1, true},
    {"size_t", 8, true}, {"ptrdiff_t", 8, true}, {"intptr_t", 8, true},
    {"uintptr_t", 8, true}, {NULL, 0, false},
};

/* OpenCL's host types (CL/cl_platform.h), cl_<scalar> and cl_<scalar><n>. */
static const struct scalar host_cl_scalars[] = {
    {"cl_char", 1, false}, {"cl_uchar", 1, false}, {"cl_short", 2, false},
    {"cl_ushort", 2, false}, {"cl_int", 4, false}, {"cl_uint", 4, false},
    {"cl_long", 8, false}, {"cl_ulong", 8, false}, {"cl_float", 4, false},
    {"cl_double", 8, false}, {"cl_half", 2, false}, {"cl_bool", 4, false}, {NULL, 0, false},
};

/* The size of the scalar or vector `w` (float3: 16) in `table`, its alignment the same;
 * 0 when it is not one. */
static int vector_size(const struct scalar *table, const struct ltok *w, bool *forbidden)
{
    int k = w->n;
    while (k > 0 && w->s[k - 1] >= '0' && w->s[k - 1] <= '9')
        k--;
    int lanes = k == w->n ? 1 : atoi(w->s + k);
    if (lanes != 1 && lanes != 2 && lanes != 3 && lanes != 4 && lanes != 8 && lanes != 16)
        return 0;
    for (const struct scalar *s = table; s->name; s++)
        if ((size_t)k == strlen(s->name) && !memcmp(w->s, s->name, (size_t)k)) {
            if (lanes > 1 && s->forbidden)
                return 0;
            *forbidden = s->forbidden;
            return s->size * (lanes == 3 ? 4 : lanes);
        }
    return 0;
}

static const char *const qualifiers[] = {
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__global", "global",
    "__local", "local", "__constant", "constant", "__private", "private", "signed",
    "__const", "__volatile__", "__extension__", NULL,
};

static bool in_list(const struct ltok *t, const char *const *list)
{
    for (; *list; list++)
        if (tok_is(t, *list))
            return true;
    return false;
}

/* The C integer and floating types of specifier words (`unsigned long`, `long double`),
 * as each side sizes them: 0 when the words are none of those. */
static int c_words_size(struct lscan *s, const struct ltok *w, int n)
{
    int longs = 0, size = 0;
    bool dbl = false, uns = false;
    for (int i = 0; i < n; i++) {
        if (tok_is(&w[i], "long"))
            longs++;
        else if (tok_is(&w[i], "unsigned"))
            uns = true;
        else if (tok_is(&w[i], "double"))
            dbl = true;
        else if (tok_is(&w[i], "char") || tok_is(&w[i], "_Bool"))
            size = 1;
        else if (tok_is(&w[i], "short"))
            size = 2;
        else if (tok_is(&w[i], "int") || tok_is(&w[i], "float"))
            size = size ? size : 4;
        else
            return 0;
    }
    if (dbl)
        return longs ? (s->abi == CL_ABI_HOST ? 16 : 0) : 8;
    if (longs)
        return longs > 1 && s->abi == CL_ABI_OPENCL ? 0 : 8;
    return size ? size : uns ? 4 : 0;
}

/* ---- layouts ------------------------------------------------------------------------ */

static bool find_type(struct lscan *s, const struct ltok *name, bool tag, long *size,
                      long *align, struct cl_layout *out);
static bool body(struct lscan *s, int open, struct cl_layout *out, int *end);

static long align_up(long v, long a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

/* The specifiers from token *i: the type's size and alignment, *i past them. */
static bool specifiers(struct lscan *s, int *i, long *size, long *align)
{
    struct ltok words[6];
    int nw = 0;
    for (; *i < s->n; (*i)++) {
        struct ltok *t = &s->t[*i];
        if (in_list(t, qualifiers))
            continue;
        if (tok_is(t, "__attribute__") || tok_is(t, "__declspec") || tok_is(t, "_Alignas") ||
            tok_is(t, "union") || tok_is(t, "enum"))
            return false;
        if (tok_is(t, "struct")) {
            if (nw || *i + 1 >= s->n)
                return false;
            struct ltok *tag = &s->t[*i + 1];
            if (tok_is(tag, "{") || (*i + 2 < s->n && tok_is(&s->t[*i + 2], "{"))) {
                int open = tok_is(tag, "{") ? *i + 1 : *i + 2;
                struct cl_layout *inner = calloc(1, sizeof *inner);
                if (!inner)
                    abort();
                bool ok = body(s, open, inner, i);
                *size = inner->size, *align = inner->align;
                free(inner);
                return ok;
            }
            *i += 2;
            return find_type(s, tag, true, size, align, NULL);
        }
        if (!is_word(*t->s) || (t->s[0] >= '0' && t->s[0] <= '9'))
            break;
        bool forbidden = false;
        int vs = nw ? 0 : vector_size(s->abi == CL_ABI_OPENCL ? cl_scalars : host_cl_scalars,
                                      t, &forbidden);
        if (vs && s->abi == CL_ABI_OPENCL) {
            if (forbidden && !s->forbidden)
                s->forbidden = strndup(t->s, (size_t)t->n), s->forbidden_at = t->at;
            (*i)++;
            *size = *align = vs;
            return !forbidden;
        }
        if (vs && s->abi == CL_ABI_HOST) {      /* cl_float3: as OpenCL C's float3 */
            (*i)++;
            *size = *align = vs;
            return true;
        }
        static const char *const c_words[] = {"char", "short", "int", "long", "unsigned",
                                              "float", "double", "_Bool", NULL};
        bool c_word = in_list(t, c_words);
        if (nw && !c_word)                      /* the declarator's name */
            break;
        if (!c_word) {
            (*i)++;                             /* a typedef name */
            return find_type(s, t, false, size, align, NULL);
        }
        if (nw == (int)(sizeof words / sizeof *words))
            return false;
        words[nw++] = *t;
    }
    int cs = nw ? c_words_size(s, words, nw) : 0;
    *size = *align = cs;
    return cs > 0;
}

/* A declarator from token *i with element type (esize, ealign): its name, size and
 * alignment; *i past it.  A pointer is 8 bytes on the host and not OpenCL C's in a kernel's
 * struct; a bit-field's place is the compiler's to choose: unknown. */
static bool declarator(struct lscan *s, int *i, long esize, long ealign, const struct ltok **name,
                       long *size, long *align)
{
    int stars = 0;
    while (*i < s->n && (tok_is(&s->t[*i], "*") || in_list(&s->t[*i], qualifiers)))
        stars += tok_is(&s->t[(*i)++], "*");
    if (*i >= s->n || !is_word(*s->t[*i].s))
        return false;
    *name = &s->t[(*i)++];
    if (stars) {
        if (s->abi == CL_ABI_OPENCL) {
            if (!s->forbidden)
                s->forbidden = "a pointer", s->forbidden_at = (*name)->at;
            return false;
        }
        esize = ealign = 8;
    }
    long count = 1;
    while (*i + 2 < s->n && tok_is(&s->t[*i], "[")) {
        const struct ltok *num = &s->t[*i + 1];
        char *end;
        long v = strtol(num->s, &end, 0);
        while (end < num->s + num->n && strchr("uUlL", *end))
            end++;
        if (end != num->s + num->n || v <= 0 || !tok_is(&s->t[*i + 2], "]"))
            return false;
        count *= v;
        *i += 3;
    }
    if (*i < s->n && tok_is(&s->t[*i], ":")) {
        if (s->abi == CL_ABI_OPENCL && !s->forbidden)     /* OpenCL C 1.2 s6.9.c */
            s->forbidden = "a bit-field", s->forbidden_at = (*name)->at;
        return false;
    }
    *size = esize * count;
    *align = ealign;
    return true;
}

/* The members of the struct body opening at token `open` ('{'), laid out; *end past its
 * '}'. */
static bool body(struct lscan *s, int open, struct cl_layout *out, int *end)
{
    int i = open + 1;
    long off = 0, align = 1;
    out->n = 0;
    while (i < s->n && !tok_is(&s->t[i], "}")) {
        long esize, ealign;
        if (!specifiers(s, &i, &esize, &ealign))
            return false;
        for (;;) {
            const struct ltok *name;
            long size, a;
            if (!declarator(s, &i, esize, ealign, &name, &size, &a))
                return false;
            off = align_up(off, a);
            if (out->n < CL_LAYOUT_MEMBERS)
                out->m[out->n++] = (struct cl_member){.name = name->s, .len = name->n,
                                                      .offset = off, .size = size,
                                                      .at = name->at};
            else
                return false;
            off += size;
            align = a > align ? a : align;
            if (i < s->n && tok_is(&s->t[i], ",")) {
                i++;
                continue;
            }
            break;
        }
        if (i >= s->n || !tok_is(&s->t[i], ";"))
            return false;
        i++;
    }
    if (i >= s->n || out->n == 0)
        return false;
    i++;                                        /* the `}` */
    if (i < s->n && tok_is(&s->t[i], "__attribute__"))
        return false;
    *end = i;
    out->size = align_up(off, align);
    out->align = align;
    return true;
}

/* The token after the closing of the bracket at token j, at its depth. */
static int skip_to(const struct lscan *s, int j, const char *stop)
{
    int depth = 0;
    for (; j < s->n; j++) {
        if (tok_is(&s->t[j], "{") || tok_is(&s->t[j], "(") || tok_is(&s->t[j], "["))
            depth++;
        else if (tok_is(&s->t[j], "}") || tok_is(&s->t[j], ")") || tok_is(&s->t[j], "]"))
            depth--;
        else if (depth == 0 && tok_is(&s->t[j], stop))
            return j;
        if (depth < 0)
            return s->n;
    }
    return s->n;
}

static bool same_name(const struct ltok *t, const struct ltok *name)
{
    return t->n == name->n && !memcmp(t->s, name->s, (size_t)name->n);
}

/* The token opening the next definition of `struct name` (tag: `struct name {`) or of
 * the typedef `name` (`typedef ... name;`) from token `from`; s->n when none. */
static int definition(const struct lscan *s, const struct ltok *name, bool tag, int from)
{
    for (int j = from; j + 2 < s->n; j++) {
        if (tag && tok_is(&s->t[j], "struct") && same_name(&s->t[j + 1], name) &&
            tok_is(&s->t[j + 2], "{"))
            return j;
        if (!tag && tok_is(&s->t[j], "typedef")) {
            int semi = skip_to(s, j + 1, ";");
            if (semi < s->n && semi >= j + 3 && same_name(&s->t[semi - 1], name))
                return j;
        }
    }
    return s->n;
}

/* The type `struct name` (tag) or the typedef `name`, as the text defines it: its size,
 * alignment and, when out is not NULL, its members (a struct only).  Two definitions
 * (#if variants the text keeps, a header included twice): unknown. */
static bool find_type(struct lscan *s, const struct ltok *name, bool tag, long *size,
                      long *align, struct cl_layout *out)
{
    struct cl_layout local = {0};
    struct cl_layout *lay = out ? out : &local;
    int j = definition(s, name, tag, 0), end;
    *size = *align = 0;
    if (s->depth > 16 || j >= s->n || definition(s, name, tag, j + 1) < s->n)
        return false;
    bool ok = false;
    s->depth++;
    int i = j + 1, semi = tag ? 0 : skip_to(s, j + 1, ";");
    while (!tag && i < semi && in_list(&s->t[i], qualifiers))
        i++;
    bool body_here = tag || (tok_is(&s->t[i], "struct") &&
                             (tok_is(&s->t[i + 1], "{") || tok_is(&s->t[i + 2], "{")));
    s->defined |= s->depth == 1 && body_here;
    if (tag) {
        ok = body(s, j + 2, lay, &end);
    } else if (body_here) {
        int open = tok_is(&s->t[i + 1], "{") ? i + 1 : i + 2;
        ok = body(s, open, lay, &end) && end == semi - 1;
    } else if (tok_is(&s->t[i], "struct") && i + 3 == semi) {
        ok = find_type(s, &s->t[i + 1], true, &lay->size, &lay->align, out);
    } else if (!out) {
        ok = specifiers(s, &i, &lay->size, &lay->align) && i == semi - 1;
    }
    s->depth--;
    *size = lay->size;
    *align = lay->align;
    return ok;
}

bool cl_layout_of(const char *text, const char *type, enum cl_abi abi, struct cl_layout *out)
{
    struct lscan s = {.text = text, .abi = abi};
    tokenize(&s);
    bool tag = !strncmp(type, "struct ", 7);
    const char *n = tag ? type + 7 : type;
    struct ltok name = {.s = n, .n = (int)strlen(n)};
    long size, align;
    memset(out, 0, sizeof *out);
    bool ok = find_type(&s, &name, tag, &size, &align, out) && !s.pack;
    out->forbidden = s.forbidden;
    out->forbidden_at = s.forbidden_at;
    out->defined = s.defined;
    free(s.t);
    return ok;
}

/* The type of a parameter's text, when it names a struct: "struct p" or a typedef name
 * (malloc'd), with *stars its pointers; NULL for a scalar or vector. */
char *cl_param_struct(const char *text, size_t n, int *stars)
{
    char *copy = strndup(text, n);
    struct lscan s = {.text = copy};
    tokenize(&s);
    char *type = NULL;
    *stars = 0;
    int words = 0;
    for (int i = 0; i < s.n; i++) {
        const struct ltok *t = &s.t[i];
        if (tok_is(t, "*") || tok_is(t, "["))
            ++*stars;
        else if (in_list(t, qualifiers) || tok_is(t, "__kernel") || tok_is(t, "kernel"))
            continue;
        else if (tok_is(t, "struct") && i + 1 < s.n && !words++) {
            type = malloc((size_t)s.t[i + 1].n + 8);
            if (!type)
                abort();
            sprintf(type, "struct %.*s", s.t[i + 1].n, s.t[i + 1].s);
            i++;
        } else if (is_word(*t->s) && !words++) {
            type = strndup(t->s, (size_t)t->n);
        }
    }
    bool forbidden;
    struct ltok word = {.s = type, .n = type ? (int)strlen(type) : 0};
    const struct ltok *first = type && strncmp(type, "struct ", 7) ? &word : NULL;
    if (first && (vector_size(cl_scalars, first, &forbidden) ||
                  vector_size(host_cl_scalars, first, &forbidden) ||
                  c_words_size(&s, first, 1) || tok_is(first, "unsigned") ||
                  tok_is(first, "long") || tok_is(first, "short") || tok_is(first, "void") ||
                  tok_is(first, "image2d_t") || tok_is(first, "image3d_t") ||
                  tok_is(first, "sampler_t"))) {
        free(type);
        type = NULL;
    }
    free(s.t);
    free(copy);
    return type;
}

/* ---- the check ---------------------------------------------------------------------- */

/* Where offset `off` of the embedded .cl text is: its #line markers (cl_embed.c) name the
 * file and line. */
static struct mcc_loc text_loc(const char *text, size_t off)
{
    struct mcc_loc loc = {.file = "", .line = 0, .col = 1};
    const char *line = text;
    for (const char *p = text - 1; p < text + off && (p < text || *p); p++) {
        if (p >= text && *p != '\n')
            continue;
        loc.line++;
        line = p + 1;
        int n, len;
        if (sscanf(line, "#line %d \"%n", &n, &len) == 1) {
            const char *f = line + len, *e = strchr(f, '"');
            if (e) {
                char *name = strndup(f, (size_t)(e - f));      /* kept: locations name it */
                loc.file = name;
                loc.line = n - 1;
            }
        }
    }
    loc.col = (int)(text + off - line) + 1;
    return loc;
}

/* The first member whose place differs, as an index in both (one may have fewer); -1 when
 * none does.  Members one side has past the other's last stand in the other's padding
 * when the sizes agree (a host's explicit `float pad;` where OpenCL C pads to a float4). */
static int first_difference(const struct cl_layout *h, const struct cl_layout *k)
{
    int i = 0;
    for (; i < h->n && i < k->n; i++)
        if (h->m[i].offset != k->m[i].offset || h->m[i].size != k->m[i].size)
            return i;
    if (h->size != k->size)
        return i < h->n || i < k->n ? i : i - 1;
    return -1;
}

static void member_note(const struct mcc_loc *loc, const char *side, const struct cl_member *m,
                        const char *type)
{
    mcc_note_at(loc, "the %s's member '%.*s' of '%s': offset %ld, %ld bytes", side, m->len,
                m->name, type, m->offset, m->size);
}

static const char *member_words(const struct cl_layout *l, int i, char *buf, size_t n)
{
    if (i < l->n)
        snprintf(buf, n, "member '%.*s' at offset %ld (%ld bytes)", l->m[i].len, l->m[i].name,
                 l->m[i].offset, l->m[i].size);
    else
        snprintf(buf, n, "no member %d (%ld bytes in all)", i + 1, l->size);
    return buf;
}

/* The kernel's struct has a member OpenCL C does not allow or sizes per device: an error
 * at it, a warning for a buffer's size_t, bool or pointer (the spec forbids them by value
 * only, s6.9.k). */
static void report_forbidden(const struct cl_layout_param *p, const struct cl_layout *k)
{
    struct mcc_loc at = text_loc(p->kernel_text, k->forbidden_at);
    const char *how = p->kernel_stars ? "points to" : "takes";
    if (!strcmp(k->forbidden, "a bit-field")) {
        mcc_error_at(&at, "a parameter of kernel '%s' %s '%s', which has a bit-field: OpenCL C "
                     "does not support bit-fields (s6.9.c); declare a whole integer member",
                     p->kernel, how, p->kernel_type);
        return;
    }
    char what[64];
    snprintf(what, sizeof what, "%s%s", strcmp(k->forbidden, "a pointer") ? "a member of type "
             : "", k->forbidden);
    if (p->kernel_stars)
        mcc_warning_at(&at, "a parameter of kernel '%s' %s '%s', which has %s: OpenCL C leaves "
                       "its size to each device, so the host's bytes may not be the kernel's",
                       p->kernel, how, p->kernel_type, what);
    else
        mcc_error_at(&at, "a parameter of kernel '%s' %s '%s', which has %s: OpenCL C does not "
                     "allow it in a struct a kernel takes by value (s6.9.k)", p->kernel, how,
                     p->kernel_type, what);
}

void cl_layout_check(struct cl_layout_param *p)
{
    struct cl_layout k, h;
    bool kok = cl_layout_of(p->kernel_text, p->kernel_type, CL_ABI_OPENCL, &k);
    if (k.forbidden) {
        report_forbidden(p, &k);
        return;
    }
    if (!kok || !p->host_type)
        return;
    if (!cl_layout_of(p->host->text, p->host_type, CL_ABI_HOST, &h)) {
        if (h.defined) {        /* (#pragma pack, attributes): gcc checks the size */
            p->kernel_size = k.size;
            struct mcc_loc at = text_loc(p->kernel_text, k.m[0].at);
            p->kernel_file = at.file;
            p->kernel_line = at.line;
        }
        return;
    }
    int i = first_difference(&h, &k);
    if (i < 0)
        return;
    char hw[160], kw[160];
    mcc_error_at(p->loc, "parameter %d%s%s%s of task '%s' %s '%s', which kernel '%s' in %s "
                 "lays out otherwise: the host has %s where the kernel has %s; declare the "
                 "struct alike on both sides (in OpenCL C a vector is aligned to its size, a "
                 "3-component one takes 4 components)", p->index + 1,
                 p->name && *p->name ? " '" : "", p->name ? p->name : "",
                 p->name && *p->name ? "'" : "", p->task, p->kernel_stars ? "points to" : "takes",
                 p->host_type, p->kernel, p->file, member_words(&h, i, hw, sizeof hw),
                 member_words(&k, i, kw, sizeof kw));
    if (i < h.n) {
        struct mcc_loc at = source_loc(p->host, h.m[i].at);
        member_note(&at, "host", &h.m[i], p->host_type);
    }
    if (i < k.n) {
        struct mcc_loc at = text_loc(p->kernel_text, k.m[i].at);
        member_note(&at, "kernel", &k.m[i], p->kernel_type);
    }
}
