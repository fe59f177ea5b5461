/* ported: openmp  ported-werror
 * A solver written the way C libraries hide their state: the header part declares
 * `struct field;` and `typedef struct field field_t;`, the task code depends on whole
 * objects through the handles (`depend(inout: *f)`, `depend(in: *src)`), and the struct
 * is defined only further down the file, with its helpers.  gcc -fopenmp accepts those
 * depend clauses; mcc passed them to gcc as `sizeof(*f)` where the struct is incomplete
 * ("invalid application of 'sizeof' to incomplete type").  Prints the checksums. */
#include <stdio.h>
#include <stdlib.h>

struct field;
typedef struct field field_t;
union stats;

field_t *field_new(int n, double seed);
void field_free(field_t *f);
void field_scale(field_t *f, double k, int step);
void field_mix(field_t *dst, const field_t *src);
void stats_add(union stats *s, const field_t *f);
double field_sum(const field_t *f);

/* The task code: every step scales both fields (order matters: x = 3x + step), mixes a
 * into b and counts b; written before the types it uses are complete. */
static void run_steps(field_t *a, field_t *b, union stats *st, int steps)
{
#pragma omp parallel
#pragma omp single
    for (int s = 0; s < steps; s++) {
#pragma omp task depend(inout: *a)
        field_scale(a, 3.0, s);
#pragma omp task depend(inout: *b)
        field_scale(b, 0.5, s);
#pragma omp task depend(in: *a) depend(inout: *b)
        field_mix(b, a);
#pragma omp task depend(in: *b) depend(inout: *st)
        stats_add(st, b);
    }
}

enum { CELLS = 2000 };

struct field {
    int n;
    double v[CELLS];
};

union stats {
    double total;
    long long bits;
};

field_t *field_new(int n, double seed)
{
    field_t *f = malloc(sizeof *f);
    if (!f)
        abort();
    f->n = n;
    for (int i = 0; i < n; i++)
        f->v[i] = seed + i % 7;
    return f;
}

void field_free(field_t *f) { free(f); }

void field_scale(field_t *f, double k, int step)
{
    for (volatile int spin = 0; spin < 20000; spin++)
        ;
    for (int i = 0; i < f->n; i++)
        f->v[i] = f->v[i] * k + step;
}

void field_mix(field_t *dst, const field_t *src)
{
    for (int i = 0; i < dst->n; i++)
        dst->v[i] = 0.75 * dst->v[i] + 0.25 * src->v[(i * 13) % src->n] / 1e6;
}

void stats_add(union stats *s, const field_t *f) { s->total += field_sum(f); }

double field_sum(const field_t *f)
{
    double t = 0;
    for (int i = 0; i < f->n; i++)
        t += f->v[i];
    return t;
}

int main(void)
{
    field_t *a = field_new(CELLS, 1.0), *b = field_new(CELLS, 2.0);
    union stats st = { 0 };
    run_steps(a, b, &st, 12);
    printf("a %.6e\nb %.6e\nstats %.6e\n", field_sum(a), field_sum(b), st.total);
    field_free(a);
    field_free(b);
    return 0;
}
