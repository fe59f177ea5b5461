/* Non-OmpSs pragmas inside struct bodies, blocks, before a loop body, between case labels, and
 * at file scope (visibility, weak, redefine_extname, poison, message): all pass through. */
#pragma push_macro("X")
#pragma pop_macro("X")
struct s {
#pragma pack(push, 1)
    char c;
#pragma GCC diagnostic push
    int i;
#pragma pack(pop)
};
void f(void)
{
#pragma STDC FP_CONTRACT ON
    int x = 1;
#pragma GCC diagnostic ignored "-Wunused"
    if (x)
#pragma GCC unroll 2
        for (int i = 0; i < 2; i++) x++;
}
void g(int a, int b)
{
    switch (a) {
#pragma GCC diagnostic push
    case 1:
#pragma GCC diagnostic pop
        b++;
    }
    {
#pragma GCC diagnostic push
    }
}
#pragma GCC visibility push(default)
int h(void);
#pragma GCC visibility pop
#pragma weak h
#pragma redefine_extname old_name new_name
#pragma GCC poison forbidden_ident
#pragma message ("hello")
