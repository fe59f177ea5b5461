/* free_reuse.h - the program of ocl_free_reuse.c and cuda_free_reuse.c after the
 * declaration of their device tasks addk(a, k, n): a[i] += k, inout([n]a), and
 * addto(x, y, n): y[i] += x[i], in([n]x) inout([n]y), with copy_deps.
 * Heap blocks whose only valid copy is on the device when the program frees them (after
 * `taskwait noflush`): free() drops the device copy, so that a new block malloc returns
 * at the same address starts from the host's values (not the old block's results) and
 * no flush writes into freed memory (the exit's included: an AddressSanitizer build
 * reports it); realloc() after noflush moves the device's results with the block; free
 * and malloc after a flushing taskwait; reallocs that grow and shrink in place; local
 * arrays of a function called twice. */
#define N 256

static void fill(int *a, int n, int v)
{
    for (int i = 0; i < n; i++)
        a[i] = v + i;
}

static void expect(const int *a, int n, int v, const char *what)
{
    for (int i = 0; i < n; i++)
        CHECK(a[i] == v + i, "%s: a[%d] = %d, expected %d", what, i, a[i], v + i);
}

/* Local arrays of a function called twice: the second call's frame reuses the first one's
 * addresses.  The function ends with a taskwait on(...) of each (docs/devices.md): the
 * device copies go with them, also that of `in`, which the device only read. */
static __attribute__((noinline)) void on_the_stack(int v)
{
    int in[N], out[N];
    fill(in, N, v);
    for (int i = 0; i < N; i++)
        out[i] = i;
    addto(in, out, N);              /* only reads in: a copy of it stays on the device */
    addk(out, 1, N);
#pragma omp taskwait on(in, out)
    for (int i = 0; i < N; i++)
        CHECK(out[i] == v + 2 * i + 1, "local array: out[%d] = %d, expected %d", i, out[i],
              v + 2 * i + 1);
}

/* A new block at v + i, plus one on the device, back by a taskwait. */
static int *new_block_plus_one(int v, const char *what)
{
    int *q = malloc(N * sizeof *q);
    fill(q, N, v);
    addk(q, 1, N);
#pragma omp taskwait
    expect(q, N, v + 1, what);
    return q;
}

int main(void)
{
    on_the_stack(5);
    on_the_stack(77);

    /* freed after noflush, then a new block (the same one, without a sanitizer) */
    int *p = malloc(N * sizeof *p);
    fill(p, N, 0);
    addk(p, 100, N);
#pragma omp taskwait noflush
    free(p);
    int *q = new_block_plus_one(1000, "new block after a free after noflush");

    /* a new block no task uses: no flush writes the old results into it */
    addk(q, 5, N);
#pragma omp taskwait noflush
    free(q);
    int *r = malloc(N * sizeof *r);
    fill(r, N, 7);
#pragma omp taskwait
    expect(r, N, 7, "block no task used");

    /* realloc after noflush: the results move with the block */
    addk(r, 3, N);
#pragma omp taskwait noflush
    r = realloc(r, 4 * N * sizeof *r);
    expect(r, N, 10, "realloc after noflush");
    fill(r, 4 * N, 0);
    addk(r, 2, 4 * N);
#pragma omp taskwait noflush
    r = realloc(r, N * sizeof *r);  /* shrinks in place */
    expect(r, N, 2, "shrinking realloc after noflush");
    addk(r, 1, N);
#pragma omp taskwait
    expect(r, N, 3, "after the shrink");

    /* free and malloc after a flushing taskwait */
    free(r);
    free(new_block_plus_one(50, "new block after a taskwait"));
    return result_ok();
}
