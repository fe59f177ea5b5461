/*
 * check_nesting.c - the nesting of regions (OpenMP 5.2 section 17.1 "Nesting of Regions"),
 * checked by mcc on the constructs lexically around a directive, as gcc -fopenmp does:
 *   - a worksharing region (for, sections, single), a scope or a barrier may not be
 *     closely nested inside a worksharing, critical, master/masked, explicit task or
 *     taskloop region;
 *   - a master/masked region (also of `masked taskloop`) may not be closely nested inside
 *     a worksharing, explicit task or taskloop region;
 *   - a critical region may not be nested, however deeply, inside a critical region with
 *     the same name (it would deadlock);
 *   - a variable in a reduction, lastprivate or firstprivate clause of a worksharing
 *     construct may not be private in the parallel region it binds to (OpenMP 5.2 5.4.4,
 *     5.4.5, 5.5.8): each thread's copy would stand for the original;
 *   - a `loop` without a bind clause must be nested in some construct of its function;
 *   - in a region with order(concurrent) or of a `loop`, only parallel, loop and simd
 *     constructs, and no call of the OpenMP runtime (check_nesting_call);
 *   - an ordered region must be closely nested inside a loop with an ordered clause, a
 *     cancel or cancellation point inside the kind of region it names, a scan inside a
 *     loop with an inscan reduction; the sink vectors of a doacross wait name the
 *     iteration variables of the loops of its nest, one each, in order.
 * "Closely nested": no parallel region in between; a taskgroup (or taskgraph) between
 * them does not count, as in gcc.  Only what the source shows can be checked: a function
 * called from a task that runs a worksharing construct is an orphaned construct, which
 * binds at run time.
 *
 * The lowering keeps the constructs it is inside on L->nest (lower.c, lower_construct);
 * taken as they are, the lowering would nest its own blocks wrongly or hand gcc a program
 * that is not OpenMP, so these are mcc's errors, at the inner directive.
 */
#include "mcc.h"

#include <string.h>

enum nest_class { NEST_OTHER, NEST_WORKSHARE, NEST_MASTER, NEST_CRITICAL, NEST_TASK,
                  NEST_PARALLEL };

static enum nest_class class_of(const struct omp_directive *d)
{
    switch (d->kind) {
    case OMP_DIR_FOR: case OMP_DIR_SECTIONS: case OMP_DIR_SINGLE:
        return NEST_WORKSHARE;
    case OMP_DIR_MASTER: case OMP_DIR_MASKED:
        return NEST_MASTER;
    case OMP_DIR_CRITICAL:
        return NEST_CRITICAL;
    case OMP_DIR_TASK: case OMP_DIR_TASKLOOP:
        return NEST_TASK;
    case OMP_DIR_PARALLEL:
        return NEST_PARALLEL;
    default:
        return NEST_OTHER;
    }
}

static bool same_name(const struct omp_directive *a, const struct omp_directive *b)
{
    if (!a->name.text || !b->name.text)
        return !a->name.text && !b->name.text;
    return !strcmp(a->name.text, b->name.text);
}

static void nest_error(const struct omp_directive *d, const struct omp_directive *outer,
                       const char *why)
{
    mcc_error_at(check_word_loc(d), "'#pragma omp %s%s' may not be closely nested inside "
                 "'#pragma omp %s%s' (line %d): %s",
                 !d->master ? "" : d->masked ? "masked " : "master ", omp_directive_names[d->kind],
                 outer->parallel ? "parallel " : "", omp_directive_names[outer->kind],
                 outer->loc.line, why);
}

/* Does a clause of `d` that makes its items private list `name`?  The clause, or NULL. */
static const struct omp_clause *privatizes(const struct omp_directive *d, const char *name)
{
    for (int k = 0; k < d->nclauses; k++) {
        const struct omp_clause *cl = &d->clauses[k];
        if (cl->kind != OMP_CL_PRIVATE && cl->kind != OMP_CL_FIRSTPRIVATE &&
            cl->kind != OMP_CL_LASTPRIVATE && cl->kind != OMP_CL_REDUCTION)
            continue;
        for (int r = 0; r < cl->nrefs; r++) {
            const struct omp_ref *root = omp_ref_root(cl->refs[r]);
            if (root->kind == OMP_REF_NAME && !strcmp(root->text.text, name))
                return cl;
        }
    }
    return NULL;
}

/* Is the item ref of clause cl (at text offset `at`) a variable the body of the parallel
 * region L->region declares, which each thread has its own copy of?  Reported. */
static bool region_local(struct lower *L, const struct omp_clause *cl, const struct omp_ref *ref,
                         size_t at)
{
    const struct lower_region *r = L->region;
    struct sym *s = r && r->team ? lower_resolve(L, ref->text.text, strlen(ref->text.text), at)
                                 : NULL;
    if (!s || s->storage != STORAGE_LOCAL || !lower_declared_inside(s, r->d->node))
        return false;
    mcc_error_at(&ref->text.loc, "%s variable '%s' is private in outer context (declared in "
                 "the parallel region at line %d): each thread's copy would stand for the "
                 "original; declare it before the region", omp_clause_names[cl->kind],
                 ref->text.text, source_loc(&L->t->src, s->declarator->begin).line);
    return true;
}

/* Is the item ref of clause cl (at text offset `at`) of an orphaned worksharing construct
 * d a variable of the function's own (a parameter, an automatic local), which each thread
 * calling the function has its own copy of, as gcc holds ("private in outer context")?
 * An element or section of what a pointer points to is shared; the pointer does not
 * matter.  Not in main, which no team calls: there a `for` outside any parallel region
 * shares main's variables as OmpSs's worksharing does (OMPSS.md), where gcc refuses it
 * too.  Reported. */
static bool orphan_local(struct lower *L, const struct omp_clause *cl, const struct omp_ref *ref,
                         size_t at)
{
    const struct omp_ref *root = omp_ref_root(ref);
    struct sym *s = lower_resolve(L, root->text.text, strlen(root->text.text), at);
    if (!s || s->storage != STORAGE_LOCAL || (root != ref && s->type == TYPE_POINTER))
        return false;
    mcc_error_at(&root->text.loc, "%s variable '%s' is private in outer context (%s of the "
                 "function, and the construct is orphaned: each thread that calls the "
                 "function has its own '%s', which would stand for the original); %s",
                 omp_clause_names[cl->kind], root->text.text,
                 s->decl && s->decl->kind == AST_PARAM ? "a parameter" : "a local",
                 root->text.text, cl->kind == OMP_CL_FIRSTPRIVATE
                 ? "drop the clause: each thread has its own copy already"
                 : "make it static or global, or put '#pragma omp parallel' around the "
                   "construct");
    return true;
}

/* The items of d's reduction, lastprivate and firstprivate clauses, when d is a
 * worksharing construct (not combined with parallel): none may be private in the constructs
 * between d and the parallel region it binds to, that region included (gcc's "private in
 * outer context"): privatised by a clause, or declared in the region's body (`double
 * scale = 2.0;` then `for firstprivate(scale)`). */
static bool check_outer_private(struct lower *L, const struct omp_directive *d, size_t at)
{
    /* (scope, OpenMP 5.1, is placed as a worksharing construct: gcc asks the same of it) */
    if ((class_of(d) != NEST_WORKSHARE && d->kind != OMP_DIR_SCOPE) || d->parallel)
        return true;
    for (int k = 0; k < d->nclauses; k++) {
        const struct omp_clause *cl = &d->clauses[k];
        if (cl->kind != OMP_CL_REDUCTION && cl->kind != OMP_CL_LASTPRIVATE &&
            cl->kind != OMP_CL_FIRSTPRIVATE)
            continue;
        for (int r = 0; r < cl->nrefs; r++) {
            const struct omp_ref *ref = omp_ref_root(cl->refs[r]);   /* (a section's array) */
            if (ref->kind != OMP_REF_NAME)
                continue;
            bool bound = false;                 /* a parallel construct around it here */
            for (const struct lower_nest *n = L->nest; n; n = n->up) {
                const struct omp_clause *p = privatizes(n->dir, ref->text.text);
                if (p) {
                    mcc_error_at(&ref->text.loc, "%s variable '%s' is private in outer "
                                 "context ('%s' of '#pragma omp %s%s' at line %d): each "
                                 "thread's copy would stand for the original; share it "
                                 "there", omp_clause_names[cl->kind], ref->text.text,
                                 omp_clause_names[p->kind], n->dir->parallel ? "parallel " : "",
                                 omp_directive_names[n->dir->kind], n->dir->loc.line);
                    return false;
                }
                if (class_of(n->dir) == NEST_PARALLEL || n->dir->parallel) {
                    bound = true;
                    break;
                }
            }
            if (region_local(L, cl, ref, at) ||
                (!bound && !L->region && !L->in_main && orphan_local(L, cl, cl->refs[r], at)))
                return false;
        }
    }
    return true;
}

static bool check_regions(const struct lower *L, const struct omp_directive *d)
{
    /* scope (OpenMP 5.1) is placed as a worksharing construct is (each thread of the team
     * runs it), and restricts nothing inside it */
    enum nest_class c = d->kind == OMP_DIR_SCOPE ? NEST_WORKSHARE : class_of(d);
    if (d->master)                  /* (`masked taskloop`: a masked region around a taskloop) */
        c = NEST_MASTER;
    bool barrier = d->kind == OMP_DIR_BARRIER;
    if (c == NEST_CRITICAL) {
        for (const struct lower_nest *n = L->nest; n; n = n->up)
            if (n->dir->kind == OMP_DIR_CRITICAL && same_name(n->dir, d)) {
                mcc_error_at(check_word_loc(d), "'#pragma omp critical%s%s%s' is nested "
                             "inside a critical section of the same name (line %d): it would "
                             "wait for itself forever; give one of them another name",
                             d->name.text ? "(" : "", d->name.text ? d->name.text : "",
                             d->name.text ? ")" : "", n->dir->loc.line);
                return false;
            }
        return true;
    }
    /* a combined parallel construct (parallel for, parallel sections, parallel master)
     * starts a new team: its worksharing part is closely nested in it, not outside */
    if ((c != NEST_WORKSHARE && c != NEST_MASTER && !barrier) || d->parallel)
        return true;
    for (const struct lower_nest *n = L->nest; n; n = n->up) {
        enum nest_class o = class_of(n->dir);
        bool bad = o == NEST_WORKSHARE || o == NEST_TASK ||
                   (c != NEST_MASTER && (o == NEST_MASTER || o == NEST_CRITICAL));
        if (bad) {
            nest_error(d, n->dir, o == NEST_TASK
                       ? "it binds to the team of the innermost parallel region, which a task "
                         "is not; put it outside the task, or inside a '#pragma omp parallel' "
                         "in the task"
                       : "every thread of the team must reach it, and only some of them run "
                         "there; put it outside, or inside a '#pragma omp parallel' there");
            return false;
        }
        if (o == NEST_PARALLEL || n->dir->parallel)
            return true;
    }
    return true;
}

/* Each sink vector of `ordered depend(sink: ...)` in the doacross loop `loop` (its ordered
 * clause `ordered`) names the iteration variables of the nest's loops, one each, in order
 * (gcc: "variable 'j' is not an iteration of outermost loop 1, expected 'i'", "number of
 * variables in 'depend' clause with 'sink' modifier does not match number of iteration
 * variables"); OpenMP 5.2's `omp_cur_iteration` stands alone. */
static bool check_sink(struct lower *L, size_t at, const struct omp_directive *d,
                       const struct ast *loop, const struct omp_clause *ordered)
{
    long long n;
    if (!d->nsink || !ordered->doacross || ordered->nargs < 1 || !ordered->args[0].text ||
        !check_integer_constant(L, at, ordered->args[0].text, &n))
        return true;
    const struct ast *loops[LOWER_DIR_MAX_NEST];
    int depth = 0;
    for (const struct ast *f = loop && loop->kind == AST_FOR ? loop : NULL;
         f && depth < n && depth < LOWER_DIR_MAX_NEST; f = lower_dir_nested_loop(f->kid[3]))
        loops[depth++] = f;
    for (int k = 0; k < d->nsink; k++) {
        const struct omp_sink *it = &d->sink[k];
        if (strcmp(it->var.text, "omp_cur_iteration") == 0 && it->count == 1)
            continue;
        if (it->count != n) {
            mcc_error_at(&it->var.loc, "the sink vector has %d item%s but the doacross nest "
                         "has %lld loop%s ('ordered(%lld)', line %d): name each loop's "
                         "iteration variable, in order", it->count, it->count == 1 ? "" : "s",
                         n, n == 1 ? "" : "s", n, L->nest->dir->loc.line);
            return false;
        }
        const struct sym *v = it->index < depth ? lower_dir_for_var(loops[it->index]->kid[0])
                                                : NULL;
        if (v && (strlen(it->var.text) != v->name->len ||
                  memcmp(it->var.text, v->name->str, v->name->len) != 0)) {
            mcc_error_at(&it->var.loc, "'%s' in the sink vector is not the iteration variable "
                         "of loop %d of the doacross nest, '%.*s'", it->var.text,
                         it->index + 1, (int)v->name->len, v->name->str);
            return false;
        }
    }
    return true;
}

/* An ordered region runs in the order of the loop it is closely nested in, which must have
 * an ordered clause (gcc: "'ordered' region must be closely nested inside a loop region
 * with an 'ordered' clause"); `ordered simd` goes with a simd loop, which runs as written.
 * An orphaned one (no construct around it in its function) binds at run time. */
static bool check_ordered(struct lower *L, const struct omp_directive *d, size_t at)
{
    if (d->kind != OMP_DIR_ORDERED || !L->nest || (d->ordered_simd && !d->ordered_threads))
        return true;
    const struct omp_directive *o = L->nest->dir;
    const struct omp_clause *ordered = NULL;
    for (int k = 0; k < o->nclauses; k++)
        if (o->clauses[k].kind == OMP_CL_ORDERED)
            ordered = &o->clauses[k];
    if (o->kind == OMP_DIR_FOR && ordered && d->ordered_doacross && !ordered->doacross) {
        mcc_error_at(check_word_loc(d), "'#pragma omp ordered depend(...)' needs a doacross "
                     "loop, with 'ordered(n)'; '#pragma omp %sfor' (line %d) has 'ordered' "
                     "alone", o->parallel ? "parallel " : "", o->loc.line);
        return false;
    }
    if (o->kind == OMP_DIR_FOR && ordered && !d->ordered_doacross && ordered->doacross) {
        mcc_error_at(check_word_loc(d), "an ordered region without 'depend' cannot be in a "
                     "doacross loop ('ordered(n)' of '#pragma omp %sfor', line %d)",
                     o->parallel ? "parallel " : "", o->loc.line);
        return false;
    }
    if (o->kind == OMP_DIR_FOR && ordered)
        return check_sink(L, at, d, L->nest->node, ordered);
    mcc_error_at(check_word_loc(d), "'#pragma omp ordered' must be closely nested inside a loop "
                 "with an 'ordered' clause, not inside '#pragma omp %s%s' (line %d)",
                 o->parallel ? "parallel " : "", omp_directive_names[o->kind], o->loc.line);
    return false;
}

/* cancel / cancellation point X must be closely nested inside an X region (taskgroup: a
 * task's), gcc: "'#pragma omp cancel for' inside 'parallel' region"; an orphaned one binds
 * at run time.  A cancel of a for or sections with nowait is a warning, as in gcc. */
static bool check_cancel(const struct lower *L, const struct omp_directive *d)
{
    if ((d->kind != OMP_DIR_CANCEL && d->kind != OMP_DIR_CANCELLATION_POINT) || !L->nest)
        return true;
    const struct omp_directive *o = L->nest->dir;
    bool ok = d->cancel_of == OMP_DIR_TASKGROUP
                  ? o->kind == OMP_DIR_TASK || o->kind == OMP_DIR_TASKLOOP
              : d->cancel_of == OMP_DIR_PARALLEL ? o->kind == OMP_DIR_PARALLEL
              : o->kind == d->cancel_of;
    if (ok && d->kind == OMP_DIR_CANCEL && (o->kind == OMP_DIR_FOR || o->kind == OMP_DIR_SECTIONS) &&
        omp_find_clause(o, OMP_CL_NOWAIT))
        /* (OpenMP: a construct that is cancelled must not have nowait; gcc warns too) */
        mcc_warning_at(check_word_loc(d), "'#pragma omp cancel %s' inside a 'nowait' %s "
                       "construct cancels nothing (OpenMP: a cancelled %s must not have "
                       "'nowait')", omp_directive_names[d->cancel_of],
                       omp_directive_names[o->kind], omp_directive_names[o->kind]);
    if (ok)
        return true;
    mcc_error_at(check_word_loc(d), "'#pragma omp %s %s' must be closely nested inside a "
                 "'%s' region, not inside '#pragma omp %s%s' (line %d)",
                 omp_directive_names[d->kind], omp_directive_names[d->cancel_of],
                 d->cancel_of == OMP_DIR_TASKGROUP ? "task" : omp_directive_names[d->cancel_of],
                 o->parallel ? "parallel " : "", omp_directive_names[o->kind], o->loc.line);
    return false;
}

/* scan separates the phases of a loop with an inscan reduction (gcc: "'#pragma omp scan'
 * may only be used in a loop construct with 'inscan' 'reduction' clause").  (A simd loop's
 * pragma is gone by now: only a for around it is checked.) */
static bool check_scan(const struct lower *L, const struct omp_directive *d)
{
    if (d->kind != OMP_DIR_SCAN || !L->nest || L->nest->dir->kind != OMP_DIR_FOR)
        return true;
    const struct omp_directive *o = L->nest->dir;
    for (int k = 0; k < o->nclauses; k++)
        if (o->clauses[k].kind == OMP_CL_REDUCTION && o->clauses[k].inscan)
            return true;
    mcc_error_at(check_word_loc(d), "'#pragma omp scan' needs a loop with a "
                 "'reduction(inscan, ...)' clause; '#pragma omp %sfor' (line %d) has none",
                 o->parallel ? "parallel " : "", o->loc.line);
    return false;
}

/* Inside a simd loop only simd, loop, atomic, scan and `ordered simd` constructs (OpenMP
 * 5.0 2.9.3.1; gcc: "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or
 * 'atomic' may not be nested inside 'simd' region"): the iterations run in lanes of one
 * thread.  simd lines are dropped, so the loop's body is searched here.  The first
 * one is reported (false). */
static bool simd_inner(struct lower *L, struct ast *pr, const struct omp_directive *simd)
{
    const struct omp_directive *d = lower_parse_pragma(L, pr);
    if (d->nerrors || (d->kind == OMP_DIR_UNKNOWN && !d->host) || d->kind == OMP_DIR_SIMD ||
        d->kind == OMP_DIR_ATOMIC || d->kind == OMP_DIR_SCAN ||
        (d->kind == OMP_DIR_FOR && d->loop && !d->parallel) ||
        (d->kind == OMP_DIR_ORDERED && d->ordered_simd && !d->ordered_threads))
        return true;
    mcc_error_at(check_word_loc(d), "'#pragma omp %s%s' inside a simd loop ('#pragma omp "
                 "%s%s%s' at line %d): only 'simd', 'loop', 'atomic', 'scan' and 'ordered "
                 "simd' constructs may be in one, whose iterations run in the lanes of one "
                 "thread", d->parallel ? "parallel " : "", d->kind == OMP_DIR_UNKNOWN &&
                 d->name.text ? d->name.text : omp_directive_names[d->kind],
                 simd->parallel ? "parallel " : "",
                 simd->kind == OMP_DIR_SIMD ? "" : omp_directive_names[simd->kind],
                 simd->kind == OMP_DIR_SIMD ? "simd" : " simd", simd->loc.line);
    return false;
}

bool check_simd_body(struct lower *L, struct ast *n, const struct omp_directive *simd)
{
    if (!n)
        return true;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (!check_simd_body(L, i, simd))
                return false;
        return true;
    }
    if (n->kind == AST_PRAGMA)
        return simd_inner(L, n, simd);
    for (struct ast *p = n->pragma; p; p = p->kid[0])
        if (!simd_inner(L, p, simd))
            return false;
    for (int k = 0; k < 4; k++)
        if (!check_simd_body(L, n->kid[k], simd))
            return false;
    return true;
}

/* A `loop` with no bind clause binds to the region around it; with no construct around it
 * in its function there is none to read it from (gcc: "'bind' clause not specified on a
 * 'loop' construct not nested inside another OpenMP construct"). */
static bool check_loop_bind(const struct lower *L, const struct omp_directive *d)
{
    if (d->kind != OMP_DIR_FOR || !d->loop || d->parallel || d->teams || d->bind || L->nest)
        return true;
    mcc_error_at(check_word_loc(d), "'bind' clause not specified on a 'loop' construct not "
                 "nested inside another OpenMP construct: say which region it binds to, "
                 "bind(thread) for this thread alone, or bind(parallel) for the team of the "
                 "parallel region that calls the function");
    return false;
}

/* In a region with order(concurrent), or a `loop` region, the only constructs are
 * parallel, loop and simd ones (OpenMP 5.0 2.9.2; gcc: "OpenMP constructs other than
 * 'parallel', 'loop' or 'simd' may not be nested inside a region with the
 * 'order(concurrent)' clause", "... inside a 'loop' region"): its iterations may
 * run at once, or interleaved on one thread, where a critical or an atomic would order
 * them.  A parallel region in between starts regions of its own. */
static bool check_concurrent(const struct lower *L, const struct omp_directive *d)
{
    if (d->parallel || d->kind == OMP_DIR_PARALLEL || d->kind == OMP_DIR_SIMD ||
        (d->kind == OMP_DIR_FOR && d->loop))
        return true;
    for (const struct lower_nest *n = L->nest; n; n = n->up) {
        if (n->dir->concurrent) {
            mcc_error_at(check_word_loc(d), "'#pragma omp %s' may not be nested inside %s "
                         "('#pragma omp %s%s' at line %d): its iterations may run at once, "
                         "and only parallel, loop and simd constructs may be in it",
                         omp_directive_names[d->kind], n->dir->loop ? "a 'loop' region"
                         : "a region with the 'order(concurrent)' clause",
                         n->dir->parallel ? "parallel " : "",
                         n->dir->loop ? "loop" : omp_directive_names[n->dir->kind],
                         n->dir->loc.line);
            return false;
        }
        if (n->dir->kind == OMP_DIR_PARALLEL || n->dir->parallel)
            return true;
    }
    return true;
}

/* gcc 12's OpenMP runtime routines (omp-low.cc, omp_runtime_api_call): those after the
 * empty string also with Fortran's `_8` (omp_set_num_threads_8). */
static bool runtime_routine(const char *s, size_t n)
{
    static const char *const names[] = {
        "aligned_alloc", "aligned_calloc", "alloc", "calloc", "free", "realloc",
        "target_alloc", "target_associate_ptr", "target_disassociate_ptr", "target_free",
        "target_is_present", "target_memcpy", "target_memcpy_rect", "capture_affinity",
        "destroy_allocator", "destroy_lock", "destroy_nest_lock", "display_affinity",
        "fulfill_event", "get_active_level", "get_affinity_format", "get_cancellation",
        "get_default_allocator", "get_default_device", "get_device_num", "get_dynamic",
        "get_initial_device", "get_level", "get_max_active_levels", "get_max_task_priority",
        "get_max_teams", "get_max_threads", "get_nested", "get_num_devices", "get_num_places",
        "get_num_procs", "get_num_teams", "get_num_threads", "get_partition_num_places",
        "get_place_num", "get_proc_bind", "get_supported_active_levels", "get_team_num",
        "get_teams_thread_limit", "get_thread_limit", "get_thread_num", "get_wtick",
        "get_wtime", "in_final", "in_parallel", "init_lock", "init_nest_lock",
        "is_initial_device", "pause_resource", "pause_resource_all", "set_affinity_format",
        "set_default_allocator", "set_lock", "set_nest_lock", "test_lock", "test_nest_lock",
        "unset_lock", "unset_nest_lock", "",
        "display_env", "get_ancestor_thread_num", "init_allocator", "get_partition_place_nums",
        "get_place_num_procs", "get_place_proc_ids", "get_schedule", "get_team_size",
        "set_default_device", "set_dynamic", "set_max_active_levels", "set_nested",
        "set_num_teams", "set_num_threads", "set_schedule", "set_teams_thread_limit",
    };
    if (n < 4 || strncmp(s, "omp_", 4) != 0)
        return false;
    s += 4, n -= 4;
    bool suffix_8 = n > 2 && !strncmp(s + n - 2, "_8", 2), suffixed = false;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        suffixed |= !names[i][0];
        size_t k = strlen(names[i]);
        if (k && ((k == n && !strncmp(s, names[i], n)) ||
                  (suffixed && suffix_8 && k == n - 2 && !strncmp(s, names[i], k))))
            return true;
    }
    return false;
}

/* A call of the OpenMP runtime directly in a region with order(concurrent) or of a `loop`
 * (OpenMP 5.0 2.9.2; gcc: "OpenMP runtime API call 'omp_get_thread_num' in a region with
 * 'order(concurrent)' clause"): what it answers depends on the thread or the order the
 * iterations run in, which the clause leaves open.  Only the innermost construct counts,
 * as in gcc: a parallel or simd region in between has its own. */
bool check_nesting_call(const struct lower *L, const struct ast *call)
{
    const struct ast *f = call->kid[0];
    const struct omp_directive *d = L->nest ? L->nest->dir : NULL;
    const struct ast *simd = L->simd.loop;     /* (a simd loop's pragma is no construct
                                                  of nest: it may be the innermost one) */
    if (simd && call->begin >= simd->begin && call->end <= simd->end &&
        (L->simd.after ? L->nest && L->nest->dir == L->simd.after &&
                         L->nest->up == L->simd.nest : L->nest == L->simd.nest))
        d = L->simd.dir;
    if (!d || !d->concurrent || !f || f->kind != AST_IDENT ||
        !runtime_routine(f->name->str, f->name->len))
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, f->begin);
    mcc_error_at(&at, "OpenMP runtime API call '%.*s' in %s ('#pragma omp %s%s' at line %d): "
                 "its iterations may run at once, or in any order on one thread",
                 (int)f->name->len, f->name->str,
                 d->loop ? "a 'loop' region" : "a region with the 'order(concurrent)' clause",
                 d->parallel ? "parallel " : "", d->loop ? "loop" : omp_directive_names[d->kind],
                 d->loc.line);
    return false;
}

bool check_nesting(struct lower *L, const struct omp_directive *d, size_t at)
{
    return check_regions(L, d) && check_outer_private(L, d, at) && check_ordered(L, d, at) &&
           check_cancel(L, d) && check_scan(L, d) && check_loop_bind(L, d) &&
           check_concurrent(L, d);
}
