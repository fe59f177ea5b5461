/* A dependence subscript that adds a string to a value whose type mcc does not follow
 * (a builtin's result; a sum of members of a struct with anonymous members and a flexible
 * array, the one-hour campaign's mutant of clause_gnu_forms.c, seed 16031): whatever that
 * value is, the sum is a pointer when it is valid at all, so the subscript is no integer.
 * mcc accepted both and gcc refused its output ("array subscript is not an integer"). */
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
    struct blk { int a; short b; };
#pragma omp task inout(data[__builtin_expect(i, 1) + "s"])
    data[0] += 1;
#pragma omp task inout(data[({ struct h { unsigned f : 3, : 0, g : 5; struct { int x; }; union { int y; float z; }; _Static_assert(1, "m"); int n; int w[]; } v = {1, 2, {3}, {4}, 5}; v.f + v.g + v.x + v.y + v.n; }) + (int)sizeof(struct blk) + ((struct blk){1, 2}).b + ({ int *q = p; const int *r = q; q += 1; q -= 1; r = q; *r; }) + ({ struct blk u = {1, 2}, w; w = u; w.a; }) + "s"])
    data[0] += 1;
#pragma omp taskwait
    return data[0] - 2;
}
