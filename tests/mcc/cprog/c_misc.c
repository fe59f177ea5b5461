/* Assorted C: bit-fields (named, unnamed, zero width), anonymous structs and unions,
 * enums with explicit values, switch with fallthrough into nested blocks (Duff's
 * device), comma and conditional operators, string literal concatenation and
 * prefixes, character constants, hex floats, a struct without the last ';', and
 * the exit status of main. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>

struct bits { unsigned a : 3, : 2, b : 5; unsigned : 0; int c : 4; };
struct anon { int kind; union { int i; struct { short lo, hi; }; }; struct { int x; } named; };
struct lax { int a; int b };        /* GNU C: no ';' after the last member */
enum color { RED = 1, GREEN = RED << 2, BLUE, LAST = -1 };

static void duff(char *to, const char *from, int count)
{
    int n = (count + 3) / 4;
    switch (count % 4) {
    case 0: do { *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

int main(void)
{
    struct bits b = { 5, 17, -3 };
    struct anon an = { .kind = 1, .lo = 2, .hi = 3 };
    printf("bits %u %u %d %zu\n", b.a, b.b, b.c, sizeof b);
    printf("anon %d %d %d %zu\n", an.kind, an.lo, an.hi, sizeof an);
    struct lax lx = { 1, 2 };
    printf("lax %d %zu\n", lx.a + lx.b, sizeof lx);
    printf("enum %d %d %d %d\n", RED, GREEN, BLUE, LAST);
    char out[8] = { 0 };
    duff(out, "abcdefg", 7);
    printf("duff %s\n", out);
    int x = (1, 2, 3);
    int y = x > 2 ? x < 5 ? 10 : 20 : 30;
    printf("ops %d %d %d %d\n", x, y, -x >> 1, (unsigned)-1 >> 28);
    const char *cat = "con" "cat" "enated";
    const wchar_t *w = L"wide";
    const char16_t *u16 = u"utf16";
    const char32_t *u32 = U"utf32";
    const char *u8 = u8"utf8";
    printf("strings %s %zu %d %d %s\n", cat, wcslen(w), (int)u16[1], (int)u32[4], u8);
    printf("chars %d %d %d %d\n", 'a', '\n', '\x41', '\101');
    printf("floats %g %g %g\n", 0x1.8p1, 1e-3, .5e1);
    printf("ints %d %lu %llx %o\n", 0x7fffffff, 10UL, 0xffULL, 010);
    return BLUE - 9;
}
