/*
 * check_call.c - a call of a function task, checked at the call.  The lowering turns the
 * call into a call of the task's spawn function (lower.c), whose parameters are the task's:
 * left to gcc, a wrong argument would be reported about that function ("passing argument 1
 * of 'f__nrt_spawn' from incompatible pointer type", "too few arguments to function
 * 'f__nrt_spawn'"), a name the user never wrote.  So mcc checks the number of arguments and
 * each argument's type against its parameter itself, at the user's call, with
 * check_expr.c's types:
 *   - what gcc rejects (a struct for a scalar, a float for a pointer) is an error;
 *   - what gcc 12 only warns of is a warning, with gcc's words: an integer for a pointer or
 *     the reverse, pointers to different types (a `double (*)[N]` array for a `double *`,
 *     as old codes pass whole matrices), a pointer whose target loses its qualifiers or
 *     differs in the signedness of its integers.  Such a program built with gcc and runs
 *     (gcc 14 refuses the first three, but existing programs must build unchanged with the
 *     compiler they have); the argument is then converted as gcc converts it, through a
 *     cast, so that gcc does not warn again about the spawn function.
 * An argument whose type mcc cannot tell (its expression is beyond check_expr.c) is left
 * to gcc, which then reports it about the spawn function, but at the user's line.
 * A call of a task not declared yet (defined after its use, without a prototype) is no
 * task: gcc warns of the implicit declaration, mcc says what that means for the task.
 */
#include "mcc.h"
#include "c.tab.h"

#include <string.h>

static int list_length(const struct ast *list)
{
    int n = 0;
    for (const struct ast *k = list ? list->kid[0] : NULL; k; k = k->next)
        n++;
    return n;
}

/* The type of parameter p, adjusted (C11 6.7.6.3p7-8), with `base_const` saying whether
 * its specifiers have const (as check_expr.c says of the objects it names). */
static struct ck_type param_type(struct lower *L, struct ast *p)
{
    struct ck_type t;
    ck_type_of_decl(L, p->kid[0], p->kid[1], &t, 0);
    t = ck_decay(&t);
    t.base_const = ck_specs_const(p->sym, 0);
    return t;
}

/* How C spells type t, as gcc does when it can be told ("double *", "const struct P *");
 * NULL when not (qualifiers mcc does not know, arrays, functions, typedef'd anonymous
 * structs). */
static const char *type_spelling(struct lower *L, const struct ck_type *t)
{
    const char *base = NULL;
    if ((t->base == CK_INT || t->base == CK_FLOAT) && t->at != AT_UNKNOWN && !t->tag)
        base = ck_at_names[t->at];
    else if (t->base == CK_INT && t->tag && t->tag->name)
        base = arena_printf(L->a, "enum %.*s", (int)t->tag->name->len, t->tag->name->str);
    else if (t->base == CK_STRUCT && t->tag && t->tag->name)
        base = arena_printf(L->a, "%s %.*s", t->tag->op == KW_UNION ? "union" : "struct",
                            (int)t->tag->name->len, t->tag->name->str);
    else if (t->base == CK_VOID)
        base = "void";
    if (!base || (t->qual && !t->base_const) || t->ptr_qual)
        return NULL;
    char stars[CK_MAX_DERIV + 2] = " ";
    for (int i = 0; i < t->n; i++) {
        if (t->d[i] != CK_POINTER)
            return NULL;
        stars[i + 1] = '*';
    }
    return arena_printf(L->a, "%s%s%s", t->qual ? "const " : "", base, t->n ? stars : "");
}

/* ": expected 'double *' but argument is of type 'int *'", or "" when either type cannot
 * be spelled. */
static const char *expected(struct lower *L, const struct ck_type *p, const struct ck_type *a)
{
    const char *ps = type_spelling(L, p), *as = type_spelling(L, a);
    return ps && as ? arena_printf(L->a, ": expected '%s' but argument is of type '%s'", ps, as)
                    : "";
}

/* The integer type a is, signedness aside (char, signed char and unsigned char are one). */
static int unsigned_blind(int a)
{
    switch (a) {
    case AT_SCHAR: case AT_UCHAR: return AT_CHAR;
    case AT_USHORT: return AT_SHORT;
    case AT_UINT: return AT_INT;
    case AT_ULONG: return AT_LONG;
    case AT_ULLONG: return AT_LLONG;
    case AT_UINT128: return AT_INT128;
    default: return a;
    }
}

/* For pointers p and a (a passes for p as check_expr.c tells): what gcc warns of, as a
 * message tail; NULL for nothing, "" for a clash of integer types of one size (`long *`
 * for `long long *`: incompatible pointer types, a warning under gcc 12).  Only pointers to plain integers, floats,
 * structs or void are looked at. */
static const char *pointer_warning(const struct ck_type *p, const struct ck_type *a)
{
    if (p->n != 1 || a->n != 1 || p->d[0] != CK_POINTER || a->d[0] != CK_POINTER ||
        p->ptr_qual || a->ptr_qual)
        return NULL;
    if (p->base == CK_INT && a->base == CK_INT && !p->tag && !a->tag && p->at && a->at &&
        p->at != a->at && p->at != AT_BOOL && a->at != AT_BOOL)
        return unsigned_blind(p->at) == unsigned_blind(a->at) ? "differ in signedness" : "";
    if (a->qual && !p->qual)
        return a->base_const ? "discards 'const' qualifier from pointer target type"
                             : "discards qualifiers from pointer target type";
    return NULL;
}

/* Argument number i (from 1) of the call of task f, for parameter p. */
static bool argument(struct lower *L, const struct lower_ftask *f, int i, struct ast *arg,
                     struct ast *p)
{
    struct ck_type a, pt = param_type(L, p);
    if (!check_expression_type(L, arg->begin, arg->end, &a))
        return true;
    struct ck c = { .L = L, .quiet = true };
    enum ck_pass pass = ck_argument_pass(&c, &pt, &a);
    a = ck_decay(&a);
    struct mcc_loc loc = source_user_loc(&L->t->src, arg->begin);
    const char *task = arena_strndup(L->a, f->name->str, f->name->len);
    const char *warn = pass == CK_PASS_OK ? pointer_warning(&pt, &a) : NULL;
    if (warn && !*warn)
        pass = CK_PASS_POINTERS_CLASH;
    /* what gcc 12 only warns of: said (once: a serial clone's call was said when the
     * function itself was lowered), then the argument converted as gcc converts it */
    const char *msg, *cast = "(void *)(";
    switch (pass) {
    case CK_PASS_OK:
        if (!warn)
            return true;
        msg = arena_printf(L->a, "%spassing argument %d of task '%s' %s",
                           !strcmp(warn, "differ in signedness") ? "pointer targets in " : "",
                           i, task, warn);
        break;
    case CK_PASS_INCOMPATIBLE:
        mcc_error_at(&loc, "incompatible type for argument %d of task '%s'%s", i, task,
                     expected(L, &pt, &a));
        return false;
    case CK_PASS_INT_FROM_POINTER: case CK_PASS_POINTER_FROM_INT:
        msg = arena_printf(L->a, "passing argument %d of task '%s' makes %s from %s without a "
                           "cast", i, task,
                           pass == CK_PASS_POINTER_FROM_INT ? "pointer" : "integer",
                           pass == CK_PASS_POINTER_FROM_INT ? "integer" : "pointer");
        /* (through size_t: the bits gcc's implicit conversion gives, without its warning) */
        cast = pass == CK_PASS_POINTER_FROM_INT ? "(void *)(" LOWER_SIZE_T ")("
                                                : "(" LOWER_SIZE_T ")(";
        break;
    case CK_PASS_POINTERS_CLASH:
    default:
        msg = arena_printf(L->a, "passing argument %d of task '%s' from incompatible pointer "
                           "type", i, task);
        break;
    }
    if (!L->clone)
        mcc_warning_at(&loc, "%s%s", msg, expected(L, &pt, &a));
    rewrite_insert_before(L->rw, arg->begin, cast);
    rewrite_insert_after(L->rw, arg->end, ")");
    return true;
}

bool check_task_call(struct lower *L, const struct ast *call, const struct lower_ftask *f)
{
    int want = list_length(f->params), got = list_length(call->kid[1]);
    if (got != want) {
        struct mcc_loc loc = source_user_loc(&L->t->src, call->begin);
        mcc_error_at(&loc, "too %s arguments to function task '%.*s' (%d, expected %d)",
                     got < want ? "few" : "many", (int)f->name->len, f->name->str, got, want);
        return false;
    }
    bool ok = true;
    struct ast *p = f->params ? f->params->kid[0] : NULL;
    int i = 1;
    for (struct ast *arg = call->kid[1] ? call->kid[1]->kid[0] : NULL; arg && p;
         arg = arg->next, p = p->next, i++)
        if (p->kind == AST_PARAM && !argument(L, f, i, arg, p))
            ok = false;
    return ok;
}

void check_call_before_task(struct lower *L, const struct ast *call)
{
    const struct ast *callee = call->kid[0];
    if (!callee || callee->kind != AST_IDENT || callee->sym)
        return;
    struct lower_ftask *f = lower_ftask_find(L, callee->name);
    if (!f || !f->dir.dir || f->scope_sym || L->clone)
        return;
    struct mcc_loc loc = source_user_loc(&L->t->src, callee->begin);
    struct mcc_loc at = lower_dir_loc(L, &f->dir);
    mcc_warning_at(&loc, "'%.*s' is called before its declaration as a task (line %d): this "
                   "call is not a task (declare the task, with its pragma, before the call)",
                   (int)callee->name->len, callee->name->str, at.line);
}
