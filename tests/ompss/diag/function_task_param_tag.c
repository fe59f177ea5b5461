/* A function task whose parameter's type is declared in its parameter list (`struct pt {
 * int a, b; } *o`): the task's generated code would declare another type of that shape,
 * so mcc says it cannot.  gcc found "conflicting types for 'pick'" in mcc's output. */
#pragma omp task out(*o)
static void pick(struct pt { int a, b; } *o, int a)
{
    o->a = a;
}

int main(void)
{
    int v[2] = {0, 0};
    pick((void *)v, 3);
#pragma omp taskwait
    return v[0] == 3 ? 0 : 1;
}
