/* __attribute__ in every position gcc allows: on declarations, declarators, types,
 * struct members and tags, parameters, labels, statements, enumerators, function
 * definitions (before and after the declarator), plus alternate spellings. */
#include <stdio.h>
#include <stddef.h>

struct __attribute__((packed)) packed_s { char c; int i; };
struct unpacked_s { char c; int i; } __attribute__((aligned(16)));
struct member_attrs { char c; int i __attribute__((aligned(8))); short s __attribute__((__packed__)); };
typedef int aligned_int __attribute__((aligned(16)));
typedef struct { char c; } __attribute__((aligned(32))) tdef_aligned;
union __attribute__((__transparent_union__)) int_or_ptr { int *ip; const long *lp; };
enum __attribute__((packed)) small_enum { SE_A, SE_B __attribute__((deprecated)) = 2, SE_C };

__attribute__((noinline)) static int before_decl(int x) { return x * 2; }
static int __attribute__((noinline)) between(int x) { return x * 3; }
static int after_params(int x) __attribute__((const));
static int after_params(int x) { return x * 4; }
static int __attribute__((unused)) unused_fn(void) { return 0; }
__attribute__((format(printf, 1, 2))) static int fmt(const char *f, ...);
static int fmt(const char *f, ...) { return (int)(f[0] == '%'); }
int __attribute__((weak)) weak_symbol(void);
static int *__attribute__((aligned(8))) ptr_attr;
static int array_attr[4] __attribute__((aligned(32))) = {1, 2, 3, 4};
static void (*fp_attr)(void) __attribute__((unused));
static int param_attr(int a __attribute__((unused)), int __attribute__((unused)) b) { return 5; }
static int vis __attribute__((used, __unused__)) = 9;
static int used_transparent(union int_or_ptr u) { return *u.ip; }
__extension__ static __attribute__((always_inline)) inline int ext_inline(int x) { return x + 1; }
static int __attribute__((__noinline__, __cold__)) cold_fn(int x);
static int cold_fn(int x) { return -x; }
int *__attribute__((__malloc__)) no_malloc(void);
static char vector_attr_test(void)
{
    typedef int v4si __attribute__((vector_size(16)));
    v4si a = {1, 2, 3, 4}, b = {10, 20, 30, 40};
    v4si c = a + b;
    return (char)c[3];
}

int main(void)
{
    __attribute__((unused)) int local_unused = 0;
    int __attribute__((aligned(64))) local_aligned = 1;
    int x = 1;
    switch (x) {
    case 1:
        x++;
        __attribute__((fallthrough));
    case 2:
        x++;
        break;
    }
    goto lab;
lab: __attribute__((unused));
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(struct packed_s), sizeof(struct unpacked_s),
           offsetof(struct member_attrs, i), _Alignof(aligned_int), sizeof(tdef_aligned),
           sizeof(enum small_enum));
    printf("fns %d %d %d %d %d %d %d\n", before_decl(1), between(1), after_params(1), fmt("%d", 1),
           param_attr(0, 0), ext_inline(1), cold_fn(3));
    printf("misc %d %d %d %d %d\n", array_attr[3], vis, x, (int)((unsigned long)&local_aligned % 64),
           (int)vector_attr_test());
    printf("weak %d ptr %d\n", weak_symbol == 0, ptr_attr == 0);
    printf("transparent %d\n", used_transparent(&x));
    return local_unused;
}
