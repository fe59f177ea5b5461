/* More typedef-name scoping: a for-loop object named like the typedef, parameters of a
 * nested prototype shadowing it only in that prototype, struct members named like it (a
 * separate name space), `long T` / `unsigned T` / `struct s T` declaring objects named T,
 * a block-scope function named like the typedef, K&R parameters of typedef types, and
 * qualifiers and attributes around typedef names, member names and designators named like
 * typedefs followed by casts. */
#include <stdio.h>

typedef int T;
typedef T *TP;
typedef long U;
typedef struct s { int v; } S;

struct members { T T; T U; TP TP; };   /* members do not hide the typedefs */
static T after_struct = 1;

static int with_callback(int (*cb)(int T), T v) { return cb(v); }   /* T is a type again for v */
static int square(T x) { return x * x; }

static int knr_typed(a, b)
    T a;
    TP b;
{
    return a * 3 + *b;
}

static int for_object(void)
{
    int s = 0;
    for (T T = 0; T < 4; T++)
        s += T;
    T back = 10;                    /* a type again after the loop */
    return s + back;
}

static int specifier_seen(void)
{
    int r = 0;
    {
        long T = 5;                 /* `long` already names the type: T is the object */
        r += (int)T;
    }
    {
        unsigned T = 6;
        r += (int)T;
    }
    {
        struct s T = { 7 };
        r += T.v;
    }
    {
        const T c = 1;
        T const d = 2;
        static T e = 3;
        T volatile *p = &r;
        __attribute__((unused)) T f = 4;
        r += c + d + e + (*p > 0);
    }
    return r;
}

static int block_function(void)
{
    int T(int);                     /* a function named T hides the typedef here */
    return T(4);
}
int T_function_impl(int x) __asm__("T");
int T_function_impl(int x) { return x + 100; }

static int parens_and_casts(void)
{
    T (f);                          /* object f */
    f = (T)-1;
    TP p = (TP)&f;
    T *q = (T *)0;
    int n = sizeof(T) * 2;          /* sizeof(type) times 2 */
    int m = sizeof (f) * 2;         /* sizeof(object) times 2 */
    __typeof__(T) t = 3;
    typeof(f) u = 4;
    return *p + (q == 0) + n + m + t + u;
}

static int member_then_cast(void)
{
    struct members m = { .T = 3, .U = 4 };       /* designators named like the typedefs */
    struct members *pm = &m;
    return m.T + (U)1 + pm->T * (T)2 + m.U;      /* after `.T` / `->T`, `(U)` is a cast */
}

int main(void)
{
    struct members mb = { 1, 2, 0 };
    S sv = { 9 };
    printf("member then cast %d\n", member_then_cast());
    printf("%d %d %d %d %d\n", mb.T, mb.U, after_struct, with_callback(square, 7), knr_typed(2, &mb.U));
    printf("%d %d %d %d %d\n", for_object(), specifier_seen(), block_function(), parens_and_casts(), sv.v);
    return 0;
}
