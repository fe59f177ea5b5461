/*
 * lower_detach.c - detach(event) on a task (OpenMP 5.0).
 *
 * The task is created by nanort_task_create_detach(), which stores the task's event handle
 * in the event variable before the task's data environment is captured: OpenMP says the
 * original event-handle variable is updated to the new event, and the task sees it as if it
 * were firstprivate (lower_inline.c captures it so).  The task completes once its body
 * has ended and omp_fulfill_event(ev) was called, in either order (nanort/events.c).
 */
#include "mcc.h"

#include <string.h>

/* Is the symbol declared as a plain `omp_event_handle_t` (no pointer, no array)? */
static bool is_event_handle(const struct sym *s)
{
    if (!s || (s->kind != SYM_OBJECT && s->kind != SYM_PARAM) || !s->specs)
        return false;
    if (s->type == TYPE_POINTER || s->type == TYPE_ARRAY || s->type == TYPE_FUNCTION)
        return false;
    const struct ast *list = s->specs->kid[0];
    for (const struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_TYPEDEF_REF && sp->name && sp->name->len == 18 &&
            memcmp(sp->name->str, "omp_event_handle_t", 18) == 0)
            return true;
    return false;
}

/* The call that creates a task whose argument block must be aligned to `align` (a constant
 * expression: __alignof__ its struct): create_fn (with create_tail after its arguments),
 * or nanort_task_create_aligned when that is more than the 16 bytes nanort's blocks have (a firstprivate `_Alignas(64)`
 * array, an __m256d, which the task's code loads with aligned instructions: a crash at a
 * 16-aligned copy).  Only gcc knows the struct's alignment: __builtin_choose_expr picks
 * the call at compile time, and the other one is not compiled (a program keeps calling
 * the entry points it always did). */
const char *lower_detach_create_call(struct lower *L, const char *align, const char *type,
                                   const char *size, const char *create_fn,
                                   const char *create_tail)
{
    /* the event's address: what create_tail passes nanort_task_create_detach */
    const char *event = *create_tail ? create_tail : ", (void *)0";
    return arena_printf(L->a, "__builtin_choose_expr(%s > 16, "
                        "nanort_task_create_aligned(&%s, %s, %s, __nrt_nr, "
                        "__nrt_nd, &__nrt_a%s), %s(&%s, %s, __nrt_nr, __nrt_nd, &__nrt_a%s))",
                        align, type, size, align, event, create_fn, type, size, create_tail);
}

const char *lower_detach_create_fn(struct lower *L, const struct lower_dir *d, const char **tail)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_DETACH);
    *tail = "";
    if (!c)
        return "nanort_task_create";
    if (c->nrefs != 1) {
        mcc_error_at(&c->loc, "'detach' takes one event-handle variable, not %d", c->nrefs);
        return "nanort_task_create";
    }
    const struct omp_ref *r = c->refs[0];
    size_t off = d->node && d->node->pragma ? d->node->pragma->begin : 0;
    struct sym *s = lower_resolve(L, r->text.text, strlen(r->text.text), off);
    if (!s) {
        mcc_error_at(&r->text.loc, "'%s' undeclared (first use in 'detach')", r->text.text);
        return "nanort_task_create";
    }
    if (!is_event_handle(s)) {
        mcc_error_at(&r->text.loc, "'%s' in 'detach' must be a variable of type "
                     "omp_event_handle_t (declared in <omp.h>)", r->text.text);
        return "nanort_task_create";
    }
    /* in no data-sharing clause (gcc: "the event handle of a 'detach' clause should not be
       in a data-sharing clause"), every one of them checked */
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *x = &d->dir->clauses[i];
        if (x->kind != OMP_CL_SHARED && x->kind != OMP_CL_PRIVATE &&
            x->kind != OMP_CL_FIRSTPRIVATE)
            continue;
        for (int k = 0; k < x->nrefs; k++) {
            if (strcmp(x->refs[k]->text.text, r->text.text) != 0)
                continue;
            if (x->kind == OMP_CL_FIRSTPRIVATE)
                mcc_error_at(&x->refs[k]->text.loc, "'%s' is the event handle of 'detach', "
                             "which makes it firstprivate: it cannot be listed in "
                             "'firstprivate' too", r->text.text);
            else
                mcc_error_at(&x->refs[k]->text.loc, "'%s' is the event handle of "
                             "'detach': it is firstprivate, it cannot be %s",
                             r->text.text, omp_clause_names[x->kind]);
            return "nanort_task_create";
        }
    }
    *tail = arena_printf(L->a, ", (void *)&(%s)", lower_expr(L, r->text.text, NULL, 0));
    return "nanort_task_create_detach";
}
