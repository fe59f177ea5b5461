/*
 * lower_dir.c - a construct's directives as the lowering reads them: pragma lines parsed
 * once (freed at the end of the unit), clauses looked up over a directive and its target
 * line, a construct's name for messages and traces, its submit flags.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

static struct omp_directive *parse_pragma(struct lower *L, struct ast *pr)
{
    struct omp_directive *d = lower_map_get(&L->parsed, pr);
    if (d)
        return d;
    d = omp_parse_pragma_as(L->text + pr->begin, pr->end - pr->begin,
                            source_loc(&L->t->src, pr->begin), pr->flags & AST_PRAGMA_OSS);
    lower_map_put(L, &L->parsed, pr, d);
    if (L->ndirs == L->capdirs) {
        L->capdirs = L->capdirs ? L->capdirs * 2 : 64;
        struct omp_directive **n = realloc(L->dirs, L->capdirs * sizeof *n);
        if (!n)
            abort();
        L->dirs = n;
    }
    L->dirs[L->ndirs++] = d;
    return d;
}

struct omp_directive *lower_parse_pragma(struct lower *L, struct ast *pr)
{
    return parse_pragma(L, pr);
}

bool lower_dir_has(const struct lower_dir *d, enum omp_clause_kind k)
{
    return lower_dir_find(d, k) != NULL;
}

const struct omp_clause *lower_dir_find(const struct lower_dir *d, enum omp_clause_kind k)
{
    const struct omp_clause *c = d->dir ? omp_find_clause(d->dir, k) : NULL;
    if (!c && d->target)
        c = omp_find_clause(d->target, k);
    return c;
}

struct ast *lower_dir_nested_loop(struct ast *body)
{
    if (body && body->kind == AST_COMPOUND && body->kid[0] && body->kid[0]->kid[0] &&
        !body->kid[0]->kid[0]->next)
        body = body->kid[0]->kid[0];
    return body && body->kind == AST_FOR && !body->pragma ? body : NULL;
}

const struct sym *lower_dir_for_var(const struct ast *init)
{
    if (init && init->kind == AST_DECLARATION && init->kid[1] && init->kid[1]->kid[0])
        return init->kid[1]->kid[0]->sym;
    if (init && init->kind == AST_EXPR_STMT)
        init = init->kid[0];
    return init && init->kind == AST_ASSIGN && init->kid[0] && init->kid[0]->kind == AST_IDENT
               ? init->kid[0]->sym : NULL;
}

bool lower_dir_iteration_var(const struct lower_dir *d, const struct sym *s)
{
    struct ast *nest[LOWER_DIR_MAX_NEST];
    int n = lower_dir_nest(d, nest);
    for (int k = 0; k < n; k++)
        if (lower_dir_for_var(nest[k]->kid[0]) == s)
            return true;
    return false;
}

int lower_dir_nest(const struct lower_dir *d, struct ast **loops)
{
    if (d->dir->kind != OMP_DIR_FOR && d->dir->kind != OMP_DIR_TASKLOOP)
        return 0;
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_COLLAPSE);
    long n = c ? strtol(c->args[0].text, NULL, 0) : 1;
    struct ast *f = d->node && d->node->kind == AST_FOR ? d->node : NULL;
    int k = 0;
    for (; f && k < n && k < LOWER_DIR_MAX_NEST; k++) {
        loops[k] = f;
        f = lower_dir_nested_loop(f->kid[3]);
    }
    return k;
}

const char *lower_where_loc(struct lower *L, const struct mcc_loc *loc)
{
    const char *f = loc->file ? loc->file : "?";
    const char *slash = strrchr(f, '/');
    struct lower_buf b = {0};
    /* (the name is as cpp's linemarker spelled it: `\"` and `\\` are escaped already) */
    for (const char *s = slash ? slash + 1 : f; *s; s++) {
        if (*s == '\\' && s[1])
            lbuf_printf(&b, "%c%c", s[0], s[1]), s++;
        else
            lbuf_printf(&b, *s == '"' ? "\\%c" : "%c", *s);
    }
    lbuf_printf(&b, ":%d", loc->line);
    return lbuf_take(&b, L->a);
}

const char *lower_where(struct lower *L, const struct omp_directive *d)
{
    return lower_where_loc(L, &d->loc);
}

const char *lower_label(const struct lower_dir *d, const char *fallback)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_LABEL);
    return c && c->nargs > 0 && c->args[0].text ? c->args[0].text : fallback;
}

const char *lower_dir_arg(struct lower *L, const struct lower_dir *d, const struct omp_clause *c)
{
    return lower_at_user(L, &c->args[0].loc, &d->dir->loc, lower_expr(L, c->args[0].text, NULL, 0));
}

void lower_submit(struct lower *L, struct lower_buf *b, const struct lower_dir *d,
                  const char *flags)
{
    const struct omp_clause *cif = lower_dir_find(d, OMP_CL_IF);
    const struct omp_clause *cfin = lower_dir_find(d, OMP_CL_FINAL);
    const struct omp_clause *cpri = lower_dir_find(d, OMP_CL_PRIORITY);
    L->fn_spawns |= L->fn && !L->frame;
    lbuf_puts(b, "nanort_task_submit(__nrt_t, 0u");
    /* a chunk that asks its thread number: in an inactive region, the team's one thread
       runs it (nanort.h), 0 as the region's single said 1 thread */
    if ((d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_SECTIONS) &&
        lower_reaches_call(L, d->node, "omp_get_thread_num"))
        lbuf_puts(b, " | (unsigned)NANORT_TASK_THREAD_NUM");
    else if (d->dir->kind == OMP_DIR_TASK && lower_reaches_call(L, d->node, "omp_get_thread_num"))
        lbuf_puts(b, " | (unsigned)NANORT_TASK_TEAM_NUM");  /* (in a narrower team: nanort.h) */
    if (flags)
        lbuf_printf(b, " | %s", flags);
    if (cif)
        lbuf_printf(b, " | ((%s) ? 0u : (unsigned)NANORT_TASK_UNDEFERRED)",
                    lower_dir_arg(L, d, cif));
    if (cfin)
        lbuf_printf(b, " | ((%s) ? (unsigned)NANORT_TASK_FINAL : 0u)", lower_dir_arg(L, d, cfin));
    lbuf_printf(b, ", %s%s%s);", cpri ? "(int)(" : "0", cpri ? lower_dir_arg(L, d, cpri) : "",
                cpri ? ")" : "");
}

/* ---- devices and copies of a construct (lower_device.c, lower_cuda.c, lower_calls.c) --- */

/* Bits (1u << enum omp_device) of the devices a task or target line names; none: smp. */
unsigned lower_dir_devices(const struct lower_dir *d)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_DEVICE);
    return c && c->devices ? c->devices : 1u << OMP_DEVICE_SMP;
}

/* ---- which parameters are buffers ---------------------------------------------------- */

static bool copy_deps_of(struct lower *L, const struct lower_dir *d)
{
    if (lower_dir_has(d, OMP_CL_NO_COPY_DEPS))
        return false;
    return lower_dir_has(d, OMP_CL_COPY_DEPS) || L->copy_deps;
}

static bool is_copy_clause(const struct omp_clause *c)
{
    return c->kind == OMP_CL_COPY_IN || c->kind == OMP_CL_COPY_OUT || c->kind == OMP_CL_COPY_INOUT;
}

static bool is_dep_clause(const struct omp_clause *c)
{
    switch (c->kind) {
    case OMP_CL_IN: case OMP_CL_OUT: case OMP_CL_INOUT: case OMP_CL_INPUT: case OMP_CL_OUTPUT:
    case OMP_CL_DEPEND: case OMP_CL_CONCURRENT: case OMP_CL_COMMUTATIVE:
        return c->dep != OMP_DEP_NONE && c->dep != OMP_DEP_DEPOBJ;
    default:
        return false;
    }
}

static bool ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Does the C text name `name` (as a whole identifier)? */
static bool names(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; (p = strstr(p, name)) != NULL; p += n)
        if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]))
            return true;
    return false;
}

/* Is `name` the base of a region of d's copy clauses (copies) or dependences (deps): `x`,
 * or an expression of a pointer `x` such as `(in - 1)` in `[n + 2](in - 1)`, x points into
 * that region? */
static bool region_base(const struct lower_dir *d, const char *name, bool copies, bool deps)
{
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            const struct omp_clause *c = &ds[k]->clauses[i];
            if (!(copies && is_copy_clause(c)) && !(deps && is_dep_clause(c)))
                continue;
            for (int r = 0; r < c->nrefs; r++) {
                const struct omp_ref *root = omp_ref_root(c->refs[r]);
                if (root->kind == OMP_REF_NAME ? !strcmp(root->text.text, name)
                                               : names(root->text.text, name))
                    return true;
            }
        }
    return false;
}

bool lower_dir_copies(struct lower *L, const struct lower_dir *d, const char *name)
{
    return region_base(d, name, true, copy_deps_of(L, d));
}

bool lower_dir_depends(const struct lower_dir *d, const char *name)
{
    return region_base(d, name, false, true);
}

const struct omp_clause *lower_dir_copied_depobj(struct lower *L, const struct lower_dir *d)
{
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2 && copy_deps_of(L, d); k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++)
            if (ds[k]->clauses[i].kind == OMP_CL_DEPEND && ds[k]->clauses[i].dep == OMP_DEP_DEPOBJ)
                return &ds[k]->clauses[i];
    return NULL;
}

/* Where d's first pragma line starts (its construct's start without one). */
size_t lower_dir_off(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

/* ---- where a directive is (for messages) --------------------------------------------- */

const char *lower_pragma_word(struct lower *L, const struct ast *pr)
{
    const char *s = L->text + pr->begin, *e = L->text + pr->end;
    const char *omp = s;
    while (omp + 3 <= e && memcmp(omp, "omp", 3) != 0)
        omp++;
    const char *w = omp + 3;
    while (w < e && (*w == ' ' || *w == '\t'))
        w++;
    return w;
}

/* Where the directive word of pragma `pr` is (the `task` of `#pragma omp task`). */
struct mcc_loc lower_pragma_loc(struct lower *L, const struct ast *pr)
{
    const char *w = lower_pragma_word(L, pr);
    return source_user_loc(&L->t->src, w < L->text + pr->end ? (size_t)(w - L->text)
                                                             : pr->begin);
}

struct mcc_loc lower_dir_loc(struct lower *L, const struct lower_dir *d)
{
    return d->node && d->node->pragma ? lower_pragma_loc(L, d->node->pragma) : d->dir->loc;
}

/* An orphaned worksharing construct or barrier (no parallel region around it in its
 * function) that a function of another unit may reach from an SPMD body, run once per
 * thread number: the runtime stops there with a message (nanort_spmd_orphan), since the
 * others' code before it has not run yet.  "" where a region of this function is around
 * it (its own body is seen: lower_omp.c's spmd_body). */
const char *lower_spmd_orphan_check(struct lower *L, const struct omp_directive *dir)
{
    for (const struct lower_region *r = L->region; r; r = r->up)
        if (r->team)
            return "";
    return arena_printf(L->a, "nanort_spmd_orphan(\"%s\", \"%s\"); ",
                        omp_directive_names[dir->kind], lower_where(L, dir));
}

const char *lower_allocate_align(struct lower *L, const struct omp_directive *dir,
                                 const struct sym *s)
{
    for (int i = 0; dir && i < dir->nclauses; i++) {
        const struct omp_clause *c = &dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_ALLOCATE && c->nargs == 1 && k < c->nrefs; k++)
            if (lower_name_in(s->name->str, s->name->len, &c->refs[k]->text.text, 1))
                return arena_printf(L->a, " __attribute__((__aligned__(%s)))",
                                    c->args[0].text);
    }
    return "";
}

/* The declaration an orphaned `for`, `single` or `sections` of a team's member begins
 * with: __nrt_ws, the team's size there, else 0 (nanort_team_orphan; lower_loop.c,
 * lower_omp.c). */
const char *lower_team_orphan_check(struct lower *L, const struct omp_directive *dir)
{
    return arena_printf(L->a, "int __nrt_ws = nanort_team_orphan(\"%s\", \"%s\"); ",
                        omp_directive_names[dir->kind], lower_where(L, dir));
}

/* The kind of the cancel scope (nanort_cancel_begin) of a `for` or `sections` (kind): of
 * a team's (team), or of an orphaned one that a team's member shares (shared, __nrt_ws its
 * team's size), the team's, whose cancel reaches every member. */
const char *lower_team_cancel_kind(struct lower *L, const char *kind, bool team, bool shared)
{
    return team ? arena_printf(L->a, "%s | NANORT_CANCEL_TEAM", kind)
           : shared ? arena_printf(L->a, "%s | (__nrt_ws > 1 ? NANORT_CANCEL_TEAM : 0)", kind)
           : kind;
}

/* A declaration in `decl` that passes the team's barrier (when the expression `when`
 * holds; NULL: always): each member has taken its copy of what a declared reduction's
 * omp_orig reads before any chunk or section combines into the original. */
void lower_team_seeded(struct lower_buf *decl, const char *when)
{
    if (when)
        lbuf_printf(decl, "__attribute__((__unused__)) char __nrt_seeded = (%s ? "
                    "nanort_team_barrier() : (void)0, 0); ", when);
    else
        lbuf_puts(decl, "__attribute__((__unused__)) char __nrt_seeded = "
                  "(nanort_team_barrier(), 0); ");
}

/* `__typeof__(orig) name;` declared with a copy of orig's value, taken where it stands
 * (what a declared reduction's omp_orig reads: lower_inline.c, lower_omp.c). */
void lower_seed_copy(struct lower_buf *decl, const char *name, const char *orig)
{
    lbuf_printf(decl, "__typeof__(%s) %s; __attribute__((__unused__)) char %s_set = "
                "(__builtin_memcpy(&%s, &(%s), sizeof %s), 0); ", orig, name, name, name, orig,
                name);
}

/* ---- reductions updated in place (lower_inline.c, lower_deps.c) ---- */

/* Do two reduction items of d name different parts of r's variable (`e[0]` and `e[3]`)? */
static bool another_part(const struct omp_directive *d, const struct omp_ref *r)
{
    const struct omp_ref *root = omp_ref_root(r);
    for (int i = 0; d && i < d->nclauses; i++) {
        const struct omp_clause *c = &d->clauses[i];
        for (int k = 0; c->kind == OMP_CL_REDUCTION && k < c->nrefs; k++) {
            const struct omp_ref *o = omp_ref_root(c->refs[k]);
            if (c->refs[k] != r && o->kind == OMP_REF_NAME &&
                !strcmp(o->text.text, root->text.text) &&
                strcmp(c->refs[k]->text.text, r->text.text))
                return true;
        }
    }
    return false;
}

/* A member item (`s->total`, `st.sum`, `p->acc[3]`) of a variable, or one of several parts
 * of one variable (`e[0]` and `e[3]`) on a task or taskloop d: no private copy; the task
 * updates it where it is, under a commutative dependence on it, as a function task's
 * reductions without private copies do (lower_task.c private_reductions): the reducing
 * tasks run one at a time, in any order, and a later reader waits for all of them.  Not in
 * a worksharing construct or a region's body run once per thread: the tasks the threads
 * create are in dependence domains of their own, which commutative does not span. */
bool lower_reduction_in_place(struct lower *L, const struct omp_directive *d,
                              const struct omp_ref *r)
{
    if (!d || (d->kind != OMP_DIR_TASK && d->kind != OMP_DIR_TASKLOOP))
        return false;
    for (const struct lower_region *g = L->region; g; g = g->up)
        if (g->spmd || g->threads)
            return false;
    bool member = false;
    const struct omp_ref *b = r;
    for (; b->kind != OMP_REF_NAME; b = b->base) {
        if (b->kind == OMP_REF_EXPR || b->kind == OMP_REF_MULTI)
            return false;
        member |= b->kind == OMP_REF_MEMBER || b->kind == OMP_REF_ARROW;
    }
    return r != b && (member || another_part(d, r));
}
