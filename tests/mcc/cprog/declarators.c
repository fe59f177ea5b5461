/* Tricky declarators: functions returning pointers to arrays and to functions,
 * arrays of function pointers, signal()-like prototypes, abstract declarators in
 * casts, sizeof and parameters, function-typed parameters, typedef'd function types,
 * qualifiers in pointer chains, and several declarators in one declaration. */
#include <stdio.h>

typedef int fn_t(int);
typedef int (*fnp_t)(int);
typedef int arr3_t[3];

static int arr[3] = { 7, 8, 9 };
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }

static int (*get_arr(void))[3] { return &arr; }
static int (*get_fn(int which))(int) { return which ? inc : dec; }
static void (*set_handler(int sig, void (*handler)(int)))(int) { (void)sig; return handler; }
static int (*(*fn_returning_fnptr_to_arr(void))(void))[3] { return get_arr; }
static fn_t apply_decl;
static int apply_decl(int x) { return x * 10; }
static int call_fn_param(int f(int), int v) { return f(v); }
static int call_arr_param(int a[static 3], int (*m)[3]) { return a[2] + (*m)[0]; }
static void handler(int s) { printf("handler %d\n", s); }

int main(void)
{
    int (*pa)[3] = get_arr();
    int (*fns[2])(int) = { inc, dec };
    int (*(*pfns)[2])(int) = &fns;
    fnp_t table[] = { apply_decl, inc };
    fn_t *fp = dec;
    arr3_t *ap = &arr;
    int *const cp = &arr[0];
    const int *volatile *pcp = (const int *volatile *)&cp;
    int i = 1, *ip = &i, **ipp = &ip, iarr[2] = { 4, 5 }, (*iparr)[2] = &iarr, ifn(int);
    char *(*strs)[2];
    char *two[2] = { "a", "b" };
    strs = &two;
    printf("%d %d %d %d\n", (*pa)[1], fns[0](1), (*pfns)[1](1), get_fn(1)(5));
    printf("%d %d %d %d\n", table[0](2), fp(0), (*ap)[2], (*fn_returning_fnptr_to_arr()())[0]);
    printf("%d %d %d %d %s\n", **pcp, **ipp, (*iparr)[1], ifn(3), (*strs)[1]);
    printf("%d %d\n", call_fn_param(inc, 1), call_arr_param(arr, &arr));
    set_handler(2, handler)(4);
    printf("sizes %zu %zu %zu %zu %zu\n", sizeof(int (*)[3]), sizeof(int *[3]), sizeof(int (*(*)(void))[3]),
           sizeof(arr3_t), sizeof(char (*(*[4])(void))[5]));
    void *vp = (void *)(int (*)(int))inc;
    printf("cast %d\n", ((int (*)(int))vp)(41));
    return 0;
}

int ifn(int x) { return x * x; }
