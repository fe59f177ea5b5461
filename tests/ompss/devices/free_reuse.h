/* free_reuse.h - the program of ocl_free_reuse.c and cuda_free_reuse.c after the
 * declaration of their device tasks addk(a, k, n): a[i] += k, inout([n]a), and
 * addto(x, y, n): y[i] += x[i], in([n]x) inout([n]y), with copy_deps.
 * Heap blocks whose only valid copy is on the device when the program frees them (after
 * `taskwait noflush`): free() drops the device copy, so that a new block malloc returns
 * at the same address starts from the host's values (not the old block's results) and
 * no flush writes into freed memory (the exit's included: an AddressSanitizer build
 * reports it); realloc() after noflush moves the device's results with the block; free
 * and malloc after a flushing taskwait; reallocs that grow and shrink in place; local
 * arrays of a function called twice; local arrays a device holds when their function
 * returns (their tasks created by it or by a function it calls), and another function's
 * at the same addresses. */
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

/* Local arrays whose results a device holds when their function returns after a
 * `taskwait on(...)` of other data only: the frame dies (mcc drops its device copies at
 * the return), and the next function's locals at the same addresses, written by the host,
 * are what its device task reads (before the drop, the device's copy of the dead array
 * was taken for them).  Both functions have one local array each, at the same place of
 * their frames when called from the same caller, or nearly (frame_at says where; checked). */
static int *frame_at[2];

static __attribute__((noinline)) void dies_on_device(int *res, int v)
{
    int tmp[N];
    frame_at[0] = tmp;
    fill(tmp, N, v);
    addk(tmp, 1000, N);             /* tmp's values are on the device only */
    addto(tmp, res, N);
#pragma omp taskwait on([N]res)
}

/* The same, the tasks created by a function the array's own function passes it to. */
static __attribute__((noinline)) void device_adds(int *tmp, int *res, int v)
{
    fill(tmp, N, v);
    addk(tmp, 1000, N);
    addto(tmp, res, N);
#pragma omp taskwait on([N]res)
}

static __attribute__((noinline)) void passes_it_on(int *res, int v)
{
    int tmp[N];
    frame_at[0] = tmp;
    device_adds(tmp, res, v);
}

static __attribute__((noinline)) void host_values(int *res, int v)
{
    int tmp[N];
    frame_at[1] = tmp;
    fill(tmp, N, v);                /* the host's values, at the dead tmp's addresses */
    addto(tmp, res, N);
#pragma omp taskwait on([N]res)
}

static __attribute__((noinline)) void frames(void (*dies)(int *, int), const char *what)
{
    int *res = malloc(N * sizeof *res);
    fill(res, N, 0);
    dies(res, 5);                   /* res[i] = i + (5 + i + 1000) */
    host_values(res, 7);            /* res[i] += 7 + i */
    long apart = labs((long)((char *)frame_at[0] - (char *)frame_at[1]));
#ifndef __SANITIZE_ADDRESS__
    CHECK(apart < (long)(N / 2 * sizeof(int)), "%s: the two arrays hardly overlap (%p, %p): "
          "the test checks little", what, (void *)frame_at[0], (void *)frame_at[1]);
#else
    (void)apart;    /* ASan's fake stacks keep frames apart: it checks that the runtime
                       writes nothing into the dead one (stack-use-after-return) */
#endif
    for (int i = 0; i < N; i++)
        CHECK(res[i] == 3 * i + 1012, "%s: local array at a dead frame's addresses: res[%d] "
              "= %d, expected %d", what, i, res[i], 3 * i + 1012);
    free(res);
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
    frames(dies_on_device, "its own tasks");
    frames(passes_it_on, "a callee's tasks");

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
