/*
 * lower_block.c - the rules of structured blocks that the lowering relies on (OMPSS.md
 * "OpenMP compatibility", last item), reported at the offending line as gcc -fopenmp does:
 *   - a stand-alone directive (taskwait, barrier, taskyield, flush, ...) cannot be the
 *     unbraced body of if/else/for/while/do, a label or a case: it is not a statement
 *     ("may only be used in compound statements"), and taking it as the body would make
 *     a different program;
 *   - no return, break, continue, goto or case may leave the body of a task (an outlined
 *     function: a `return` would end only the task) or of a construct whose end the
 *     lowering completes (a loop split into tasks, parallel, single, sections, taskgroup),
 *     and no goto or case from outside may enter one; nor may they leave any other
 *     structured block (critical, a simd loop's body, teams, target, target data,
 *     distribute), which gcc -fopenmp refuses too though it runs in place;
 *   - va_start cannot be called in a task's body, a loop split into tasks or a section
 *     of sections that run as tasks either: the outlined function has no variable
 *     arguments (gcc would say "va_start used in function with fixed arguments" of mcc's
 *     output).
 */
#include "mcc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The words naming a pragma's directive, for messages ("taskwait", "declare reduction"),
 * into buf; *word gets where the first one starts. */
static const char *directive_words(const char *s, const char *e, char *buf, size_t size,
                                   const char **word)
{
    const char *w = s;
    while (w + 3 <= e && memcmp(w, "omp", 3) != 0)
        w++;
    w += 3;
    while (w < e && (*w == ' ' || *w == '\t'))
        w++;
    *word = w;
    const char *end = w;
    while (end < e && (*end == '_' || (*end >= 'a' && *end <= 'z') || *end == ' '))
        end++;
    while (end > w && end[-1] == ' ')
        end--;
    /* a clause may follow the directive word: keep the second word of two-word directives */
    static const char *const two[] = {"declare", "cancellation", "target", "end"};
    const char *sp = memchr(w, ' ', (size_t)(end - w));
    if (sp && !lower_name_in(w, (size_t)(sp - w), two, 4)) {
        end = sp;
    } else if (sp) {
        const char *sp2 = memchr(sp + 1, ' ', (size_t)(end - sp - 1));
        if (sp2)
            end = sp2;
    }
    snprintf(buf, size, "%.*s", (int)(end - w), w);
    return buf;
}

void lower_block_standalone_error(const struct mcc_source *src, size_t begin, size_t end)
{
    char buf[64];
    const char *word;
    const char *name = directive_words(src->text + begin, src->text + end, buf, sizeof buf,
                                       &word);
    /* at the directive word, as the lowering's other directive errors */
    struct mcc_loc at = source_user_loc(src, word < src->text + end
                                                 ? (size_t)(word - src->text) : begin);
    mcc_error_at(&at, "'#pragma omp %s' may only be used in compound statements (put braces "
                 "around it)", name);
}

void lower_block_standalone_body(struct lower *L, struct ast *pragma)
{
    lower_block_standalone_error(&L->t->src, pragma->begin, pragma->end);
}

/* ---- branches --------------------------------------------------------------------------- */

struct branch_walk {
    struct lower *L;
    struct ast *body;
    const char *what;          /* "a task", "a '#pragma omp parallel' construct" */
    int loops, switches;       /* enclosing ones inside the body */
    bool continue_ok;          /* the body of a loop split into tasks: `continue` is its
                                  next iteration */
    bool outlined;             /* a task's or such a loop's body: it runs in a function of
                                  its own (other constructs are lowered in place) */
    struct name **labels;      /* labels defined in the body */
    int nlabels, caplabels;
};

static void collect_labels(struct branch_walk *w, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            collect_labels(w, i);
        return;
    }
    if (n->kind == AST_FUNCTION_DEF)
        return;                 /* a nested function's labels are its own */
    if (n->kind == AST_LABEL && n->name) {
        ARENA_GROW(w->L->a, w->labels, w->nlabels, w->caplabels, 16);
        w->labels[w->nlabels++] = n->name;
    }
    for (int k = 0; k < 4; k++)
        collect_labels(w, n->kid[k]);
}

static bool label_inside(const struct branch_walk *w, const struct name *n)
{
    for (int i = 0; i < w->nlabels; i++)
        if (w->labels[i] == n)
            return true;
    return false;
}

/* One error per statement, however many constructs enclose it. */
static void branch_error(struct branch_walk *w, struct ast *n, const char *dir)
{
    if (lower_map_get(&w->L->reported, n))
        return;
    lower_map_put(w->L, &w->L->reported, n, n);
    struct mcc_loc at = source_user_loc(&w->L->t->src, n->begin);
    mcc_error_at(&at, "invalid branch %s %s", dir, w->what);
}

/* va_start as the preprocessor leaves it (gcc's stdarg.h: __builtin_va_start, C23's
 * __builtin_c23_va_start). */
static bool is_va_start(const struct name *nm)
{
    static const char *const names[] = {"__builtin_va_start", "__builtin_c23_va_start",
                                        "va_start"};
    return lower_name_in(nm->str, nm->len, names, 3);
}

static void walk_branches(struct branch_walk *w, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            walk_branches(w, i);
        return;
    }
    switch (n->kind) {
    case AST_FUNCTION_DEF:
        return;                 /* a GNU nested function: its returns are its own */
    case AST_RETURN:
        branch_error(w, n, "out of");
        break;
    case AST_BREAK:
        if (w->loops == 0 && w->switches == 0)
            branch_error(w, n, "out of");
        return;
    case AST_CONTINUE:
        if (w->loops == 0 && !w->continue_ok)
            branch_error(w, n, "out of");
        return;
    case AST_GOTO:
        if (n->name && !label_inside(w, n->name))
            branch_error(w, n, "out of");
        break;
    case AST_CASE: case AST_DEFAULT:
        if (w->switches == 0)
            branch_error(w, n, "into");
        break;
    case AST_FOR: case AST_WHILE: case AST_DO:
        w->loops++;
        for (int k = 0; k < 4; k++)
            walk_branches(w, n->kid[k]);
        w->loops--;
        return;
    case AST_SWITCH:
        walk_branches(w, n->kid[0]);
        w->switches++;
        walk_branches(w, n->kid[1]);
        w->switches--;
        return;
    case AST_CALL:
        if (w->outlined && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
            is_va_start(n->kid[0]->name) && !lower_map_get(&w->L->reported, n)) {
            lower_map_put(w->L, &w->L->reported, n, n);
            struct mcc_loc at = source_user_loc(&w->L->t->src, n->begin);
            mcc_error_at(&at, "'va_start' in %s, whose body runs in a function of its own "
                         "without the variable arguments: call va_start before the "
                         "directive and share the va_list", w->what);
        }
        break;
    default:
        break;
    }
    for (int k = 0; k < 4; k++)
        walk_branches(w, n->kid[k]);
}

/* gotos of the rest of the function that jump to a label of the body. */
static void walk_entries(struct branch_walk *w, struct ast *n)
{
    if (!n || (n->begin >= w->body->begin && n->end <= w->body->end))
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            walk_entries(w, i);
        return;
    }
    if (n->kind == AST_FUNCTION_DEF && n != w->L->fn)
        return;
    if (n->kind == AST_GOTO && n->name && label_inside(w, n->name))
        branch_error(w, n, "into");
    for (int k = 0; k < 4; k++)
        walk_entries(w, n->kid[k]);
}

static bool check_block(struct lower *L, struct ast *body, bool loop_body, const char *what,
                        bool outlined)
{
    int errors = mcc_error_count();
    struct branch_walk w = {.L = L, .body = body, .what = what ? what : "a task",
                            .continue_ok = loop_body, .outlined = outlined};
    collect_labels(&w, body);
    walk_branches(&w, body);
    if (w.nlabels && L->fn)
        walk_entries(&w, L->fn->kid[3]);
    return mcc_error_count() == errors;
}

bool lower_block_check_branches(struct lower *L, struct ast *body, bool loop_body,
                                const char *what)
{
    return check_block(L, body, loop_body, what, !what || loop_body);
}

/* The same for a block the lowering outlines though it is no task's body (a section of
 * sections that run as tasks): va_start is refused there too. */
bool lower_block_check_outlined(struct lower *L, struct ast *body, const char *what)
{
    return check_block(L, body, false, what, true);
}

/* The same for a block that runs in place (the body of a simd loop, a critical, a device
 * construct that runs as written on the host): gcc -fopenmp refuses a branch out of any
 * OpenMP structured block, though the lowering could take it. */
bool lower_block_check_in_place(struct lower *L, struct ast *body, bool loop_body,
                                const char *what)
{
    return check_block(L, body, loop_body, what, false);
}

/* The next word of a directive's text at *s (letters and '_'), stepped over; its length. */
static size_t next_word(const char **s)
{
    while (**s == ' ' || **s == '\t')
        (*s)++;
    const char *w = *s;
    while (**s == '_' || (**s >= 'a' && **s <= 'z'))
        (*s)++;
    return (size_t)(*s - w);
}

/* A device construct that runs as written on the host (`teams`, `target data`, `target
 * map(...)`, `distribute`, and what combines them): no branch may leave its statement, nor
 * the loops of a distribute (its collapse(n) nest) but by `continue`. */
void lower_block_check_host(struct lower *L, const struct omp_directive *d, struct ast *stmt)
{
    static const char *const words[] = {"target", "teams", "data", "distribute"};
    char name[64] = "";
    bool loop = false;
    const char *s = d->name.text;
    for (int part = 0; part < 2 && s; part++, s = d->rest.text)
        for (size_t n; (n = next_word(&s)) && lower_name_in(s - n, n, words, 4);) {
            loop |= n == strlen("distribute") && !memcmp(s - n, "distribute", n);
            size_t used = strlen(name);
            snprintf(name + used, sizeof name - used, "%s%.*s", used ? " " : "", (int)n, s - n);
        }
    if (!*name || !stmt || stmt->kind == AST_DECLARATION || stmt->kind == AST_FUNCTION_DEF)
        return;                 /* declare target, requires: no block */
    const char *what = arena_printf(L->a, "a '#pragma omp %s' %s", name,
                                    loop ? "loop" : "construct");
    if (!loop) {
        lower_block_check_in_place(L, stmt, false, what);
        return;
    }
    const char *c = d->rest.text ? strstr(d->rest.text, "collapse") : NULL;
    long depth = 1;
    if (c && (c = strchr(c, '(')))
        depth = strtol(c + 1, NULL, 10);      /* (not a constant: reported with the loop) */
    struct ast *body = stmt;
    for (long k = 0; k < depth && body && body->kind == AST_FOR; k++)
        body = body->kid[3];
    if (body != stmt)
        lower_block_check_in_place(L, body, true, what);
}
