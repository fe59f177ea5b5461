/*
 * pragma.c - parse one `#pragma omp ...` line into a struct omp_directive (OMPSS.md).
 *
 * A hand-written recursive-descent parser over the tokens pragma_lex.c produces.  Data
 * references live in pragma_ref.c.  Every clause is parsed on its own: the first error in a
 * clause is reported, the rest of that clause is skipped up to its closing parenthesis and
 * parsing goes on with the next clause, so one pragma can report several independent errors.
 */
#include "mcc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CLAUSE_NAME_ENTRY(e, s, form, many) [e] = s,
const char *const omp_directive_names[] = { OMP_DIRECTIVES(OMP_NAME_ENTRY) };
const char *const omp_clause_names[] = { OMP_CLAUSES(CLAUSE_NAME_ENTRY) };
const char *const omp_reduction_op_names[] = { OMP_REDUCTION_OPS(OMP_NAME_ENTRY) };
const char *const omp_device_names[] = { OMP_DEVICES(OMP_NAME_ENTRY) };
const char *const omp_default_names[] = { OMP_DEFAULTS(OMP_NAME_ENTRY) };
const char *const omp_schedule_names[] = { OMP_SCHEDULES(OMP_NAME_ENTRY) };
const char *const omp_dep_names[] = { OMP_DEPS(OMP_NAME_ENTRY) };
const char *const omp_ref_kind_names[] = { OMP_REF_KINDS(OMP_NAME_ENTRY) };

/* How a clause's argument is written (the third column of OMP_CLAUSES). */
enum clause_form {
    FORM_NONE, FORM_REFS, FORM_NAMES, FORM_DEPEND, FORM_REDUCTION, FORM_EXPR, FORM_LABEL,
    FORM_DEFAULT, FORM_DEVICE, FORM_IDENT, FORM_NDRANGE, FORM_FILE, FORM_SCHEDULE,
    FORM_EXPRS,
    FORM_OPTEXPR, FORM_LINEAR,
};
static const struct {
    enum clause_form form;
    bool many;
} clause_info[OMP_CL_COUNT] = {
#define CLAUSE_INFO_ENTRY(e, s, form, many) [e] = { FORM_##form, many },
    OMP_CLAUSES(CLAUSE_INFO_ENTRY)
};

/* Which clauses each directive accepts (a bit per clause kind). */
_Static_assert(OMP_CL_COUNT <= 64, "allowed_clauses holds one 64-bit mask per directive");
#define CL(k) (UINT64_C(1) << OMP_CL_##k)
#define DEP_CLAUSES (CL(IN) | CL(OUT) | CL(INOUT) | CL(INPUT) | CL(OUTPUT) | CL(DEPEND))
#define TASK_CLAUSES (DEP_CLAUSES | CL(CONCURRENT) | CL(COMMUTATIVE) | CL(REDUCTION) \
    | CL(PRIORITY) | CL(IF) | CL(FINAL) | CL(UNTIED) | CL(TIED) | CL(LABEL) | CL(SHARED) \
    | CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(DEFAULT) | CL(MERGEABLE) | CL(IN_REDUCTION) \
    | CL(ALLOCATE))
#define TARGET_CLAUSES (CL(DEVICE) | CL(COPY_IN) | CL(COPY_OUT) | CL(COPY_INOUT) \
    | CL(COPY_DEPS) | CL(NO_COPY_DEPS) | CL(IMPLEMENTS) | CL(NDRANGE) | CL(SHMEM) | CL(FILE) \
    | CL(NAME) | CL(CALLS))
/* OpenMP 5.0 loop (bind and order: advice()) */
#define LOOP_CLAUSES (CL(PRIVATE) | CL(LASTPRIVATE) | CL(REDUCTION) | CL(COLLAPSE))
static const uint64_t allowed_clauses[OMP_DIR_COUNT] = {
    [OMP_DIR_TASK] = TASK_CLAUSES | TARGET_CLAUSES | CL(INPRIVATE) | CL(DETACH),
    [OMP_DIR_TARGET] = TARGET_CLAUSES,
    [OMP_DIR_TASKWAIT] = DEP_CLAUSES | CL(ON) | CL(NOFLUSH),
    [OMP_DIR_CRITICAL] = CL(HINT),
    [OMP_DIR_ATOMIC] = CL(READ) | CL(WRITE) | CL(UPDATE) | CL(CAPTURE) | CL(SEQ_CST)
                       | CL(COMPARE) | CL(HINT),
    [OMP_DIR_TASKLOOP] = TASK_CLAUSES
                         | CL(GRAINSIZE) | CL(NUM_TASKS) | CL(NOGROUP) | CL(COLLAPSE)
                         | CL(LASTPRIVATE),
    [OMP_DIR_FOR] = CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(REDUCTION) | CL(SCHEDULE) | CL(NOWAIT)
                    | CL(LASTPRIVATE) | CL(SHARED) | CL(COLLAPSE) | CL(ORDERED) | CL(LINEAR)
                    | CL(ALLOCATE),
    [OMP_DIR_PARALLEL] = CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(SHARED) | CL(DEFAULT)
                         | CL(REDUCTION) | CL(IF) | CL(NUM_THREADS) | CL(PROC_BIND) | CL(COPYIN)
                         | CL(ALLOCATE),
    [OMP_DIR_SINGLE] = CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(COPYPRIVATE) | CL(NOWAIT)
                       | CL(ALLOCATE),
    [OMP_DIR_MASKED] = CL(FILTER),
    [OMP_DIR_SECTIONS] = CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(LASTPRIVATE) | CL(REDUCTION)
                         | CL(NOWAIT) | CL(ALLOCATE),
    [OMP_DIR_TASKGROUP] = CL(TASK_REDUCTION) | CL(ALLOCATE),
    [OMP_DIR_SCOPE] = CL(PRIVATE) | CL(FIRSTPRIVATE) | CL(REDUCTION) | CL(NOWAIT)
                      | CL(ALLOCATE),
    [OMP_DIR_CANCEL] = CL(IF),
    [OMP_DIR_SIMD] = CL(PRIVATE) | CL(LASTPRIVATE) | CL(LINEAR) | CL(REDUCTION) | CL(COLLAPSE)
                     | CL(IF),   /* (and advice: safelen, simdlen, aligned, ...) */
    [OMP_DIR_DEPOBJ] = CL(DEPEND),
    [OMP_DIR_TASKGRAPH] = CL(IF) | CL(GRAPH_ID) | CL(GRAPH_RESET) | CL(NOGROUP),
};


/* ---- memory, errors, tokens --------------------------------------------------------- */

struct omp_block {
    struct omp_block *next;
    max_align_t data[];
};

static void *dir_alloc(struct omp_directive *d, size_t size)
{
    struct omp_block *b = calloc(1, sizeof *b + size);
    if (!b)
        abort();
    b->next = d->mem;
    d->mem = b;
    return b->data;
}

void *omp_alloc(struct omp_parser *p, size_t size) { return dir_alloc(p->dir, size); }

void omp_directive_free(struct omp_directive *d)
{
    if (!d)
        return;
    free(d->toks);
    for (struct omp_block *b = d->mem, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(d);
}

void *omp_vec_push(struct omp_vec *v, size_t size)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 4;
        v->items = realloc(v->items, (size_t)v->cap * size);
        if (!v->items)
            abort();
    }
    void *slot = (char *)v->items + (size_t)v->n++ * size;
    memset(slot, 0, size);
    return slot;
}

void *omp_vec_finish(struct omp_parser *p, struct omp_vec *v, size_t size)
{
    void *items = NULL;
    if (v->n > 0) {
        items = omp_alloc(p, (size_t)v->n * size);
        memcpy(items, v->items, (size_t)v->n * size);
    }
    free(v->items);
    v->items = NULL;
    return items;
}

/* Report an error at `loc`.  Only the first error of a directive is reported: later ones
 * are usually its consequences, and a line of thousands of bad clauses must not print
 * thousands of copies of itself (gcc stops at the first error of a pragma too).  The
 * parser still goes through every clause (p->failed is per clause).  In a speculative
 * parse nothing is reported. */
static void verror_at(struct omp_parser *p, const struct mcc_loc *loc, const char *fmt,
                      va_list ap)
{
    char msg[512];
    if (p->failed)
        return;
    p->failed = true;
    if (p->trial || p->dir->nerrors++ > 0)
        return;
    vsnprintf(msg, sizeof msg, fmt, ap);
    mcc_error_at(loc, "%s", msg);
}

void omp_perror(struct omp_parser *p, int tok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(p, &p->toks[tok].loc, fmt, ap);
    va_end(ap);
}

static void error_at(struct omp_parser *p, const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void error_at(struct omp_parser *p, const struct mcc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(p, loc, fmt, ap);
    va_end(ap);
}

static void pwarn(struct omp_parser *p, int tok, const char *msg)
{
    mcc_warning_at(&p->toks[tok].loc, "%s", msg);
}

bool omp_is(const struct omp_parser *p, int tok, const char *spelling)
{
    const struct omp_tok *t = &p->toks[tok];
    return t->kind != OMP_TOK_END && t->len == strlen(spelling)
           && !memcmp(p->text + t->off, spelling, t->len);
}

/* printf arguments for a token's spelling: "%.*s" */
#define TOK(p, i) (int)(p)->toks[i].len, (p)->text + (p)->toks[i].off

static char *copy_text(struct omp_parser *p, size_t off, size_t len)
{
    char *s = omp_alloc(p, len + 1);
    memcpy(s, p->text + off, len);
    return s;
}

/* The tokens [from, to) as one piece of text; absent when from == to. */
struct omp_expr omp_span(struct omp_parser *p, int from, int to)
{
    struct omp_expr e = { .off = p->toks[from].off, .loc = p->toks[from].loc };
    if (to > from) {
        const struct omp_tok *last = &p->toks[to - 1];
        e.text = copy_text(p, e.off, last->off + last->len - e.off);
    }
    return e;
}

static bool is_punct_in(const struct omp_parser *p, int i, const char *set)
{
    const struct omp_tok *t = &p->toks[i];
    return t->kind == OMP_TOK_PUNCT && t->len == 1 && strchr(set, p->text[t->off]);
}

/* Skip a balanced C expression from token `from`: stop at depth 0 on a one-character
 * punctuator in `stops`, on an unmatched closer or at the end.  A ':' that completes a
 * `?:` is part of the expression.  Reports unbalanced brackets; returns where it stopped. */
int omp_scan_expr(struct omp_parser *p, int from, const char *stops)
{
    char want[64];
    int open[64], depth = 0, ternary = 0, i = from;
    for (; i < p->ntoks; i++) {
        if (is_punct_in(p, i, "([{")) {
            if (depth == 64) {
                omp_perror(p, i, "expression nested too deeply");
                return i;
            }
            char c = p->text[p->toks[i].off];
            want[depth] = c == '(' ? ')' : c == '[' ? ']' : '}';
            open[depth++] = i;
        } else if (is_punct_in(p, i, ")]}")) {
            if (depth == 0)
                return i;
            if (p->text[p->toks[i].off] != want[depth - 1]) {
                omp_perror(p, i, "expected '%c' before '%.*s'", want[depth - 1], TOK(p, i));
                return i;
            }
            depth--;
        } else if (depth == 0 && omp_is(p, i, "?")) {
            ternary++;
        } else if (depth == 0 && ternary > 0 && omp_is(p, i, ":")) {
            ternary--;
        } else if (depth == 0 && is_punct_in(p, i, stops)) {
            return i;
        }
    }
    if (depth > 0)
        omp_perror(p, open[depth - 1], "unbalanced '%.*s'", TOK(p, open[depth - 1]));
    return i;
}

void omp_expected(struct omp_parser *p, const char *what)
{
    if (p->pos < p->ntoks)
        omp_perror(p, p->pos, "expected %s, found '%.*s'", what, TOK(p, p->pos));
    else
        omp_perror(p, p->pos, "expected %s at the end of the pragma", what);
}

bool omp_expect(struct omp_parser *p, const char *spelling, const char *context)
{
    char what[128];
    if (omp_is(p, p->pos, spelling)) {
        p->pos++;
        return true;
    }
    snprintf(what, sizeof what, "'%s' %s", spelling, context);
    omp_expected(p, what);
    return false;
}

/* Index just past the ')' matching the '(' at token `open` (the end when there is none).
 * Only parentheses count: a clause's argument is delimited by them, and a stray bracket
 * inside it is the likely error being recovered from. */
static int skip_group(struct omp_parser *p, int open)
{
    int depth = 0;
    for (int i = open; i < p->ntoks; i++) {
        if (omp_is(p, i, "("))
            depth++;
        else if (omp_is(p, i, ")") && --depth == 0)
            return i + 1;
    }
    return p->ntoks;
}

int omp_skip_group(struct omp_parser *p, int open)
{
    return skip_group(p, open);
}

static int lookup(const struct omp_parser *p, int tok, const char *const *names, int n)
{
    if (p->toks[tok].kind != OMP_TOK_IDENT)
        return -1;
    for (int i = 0; i < n; i++)
        if (names[i] && omp_is(p, tok, names[i]))
            return i;
    return -1;
}

/* "a, b or c" from a name table, for messages. */
static const char *one_of(char *buf, size_t size, const char *const *names, int n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 i == 0 ? "" : i == n - 1 ? " or " : ", ", names[i]);
    return buf;
}

/* Optimal string alignment distance (Damerau-Levenshtein without substring moves). */
int omp_edit_distance(const char *a, size_t na, const char *b, size_t nb)
{
    if (na > 64 || nb > 64)
        return (int)(na > nb ? na : nb);
    int d[65][65];
    for (size_t i = 0; i <= na; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= nb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[na][nb];
}

/* "; did you mean 'x'?" for the name among names[0..n) (those whose bit is set in `mask`)
 * closest to token tok, when one is close enough (gcc's rule: at most a third of the
 * longer spelling differs); "" otherwise. */
static const char *did_you_mean(const struct omp_parser *p, int tok, const char *const *names,
                                int n, uint64_t mask, char *buf, size_t size)
{
    const struct omp_tok *t = &p->toks[tok];
    int best = -1, best_d = 0;
    buf[0] = '\0';
    if (t->kind != OMP_TOK_IDENT)
        return buf;
    for (int i = 0; i < n; i++) {
        if (!names[i] || (i < 64 && !(mask & (UINT64_C(1) << i))))
            continue;
        size_t len = strlen(names[i]), longest = len > t->len ? len : t->len;
        int d = omp_edit_distance(p->text + t->off, t->len, names[i], len);
        if (d <= (int)(longest + 2) / 3 && (best < 0 || d < best_d)) {
            best = i;
            best_d = d;
        }
    }
    if (best >= 0)
        snprintf(buf, size, "; did you mean '%s'?", names[best]);
    return buf;
}

/* ---- clause arguments ---------------------------------------------------------------- */

static const char *clause_name(const struct omp_clause *c) { return omp_clause_names[c->kind]; }

/* A comma-separated list of data references up to the closing ')' (or, colon, a ':'). */
static bool ref_list(struct omp_parser *p, struct omp_clause *c, bool colon)
{
    struct omp_vec refs = { 0 };
    if (omp_is(p, p->pos, ")"))
        omp_perror(p, p->pos, "empty list in '%s' clause", clause_name(c));
    while (!p->failed) {
        struct omp_ref *r = omp_parse_ref(p);
        if (!r)
            break;
        *(struct omp_ref **)omp_vec_push(&refs, sizeof r) = r;
        if (omp_is(p, p->pos, ")") || (colon && omp_is(p, p->pos, ":")))
            break;
        if (!omp_is(p, p->pos, ","))
            omp_expected(p, colon ? "',', ':' or ')' after data reference"
                                  : "',' or ')' after data reference");
        p->pos++;
    }
    c->nrefs = refs.n;
    c->refs = omp_vec_finish(p, &refs, sizeof(struct omp_ref *));
    return !p->failed;
}

static bool parse_ref_list(struct omp_parser *p, struct omp_clause *c)
{
    return ref_list(p, c, false);
}

/* Variable names (up to ':' too when colon). */
static bool names(struct omp_parser *p, struct omp_clause *c, bool colon)
{
    if (!ref_list(p, c, colon))
        return false;
    for (int i = 0; i < c->nrefs; i++)
        if (c->refs[i]->kind != OMP_REF_NAME) {
            error_at(p, &c->refs[i]->text.loc, "'%s' expects variable names, not '%s'",
                     clause_name(c), c->refs[i]->text.text);
            return false;
        }
    return true;
}

static bool parse_names(struct omp_parser *p, struct omp_clause *c)
{
    return names(p, c, false);
}

/* depend(iterator(...), type: list): each item becomes a multidependence over the
 * iterators (one dependence per value, as OmpSs's `{ item, i = lo;len }`). */
static void iterated_items(struct omp_parser *p, struct omp_clause *c, struct omp_iter *its,
                           int n)
{
    for (int i = 0; i < c->nrefs; i++) {
        struct omp_ref *m = omp_alloc(p, sizeof *m);
        *m = (struct omp_ref){ .kind = OMP_REF_MULTI, .text = c->refs[i]->text,
                               .base = c->refs[i], .niters = n, .iters = its };
        c->refs[i] = m;
    }
}

/* The dependence type OpenMP names at the current token (depend's, depobj's update), or
 * OMP_DEP_NONE. */
static enum omp_dep dependence_type(struct omp_parser *p)
{
    static const struct { const char *name; enum omp_dep dep; } types[] = {
        { "in", OMP_DEP_IN }, { "out", OMP_DEP_OUT }, { "inout", OMP_DEP_INOUT },
        { "mutexinoutset", OMP_DEP_COMMUTATIVE }, { "inoutset", OMP_DEP_CONCURRENT },
        { "depobj", OMP_DEP_DEPOBJ },
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (p->toks[p->pos].kind == OMP_TOK_IDENT && omp_is(p, p->pos, types[i].name))
            return types[i].dep;
    return p->dir->oss ? omp_oss_dependence_type(p) : OMP_DEP_NONE;
}

/* depend(out|inout: omp_all_memory), OpenMP 5.1's reserved locator: the task depends on
 * every sibling before it that has a dependence, and every later one with a dependence on
 * it.  It stands for the bytes [1, 1 + 2^62), which overlap every object of a program (no
 * address reaches them): the OmpSs shaping `[0x4000000000000000ULL]((char *)1)`. */
static bool all_memory_items(struct omp_parser *p, struct omp_clause *c)
{
    for (int i = 0; i < c->nrefs; i++) {
        const struct omp_ref *r = c->refs[i];
        if (r->kind != OMP_REF_NAME || strcmp(r->text.text, "omp_all_memory") != 0)
            continue;
        if (c->dep != OMP_DEP_OUT && c->dep != OMP_DEP_INOUT) {
            error_at(p, &r->text.loc, "'omp_all_memory' used with 'depend' kind other than "
                     "'out' or 'inout'");
            return false;
        }
        struct omp_ref *base = omp_alloc(p, sizeof *base), *s = omp_alloc(p, sizeof *s);
        struct omp_expr *dim = omp_alloc(p, sizeof *dim);
        *base = (struct omp_ref){ .kind = OMP_REF_EXPR, .text = r->text };
        base->text.text = "((char *)1)";
        *dim = r->text;
        dim->text = "0x4000000000000000ULL";
        *s = (struct omp_ref){ .kind = OMP_REF_SHAPE, .text = r->text, .base = base,
                               .ndims = 1, .dims = dim, .all_memory = true };
        c->refs[i] = s;
    }
    return true;
}

/* An `iterator(...)` modifier at p->pos, if any, and the `sep` after it (depend's ',',
 * affinity's ':'): its iterators in *its, *nits of them.  False after an error. */
static bool iterator_modifier(struct omp_parser *p, const char *sep, struct omp_iter **its,
                              int *nits)
{
    if (!omp_is(p, p->pos, "iterator") || !omp_is(p, p->pos + 1, "("))
        return true;
    struct omp_vec v = { 0 };
    p->pos += 2;
    bool ok = omp_parse_iterators(p, &v);
    *nits = v.n;
    *its = omp_vec_finish(p, &v, sizeof **its);
    return ok && omp_expect(p, sep, "after 'iterator(...)'");
}

static bool parse_depend(struct omp_parser *p, struct omp_clause *c)
{
    struct omp_iter *its = NULL;
    int nits = 0;
    bool depobj = p->dir->kind == OMP_DIR_DEPOBJ;
    if (omp_is(p, p->pos, "iterator") && omp_is(p, p->pos + 1, "(") && depobj) {
        omp_perror(p, p->pos, "'iterator' modifier may not be specified on 'depobj' construct");
        return false;
    }
    if (!iterator_modifier(p, ",", &its, &nits))
        return false;
    c->dep = dependence_type(p);
    if (c->dep == OMP_DEP_NONE) {
        omp_perror(p, p->pos, "unknown dependence type '%.*s' in 'depend' clause "
                   "(expected in, out or inout)", TOK(p, p->pos));
        return false;
    }
    if (c->dep == OMP_DEP_DEPOBJ && (depobj || nits)) {
        omp_perror(p, p->pos, depobj ? "'depobj' dependence type specified in 'depend' clause "
                   "on 'depobj' construct" : "'depobj' dependence type with an 'iterator' "
                   "modifier");
        return false;
    }
    int first = ++p->pos;
    if (!omp_expect(p, ":", "after the dependence type"))
        return false;
    p->in_depend = !p->dir->oss;     /* OmpSs-2: depend(in: l) is in(l), sections too */
    bool ok = parse_ref_list(p, c);
    p->in_depend = false;
    if (ok && depobj && c->nrefs > 1) {
        omp_perror(p, first + 1, "more than one locator in 'depend' clause on 'depobj' construct");
        return false;
    }
    if (ok && !depobj && !all_memory_items(p, c))
        return false;
    if (ok && nits)
        iterated_items(p, c, its, nits);
    return ok;
}

/* Is r subscripts of a name (a[i], m[i][j])? */
static bool subscripts_of_name(const struct omp_ref *r)
{
    while (r->kind == OMP_REF_SUBSCRIPT)
        r = r->base;
    return r->kind == OMP_REF_NAME;
}

static bool parse_reduction(struct omp_parser *p, struct omp_clause *c)
{
    /* reduction([modifier,] op: list) (OpenMP 5.0): `default` is none; `task` lets tasks
     * created in the construct take part with in_reduction, which they do anyway (they
     * combine into the copy they see); `inscan` goes with scan (lower_loop.c) */
    if (c->kind == OMP_CL_REDUCTION && p->toks[p->pos].kind == OMP_TOK_IDENT &&
        omp_is(p, p->pos + 1, ",")) {
        c->inscan = omp_is(p, p->pos, "inscan");
        if (!c->inscan && !omp_is(p, p->pos, "default") && !omp_is(p, p->pos, "task")) {
            omp_perror(p, p->pos, "unknown reduction modifier '%.*s' (expected default, task "
                       "or inscan)", TOK(p, p->pos));
            return false;
        }
        if (c->inscan && p->dir->kind != OMP_DIR_FOR && p->dir->kind != OMP_DIR_SIMD) {
            /* (gcc: "'inscan' 'reduction' clause on 'parallel' construct") */
            omp_perror(p, p->pos, "an 'inscan' reduction on '#pragma omp %s%s': only a loop "
                       "('for', 'simd') has the '#pragma omp scan' it goes with",
                       p->dir->parallel ? "parallel " : "", omp_directive_names[p->dir->kind]);
            return false;
        }
        p->pos += 2;
    }
    int op = p->pos;
    int end = omp_scan_expr(p, op, ":)");
    if (p->failed)
        return false;
    c->red_id = omp_span(p, op, end);
    if (end != op + 1) {
        omp_perror(p, op, end == op ? "expected a reduction operator"
                   : "expected one reduction operator or identifier before ':'");
        return false;
    }
    int k = -1;
    for (int i = 0; i < OMP_RED_USER && k < 0; i++)
        if (omp_is(p, op, omp_reduction_op_names[i]))
            k = i;
    if (k < 0 && p->toks[op].kind != OMP_TOK_IDENT) {
        omp_perror(p, op, "unknown reduction operator '%.*s'", TOK(p, op));
        return false;
    }
    c->red_op = k < 0 ? OMP_RED_USER : (enum omp_reduction_op)k;
    p->pos = end;
    if (!omp_expect(p, ":", "after the reduction operator"))
        return false;
    /* a[x:y] is OmpSs's inclusive range in a task's `reduction` (OmpSs syntax), OpenMP's
     * lower bound and length everywhere else: in_reduction, task_reduction and the
     * reductions of for, parallel, sections and taskloop, as OpenMP programs write them */
    p->in_depend = !p->dir->oss &&
                   (c->kind != OMP_CL_REDUCTION || p->dir->kind != OMP_DIR_TASK);
    bool ok = parse_ref_list(p, c);
    /* an array element (OpenMP 5.0 allows them, gcc takes them; an OmpSs task's too), also
     * m[i][j]: the section of that one element, m[i][j:1], which the construct's body
     * names as `m[i][j]` */
    for (int i = 0; ok && i < c->nrefs; i++) {
        struct omp_ref *r = c->refs[i];
        if (r->kind == OMP_REF_SUBSCRIPT && subscripts_of_name(r)) {
            r->kind = OMP_REF_SECTION;
            r->form = OMP_SECT_ELEMENT;
        }
    }
    p->in_depend = false;
    return ok;
}

/* One C expression up to the closing ')' (or, with stops ",)", up to a comma). */
static struct omp_expr *parse_arg(struct omp_parser *p, struct omp_clause *c,
                                  struct omp_vec *args, const char *stops)
{
    int end = omp_scan_expr(p, p->pos, stops);
    if (p->failed)
        return NULL;
    if (end == p->pos) {
        omp_perror(p, p->pos, "expected an expression in '%s' clause", clause_name(c));
        return NULL;
    }
    struct omp_expr *e = omp_vec_push(args, sizeof *e);
    *e = omp_span(p, p->pos, end);
    p->pos = end;
    return e;
}

static bool finish_args(struct omp_parser *p, struct omp_clause *c, struct omp_vec *args)
{
    c->nargs = args->n;
    c->args = omp_vec_finish(p, args, sizeof(struct omp_expr));
    return !p->failed;
}

/* linear(list[: step]) (OpenMP 4.5), also written `linear(list: step(s))` (5.2): names,
 * and the step (1 when absent) as the clause's one argument.  The val, ref and uval
 * modifiers belong to declare simd. */
static bool parse_linear(struct omp_parser *p, struct omp_clause *c)
{
    static const char *const mods[] = { "val", "ref", "uval" };
    for (int i = 0; i < 3; i++)
        if (omp_is(p, p->pos, mods[i]) && omp_is(p, p->pos + 1, "(")) {
            omp_perror(p, p->pos, "sorry, unimplemented: the '%s' modifier of 'linear' (it "
                       "belongs to 'declare simd')", mods[i]);
            return false;
        }
    if (!names(p, c, true) || !omp_is(p, p->pos, ":"))
        return !p->failed;
    p->pos++;
    bool step = omp_is(p, p->pos, "step") && omp_is(p, p->pos + 1, "(");
    for (int i = 0; i < 3; i++)
        if (omp_is(p, p->pos, mods[i]) && !omp_is(p, p->pos + 1, "(")) {
            omp_perror(p, p->pos, "sorry, unimplemented: the '%s' modifier of 'linear' (it "
                       "belongs to 'declare simd')", mods[i]);
            return false;
        }
    if (step)
        p->pos += 2;
    struct omp_vec args = { 0 };
    parse_arg(p, c, &args, ")");
    if (step && !p->failed)
        omp_expect(p, ")", "to close 'step'");
    return finish_args(p, c, &args);
}

static bool parse_expr_arg(struct omp_parser *p, struct omp_clause *c)
{
    struct omp_vec args = { 0 };
    parse_arg(p, c, &args, ")");
    return finish_args(p, c, &args);
}

/* A single identifier (or, for label, a string) as the whole argument. */
static bool parse_word(struct omp_parser *p, struct omp_clause *c, bool string_ok)
{
    const struct omp_tok *t = &p->toks[p->pos];
    bool ok = t->kind == OMP_TOK_IDENT || (string_ok && t->kind == OMP_TOK_STRING);
    if (!ok || !omp_is(p, p->pos + 1, ")")) {
        omp_perror(p, p->pos, string_ok ? "'%s' expects a name or a string"
                   : "'%s' expects a name", clause_name(c));
        return false;
    }
    /* proc_bind's places policy: advice here, but one of OpenMP's (gcc: "invalid proc_bind
       kind") */
    static const char *const binds[] = { "primary", "master", "close", "spread" };
    char buf[128];
    if (c->kind == OMP_CL_PROC_BIND && lookup(p, p->pos, binds, 4) < 0) {
        omp_perror(p, p->pos, "unknown argument '%.*s' in 'proc_bind' clause (expected %s)",
                   TOK(p, p->pos), one_of(buf, sizeof buf, binds, 4));
        return false;
    }
    struct omp_vec args = { 0 };
    struct omp_expr *e = omp_vec_push(&args, sizeof *e);
    *e = omp_span(p, p->pos, p->pos + 1);
    if (t->kind == OMP_TOK_STRING) {
        e->text = copy_text(p, t->off + 1, t->len >= 2 ? t->len - 2 : 0);
        c->label_quoted = true;
    }
    p->pos++;
    return finish_args(p, c, &args);
}

static bool parse_default(struct omp_parser *p, struct omp_clause *c)
{
    char buf[128];
    int k = lookup(p, p->pos, omp_default_names, OMP_DEFAULT_COUNT);
    if (k < 0) {
        omp_perror(p, p->pos, "unknown argument '%.*s' in 'default' clause (expected %s)",
                   TOK(p, p->pos), one_of(buf, sizeof buf, omp_default_names, OMP_DEFAULT_COUNT));
        return false;
    }
    c->def = (enum omp_default)k;
    p->pos++;
    return true;
}

static bool parse_device(struct omp_parser *p, struct omp_clause *c)
{
    char buf[128];
    for (;;) {
        int k = lookup(p, p->pos, omp_device_names, OMP_DEVICE_COUNT);
        if (k < 0) {
            omp_perror(p, p->pos, "unknown device '%.*s' in 'device' clause (expected %s)",
                       TOK(p, p->pos), one_of(buf, sizeof buf, omp_device_names, OMP_DEVICE_UNDEFINED));
            return false;
        }
        c->devices |= 1u << k;
        if (!omp_is(p, ++p->pos, ","))
            return true;
        p->pos++;
    }
}

/* schedule's modifiers (OpenMP 4.5, 5.0) before ':': monotonic, nonmonotonic, simd.  They
 * change nothing here (the chunks run as tasks; simd is left to gcc).  False: reported. */
static bool schedule_modifiers(struct omp_parser *p, struct omp_clause *c)
{
    static const char *const mods[] = { "monotonic", "nonmonotonic", "simd" };
    bool modifier = omp_is(p, p->pos + 1, ":");
    for (int i = 0; i < 3; i++)
        modifier |= omp_is(p, p->pos, mods[i]);
    if (p->toks[p->pos].kind != OMP_TOK_IDENT || !modifier)
        return true;
    int seen = 0, first = p->pos;
    for (;;) {
        int k = -1;
        for (int i = 0; i < 3 && p->toks[p->pos].kind == OMP_TOK_IDENT; i++)
            if (omp_is(p, p->pos, mods[i]))
                k = i;
        if (k < 0) {
            omp_perror(p, p->pos, "unknown schedule modifier '%.*s' in 'schedule' clause "
                       "(expected monotonic, nonmonotonic or simd)", TOK(p, p->pos));
            return false;
        }
        seen |= 1 << k;
        c->nonmonotonic |= k == 1;
        if ((seen & 3) == 3) {
            omp_perror(p, first, "both 'monotonic' and 'nonmonotonic' modifiers in "
                       "'schedule' clause");
            return false;
        }
        p->pos++;
        if (omp_is(p, p->pos, ":"))
            break;
        if (!omp_is(p, p->pos, ",")) {
            omp_expected(p, "':' after the schedule modifiers");
            return false;
        }
        p->pos++;
    }
    p->pos++;
    return true;
}

static bool parse_schedule(struct omp_parser *p, struct omp_clause *c)
{
    if (!schedule_modifiers(p, c))
        return false;
    const struct omp_tok *t = &p->toks[p->pos];
    size_t skip = 0;
    if (t->kind == OMP_TOK_IDENT && t->len > 6 && !memcmp(p->text + t->off, "ompss_", 6))
        skip = 6;
    else if (t->kind == OMP_TOK_IDENT && t->len > 4 && !memcmp(p->text + t->off, "omp_", 4))
        skip = 4;
    int k = -1;
    for (int i = 0; i < OMP_SCHED_COUNT && t->kind == OMP_TOK_IDENT; i++)
        if (strlen(omp_schedule_names[i]) == t->len - skip
            && !memcmp(p->text + t->off + skip, omp_schedule_names[i], t->len - skip))
            k = i;
    if (k < 0) {
        char buf[128];
        omp_perror(p, p->pos, "unknown schedule kind '%.*s' in 'schedule' clause (expected %s)",
                   TOK(p, p->pos), one_of(buf, sizeof buf, omp_schedule_names, OMP_SCHED_COUNT));
        return false;
    }
    c->sched = (enum omp_schedule)k;
    if (!omp_is(p, ++p->pos, ","))
        return true;
    if (k == OMP_SCHED_RUNTIME || k == OMP_SCHED_AUTO) {     /* (gcc's words) */
        omp_perror(p, p->pos, "schedule '%s' does not take a chunk size: %s",
                   omp_schedule_names[k], k == OMP_SCHED_RUNTIME
                   ? "OMP_SCHEDULE gives it, with the kind" : "the implementation chooses it");
        return false;
    }
    p->pos++;
    return parse_expr_arg(p, c);
}

/* ndrange(n, g1..gn[, l1..ln][, noCheckDim]): n must be the constant 1, 2 or 3. */
static bool check_ndrange(struct omp_parser *p, struct omp_clause *c, int first_tok)
{
    if (c->nargs > 1 && !strcmp(c->args[c->nargs - 1].text, "noCheckDim")) {
        c->ndrange_nocheck = true;
        c->nargs--;
    }
    const char *s = c->args[0].text;
    char *end;
    long n = strtol(s, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    if (*end != '\0' || end == s) {
        omp_perror(p, first_tok, "the first argument of 'ndrange' must be the constant 1, 2 "
                   "or 3, not '%s'", s);
        return false;
    }
    if (n < 1 || n > 3) {
        omp_perror(p, first_tok, "'ndrange' dimension count must be 1, 2 or 3, not %ld", n);
        return false;
    }
    c->ndrange_dims = (int)n;
    if (c->nargs != 1 + n && c->nargs != 1 + 2 * n) {
        error_at(p, &c->loc, "'ndrange' with %ld dimension%s expects %ld or %ld more "
                   "arguments, not %d", n, n == 1 ? "" : "s", n, 2 * n, c->nargs - 1);
        return false;
    }
    return true;
}

/* A comma-separated list of C expressions (calls(...), ndrange(...)). */
static bool parse_exprs(struct omp_parser *p, struct omp_clause *c)
{
    struct omp_vec args = { 0 };
    while (parse_arg(p, c, &args, ",)") && omp_is(p, p->pos, ","))
        p->pos++;
    return finish_args(p, c, &args);
}

static bool parse_ndrange(struct omp_parser *p, struct omp_clause *c)
{
    int first = p->pos;
    return parse_exprs(p, c) && check_ndrange(p, c, first);
}

/* file(path) names an OpenCL source: look for it next to the source file, then in the
 * current directory; only checked when the source file itself can be found. */
static bool parse_file(struct omp_parser *p, struct omp_clause *c)
{
    int first = p->pos;
    struct omp_vec args = { 0 };
    struct omp_expr *e = parse_arg(p, c, &args, ")");
    if (!e)
        return finish_args(p, c, &args);
    const struct omp_tok *t = &p->toks[first];
    if (t->kind == OMP_TOK_STRING && p->pos == first + 1)
        e->text = copy_text(p, t->off + 1, t->len >= 2 ? t->len - 2 : 0);
    const char *src = p->dir->loc.file;
    if (src && access(src, R_OK) == 0) {
        const char *slash = strrchr(src, '/');
        size_t dirlen = slash && e->text[0] != '/' ? (size_t)(slash - src) + 1 : 0;
        char *path = omp_alloc(p, dirlen + strlen(e->text) + 1);
        memcpy(path, src, dirlen);
        strcpy(path + dirlen, e->text);
        if (access(path, R_OK) == 0)
            c->file_path = path;
        else if (access(e->text, R_OK) == 0)
            c->file_path = e->text;
        else
            omp_perror(p, first, "cannot find OpenCL file '%s'", e->text);
    }
    return finish_args(p, c, &args);
}

/* Is the alignment of allocate's align(n), tokens [from, to), a constant power of two?
 * A number is checked; a variable (a name outside sizeof or _Alignof) is not constant. */
static bool align_constant(struct omp_parser *p, int from, int to)
{
    bool ok = true;
    if (to == from + 1 && p->toks[from].kind == OMP_TOK_NUMBER) {
        char *end;
        unsigned long long n = strtoull(p->text + p->toks[from].off, &end, 0);
        ok = n > 0 && (n & (n - 1)) == 0;
    }
    int depth = 0, inside = -1;        /* (the depth where a sizeof's operand began) */
    for (int t = from; t < to && ok; t++) {
        if (omp_is(p, t, "("))
            depth++;
        else if (omp_is(p, t, ")") && --depth < inside)
            inside = -1;
        else if (omp_is(p, t, "sizeof") || omp_is(p, t, "_Alignof") ||
                 omp_is(p, t, "__alignof__")) {
            if (inside < 0)
                inside = depth + 1;
        } else if (p->toks[t].kind == OMP_TOK_IDENT && inside < 0)
            ok = false;
    }
    if (!ok)
        omp_perror(p, from, "'allocate' clause 'align' modifier argument needs to be a positive "
                   "constant power of two integer expression");
    return ok;
}

/* allocate([allocator:] list), allocate(allocator(a), align(n): list) (5.0, 5.1): the
 * allocator before a top-level ':' changes nothing here (one kind of memory), and is kept
 * for the check of its names; align(n) (5.1) is kept as the clause's one argument: the
 * copies are that aligned. */
static void parse_allocator(struct omp_parser *p, struct omp_clause *c)
{
    int depth = 0, colon = -1;
    for (int i = p->pos; i < p->ntoks && colon < 0; i++) {
        if (omp_is(p, i, "(") || omp_is(p, i, "["))
            depth++;
        else if ((omp_is(p, i, ")") || omp_is(p, i, "]")) && depth-- == 0)
            return;
        else if (depth == 0 && omp_is(p, i, ":"))
            colon = i;
    }
    if (colon < 0)
        return;
    struct omp_vec args = { 0 };
    int from = p->pos;
    for (int i = p->pos; i < colon; i++)    /* allocator(a) */
        if (omp_is(p, i, "allocator") && omp_is(p, i + 1, "(") &&
            (i == from || omp_is(p, i - 1, ","))) {
            int end = omp_scan_expr(p, i + 2, ")");
            if (p->failed)
                return;
            c->allocator = omp_span(p, i + 2, end);
        }
    bool modifiers = c->allocator.text;
    for (int i = p->pos; i < colon; i++)
        modifiers |= omp_is(p, i, "align") && omp_is(p, i + 1, "(") &&
                     (i == from || omp_is(p, i - 1, ","));
    if (!modifiers)                         /* allocate(a: list) */
        c->allocator = omp_span(p, from, colon);
    for (int i = p->pos; i < colon; i++)
        if (omp_is(p, i, "align") && omp_is(p, i + 1, "(") &&
            (i == p->pos || omp_is(p, i - 1, ","))) {
            p->pos = i + 2;
            int from = p->pos;
            if (!parse_arg(p, c, &args, ")") || !align_constant(p, from, p->pos) ||
                !omp_expect(p, ")", "after the alignment")) {
                finish_args(p, c, &args);   /* (frees the vector) */
                return;
            }
            break;
        }
    finish_args(p, c, &args);
    p->pos = colon + 1;
}

static bool parse_clause_args(struct omp_parser *p, struct omp_clause *c)
{
    switch (clause_info[c->kind].form) {
    case FORM_NONE: return true;
    case FORM_REFS: return parse_ref_list(p, c);
    case FORM_NAMES:
        if (c->kind == OMP_CL_LASTPRIVATE && omp_is(p, p->pos, "conditional") &&
            omp_is(p, p->pos + 1, ":")) {
            c->conditional = true;      /* (OpenMP 5.0) */
            p->pos += 2;
        }
        /* firstprivate(saved: list) (6.0): a taskgraph's replays see the values of its
         * recording (without it, a changed value records the graph again) */
        if (c->kind == OMP_CL_FIRSTPRIVATE && omp_is(p, p->pos, "saved") &&
            omp_is(p, p->pos + 1, ":")) {
            c->saved = true;
            p->pos += 2;
        }
        if (c->kind == OMP_CL_ALLOCATE)
            parse_allocator(p, c);
        if (p->failed)
            return false;
        return parse_names(p, c);
    case FORM_EXPR:
        if ((c->kind == OMP_CL_GRAINSIZE || c->kind == OMP_CL_NUM_TASKS) &&
            omp_is(p, p->pos, "strict") && omp_is(p, p->pos + 1, ":")) {
            c->strict = true;           /* (5.1) */
            p->pos += 2;
        }
        return parse_expr_arg(p, c);
    case FORM_DEPEND: return parse_depend(p, c);
    case FORM_REDUCTION: return parse_reduction(p, c);
    case FORM_OPTEXPR: return parse_expr_arg(p, c);
    case FORM_LABEL: return parse_word(p, c, true);
    case FORM_DEFAULT: return parse_default(p, c);
    case FORM_DEVICE: return parse_device(p, c);
    case FORM_IDENT: return parse_word(p, c, false);
    case FORM_NDRANGE: return parse_ndrange(p, c);
    case FORM_FILE: return parse_file(p, c);
    case FORM_SCHEDULE: return parse_schedule(p, c);
    case FORM_EXPRS: return parse_exprs(p, c);
    case FORM_LINEAR: return parse_linear(p, c);
    }
    return false;
}

/* ---- clauses ------------------------------------------------------------------------- */

static enum omp_dep clause_dep(enum omp_clause_kind k)
{
    switch (k) {
    case OMP_CL_IN: case OMP_CL_INPUT: return OMP_DEP_IN;
    case OMP_CL_OUT: case OMP_CL_OUTPUT: return OMP_DEP_OUT;
    case OMP_CL_INOUT: case OMP_CL_ON: return OMP_DEP_INOUT;
    case OMP_CL_CONCURRENT: return OMP_DEP_CONCURRENT;
    case OMP_CL_INPRIVATE: return OMP_DEP_IN;
    case OMP_CL_COMMUTATIVE: return OMP_DEP_COMMUTATIVE;
    default: return OMP_DEP_NONE;
    }
}

/* if(name: expr) (OpenMP 4.5; taskgraph 6.0): the construct the condition applies to, which
 * must be this one (or its simd or parallel part).  Steps over `name :`; false for simd (the
 * clause is then dropped) or after an error. */
static bool if_modifier(struct omp_parser *p)
{
    if (p->toks[p->pos].kind != OMP_TOK_IDENT || !omp_is(p, p->pos + 1, ":"))
        return true;
    const struct omp_directive *d = p->dir;
    bool ok = (omp_is(p, p->pos, "parallel") && (d->parallel || d->kind == OMP_DIR_PARALLEL)) ||
              (omp_is(p, p->pos, "simd") && (d->simd || d->kind == OMP_DIR_SIMD)) ||
              (omp_is(p, p->pos, "task") && d->kind == OMP_DIR_TASK) ||
              (omp_is(p, p->pos, "taskloop") && d->kind == OMP_DIR_TASKLOOP) ||
              (omp_is(p, p->pos, "taskgraph") && d->kind == OMP_DIR_TASKGRAPH) ||
              (omp_is(p, p->pos, "cancel") && d->kind == OMP_DIR_CANCEL);
    if (!ok) {
        omp_perror(p, p->pos, "'if' clause modifier '%.*s' does not name this construct "
                   "('%s%s%s')", TOK(p, p->pos), d->parallel ? "parallel " : "",
                   omp_directive_names[d->kind], d->simd ? " simd" : "");
        return false;
    }
    bool simd = omp_is(p, p->pos, "simd");
    p->pos += 2;
    return !simd;
}

/* replayable[(e)] (OpenMP 6.0) on a task or taskloop: replayable, or replayable(1) or
 * (true), is what every task a taskgraph's block creates is here (recorded, then replayed)
 * and what a task outside one needs nothing for: the clause is dropped.  A task the block
 * creates at the recording only (replayable(false), or an expression) is not supported.
 * Always false: the clause is dropped (so the caller steps over it), or reported. */
static bool replayable(struct omp_parser *p, int name)
{
    enum omp_directive_kind k = p->dir->kind;
    if (k != OMP_DIR_TASK && k != OMP_DIR_TASKLOOP) {
        omp_perror(p, name, "clause 'replayable' is not allowed in '%s' directive",
                   omp_directive_names[k]);
        return false;
    }
    int arg = name + 2;             /* the caller steps over the clause */
    if (!omp_is(p, name + 1, "(") ||
        ((omp_is(p, arg, "1") || omp_is(p, arg, "true")) && omp_is(p, arg + 1, ")")))
        return false;
    omp_perror(p, arg, "this argument of 'replayable' is not supported: mcc records every "
               "task a taskgraph's block creates and replays it (replayable, replayable(1) or "
               "replayable(true)); a task created at the recording only (replayable(false)) "
               "is not: create it before or after the taskgraph");
    return false;
}

/* Parse the clause at p->pos into *c; false (error reported) when it is to be dropped. */
static bool parse_clause(struct omp_parser *p, struct omp_clause *c)
{
    int name = p->pos;
    const char *dname = omp_directive_names[p->dir->kind];
    int k = lookup(p, name, omp_clause_names, OMP_CL_COUNT);
    if (p->toks[name].kind != OMP_TOK_IDENT) {
        omp_perror(p, name, "expected a clause, found '%.*s'", TOK(p, name));
        return false;
    }
    if (p->dir->oss && (k = omp_oss_clause(p, name, k)) == OMP_OSS_DROPPED)
        return false;   /* wait, cost: taken; or reported */
    if (k < 0 && omp_is(p, name, "replayable"))
        return replayable(p, name);
    if (k < 0) {
        char hint[64];
        omp_perror(p, name, "unknown clause '%.*s' in '%s' directive%s", TOK(p, name), dname,
                   did_you_mean(p, name, omp_clause_names, OMP_CL_COUNT,
                                allowed_clauses[p->dir->kind], hint, sizeof hint));
        return false;
    }
    *c = (struct omp_clause){ .kind = (enum omp_clause_kind)k, .loc = p->toks[name].loc,
                              .dep = clause_dep((enum omp_clause_kind)k) };
    uint64_t allowed = (p->dir->loop ? LOOP_CLAUSES : allowed_clauses[p->dir->kind]) |
                       (p->dir->parallel ? allowed_clauses[OMP_DIR_PARALLEL] : 0) |
                       (p->dir->simd ? CL(LINEAR) : 0) |
                       (p->dir->masked ? allowed_clauses[OMP_DIR_MASKED] : 0);
    /* a combined parallel construct ends with the region's barrier: its worksharing part
       has no nowait (gcc: "'nowait' is not valid for '#pragma omp parallel for'") */
    if (p->dir->parallel && k == OMP_CL_NOWAIT)
        allowed &= ~CL(NOWAIT);
    if (!(allowed & (UINT64_C(1) << k))) {
        omp_perror(p, name, "clause '%s' is not allowed in '%s%s' directive", clause_name(c),
                   p->dir->parallel ? "parallel " : "", p->dir->loop ? "loop" : dname);
        return false;
    }
    p->pos++;
    c->doacross = k == OMP_CL_ORDERED && omp_is(p, p->pos, "(");   /* a doacross nest */
    if (clause_info[k].form == FORM_NONE) {
        if (omp_is(p, p->pos, "("))
            omp_perror(p, p->pos, "clause '%s' takes no arguments", clause_name(c));
    } else if (clause_info[k].form == FORM_OPTEXPR && !omp_is(p, p->pos, "(")) {
        /* written without its argument */
    } else if (omp_expect(p, "(", "after the clause name")) {
        bool drop = k == OMP_CL_IF && !if_modifier(p);
        if (!p->failed && parse_clause_args(p, c))
            omp_expect(p, ")", "to close the clause");
        if (drop && !p->failed)
            return false;       /* if(simd: ...): the simd part runs as gcc sees fit */
    }
    c->text = omp_span(p, name, p->pos);
    if (c->kind == OMP_CL_IN_REDUCTION) {   /* a task's share of a reduction: the same */
        c->kind = OMP_CL_REDUCTION;
        c->in_reduction = true;
    }
    return !p->failed;
}

static void check_pair(struct omp_parser *p, struct omp_vec *cl, enum omp_clause_kind a,
                       enum omp_clause_kind b)
{
    const struct omp_clause *v = cl->items, *first = NULL;
    for (int i = 0; i < cl->n; i++) {
        if (v[i].kind != a && v[i].kind != b)
            continue;
        if (first && first->kind != v[i].kind) {
            p->failed = false;
            error_at(p, &v[i].loc, "clauses '%s' and '%s' cannot be used together",
                     omp_clause_names[first->kind], omp_clause_names[v[i].kind]);
            return;
        }
        first = &v[i];
    }
}

/* The first clause of cl that `is` accepts, or NULL. */
static const struct omp_clause *first_clause(const struct omp_vec *cl,
                                             bool (*is)(const struct omp_clause *))
{
    const struct omp_clause *v = cl->items;
    for (int i = 0; i < cl->n; i++)
        if (is(&v[i]))
            return &v[i];
    return NULL;
}

static bool nonmonotonic_schedule(const struct omp_clause *c)
{
    return c->kind == OMP_CL_SCHEDULE && c->nonmonotonic;
}

static bool ordered_clause(const struct omp_clause *c) { return c->kind == OMP_CL_ORDERED; }

/* (not in_reduction, made a reduction by parse_clause) */
static bool reduction_clause(const struct omp_clause *c)
{
    return c->kind == OMP_CL_REDUCTION && !strncmp(c->text.text, "reduction", 9);
}

static bool nogroup_clause(const struct omp_clause *c) { return c->kind == OMP_CL_NOGROUP; }

/* An ordered loop's iterations keep their order: no nonmonotonic schedule (gcc:
 * "'nonmonotonic' schedule modifier specified together with 'ordered' clause"). */
static void ordered_nonmonotonic(struct omp_parser *p, struct omp_vec *cl)
{
    const struct omp_clause *sched = first_clause(cl, nonmonotonic_schedule);
    if (sched && first_clause(cl, ordered_clause)) {
        p->failed = false;
        error_at(p, &sched->loc, "a 'nonmonotonic' schedule cannot be used together with "
                 "'ordered': the ordered regions run in the loop's order");
    }
}

/* A taskloop's reduction is complete when its taskgroup ends, which nogroup removes (gcc:
 * "'nogroup' clause must not be used together with 'reduction' clause"). */
static void taskloop_reduction_nogroup(struct omp_parser *p, struct omp_vec *cl)
{
    const struct omp_clause *nogroup = first_clause(cl, nogroup_clause);
    if (nogroup && first_clause(cl, reduction_clause)) {
        p->failed = false;
        error_at(p, &nogroup->loc, "clause 'nogroup' cannot be used together with 'reduction' "
                 "on a taskloop: its reduction is complete when its taskgroup ends");
    }
}

static bool is_duplicate(struct omp_parser *p, struct omp_vec *cl, const struct omp_clause *c)
{
    const struct omp_clause *v = cl->items;
    if (clause_info[c->kind].many)
        return false;
    for (int i = 0; i < cl->n; i++)
        if (v[i].kind == c->kind) {
            error_at(p, &c->loc, "clause '%s' appears more than once", clause_name(c));
            return true;
        }
    return false;
}

/* The variable names of the advice clause at `name` (aligned, nontemporal), from its '('
 * to `end` (its ':' or ')'): names, not expressions (gcc: "expected ')' before '['").
 * False: reported. */
static bool name_list(struct omp_parser *p, int name, int end)
{
    for (int i = name + 2; i < end; i += 2) {
        if (p->toks[i].kind != OMP_TOK_IDENT) {
            omp_perror(p, i, "expected a variable name in '%.*s', found '%.*s'", TOK(p, name),
                       TOK(p, i));
            return false;
        }
        if (i + 1 < end && !omp_is(p, i + 1, ",")) {
            omp_perror(p, i + 1, "expected ',' %safter '%.*s' in '%.*s', found '%.*s'",
                       omp_is(p, name, "aligned") ? "or ':' " : "", TOK(p, i), TOK(p, name),
                       TOK(p, i + 1));
            return false;
        }
    }
    return true;
}

/* simdlen(n), safelen(n) or aligned(list[: a]) at `name` of a simd construct (the group
 * that follows is balanced): its argument is kept for check.c, which wants a positive
 * constant (gcc: "'simdlen' clause expression must be positive constant integer
 * expression"); nothing else is done with them. */
static void simd_arg(struct omp_parser *p, int name)
{
    struct omp_directive *d = p->dir;
    int open = name + 1, close = skip_group(p, open) - 1;
    if (omp_is(p, name, "aligned")) {
        int colon = omp_scan_expr(p, open + 1, ":)");
        if (p->failed)
            return;
        if (!name_list(p, name, colon))
            return;
        for (int i = open + 1; i < colon; i += 2) {
            struct omp_expr *v = omp_alloc(p, (size_t)(d->naligned_items + 1) * sizeof *v);
            if (d->naligned_items)
                memcpy(v, d->aligned_items, (size_t)d->naligned_items * sizeof *v);
            v[d->naligned_items++] = omp_span(p, i, i + 1);
            d->aligned_items = v;
        }
        if (!omp_is(p, colon, ":"))
            return;
        if (colon + 1 == close) {
            omp_perror(p, close, "expected the alignment after ':' in 'aligned'");
            return;
        }
        struct omp_expr *a = omp_alloc(p, (size_t)(d->naligned + 1) * sizeof *a);
        if (d->naligned)
            memcpy(a, d->aligned, (size_t)d->naligned * sizeof *a);
        a[d->naligned++] = omp_span(p, colon + 1, close);
        d->aligned = a;
        return;
    }
    struct omp_expr *e = omp_is(p, name, "simdlen") ? &d->simdlen : &d->safelen;
    if (e->text)
        omp_perror(p, name, "clause '%.*s' appears more than once", TOK(p, name));
    else if (open + 1 == close)
        omp_perror(p, close, "expected an expression in '%.*s'", TOK(p, name));
    else
        *e = omp_span(p, open + 1, close);
}

/* The clauses of `#pragma omp simd` (OpenMP 5.0 2.9.3.1), which change nothing in the
 * loop run as written but must be clauses of simd (gcc: "expected '#pragma omp' clause
 * before ..."): false when the one at w is not (reported).  The data-sharing ones are
 * parsed and checked as on other directives; simdlen, safelen and aligned are advice
 * (simd_arg keeps their arguments). */
static bool simd_clause(struct omp_parser *p, int w)
{
    static const char *const names[] = {
        "private", "lastprivate", "linear", "aligned", "safelen", "simdlen", "collapse",
        "reduction", "nontemporal", "order", "if",
    };
    enum { N = sizeof names / sizeof names[0] };
    char hint[64];
    if (lookup(p, w, names, N) >= 0 || lookup(p, w, omp_clause_names, OMP_CL_COUNT) >= 0)
        return true;                /* (another directive's: parse_clause says so) */
    omp_perror(p, w, "unknown clause '%.*s' in 'simd' directive%s", TOK(p, w),
               did_you_mean(p, w, names, N, ~UINT64_C(0), hint, sizeof hint));
    return false;
}

/* The argument of order (OpenMP 5.0: concurrent; 5.1: a reproducible or unconstrained
 * modifier before it) or bind (teams, parallel or thread) at `name`: one of OpenMP's words
 * (gcc: "expected 'concurrent' before ..."), though the clause changes nothing here. */
static void advice_word(struct omp_parser *p, int name)
{
    static const char *const mods[] = { "reproducible", "unconstrained" };
    static const char *const binds[] = { "teams", "parallel", "thread" };
    char buf[128];
    int w = name + 2;
    if (omp_is(p, name, "bind")) {
        int k = lookup(p, w, binds, 3);
        if (k < 0 || !omp_is(p, w + 1, ")"))
            omp_perror(p, w, "unknown argument '%.*s' in 'bind' clause (expected %s)",
                       TOK(p, w), one_of(buf, sizeof buf, binds, 3));
        else
            p->dir->bind = "Tpt"[k];
        return;
    }
    if (lookup(p, w, mods, 2) >= 0 && omp_is(p, w + 1, ":"))
        w += 2;
    if (!omp_is(p, w, "concurrent") || !omp_is(p, w + 1, ")"))
        omp_perror(p, w, "unknown argument '%.*s' in 'order' clause (expected "
                   "'concurrent', after 'reproducible:' or 'unconstrained:' at most)",
                   TOK(p, w));
}

/* affinity([iterator(...):] list) of task, at `name`, to `end` (after its ')'): where
 * the task's data are, advice the scheduler does without; its list is read as depend's
 * (OpenMP's sections), kept apart from the clauses, which the lowering reads, for
 * check.c to look its names up (gcc: "'x' undeclared"). */
static void affinity_list(struct omp_parser *p, int name, int end)
{
    struct omp_clause c = { .kind = OMP_CL_AFFINITY, .loc = p->toks[name].loc };
    struct omp_iter *its = NULL;
    int nits = 0;
    p->pos = name + 2;
    if (!iterator_modifier(p, ":", &its, &nits))
        return;
    p->in_depend = true;
    bool ok = parse_ref_list(p, &c) && omp_expect(p, ")", "to close the clause");
    p->in_depend = false;
    p->pos = end;
    if (!ok)
        return;
    if (nits)
        iterated_items(p, &c, its, nits);
    struct omp_directive *d = p->dir;
    struct omp_clause *all = omp_alloc(p, (size_t)(d->naffinity + 1) * sizeof *all);
    for (int k = 0; k < d->naffinity; k++)
        all[k] = d->affinity[k];
    all[d->naffinity++] = c;
    d->affinity = all;
}

/* Is the token at w one of the words? */
static bool next_is(struct omp_parser *p, int w, const char *const *words, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p->toks[w].kind == OMP_TOK_IDENT && omp_is(p, w, words[i]))
            return true;
    return false;
}

/* fail(order) of atomic compare: the memory order of a compare that fails, a load, which
 * does not release (gcc: "expected 'seq_cst', 'acquire' or 'relaxed'"). */
static void fail_order(struct omp_parser *p, int name)
{
    static const char *const orders[] = { "seq_cst", "acquire", "relaxed" };
    if (!next_is(p, name + 2, orders, 3))
        omp_perror(p, name + 2, "expected 'seq_cst', 'acquire' or 'relaxed' in 'fail', found "
                   "'%.*s': a compare that fails only reads", TOK(p, name + 2));
    else if (!omp_is(p, name + 3, ")"))
        omp_perror(p, name + 3, "expected ')' after the memory order of 'fail', found '%.*s'",
                   TOK(p, name + 3));
}

/*
 * Clauses that only advise the implementation, skipped with their argument:
 *   - the simd part of `for simd` and `taskloop simd` (aligned, safelen, simdlen,
 *     nontemporal), which changes nothing in a loop split into tasks (gcc vectorizes each
 *     task's iterations as it sees fit);
 *   - the memory orders of atomic (every atomic here is sequentially consistent, which
 *     each of them allows), `fail` and `weak` of atomic compare (5.1) (`hint` of atomic
 *     and critical is a clause: its argument must be a constant, check.c);
 *   - `affinity` of task (5.0: where its data are; the scheduler places tasks itself;
 *     its list is read and checked, affinity_list);
 *   - `order` of for and loop, `bind` of loop (5.0).
 */
static bool advice(struct omp_parser *p, int name)
{
    enum { ANY = OMP_DIR_COUNT };          /* any directive with the condition below */
    static const struct {
        int dir;
        const char *name;
        bool arg;
        char when;                          /* 's': a simd construct, 'l': loop, 0: always */
    } hints[] = {
        { ANY, "aligned", true, 's' }, { ANY, "safelen", true, 's' },
        { ANY, "simdlen", true, 's' }, { ANY, "nontemporal", true, 's' },
        { OMP_DIR_ATOMIC, "relaxed", false, 0 }, { OMP_DIR_ATOMIC, "acquire", false, 0 },
        { OMP_DIR_ATOMIC, "release", false, 0 }, { OMP_DIR_ATOMIC, "acq_rel", false, 0 },
        { OMP_DIR_ATOMIC, "weak", false, 0 }, { OMP_DIR_ATOMIC, "fail", true, 0 },
        { OMP_DIR_TASK, "affinity", true, 0 }, { OMP_DIR_FOR, "order", true, 0 },
        { OMP_DIR_SIMD, "order", true, 0 },
        { OMP_DIR_FOR, "bind", true, 'l' },
    };
    if (p->toks[name].kind != OMP_TOK_IDENT)
        return false;
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++) {
        bool simd = p->dir->simd || p->dir->kind == OMP_DIR_SIMD;
        if ((hints[i].dir != ANY && hints[i].dir != (int)p->dir->kind) ||
            (hints[i].when == 's' && !simd) || (hints[i].when == 'l' && !p->dir->loop) ||
            !omp_is(p, name, hints[i].name))
            continue;
        if (!hints[i].arg) {
            p->pos = name + 1;
            p->dir->weak |= omp_is(p, name, "weak");
        } else if (!omp_is(p, name + 1, "(")) {
            omp_perror(p, name + 1, "expected '(' after '%s'", hints[i].name);
            p->pos = name + 1;          /* (the clause loop goes on from there) */
        } else {
            p->pos = skip_group(p, name + 1);
            if (hints[i].when == 's' && !omp_is(p, name, "nontemporal"))
                simd_arg(p, name);
            else if (hints[i].when == 's')
                name_list(p, name, p->pos - 1);
            if (omp_is(p, name, "order") || omp_is(p, name, "bind"))
                advice_word(p, name);
            if (omp_is(p, name, "fail"))
                fail_order(p, name);
            if (omp_is(p, name, "affinity"))
                affinity_list(p, name, p->pos);
        }
        return true;
    }
    return false;
}

/*
 * OpenMP's device constructs, for programs that offload and are built for the host (as
 * gcc -fopenmp without an offload target runs them): their data live in the one memory,
 * one team runs a `teams` region, `distribute` gives that team every iteration.
 * host_prefix steps over `target`, `teams` and `distribute` before the construct they
 * combine with (`target teams distribute parallel for` is a `parallel for`, `target
 * parallel` a `parallel`, `teams loop` a `loop`, `distribute simd` a `simd`); their own
 * clauses (offload_clause) are dropped.  host_only: what is left of a device construct
 * with no host construct in it (`target data`, `target enter data`, `target update`, a
 * `target` with `map`, `teams`, `distribute`, `declare target`, `end declare target`,
 * `requires`, which the one memory meets; and `nothing`): its body runs as written.
 * OmpSs's `target device(...)` stays (no `map` and the like).
 */
static void host_prefix(struct omp_parser *p)
{
    static const char *const after_target[] = { "teams", "parallel", "simd", "loop" };
    static const char *const after_teams[] = { "distribute", "loop" };
    static const char *const after_distribute[] = { "parallel", "simd" };
    for (;;) {
        int w = p->pos;
        p->dir->teams |= omp_is(p, w, "teams");
        if (omp_is(p, w, "target") && next_is(p, w + 1, after_target, 4))
            p->offload_target = true;
        else if (!(omp_is(p, w, "teams") && next_is(p, w + 1, after_teams, 2)) &&
                 !(omp_is(p, w, "distribute") && next_is(p, w + 1, after_distribute, 2)))
            return;
        p->offload = true;
        p->pos++;
    }
}

/* A clause that belongs to a device construct only: map(...), device(n), ... */
static bool offload_clause(struct omp_parser *p, int w)
{
    static const char *const names[] = {
        "map", "defaultmap", "is_device_ptr", "has_device_addr", "use_device_ptr",
        "use_device_addr", "uses_allocators", "num_teams", "thread_limit", "dist_schedule",
        "device",
    };
    return next_is(p, w, names, sizeof names / sizeof names[0]) ||
           (p->offload_target && (omp_is(p, w, "nowait") || omp_is(p, w, "depend"))) ||
           (p->offload_target && omp_is(p, w, "if") && omp_is(p, w + 1, "(") &&
            omp_is(p, w + 2, "target") && omp_is(p, w + 3, ":"));     /* if(target: e) */
}

/* OpenMP's device(n) at k, a number or an expression (`device(0)`, `device(dev + 1)`,
 * `device(device_num: 1)`), not OmpSs's device(name, ...). */
static bool device_number(struct omp_parser *p, int k)
{
    if (!omp_is(p, k, "device") || !omp_is(p, k + 1, "("))
        return false;
    for (int i = k + 2; i < skip_group(p, k + 1) - 1; i++)
        if (p->toks[i].kind != OMP_TOK_IDENT && !omp_is(p, i, ","))
            return true;
    return false;
}

static bool host_only(struct omp_parser *p)
{
    static const char *const data[] = { "data", "enter", "exit", "update" };
    int w = p->pos;
    p->dir->teams |= omp_is(p, w, "teams");
    if (omp_is(p, w, "teams") || omp_is(p, w, "distribute") || omp_is(p, w, "requires") ||
        omp_is(p, w, "nothing"))
        return true;
    if (omp_is(p, w, "declare") || omp_is(p, w, "begin") || omp_is(p, w, "end")) {
        int t = omp_is(p, w, "declare") ? w + 1 : w + 2;
        return (t == w + 1 || omp_is(p, w + 1, "declare")) && omp_is(p, t, "target");
    }
    if (!omp_is(p, w, "target"))
        return false;
    if (next_is(p, w + 1, data, 4))
        return true;
    /* clauses OpenMP's target has and OmpSs's does not */
    static const char *const openmp[] = {
        "nowait", "depend", "private", "firstprivate", "if", "in_reduction", "allocate",
    };
    for (int k = w + 1; k < p->ntoks; k = omp_is(p, k + 1, "(") ? skip_group(p, k + 1) : k + 1)
        if ((offload_clause(p, k) && !omp_is(p, k, "device")) ||
            next_is(p, k, openmp, sizeof openmp / sizeof openmp[0]) || device_number(p, k))
            return true;
    return false;
}

/* The names of clause group [open, end) (its list after the modifiers before a `:`, or
 * before the `:` of a step when step_after) pushed to *v: the first name of each item. */
static void target_names(struct omp_parser *p, int open, int end, bool step_after,
                         const char ***v, int *n)
{
    int from = open + 1, to = end - 1, depth = 0;
    for (int k = open + 1; k < end - 1; k++) {
        depth += omp_is(p, k, "(") || omp_is(p, k, "[") ? 1 : 0;
        depth -= omp_is(p, k, ")") || omp_is(p, k, "]") ? 1 : 0;
        if (depth == 0 && omp_is(p, k, ":")) {
            if (step_after)
                to = k;
            else
                from = k + 1;
        }
    }
    bool item = true;
    for (int k = from; k < to; k++) {
        if (omp_is(p, k, ","))
            item = true;
        else if (item && p->toks[k].kind == OMP_TOK_IDENT) {
            const char **grown = dir_alloc(p->dir, (size_t)(*n + 1) * sizeof *grown);
            if (*n)
                memcpy(grown, *v, (size_t)*n * sizeof *grown);
            grown[(*n)++] = omp_span(p, k, k + 1).text;
            *v = grown;
            item = false;
        }
    }
}

/* defaultmap(behaviour[: category]) of a target region. */
static void target_defaultmap(struct omp_parser *p, int open, struct omp_target_env *e)
{
    static const char *const cats[OMP_TCAT_COUNT] = { "scalar", "pointer", "aggregate" };
    static const char *const kinds[] = {
        "alloc", "to", "from", "tofrom", "firstprivate", "none", "default",
    };
    if (!next_is(p, open + 1, kinds, sizeof kinds / sizeof kinds[0])) {
        omp_perror(p, open + 1, "expected 'alloc', 'to', 'from', 'tofrom', 'firstprivate', "
                   "'none' or 'default' in 'defaultmap'");
        return;
    }
    if (omp_is(p, open + 2, ":") && !next_is(p, open + 3, cats, OMP_TCAT_COUNT)) {
        omp_perror(p, open + 3, "expected 'scalar', 'aggregate' or 'pointer' after ':' in "
                   "'defaultmap'");
        return;
    }
    enum omp_tmap m = omp_is(p, open + 1, "firstprivate") ? OMP_TMAP_COPY
                      : omp_is(p, open + 1, "none") ? OMP_TMAP_NONE
                      : omp_is(p, open + 1, "default") ? OMP_TMAP_DEFAULT : OMP_TMAP_SHARE;
    bool all = !omp_is(p, open + 2, ":");
    for (int c = 0; c < OMP_TCAT_COUNT; c++)
        if (all || omp_is(p, open + 3, cats[c]))
            e->defaultmap[c] = m;
}

/* An OpenMP target region (`target` at `word`, alone and run as written, or combined with
 * a host construct): the clauses that decide which variables it copies (omp_target_env). */
static void target_env(struct omp_parser *p, int word)
{
    static const char *const data[] = { "data", "enter", "exit", "update" };
    if (!omp_is(p, word, "target") || (!p->dir->host && !p->offload_target) ||
        next_is(p, word + 1, data, 4))
        return;
    struct omp_target_env *e = dir_alloc(p->dir, sizeof *e);
    for (int k = word + 1; k < p->ntoks; k++) {
        if (p->toks[k].kind != OMP_TOK_IDENT || !omp_is(p, k + 1, "("))
            continue;
        int end = skip_group(p, k + 1);
        if (omp_is(p, k, "defaultmap"))
            target_defaultmap(p, k + 1, e);
        else if (omp_is(p, k, "firstprivate") || omp_is(p, k, "private") ||
                 omp_is(p, k, "is_device_ptr"))
            target_names(p, k + 1, end, false, &e->copied, &e->ncopied);
        else if (omp_is(p, k, "map") || omp_is(p, k, "has_device_addr") ||
                 omp_is(p, k, "in_reduction") || omp_is(p, k, "reduction") ||
                 omp_is(p, k, "lastprivate") || omp_is(p, k, "linear"))
            target_names(p, k + 1, end, omp_is(p, k, "linear"), &e->mapped, &e->nmapped);
        k = end - 1;
    }
    p->dir->target = e;
}

/* Every variable of an allocate clause is made private by the same directive (gcc's
 * error otherwise). */
static void allocate_privatized(struct omp_parser *p, struct omp_vec *cl)
{
    const struct omp_clause *v = cl->items;
    for (int i = 0; i < cl->n; i++)
        for (int k = 0; v[i].kind == OMP_CL_ALLOCATE && k < v[i].nrefs; k++) {
            bool found = false;
            for (int j = 0; j < cl->n && !found; j++) {
                enum omp_clause_kind kj = v[j].kind;
                if (kj != OMP_CL_PRIVATE && kj != OMP_CL_FIRSTPRIVATE &&
                    kj != OMP_CL_LASTPRIVATE && kj != OMP_CL_LINEAR && kj != OMP_CL_REDUCTION &&
                    kj != OMP_CL_IN_REDUCTION && kj != OMP_CL_TASK_REDUCTION)
                    continue;
                for (int r = 0; r < v[j].nrefs && !found; r++)
                    found = !strcmp(v[j].refs[r]->text.text, v[i].refs[k]->text.text) ||
                            (v[j].refs[r]->kind != OMP_REF_NAME &&
                             !strcmp(omp_ref_root(v[j].refs[r])->text.text,
                                     v[i].refs[k]->text.text));
            }
            if (!found) {
                error_at(p, &v[i].refs[k]->text.loc, "'%s' specified in 'allocate' clause but "
                         "not in an explicit privatization clause", v[i].refs[k]->text.text);
                return;
            }
        }
}

/* The memory-order clauses of atomic (OpenMP 5.0 2.17.7): one of them. */
static const char *const memory_orders[] = { "seq_cst", "acq_rel", "release", "acquire",
                                             "relaxed" };
enum { MEMORY_ORDERS = sizeof memory_orders / sizeof memory_orders[0] };

/* An atomic's memory order at w: one at most (gcc: "too many memory order clauses"; the
 * same one twice is a clause twice), kept in *order (a token, 0 none). */
static void memory_order(struct omp_parser *p, int w, int *order)
{
    if (lookup(p, w, memory_orders, MEMORY_ORDERS) < 0)
        return;
    const struct omp_tok *a = &p->toks[*order], *b = &p->toks[w];
    if (!*order)
        *order = w;
    else if (a->len == b->len && !memcmp(p->text + a->off, p->text + b->off, a->len))
        omp_perror(p, w, "clause '%.*s' appears more than once", TOK(p, w));
    else
        omp_perror(p, w, "memory orders '%.*s' and '%.*s' cannot be used together: an "
                   "atomic has one", TOK(p, *order), TOK(p, w));
    p->failed = false;              /* (the clause is skipped as advice, or parsed) */
}

/* A read only acquires, a write only releases (OpenMP 5.0 2.17.7; gcc: "'#pragma omp
 * atomic read' incompatible with 'release' clause"). */
static void atomic_order_fits(struct omp_parser *p, const struct omp_vec *cl, int order)
{
    const struct omp_clause *v = cl->items;
    for (int i = 0; order && i < cl->n; i++) {
        const char *wrong = v[i].kind == OMP_CL_READ ? "release"
                            : v[i].kind == OMP_CL_WRITE ? "acquire" : NULL;
        if (wrong && omp_is(p, order, wrong))
            omp_perror(p, order, "memory order '%s' cannot be used with '#pragma omp atomic "
                       "%s': a %s", wrong, omp_clause_names[v[i].kind],
                       v[i].kind == OMP_CL_READ ? "read does not release, it may acquire"
                                                : "write does not acquire, it may release");
    }
}

static void parse_clauses(struct omp_parser *p)
{
    struct omp_vec cl = { 0 };
    int order = 0, order_clause = 0;
    while (p->pos < p->ntoks) {
        int start = p->pos;
        struct omp_clause c;
        if (omp_is(p, start, ",")) {
            p->pos++;
            continue;
        }
        p->failed = false;
        if (p->dir->kind == OMP_DIR_ATOMIC)
            memory_order(p, start, &order);
        if (omp_is(p, start, "order") && !order_clause)
            order_clause = start;
        if (p->dir->kind == OMP_DIR_SIMD && !simd_clause(p, start)) {
            p->pos = omp_is(p, start + 1, "(") ? skip_group(p, start + 1) : start + 1;
            continue;
        }
        if (advice(p, start))
            continue;
        if (p->offload && offload_clause(p, start)) {   /* of target, teams: host_prefix */
            p->pos = omp_is(p, start + 1, "(") ? skip_group(p, start + 1) : start + 1;
            continue;
        }
        if (parse_clause(p, &c)) {
            if (!is_duplicate(p, &cl, &c))
                *(struct omp_clause *)omp_vec_push(&cl, sizeof c) = c;
            continue;
        }
        /* Recover: skip the clause name and its parenthesised argument. */
        p->pos = omp_is(p, start + 1, "(") ? skip_group(p, start + 1) : start + 1;
    }
    p->failed = false;
    allocate_privatized(p, &cl);
    check_pair(p, &cl, OMP_CL_TIED, OMP_CL_UNTIED);
    check_pair(p, &cl, OMP_CL_COPY_DEPS, OMP_CL_NO_COPY_DEPS);
    check_pair(p, &cl, OMP_CL_GRAINSIZE, OMP_CL_NUM_TASKS);
    /* a detached task completes when its event is fulfilled, not with its encountering
     * task's data environment (OpenMP 5.0 2.10.1; gcc refuses it too) */
    check_pair(p, &cl, OMP_CL_DETACH, OMP_CL_MERGEABLE);
    /* copyprivate's values reach the team at single's barrier, which nowait removes (gcc:
       "'nowait' clause must not be used together with 'copyprivate'") */
    check_pair(p, &cl, OMP_CL_COPYPRIVATE, OMP_CL_NOWAIT);
    if (p->dir->kind == OMP_DIR_ATOMIC) {       /* one kind of access */
        static const enum omp_clause_kind pairs[][2] = {
            { OMP_CL_READ, OMP_CL_WRITE }, { OMP_CL_READ, OMP_CL_UPDATE },
            { OMP_CL_WRITE, OMP_CL_UPDATE }, { OMP_CL_READ, OMP_CL_CAPTURE },
            { OMP_CL_WRITE, OMP_CL_CAPTURE }, { OMP_CL_READ, OMP_CL_COMPARE },
            { OMP_CL_WRITE, OMP_CL_COMPARE },
        };
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
            check_pair(p, &cl, pairs[i][0], pairs[i][1]);
        p->failed = false;
        atomic_order_fits(p, &cl, order);
    }
    if (p->dir->kind == OMP_DIR_TASKLOOP)
        taskloop_reduction_nogroup(p, &cl);
    ordered_nonmonotonic(p, &cl);
    /* order(concurrent): the iterations in any order, which an ordered clause contradicts
       (gcc: "'order' clause must not be used together with 'ordered'") */
    if (order_clause && first_clause(&cl, ordered_clause)) {
        p->failed = false;
        omp_perror(p, order_clause, "clauses 'order' and 'ordered' cannot be used together: "
                   "order(concurrent) lets the iterations run in any order");
    }
    p->dir->concurrent = order_clause != 0 || p->dir->loop;    /* (loop: concurrent too) */
    p->dir->nclauses = cl.n;
    p->dir->clauses = omp_vec_finish(p, &cl, sizeof(struct omp_clause));
}

const struct omp_clause *omp_find_clause(const struct omp_directive *d, enum omp_clause_kind k)
{
    for (int i = 0; i < d->nclauses; i++)
        if (d->clauses[i].kind == k)
            return &d->clauses[i];
    return NULL;
}

/* ---- directives ---------------------------------------------------------------------- */

/* The type list of declare reduction, up to the ':' before the combiner. */
static void parse_reduction_types(struct omp_parser *p, struct omp_declare_reduction *r)
{
    struct omp_vec types = { 0 };
    do {
        int end = omp_scan_expr(p, p->pos, ",:)");
        if (end == p->pos)
            omp_perror(p, p->pos, "expected a type name in 'declare reduction'");
        *(struct omp_expr *)omp_vec_push(&types, sizeof *r->types) = omp_span(p, p->pos, end);
        p->pos = end;
    } while (!p->failed && omp_is(p, p->pos, ",") && ++p->pos);
    r->ntypes = types.n;
    r->types = omp_vec_finish(p, &types, sizeof *r->types);
}

/* `( expr )` of a clause-like suffix into *e, up to the matching ')'. */
static bool parse_paren_expr(struct omp_parser *p, struct omp_expr *e, const char *what)
{
    char context[64];
    snprintf(context, sizeof context, "after '%s'", what);
    if (!omp_expect(p, "(", context))
        return false;
    int end = omp_scan_expr(p, p->pos, ")");
    if (end == p->pos)
        omp_perror(p, p->pos, "expected an expression in '%s'", what);
    *e = omp_span(p, p->pos, end);
    p->pos = end;
    return !p->failed && omp_expect(p, ")", context);
}

/* declare reduction(id : type, type : combiner) [initializer(expr)] */
static void parse_declare_reduction(struct omp_parser *p)
{
    struct omp_declare_reduction *r = omp_alloc(p, sizeof *r);
    p->dir->reduction = r;
    if (!omp_expect(p, "(", "after 'declare reduction'"))
        return;
    int end = omp_scan_expr(p, p->pos, ":)");
    if (end != p->pos + 1)
        omp_perror(p, p->pos, "expected a reduction identifier or operator");
    r->id = omp_span(p, p->pos, end);
    p->pos = end;
    if (!omp_expect(p, ":", "after the reduction identifier"))
        return;
    parse_reduction_types(p, r);
    if (p->failed || !omp_expect(p, ":", "before the combiner"))
        return;
    end = omp_scan_expr(p, p->pos, ")");
    if (end == p->pos)
        omp_perror(p, p->pos, "expected a combiner expression in 'declare reduction'");
    r->combiner = omp_span(p, p->pos, end);
    p->pos = end;
    if (p->failed || !omp_expect(p, ")", "after the combiner") || p->pos == p->ntoks)
        return;
    if (!omp_is(p, p->pos, "initializer")) {
        omp_expected(p, "'initializer' after 'declare reduction(...)'");
        return;
    }
    p->pos++;
    if (parse_paren_expr(p, &r->initializer, "initializer") && p->pos < p->ntoks)
        omp_expected(p, "the end of 'declare reduction'");
}

/* critical [(name)] */
static void parse_critical_name(struct omp_parser *p)
{
    if (!omp_is(p, p->pos, "("))
        return;
    p->pos++;
    if (p->toks[p->pos].kind != OMP_TOK_IDENT) {
        omp_perror(p, p->pos, "expected a name in 'critical(...)'");
        return;
    }
    p->dir->name = omp_span(p, p->pos, p->pos + 1);
    p->pos++;
    omp_expect(p, ")", "after the critical name");
}

/* Step over `#`, `pragma` and `omp` when the text starts with them. */
static void skip_pragma_prefix(struct omp_parser *p)
{
    if (omp_is(p, p->pos, "#"))
        p->pos++;
    if (omp_is(p, p->pos, "pragma"))
        p->pos++;
    if (omp_is(p, p->pos, "omp"))
        p->pos++;
}

/* A host target's (or target update's, enter/exit data's, or a target combined with a host
 * construct) depend clauses: before it runs where it stands, it waits for the sibling
 * tasks they name, as `taskwait depend(...)`
 * (with nowait it might run later: running at once, after its dependences, is one of the
 * orders allowed); the directive's text in d->host_wait. */
static void host_wait(struct omp_parser *p, int word)
{
    if (!omp_is(p, word, "target"))
        return;
    size_t len = strlen("taskwait") + 1;
    int ends[64][2], n = 0;
    for (int k = word + 1; k < p->ntoks; k = omp_is(p, k + 1, "(") ? skip_group(p, k + 1) : k + 1)
        if (omp_is(p, k, "depend") && omp_is(p, k + 1, "(") && n < 64) {
            int last = skip_group(p, k + 1) - 1;
            ends[n][0] = k;
            ends[n][1] = last;
            len += p->toks[last].off + p->toks[last].len - p->toks[k].off + 1;
            n++;
        }
    if (!n)
        return;
    char *w = dir_alloc(p->dir, len), *at = w + sprintf(w, "taskwait");
    for (int i = 0; i < n; i++) {
        size_t from = p->toks[ends[i][0]].off;
        size_t to = p->toks[ends[i][1]].off + p->toks[ends[i][1]].len;
        at += sprintf(at, " %.*s", (int)(to - from), p->text + from);
    }
    p->dir->host_wait = w;
}

/* `nothing` takes no clause; `requires` takes at least one, each a requirement the one
 * memory of the host meets (gcc: "expected end of line before 'nowait'", "'pragma omp
 * requires' requires at least one clause", "expected 'unified_address', ..."). */
static void host_only_clauses(struct omp_parser *p)
{
    static const char *const needs[] = { "unified_address", "unified_shared_memory",
                                         "dynamic_allocators", "reverse_offload",
                                         "atomic_default_mem_order" };
    static const char *const orders[] = { "seq_cst", "acq_rel", "relaxed" };
    int w = p->pos;
    if (omp_is(p, w, "nothing") && w + 1 < p->ntoks)
        omp_perror(p, w + 1, "'#pragma omp nothing' takes no clause, found '%.*s'",
                   TOK(p, w + 1));
    if (!omp_is(p, w, "requires"))
        return;
    if (w + 1 >= p->ntoks)
        omp_perror(p, w, "'#pragma omp requires' needs at least one clause");
    for (int k = w + 1; k < p->ntoks && !p->failed; k++) {
        if (omp_is(p, k, ","))
            continue;
        if (!next_is(p, k, needs, sizeof needs / sizeof needs[0]))
            omp_perror(p, k, "unknown clause '%.*s' in 'requires' directive (expected "
                       "unified_address, unified_shared_memory, dynamic_allocators, "
                       "reverse_offload or atomic_default_mem_order)", TOK(p, k));
        else if (omp_is(p, k, "atomic_default_mem_order") &&
                 (!omp_is(p, k + 1, "(") || !next_is(p, k + 2, orders, 3) ||
                  !omp_is(p, k + 3, ")")))
            omp_perror(p, k + 1, "expected '(seq_cst)', '(acq_rel)' or '(relaxed)' after "
                       "'atomic_default_mem_order'");
        else if (omp_is(p, k, "atomic_default_mem_order"))
            k += 3;
    }
}

static enum omp_directive_kind directive_kind(struct omp_parser *p)
{
    host_prefix(p);
    if (host_only(p)) {
        p->dir->host = true;
        host_only_clauses(p);
        return OMP_DIR_UNKNOWN;
    }
    int w = p->pos;
    if (omp_is(p, w, "declare") && omp_is(p, w + 1, "reduction")) {
        p->pos += 2;
        return OMP_DIR_DECLARE_REDUCTION;
    }
    if (omp_is(p, w, "cancellation") && omp_is(p, w + 1, "point")) {
        p->pos += 2;
        return OMP_DIR_CANCELLATION_POINT;
    }
    if (omp_is(p, w, "declare") && omp_is(p, w + 1, "variant")) {
        p->pos += 2;
        return OMP_DIR_DECLARE_VARIANT;
    }
    if (omp_is(p, w, "declare") && omp_is(p, w + 1, "simd")) {
        p->pos += 2;
        return OMP_DIR_DECLARE_SIMD;    /* the function's simd versions: gcc's business */
    }
    if (omp_is(p, w, "loop") && p->toks[w].kind == OMP_TOK_IDENT) {
        p->pos++;
        p->dir->loop = true;
        return OMP_DIR_FOR;
    }
    int k = lookup(p, w, omp_directive_names, OMP_DIR_DECLARE_REDUCTION);
    if (k < 0)
        return OMP_DIR_UNKNOWN;
    p->pos++;
    return (enum omp_directive_kind)k;
}

/*
 * Combined constructs: `parallel for|sections|master|masked [taskloop]`, `for simd`,
 * `taskloop simd`, `master|masked taskloop [simd]`.  The directive becomes the innermost
 * construct, `parallel` a flag; master/masked add nothing (their body runs once: masked's
 * `filter` is allowed and checked, a flag) and simd nothing to a loop already split into
 * tasks.
 */
static void parse_combined(struct omp_parser *p)
{
    struct omp_directive *d = p->dir;
    if (d->kind == OMP_DIR_PARALLEL) {
        static const enum omp_directive_kind inner[] = {
            OMP_DIR_FOR, OMP_DIR_SECTIONS, OMP_DIR_MASTER, OMP_DIR_MASKED,
        };
        for (size_t i = 0; i < sizeof inner / sizeof inner[0]; i++)
            if (p->toks[p->pos].kind == OMP_TOK_IDENT &&
                omp_is(p, p->pos, omp_directive_names[inner[i]])) {
                d->parallel = true;
                d->kind = inner[i];
                p->pos++;
                break;
            }
        if (!d->parallel && p->toks[p->pos].kind == OMP_TOK_IDENT && omp_is(p, p->pos, "loop")) {
            d->parallel = d->loop = true;       /* parallel loop: a parallel for */
            d->kind = OMP_DIR_FOR;
            p->pos++;
        }
    }
    if ((d->kind == OMP_DIR_MASTER || d->kind == OMP_DIR_MASKED) &&
        omp_is(p, p->pos, "taskloop")) {
        d->masked = d->kind == OMP_DIR_MASKED;
        d->master = true;
        d->kind = OMP_DIR_TASKLOOP;
        p->pos++;
    }
    if ((d->kind == OMP_DIR_FOR || d->kind == OMP_DIR_TASKLOOP) && omp_is(p, p->pos, "simd")) {
        d->simd = true;
        p->pos++;
    }
}


/* One item of a sink vector, and the ',' after it (sink_vector). */
static bool sink_item(struct omp_parser *p, struct omp_vec *items)
{
    if (p->toks[p->pos].kind != OMP_TOK_IDENT) {
        omp_expected(p, "an iteration variable in the sink vector");
        return false;
    }
    struct omp_sink *it = omp_vec_push(items, sizeof *it);
    it->var = omp_span(p, p->pos, p->pos + 1);
    p->pos++;
    if (omp_is(p, p->pos, "+") || omp_is(p, p->pos, "-")) {
        p->pos++;
        if (p->toks[p->pos].kind != OMP_TOK_NUMBER) {
            omp_expected(p, "an integer constant as the offset in the sink vector");
            return false;
        }
        p->pos++;
    }
    return omp_is(p, p->pos, ")") || omp_expect(p, ",", "or ')' after an item of the sink vector");
}

/* The names of declare simd's clause `name`, from p->pos to the ':' or ')' that ends
 * them, pushed to *v. */
static bool simd_params(struct omp_parser *p, int name, struct omp_vec *v)
{
    for (;;) {
        if (p->toks[p->pos].kind != OMP_TOK_IDENT) {
            omp_perror(p, p->pos, "expected a parameter name in '%.*s', found '%.*s'",
                       TOK(p, name), TOK(p, p->pos));
            return false;
        }
        struct omp_simd_param *s = omp_vec_push(v, sizeof *s);
        s->name = omp_span(p, p->pos, p->pos + 1);
        s->clause = omp_is(p, name, "uniform") ? "uniform"
                    : omp_is(p, name, "linear") ? "linear" : "aligned";
        if (!omp_is(p, ++p->pos, ","))
            return true;
        p->pos++;
    }
}

/* declare simd [clauses]: the function's simd versions, which change nothing here (gcc
 * makes none without -fopenmp); its clauses are read as gcc reads them, and the names
 * of uniform, linear and aligned kept for lower.c, which knows the parameters. */
static void parse_declare_simd(struct omp_parser *p)
{
    static const char *const lists[] = { "uniform", "linear", "aligned", "simdlen" };
    static const char *const linear_modifiers[] = { "val", "ref", "uval" };
    struct omp_vec v = { 0 };
    bool branch = false;
    while (p->pos < p->ntoks && !p->failed) {
        int name = p->pos;
        if (omp_is(p, name, ",")) {
            p->pos++;
        } else if (omp_is(p, name, "inbranch") || omp_is(p, name, "notinbranch")) {
            if (branch)
                omp_perror(p, name, "clauses 'inbranch' and 'notinbranch' cannot be used "
                           "together, nor either twice");
            branch = true;
            p->pos++;
        } else if (!next_is(p, name, lists, 4)) {
            omp_perror(p, name, "unknown clause '%.*s' in 'declare simd' directive (expected "
                       "simdlen, linear, aligned, uniform, inbranch or notinbranch)",
                       TOK(p, name));
        } else if (!omp_is(p, name + 1, "(")) {
            omp_perror(p, name + 1, "expected '(' after '%.*s'", TOK(p, name));
        } else {
            int end = skip_group(p, name + 1);
            p->pos = name + 2;
            bool modifier = omp_is(p, name, "linear") && next_is(p, p->pos, linear_modifiers, 3)
                            && omp_is(p, p->pos + 1, "(");
            p->pos += modifier ? 2 : 0;
            if (!omp_is(p, name, "simdlen") && simd_params(p, name, &v) && modifier)
                omp_expect(p, ")", "after the parameters of the linear modifier");
            if (!p->failed && !omp_is(p, name, "simdlen") && !omp_is(p, p->pos, ":") &&
                !omp_is(p, p->pos, ")"))
                omp_expected(p, "',', ':' or ')'");
            p->pos = end;
        }
    }
    p->dir->nsimd_params = v.n;
    p->dir->simd_params = omp_vec_finish(p, &v, sizeof *p->dir->simd_params);
}

/* A sink vector, `i - 1, j` (p->pos at its first item), to its ')': each item a name, the
 * iteration variable of a loop of the doacross nest in order (check_nesting.c knows the
 * loops), with an optional integer constant offset (gcc: "expected integer before 'k'");
 * OpenMP 5.2's `omp_cur_iteration - 1` names the iteration before.  Appended to the
 * directive's sink items (an ordered line may have several). */
static bool sink_vector(struct omp_parser *p)
{
    struct omp_vec items = { 0 };
    do
        if (!sink_item(p, &items)) {
            free(items.items);
            return false;
        }
    while (!omp_is(p, p->pos, ")"));
    p->pos++;
    struct omp_directive *d = p->dir;
    struct omp_sink *all = omp_alloc(p, (size_t)(d->nsink + items.n) * sizeof *all);
    for (int k = 0; k < d->nsink; k++)
        all[k] = d->sink[k];
    for (int k = 0; k < items.n; k++) {
        all[d->nsink + k] = ((struct omp_sink *)items.items)[k];
        all[d->nsink + k].index = k;
        all[d->nsink + k].count = items.n;
    }
    free(items.items);
    d->sink = all;
    d->nsink += items.n;
    return true;
}

/* ordered depend(source) / depend(sink: i - 1, j) (and 5.2's doacross(source:) /
 * doacross(sink: ...)): a doacross loop's point of completion or wait.  The loop runs its
 * iterations in order (lower_loop.c), which keeps every such dependence, or a team of
 * threads shares it, whose chunks end in order: a sink waits for the earlier ones
 * (nanort_ordered); read and dropped (the directive is then standalone). */
static bool doacross_wait(struct omp_parser *p)
{
    int word = p->pos;
    p->dir->ordered_doacross = true;
    if (!omp_is(p, word + 1, "(")) {
        omp_perror(p, word + 1, "expected '(' after '%.*s'", TOK(p, word));
        return false;
    }
    bool source = omp_is(p, word + 2, "source"), sink = omp_is(p, word + 2, "sink");
    if (!source && !sink) {
        omp_perror(p, word + 2, "expected 'source' or 'sink' in '%.*s' of 'ordered', found "
                   "'%.*s'", TOK(p, word), TOK(p, word + 2));
        return false;
    }
    p->dir->ordered_sink |= sink;
    p->pos = word + 3;
    if (omp_is(p, p->pos, ":"))
        p->pos++;
    else if (sink) {
        omp_expected(p, "':' after 'sink'");
        return false;
    }
    if (source && omp_is(p, p->pos, "omp_cur_iteration"))      /* 5.2: doacross(source: ...) */
        p->pos++;
    return source ? omp_expect(p, ")", "to close 'source'") : sink_vector(p);
}

/* ordered [threads] [simd]: the clauses say nothing here (a loop with an ordered clause runs
 * its iterations in order, lower_loop.c). */
static void parse_ordered(struct omp_parser *p)
{
    bool seen[2] = { false, false };
    while (p->pos < p->ntoks) {
        if (omp_is(p, p->pos, ",")) {
            p->pos++;
            continue;
        }
        int k = omp_is(p, p->pos, "threads") ? 0 : omp_is(p, p->pos, "simd") ? 1 : -1;
        if (k < 0 && (omp_is(p, p->pos, "depend") || omp_is(p, p->pos, "doacross"))) {
            if (!doacross_wait(p))
                return;
            continue;
        }
        if (k < 0 || p->toks[p->pos].kind != OMP_TOK_IDENT) {
            omp_perror(p, p->pos, "unknown clause '%.*s' in 'ordered' directive (expected "
                       "threads or simd)", TOK(p, p->pos));
            return;
        }
        if (seen[k]) {
            omp_perror(p, p->pos, "clause '%.*s' appears more than once", TOK(p, p->pos));
            return;
        }
        seen[k] = true;
        p->pos++;
    }
    p->dir->ordered_simd = seen[1];
    p->dir->ordered_threads = seen[0];
}

/* cancel and cancellation point name the construct they cancel: parallel, for, sections
 * or taskgroup (lower_sync_cancel). */
static bool parse_cancel_of(struct omp_parser *p)
{
    static const enum omp_directive_kind kinds[] = {
        OMP_DIR_PARALLEL, OMP_DIR_FOR, OMP_DIR_SECTIONS, OMP_DIR_TASKGROUP,
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (p->toks[p->pos].kind == OMP_TOK_IDENT &&
            omp_is(p, p->pos, omp_directive_names[kinds[i]])) {
            p->dir->cancel_of = kinds[i];
            p->pos++;
            return true;
        }
    omp_perror(p, p->pos, "'#pragma omp %s' must name the construct it cancels: parallel, "
               "for, sections or taskgroup", omp_directive_names[p->dir->kind]);
    return false;
}

/* threadprivate(list), flush [(list)]: the names, as a clause of kind OMP_CL_LIST. */
static void parse_directive_list(struct omp_parser *p, bool optional)
{
    if (optional && !omp_is(p, p->pos, "("))
        return;
    struct omp_clause *c = omp_alloc(p, sizeof *c);
    *c = (struct omp_clause){ .kind = OMP_CL_LIST, .loc = p->toks[p->pos].loc };
    int first = p->pos;
    char context[64];
    snprintf(context, sizeof context, "after '%s'", omp_directive_names[p->dir->kind]);
    if (omp_expect(p, "(", context) && parse_names(p, c) &&
        omp_expect(p, ")", "to close the list") && p->pos < p->ntoks)
        omp_expected(p, "the end of the directive");
    c->text = omp_span(p, first, p->pos);
    if (!p->failed) {
        p->dir->nclauses = 1;
        p->dir->clauses = c;
    }
}

/* flush's memory order (OpenMP 5.0 2.17.8: acq_rel, release or acquire; seq_cst 5.1), which
 * takes no list (gcc: "'flush' list specified together with memory order clause"); every
 * flush here is sequentially consistent, which each allows.  False: none (a list may
 * follow). */
static bool flush_memory_order(struct omp_parser *p)
{
    if (p->pos >= p->ntoks || omp_is(p, p->pos, "("))
        return false;
    if (lookup(p, p->pos, memory_orders, MEMORY_ORDERS - 1) < 0) {   /* (not relaxed) */
        omp_perror(p, p->pos, "expected 'seq_cst', 'acq_rel', 'release', 'acquire' or "
                   "'(' after 'flush', found '%.*s'", TOK(p, p->pos));
        return true;
    }
    if (omp_is(p, ++p->pos, "("))
        omp_perror(p, p->pos, "'flush' with a memory order takes no list: it orders every "
                   "memory access");
    else if (p->pos < p->ntoks)
        omp_expected(p, "the end of the directive");
    return true;
}

/* Do two expressions' texts differ only in blanks? */
static bool same_text(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '\t' || *a == '\n')
            a++;
        while (*b == ' ' || *b == '\t' || *b == '\n')
            b++;
        if (*a != *b)
            return false;
        if (!*a)
            return true;
        a++, b++;
    }
}

/* depobj(o) depend(type: locator) | update(type) | destroy[(o)] (OpenMP 5.0; destroy's
 * argument 5.2): exactly one clause. */
static void parse_depobj(struct omp_parser *p)
{
    struct omp_directive *d = p->dir;
    if (!parse_paren_expr(p, &d->name, "depobj"))
        return;
    int at = p->pos;
    if (omp_is(p, at, "depend")) {
        struct omp_clause c;
        if (!parse_clause(p, &c))
            return;
        struct omp_clause *kept = omp_alloc(p, sizeof *kept);
        *kept = c;
        d->nclauses = 1;
        d->clauses = kept;
    } else if (omp_is(p, at, "update")) {
        p->pos++;
        if (!omp_expect(p, "(", "after 'update'"))
            return;
        d->depobj_update = dependence_type(p);
        if (d->depobj_update == OMP_DEP_NONE || d->depobj_update == OMP_DEP_DEPOBJ) {
            d->depobj_update = OMP_DEP_NONE;
            omp_perror(p, p->pos, "expected 'in', 'out', 'inout', 'mutexinoutset' or 'inoutset'");
            return;
        }
        p->pos++;
        if (!omp_expect(p, ")", "after the dependence type"))
            return;
    } else if (omp_is(p, at, "destroy")) {
        p->pos++;
        d->depobj_destroy = true;
        struct omp_expr same;
        if (omp_is(p, p->pos, "(")) {
            int arg = p->pos + 1;
            if (!parse_paren_expr(p, &same, "destroy"))
                return;
            if (!same_text(d->name.text, same.text)) {
                omp_perror(p, arg, "the object in 'destroy(...)' must be the one of "
                           "'depobj(%s)'", d->name.text);
                return;
            }
        }
    } else {
        omp_perror(p, at, "expected 'depend', 'destroy' or 'update' clause");
        return;
    }
    if (p->pos < p->ntoks)
        omp_expected(p, "the end of the directive (one clause)");
}

/* error [at(compilation|execution)] [severity(fatal|warning)] [message(expr)] (5.1) */
static void parse_error_directive(struct omp_parser *p)
{
    struct omp_directive *d = p->dir;
    bool seen[3] = { false, false, false };
    static const char *const names[3] = { "at", "severity", "message" };
    while (p->pos < p->ntoks) {
        if (omp_is(p, p->pos, ",")) {
            p->pos++;
            continue;
        }
        int k = -1;
        for (int i = 0; i < 3; i++)
            if (p->toks[p->pos].kind == OMP_TOK_IDENT && omp_is(p, p->pos, names[i]))
                k = i;
        if (k < 0) {
            omp_perror(p, p->pos, "unknown clause '%.*s' in 'error' directive (expected at, "
                       "severity or message)", TOK(p, p->pos));
            return;
        }
        if (seen[k]) {
            omp_perror(p, p->pos, "too many '%s' clauses", names[k]);
            return;
        }
        seen[k] = true;
        p->pos++;
        if (k == 2) {
            if (!parse_paren_expr(p, &d->error_message, "message"))
                return;
            continue;
        }
        if (!omp_expect(p, "(", k == 0 ? "after 'at'" : "after 'severity'"))
            return;
        const char *a = k == 0 ? "compilation" : "fatal", *b = k == 0 ? "execution" : "warning";
        bool second = omp_is(p, p->pos, b);
        if (p->toks[p->pos].kind != OMP_TOK_IDENT || (!second && !omp_is(p, p->pos, a))) {
            omp_perror(p, p->pos, "expected '%s' or '%s'", a, b);
            return;
        }
        if (k == 0)
            d->error_execution = second;
        else
            d->error_warning = second;
        p->pos++;
        if (!omp_expect(p, ")", "to close the clause"))
            return;
    }
}

static void parse_directive(struct omp_parser *p)
{
    struct omp_directive *d = p->dir;
    int word = p->pos;
    char msg[256], hint[64];
    if (d->oss && !omp_oss_directive(p))
        return;         /* reported: no OmpSs-2 directive mcc runs */
    d->kind = directive_kind(p);
    target_env(p, word);
    switch (d->kind) {
    case OMP_DIR_UNKNOWN:
        d->name = omp_span(p, word, word < p->ntoks ? word + 1 : word);
        d->rest = omp_span(p, word < p->ntoks ? word + 1 : word, p->ntoks);
        if (d->host)    /* a device construct: runs as written on the host (host_only) */
            host_wait(p, word);
        if (d->host)
            return;
        snprintf(msg, sizeof msg, "ignoring unknown directive '#pragma omp %s'%s",
                 d->name.text ? d->name.text : "",
                 word < p->ntoks ? did_you_mean(p, word, omp_directive_names, OMP_DIR_UNKNOWN,
                                                ~UINT64_C(0), hint, sizeof hint) : "");
        pwarn(p, word, msg);
        return;
    case OMP_DIR_FLUSH:
        if (flush_memory_order(p))
            return;
        parse_directive_list(p, true);
        return;
    case OMP_DIR_THREADPRIVATE:
        parse_directive_list(p, false);
        return;
    case OMP_DIR_DECLARE_SIMD:
        parse_declare_simd(p);
        return;
    case OMP_DIR_ORDERED:
        parse_ordered(p);
        return;
    case OMP_DIR_SCAN:
        d->scan_inclusive = omp_is(p, p->pos, "inclusive");
        if (!d->scan_inclusive && !omp_is(p, p->pos, "exclusive")) {
            omp_perror(p, p->pos, "'#pragma omp scan' needs an inclusive(list) or "
                       "exclusive(list) clause");
            return;
        }
        p->pos++;
        parse_directive_list(p, false);
        return;
    case OMP_DIR_CANCEL: case OMP_DIR_CANCELLATION_POINT:
        if (!parse_cancel_of(p) || d->kind == OMP_DIR_CANCELLATION_POINT) {
            if (!p->failed && p->pos < p->ntoks)
                omp_expected(p, "the end of the directive");
            return;
        }
        break;
    case OMP_DIR_DECLARE_REDUCTION:
        parse_declare_reduction(p);
        return;
    case OMP_DIR_DECLARE_VARIANT:
        omp_parse_declare_variant(p);
        return;
    case OMP_DIR_DEPOBJ:
        parse_depobj(p);
        return;
    case OMP_DIR_ERROR:
        parse_error_directive(p);
        return;
    case OMP_DIR_CRITICAL:
        parse_critical_name(p);
        if (p->failed)
            return;
        break;
    default:
        parse_combined(p);
        if (p->offload_target)  /* the target's depend clauses: waited for first */
            host_wait(p, word);
        break;
    }
    parse_clauses(p);
    if (d->oss)
        omp_oss_check(p);
}

struct omp_directive *omp_parse_pragma(const char *text, size_t len, struct mcc_loc loc)
{
    return omp_parse_pragma_as(text, len, loc, false);
}

struct omp_directive *omp_parse_pragma_as(const char *text, size_t len, struct mcc_loc loc,
                                          bool oss)
{
    struct omp_directive *d = calloc(1, sizeof *d);
    struct omp_parser p = { .dir = d };
    if (!d)
        abort();
    d->loc = loc;
    d->oss = oss;
    /* Keep our own NUL-terminated copy: expressions point into it. */
    char *copy = dir_alloc(d, len + 1);
    memcpy(copy, text, len);
    p.text = copy;
    p.ntoks = omp_lex(copy, len, &p.toks);
    omp_locate_tokens(p.toks, p.ntoks, copy, loc);
    skip_pragma_prefix(&p);
    parse_directive(&p);
    d->text = copy;
    d->toks = p.toks;
    d->ntoks = p.ntoks;
    return d;
}
