/* A type error in an inline task body: assigning a struct to an int, through a shared
 * variable, and a call with too few arguments, two lines further down. */
struct pair {
    int a, b;
};

static int twice(int x, int y)
{
    return x * y;
}

int main(void)
{
    struct pair p = {1, 2};
    int r = 0;
    #pragma omp task shared(r) firstprivate(p)
    {
        r = p;

        r += twice(p.a);
    }
    #pragma omp taskwait
    return r;
}
