/*
 * lower_task.c - function tasks: `#pragma omp task` on a function declaration or
 * definition makes every call of it a task.  For a function task f:
 *   before its first declaration   struct f__nrt_args { one member per parameter };
 *                                  static void f__nrt_spawn(<f's parameters>);
 *                                  static struct nanort_task_type f__nrt_type;
 *   after the pragma'd declaration f__nrt_run (unpacks the args block and calls f) and
 *                                  f__nrt_spawn (final: call f; else create the task, copy
 *                                  the arguments, add the regions, submit)
 *   at the end of the unit         f__nrt_type with its implementations: f itself and every
 *                                  function that `implements(f)`
 * reduction(op: *p) / reduction(op: [n]p) on pointer parameters: f__nrt_run calls f with a
 * private copy (on the stack, or the heap over 4 KiB) initialised to the identity, then
 * combines it into the original (lower_reduction_code, shared with inline tasks); the
 * region is concurrent, so reducing tasks run at the same time.  Other reduction items
 * keep the task's reductions commutative dependences.
 * Calls f(...) are renamed f__nrt_spawn(...) by the walk (lower.c).  Array parameters are
 * members of their adjusted pointer type; variably modified ones are void * members: the
 * call f(p->A) converts them back.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

static struct lower_ftask *task_named(struct lower *L, const char *s)
{
    return lower_ftask_find(L, name_intern(&L->t->parser, s, strlen(s)));
}

/* ---- registration ------------------------------------------------------------------- */

static bool param_is_void(struct ast *p)
{
    return p->kind == AST_PARAM && !p->kid[1] && p->kid[0] && p->kid[0]->tclass == TYPE_VOID;
}

/* Does the chain refs[n-1] (outermost) .. refs[0] (a member of `root`) stay inside the
 * object root's type describes: members, and elements of array members (`v.arr[0;3]`,
 * `v.m[1][2]`), never through a pointer (`v.data[0;n]`)?  False when not known. */
static bool inside_object(struct lower *L, struct sym *root, const struct omp_ref *const *refs,
                          int n)
{
    struct ck_type t = ck_type_of_sym(L, root);
    for (int i = n - 1; i >= 0; i--) {
        const struct omp_ref *r = refs[i];
        if (r->kind == OMP_REF_MEMBER) {
            struct ast *members = t.n == 0 && t.base == CK_STRUCT && t.tag
                                      ? ck_struct_members(L, t.tag) : NULL;
            const char *m = r->member.text;
            if (!members || ck_find_member(L, members, name_intern(&L->t->parser, m, strlen(m)),
                                           &t, 0) != 1)
                return false;
        } else if ((r->kind == OMP_REF_SUBSCRIPT || r->kind == OMP_REF_SECTION) && t.n > 0 &&
                   t.d[0] == CK_ARRAY) {
            t.n--;
            memmove(t.d, t.d + 1, t.n);
            memmove(t.params, t.params + 1, t.n * sizeof t.params[0]);
        } else {
            return false;
        }
    }
    return true;
}

/* The parameter passed by value whose own storage r designates (`v`, `v.n`, `v.arr[1]`),
 * or NULL. */
static struct sym *by_value_param(struct lower *L, struct ast *params, const struct omp_ref *r)
{
    const struct omp_ref *chain[16];
    int n = 0;
    while ((r->kind == OMP_REF_MEMBER || r->kind == OMP_REF_SUBSCRIPT ||
            r->kind == OMP_REF_SECTION) && n < 16) {
        chain[n++] = r;
        r = r->base;
    }
    if (r->kind != OMP_REF_NAME)
        return NULL;
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && p->sym && strlen(r->text.text) == p->sym->name->len &&
            memcmp(r->text.text, p->sym->name->str, p->sym->name->len) == 0) {
            if (p->sym->type == TYPE_POINTER && p->sym->array_param)
                return NULL;
            bool members_only = true;
            for (int i = 0; i < n; i++)
                members_only &= chain[i]->kind == OMP_REF_MEMBER;
            return members_only || inside_object(L, p->sym, chain, n) ? p->sym : NULL;
        }
    return NULL;
}

struct name_check {
    struct lower *L;
    struct lower_ftask *f;
    const struct omp_ref *ref;
    const char *iters[8];
    int niters;
};

static const char *check_name(void *arg, const char *s, size_t n)
{
    struct name_check *c = arg;
    if (lower_name_in(s, n, c->iters, c->niters) || (n > 10 && !memcmp(s, "__builtin_", 10)))
        return NULL;
    for (struct ast *p = c->f->params ? c->f->params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && p->sym && p->sym->name->len == n &&
            memcmp(p->sym->name->str, s, n) == 0)
            return NULL;
    struct name *nm = name_intern(&c->L->t->parser, s, n);
    if (nm->keyword || (nm->ord && nm->ord->depth == 0))
        return NULL;
    mcc_error_at(&c->ref->text.loc, "'%.*s' is local to '%.*s': a dependence of a function "
                 "task may name only its parameters and globals", (int)n, s,
                 (int)c->f->name->len, c->f->name->str);
    return NULL;
}

static void check_deps(struct lower *L, struct lower_ftask *f)
{
    const struct omp_directive *ds[2] = {f->dir.dir, f->dir.target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            const struct omp_clause *c = &ds[k]->clauses[i];
            if (c->kind == OMP_CL_FIRSTPRIVATE || c->kind == OMP_CL_SHARED ||
                c->kind == OMP_CL_PRIVATE || c->nrefs == 0)
                continue;
            for (int r = 0; r < c->nrefs; r++) {
                struct name_check nc = {L, f, c->refs[r], {0}, 0};
                lower_set_params(L, f->params, 0, (size_t)-1);
                const struct omp_ref *ref = c->refs[r];
                /* (the iterators of every level of a nested multidependence) */
                for (const struct omp_ref *m = ref; m->kind == OMP_REF_MULTI; m = m->base)
                    for (int j = 0; j < m->niters && nc.niters < 8; j++)
                        nc.iters[nc.niters++] = m->iters[j].var.text;
                lower_map_idents(L, ref->text.text, check_name, &nc);
                struct sym *p = by_value_param(L, f->params, ref);
                if (!p || c->dep == OMP_DEP_NONE)
                    continue;
                /* a pointer named alone: the data it points to was meant */
                char hint[256] = "";
                if (ref->kind == OMP_REF_NAME && p->type == TYPE_POINTER && !p->function_param)
                    snprintf(hint, sizeof hint, "; for the data it points to, write '%s(*%s)', "
                             "or '%s([n]%s)' for n elements", omp_dep_names[c->dep],
                             ref->text.text, omp_dep_names[c->dep], ref->text.text);
                if (c->dep == OMP_DEP_IN)
                    mcc_warning_at(&ref->text.loc, "'in' dependence on parameter '%s', which is "
                                   "passed by value, has no effect%s", ref->text.text, hint);
                else
                    mcc_error_at(&ref->text.loc, "'%s' dependence on parameter '%s', which is "
                                 "passed by value%s", omp_dep_names[c->dep], ref->text.text, hint);
            }
        }
}

/* The `*` of an array derivation written `[*]` (C99's VLA of unspecified size, allowed
 * only in a prototype: the grammar keeps no size for it, its text ends in `*]`), or 0. */
static size_t star_of(struct lower *L, struct ast *d)
{
    if (d->kind != AST_DECL_ARRAY || d->kid[1] || d->end < 2)
        return 0;
    size_t e = d->end - 1;                      /* the ']' */
    while (e > d->begin && (L->text[e - 1] == ' ' || L->text[e - 1] == '\t' ||
                            L->text[e - 1] == '\n'))
        e--;
    return e > d->begin && L->text[e - 1] == '*' ? e - 1 : 0;
}

/* The `[*]` derivations of parameter p: in *adjusted the `*` of the one that parameter
 * adjustment turns into a pointer (`a[*]`, the first of `a[*][10]`), which the spawn
 * function's definition writes `[ ]`; in *other that of any other (`a[10][*]`,
 * `(*a)[*]`), whose size the task would need; 0: none. */
static void star_arrays(struct lower *L, struct ast *p, size_t *adjusted, size_t *other)
{
    *adjusted = *other = 0;
    for (struct ast *d = p->kid[1]; d && d->kind != AST_DECL_NAME; d = d->kid[0]) {
        size_t star = star_of(L, d);
        if (star && d->kid[0] && d->kid[0]->kind == AST_DECL_NAME)
            *adjusted = star;
        else if (star)
            *other = star;
    }
}

/* The return type as written: specifiers and the pointers around the function. */
static const char *return_type(struct lower *L, struct ast *specs, struct ast *declarator)
{
    struct lower_buf b = {0};
    lower_specs_text(L, &b, specs);
    if (b.len)
        b.s[--b.len] = '\0';
    for (struct ast *d = declarator; d && d->kind == AST_DECL_POINTER; d = d->kid[0])
        lbuf_puts(&b, b.len && b.s[b.len - 1] == '*' ? "*" : " *");
    return lbuf_take(&b, L->a);
}

static bool check_signature(struct lower *L, struct ast *item, struct ast *declarator,
                            struct lower_ftask *f)
{
    struct ast *specs = item->kid[0];
    struct ast *dn = ast_declarator_name(declarator);
    struct mcc_loc loc = source_loc(&L->t->src, dn->begin);
    const struct omp_clause *det = lower_dir_find(&f->dir, OMP_CL_DETACH);
    if (det) {
        mcc_error_at(&det->loc, "sorry, unimplemented: 'detach' on a function task (put the "
                     "call in an inline task: '#pragma omp task detach(ev)')");
        return false;
    }
    if (declarator->kind != AST_DECL_FUNCTION || !specs || specs->tclass != TYPE_VOID) {
        mcc_error_at(&loc, "function task '%.*s' must return void, not '%s'",
                     (int)f->name->len, f->name->str, return_type(L, specs, declarator));
        return false;
    }
    for (struct ast *p = f->params ? f->params->kid[0] : NULL; p; p = p->next) {
        if (p->kind == AST_ELLIPSIS) {
            struct mcc_loc at = source_loc(&L->t->src, p->begin);
            mcc_error_at(&at, "function task '%.*s' cannot be variadic", (int)f->name->len,
                         f->name->str);
            return false;
        }
        if (p->kind != AST_PARAM) {
            mcc_error_at(&loc, "sorry, unimplemented: function task '%.*s' with a K&R "
                         "parameter that has no declaration (an implicit int: declare its "
                         "type)", (int)f->name->len, f->name->str);
            return false;
        }
        if (!p->sym && param_is_void(p) && (p != f->params->kid[0] || p->next)) {
            struct mcc_loc at = source_loc(&L->t->src, p->begin);
            mcc_error_at(&at, "'void' must be the only parameter");
            return false;
        }
        if (!p->sym && !param_is_void(p)) {
            mcc_error_at(&loc, "sorry, unimplemented: function task '%.*s' needs names for "
                         "its parameters (name them in this declaration, or define the "
                         "function in this file)", (int)f->name->len, f->name->str);
            return false;
        }
        if (p->sym && lower_specs_define_tag(p->sym->specs)) {
            struct mcc_loc at = source_loc(&L->t->src, p->begin);
            mcc_error_at(&at, "sorry, unimplemented: parameter '%.*s' of function task '%.*s' "
                         "has a type declared in the parameter list (the task's code cannot "
                         "name it: declare the type before the function)",
                         (int)p->sym->name->len, p->sym->name->str, (int)f->name->len,
                         f->name->str);
            return false;
        }
        size_t adjusted, star;
        star_arrays(L, p, &adjusted, &star);
        if (star) {
            struct mcc_loc at = source_loc(&L->t->src, star);
            mcc_error_at(&at, "sorry, unimplemented: parameter '%.*s' of function task '%.*s' "
                         "declared with '[*]': give its sizes where the pragma is "
                         "('double a[n][n]'), the task copies the argument by that type",
                         p->sym ? (int)p->sym->name->len : 0, p->sym ? p->sym->name->str : "",
                         (int)f->name->len, f->name->str);
            return false;
        }
    }
    return true;
}

/* Offset of the first file-scope declaration of `n` (spawn prototypes go before it). */
/* Where the first file-scope declaration of n starts (`fallback` declares n too). */
static size_t first_declaration(struct lower *L, struct name *n, struct ast *fallback)
{
    if (!L->first_decl_of.cap) {
        struct ast *items = L->t->tu->kid[0];
        for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
            struct ast *d = lower_function_declarator(i);
            struct ast *dn = d ? ast_declarator_name(d) : NULL;
            if (dn && !lower_map_get(&L->first_decl_of, dn->name))
                lower_map_put(L, &L->first_decl_of, dn->name, i);
        }
    }
    struct ast *i = lower_map_get(&L->first_decl_of, n);
    if (!i || i->begin > fallback->begin)
        i = fallback;
    return i->pragma ? i->pragma->begin : i->begin;
}

/* Clause text equal but for white space. */
static bool same_text(const char *a, const char *b)
{
    for (;; a++, b++) {
        while (*a == ' ' || *a == '\t')
            a++;
        while (*b == ' ' || *b == '\t')
            b++;
        if (*a != *b)
            return false;
        if (!*a)
            return true;
    }
}

/* Do two pragmas of one function (NULL: none) have the same clauses, in the same order? */
static bool same_directive(const struct omp_directive *a, const struct omp_directive *b)
{
    if (!a || !b)
        return a == b;
    if (a->nclauses != b->nclauses)
        return false;
    for (int i = 0; i < a->nclauses; i++)
        if (!same_text(a->clauses[i].text.text, b->clauses[i].text.text))
            return false;
    return true;
}

static void check_inprivate(struct lower *L, const struct lower_ftask *f);

/* Does a parameter of params have no name (`void work(int, long *)`)? */
static bool unnamed_param(struct ast *params)
{
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && !p->sym && !param_is_void(p))
            return true;
    return false;
}

/* The parameters of n's definition in this unit, which name them all, or NULL: a header's
 * prototype `void work(int, long *);` under the pragma takes the names of the definition
 * below it (its clauses cannot name a parameter, the spawn function must). */
static struct ast *definition_params(struct lower *L, struct name *n, struct ast *params)
{
    struct ast *items = L->t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        struct ast *d = i->kind == AST_FUNCTION_DEF ? lower_function_declarator(i) : NULL;
        struct ast *dn = d ? ast_declarator_name(d) : NULL;
        if (!dn || dn->name != n)
            continue;
        struct ast *named = ast_declarator_params(d);
        int k = 0;
        for (struct ast *p = named ? named->kid[0] : NULL; p; p = p->next, k++)
            if (p->kind != AST_PARAM)
                return NULL;    /* (K&R) */
        for (struct ast *p = params->kid[0]; p; p = p->next)
            k--;
        return k == 0 && !unnamed_param(named) ? named : NULL;
    }
    return NULL;
}

void lower_task_register(struct lower *L, struct ast *item, struct lower_dir *d)
{
    struct ast *declarator = lower_function_declarator(item);
    struct omp_directive *first = d->dir ? d->dir : d->target;
    if (!declarator) {
        mcc_error_at(&first->loc, "'#pragma omp %s' must be followed by a function declaration "
                     "or definition here", omp_directive_names[first->kind]);
        return;
    }
    struct ast *dn = ast_declarator_name(declarator);
    struct lower_ftask *f = arena_alloc(L->a, sizeof *f);
    f->name = dn->name;
    f->decl = item;
    f->declarator = declarator;
    f->params = ast_declarator_params(declarator);
    if (f->params && f->params->kid[0] && !f->params->kid[0]->next &&
        param_is_void(f->params->kid[0]))
        f->params = NULL;
    if (unnamed_param(f->params) && definition_params(L, f->name, f->params))
        f->params = definition_params(L, f->name, f->params);
    /* (a K&R definition: the parameters its declaration list declares, in the
       identifier list's order) */
    f->kr = lower_kr_params(L, item) != NULL;
    if (f->kr)
        f->params = lower_kr_params(L, item);
    f->dir = *d;
    if (!lower_device_check(L, f))
        return;
    lower_device_host_prototype(L, f);
    const struct omp_clause *impl = lower_dir_find(d, OMP_CL_IMPLEMENTS);
    if (impl && impl->nargs > 0)
        f->impl_of = impl->args[0].text;
    if (d->dir && d->dir->kind != OMP_DIR_TASK) {
        mcc_error_at(&d->dir->loc, "'#pragma omp %s' cannot apply to a function",
                     omp_directive_names[d->dir->kind]);
        return;
    }
    if (d->dir) {
        const struct lower_ftask *earlier = lower_ftask_find(L, f->name);
        if (earlier) {          /* already a task (pragma on an earlier declaration) */
            if (!same_directive(d->dir, earlier->dir.dir) ||
                !same_directive(d->target, earlier->dir.target)) {
                mcc_warning_at(&first->loc, "'%.*s' is already a function task, with other "
                               "clauses: those of this declaration are ignored (write the "
                               "same pragma on every declaration, or on one only)",
                               (int)f->name->len, f->name->str);
                const struct omp_directive *e = earlier->dir.dir;
                mcc_note_at(&(earlier->dir.target ? earlier->dir.target : e)->loc,
                            "the pragma that made it a task, whose clauses every call uses");
            }
            return;
        }
        if (!check_signature(L, item, declarator, f))
            return;
        check_deps(L, f);
        check_inprivate(L, f);
    } else if (!f->impl_of) {
        /* a device function: nothing to do for smp (or CUDA code moved to nvcc); an
         * OpenCL kernel with only a target line is remembered, for its host calls */
        if (lower_dir_devices(d) & 1u << OMP_DEVICE_OPENCL &&
            !(lower_dir_devices(d) & 1u << OMP_DEVICE_SMP))
            lower_map_put(L, &L->kernel_only, f->name, f);
        return;
    } else if (!check_signature(L, item, declarator, f)) {
        return;                 /* a version of a task is one too (main cannot be) */
    }
    f->first_decl = first_declaration(L, f->name, L->fn ? L->fn : item);
    f->next = L->ftasks;
    L->ftasks = f;
    if (f->dir.dir)
        lower_map_put(L, &L->ftask_of, f->name, f);
}

/* ---- emission ------------------------------------------------------------------------ */

static const char *fname(struct lower *L, const struct lower_ftask *f)
{
    return arena_strndup(L->a, f->name->str, f->name->len);
}

#define EACH_PARAM(f, p) \
    for (struct ast *p = (f)->params ? (f)->params->kid[0] : NULL; p; p = p->next)

/* ---- reductions: private copies in the run function ----------------------------------- */

/* The pointer parameter that reduction item r names, when it can get a private copy: `*p`
 * or `[n]..p` with p a parameter whose type the args block keeps. */
static struct sym *red_param(struct lower *L, const struct lower_ftask *f,
                             const struct omp_ref *r)
{
    if ((r->kind != OMP_REF_DEREF && r->kind != OMP_REF_SHAPE) || r->base->kind != OMP_REF_NAME)
        return NULL;
    const char *x = r->base->text.text;
    EACH_PARAM(f, p) {
        struct sym *s = p->sym;
        if (s && s->name->len == strlen(x) && !memcmp(s->name->str, x, s->name->len))
            return s->type == TYPE_POINTER && !s->array_param &&
                   !lower_sym_is_vm(s) && lower_decl_text(L, s, NULL) ? s : NULL;
    }
    return NULL;
}

/* f's reduction items when every one gets a private copy (at most one per parameter); else
 * NULL and they stay commutative dependences (correct, one reducing task at a time). */
static struct lower_fred *private_reductions(struct lower *L, const struct lower_ftask *f)
{
    struct lower_fred *reds = NULL;
    const struct omp_directive *d = f->dir.dir;
    for (int i = 0; d && i < d->nclauses; i++) {
        const struct omp_clause *c = &d->clauses[i];
        for (int k = 0; c->kind == OMP_CL_REDUCTION && k < c->nrefs; k++) {
            struct sym *s = red_param(L, f, c->refs[k]);
            for (struct lower_fred *r = reds; s && r; r = r->next)
                if (r->param == s)
                    s = NULL;
            if (!s)
                return NULL;
            struct lower_fred *r = arena_alloc(L->a, sizeof *r);
            *r = (struct lower_fred){c, c->refs[k], s, reds};
            reds = r;
        }
    }
    return reds;
}

static const char *pname(struct lower *L, const struct sym *s)
{
    return arena_strndup(L->a, s->name->str, s->name->len);
}

/* ---- inprivate: the task's own copy of what a pointer parameter points to ------------ */

/* The bytes inprivate item r of f copies (lower_deps_inpriv_bytes), its parameter in
 * *param; NULL when it copies nothing (a by-value parameter is the task's copy already)
 * or is a form not handled (check_inprivate reports it; *failed: one its dependence
 * reports). */
static const char *inpriv_bytes(struct lower *L, const struct lower_ftask *f,
                                const struct omp_ref *r, struct sym **param, bool *failed)
{
    *failed = false;
    *param = NULL;
    if (lower_map_get(&L->void_item, r))
        return NULL;
    lower_set_params(L, f->params, 0, (size_t)-1);
    return lower_deps_inpriv_bytes(L, r, NULL, param, failed);
}

#define EACH_INPRIV(f, c, k)                                                              \
    for (int c##_i = 0; (f)->dir.dir && c##_i < (f)->dir.dir->nclauses; c##_i++)          \
        for (const struct omp_clause *c = &(f)->dir.dir->clauses[c##_i]; c; c = NULL)      \
            for (int k = 0; c->kind == OMP_CL_INPRIVATE && k < c->nrefs; k++)

/* Every inprivate item of f copies the data of a pointer parameter, one item a parameter,
 * or names a by-value parameter (already the task's own). */
static void check_inprivate(struct lower *L, const struct lower_ftask *f)
{
    struct sym *seen[16];
    int nseen = 0;
    EACH_INPRIV(f, c, k) {
        const struct omp_ref *r = c->refs[k];
        struct sym *s;
        if (by_value_param(L, f->params, r))
            continue;
        bool failed;
        if (!inpriv_bytes(L, f, r, &s, &failed)) {
            if (!failed)
                    mcc_error_at(&r->text.loc, "sorry, unimplemented: this form of inprivate "
                             "on function task '%.*s' (name what a pointer parameter points "
                             "to: *p, [n]p, or a parameter declared as an array)",
                             (int)f->name->len, f->name->str);
            continue;
        }
        for (int i = 0; i < nseen; i++)
            if (seen[i] == s) {
                mcc_error_at(&r->text.loc, "sorry, unimplemented: two inprivate items on "
                             "parameter '%.*s' of function task '%.*s'", (int)s->name->len,
                             s->name->str, (int)f->name->len, f->name->str);
                s = NULL;
                break;
            }
        if (s && nseen < 16)
            seen[nseen++] = s;
    }
}

/* The parameter s's inprivate copy in the run function (or in the final path), or NULL. */
static const char *inpriv_copy(struct lower *L, const struct lower_ftask *f, const struct sym *s)
{
    EACH_INPRIV(f, c, k) {
        struct sym *p;
        bool failed;
        if (inpriv_bytes(L, f, c->refs[k], &p, &failed) && p == s)
            return lower_local_name(L, LL_INPRIV_COPY, 0, pname(L, s));
    }
    return NULL;
}

/* The copies, in `decl` (taken when the task starts: its dependences are satisfied) and
 * released in `epi`, after the tasks the body created, which may use them.  `from` is how
 * the parameters are reached ("__nrt_p->" in the run function, "" in the spawn one's
 * final path); in_block: their sizes are in the args block (else computed here). */
static void inpriv_copies(struct lower *L, const struct lower_ftask *f, const char *from,
                          bool in_block, struct lower_buf *decl, struct lower_buf *epi)
{
    bool first = true;
    EACH_INPRIV(f, c, k) {
        struct sym *s;
        bool failed;
        const char *n = inpriv_bytes(L, f, c->refs[k], &s, &failed);
        if (!n)
            continue;
        if (first && in_block)
            lbuf_puts(epi, "nanort_taskwait(); ");
        first = false;
        const char *x = pname(L, s), *copy = lower_local_name(L, LL_INPRIV_COPY, 0, x);
        if (in_block)
            n = arena_printf(L->a, "__nrt_p->%s", lower_local_name(L, LL_INPRIV_BYTES, 0, x));
        lbuf_printf(decl, LOWER_SIZE_T " %s_n = %s; void *%s = __builtin_malloc(%s_n + 1); "
                    "if (!%s) __builtin_abort(); __builtin_memcpy(%s, %s, %s_n); ",
                    copy, n, copy, copy, copy, copy,
                    lower_bytes_at(L, arena_printf(L->a, "%s%s", from, x), true), copy);
        lbuf_printf(epi, "__builtin_free(%s); ", copy);
    }
}

/* The private copies of f's reductions: declared in `decl`, initialised in `pro`, combined
 * into the originals and released in `epi`.  Arrays of more than 4 KiB are on the heap,
 * others in a stack array of 4 KiB (a constant size: no VLA for -Wvla). */
static void red_privates(struct lower *L, const struct lower_ftask *f, struct lower_buf *decl,
                         struct lower_buf *pro, struct lower_buf *epi)
{
    /* Tasks the body created may take part in the reduction (with this copy's address as
     * theirs): they finish before the copy is combined and goes (as inline tasks do). */
    if (f->reds)
        lbuf_puts(epi, "nanort_taskwait();\n");
    for (struct lower_fred *r = f->reds; r; r = r->next) {
        const char *x = pname(L, r->param), *rp = lower_local_name(L, LL_RED_PRIV, 0, x);
        if (lower_reduction_reads_orig(L, r->ref)) {
            /* (each call's copy would read what earlier calls combined into the original) */
            mcc_error_at(&r->ref->text.loc, "sorry, unimplemented: '%s' in 'reduction' of a "
                         "function task, with a declared reduction whose initializer reads "
                         "omp_orig (its copy would read what other tasks already combined into "
                         "the original; initialize without omp_orig)", r->ref->text.text);
            continue;
        }
        /* the original (that of the creator's copy, for a task created inside a reduction's
         * task), and the task's record of its own copy (include/nanort.h) */
        const char *ro = lower_local_name(L, LL_RED_ORIG, 0, x);
        const char *rc = lower_local_name(L, LL_RED_COPY, 0, x);
        lbuf_printf(decl, "__typeof__(*__nrt_p->%s) *%s = nanort_reduction_original("
                    LOWER_BYTES "(__nrt_p->%s)); "
                    "struct nanort_red_copy %s; ", x, ro, x, rc);
        if (r->ref->kind == OMP_REF_DEREF) {
            lbuf_printf(decl, "__typeof__(*__nrt_p->%s) %s; ", x, rp);
            struct lower_red_elems e;
            lower_reduction_shaped_elems(L, r->param, "1", arena_printf(L->a, "&%s", rp), ro, &e);
            lower_reduction_code(L, r->clause, r->ref, &e, pro, epi);
            lbuf_printf(pro, "nanort_reduction_copy(&%s, " LOWER_CONST_BYTES "(&%s), " LOWER_BYTES "(%s), "
                        "sizeof %s);\n",
                        rc, rp, ro, rp);
            continue;
        }
        const char *rn = lower_local_name(L, LL_RED_COUNT, 0, x);
        const char *rh = lower_local_name(L, LL_RED_HEAP, 0, x);
        const char *rs = lower_local_name(L, LL_RED_STACK, 0, x);
        lbuf_printf(decl, LOWER_SIZE_T " %s = __nrt_p->%s; "
                    "_Bool %s = %s * sizeof *__nrt_p->%s > 4096; "
                    "__typeof__(*__nrt_p->%s) %s[4096 / sizeof *__nrt_p->%s ? 4096 / "
                    "sizeof *__nrt_p->%s : 1]; "
                    "__typeof__(*__nrt_p->%s) *%s = %s ? "
                    "__builtin_malloc(%s * sizeof *__nrt_p->%s) : %s; ",
                    rn, rn, rh, rn, x, x, rs, x, x, x, rp, rh, rn, x, rs);
        lbuf_printf(pro, "if (!%s) __builtin_abort();\n", rp);
        struct lower_red_elems e;
        lower_reduction_shaped_elems(L, r->param, rn, rp, ro, &e);
        lower_reduction_code(L, r->clause, r->ref, &e, pro, epi);
        lbuf_printf(pro, "nanort_reduction_copy(&%s, " LOWER_CONST_BYTES "(%s), " LOWER_BYTES "(%s), "
                    "%s * sizeof *%s);\n",
                    rc, rp, ro, rn, rp);
        lbuf_printf(epi, "if (%s) __builtin_free(" LOWER_BYTES "(%s));\n", rh, rp);
    }
}

/* What the run function passes for parameter s: its private copy, or NULL (the argument). */
static const char *red_argument(struct lower *L, const struct lower_ftask *f,
                                const struct sym *s)
{
    for (struct lower_fred *r = f->reds; r; r = r->next)
        if (r->param == s)
            return arena_printf(L->a, "%s%s", r->ref->kind == OMP_REF_DEREF ? "&" : "",
                                lower_local_name(L, LL_RED_PRIV, 0, pname(L, s)));
    return NULL;
}

static void args_struct(struct lower *L, struct lower_buf *b, const struct lower_ftask *f)
{
    const char *fn = fname(L, f);
    /* (__extension__: the parameters' types as written, `__int128` under -pedantic, which
       the user's own declaration says with __extension__) */
    lbuf_printf(b, "__extension__ struct %s { ", lower_name(L, LN_ARGS, fn, -1));
    int n = 0;
    EACH_PARAM(f, p) {
        struct sym *s = p->sym;
        char *decl = lower_sym_is_vm(s) ? NULL : lower_decl_text(L, s, NULL);
        if (decl)
            lbuf_printf(b, "%s; ", decl);
        else
            lbuf_printf(b, "void *%.*s; ", (int)s->name->len, s->name->str);
        n++;
    }
    for (struct lower_fred *r = f->reds; r; r = r->next)
        if (r->ref->kind == OMP_REF_SHAPE)
            lbuf_printf(b, LOWER_SIZE_T " %s; ",
                        lower_local_name(L, LL_RED_COUNT, 0, pname(L, r->param)));
    EACH_INPRIV(f, c, k) {
        struct sym *s;
        bool failed;
        if (inpriv_bytes(L, f, c->refs[k], &s, &failed))
            lbuf_printf(b, LOWER_SIZE_T " %s; ",
                        lower_local_name(L, LL_INPRIV_BYTES, 0, pname(L, s)));
    }
    if (n == 0)
        lbuf_puts(b, "char __nrt_unused; ");
    lbuf_puts(b, "};");
}

/* The parameters as written, where `double a[*]` becomes `double a[ ]`: the spawn
 * function is a definition, where `[*]` is not allowed. */
static const char *param_list(struct lower *L, const struct lower_ftask *f)
{
    if (!f->params)
        return "void";
    if (f->kr) {        /* each declaration's specifiers and declarator (no `register`) */
        /* (a variably modified one may name a parameter listed after it, `f(a, n) int n;
           double a[n][n];`: the others are declared first, GNU C's forward parameter
           declarations `int n; double a[n][n], int n`) */
        bool vm = false;
        EACH_PARAM(f, p)
            vm |= lower_sym_is_vm(p->sym);
        struct lower_buf b = {0};
        for (int pass = !vm; pass < 2; pass++) {
            EACH_PARAM(f, p) {
                if (pass == 0 && lower_sym_is_vm(p->sym))
                    continue;
                lbuf_puts(&b, p == f->params->kid[0] || (pass == 0 && !b.len) ? "" :
                              pass == 0 ? "; " : ", ");
                lower_specs_text(L, &b, p->kid[0]);
                lbuf_printf(&b, "%s", lower_src(L, p->kid[1]->begin, p->kid[1]->end));
            }
            if (pass == 0)
                lbuf_puts(&b, "; ");
        }
        return lbuf_take(&b, L->a);
    }
    char *s = lower_src(L, f->params->begin, f->params->end);
    EACH_PARAM(f, p) {
        size_t adjusted, other;
        if (p->kind == AST_PARAM && (star_arrays(L, p, &adjusted, &other), adjusted))
            s[adjusted - f->params->begin] = ' ';
    }
    /* (GNU forward parameter declarations, `int m; int n, double a[n][m], int m`: the
       sizes of the parameters before m name it) */
    struct ast *fwd = f->params->kid[2];
    if (fwd)
        return arena_printf(L->a, "%s %s", lower_src(L, fwd->begin, fwd->end), s);
    return s;
}

/* f(p->a, p->b) from an args block of `of` (f itself or the task it implements). */
static void call_from_args(struct lower *L, struct lower_buf *b, const struct lower_ftask *f,
                           const struct lower_ftask *of)
{
    lbuf_printf(b, "%s(", fname(L, f));
    int i = 0;
    EACH_PARAM(of, p) {
        const char *priv = red_argument(L, of, p->sym), *copy = inpriv_copy(L, of, p->sym);
        if (copy)
            lbuf_printf(b, "%s(__typeof__(__nrt_p->%.*s))%s", i++ ? ", " : "",
                        (int)p->sym->name->len, p->sym->name->str, copy);
        else if (priv)
            lbuf_printf(b, "%s%s", i++ ? ", " : "", priv);
        else
            lbuf_printf(b, "%s__nrt_p->%.*s", i++ ? ", " : "", (int)p->sym->name->len,
                        p->sym->name->str);
    }
    lbuf_puts(b, ");");
}

static void run_function(struct lower *L, struct lower_buf *b, const struct lower_ftask *f,
                         const struct lower_ftask *of, const char *suffix)
{
    /* (unused by attribute: the reductions' declarations follow) */
    lbuf_printf(b, "\nstatic void %s%s(void *__nrt_a, nanort_ctx *__nrt_c __attribute__((unused))) "
                "{ struct %s *__nrt_p __attribute__((unused)) = __nrt_a; ",
                lower_name(L, LN_RUN, fname(L, f), -1), suffix,
                lower_name(L, LN_ARGS, fname(L, of), -1));
    struct lower_buf decl = {0}, pro = {0}, epi = {0};
    inpriv_copies(L, of, "__nrt_p->", true, &decl, &epi);
    red_privates(L, of, &decl, &pro, &epi);
    if (decl.s)
        lbuf_puts(b, decl.s);
    if (pro.s)
        lbuf_puts(b, pro.s);
    free(decl.s);
    call_from_args(L, b, f, of);
    if (of->dir.dir->oss_wait)     /* OmpSs-2 `wait`: after the tasks the call created */
        lbuf_puts(b, " nanort_taskwait();");
    if (epi.s)
        lbuf_printf(b, "\n%s", epi.s);
    free(pro.s);
    free(epi.s);
    lbuf_puts(b, " }\n");
}

/* Does an implementation of f ask for copy_deps?  Copies are per instance, built by f's
 * spawn function: then f's dependences carry the COPY bits (under --no-copy-deps too). */
static bool impls_copy_deps(struct lower *L, const struct lower_ftask *f)
{
    for (struct lower_ftask *g = L->ftasks; g; g = g->next)
        if (g->impl_of && !strcmp(g->impl_of, fname(L, f)) &&
            lower_dir_has(&g->dir, OMP_CL_COPY_DEPS))
            return true;
    return false;
}

static bool same_param_names(const struct lower_ftask *f, const struct lower_ftask *g)
{
    struct ast *p = f->params ? f->params->kid[0] : NULL;
    struct ast *q = g->params ? g->params->kid[0] : NULL;
    for (; p && q; p = p->next, q = q->next)
        if (!p->sym || !q->sym || p->sym->name != q->sym->name)
            return false;
    return !p && !q;
}

/* The copy_in/out/inout regions of f's implementations, which name the same parameters. */
static void impls_copies(struct lower *L, const struct lower_ftask *f,
                         struct lower_values *values, struct lower_buf *count,
                         struct lower_buf *add)
{
    for (struct lower_ftask *g = L->ftasks; g; g = g->next) {
        if (!g->impl_of || strcmp(g->impl_of, fname(L, f)) != 0)
            continue;
        const struct omp_clause *c = lower_dir_find(&g->dir, OMP_CL_COPY_IN);
        c = c ? c : lower_dir_find(&g->dir, OMP_CL_COPY_OUT);
        c = c ? c : lower_dir_find(&g->dir, OMP_CL_COPY_INOUT);
        if (!c)
            continue;
        if (!same_param_names(f, g))
            mcc_error_at(&c->loc, "sorry, unimplemented: copy clauses on '%s', which implements "
                         "'%s' with other parameter names (name them as '%s' does)",
                         fname(L, g), fname(L, f), fname(L, f));
        else
            lower_deps_emit_copies(L, &g->dir, values, count, add);
    }
}

/* Does a parameter of f have f's name (`void total(double *total, ...)`), which hides f
 * in the spawn function? */
static bool param_hides_task(const struct lower_ftask *f)
{
    EACH_PARAM(f, p)
        if (p->sym && p->sym->name == f->name)
            return true;
    return false;
}

/* Under final a spawn function calls f at once (not for a device-only task, which still
 * becomes a task); through f's address taken at file scope where a parameter hides f. */
static void spawn_final(struct lower *L, struct lower_buf *b, struct lower_ftask *f)
{
    if (!(lower_dir_devices(&f->dir) & (1u << OMP_DEVICE_SMP)))
        return;
    struct lower_buf decl = {0}, epi = {0};
    inpriv_copies(L, f, "", false, &decl, &epi);
    lbuf_printf(b, "    if (nanort_in_final()) { %s%s(", decl.s ? decl.s : "",
                param_hides_task(f) ? lower_name(L, LN_SELF, fname(L, f), -1) : fname(L, f));
    int i = 0;
    EACH_PARAM(f, p) {
        const char *copy = inpriv_copy(L, f, p->sym);
        if (copy)
            lbuf_printf(b, "%s(__typeof__(%.*s))%s", i++ ? ", " : "", (int)p->sym->name->len,
                        p->sym->name->str, copy);
        else
            lbuf_printf(b, "%s%.*s", i++ ? ", " : "", (int)p->sym->name->len,
                        p->sym->name->str);
    }
    lbuf_printf(b, "); %sreturn; }\n", epi.s ? epi.s : "");
    free(decl.s);
    free(epi.s);
}

/* The task's arguments copied into its block, and the element counts of its array
 * reductions. */
static void spawn_arguments(struct lower *L, struct lower_buf *b, struct lower_ftask *f)
{
    EACH_PARAM(f, p) {
        const char *x = pname(L, p->sym);
        const char *to = lower_bytes_at(L, arena_printf(L->a, "&__nrt_p->%s", x), false);
        /* (the address of a register parameter may not be taken: copy it first) */
        if (p->sym->specs && (p->sym->specs->flags & SPEC_REGISTER))
            lbuf_printf(b, "    { __typeof__(%s) __nrt_v = %s; __builtin_memcpy(%s, "
                        "%s, sizeof __nrt_p->%s); }\n", x, x, to,
                        lower_bytes_at(L, "&__nrt_v", true), x);
        else
            lbuf_printf(b, "    __builtin_memcpy(%s, %s, sizeof __nrt_p->%s);\n", to,
                        lower_bytes_at(L, arena_printf(L->a, "&%s", x), true), x);
    }
    EACH_INPRIV(f, c, k) {
        struct sym *s;
        bool failed;
        const char *n = inpriv_bytes(L, f, c->refs[k], &s, &failed);
        if (n)
            lbuf_printf(b, "    __nrt_p->%s = %s;\n",
                        lower_local_name(L, LL_INPRIV_BYTES, 0, pname(L, s)), n);
    }
    for (struct lower_fred *r = f->reds; r; r = r->next) {
        if (r->ref->kind != OMP_REF_SHAPE)
            continue;
        lbuf_printf(b, "    __nrt_p->%s = 1",
                    lower_local_name(L, LL_RED_COUNT, 0, pname(L, r->param)));
        for (int i = 0; i < r->ref->ndims; i++)
            lbuf_printf(b, " * (" LOWER_SIZE_T ")(%s)", lower_expr(L, r->ref->dims[i].text, NULL, 0));
        lbuf_puts(b, ";\n");
    }
}

/* Each part that declares something after statements opens a block of its own, so that a
 * unit built with -Wdeclaration-after-statement gets no warning at the task's pragma (in
 * every unit that includes the header declaring the task). */
static void spawn_function(struct lower *L, struct lower_buf *b, struct lower_ftask *f)
{
    const char *fn = fname(L, f);
    lbuf_printf(b, "__extension__ static void %s(%s)\n{\n", lower_name(L, LN_SPAWN, fn, -1),
                param_list(L, f));
    spawn_final(L, b, f);
    lbuf_puts(b, "    {\n    unsigned __nrt_nr = 0, __nrt_nd = 0;\n");
    struct lower_buf count = {0}, add = {0};
    lower_set_params(L, f->params, 0, (size_t)-1);
    bool copy_deps = L->copy_deps;
    L->copy_deps |= impls_copy_deps(L, f);
    struct lower_values values = {0};
    lower_deps_emit(L, &f->dir, !f->reds, &values, &count, &add);
    L->copy_deps = copy_deps;
    impls_copies(L, f, &values, &count, &add);
    if (values.decl.s)
        lbuf_printf(b, "    %s\n", values.decl.s);
    free(values.decl.s);
    char *tidy = values.tidy.s;
    if (count.s)
        lbuf_puts(b, count.s);
    const char *args = lower_name(L, LN_ARGS, fn, -1);
    lbuf_printf(b, "    {\n    void *__nrt_a;\n    nanort_task *__nrt_t = %s;\n"
                "    struct %s *__nrt_p = __nrt_a; (void)__nrt_p;\n",
                lower_detach_create_call(L, arena_printf(L->a, "__alignof__(struct %s)", args),
                                       lower_name(L, LN_TYPE, fn, -1),
                                       arena_printf(L->a, "sizeof(struct %s)", args),
                                       "nanort_task_create", ""), args);
    spawn_arguments(L, b, f);
    if (add.s)
        lbuf_puts(b, add.s);
    free(count.s);
    free(add.s);
    lbuf_puts(b, "    ");
    lower_submit(L, b, &f->dir, NULL);
    lbuf_printf(b, "\n    }\n    %s\n    }\n}\n", tidy ? tidy : "");
    free(tidy);
}

/* Has f external linkage?  Then its task type is one object for the whole program (defined
 * where f is, weak in the other units that declare the task), so that implementations in
 * other units can add themselves to it. */
static bool external(struct lower *L, const struct lower_ftask *f)
{
    struct sym *s = lower_resolve(L, f->name->str, f->name->len, f->decl->end);
    return !s || s->storage != STORAGE_STATIC;
}

/* What a call of function task `callee` calls: its spawn function; in an inline
 * definition of external linkage (lower_in_external_inline), which may not name the static
 * spawn, an external constant pointer to it, defined before the function once per unit. */
const char *lower_task_spawn_name(struct lower *L, const struct sym *callee)
{
    const char *fn = arena_strndup(L->a, callee->name->str, callee->name->len);
    const char *spawn = lower_name(L, LN_SPAWN, fn, -1);
    struct lower_ftask *f = lower_ftask_find(L, callee->name);
    if (!f || f->scope_sym || !external(L, f) || L->clone || !lower_in_external_inline(L))
        return spawn;
    const char *ptr = arena_printf(L->a, "%s%s", spawn, lower_unit_tag(L));
    if (!lower_map_get(&L->spawn_ptrs, f)) {
        lower_map_put(L, &L->spawn_ptrs, f, (void *)ptr);
        rewrite_insert_before(L->rw, L->fn->begin,
                              arena_printf(L->a, "__typeof__(%s) *const %s = %s;\n",
                                           spawn, ptr, spawn));
    }
    return ptr;
}

/* Is f defined (with a body) in this unit?  That unit's type definition is the strong
 * one, with its implementations in it; other units' are weak and add theirs at start-up.
 * Not an `inline` function of external linkage: its definition stands in a header every
 * unit includes (C99: an inline definition in each unit, the external one where a
 * declaration says `extern`; gnu89 the other way round), and one strong type per such
 * unit was a "multiple definition" at link time.  Each of those units' types is weak
 * then (the linker keeps one; each has the unit's own run function). */
static bool defined_here(struct lower *L, const struct lower_ftask *f)
{
    bool defined = false;
    for (struct sym *s = lower_resolve(L, f->name->str, f->name->len, (size_t)-1); s;
         s = s->redecl) {
        if (s->specs && (s->specs->flags & SPEC_INLINE))
            return false;
        defined |= s->defined;
    }
    return defined;
}

/* The args struct, the spawn prototype and the type's declaration, before f's first
 * declaration (for a block-scope one, as soon as it is met: tasks outlined later in the
 * function call the spawn function). */
static void emit_declarations(struct lower *L, struct lower_ftask *f)
{
    const char *fn = fname(L, f);
    struct lower_buf b = {0};
    f->reds = private_reductions(L, f);
    args_struct(L, &b, f);
    lbuf_printf(&b, " __extension__ static __attribute__((unused)) void %s(%s); %s struct nanort_task_type %s;\n",
                lower_name(L, LN_SPAWN, fn, -1), param_list(L, f),
                external(L, f) ? "extern" : "static", lower_name(L, LN_TYPE, fn, -1));
    rewrite_insert_before(L->rw, f->first_decl, lower_glue(L, lower_dir_off(&f->dir),
                                                           lbuf_take(&b, L->a)));
    f->declared = true;
}

static void emit_one(struct lower *L, struct lower_ftask *f)
{
    struct lower_buf b = {0};
    if (!f->declared)
        emit_declarations(L, f);
    if (lower_dir_devices(&f->dir) & (1u << OMP_DEVICE_SMP))
        run_function(L, &b, f, f, "");
    /* The spawn function's parameters are the task's, under their names: they hide the
     * unit's globals of those names, which the user's prototype does not (gcc warns of a
     * definition's only), so -Wshadow is off for it. */
    if (param_hides_task(f))
        lbuf_printf(&b, "static __typeof__(%s) *const %s __attribute__((unused)) = %s;\n",
                    fname(L, f), lower_name(L, LN_SELF, fname(L, f), -1), fname(L, f));
    lbuf_puts(&b, lower_shadow_off);
    spawn_function(L, &b, f);
    lbuf_puts(&b, lower_shadow_on);
    /* (on the line of the task's pragma: lower_lines.c) */
    const char *glue = lower_glue(L, lower_dir_off(&f->dir), lbuf_take(&b, L->a));
    /* with a file-scope declaration of f for them to call, unless one is there already
       (a second one: -Wredundant-decls) */
    const struct ast *e = f->enclosing;
    if (e && f->first_decl < (e->pragma ? e->pragma->begin : e->begin))
        rewrite_insert_before(L->rw, e->begin, glue);
    else if (e)
        rewrite_insert_before(L->rw, e->begin,
                              arena_printf(L->a, "%s\n%s", lower_src(L, f->decl->begin,
                                                                       f->decl->end), glue));
    else
        rewrite_insert_after(L->rw, f->decl->end, glue);
}

static void emit_type_text(struct lower *L, struct lower_ftask *f,
                           struct lower_ftask *impls_of);

/* f's type at the end of the unit: f's own run plus every implements(f) (of `impls_of`, the
 * tasks with an implements clause, linked by next_impl). */
static void emit_type(struct lower *L, struct lower_ftask *f, struct lower_ftask *impls_of)
{
    /* What it appends to the tail (run functions of implementations, the type) goes on
     * the line of f's pragma (lower_lines.c) */
    struct lower_buf tail = L->tail;
    memset(&L->tail, 0, sizeof L->tail);
    emit_type_text(L, f, impls_of);
    lbuf_puts(&tail, lower_glue(L, lower_dir_off(&f->dir), lbuf_take(&L->tail, L->a)));
    lbuf_puts(&tail, lower_mark_generated());
    L->tail = tail;
}

static void emit_type_text(struct lower *L, struct lower_ftask *f, struct lower_ftask *impls_of)
{
    const char *fn = fname(L, f);
    struct lower_buf impls = {0}, more = {0};
    int n = 0, m = 0;
    if (lower_dir_devices(&f->dir) & (1u << OMP_DEVICE_SMP)) {
        lbuf_puts(&impls, ", ");
        lower_emit_impl(&impls, "NANORT_DEVICE_SMP", lower_name(L, LN_RUN, fn, -1), fn, NULL);
        n++;
    }
    lower_device_impls(L, f, f, "", &impls, &n);
    bool ext = external(L, f), weak = ext && !defined_here(L, f);
    struct lower_buf *to = weak ? &more : &impls;
    int *count = weak ? &m : &n;
    for (struct lower_ftask *g = impls_of; g; g = g->next_impl) {
        if (strcmp(g->impl_of, fn) != 0)
            continue;
        const char *suffix = arena_printf(L->a, "_as_%s", fn);
        if (lower_dir_devices(&g->dir) & (1u << OMP_DEVICE_SMP)) {
            run_function(L, &L->tail, g, f, suffix);
            lbuf_puts(to, ", ");
            lower_emit_impl(to, "NANORT_DEVICE_SMP", arena_printf(L->a, "%s%s", lower_name(
                          L, LN_RUN, fname(L, g), -1), suffix), fname(L, g), NULL);
            ++*count;
        }
        lower_device_impls(L, g, f, suffix, to, count);
    }
    struct lower_buf list = {0};
    lower_emit_impl_list(&list, impls.s ? impls.s + 2 : "");
    lower_emit_task_type(&L->tail, weak ? "__attribute__((weak))" : ext ? "" : "static",
                         lower_name(L, LN_TYPE, fn, -1), lower_label(&f->dir, fn),
                         lower_where(L, f->dir.dir), n, lbuf_take(&list, L->a));
    lbuf_puts(&L->tail, "\n");
    if (m > 0)      /* this unit's implements(f): added at start-up to the one shared type */
        lbuf_printf(&L->tail, "static const struct nanort_impl %s[] = {%s};\n"
                    "__attribute__((constructor)) static void %s(void) { "
                    "for (unsigned __nrt_i = 0; __nrt_i < %d; __nrt_i++) "
                    "nanort_task_type_add_impl(&%s, &%s[__nrt_i]); }\n",
                    lower_name(L, LN_MORE, fn, -1), more.s + 2,
                    lower_name(L, LN_ADD_IMPLS, fn, -1), m, lower_name(L, LN_TYPE, fn, -1),
                    lower_name(L, LN_MORE, fn, -1));
    free(impls.s);
    free(more.s);
}

static int nparams(const struct lower_ftask *f)
{
    int n = 0;
    EACH_PARAM(f, p)
        n++;
    return n;
}

static bool names_function(struct ast *n, void *arg)
{
    struct name **name = arg;
    if (n->kind == AST_IDENT && n->name == *name && (!n->sym || n->sym->kind == SYM_FUNCTION))
        *name = NULL;
    return true;
}

/* A task the unit only declares (its header's prototype) and never names: no run, spawn
 * or type of it here.  Those name the function, which a program that includes the header
 * without linking the function's unit (a tool of the project that calls none of the
 * header's tasks) then lacked at the link ("undefined reference"), where gcc's program
 * linked.  Kept: a device task (the link checks its kernels), one implements(...) of this
 * unit add to or that implements another. */
static bool declared_only(struct lower *L, const struct lower_ftask *f,
                          const struct lower_ftask *impls)
{
    if (f->scope_sym || f->impl_of || !external(L, f) || defined_here(L, f) ||
        lower_dir_devices(&f->dir) != 1u << OMP_DEVICE_SMP)
        return false;
    for (const struct lower_ftask *g = impls; g; g = g->next_impl)
        if (!strcmp(g->impl_of, fname(L, f)))
            return false;
    struct name *seen = f->name;
    ast_walk(L->t->tu, names_function, &seen);
    return seen != NULL;
}

void lower_task_emit_all(struct lower *L)
{
    struct lower_ftask *impls = NULL, **tail = &impls;
    for (struct lower_ftask *f = L->ftasks; f; f = f->next) {
        if (f->impl_of) {
            *tail = f;
            tail = &f->next_impl;
        }
        struct lower_ftask *of = f->impl_of ? task_named(L, f->impl_of) : NULL;
        if (f->impl_of && !of) {
            const struct omp_clause *c = lower_dir_find(&f->dir, OMP_CL_IMPLEMENTS);
            mcc_error_at(&c->args[0].loc, "'%s' in 'implements' is not a function task",
                         f->impl_of);
        } else if (of && (lower_dir_devices(&f->dir) & (1u << OMP_DEVICE_SMP)) &&
                   nparams(f) != nparams(of)) {
            /* an smp version is called with the arguments of the task it implements */
            const struct omp_clause *c = lower_dir_find(&f->dir, OMP_CL_IMPLEMENTS);
            mcc_error_at(&c->args[0].loc, "'%s' has %d parameter%s but implements '%s', which "
                         "has %d: an smp version is called with the arguments of '%s'",
                         fname(L, f), nparams(f), nparams(f) == 1 ? "" : "s", f->impl_of,
                         nparams(of), f->impl_of);
        }
    }
    for (struct lower_ftask *f = L->ftasks; f; f = f->next)
        f->unused = f->dir.dir && !f->declared && declared_only(L, f, impls);
    for (struct lower_ftask *f = L->ftasks; f; f = f->next)
        if (f->dir.dir && !f->unused)
            emit_one(L, f);
    if (L->ftasks)
        lbuf_puts(&L->tail, "\n");
    for (struct lower_ftask *f = L->ftasks; f; f = f->next)
        if (f->dir.dir && !f->unused)
            emit_type(L, f, impls);
}

/* ---- tasks declared inside a function ------------------------------------------------- */

/* A GNU nested function task: its args struct, task type, run and spawn functions are
 * nested too, right after it (they call it through its static chain); the type's entry
 * point is stored at the first spawn, a nested function's address not being constant
 * (every spawn stores the same value; release store, acquire load). */
static void emit_nested(struct lower *L, struct lower_ftask *f)
{
    const char *fn = fname(L, f);
    struct lower_buf b = {0}, run = {0}, spawn = {0};
    f->reds = private_reductions(L, f);
    args_struct(L, &b, f);
    const char *impl = lower_name(L, LN_IMPL, fn, -1);
    lbuf_printf(&b, " static struct nanort_impl %s[1] = {", impl);
    lower_emit_impl(&b, "NANORT_DEVICE_SMP", NULL, fn, NULL);
    lbuf_puts(&b, "}; ");
    lower_emit_task_type(&b, "static", lower_name(L, LN_TYPE, fn, -1), lower_label(&f->dir, fn),
                         lower_where(L, f->dir.dir), 1, impl);
    run_function(L, &run, f, f, "");
    spawn_function(L, &spawn, f);
    const char *r = strstr(run.s, "static void"), *s = strstr(spawn.s, "static void");
    const char *brace = strchr(s, '{');
    /* (not static: nested; a GNU extension, said for -pedantic) */
    lbuf_printf(&b, "%.*s__extension__ %s__extension__ %.*s{ if (!__atomic_load_n(&%s[0].run, "
                LOWER_ATOMIC_ACQUIRE ")) "
                "__atomic_store_n(&%s[0].run, %s, " LOWER_ATOMIC_RELEASE ");%s\n",
                (int)(r - run.s), run.s, r + 7, (int)(brace - s - 7), s + 7, impl, impl,
                lower_name(L, LN_RUN, fn, -1), brace + 1);
    free(run.s);
    free(spawn.s);
    rewrite_insert_after(L->rw, f->decl->end,
                         lower_glue(L, lower_dir_off(&f->dir), lbuf_take(&b, L->a)));
    if (!L->t->opts->optimizing && L->nested_fn != L->fn) {
        /* (unoptimised, taking a nested function's address builds a trampoline) */
        L->nested_fn = L->fn;
        rewrite_insert_before(L->rw, L->fn->kid[1]->begin, "__attribute__((optimize(\"O1\"))) ");
    }
}

bool lower_task_local_function(struct lower *L, struct ast *n, struct lower_dir *d)
{
    struct ast *declarator = lower_function_declarator(n);
    struct ast *dn = declarator ? ast_declarator_name(declarator) : NULL;
    if (!dn || !dn->sym)
        return false;
    if (n->kind == AST_DECLARATION && !lower_device_block_task(L, d))
        return true;
    /* (registering and emitting name the task's parameters: the function's names come
     * back after) */
    struct lower_local *locals = L->locals;
    int nlocals = L->nlocals, caplocals = L->caplocals;
    bool sorted = L->locals_sorted;
    struct lower_ftask *before = L->ftasks;
    lower_task_register(L, n, d);
    struct lower_ftask *f = L->ftasks;
    if (f != before && f->decl == n) {
        f->scope_sym = dn->sym;
        if (n->kind == AST_FUNCTION_DEF) {
            /* emitted here, not with the file's tasks */
            L->ftasks = f->next;
            lower_map_put(L, &L->ftask_of, f->name, f);
            emit_nested(L, f);
        } else {
            f->enclosing = L->fn;
            emit_declarations(L, f);
        }
    }
    L->locals = locals;
    L->nlocals = nlocals;
    L->caplocals = caplocals;
    L->locals_sorted = sorted;
    if (n->kind == AST_FUNCTION_DEF)
        lower_visit(L, n);
    return true;
}
