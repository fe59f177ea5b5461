/*
 * lower.c - the OmpSs lowering: a walk over the translation unit that hands each
 * `#pragma omp` construct to its lowering (lower_task.c, lower_inline.c, lower_sync.c)
 * and renames, inside outlined task bodies, the variables the task captured.
 *
 * Order of work: function tasks and declared reductions are collected first (calls and
 * reduction clauses may come before... no: after them, but the spawn prototype has to be
 * placed before the first declaration of the function); then every function body is
 * walked.  A construct is lowered top-down for what it decides (captures, frames) and
 * bottom-up for what it renders: an outlined body is taken with rewrite_text() after
 * everything inside it has been lowered, so edits compose (a task inside a task).
 */
#include "mcc.h"
#include "mcc_abi.h" /* build/gen: MCC_ABI_PRELUDE, from include/nanort.h */

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- directives ------------------------------------------------------------------------ */

/* Remove a pragma line from the output (its newline stays: lines keep their numbers). */
static void drop_pragma(struct lower *L, struct ast *pr)
{
    rewrite_replace(L->rw, pr->begin, pr->end, "");
}

/* A device construct on the host (pragma.c host_only): its line goes, or becomes the wait
 * for its dependences (d->host_wait). */
static const char *host_wait_code(struct lower *L, const struct omp_directive *d)
{
    struct omp_directive *w = omp_parse_pragma(d->host_wait, strlen(d->host_wait), d->loc);
    struct lower_buf b = {0};
    if (!w->nerrors)
        lower_deps_emit_taskwait(L, w, &b);
    omp_directive_free(w);
    return lbuf_take(&b, L->a);
}

static void host_pragma(struct lower *L, struct ast *pr, const struct omp_directive *d)
{
    rewrite_replace(L->rw, pr->begin, pr->end, d->host_wait ? host_wait_code(L, d) : "");
}

/* A `loop` whose binding region is the encountering thread: bind(thread), or no bind
 * and, below the innermost parallel region, inside a worksharing construct, a task or a
 * taskloop (gcc -fopenmp's reading: critical, master, masked and taskgroup in between do
 * not count, and a loop in them binds to the parallel region, which every thread must
 * reach).  That thread runs its iterations, in any order: the loop as written, as for
 * simd (a worksharing `for` there would be refused, check_nesting.c). */
static bool loop_binds_thread(const struct lower *L, const struct omp_directive *d)
{
    if (d->kind != OMP_DIR_FOR || !d->loop || d->parallel || d->bind == 'p' || d->bind == 'T')
        return false;
    if (d->bind == 't')
        return true;
    for (const struct lower_nest *n = L->nest; n; n = n->up)
        switch (n->dir->kind) {
        case OMP_DIR_FOR: case OMP_DIR_SECTIONS: case OMP_DIR_SINGLE: case OMP_DIR_TASK:
        case OMP_DIR_TASKLOOP:
            return true;
        case OMP_DIR_PARALLEL:
            return false;
        default:
            break;
        }
    return false;                   /* orphaned: a worksharing loop */
}

/* The parameter `name` of function declarator fd, or NULL. */
static const struct ast *parameter_named(const struct ast *fd, const char *name)
{
    for (const struct ast *p = fd->kid[1] ? fd->kid[1]->kid[0] : NULL; p; p = p->next) {
        const struct ast *dn = p->kind == AST_PARAM && p->kid[1]
                                   ? ast_declarator_name(p->kid[1]) : p;
        if (dn && dn->name && strlen(name) == dn->name->len &&
            memcmp(name, dn->name->str, dn->name->len) == 0)
            return p;
    }
    return NULL;
}

/* `declare simd` applies to the function declared next (gcc: "'#pragma omp declare simd'
 * not immediately followed by a function declaration or definition"), and its uniform,
 * linear and aligned clauses name its parameters, pointers or arrays for aligned (gcc:
 * "'c' undeclared", "'a' in 'aligned' clause is neither a pointer nor an array"). */
static void check_declare_simd(struct lower *L, const struct ast *pr,
                               const struct omp_directive *d)
{
    struct ast *next = pr->next;            /* (after the other declare simd lines) */
    while (next && next->kind == AST_PRAGMA &&
           lower_parse_pragma(L, next)->kind == OMP_DIR_DECLARE_SIMD)
        next = next->next;
    struct ast *fd = next ? lower_function_declarator(next) : NULL;
    if (d->nerrors)
        return;
    if (!fd) {
        struct mcc_loc at = lower_pragma_loc(L, pr);
        mcc_error_at(&at, "'#pragma omp declare simd' must be followed by a function "
                     "declaration or definition");
        return;
    }
    const struct ast *dn = ast_declarator_name(fd);
    for (int k = 0; k < d->nsimd_params; k++) {
        const struct omp_simd_param *s = &d->simd_params[k];
        const struct ast *p = parameter_named(fd, s->name.text);
        if (!p) {
            mcc_error_at(&s->name.loc, "'%s' in '%s' is not a parameter of '%.*s'",
                         s->name.text, s->clause, dn && dn->name ? (int)dn->name->len : 1,
                         dn && dn->name ? dn->name->str : "?");
            return;
        }
        if (strcmp(s->clause, "aligned") == 0 && p->kind == AST_PARAM && p->sym &&
            p->sym->type != TYPE_POINTER && p->sym->type != TYPE_ARRAY) {
            mcc_error_at(&s->name.loc, "'%s' in 'aligned' is neither a pointer nor an array",
                         s->name.text);
            return;
        }
    }
}

/*
 * Parse the pragma chain of a construct into one lower_dir: `target` lines merge into the
 * directive they go with, `simd` lines are dropped (the loop runs as written), unknown
 * ones stay.  A second directive starts a construct nested in the first (d->inner: `task`
 * then `atomic`), lowered with the first one's body (lower_body).  Every consumed line is
 * removed from the output.  Returns false when nothing is left to lower.
 */
static bool chain_dir(struct lower *L, struct ast *construct, struct lower_dir *out)
{
    memset(out, 0, sizeof *out);
    out->node = construct;
    for (struct ast *pr = construct->pragma; pr; pr = pr->kid[0]) {
        struct omp_directive *d = lower_parse_pragma(L, pr);
        if (!out->omp_target && d->target && !out->dir)
            out->omp_target = d;
        out->teams |= d->teams;
        if (d->kind == OMP_DIR_UNKNOWN) {
            if (d->host) {      /* a device construct: its body runs as written */
                host_pragma(L, pr, d);
                lower_block_check_host(L, d, construct);
            }
            continue;
        }
        if (d->kind == OMP_DIR_DECLARE_VARIANT) {   /* on the function declared: its calls */
            drop_pragma(L, pr);
            lower_variant_declare(L, construct, pr, d);
            continue;
        }
        if (loop_binds_thread(L, d))
            d->kind = OMP_DIR_SIMD;
        bool simd = d->kind == OMP_DIR_SIMD || d->kind == OMP_DIR_DECLARE_SIMD;
        if (out->dir && !simd &&
            !(d->kind == OMP_DIR_TARGET && out->dir->kind == OMP_DIR_TASK && !out->target)) {
            out->inner = pr;        /* parsed again when it is lowered */
            break;
        }
        drop_pragma(L, pr);
        if (d->host_wait)       /* `target ... parallel for depend(...)`: waits first */
            rewrite_insert_before(L->rw, pr->begin, host_wait_code(L, d));
        if (simd) {
            if (d->kind == OMP_DIR_SIMD)
                L->simd = (struct lower_simd_at){ construct, d, out->dir, L->nest };
            if (d->kind == OMP_DIR_SIMD && lower_check_simd(L, pr, d) && !pr->kid[0])
                lower_loop_check_simd(L, pr, d, construct);
            continue;
        }
        if (d->kind == OMP_DIR_TARGET)
            out->target = d;
        else
            out->dir = d;
    }
    return out->dir || out->target;
}

static void lower_construct(struct lower *L, struct ast *n);
static void walk_visit(struct lower *L, struct ast *n);

static size_t walk_body(struct lower *L, const struct lower_dir *d)
{
    if (!d->inner) {
        walk_visit(L, d->node);
        return d->node->begin;
    }
    struct ast *chain = d->node->pragma;
    d->node->pragma = d->inner;
    lower_construct(L, d->node);
    d->node->pragma = chain;
    return d->inner->begin;
}

static const char *const applies_to[OMP_DIR_COUNT] = {
    [OMP_DIR_TASK] = "a statement or a function declaration",
    [OMP_DIR_TARGET] = "a task or a function declaration",
    [OMP_DIR_CRITICAL] = "a statement", [OMP_DIR_ATOMIC] = "an expression statement",
    [OMP_DIR_TASKLOOP] = "a 'for' loop", [OMP_DIR_FOR] = "a 'for' loop",
    [OMP_DIR_SECTIONS] = "a compound statement of sections",
    [OMP_DIR_TASKGRAPH] = "a structured block",
};

static void not_applicable(struct lower *L, const struct omp_directive *d,
                           const struct ast *pr)
{
    const char *what = applies_to[d->kind] ? applies_to[d->kind] : "a statement";
    struct mcc_loc loc = pr ? lower_pragma_loc(L, pr) : d->loc;
    mcc_error_at(&loc, "'#pragma omp %s' must be followed by %s",
                 omp_directive_names[d->kind], what);
}

/* Does construct kind k apply to the statement (or declaration) n? */
static bool construct_fits(const struct ast *n, enum omp_directive_kind k)
{
    bool stmt = n->kind != AST_DECLARATION && n->kind != AST_FUNCTION_DEF;
    bool loop = k == OMP_DIR_TASKLOOP || k == OMP_DIR_FOR;
    return loop ? n->kind == AST_FOR
           : k == OMP_DIR_ATOMIC ? n->kind == AST_EXPR_STMT || n->kind == AST_COMPOUND ||
                                   n->kind == AST_IF      /* atomic compare */
           : k == OMP_DIR_SECTIONS ? n->kind == AST_COMPOUND : stmt;
}

/* Lower d, of kind k, on n: in place in a serial clone, else by its construct module. */
static void construct_dispatch(struct lower *L, struct ast *n, struct lower_dir *d,
                               enum omp_directive_kind k, bool fits)
{
    static void (*const lowerings[OMP_DIR_COUNT])(struct lower *, struct lower_dir *) = {
        [OMP_DIR_TASK] = lower_inline_task, [OMP_DIR_TASKLOOP] = lower_loop,
        [OMP_DIR_FOR] = lower_loop, [OMP_DIR_CRITICAL] = lower_sync_critical,
        [OMP_DIR_ATOMIC] = lower_sync_atomic, [OMP_DIR_PARALLEL] = lower_omp_parallel,
        [OMP_DIR_SINGLE] = lower_omp_single, [OMP_DIR_MASTER] = lower_omp_single,
        [OMP_DIR_MASKED] = lower_omp_single, [OMP_DIR_SECTIONS] = lower_omp_sections,
        [OMP_DIR_SECTION] = lower_omp_section_alone, [OMP_DIR_TASKGROUP] = lower_omp_taskgroup,
        [OMP_DIR_TASKGRAPH] = lower_taskgraph, [OMP_DIR_ORDERED] = lower_omp_single,
        [OMP_DIR_SCOPE] = lower_omp_single,
    };
    if (L->clone && fits && (k == OMP_DIR_TASK || k == OMP_DIR_TASKLOOP || k == OMP_DIR_FOR)) {
        lower_serial_construct(L, d);     /* in a serial clone: in place (lower_serial.c) */
    } else if (!lowerings[k]) {
        mcc_error_at(&d->dir->loc, "'#pragma omp %s' is a directive of its own; it cannot "
                     "apply to a statement", omp_directive_names[k]);
        walk_visit(L, n);
    } else if (!fits) {
        not_applicable(L, d->dir, n->pragma);
    } else {
        lowerings[k](L, d);
    }
}

static void construct_lower(struct lower *L, struct ast *n, struct lower_dir *d);

static void construct_walk(struct lower *L, struct ast *n, void *arg)
{
    (void)arg;
    walk_visit(L, n);
}

static void construct_in_target(struct lower *L, struct ast *n, void *arg)
{
    construct_lower(L, n, arg);
}

/* A construct inside a function body with its pragmas. */
static void lower_construct(struct lower *L, struct ast *n)
{
    struct lower_dir d;
    bool any = chain_dir(L, n, &d);
    bool stmt = n->kind != AST_DECLARATION && n->kind != AST_FUNCTION_DEF;
    bool teams = L->in_teams;
    L->in_teams |= d.teams && stmt;     /* (declare variant's construct={teams}) */
    if (any && stmt && !d.dir && d.target->nclauses == 0)
        lower_omp_target(L, n, NULL, construct_walk, NULL);
        /* OpenMP's target region, no clause: on the host, as written but for the copies
           of what it names (OmpSs's target names a device; pragma.c host_only) */
    else if (!any && d.omp_target && stmt)
        lower_omp_target(L, n, d.omp_target->target, construct_walk, NULL);
    else if (!any || (n->kind == AST_DECLARATION && !d.dir))
        walk_visit(L, n);       /* a lone target on a local declaration (Mercurium's meaning):
                                   the declaration itself is lowered as any other */
    else if (d.omp_target && stmt)
        lower_omp_target(L, n, d.omp_target->target, construct_in_target, &d);
    else if (any && stmt && d.dir && d.target && d.target->nclauses == 0 &&
             d.dir->kind != OMP_DIR_TASK)   /* `target` on a line of its own, then `parallel` */
        lower_omp_target(L, n, NULL, construct_in_target, &d);
    else
        construct_lower(L, n, &d);
    L->in_teams = teams;
}

/* lower_construct's construct d on n once its pragma chain is parsed. */
static void construct_lower(struct lower *L, struct ast *n, struct lower_dir *dp)
{
    struct lower_dir d = *dp;
    if (!d.dir) {               /* a lone `target` before a statement */
        not_applicable(L, d.target, n->pragma);
        return;
    }
    bool stmt = n->kind != AST_DECLARATION && n->kind != AST_FUNCTION_DEF;
    if (!lower_check_construct(L, &d)) {
        /* (the sections of a refused sections construct were said with it) */
        bool was = L->in_refused_sections;
        L->in_refused_sections |= d.dir && d.dir->kind == OMP_DIR_SECTIONS;
        walk_visit(L, n);
        L->in_refused_sections = was;
        return;
    }
    enum omp_directive_kind k = d.dir->kind;
    bool loop = k == OMP_DIR_TASKLOOP || k == OMP_DIR_FOR;
    bool fits = construct_fits(n, k);
    if (!stmt && k == OMP_DIR_TASK && lower_task_local_function(L, n, &d))
        return;             /* a block-scope declaration or a GNU nested function */
    if (d.inner && k == OMP_DIR_SECTIONS) {
        not_applicable(L, d.dir, n->pragma);     /* its `{` must come first (gcc's error) */
        return;
    }
    if (d.inner && (loop || k == OMP_DIR_ATOMIC)) {
        struct omp_directive *in = lower_parse_pragma(L, d.inner);
        mcc_error_at(&in->loc, "sorry, unimplemented: '#pragma omp %s' on the statement of "
                     "'#pragma omp %s'", omp_directive_names[in->kind], omp_directive_names[k]);
        return;
    }
    struct lower_nest nest = {.dir = d.dir, .node = d.node, .up = L->nest,
                              .cuda = (lower_dir_devices(&d) >> OMP_DEVICE_CUDA & 1) != 0};
    L->nest = &nest;                /* what is inside sees it (check_nesting.c) */
    if (fits && d.dir->parallel)
        k = OMP_DIR_PARALLEL;       /* parallel for, parallel sections, ... */
    construct_dispatch(L, n, &d, k, fits);
    L->nest = nest.up;
}

/* `#pragma omp X` directly in the body of a parallel region being lowered (lower_omp_parallel). */
static void walk_construct_as(struct lower *L, struct lower_dir *d,
                              enum omp_directive_kind k)
{
    static void (*const lowerings[OMP_DIR_COUNT])(struct lower *, struct lower_dir *) = {
        [OMP_DIR_TASKLOOP] = lower_loop, [OMP_DIR_FOR] = lower_loop,
        [OMP_DIR_SINGLE] = lower_omp_single, [OMP_DIR_MASTER] = lower_omp_single,
        [OMP_DIR_MASKED] = lower_omp_single, [OMP_DIR_SECTIONS] = lower_omp_sections,
    };
    if (lowerings[k])
        lowerings[k](L, d);
}

/* #pragma omp error (OpenMP 5.1): at(compilation), mcc's own error or warning with the
 * message when it is a string literal (gcc's wording); at(execution), a call that prints
 * it and, when fatal, ends the program. */
static void lower_error_directive(struct lower *L, struct ast *pr, const struct omp_directive *d)
{
    const char *msg = d->error_message.text;
    if (!d->error_execution) {
        size_t n = msg ? strlen(msg) : 0;
        bool literal = n >= 2 && msg[0] == '"' && msg[n - 1] == '"' && !memchr(msg + 1, '"', n - 2);
        const char *shown = !msg ? NULL : literal ? arena_strndup(L->a, msg + 1, n - 2)
                                                  : "<message unknown at compile time>";
        const struct mcc_loc *at = check_word_loc(d);
        if (d->error_warning)
            mcc_warning_at(at, "'#pragma omp error' encountered%s%s", shown ? ": " : "",
                           shown ? shown : "");
        else
            mcc_error_at(at, "'#pragma omp error' encountered%s%s", shown ? ": " : "",
                         shown ? shown : "");
        drop_pragma(L, pr);
        return;
    }
    rewrite_replace(L->rw, pr->begin, pr->end,
                    arena_printf(L->a, "nanort_omp_error(%d, %s, %s);",
                                 d->error_warning ? 0 : 1,
                                 msg ? arena_printf(L->a, "(const char *)(%s)",
                                                    lower_expr(L, msg, NULL, 0))
                                     : "(const char *)0", arena_printf(L->a, "\"%s\"", lower_where(L, d))));
}

/* A `#pragma omp` line that is a list item: standalone, or waiting for a construct. */
static void lower_pragma_item(struct lower *L, struct ast *pr)
{
    if (!(pr->flags & AST_PRAGMA_STANDALONE)) {
        if (pr->target)
            return;             /* lowered with its construct */
        struct omp_directive *d = lower_parse_pragma(L, pr);
        if (d->kind == OMP_DIR_UNKNOWN) {
            if (d->host)
                host_pragma(L, pr, d);
            return;
        }
        drop_pragma(L, pr);
        if (d->kind != OMP_DIR_SIMD && d->kind != OMP_DIR_DECLARE_SIMD &&
            !d->nerrors)                                /* (one error per directive) */
            not_applicable(L, d, pr);
        return;
    }
    struct omp_directive *d = lower_parse_pragma(L, pr);
    if (!lower_check_standalone(L, pr, d))
        return;
    switch (d->kind) {
    case OMP_DIR_TASKWAIT: case OMP_DIR_BARRIER: case OMP_DIR_TASKYIELD:
        if (L->clone)           /* under final: nothing to wait for (lower_final.c) */
            rewrite_replace(L->rw, pr->begin, pr->end, ";");
        else
            lower_sync_taskwait(L, pr, d);
        break;
    case OMP_DIR_DEPOBJ:
        lower_deps_depobj(L, pr, d);
        break;
    case OMP_DIR_ERROR:
        lower_error_directive(L, pr, d);
        break;
    case OMP_DIR_DECLARE_REDUCTION:
        lower_reduction_declare(L, d, pr->begin);
        drop_pragma(L, pr);
        break;
    case OMP_DIR_THREADPRIVATE:
        lower_omp_threadprivate(L, d, pr->begin);
        drop_pragma(L, pr);
        break;
    case OMP_DIR_FLUSH:
        rewrite_replace(L->rw, pr->begin, pr->end,
                        "__atomic_thread_fence(" LOWER_ATOMIC_SEQ_CST ");");
        break;
    case OMP_DIR_ORDERED:
        /* depend(sink): the loop runs in order in one task, or, shared by a team of
           threads, waits for the earlier chunks to end (nanort.h); depend(source): the
           chunk's end lets the later ones go on */
        rewrite_replace(L->rw, pr->begin, pr->end,
                        d->ordered_sink ? "nanort_ordered();" : ";");
        break;
    case OMP_DIR_SCAN:          /* its loop runs in order (lower_loop.c): the phases too */
        rewrite_replace(L->rw, pr->begin, pr->end, ";");
        break;
    case OMP_DIR_CANCEL: case OMP_DIR_CANCELLATION_POINT:
        lower_sync_cancel(L, pr, d);
        break;
    case OMP_DIR_UNKNOWN:
        if (d->host)            /* target update, enter/exit data, declare target: nothing */
            host_pragma(L, pr, d);
        break;
    case OMP_DIR_DECLARE_SIMD:
        check_declare_simd(L, pr, d);
        drop_pragma(L, pr);
        break;
    default:
        drop_pragma(L, pr);
        break;
    }
}

/* Does a call of `s` create a task?  s is the function task, or a declaration of it in a
 * block, or (for a task declared in a block or nested) that declaration itself. */
static bool is_task_call(struct lower *L, const struct sym *s)
{
    struct lower_ftask *f = s && s->kind == SYM_FUNCTION ? lower_ftask_find(L, s->name) : NULL;
    if (!f)
        return false;
    if (f->scope_sym)
        return s == f->scope_sym;
    return !(s->depth > 0 && s->decl && s->decl->kind == AST_FUNCTION_DEF);
}

/* omp_get_thread_num() / omp_get_num_threads() in the body of a parallel region, which
 * runs once in the encountering task: a team of one thread, so 0 and 1 (an SPMD split of
 * the work by thread number then covers all of it).  Called undeclared (no omp.h), gcc's
 * warning of the implicit declaration is mcc's, since gcc sees no call. */
static bool team_query(struct lower *L, struct ast *call)
{
    static const char *const names[] = {"omp_get_thread_num", "omp_get_num_threads"};
    struct ast *f = call->kid[0];
    if (!f || f->kind != AST_IDENT || !lower_name_in(f->name->str, f->name->len, names, 2) ||
        (call->kid[1] && call->kid[1]->kid[0]))
        return false;
    bool body = lower_in_region_body(L);
    if (!body && !(L->frame && L->frame->team_of_one))
        return false;
    if (!f->sym && !L->clone) {     /* what gcc said of the call it no longer sees */
        struct mcc_loc loc = source_user_loc(&L->t->src, f->begin);
        mcc_warning_at(&loc, "implicit declaration of function '%.*s'; did you forget to "
                       "'#include <omp.h>'?", (int)f->name->len, f->name->str);
    }
    bool num = f->name->len == strlen(names[1]);
    if (body)                                  /* (see lower_inline.c's team_number_use) */
        *(num ? &L->region->team_size_asked : &L->region->thread_num_asked) = true;
    if (body && !num)
        L->region->thread_num_split = true;
    /* (an SPMD body runs once per thread number: lower_omp.c; the size of the team it
       runs as is the runtime's, nanort_spmd_begin, also after a region nested in it) */
    if (body && num && L->region->spmd)
        return true;
    const char *spmd = body && !num ? L->region->spmd : NULL;
    rewrite_replace(L->rw, call->begin, call->end, spmd ? spmd : num ? "1" : "0");
    return true;
}

/* __func__ and gcc's older spellings of it. */
static bool is_func_name(const struct name *n)
{
    static const char *const names[] = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"};
    return lower_name_in(n->str, n->len, names, 3);
}

/* An object the frame may have captured (locals, and globals a clause privatised). */
static bool is_object_var(const struct sym *s)
{
    return s && (s->kind == SYM_OBJECT || s->kind == SYM_PARAM);
}

static void visit_kids(struct lower *L, struct ast *n);
static void region_body_declaration(struct lower *L, struct ast *n);

/* The items of a list: pragmas, constructs, statements. */
static void visit_list(struct lower *L, struct ast *n)
{
    for (struct ast *i = n->kid[0]; i; i = i->next) {
        if (i->kind == AST_PRAGMA)
            lower_pragma_item(L, i);
        else if (i->pragma)
            lower_construct(L, i);
        else if (i->kind == AST_DECLARATION)
            region_body_declaration(L, i);
        else
            walk_visit(L, i);
    }
}

/* A name in moved code: __func__ kept the user's, a captured variable renamed as the
 * frame says. */
/* A function task named other than as the callee of a call (`fp = f`, `&f`, `(f)(x)`, a
 * table of functions): a call through that pointer runs the function in the caller, no
 * task, ordered with none of the tasks created before it (as Mercurium's). */
static void check_task_pointer(struct lower *L, struct ast *n)
{
    if (n == L->task_callee || !n->sym || n->sym->kind != SYM_FUNCTION || !is_task_call(L, n->sym))
        return;
    struct mcc_loc at = source_user_loc(&L->t->src, n->begin);
    const struct lower_ftask *f = lower_ftask_find(L, n->sym->name);
    unsigned devs = lower_dir_devices(&f->dir);
    if (!(devs & (1u << OMP_DEVICE_SMP))) {
        /* an OpenCL kernel (or device(undefined)): no host function has the name, the link
         * failed; a CUDA kernel's is nvcc's host stub, which the CUDA runtime's queries take
         * (cudaFuncGetAttributes, cudaFuncSetCacheConfig), never called */
        if (!(devs & (1u << OMP_DEVICE_CUDA)))
            mcc_error_at(&at, "'%.*s' is a device task without an smp version: there is no "
                         "host function to point to (call '%.*s' by its name to create the "
                         "task)", (int)n->name->len, n->name->str, (int)n->name->len,
                         n->name->str);
        return;
    }
    mcc_warning_at(&at, "'%.*s' is a function task, but a call through this pointer to it runs "
                   "the function in the caller, not as a task, ordered with none of the tasks "
                   "created before it (call '%.*s' by its name, or wait for those tasks first)",
                   (int)n->name->len, n->name->str, (int)n->name->len, n->name->str);
}

/* A file-scope declaration's initializers (a table of functions) name tasks as bodies do. */
static bool file_scope_ident(struct ast *n, void *arg)
{
    if (n->kind == AST_IDENT)
        check_task_pointer(arg, n);
    return n->kind != AST_TYPEOF;
}

static void visit_ident(struct lower *L, struct ast *n)
{
    check_task_pointer(L, n);
    /* per-thread data a task may keep across a taskwait (nanort_thread_data_used) */
    if (n->sym && n->sym->specs && (n->sym->specs->flags & SPEC_THREAD_LOCAL))
        L->thread_data_used = true;
    if ((L->frame || L->clone) && !n->sym && L->func_name && is_func_name(n->name)) {
        /* the outlined function has a name of its own: keep the user's */
        rewrite_replace(L->rw, n->begin, n->end, arena_printf(L->a, "(\"%s\")",
                                                              L->func_name));
        return;
    }
    const char *moved = n->sym ? lower_map_get(&L->tp_moved, n->sym) : NULL;
    if (moved) {                /* a static local threadprivate variable, now at file scope */
        rewrite_replace(L->rw, n->begin, n->end, moved);
        return;
    }
    if (L->frame && is_object_var(n->sym))
        for (struct lower_var *v = L->frame->vars; v; v = v->next)
            if (v->sym == n->sym && v->use) {
                /* (an alias of the user's name needs no edit) */
                if (strlen(v->use) != n->name->len ||
                    memcmp(v->use, n->name->str, n->name->len) != 0)
                    rewrite_replace(L->rw, n->begin, n->end, v->use);
                break;
            }
}

/* A call: of a function task (its spawn function), or in a serial clone of a function
 * with a clone (the clone).  False when the call was replaced whole (a team query). */
/* A host call of an OpenCL kernel declared with `#pragma omp target device(opencl)` and
 * no task line: only a task can launch a kernel, and the call named a function that
 * exists nowhere (the link failed: "undefined reference"). */
static void check_kernel_call(struct lower *L, struct ast *n)
{
    struct ast *callee = n->kid[0];
    if (!callee || callee->kind != AST_IDENT || !callee->sym ||
        callee->sym->kind != SYM_FUNCTION || is_task_call(L, callee->sym))
        return;
    struct lower_ftask *k = lower_map_get(&L->kernel_only, callee->sym->name);
    if (!k)
        return;
    struct mcc_loc at = source_user_loc(&L->t->src, callee->begin);
    mcc_error_at(&at, "'%.*s' is an OpenCL kernel ('#pragma omp target device(opencl)' at %s) "
                 "without '#pragma omp task': the host cannot call a kernel; add the task "
                 "line, with the kernel's dependences, after the target line",
                 (int)callee->name->len, callee->name->str,
                 lower_where_loc(L, &k->dir.target->loc));
}

static bool frame_object(const struct sym *s)
{
    return s && s->kind == SYM_OBJECT && s->storage == STORAGE_LOCAL;
}

/* Does an argument hand on an address in this function's frame (a local array, &local,
 * &local.m, &local[i])?  A callee may create tasks on it (nanort_frame_end). */
static bool hands_on_frame(struct ast *n, void *arg)
{
    bool *found = arg;
    if (*found)
        return false;
    if (n->kind == AST_IDENT)
        *found = frame_object(n->sym) && n->sym->type == TYPE_ARRAY && !n->sym->array_param;
    else if (n->kind == AST_UNARY && n->op == '&')
        *found = frame_object(lower_lvalue_root(n->kid[0]));
    return !*found;
}

/* The function a call names, through any `*` and `&` around it: `(*f)(x)` and `(&f)(x)`
 * call f by its name as `f(x)` does (a function designator stays one under `*`). */
static struct ast *named_callee(struct ast *callee)
{
    while (callee && callee->kind == AST_UNARY && (callee->op == '*' || callee->op == '&'))
        callee = callee->kid[0];
    return callee && callee->kind == AST_IDENT && callee->sym &&
           callee->sym->kind == SYM_FUNCTION ? callee : NULL;
}

static bool visit_call(struct lower *L, struct ast *n)
{
    if (!check_nesting_call(L, n))
        return false;
    if (team_query(L, n))
        return false;
    if (L->region && lower_in_region_body(L)) {
        /* a helper of this file that asks them answers the team of one too (nanort's
           omp_get_thread_num in the region's own code): what lower_inline.c's
           team_number_use needs to know, as of a call written in the body */
        if (lower_reaches_call(L, n, "omp_get_num_threads"))
            L->region->team_size_asked = true;
        if (lower_reaches_call(L, n, "omp_get_thread_num"))
            L->region->thread_num_asked = true;
        /* (asked in a helper's for or master only, the helper shares the work) */
        if (lower_reaches_bare_call(L, n, "omp_get_thread_num"))
            L->region->thread_num_split = true;
    }
    check_kernel_call(L, n);
    if (L->fn && !L->frame && !L->fn_spawns)
        ast_walk(n->kid[1], hands_on_frame, &L->fn_spawns);
    struct ast *named = named_callee(n->kid[0]);
    if (named && is_task_call(L, named->sym))
        check_task_call(L, n, lower_ftask_find(L, named->sym->name));
    check_call_before_task(L, n);
    const char *variant = n->kid[0] && n->kid[0]->kind == AST_IDENT
                              ? lower_variant_call(L, n->kid[0]->sym) : NULL;
    if (variant)                /* declare variant: the one chosen here */
        rewrite_replace(L->rw, n->kid[0]->begin, n->kid[0]->end, variant);
    else if (named && is_task_call(L, named->sym)) {
        rewrite_replace(L->rw, named->begin, named->end, lower_task_spawn_name(L, named->sym));
        L->task_callee = named;
        L->fn_spawns |= !L->frame;
    }
    else if (n->kid[0] && n->kid[0]->kind == AST_IDENT &&
             lower_serial_clone_name(L, n->kid[0]->sym))
        rewrite_replace(L->rw, n->kid[0]->begin, n->kid[0]->end,
                        lower_serial_clone_name(L, n->kid[0]->sym));
    return true;
}

/* Can the code around a statement of the region's body name threadprivate s (declared
 * before this function, or a static local moved to file scope)? */
static bool region_names_tp(struct lower *L, const struct sym *s)
{
    return (s->declarator && L->fn && s->declarator->begin < L->fn->begin) ||
           lower_map_get(&L->tp_moved, s);
}

/* Is s one of the first ntp of tp, or shadowed at n? */
static bool tp_listed(struct lower *L, const struct ast *n, struct sym *s, struct sym **tp, int ntp)
{
    for (int i = 0; i < ntp; i++)
        if (tp[i] == s)
            return true;
    struct sym *seen = lower_resolve(L, s->name->str, s->name->len, n->begin);
    return !seen || !lower_thread_local_sym(L, seen);
}

/* The threadprivate variables (their first declarations, before this function) that a
 * statement calling another unit's function may write, other than the ntp it writes
 * itself: code that keeps each one's value before it (heap copies, since one may be a
 * large array) goes to *before, code that makes a new value every worker's after it to
 * *after. */
static void watch_thread_local(struct lower *L, struct ast *n, struct sym **tp, int ntp,
                               struct lower_buf *before, struct lower_buf *after)
{
    /* (and those of every unit mcc compiled, the runtime's: a static one of the unit that
     * defines the function, which this unit cannot name) */
    const char *kept = lower_local_name(L, LL_TP_KEPT, ++L->serial, NULL);
    lbuf_printf(before, "void *%s = nanort_threadprivate_keep(); ", kept);
    struct lower_buf skip = {0};        /* (the statement's own writes: region_body_copies) */
    int nskip = 0;
    for (int i = 0; i < ntp; i++)
        if (region_names_tp(L, tp[i])) {
            lbuf_printf(&skip, "%s(const void *)(__typeof__(sizeof 0))&%s", nskip ? ", " : "",
                        lower_omp_tp_name(L, tp[i]));
            nskip++;
        }
    if (nskip)
        lbuf_printf(after, "nanort_threadprivate_changed(%s, (const void *const []){%s}, %du); ",
                    kept, lbuf_take(&skip, L->a), nskip);
    else
        lbuf_printf(after, "nanort_threadprivate_changed(%s, (const void *const *)0, 0u); ", kept);
    for (size_t k = 0; k < L->tp_vars.n; k++) {
        struct sym *s = (struct sym *)L->tp_vars.order[k];
        if (s->redecl || s->depth != 0 || !s->declarator || !L->fn ||
            s->declarator->begin >= L->fn->begin || tp_listed(L, n, s, tp, ntp))
            continue;
        const char *x = arena_strndup(L->a, s->name->str, s->name->len);
        const char *old = lower_local_name(L, LL_TP_BEFORE, ++L->serial, x);
        /* (declarations only: they may stand before a declaration, region_body_declaration) */
        lbuf_printf(before, "void *%s = __extension__ ({ void *__nrt_p = __builtin_malloc(sizeof "
                    "%s); if (__nrt_p) __builtin_memcpy(__nrt_p, (const void *)&%s, sizeof %s); "
                    "__nrt_p; }); ", old, x, x, x);
        lbuf_printf(after, "if (!%s || __builtin_memcmp(%s, (const void *)&%s, sizeof %s)) %s"
                    "__builtin_free(%s); ", old, old, x, x, lower_omp_copyin_call(L, s), old);
    }
}

struct tp_read {
    struct lower *L;
    size_t before;                  /* the statement: tasks written before it */
    struct sym *read;               /* a threadprivate variable it reads ... */
    bool task_writes;               /* ... that such a task writes */
};

/* A task (or taskloop) of the function, written before the statement, that writes w->read. */
static bool task_write_visit(struct ast *n, void *arg)
{
    struct tp_read *w = arg;
    if (w->task_writes || n->begin >= w->before)
        return false;
    if (n->pragma && (lower_pragma_is(w->L, n->pragma, "task") ||
                      lower_pragma_is(w->L, n->pragma, "taskloop")) && lower_writes(n, w->read))
        w->task_writes = true;
    return !w->task_writes;
}

/* A threadprivate variable the statement reads (not the target of a plain `x = e`) that
 * a task written before it in the function writes. */
static bool tp_read_visit(struct ast *n, void *arg)
{
    struct tp_read *w = arg;
    if (w->task_writes)
        return false;
    if (n->kind == AST_ASSIGN && n->op == '=' && n->kid[0] && n->kid[0]->kind == AST_IDENT) {
        ast_walk(n->kid[1], tp_read_visit, w);
        return false;
    }
    if (n->kind == AST_IDENT && n->sym && lower_thread_local_sym(w->L, n->sym)) {
        w->read = n->sym;
        ast_walk(w->L->fn, task_write_visit, w);
        if (w->task_writes) {
            struct mcc_loc at = source_user_loc(&w->L->t->src, n->begin);
            mcc_warning_at(&at, "every thread of an OpenMP team would read its own copy of "
                           "threadprivate '%.*s' here, which the tasks it ran updated; mcc "
                           "runs the region's body once, and reads only this thread's copy, "
                           "not what tasks on other workers added to theirs (sum into a "
                           "shared variable in the tasks instead, with atomic or a "
                           "reduction)", (int)n->sym->name->len, n->sym->name->str);
        }
    }
    return !w->task_writes;
}

/* What every thread of a region's team would do with statement or declaration n of the
 * region's own body: a write to a threadprivate variable is made on every worker's copy
 * (the same value, as after copyin: then loops and tasks on any worker read it), the writes
 * it makes itself or in the functions of this unit it calls, and the changes a function
 * of another unit makes (a variable it changed is broadcast); `x = malloc(...)` is
 * evaluated by every worker.  The code to put before n into *before, after it into
 * *after (empty: nothing to do). */
static void region_body_copies(struct lower *L, struct ast *n, struct lower_buf *before,
                               struct lower_buf *after)
{
    struct sym *tp[16];
    bool elsewhere = false;
    /* (a team of threads' member writes its own thread's copy, as in OpenMP: team_region) */
    bool own = lower_in_region_body(L) && !L->region->threads;
    int ntp = own ? lower_writes_thread_local(L, n, tp, 16, &elsewhere) : 0;
    if (own && L->fn && L->tp_vars.cap) {
        struct tp_read r = {L, n->begin, NULL, false};
        ast_walk(n, tp_read_visit, &r);
    }
    if (elsewhere)
        watch_thread_local(L, n, tp, ntp, before, after);
    for (int i = ntp - 1; i >= 0; i--)
        if (region_names_tp(L, tp[i])) {
            const char *eval = lower_omp_copyin_eval(L, n, tp[i]);
            lbuf_puts(after, eval ? eval : lower_omp_copyin_call(L, tp[i]));
        }
}

/* An expression statement of a region's own body (region_body_copies), in braces with
 * what goes around it: the statement may be the body of an if, a loop or a label. */
static void region_body_statement(struct lower *L, struct ast *n)
{
    struct lower_buf before = {0}, after = {0};
    region_body_copies(L, n, &before, &after);
    if (after.len)
        rewrite_insert_before(L->rw, n->begin, arena_printf(L->a, "{ %s", lbuf_take(&before, L->a)));
    visit_kids(L, n);
    if (after.len)
        rewrite_insert_after(L->rw, n->end, arena_printf(L->a, " %s}", lbuf_take(&after, L->a)));
}

/* A declaration of a region's own body, `int ok = init_thread_state();`: its initializers
 * run on every thread of a team as an expression statement does (region_body_copies).  No
 * braces (its names are used after it); what goes before it declares names of its own, and
 * what goes after it is a declaration too, so that the declarations that follow it stay
 * before any statement (-Wdeclaration-after-statement). */
static void region_body_declaration(struct lower *L, struct ast *n)
{
    struct lower_buf before = {0}, after = {0};
    region_body_copies(L, n, &before, &after);
    if (after.len && before.len)
        rewrite_insert_before(L->rw, n->begin, lbuf_take(&before, L->a));
    visit_kids(L, n);
    if (after.len)
        rewrite_insert_after(L->rw, n->end, arena_printf(
            L->a, " __attribute__((__unused__)) int %s = __extension__ ({ %s0; });",
            lower_local_name(L, LL_TP_DONE, ++L->serial, NULL), lbuf_take(&after, L->a)));
}

static void walk_visit(struct lower *L, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        visit_list(L, n);
        return;
    }
    switch (n->kind) {
    case AST_PRAGMA:
        lower_pragma_item(L, n);
        return;
    case AST_IDENT:
        visit_ident(L, n);
        return;
    case AST_CALL:
        if (!visit_call(L, n))
            return;
        break;
    case AST_CUDA_LAUNCH:
        lower_cuda_launch_check(L, n);
        break;
    case AST_RETURN:
        if (L->in_main && !L->frame) {
            lower_sync_main_return(L, n);
            return;
        }
        break;
    case AST_EXPR_STMT:
        region_body_statement(L, n);
        return;
    case AST_FUNCTION_DEF:     /* GNU nested function: lowered like its parent's body */
        if (L->frame && L->func_name) {
            /* whose __func__ is its own */
            const char *name = L->func_name;
            L->func_name = NULL;
            walk_visit(L, n);
            L->func_name = name;
            return;
        }
        break;
    default:
        break;
    }
    visit_kids(L, n);
}

static size_t walk_statement(struct lower *L, struct ast *n)
{
    lower_construct(L, n);
    return n->pragma->begin;
}

static void visit_kids(struct lower *L, struct ast *n)
{
    for (int k = 0; k < 4; k++) {
        struct ast *c = n->kid[k];
        if (c && c->kind == AST_PRAGMA && (c->flags & AST_PRAGMA_STANDALONE))   /* if (x) #pragma omp taskwait */
            lower_block_standalone_body(L, c);
        else if (c && c->pragma && c->kind != AST_LIST)
            lower_construct(L, c);
        else
            walk_visit(L, c);
    }
}

/* ---- the translation unit ----------------------------------------------------------- */

/*
 * What generated code uses of include/nanort.h: its mcc-abi regions, copied at build time
 * (mcc/abi_prelude.awk -> build/gen/mcc_abi.h; tests/mcc/abi checks them against the
 * header).  The output is preprocessed text, so the header itself cannot be included
 * again (its <stdint.h> would redefine anonymous structs of the C library); a unit that
 * already holds nanort.h (the user included it) gets nothing.
 */
static const char prelude[] = MCC_ABI_PRELUDE "\n";

/* Where the text starts after cpp's markers for the unit itself: `# 0 "app.c"` and, with
 * -g, `# 1 "/its/dir//"` (gcc reads both only as the first lines of preprocessed text). */
static size_t unit_markers_end(const struct mcc_source *src)
{
    size_t off = 0;
    for (int k = 0; k < 2; k++) {
        const char *s = src->text + off;
        const char *nl = memchr(s, '\n', src->len - off);
        bool marker = nl && nl - s > 3 && s[0] == '#' && s[1] == ' ' && s[2] >= '0' && s[2] <= '9';
        if (!marker || (k == 1 && memcmp(nl - 3, "//\"", 3) != 0))
            break;
        off = (size_t)(nl - src->text) + 1;
    }
    return off;
}

/* Whether the unit holds nanort.h: whether it declares nanort_task_create at file scope
 * (the parser's symbol, not the spelling in the text: the driver preprocesses with -C, so
 * a comment may name it, and so may a string or a longer identifier). */
static bool has_runtime_header(struct translation *t)
{
    static const char key[] = "nanort_task_create";
    struct name *nm = name_intern(&t->parser, key, sizeof key - 1);
    for (struct sym *s = nm->ord; s; s = s->shadow)
        if (s->depth == 0 && s->kind == SYM_FUNCTION)
            return true;
    return false;
}

static void lower_function(struct lower *L, struct ast *def)
{
    struct ast *name = ast_declarator_name(def->kid[1]);
    L->fn = def;
    L->func_name = name ? arena_strndup(L->a, name->name->str, name->name->len) : NULL;
    L->in_main = name && name->name->len == 4 && memcmp(name->name->str, "main", 4) == 0;
    lower_function_locals(L, def);
    int errors = mcc_error_count();
    struct ast *body = def->kid[3];
    walk_visit(L, body);
    if (L->in_main && body && body->kind == AST_COMPOUND && body->end > body->begin) {
        rewrite_insert_before(L->rw, body->end - 1, " nanort_taskwait(); ");
        /* a declaration: main may begin with declarations (C90); on the line of main's
         * first item, where gdb's breakpoint on the '{' line stops in the sequential build
         * too (on the brace's line, `break app.c:LINE-OF-{` stopped in it instead) */
        struct ast *first = body->kid[0] && body->kid[0]->kid[0] ? body->kid[0]->kid[0] : NULL;
        size_t at = first ? first->begin : body->end - 1;
        rewrite_insert_before(L->rw, body->begin + 1,
                              arena_printf(L->a, "%s int __nrt_main_entered __attribute__((unused)) "
                                           "= nanort_main_enter(); ", lower_mark(L, at)));
    }
    if (L->fn_spawns && !L->in_main && body && body->kind == AST_COMPOUND &&
        body->end > body->begin)
    {
        /* its tasks may have device copies of its locals: dropped when it returns, by
           whichever way it leaves (the cleanup runs after a return's value is computed);
           before its first statement (no goto can jump over it), on that statement's line
           (where gdb's breakpoint on a line of declarations before stops in the
           sequential build too) */
        struct ast *first = body->kid[0] ? body->kid[0]->kid[0] : NULL;
        while (first && first->kind == AST_DECLARATION)
            first = first->next;
        rewrite_insert_before(L->rw, first ? first->begin : body->end - 1,
                              arena_printf(L->a, "%s __attribute__((cleanup(nanort_frame_end), "
                                           "unused)) void *const __nrt_frame = "
                                           "__builtin_dwarf_cfa(); ",
                                           lower_mark(L, first ? first->begin : body->end - 1)));
    }
    lower_serial_function(L, def, errors);
    L->fn = NULL;
    L->in_main = false;
    L->fn_spawns = false;
}

/* File-scope items with pragmas: function tasks, device functions, declare reduction. */
static void lower_file_pragmas(struct lower *L, struct ast *item)
{
    if (item->kind == AST_PRAGMA) {
        lower_pragma_item(L, item);
        return;
    }
    if (!item->pragma)
        return;
    struct lower_dir d;
    if (!chain_dir(L, item, &d))
        return;
    struct omp_directive *first = d.dir ? d.dir : d.target;
    if (first->kind != OMP_DIR_TASK && first->kind != OMP_DIR_TARGET) {
        not_applicable(L, first, item->pragma);
        return;
    }
    if (!lower_check_construct(L, &d))
        return;
    if (lower_cuda_target_decl(L, item, &d))
        return;
    lower_task_register(L, item, &d);
}

int lower_unit_constants(struct translation *t)
{
    struct lower L = {0};
    L.t = t;
    L.a = &t->arena;
    L.text = t->src.text;
    L.rw = t->rw;
    struct ast *items = t->tu ? t->tu->kid[0] : NULL;
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next)
        lower_device_constant(&L, i);
    return 0;
}

int lower_unit(struct translation *t)
{
    if (!t->opts->ompss || !t->tu)
        return 0;
    int errors0 = mcc_error_count();
    static const struct lower_walk walk = {
        .visit = walk_visit, .body = walk_body, .construct_as = walk_construct_as,
        .statement = walk_statement,
    };
    struct lower L = {0};
    L.walk = &walk;
    L.t = t;
    L.a = &t->arena;
    L.text = t->src.text;
    L.rw = t->rw;
    L.copy_deps = t->opts->copy_deps;
    lower_final_scan(&L);
    struct ast *items = t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        lower_file_pragmas(&L, i);
        lower_device_constant(&L, i);
    }
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_FUNCTION_DEF && !lower_cuda_function_def(&L, i))
            lower_function(&L, i);
        else if (i->kind == AST_DECLARATION)
            ast_walk(i, file_scope_ident, &L);
    lower_omp_threadprivate_finish(&L);
    lower_omp_threadprivate_register(&L);
    lower_task_emit_all(&L);
    lower_device_embed_all(&L);
    lower_cuda_finish(&L);
    if (L.cuda_stub.len)
        t->cuda_stub = lbuf_take(&L.cuda_stub, L.a);
    bool header = has_runtime_header(t);
    /* One line (ending with prelude's newline) on a line of its own: gdb must not find
     * code of it on line 1 of the user's file.  It goes after cpp's first linemarkers: the
     * output is compiled as preprocessed text, whose first linemarker names the unit (the
     * debug information's compilation unit) and the next one, with -g, its directory. */
    if (!header || L.critical_used || L.head.len)
        rewrite_insert_before(L.rw, unit_markers_end(&t->src),
                              arena_printf(L.a, "%s%s%s%s", lower_mark_generated() + 1,
                                           L.critical_used ? LOWER_SYNC_CRITICAL_DECL : "",
                                           L.head.len ? lbuf_take(&L.head, L.a) : "",
                                           header ? "\n" : prelude));
    free(L.head.s);
    if (L.critical_used)
        lbuf_printf(&L.tail, "%s%s", lower_mark_generated(), LOWER_SYNC_CRITICAL_DEF);
    if (L.tail.len)
        rewrite_insert_after(L.rw, t->src.len, arena_printf(L.a, "%s%s", lower_mark_generated(),
                                                            lbuf_take(&L.tail, L.a)));
    free(L.tail.s);
    for (int i = 0; i < L.ndirs; i++)
        omp_directive_free(L.dirs[i]);
    free(L.dirs);
    return mcc_error_count() - errors0;
}
