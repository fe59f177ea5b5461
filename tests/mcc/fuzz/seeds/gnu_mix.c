# 1 "gnu_mix.c"
# 1 "<built-in>"
# 1 "gnu_mix.c"
typedef int T; struct T { T T; };
static int f(int (*g)(T), T v) __attribute__((noinline)) __asm__("ff");
int k(a, b) int a; long b; { return a + b; }
int main(void) { __label__ l; static void *t[] = { &&l }; T x = ({ int y = 1; y; });
  __typeof__(x) z = _Generic(x, int: 1, default: 2); __int128 q = 0; _Float128 w = 0;
  switch (x) { case 1 ... 3: goto *t[0]; } l: asm volatile("" : "=r"(z) : "0"(z) : "memory");
  return (int)__builtin_offsetof(struct T, T) + __builtin_types_compatible_p(int, T) + (int)q + (int)w; }
