/*
 * lower_names.c - the names of what generated code defines for a construct or a function
 * task, `<base>__nrt_<what>[<n>]`, spelled in one place (mcc.h's LOWER_NAMES list).  The
 * base is the user's function (its type, run and spawn functions, its serial clone) or the
 * function enclosing an inline task, numbered then by the unit's serial count.  These names
 * reach objects, gdb and other units (a function task's type is extern), so they must not
 * change by accident.
 */
#include "mcc.h"

static const char *const spelling[] = {
#define X(kind, what) [kind] = what,
    LOWER_NAMES(X)
#undef X
};

const char *lower_name(struct lower *L, enum lower_name kind, const char *base, int n)
{
    if (n < 0)
        return arena_printf(L->a, "%s__nrt_%s", base, spelling[kind]);
    return arena_printf(L->a, "%s__nrt_%s%d", base, spelling[kind], n);
}
