/* GNU asm: asm labels on declarations (function and variable), basic asm at file
 * scope and in functions, extended asm with outputs, inputs, clobbers, named
 * operands, volatile/inline qualifiers, asm goto and alternate spellings. */
#include <stdio.h>

int renamed_var __asm__("real_name_of_var") = 41;
extern int alias_of_var __asm__("real_name_of_var");
static int renamed_fn(int) __asm__("my_renamed_fn");
static int renamed_fn(int x) { return x + 100; }
int asm_after_attr(void) __asm("asm_after_attr_name") __attribute__((noinline));
int asm_after_attr(void) { return 3; }
register long reg_var __asm__("r12");

__asm__(".pushsection .rodata\n\t.globl file_scope_asm_sym\nfile_scope_asm_sym:\n\t.long 1234\n\t.popsection");
extern const int file_scope_asm_sym;

static int add_asm(int a, int b)
{
    int r;
    __asm__("addl %2, %0" : "=r"(r) : "0"(a), "r"(b) : "cc");
    return r;
}

static int named_ops(int a, int b)
{
    int out;
    asm volatile("movl %[x], %[o]\n\timull %[y], %[o]" : [o] "=&r"(out) : [x] "r"(a), [y] "rm"(b) : "cc");
    return out;
}

static int goto_asm(int v)
{
    __asm__ goto("testl %0, %0\n\tjz %l[zero]" : : "r"(v) : "cc" : zero);
    return 1;
zero:
    return 0;
}

static unsigned long rdtsc_like(void)
{
    unsigned lo = 7, hi = 0;
    __asm__ __volatile__("" : "+r"(lo), "+r"(hi));
    asm inline("" ::: "memory");
    return ((unsigned long)hi << 32) | lo;
}

int main(void)
{
    __asm__("nop");
    asm("");
    printf("%d %d %d %d %d\n", renamed_var, alias_of_var, renamed_fn(1), asm_after_attr(),
           add_asm(20, 22));
    printf("%d %d %d %lu %ld\n", named_ops(6, 7), goto_asm(0), goto_asm(5), rdtsc_like(),
           (long)file_scope_asm_sym);
    return 0;
}
