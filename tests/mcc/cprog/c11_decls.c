/* C11 declarations: declarations anywhere, _Bool, _Static_assert, _Alignas/_Alignof,
 * _Noreturn, _Thread_local, designated initializers, compound literals, flexible
 * array members and VLAs.  Prints what each construct computes. */
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>

_Static_assert(sizeof(int) >= 2, "int too small");

struct point { int x, y; };
struct flex { int n; double v[]; };
struct nested { struct point a, b; int tag[4]; union { int i; float f; } u; };

static _Thread_local int tls_counter = 5;
static _Alignas(64) char aligned_buf[10];
_Alignas(double) static int aligned_int;

static _Noreturn void die(int code) { fflush(stdout); exit(code); }
noreturn static void die2(void);
static void die2(void) { abort(); }

static int sum_vla(int n, int m, int a[n][m])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j];
    return s;
}

static int sum_points(const struct point *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i].x * 10 + p[i].y;
    return s;
}

int main(void)
{
    _Static_assert(_Alignof(double) >= 4, "align");
    _Bool b = 42;
    bool c = !b;
    printf("bool %d %d %zu\n", b, c, sizeof(_Bool));
    int first = 1;
    printf("first %d\n", first);
    int second = first + 1;           /* declaration after a statement */
    for (int i = 0, j = 10; i < j; i += 4, j--) second += i * j;
    printf("second %d\n", second);

    printf("align %zu %zu %d %d\n", _Alignof(long long), alignof(struct point),
           (int)((unsigned long)aligned_buf % 64), (int)((unsigned long)&aligned_int % _Alignof(double)));
    _Alignas(16) int local_aligned[3] = {1, 2, 3};
    printf("local aligned %d %d\n", (int)((unsigned long)local_aligned % 16), local_aligned[2]);

    tls_counter++;
    printf("tls %d\n", tls_counter);

    struct nested n = { .b = { .y = 7, .x = 6 }, .tag = { [2] = 9, [0] = 1 }, .a.x = 3, .u.f = 1.5f };
    printf("designated %d %d %d %d %d %d %g\n", n.a.x, n.a.y, n.b.x, n.b.y, n.tag[0], n.tag[2], n.u.f);
    int arr[10] = { [1 ... 3] = 4, [8] = 2, 5 };
    for (int i = 0; i < 10; i++) printf("%d%c", arr[i], i == 9 ? '\n' : ' ');
    struct point pts[] = { [2].y = 5, [0] = { 1, 2 }, { .x = 3 } };
    printf("points %zu %d\n", sizeof pts / sizeof pts[0], sum_points(pts, 3));

    int *cl = (int[]){ 10, 20, 30 };
    struct point q = (struct point){ .y = 4 };
    printf("compound %d %d %d %d\n", cl[1], q.x, q.y,
           sum_points((struct point[2]){ { 1, 1 }, { 2, 2 } }, 2));
    const char *s = (const char[]){ "lit" };
    printf("compound string %s %zu\n", s, sizeof((char[]){ "abcd" }));

    struct flex *f = malloc(sizeof *f + 3 * sizeof(double));
    f->n = 3;
    for (int i = 0; i < f->n; i++) f->v[i] = i * 0.5;
    printf("flex %zu %g\n", sizeof(struct flex), f->v[2]);
    free(f);

    int rows = 3, cols = 4;
    int vla[rows][cols];
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) vla[i][j] = i * cols + j;
    printf("vla %zu %d\n", sizeof vla, sum_vla(rows, cols, vla));
    typedef int row_t[cols];
    row_t *rp = vla;
    printf("vla typedef %zu %d\n", sizeof(row_t), rp[2][3]);

    if (second < 0) die2();
    die(second % 7);
}
