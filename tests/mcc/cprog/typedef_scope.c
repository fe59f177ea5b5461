/* Typedef names and scopes: `T T;` (an object named like the typedef), typedef names
 * redeclared as objects, parameters, enumerators and labels in inner scopes and
 * visible again after the scope ends, struct tags and members named like typedefs,
 * typedef redefinition, and the `T (x)` / `T * x` ambiguities. */
#include <stdio.h>

typedef int T;
typedef int U;
typedef long V;
typedef T T2;
typedef int T;                     /* C11 allows a compatible redefinition */
struct T { T T; };                 /* tag and member named like the typedef */
struct with_members { T U; U T2; };

static int param_named_T(int T) { return T * 2; }
static int unnamed_param_T(T) { return 5; }
static int fnptr_param(int (*f)(T), T v) { return f(v); }
static int twice(T x) { return 2 * x; }

static int shadow_in_block(void)
{
    T x = 1;
    {
        int T = 10;                    /* T is now an object */
        x += T * 2;
        {
            typedef char T;            /* and a type again, of another type */
            T c = 'a';
            x += (int)sizeof(T) + (c == 'a');
        }
        x += T;
    }
    T y = 3;                           /* the outer typedef is visible again */
    return x + y;
}

static int T_T(void)
{
    T T = 4;                           /* declares an object T of type T */
    int r = T + 1;
    return r;
}

static int for_scope(void)
{
    int s = 0;
    for (int U = 0; U < 3; U++) s += U;   /* U is an object inside the loop only */
    U after = 7;
    return s + after;
}

enum { V_ENUM = 3 };
static int enum_shadow(void)
{
    enum { V = 40 };                   /* enumerator hides the typedef V */
    return V + 2;
}

static int label_named_like_type(void)
{
    goto T;
T:
    return 11;
}

static int paren_declarator(void)
{
    T (a) = 5;                         /* declaration of a with redundant parentheses */
    T * b = &a;                        /* a declaration, not a multiplication */
    T(c);                              /* declaration of c */
    c = *b + 1;
    return a + c;
}

static int sizeof_ambiguity(void)
{
    int n = 0;
    n += sizeof(T);
    {
        long T = 0;
        n += (int)sizeof(T);           /* sizeof of the object: 8 */
        n += (int)sizeof T;
    }
    return n;
}

static int cast_vs_paren(void)
{
    int U2 = 6;
    T r = (T)+U2;                      /* a cast */
    int x = 3;
    {
        int T = 2;
        r += (T) + x;                  /* a parenthesized object plus x */
    }
    return r;
}

int main(void)
{
    struct T st = { 3 };
    struct with_members wm = { 1, 2 };
    printf("%d %d %d %d %d\n", st.T, wm.U + wm.T2, param_named_T(4), unnamed_param_T(0),
           fnptr_param(twice, 21));
    printf("%d %d %d %d %d\n", shadow_in_block(), T_T(), for_scope(), enum_shadow(),
           label_named_like_type());
    printf("%d %d %d %d %zu\n", paren_declarator(), sizeof_ambiguity(), cast_vs_paren(), V_ENUM,
           sizeof(V));
    T2 last = 1;
    return last - 1;
}
