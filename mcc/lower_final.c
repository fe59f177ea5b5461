/*
 * lower_final.c - the serial path of code under a final task (issue 22).
 *
 * Under `final`, a task and every task it creates run at once, in program order, in the
 * thread that creates them (OMPSS.md "Task clauses"): their dependences are satisfied by
 * that order and every taskwait among them finds nothing to wait for.  nanort does that
 * for any task it is handed, but handing it over (allocation, bookkeeping, the body through
 * a pointer) costs far more than a small body; recursive programs with a final cut-off
 * (fib, nqueens...) then run much slower than their sequential version below the cut-off.
 * As Mercurium does, mcc generates code that takes the serial path itself:
 *
 *   at each task, taskloop or for     if (nanort_in_final()) the environment is built on
 *                                     the stack and the outlined body called directly
 *                                     (lower_final_site); else the task is created as before
 *   for each function whose body      a serial clone `f__nrt_serial` (the same code with
 *   creates tasks                     every task construct run in place with its data-
 *                                     sharing honoured, taskwaits gone, calls of other
 *                                     clones made directly), and at f's entry
 *                                     `if (nanort_in_final()) return f__nrt_serial(...)`
 *
 * so that below the cut-off one check leads into code as fast as the sequential program.
 * Only units that use a final clause get either (lower_final_scan): others pay nothing.  A
 * construct or clause the serial path does not know (a parallel region, lastprivate,
 * inprivate, detach...) leaves its function without a clone and its site without a serial
 * path: the runtime still runs such tasks undeferred under final, correctly.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

/* ---- does the unit use final? --------------------------------------------------------- */

/* A `final(` in a `#pragma omp` line of the preprocessed text.  Comments are in the text
 * (the driver preprocesses with -C): a pragma line commented out is none, a `final(` in a
 * pragma's comment is none, and a pragma goes on over the lines of a block comment left
 * open at the end of its line (as in grammar/c.l). */
void lower_final_scan(struct lower *L)
{
    const char *text = L->text, *end = text + L->t->src.len;
    if (!memmem(text, (size_t)(end - text), "final", 5))
        return;     /* the usual case, at memmem's speed */
    bool in_comment = false;
    for (const char *p = text; p < end;) {
        const char *le = memchr(p, '\n', (size_t)(end - p));
        le = le ? le : end;
        const char *l = p;
        while (l < le && (*l == ' ' || *l == '\t'))
            l++;
        if (in_comment || l == le || *l != '#') {
            in_comment = omp_comment_open(p, le, in_comment);
            p = le + (le < end);
            continue;
        }
        for (bool open = omp_comment_open(l, le, false); open && le < end;) {
            const char *next = le + 1;
            le = memchr(next, '\n', (size_t)(end - next));
            le = le ? le : end;
            open = omp_comment_open(next, le, true);
        }
        p = le + (le < end);
        if (!memmem(l, (size_t)(le - l), "final", 5))
            continue;
        /* # pragma omp ... final ( */
        const char *s = lower_uncomment(L, l, (size_t)(le - l)) + 1;
        const char *w[2] = {"pragma", "omp"};
        bool pragma_omp = true;
        for (int k = 0; k < 2 && pragma_omp; k++) {
            s += strspn(s, " \t\n");
            pragma_omp = !strncmp(s, w[k], strlen(w[k]));
            s += strlen(w[k]);
        }
        if (!pragma_omp || (*s != ' ' && *s != '\t'))
            continue;
        for (const char *f = s; (f = strstr(f, "final")); f += 5) {
            char b = f[-1];
            if (b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
                (b >= '0' && b <= '9'))
                continue;
            if (f[5 + strspn(f + 5, " \t\n")] == '(') {
                L->final_used = true;
                return;
            }
        }
    }
}

/* ---- what the serial path handles ------------------------------------------------------ */

/* The clauses of a task, taskloop or for that the serial path honours (or may ignore:
 * dependences, priorities and labels mean nothing to code run in program order). */
static bool clause_ok(const struct omp_clause *c)
{
    switch (c->kind) {
    case OMP_CL_IN: case OMP_CL_OUT: case OMP_CL_INOUT: case OMP_CL_INPUT: case OMP_CL_OUTPUT:
    case OMP_CL_DEPEND: case OMP_CL_CONCURRENT: case OMP_CL_COMMUTATIVE:
    case OMP_CL_REDUCTION: case OMP_CL_IN_REDUCTION: case OMP_CL_PRIORITY: case OMP_CL_IF:
    case OMP_CL_FINAL: case OMP_CL_UNTIED: case OMP_CL_TIED: case OMP_CL_LABEL:
    case OMP_CL_SHARED: case OMP_CL_PRIVATE: case OMP_CL_FIRSTPRIVATE: case OMP_CL_DEFAULT:
    case OMP_CL_COPY_IN: case OMP_CL_COPY_OUT: case OMP_CL_COPY_INOUT: case OMP_CL_COPY_DEPS:
    case OMP_CL_NO_COPY_DEPS: case OMP_CL_GRAINSIZE: case OMP_CL_NUM_TASKS:
    case OMP_CL_NOGROUP: case OMP_CL_SCHEDULE: case OMP_CL_NOWAIT: case OMP_CL_COLLAPSE:
    case OMP_CL_MERGEABLE: case OMP_CL_ALLOCATE:
        return true;
    case OMP_CL_DEVICE:
        return (c->devices & ~(1u << OMP_DEVICE_SMP)) == 0;
    default:
        return false;
    }
}

/* May a directive (a construct's line or its target line) take the serial path? */
bool lower_final_clauses_ok(const struct omp_directive *d)
{
    for (int i = 0; d && i < d->nclauses; i++)
        if (!clause_ok(&d->clauses[i]))
            return false;
    return true;
}

bool lower_final_site_ok(const struct lower_dir *d)
{
    return lower_final_clauses_ok(d->dir) && lower_final_clauses_ok(d->target);
}

/* ---- the serial path at a task ------------------------------------------------------- */

char *lower_final_site(struct lower *L, const struct final_parts *p)
{
    /* A copy of the argument block (zero-filled, as nanort_task_create's), filled as at
     * creation, and the body called on it in this task: on the stack, or on the heap when
     * copies of VLAs make its size known only at run time (a VLA would be one the user
     * did not write, for -Wvla, and would stay on the stack of a loop's frame).  malloc's
     * 16 bytes of alignment may be less than the struct's (a firstprivate `_Alignas(64)`
     * array beside the VLA, which the body may load with aligned instructions): the block
     * starts at the struct's alignment inside an allocation that much longer. */
    const char *block = p->size_end
        ? arena_printf(L->a, "char *__nrt_m = __builtin_malloc(__nrt_sz + %s); "
                       "void *__nrt_a = __nrt_m ? __nrt_m + "
                       "(%s - (" LOWER_SIZE_T ")__nrt_m %% %s) %% %s : (void *)0; ",
                       p->align, p->align, p->align, p->align)
        : arena_printf(L->a, "struct %s __nrt_s; void *__nrt_a = &__nrt_s; ", p->env);
    const char *size = p->size_end ? p->size_end : arena_printf(L->a, "sizeof(struct %s)", p->env);
    return arena_printf(L->a, "{ %s" LOWER_SIZE_T " __nrt_sz = %s; %sstruct %s *__nrt_x = __nrt_a; "
                        "(void)__nrt_x; %s__builtin_memset(__nrt_a, 0, __nrt_sz); %s%s%s(__nrt_a, "
                        "(nanort_ctx *)0); %s}", p->size ? p->size : "", size, block, p->env,
                        p->size_end ? "if (!__nrt_a) __builtin_abort(); " : "",
                        p->init ? p->init : "", p->extra_init ? p->extra_init : "", p->fn,
                        p->size_end ? "__builtin_free(__nrt_m); " : "");
}
