/* Reductions on const objects whose const comes through a typedef (`typedef const int cint`,
 * a parameter `cdp p` with `typedef const double *cdp`): the combine would assign a const
 * object, so gcc rejected mcc's output at the pragma line; mcc says it at the item. */
typedef const int cint;
typedef const double *cdp;

#pragma omp task reduction(+: *p)
void add_into(cdp p);

void add_into(cdp p)
{
    (void)p;
}

int main(void)
{
    cint x = 0;
    int s = 0;
#pragma omp taskloop reduction(+: x)
    for (int i = 0; i < 10; i++)
        s += i;
    double d = 0;
    add_into(&d);
#pragma omp taskwait
    return s + x + (int)d;
}
