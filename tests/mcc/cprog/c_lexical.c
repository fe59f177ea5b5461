/* Lexical corners that survive preprocessing: digraphs, '$' and UTF-8 letters and UCNs
 * in identifiers, multi-character and prefixed character constants, #ident and #line
 * (which gcc -E passes on), integer and floating suffixes, and adjacent string prefixes. */
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#ident "c_lexical test"

%:define DIGRAPH_MACRO 3
static int digraph_array<:4:> = <% 1, 2, DIGRAPH_MACRO, 4 %>;

static int dollar$sign = 5;
static int $leading = 6;
static int caf\u00e9 = 7;
static int été = 8;

#line 500 "renamed.c"
static int line_after_directive(void) { return __LINE__; }
#line 28 "tests/mcc/cprog/c_lexical.c"

int main(void)
{
    printf("digraphs %d %d\n", digraph_array<:2:>, digraph_array[3]);
    printf("identifiers %d %d %d %d\n", dollar$sign, $leading, café, \u00e9t\u00e9);
    printf("line %d %s\n", line_after_directive(), strrchr(__FILE__, '/') + 1);
    printf("chars %d %d %d\n", 'ab', (int)L'w', (int)sizeof(u'x'));
    printf("suffixes %zu %zu %zu %zu %g\n", sizeof 1u, sizeof 1ll, sizeof 1.0f, sizeof 1.0L, 0x1p-2);
    printf("suffixes2 %llu %lld %zu\n", 18446744073709551615ULL, -9223372036854775807LL - 1, sizeof 1LLU);
    const wchar_t *w = L"wi" "de";
    printf("strings %zu %s\n", wcslen(w), "a" "b" "c");
    return 0;
}
