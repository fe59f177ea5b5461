/*
 * pragma_oss.c - `#pragma oss`: the OmpSs-2 directives (BSC's successor of OmpSs, whose
 * runtime is Nanos6), parsed as their `#pragma omp` counterparts with the differences of
 * OmpSs-2 kept in the directive (d->oss, d->oss_wait).  What mcc runs:
 *   task [clauses]                 in/out/inout, depend(type: l), concurrent, commutative,
 *                                  reduction, priority, if, final, label, shared, private,
 *                                  firstprivate, default; weakin/weakout/weakinout/
 *                                  weakconcurrent/weakcommutative as their strong
 *                                  dependences (the task orders itself after what its
 *                                  subtasks need: correct, less parallel); wait and
 *                                  weakwait as a taskwait at the end of the body; cost
 *                                  taken and not used (a scheduling hint)
 *   taskwait [on(l)|in/out/inout(l)|depend(...)]
 *   taskloop [grainsize(n)] [collapse(n)] [task clauses but dependences and reduction]:
 *                                  no wait at its end (unlike OpenMP's taskloop)
 *   critical [(name)], atomic [read|write|update|capture|seq_cst], taskyield,
 *   declare reduction
 * Everything else is an error at its place: a directive or clause of OmpSs-2 that mcc does
 * not run ("sorry, unimplemented"), or one OmpSs-2 does not have.  Array sections keep the
 * OmpSs spelling everywhere, depend(...) included: a[lo:hi] is lo..hi inclusive, a[lo;n]
 * n elements from lo.  A task's dependences are released when it and all its descendants
 * have finished (nanort's rule too), as OmpSs-2 asks.  The lexer flags the lines
 * (AST_PRAGMA_OSS); the driver has cpp expand the macros of a source's own (oss_source).
 */
#include "mcc.h"

#include <stdint.h>
#include <string.h>

#define OSS_CL(k) (UINT64_C(1) << OMP_CL_##k)
#define OSS_DEPS (OSS_CL(IN) | OSS_CL(OUT) | OSS_CL(INOUT) | OSS_CL(DEPEND) \
    | OSS_CL(CONCURRENT) | OSS_CL(COMMUTATIVE))
#define OSS_TASK (OSS_DEPS | OSS_CL(REDUCTION) | OSS_CL(PRIORITY) | OSS_CL(IF) | OSS_CL(FINAL) \
    | OSS_CL(LABEL) | OSS_CL(SHARED) | OSS_CL(PRIVATE) | OSS_CL(FIRSTPRIVATE) | OSS_CL(DEFAULT))

/* The OmpSs-2 clauses of each directive mcc runs (besides those taken here). */
static const uint64_t oss_clauses[OMP_DIR_COUNT] = {
    [OMP_DIR_TASK] = OSS_TASK,
    [OMP_DIR_TASKLOOP] = OSS_TASK | OSS_CL(GRAINSIZE) | OSS_CL(COLLAPSE),
    [OMP_DIR_TASKWAIT] = OSS_CL(ON) | OSS_CL(IN) | OSS_CL(OUT) | OSS_CL(INOUT) | OSS_CL(DEPEND),
    [OMP_DIR_ATOMIC] = OSS_CL(READ) | OSS_CL(WRITE) | OSS_CL(UPDATE) | OSS_CL(CAPTURE)
                       | OSS_CL(SEQ_CST),
};

/* OmpSs-2's weak dependences, run as the strong ones: as clauses and as depend's types. */
static const struct { const char *name; enum omp_clause_kind as; enum omp_dep dep; } weak[] = {
    {"weakin", OMP_CL_IN, OMP_DEP_IN}, {"weakout", OMP_CL_OUT, OMP_DEP_OUT},
    {"weakinout", OMP_CL_INOUT, OMP_DEP_INOUT},
    {"weakconcurrent", OMP_CL_CONCURRENT, OMP_DEP_CONCURRENT},
    {"weakcommutative", OMP_CL_COMMUTATIVE, OMP_DEP_COMMUTATIVE},
    {"concurrent", OMP_CL_CONCURRENT, OMP_DEP_CONCURRENT},     /* (depend's only) */
    {"commutative", OMP_CL_COMMUTATIVE, OMP_DEP_COMMUTATIVE},
};

enum omp_dep omp_oss_dependence_type(struct omp_parser *p)
{
    for (size_t i = 0; i < sizeof weak / sizeof weak[0]; i++)
        if (p->toks[p->pos].kind == OMP_TOK_IDENT && omp_is(p, p->pos, weak[i].name))
            return weak[i].dep;
    return OMP_DEP_NONE;
}

/* OmpSs-2 directives and clauses mcc does not run, with what they would need. */
static const struct { const char *name, *why; } unsupported_dirs[] = {
    {"release", "nanort releases a task's dependences only when it and its descendants "
                "have finished"},
    {"lint", "it is advice to the OmpSs-2 verification tools"},
    {"taskiter", "a loop whose iterations' tasks are replayed is not run"},
    {"assert", "Nanos6 configuration assertions are not run"},
}, unsupported_clauses[] = {
    {"weakreduction", "a reduction whose subtasks take part is not run"},
    {"onready", "no action runs when a task's dependences are met"},
    {"device", "OmpSs-2 device tasks are not run (mcc runs OmpSs-1 device tasks: '#pragma "
               "omp target device(...)')"},
    {"ndrange", "OmpSs-2 device tasks are not run"},
    {"grid", "OmpSs-2 device tasks are not run"},
    {"shmem", "OmpSs-2 device tasks are not run"},
    {"node", "OmpSs-2@Cluster's placement is not run"},
    {"chunksize", "'task for' and 'taskloop for' are not run"},
    {"verified", "it is advice to the OmpSs-2 verification tools"},
};

static const char *why_unsupported(struct omp_parser *p, int tok, bool dir)
{
    size_t n = dir ? sizeof unsupported_dirs / sizeof unsupported_dirs[0]
                   : sizeof unsupported_clauses / sizeof unsupported_clauses[0];
    for (size_t i = 0; i < n; i++) {
        const char *name = dir ? unsupported_dirs[i].name : unsupported_clauses[i].name;
        if (omp_is(p, tok, name))
            return dir ? unsupported_dirs[i].why : unsupported_clauses[i].why;
    }
    return NULL;
}

bool omp_oss_directive(struct omp_parser *p)
{
    static const char *const runs[] = {"task", "taskwait", "taskloop", "critical", "atomic",
                                       "taskyield"};
    int w = p->pos;
    const char *why = why_unsupported(p, w, true);
    if (why) {
        omp_perror(p, w, "sorry, unimplemented: '#pragma oss %.*s': %s", (int)p->toks[w].len,
                   p->text + p->toks[w].off, why);
        return false;
    }
    if ((omp_is(p, w, "task") || omp_is(p, w, "taskloop")) && omp_is(p, w + 1, "for")) {
        omp_perror(p, w + 1, "sorry, unimplemented: '#pragma oss %.*s for' (one task whose "
                   "iterations the workers share): write '#pragma oss taskloop', whose "
                   "iterations are tasks", (int)p->toks[w].len, p->text + p->toks[w].off);
        return false;
    }
    if (omp_is(p, w, "declare") && omp_is(p, w + 1, "reduction"))
        return true;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        if (omp_is(p, w, runs[i]) && !omp_is(p, w + 1, "simd"))
            return true;
    if (p->toks[w].kind == OMP_TOK_END)
        omp_perror(p, w, "expected an OmpSs-2 directive after '#pragma oss'");
    else
        omp_perror(p, w, "'#pragma oss %.*s%s' is not an OmpSs-2 directive (OmpSs-2 has task, "
                   "taskwait, taskloop, critical, atomic, taskyield, declare reduction, ...)",
                   (int)p->toks[w].len, p->text + p->toks[w].off,
                   omp_is(p, w + 1, "simd") ? " simd" : "");
    return false;
}

int omp_oss_clause(struct omp_parser *p, int name, int kind)
{
    struct omp_directive *d = p->dir;
    const char *dname = omp_directive_names[d->kind];
    bool task = d->kind == OMP_DIR_TASK, tasks = task || d->kind == OMP_DIR_TASKLOOP;
    for (size_t i = 0; i < sizeof weak / sizeof weak[0]; i++)
        if (omp_is(p, name, weak[i].name)) {
            kind = weak[i].as;
            break;
        }
    if ((omp_is(p, name, "wait") || omp_is(p, name, "weakwait")) && task) {
        d->oss_wait = true;
        if (omp_is(p, name + 1, "("))
            omp_perror(p, name + 1, "clause '%.*s' takes no arguments", (int)p->toks[name].len,
                       p->text + p->toks[name].off);
        return OMP_OSS_DROPPED;
    }
    if (omp_is(p, name, "cost") && tasks) {
        if (!omp_is(p, name + 1, "("))
            omp_perror(p, name, "expected '(' after 'cost'");
        return OMP_OSS_DROPPED;     /* a hint to the scheduler: nanort has no use for it */
    }
    const char *why = why_unsupported(p, name, false);
    if (why) {
        omp_perror(p, name, "sorry, unimplemented: clause '%.*s' of '#pragma oss %s': %s",
                   (int)p->toks[name].len, p->text + p->toks[name].off, dname, why);
        return OMP_OSS_DROPPED;
    }
    if (kind >= 0 && !(oss_clauses[d->kind] >> kind & 1)) {
        omp_perror(p, name, "clause '%.*s' is not an OmpSs-2 clause of '#pragma oss %s'",
                   (int)p->toks[name].len, p->text + p->toks[name].off, dname);
        return OMP_OSS_DROPPED;
    }
    return kind;
}

void omp_oss_check(struct omp_parser *p)
{
    const struct omp_directive *d = p->dir;
    if (d->kind != OMP_DIR_TASKLOOP)
        return;
    /* OmpSs-2's taskloop does not wait for its tasks: with mcc's taskloop, whose
     * dependences and reductions are those of the loop as a whole, they would mean
     * something else */
    for (int i = 0; i < d->nclauses; i++) {
        const struct omp_clause *c = &d->clauses[i];
        if (c->dep != OMP_DEP_NONE || c->kind == OMP_CL_DEPEND || c->kind == OMP_CL_REDUCTION) {
            bool red = c->kind == OMP_CL_REDUCTION;
            mcc_error_at(&c->loc, "sorry, unimplemented: %s on '#pragma oss taskloop' (%s): "
                         "create the tasks with '#pragma oss task' in the loop",
                         red ? "a reduction" : "dependences",
                         red ? "complete at a later taskwait" : "those of each iteration");
            return;
        }
    }
}
