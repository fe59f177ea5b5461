/*
 * ocl_translate.c - a .cl file translated to C (mcc_translate_opencl), the entry point of
 * the OpenCL-to-C translation (see mcc.h, section ocl_*.c, and docs/opencl-cpu.md).
 *
 * The order of the passes matters because edits compose (rewrite.c):
 *   1. the functions of the file, what each calls, which use barriers or work-item
 *      functions (then they take the work-item as hidden parameters), which cannot be
 *      translated (a failure spreads to the functions calling them);
 *   2. the kernels' work-group structure and the renames of the variables that move;
 *   3. every expression (ocl_expr.c), file-scope initializers included;
 *   4. hidden parameters and arguments, address-space qualifiers removed, every function
 *      and variable of the file made static (two objects may hold the same .cl);
 *   5. each kernel's definition replaced by its work-group function and registration;
 *      the C versions of the built-ins included after opencl_c.h's declarations.
 */
#include "mcc.h"
#include "c.tab.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct mcc_loc ocl_loc(struct ocl *o, size_t off)
{
    return source_user_loc(&o->L.t->src, off);
}

bool ocl_is_user(struct ocl *o, const struct ast *n)
{
    return n && n->begin >= o->user_begin;
}

void ocl_fail(struct ocl *o, const struct ast *at, const char *fmt, ...)
{
    struct ocl_fn *f = o->cur;
    if (!f || f->why_not)
        return;
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    f->why_not = arena_strndup(o->L.a, buf, strlen(buf));
    f->why_loc = ocl_loc(o, at ? at->begin : f->def->begin);
}

/* ---- the functions of the file -------------------------------------------------------- */

static struct ocl_fn *fn_of(struct ocl *o, const struct sym *s)
{
    return s ? lower_map_get(&o->fn_of, s) : NULL;
}

/* The definition of the function `s` names (a prototype's symbol leads to it). */
static struct ocl_fn *fn_named(struct ocl *o, const struct name *n)
{
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (f->sym->name == n)
            return f;
    return NULL;
}

static void collect_functions(struct ocl *o)
{
    struct ocl_fn **tail = &o->fns;
    struct ast *items = o->L.t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        if (i->kind != AST_FUNCTION_DEF || !ocl_is_user(o, i) || !i->sym)
            continue;
        struct ocl_fn *f = arena_alloc(o->L.a, sizeof *f);
        f->def = i;
        f->sym = i->sym;
        f->name = arena_strndup(o->L.a, i->sym->name->str, i->sym->name->len);
        f->kernel = ocl_has_attr(o, i->kid[0] ? i->kid[0]->kid[0] : NULL, "kernel");
        lower_map_put(&o->L, &o->fn_of, i->sym, f);
        *tail = f;
        tail = &f->next;
    }
}

struct prescan {
    struct ocl *o;
    struct ocl_fn *f;
};

static bool prescan_visit(struct ast *n, void *arg)
{
    struct prescan *ps = arg;
    struct ocl *o = ps->o;
    struct ocl_fn *f = ps->f;
    if (n->kind == AST_DECLARATION && !f->kernel) {
        for (struct ast *i = n->kid[1] ? n->kid[1]->kid[0] : NULL; i; i = i->next)
            if (i->kind == AST_INIT_DECLARATOR && i->sym && ocl_in_local_space(o, i->sym)) {
                o->cur = f;
                ocl_fail(o, n, "a __local variable in '%s', which is not a kernel", f->name);
            }
    }
    if (n->kind != AST_CALL)
        return true;
    const char *b = ocl_builtin_callee(o, n);
    if (b) {
        if (ocl_is_barrier_call(o, n) || ocl_collective(o, n)) {
            f->has_barrier = true;
            if (!f->kernel) {
                o->cur = f;
                ocl_fail(o, n, "a barrier in '%s', which is not a kernel (barriers are "
                         "translated in kernels only)", f->name);
            }
        }
        if (!strncmp(b, "get_", 4) || !strncmp(b, "async_work_group", 16))
            f->uses_wi = true;
        if (!strcmp(b, "get_local_id") || !strcmp(b, "get_local_size") ||
            !strcmp(b, "get_group_id") || !strcmp(b, "get_num_groups") ||
            !strncmp(b, "async_work_group", 16) || !strncmp(b, "atom", 4))
            f->sees_group = true;   /* (atomics: on __local memory, the group's) */
        return true;
    }
    struct ast *c = n->kid[0];
    struct ocl_fn *callee = c && c->kind == AST_IDENT && c->sym ? fn_of(o, c->sym) : NULL;
    if (!callee && c && c->kind == AST_IDENT && c->sym && c->sym->kind == SYM_FUNCTION)
        callee = fn_named(o, c->sym->name);   /* called through its prototype */
    if (callee) {
        struct ocl_fn *g = callee;
        ARENA_GROW(o->L.a, f->callees, f->ncallees, f->capcallees, 8);
        f->callees[f->ncallees++] = g;
        ARENA_GROW(o->L.a, f->calls, f->ncalls, f->capcalls, 8);
        f->calls[f->ncalls++] = n;
        if (g->kernel) {
            o->cur = f;
            ocl_fail(o, n, "a call of the kernel '%s' (kernels calling kernels are not "
                     "translated)", g->name);
        }
    }
    return true;
}

/* Work-item use and failures spread to the callers. */
static void propagate(struct ocl *o)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (struct ocl_fn *f = o->fns; f; f = f->next)
            for (int i = 0; i < f->ncallees; i++) {
                struct ocl_fn *g = f->callees[i];
                if (g->uses_wi && !f->uses_wi) {
                    f->uses_wi = true;
                    changed = true;
                }
                if (g->sees_group && !f->sees_group) {
                    f->sees_group = true;
                    changed = true;
                }
                if (g->why_not && !f->why_not) {
                    f->why_not = arena_printf(o->L.a, "it calls '%s', which cannot be "
                                              "translated: %s", g->name, g->why_not);
                    f->why_loc = g->why_loc;
                    changed = true;
                }
            }
    }
}

/* ---- file-scope rewriting -------------------------------------------------------------- */

/* Offset just after the `(` that follows offset `from`. */
static size_t after_paren(struct ocl *o, size_t from, size_t limit)
{
    const char *t = o->L.text;
    while (from < limit && t[from] != '(')
        from++;
    return from + 1;
}

/* A declarator of a function with hidden parameters: add them. */
static void add_hidden_params(struct ocl *o, struct ast *declarator)
{
    struct ast *fd = declarator;
    while (fd && fd->kind != AST_DECL_FUNCTION)
        fd = fd->kid[0];
    if (!fd)
        return;
    struct ast *params = fd->kid[1];
    struct ast *first = params ? params->kid[0] : NULL;
    bool is_void = first && !first->next && first->kind == AST_PARAM && !first->kid[1] &&
                   ocl_decl_type(o, first->kid[0], NULL)->kind == OCL_VOID;
    if (is_void) {
        rewrite_replace(o->L.rw, first->begin, first->end, ocl_name(o, OCLN_HIDDEN_PARAMS));
        return;
    }
    size_t at = after_paren(o, fd->kid[0] ? fd->kid[0]->end : fd->begin, fd->end);
    rewrite_insert_after(o->L.rw, at, arena_printf(o->L.a, "%s%s", ocl_name(o, OCLN_HIDDEN_PARAMS),
                                                   first ? ", " : ""));
}

static void add_hidden_args(struct ocl *o, struct ast *call)
{
    size_t at = after_paren(o, call->kid[0]->end, call->end);
    bool args = call->kid[1] && call->kid[1]->kid[0];
    rewrite_insert_after(o->L.rw, at, arena_printf(o->L.a, "%s%s", ocl_name(o, OCLN_HIDDEN_ARGS),
                                                   args ? ", " : ""));
}

static bool attr_visit(struct ast *n, void *arg)
{
    struct ocl *o = arg;
    if (n->kind != AST_ATTRIBUTE)
        return true;
    const char *s = o->L.text + n->begin;
    size_t len = n->end - n->begin;
    const char *prefix = ocl_name(o, OCLN_PREFIX);
    if (memmem(s, len, prefix, strlen(prefix)) || memmem(s, len, "work_group_size", 15) ||
        memmem(s, len, "vec_type_hint", 13))
        rewrite_replace(o->L.rw, n->begin, n->end, "");
    return true;
}

/* The declarator that names the function a file-scope declaration declares, if any. */
static struct ast *declared_function(struct ast *decl, struct sym **sym)
{
    for (struct ast *i = decl->kid[1] ? decl->kid[1]->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_INIT_DECLARATOR && i->sym && i->sym->kind == SYM_FUNCTION) {
            *sym = i->sym;
            return i->kid[0];
        }
    return NULL;
}

static bool is_static(struct ast *specs)
{
    return specs && (specs->flags & SPEC_STATIC);
}

static bool is_typedef(struct ast *specs)
{
    return specs && (specs->flags & SPEC_TYPEDEF);
}

static void file_scope(struct ocl *o)
{
    struct ast *items = o->L.t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        if (!ocl_is_user(o, i))
            continue;
        if (i->kind == AST_FUNCTION_DEF) {
            struct ocl_fn *f = fn_of(o, i->sym);
            if (!f || f->kernel)
                continue;
            if (f->why_not) {
                rewrite_replace(o->L.rw, i->begin, i->end,
                                arena_printf(o->L.a, "/* %s: not translated */", f->name));
                continue;
            }
            if (f->uses_wi)
                add_hidden_params(o, i->kid[1]);
            if (!is_static(i->kid[0]))
                rewrite_insert_before(o->L.rw, i->begin, "static ");
            continue;
        }
        if (i->kind != AST_DECLARATION || is_typedef(i->kid[0]))
            continue;
        struct sym *fs = NULL;
        struct ast *fd = declared_function(i, &fs);
        if (fd) {
            struct ocl_fn *f = fn_named(o, fs->name);
            if (!f || f->kernel || f->why_not) {
                /* a prototype of a kernel (or of what is not translated, or never defined) */
                rewrite_replace(o->L.rw, i->begin, i->end, "");
                continue;
            }
            if (f->uses_wi)
                add_hidden_params(o, fd);
        }
        if (i->kid[1] && !is_static(i->kid[0]))
            rewrite_insert_before(o->L.rw, i->begin, "static ");
    }
}

/* ---- the OpenCL sources a C unit embeds ------------------------------------------------ */

static struct {
    const char **names, **paths;
    int n, cap;
} noted;

void mcc_note_opencl_source(const char *name, const char *path)
{
    for (int i = 0; i < noted.n; i++)
        if (!strcmp(noted.names[i], name))
            return;
    if (noted.n == noted.cap) {
        noted.cap = noted.cap ? 2 * noted.cap : 8;
        noted.names = realloc(noted.names, (size_t)noted.cap * sizeof *noted.names);
        noted.paths = realloc(noted.paths, (size_t)noted.cap * sizeof *noted.paths);
        if (!noted.names || !noted.paths)
            abort();
    }
    noted.names[noted.n] = strdup(name);
    noted.paths[noted.n++] = strdup(path);
}

int mcc_opencl_sources(const char *const **names, const char *const **paths)
{
    *names = noted.names;
    *paths = noted.paths;
    return noted.n;
}

void mcc_opencl_sources_reset(void)
{
    noted.n = 0;                /* the strings stay: the driver may still hold them */
}

/* ---- the unit ---------------------------------------------------------------------------- */

/* Where opencl_c.h ends: the declaration of nrt_cl_prelude_end. */
static bool find_prelude(struct ocl *o)
{
    struct ast *items = o->L.t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        if (i->kind != AST_DECLARATION || !i->kid[1])
            continue;
        struct ast *d = i->kid[1]->kid[0];
        struct ast *dn = d ? ast_declarator_name(d) : NULL;
        if (dn && dn->name && !strcmp(dn->name->str, ocl_name(o, OCLN_PRELUDE_END))) {
            o->user_begin = i->end;
            o->prelude = source_loc(&o->L.t->src, i->begin).file;
            return true;
        }
    }
    return false;
}

static void report(struct ocl *o, bool require)
{
    for (struct ocl_fn *f = o->fns; f; f = f->next) {
        if (!f->kernel || !f->why_not)
            continue;
        /* not required, a warning that -Werror leaves one: the kernel is fine for OpenCL
         * devices; what fails is mcc's translation */
        if (require)
            mcc_error_at(&f->why_loc, "kernel '%s' cannot be translated to C: %s "
                         "(--opencl-cpu=require)", f->name, f->why_not);
        else
            mcc_limit_warning_at(&f->why_loc, "kernel '%s' cannot be translated to C: %s; its tasks "
                         "keep only their OpenCL implementation", f->name, f->why_not);
    }
}

/* One pass over the parsed text t: while a pass inlines helpers holding barriers (and
 * fewer than OCL_INLINE_PASSES have), *again is the new text to parse and translate. */
static int translate(struct translation *t, const char *source, bool require, FILE *out,
                     int pass, char **again)
{
    struct ocl *o = calloc(1, sizeof *o);
    o->L.t = t;
    o->L.a = &t->arena;
    o->L.text = t->src.text;
    o->L.rw = t->rw;
    o->source = source;
    if (!find_prelude(o)) {
        fprintf(stderr, "mcc: warning: %s: not preprocessed with opencl_c.h: its kernels are "
                "not translated\n", source);
        free(o);
        return 1;
    }
    ocl_fix_vector_literals(o, t->tu);
    collect_functions(o);
    for (struct ocl_fn *f = o->fns; f; f = f->next) {
        struct prescan ps = {o, f};
        ast_walk(f->def->kid[3], prescan_visit, &ps);
    }
    if (pass < OCL_INLINE_PASSES && (*again = ocl_inline_helpers(o, pass))) {
        free(o);
        return 0;
    }
    ocl_inline_diagnose(o);
    propagate(o);
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (f->kernel && !f->why_not) {
            o->cur = f;
            ocl_kernel_analyse(o, f);
        }
    /* expressions: functions, then file-scope initializers */
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (!f->why_not) {
            o->cur = f;
            ocl_rewrite_exprs(o, f->def->kid[3]);
        }
    o->cur = NULL;
    struct ocl_fn file = {.name = "(file scope)"};
    struct ast *items = t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_DECLARATION && ocl_is_user(o, i) && i->kid[1]) {
            o->cur = &file;
            file.def = i;
            o->file_scope = true;
            ocl_rewrite_exprs(o, i->kid[1]);
            o->file_scope = false;
        }
    o->cur = NULL;
    propagate(o);
    if (file.why_not)
        for (struct ocl_fn *f = o->fns; f; f = f->next)
            if (!f->why_not) {
                f->why_not = file.why_not;
                f->why_loc = file.why_loc;
            }
    /* hidden arguments of calls between translated functions */
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (!f->why_not)
            for (int i = 0; i < f->ncalls; i++)
                if (f->callees[i]->uses_wi)
                    add_hidden_args(o, f->calls[i]);
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (!f->why_not)
            ast_walk(f->def, attr_visit, o);
    ast_walk(t->tu, attr_visit, o);
    file_scope(o);
    int translated = 0;
    for (struct ocl_fn *f = o->fns; f; f = f->next) {
        if (!f->kernel)
            continue;
        if (f->why_not) {
            rewrite_replace(o->L.rw, f->def->begin, f->def->end,
                            arena_printf(o->L.a, "/* kernel %s: not translated */", f->name));
            continue;
        }
        o->cur = f;
        ocl_kernel_emit(o, f);
        translated++;
    }
    o->cur = NULL;
    report(o, require);
    /* the C built-ins after opencl_c.h's types, the variants used, the registrations */
    rewrite_insert_after(o->L.rw, o->user_begin,
                         arena_printf(o->L.a, "\n#include \"opencl_c_impl.h\"\n%s",
                                      o->defs.s ? o->defs.s : ""));
    if (o->L.tail.s)
        rewrite_insert_after(o->L.rw, t->src.len, arena_printf(o->L.a, "\n%s", o->L.tail.s));
    int st = out && rewrite_output(o->L.rw, out) != 0 ? 1 : 0;
    free(o->defs.s);
    free(o->L.tail.s);
    free(o);
    (void)translated;
    return st;
}

/* Past the balanced parentheses that start at text[i] ('('), or len. */
static size_t skip_parens(const char *text, size_t len, size_t i)
{
    int depth = 0;
    for (; i < len; i++)
        if (text[i] == '(')
            depth++;
        else if (text[i] == ')' && --depth == 0)
            return i + 1;
    return len;
}

static bool ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Does text[i..] start the word w (not a longer identifier)? */
static bool word_at(const char *text, size_t len, size_t i, const char *w)
{
    size_t n = strlen(w);
    return i + n <= len && !strncmp(text + i, w, n) && (i + n == len || !ident_char(text[i + n]))
           && (i == 0 || !ident_char(text[i - 1]));
}

/* OpenCL C 2.0's loop attributes (`__attribute__((opencl_unroll_hint(4))) for (...)`, also
 * vendors' such as `xcl_pipeline_loop`): hints, which PoCL takes in OpenCL 1.2 too, that C
 * has no place for: blanked (newlines kept, so that lines and columns stay), the loop as
 * it is.  Only attributes right before `for`, `while` or `do` are, which GNU C never
 * has. */
static void blank_loop_attributes(char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (!word_at(text, len, i, "__attribute__") && !word_at(text, len, i, "__attribute"))
            continue;
        size_t j = i;
        while (word_at(text, len, j, "__attribute__") || word_at(text, len, j, "__attribute")) {
            j += word_at(text, len, j, "__attribute__") ? 13 : 11;
            while (j < len && isspace((unsigned char)text[j]))
                j++;
            if (j >= len || text[j] != '(')
                break;
            j = skip_parens(text, len, j);
            while (j < len && isspace((unsigned char)text[j]))
                j++;
        }
        if (word_at(text, len, j, "for") || word_at(text, len, j, "while") ||
            word_at(text, len, j, "do"))
            for (size_t k = i; k < j; k++)
                if (text[k] != '\n')
                    text[k] = ' ';
        i = j > i ? j - 1 : i;
    }
}

int mcc_translate_opencl(const char *in_path, const char *out_path, const char *source,
                         bool require, const struct mcc_options *opts)
{
    size_t len;
    char *text = mcc_read_file(in_path, &len);
    if (!text) {
        fprintf(stderr, "mcc: cannot read %s: %s\n", in_path, strerror(errno));
        return 1;
    }
    blank_loop_attributes(text, len);
    FILE *out = fopen(out_path, "wb");
    if (!out) {
        fprintf(stderr, "mcc: cannot write %s: %s\n", out_path, strerror(errno));
        free(text);
        return 1;
    }
    struct translation t;
    struct mcc_options o = opts ? *opts : (struct mcc_options){.ompss = true};
    o.ompss = false;            /* `#pragma omp` means nothing in OpenCL C */
    char *inlined = NULL;
    int st, promoted = mcc_werror_count();
    for (int pass = 0;; pass++) {
        st = MCC_OPENCL_INVALID;  /* a syntax error: invalid OpenCL C for every device too */
        char *again = NULL;
        if (translation_parse(&t, in_path, inlined ? inlined : text, len, &o)) {
            mcc_diag_soft(!require);
            st = translate(&t, source, require, out, pass, &again);
            if (require && mcc_error_count())
                st = 1;
            mcc_diag_soft(false);
        }
        translation_free(&t);
        if (!again)
            break;
        free(inlined);
        inlined = again;
        len = strlen(again);
    }
    free(inlined);
    if (mcc_werror_count() > promoted && st != MCC_OPENCL_INVALID)
        st = MCC_OPENCL_WERROR;
    if (fclose(out) != 0 && st == 0) {
        fprintf(stderr, "mcc: cannot write %s: %s\n", out_path, strerror(errno));
        st = 1;
    }
    free(text);
    return st;
}
