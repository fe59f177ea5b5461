/* Edge cases parsers often get wrong: sizeof of a compound literal, member access on a
 * compound literal, empty structs and initializers (GNU), _Static_assert as a member,
 * several declarators per typedef and per function declaration, trailing commas,
 * __auto_type, __func__/__FUNCTION__, _Pragma inside a function, tags declared in
 * parameter lists and nested struct tags. */
#include <stdio.h>
#include <string.h>

typedef int I, *IP, IA[3], IF(int);
struct empty {};
struct with_assert { int a; _Static_assert(sizeof(int) == 4, "int is 4 bytes"); int b; };
struct outer_tag { struct inner_tag { int v; } in; int w; };
enum trailing { TR_A, TR_B, };

static int f1(void), f2(int), f3(IP);
static IF twice;
static int twice(int x) { return 2 * x; }
static int f1(void) { return 1; }
static int f2(int x) { return x + 2; }
static int f3(IP p) { return *p + 3; }

static const char *name_of_function(void) { return __func__; }

int main(void)
{
    IA arr = { 1, 2, 3, };
    I i = 4;
    IP ip = &i;
    printf("typedefs %d %d %d %d\n", arr[2], *ip, twice(5), f1() + f2(0) + f3(ip));
    printf("sizeof literal %zu %zu %d\n", sizeof (int[]){ 1, 2, 3 }, sizeof (struct outer_tag){ 0 },
           (struct outer_tag){ .in.v = 7 }.in.v);
    struct empty e = {};
    int zeros[4] = {};
    printf("empty %zu %zu %d\n", sizeof e, sizeof(struct empty), zeros[3]);
    struct with_assert wa = { 1, 2 };
    struct inner_tag it = { 9 };       /* the nested tag is visible at file scope */
    printf("members %d %d %d %d\n", wa.a + wa.b, it.v, TR_B, (int)sizeof(enum trailing));
    __auto_type at = 1.5;
    __auto_type ap = &arr[1];
    printf("auto_type %g %d %zu\n", at, *ap, sizeof at);
    printf("func %s %s %s\n", __func__, __FUNCTION__, name_of_function());
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-variable\"")
    int unused_here;
    _Pragma("GCC diagnostic pop")
    char buf[8];
    strcpy(buf, "\x41\101\n");
    printf("escapes %d %d %zu\n", buf[0], buf[1], strlen(buf));
    return (int)sizeof(IA) - 12;
}
