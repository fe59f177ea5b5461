/* Non-OmpSs pragmas pass through unchanged (#pragma pack changes layout, GCC
 * diagnostic pragmas, _Pragma from a macro) and linemarkers are kept, so __LINE__,
 * __FILE__ and assert messages still name this file and its lines. */
#include <stdio.h>
#include <string.h>

#pragma pack(push, 1)
struct packed { char c; int i; };
#pragma pack(pop)
struct normal { char c; int i; };

#define PACK2 _Pragma("pack(push, 2)")
#define UNPACK _Pragma("pack(pop)")
PACK2
struct packed2 { char c; int i; };
UNPACK

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
static int quiet(void) { int unused; return 1; }
#pragma GCC diagnostic pop

#pragma weak maybe_missing
extern int maybe_missing(void);

/* A comment
   over several
   lines */
static int line_after_comment(void) { return __LINE__; }

int main(void)
{
    printf("pack %zu %zu %zu\n", sizeof(struct packed), sizeof(struct normal), sizeof(struct packed2));
    printf("quiet %d weak %d\n", quiet(), maybe_missing == 0);
    const char *f = __FILE__;
    const char *base = strrchr(f, '/');
    printf("file %s line %d %d\n", base ? base + 1 : f, __LINE__, line_after_comment());
#pragma GCC unroll 4
    for (int i = 0; i < 2; i++)
        printf("loop %d\n", i);
    return 0;
}
