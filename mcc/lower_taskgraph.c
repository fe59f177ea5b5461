/*
 * lower_taskgraph.c - `#pragma omp taskgraph [graph_id(e)] [graph_reset[(e)]] [if(e)]
 * [nogroup]` (OpenMP 6.0) on a structured block:
 *
 *     { static struct nanort_taskgraph __nrt_tgN = {"file.c:12", 0};
 *       struct nanort_taskgraph_exec __nrt_tgxN;
 *       if (nanort_taskgraph_begin(&__nrt_tgN, &__nrt_tgxN, (long long)(id), flags)) BLOCK
 *       nanort_taskgraph_end(&__nrt_tgxN); }
 *
 * The runtime records the tasks BLOCK creates the first time, and replays them afterwards
 * without running BLOCK (nanort/taskgraph.c).  Since BLOCK runs once, OpenMP 6.0 allows
 * in it only constructs that generate tasks; what mcc can see is reported here: a wait
 * (taskwait, barrier), taskyield, a nested taskgraph, critical and atomic, parallel and
 * taskgroup (the wait at their end), a taskloop without nogroup or a `for`, `sections`,
 * `single` or `scope` without nowait (their implicit wait), and
 * (lower_block.c) a branch that leaves the block or enters it.
 * The bodies of the tasks it creates are free of these rules: they run at every replay.
 * What only happens at run time (a wait in a function the block calls, an undeferred
 * task) is the runtime's to report.
 *
 * The values the block reads from outside it.  A replay creates the tasks of the
 * recording with their recorded arguments; where a variable declared outside the block
 * that the block reads by value has changed since (a loop bound, a pointer swapped between
 * steps, a time step that a task takes as firstprivate, a call's argument), the sequential
 * program would create other tasks, or the same with other values.  Such variables go to
 * nanort_taskgraph_begin_watch, which records again where one of them differs:
 *
 *     const struct nanort_taskgraph_watch __nrt_tgwN[] = {{&n, sizeof n}, ...};
 *     if (nanort_taskgraph_begin_watch(&__nrt_tgN, &__nrt_tgxN, id, flags, __nrt_tgwN, K))
 *
 * They are the names the block's own code reads (task bodies excluded, their pragma lines
 * included) and the firstprivate captures of its constructs, less what is data rather than
 * a value: arrays (but those a construct takes as firstprivate, and the size of a local
 * one, a VLA's changing with its bound), what a construct shares or reduces and what the
 * block takes the address of (&x, &a[i]; &p[i] reads p), both unless the block's code reads
 * it by value too (a loop bound that a task shares), what it sets first (`x = e` before any
 * mention of x, where it surely runs), and what firstprivate(saved: ...) lists (OpenMP
 * 6.0: replays keep the recorded value); x++ or x += e reads x for x alone (a counter), not
 * a read of its own.  A register variable is compared through a copy.
 * The runtime keeps the values as the recording's block begins: a value the block reads and
 * then changes (an offset it advances) differs at the next encounter, which records again,
 * as the sequential program's next run of the block reads the changed value.  The globals that the functions of this file the block calls
 * read (function tasks and task bodies excluded) count as the block's reads.  Values
 * reached through a pointer, and what functions of other files read, are not compared
 * (graph_reset).
 */
#include "mcc.h"
#include "c.tab.h"

#include <string.h>

/* The directive word of a pragma line and whether the line has `word` among its clauses
 * (pragma text: `#pragma omp task ...`). */
static size_t pragma_word(struct lower *L, const struct ast *pr, const char **w)
{
    const char *e = L->text + pr->end;
    const char *p = lower_pragma_word(L, pr);
    const char *q = p;
    while (q < e && ((*q >= 'a' && *q <= 'z') || *q == '_'))
        q++;
    *w = p;
    return (size_t)(q - p);
}

static bool word_is(const char *w, size_t n, const char *s)
{
    return n == strlen(s) && memcmp(w, s, n) == 0;
}

static bool pragma_has(struct lower *L, const struct ast *pr, const char *clause)
{
    size_t n = strlen(clause);
    const char *s = L->text + pr->begin, *e = L->text + pr->end;
    for (const char *p = s; p + n <= e; p++) {
        bool left = p == s || !((p[-1] >= 'a' && p[-1] <= 'z') || p[-1] == '_');
        bool right = p + n == e || !((p[n] >= 'a' && p[n] <= 'z') || p[n] == '_');
        if (left && right && memcmp(p, clause, n) == 0)
            return true;
    }
    return false;
}

struct tg_check {
    struct lower *L;
    const struct ast *block;
};

static void tg_error(struct tg_check *c, size_t off, const char *what)
{
    struct mcc_loc at = source_user_loc(&c->L->t->src, off);
    mcc_error_at(&at, "%s inside a taskgraph: its block runs once, when the graph is "
                 "recorded, and may only create tasks (OpenMP 6.0); put it in a task, or after "
                 "the taskgraph", what);
}

static void check_node(struct tg_check *c, struct ast *n);

/* A stand-alone `#pragma omp` line in the block. */
static void check_standalone(struct tg_check *c, struct ast *pr)
{
    const char *w;
    size_t n = pragma_word(c->L, pr, &w);
    if (word_is(w, n, "taskwait") || word_is(w, n, "barrier") || word_is(w, n, "taskyield"))
        tg_error(c, (size_t)(w - c->L->text), word_is(w, n, "taskwait") ? "'#pragma omp taskwait'"
                               : word_is(w, n, "barrier") ? "'#pragma omp barrier'"
                                                          : "'#pragma omp taskyield'");
}

/* A task or taskloop whose if clause is the constant 0: undeferred, it would run in the
 * block, before the recorded tasks start (OpenMP 6.0: a replayable task may not be
 * undeferred; the runtime stops one whose condition is false only when it runs). */
static void check_undeferred(struct tg_check *c, struct ast *pr, const char *w, size_t len)
{
    const struct omp_directive *dir = lower_parse_pragma(c->L, pr);
    const struct omp_clause *cif = dir ? omp_find_clause(dir, OMP_CL_IF) : NULL;
    long long v;
    if (!cif || cif->nargs == 0 ||
        !check_integer_constant(c->L, pr->begin, cif->args[0].text, &v) || v != 0)
        return;
    struct mcc_loc at = source_user_loc(&c->L->t->src, (size_t)(w - c->L->text));
    mcc_error_at(&at, "'#pragma omp %.*s' with a false 'if' inside a taskgraph (OpenMP 6.0): "
                 "its undeferred tasks would run in the block, before the recorded tasks "
                 "start; drop the if clause, or create them before or after the taskgraph",
                 (int)len, w);
}

/* A statement with its pragma chain: tasks are fine (their bodies run as tasks), the rest
 * is checked. */
static void check_construct(struct tg_check *c, struct ast *n)
{
    for (struct ast *pr = n->pragma; pr; pr = pr->kid[0]) {
        const char *w;
        size_t len = pragma_word(c->L, pr, &w);
        if (word_is(w, len, "target"))
            continue;
        if (word_is(w, len, "task") || word_is(w, len, "taskloop"))
            check_undeferred(c, pr, w, len);
        if (word_is(w, len, "task")) {
            /* fulfilled by the program through the event it was given: a replay has no new
             * event to give (OpenMP 6.0: a replayable task may not be detachable) */
            if (pragma_has(c->L, pr, "detach")) {
                struct mcc_loc at = source_user_loc(&c->L->t->src, (size_t)(w - c->L->text));
                mcc_error_at(&at, "'#pragma omp task' with 'detach' inside a taskgraph "
                             "(OpenMP 6.0): a replay could not give the program a new event "
                             "for it; create the detached task before or after the taskgraph");
            }
            return;
        }
        if (word_is(w, len, "taskloop")) {
            if (!pragma_has(c->L, pr, "nogroup")) {
                struct mcc_loc at = source_user_loc(&c->L->t->src, (size_t)(w - c->L->text));
                mcc_error_at(&at, "'#pragma omp taskloop' inside a taskgraph needs 'nogroup' "
                             "(OpenMP 6.0): its implicit taskgroup would wait inside the block, "
                             "before the recorded tasks start");
            }
            return;
        }
        bool chunks = word_is(w, len, "for") || word_is(w, len, "sections");
        if (chunks || word_is(w, len, "single") || word_is(w, len, "scope")) {
            if (!pragma_has(c->L, pr, "nowait")) {
                struct mcc_loc at = source_user_loc(&c->L->t->src, (size_t)(w - c->L->text));
                mcc_error_at(&at, "'#pragma omp %.*s' inside a taskgraph needs 'nowait': its "
                             "implicit barrier would wait inside the block, before the recorded "
                             "tasks start", (int)len, w);
            }
            if (chunks)
                return;             /* its chunks and sections are tasks */
            break;                  /* the body of single or scope is the block's code */
        }
        /* parallel ends with a barrier, taskgroup with a wait: in the block, before the
         * recorded tasks start (OpenMP 6.0 allows only task-generating constructs there) */
        if (word_is(w, len, "taskgraph") || word_is(w, len, "critical") ||
            word_is(w, len, "atomic") || word_is(w, len, "parallel") ||
            word_is(w, len, "taskgroup")) {
            tg_error(c, (size_t)(w - c->L->text),
                     arena_printf(c->L->a, "'#pragma omp %.*s'", (int)len, w));
            return;
        }
        break;                      /* master, masked, unknown: the statement is the block's code */
    }
    struct ast *save = n->pragma;   /* check the statement itself, not its pragmas again */
    n->pragma = NULL;
    check_node(c, n);
    n->pragma = save;
}

static void check_kids(struct tg_check *c, struct ast *n)
{
    for (int k = 0; k < 4; k++)
        check_node(c, n->kid[k]);
}

static void check_node(struct tg_check *c, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            check_node(c, i);
        return;
    }
    if (n->kind == AST_PRAGMA) {
        if (n->flags & AST_PRAGMA_STANDALONE)
            check_standalone(c, n);
        return;
    }
    if (n->pragma) {
        check_construct(c, n);
        return;
    }
    if (n->kind == AST_FUNCTION_DEF)
        return;                     /* a GNU nested function: not run by the block */
    check_kids(c, n);
}

/* ---- the values the block reads from outside it ------------------------------------- */

struct lower_tg {
    const struct ast *block;
    struct lower_map data;          /* sym -> sym: shared, reduced, &x */
    struct lower_map own;           /* sym -> sym: set first by the block, firstprivate(saved:) */
    struct lower_map code;          /* sym -> sym: read by value by the block's own code
                                       or copied by a construct (firstprivate) */
    struct lower_map read;          /* sym -> sym: read by the block or firstprivate */
    struct lower_map copied;        /* sym -> sym: arrays a construct takes as firstprivate */
    struct lower_map seen;          /* sym -> sym: named so far by the block's code, in order */
    const struct sym **order;       /* read's keys in the order met */
    size_t n, cap;
};

/* Declared outside the block, or `extern` in it (an object outside). */
static bool outside(const struct lower_tg *tg, const struct sym *s)
{
    return !lower_declared_inside(s, tg->block) || (s->specs && (s->specs->flags & SPEC_EXTERN));
}

static void note_read(struct lower *L, struct lower_tg *tg, const struct sym *s)
{
    if (!s || (s->kind != SYM_OBJECT && s->kind != SYM_PARAM) || !outside(tg, s) ||
        lower_map_get(&tg->read, s))
        return;
    lower_map_put(L, &tg->read, s, (void *)s);
    if (tg->n == tg->cap) {
        size_t cap = tg->cap ? 2 * tg->cap : 8;
        const struct sym **o = arena_alloc(L->a, cap * sizeof *o);
        if (tg->n)
            memcpy(o, tg->order, tg->n * sizeof *o);
        tg->order = o;
        tg->cap = cap;
    }
    tg->order[tg->n++] = s;
}

static void note(struct lower *L, struct lower_map *m, const struct sym *s)
{
    if (s && !lower_map_get(m, s))
        lower_map_put(L, m, s, (void *)s);
}

static void note_data(struct lower *L, struct lower_tg *tg, const struct sym *s)
{
    note(L, &tg->data, s);
}

/* What the constructs of the block captured (lower_inline.c's log). */
static void captures(struct lower *L, struct lower_tg *tg, const struct lower_capture_log *log)
{
    for (; log; log = log->next) {
        if (log->data && outside(tg, log->data))
            note_data(L, tg, log->data);
        for (const struct lower_var *v = log->vars; v; v = v->next) {
            if (!outside(tg, v->sym))
                continue;
            if (v->saved) {
                note(L, &tg->own, v->sym);
            } else if (v->share == LOWER_SHARED || v->share == LOWER_REDUCTION) {
                note_data(L, tg, v->sym);
            } else if (v->share == LOWER_FIRSTPRIVATE) {
                note_read(L, tg, v->sym);
                note(L, &tg->code, v->sym);     /* by value, though another task shares it */
                if (v->sym->type == TYPE_ARRAY && !lower_map_get(&tg->copied, v->sym))
                    lower_map_put(L, &tg->copied, v->sym, (void *)v->sym);
            }
        }
    }
}

struct reads {
    struct lower *L;
    struct lower_tg *tg;
    size_t off;
    const char *text;               /* the pragma line read_name is in */
    int cond;                       /* > 0: in code that may not run, or run again */
    bool callee;                    /* in a function the block calls: its globals only */
    const struct ast *defs[32];     /* the functions walked */
    int ndefs;
    const struct ast *discarded;    /* an expression whose value is not used: a statement's,
                                       a for loop's step */
};

static void note_seen(struct reads *r, const struct sym *s)
{
    note(r->L, &r->tg->seen, s);
}

/* s read; code: by the block's code, by value (not a name of a pragma line, which may be
 * the data of a dependence, but inside its subscripts: read_name) */
static void read_sym(struct reads *r, const struct sym *s, bool code)
{
    note_seen(r, s);
    /* a callee's own variables are not the block's; a global, where the block can name it
     * (and a structure of it not: its type may be completed only after the block) */
    if (r->callee && (!s || s->depth > 0 || s->type == TYPE_STRUCT || s->type == TYPE_UNION ||
                      lower_resolve(r->L, s->name->str, s->name->len, r->tg->block->begin) != s))
        return;
    note_read(r->L, r->tg, s);
    if (code)
        note(r->L, &r->tg->code, s);
}

/* A name of a pragma line: the data of a dependence (x of `inout: x`), but read by value
 * inside a subscript or a section's bounds (k of `inout: v[k]`, whose element the replays
 * would still wait for after k changed) and in a multidependence's ranges (`, i=lo:hi}`). */
static const char *read_name(void *arg, const char *s, size_t n)
{
    struct reads *r = arg;
    int depth = 0, braces = 0;
    bool range = false;             /* after the item of the innermost multidependence */
    for (const char *p = r->text; p < s; p++) {
        depth += (*p == '[') - (*p == ']');
        braces += (*p == '{') - (*p == '}');
        if (*p == '{' || *p == '}')
            range = false;
        else if (*p == ',' && braces > 0 && depth == 0)
            range = true;
    }
    read_sym(r, lower_resolve(r->L, s, n, r->off), depth > 0 || range);
    return NULL;
}

static bool seen_visit(struct ast *n, void *arg)
{
    if (n->kind == AST_IDENT)
        note_seen(arg, n->sym);
    return true;
}

/* The variable an lvalue is stored in (x of x, x[i], x.f), or NULL where a subscript goes
 * through a pointer (p[i] is *p's: p is read). */
static const struct sym *own_object(const struct ast *e)
{
    bool indexed = false;
    for (; e && (e->kind == AST_SUBSCRIPT || (e->kind == AST_MEMBER && e->op == '.'));
         e = e->kid[0])
        indexed |= e->kind == AST_SUBSCRIPT;
    const struct sym *s = lower_lvalue_root(e);
    if (s && indexed && (s->type == TYPE_POINTER || s->array_param))
        return NULL;
    return s;
}

static void reads_text(struct reads *r, const struct ast *pr)
{
    r->off = pr->begin;
    r->text = lower_src(r->L, pr->begin, pr->end);
    lower_map_idents(r->L, r->text, read_name, r);
}

static void reads_node(struct reads *r, struct ast *n);

/* A function of this unit that the block calls, not a function task: the globals its code
 * reads (its own tasks' bodies excluded) are the block's reads. */
static void reads_callee(struct reads *r, const struct ast *f)
{
    if (!f || f->kind != AST_IDENT || !f->sym || f->sym->kind != SYM_FUNCTION ||
        lower_ftask_find(r->L, f->sym->name))
        return;
    struct ast *def = lower_function_def(r->L, f->sym);
    for (int i = 0; def && i < r->ndefs; i++)
        if (r->defs[i] == def)
            return;
    if (!def || r->ndefs == (int)(sizeof r->defs / sizeof r->defs[0]))
        return;
    r->defs[r->ndefs++] = def;
    bool callee = r->callee;
    r->callee = true;
    reads_node(r, def->kid[3]);
    r->callee = callee;
}

/* What the block's code reads of a statement with pragmas: their lines; not the body of
 * a task, nor that of a loop split into tasks (their captures say what they take). */
static bool reads_construct(struct reads *r, struct ast *n)
{
    bool body = true;
    for (struct ast *pr = n->pragma; pr; pr = pr->kid[0]) {
        reads_text(r, pr);
        const char *w;
        size_t len = pragma_word(r->L, pr, &w);
        if (word_is(w, len, "task")) {
            body = false;
        } else if ((word_is(w, len, "taskloop") || word_is(w, len, "for")) &&
                   n->kind == AST_FOR) {
            for (int k = 0; k < 3; k++)
                reads_node(r, n->kid[k]);
            ast_walk(n->kid[3], seen_visit, r);
            return false;
        }
    }
    if (!body) {                    /* what the task captures, it takes here */
        struct ast *save = n->pragma;
        n->pragma = NULL;
        ast_walk(n, seen_visit, r);
        n->pragma = save;
    }
    return body;
}

static void reads_node(struct reads *r, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            reads_node(r, i);
        return;
    }
    if (n->kind == AST_PRAGMA) {
        reads_text(r, n);
        return;
    }
    if (n->kind == AST_FUNCTION_DEF)
        return;                     /* a GNU nested function: not run by the block */
    if (n->pragma) {
        struct ast *save = n->pragma;
        bool body = reads_construct(r, n);
        n->pragma = NULL;
        if (body)
            reads_node(r, n);
        n->pragma = save;
        return;
    }
    if (n->kind == AST_IDENT) {
        read_sym(r, n->sym, true);
    } else if (n->kind == AST_ASSIGN && n->kid[0] && n->kid[0]->kind == AST_IDENT) {
        /* x = e run first thing: the entry value of x is not read (x is the block's own);
         * x += e reads x for x alone: x counts where the block reads it elsewhere */
        reads_node(r, n->kid[1]);
        const struct sym *s = n->kid[0]->sym;
        if (n->op == '=' && !r->cond && s && !lower_map_get(&r->tg->seen, s))
            note(r->L, &r->tg->own, s);
        if (n->op != '=' && n != r->discarded)
            read_sym(r, s, true);   /* y = (x += e), f(x += e): x's value is used */
        note_seen(r, s);
        return;
    } else if ((n->kind == AST_UNARY || n->kind == AST_POSTFIX) &&
               (n->op == INC_OP || n->op == DEC_OP) && n->kid[0] &&
               n->kid[0]->kind == AST_IDENT) {
        if (n != r->discarded)      /* a[x++], f(x++): x's value is used */
            read_sym(r, n->kid[0]->sym, true);
        note_seen(r, n->kid[0]->sym);   /* x++ (a counter): as x += 1 */
        return;
    } else if (n->kind == AST_ASSIGN || (n->kind == AST_UNARY && n->op == '&')) {
        const struct sym *o = own_object(n->kid[0]);
        note_data(r->L, r->tg, o);
        if (o) {                    /* x, x[i], x.f stored to or addressed: x is not read */
            struct ast *e = n->kid[0];
            for (; e->kind != AST_IDENT; e = e->kid[0])
                if (e->kind == AST_SUBSCRIPT)
                    reads_node(r, e->kid[1]);
            note_seen(r, o);
            reads_node(r, n->kid[1]);
            return;
        }
    } else if (n->kind == AST_CALL) {
        reads_callee(r, n->kid[0]);
    }
    for (int k = 0; k < 4; k++) {
        /* the parts that may not run, or run again */
        bool cond = (n->kind == AST_IF && k > 0) || (n->kind == AST_SWITCH && k > 0) ||
                    (n->kind == AST_WHILE && k > 0) || n->kind == AST_DO ||
                    (n->kind == AST_FOR && k > 1) || (n->kind == AST_CONDITIONAL && k > 0) ||
                    (n->kind == AST_BINARY && k > 0 && (n->op == AND_OP || n->op == OR_OP));
        r->cond += cond;
        if ((n->kind == AST_EXPR_STMT && k == 0) || (n->kind == AST_FOR && k == 2))
            r->discarded = n->kid[k];
        reads_node(r, n->kid[k]);
        r->cond -= cond;
    }
}

static bool goto_visit(struct ast *n, void *arg)
{
    if (n->kind == AST_GOTO)
        *(bool *)arg = true;
    return true;
}

/* How a variable's value is compared: not at all (data: an array the block does not copy,
 * what a construct shares); its bytes; a copy's (a register variable, which has no
 * address); the size of a local array (a VLA's changes with its bound). */
enum watch_how { WATCH_NONE, WATCH_BYTES, WATCH_COPY, WATCH_SIZE };

static enum watch_how watch_how(struct lower *L, const struct lower_tg *tg, const struct sym *s)
{
    /* data the block's code does not read by value (a bound a task also shares is read) */
    if (lower_map_get(&tg->own, s) || lower_map_get(&L->tp_moved, s) ||
        (lower_map_get(&tg->data, s) && !lower_map_get(&tg->code, s)))
        return WATCH_NONE;
    bool reg = s->specs && (s->specs->flags & SPEC_REGISTER);
    switch (s->type) {
    case TYPE_SCALAR: case TYPE_POINTER: case TYPE_ENUM:
        return reg ? WATCH_COPY : WATCH_BYTES;
    case TYPE_ARRAY:
        if (s->array_param)         /* a pointer */
            return reg ? WATCH_COPY : WATCH_BYTES;
        if (lower_map_get(&tg->copied, s))
            return WATCH_BYTES;     /* a firstprivate copy of it: its elements are values */
        return s->depth > 0 && s->array_size ? WATCH_SIZE : WATCH_NONE;
    case TYPE_STRUCT: case TYPE_UNION:  /* complete: the block reads it by value */
        return reg ? WATCH_COPY : WATCH_BYTES;
    default:
        return WATCH_NONE;
    }
}

/* The watch list's entries, and their number; the copies they compare go to `pre`
 * (`watch`_k). */
static unsigned watch_list(struct lower *L, const struct lower_tg *tg, const char *watch,
                           struct lower_buf *pre, struct lower_buf *b)
{
    unsigned k = 0;
    for (size_t i = 0; i < tg->n; i++) {
        const struct sym *s = tg->order[i];
        enum watch_how how = watch_how(L, tg, s);
        if (how == WATCH_NONE)
            continue;
        if (lower_declared_inside(s, tg->block)) {       /* extern in the block: declared before it too */
            char *decl = lower_decl_text(L, (struct sym *)s, NULL);
            if (!decl)
                continue;
            lbuf_printf(pre, " extern %s;", decl);
        }
        const char *e = lower_expr(L, arena_strndup(L->a, s->name->str, s->name->len), NULL, 0);
        if (how != WATCH_BYTES) {
            const char *copy = arena_printf(L->a, "%s_%u", watch, k);
            if (how == WATCH_COPY)
                lbuf_printf(pre, " __typeof__(%s) %s = %s;", e, copy, e);
            else
                lbuf_printf(pre, " __typeof__(sizeof 0) %s = sizeof %s;", copy, e);
            e = copy;
        }
        lbuf_printf(b, "%s{(const void *)(__typeof__(sizeof 0))&%s, sizeof %s}", k ? ", " : "",
                    e, e);
        k++;
    }
    return k;
}

void lower_taskgraph(struct lower *L, struct lower_dir *d)
{
    struct ast *block = d->node;
    struct tg_check c = {L, block};
    struct ast *pr = block->pragma;     /* the taskgraph's own lines: not checked; the */
    block->pragma = d->inner;           /* rest of the chain starts a construct inside */
    check_node(&c, block);
    block->pragma = pr;
    /* a branch out of the block: the runtime would never see its end */
    lower_block_check_branches(L, block, false, "a taskgraph");
    struct lower_tg tg_vals = {.block = block};
    struct lower_capture_log *log = NULL, **outer = L->capture_log;
    L->capture_log = &log;
    size_t from = lower_body(L, d);
    L->capture_log = outer;
    captures(L, &tg_vals, log);
    bool jumps = false;             /* a goto may skip what sets a variable first */
    ast_walk(block, goto_visit, &jumps);
    struct reads r = {.L = L, .tg = &tg_vals, .cond = jumps};
    struct ast *pr_save = block->pragma;    /* the block itself, not the taskgraph's lines */
    block->pragma = d->inner;
    reads_node(&r, block);
    block->pragma = pr_save;
    const struct omp_clause *id = lower_dir_find(d, OMP_CL_GRAPH_ID);
    const struct omp_clause *reset = lower_dir_find(d, OMP_CL_GRAPH_RESET);
    const struct omp_clause *cif = lower_dir_find(d, OMP_CL_IF);
    struct lower_buf flags = {0};
    lbuf_puts(&flags, "0u");
    if (reset && reset->nargs > 0)
        lbuf_printf(&flags, " | ((%s) ? (unsigned)NANORT_TASKGRAPH_RESET : 0u)",
                    lower_expr(L, reset->args[0].text, NULL, 0));
    else if (reset)
        lbuf_puts(&flags, " | (unsigned)NANORT_TASKGRAPH_RESET");
    if (cif)
        lbuf_printf(&flags, " | ((%s) ? 0u : (unsigned)NANORT_TASKGRAPH_NORECORD)",
                    lower_expr(L, cif->args[0].text, NULL, 0));
    if (lower_dir_has(d, OMP_CL_NOGROUP))
        lbuf_puts(&flags, " | (unsigned)NANORT_TASKGRAPH_NOGROUP");
    int n = L->serial++;
    const char *body = rewrite_text(L->rw, from, block->end);
    size_t begin = block->pragma ? block->pragma->begin : block->begin;
    struct lower_buf tg = {0};
    lbuf_puts(&tg, "{ ");
    const char *graph = lower_local_name(L, LL_TASKGRAPH, n, NULL);
    const char *exec = lower_local_name(L, LL_TASKGRAPH_EXEC, n, NULL);
    lower_emit_taskgraph(&tg, graph, lower_where(L, d->dir));
    lbuf_printf(&tg, " struct nanort_taskgraph_exec %s;", exec);
    struct lower_buf watches = {0};
    const char *watch = lower_local_name(L, LL_TASKGRAPH_WATCH, n, NULL);
    unsigned nw = watch_list(L, &tg_vals, watch, &tg, &watches);
    if (nw)
        lbuf_printf(&tg, " const struct nanort_taskgraph_watch %s[] = {%s};", watch,
                    lbuf_take(&watches, L->a));
    lbuf_printf(&tg, " if (nanort_taskgraph_begin%s(&%s, &%s, (long long)(%s), %s",
                nw ? "_watch" : "", graph, exec,
                id ? lower_expr(L, id->args[0].text, NULL, 0) : "0", lbuf_take(&flags, L->a));
    if (nw)
        lbuf_printf(&tg, ", %s, %uu", watch, nw);
    lbuf_printf(&tg, ")) %s nanort_taskgraph_end(&%s); }", body, exec);
    rewrite_replace(L->rw, begin, block->end, lbuf_take(&tg, L->a));
}
