/* A struct passed by value to a function task where the parameter is another struct type
 * is reported at the argument, naming the task (gcc said "incompatible type for argument 2
 * of 'shift__nrt_spawn'"). */
struct point { double x, y; };
struct size { double w, h; };

#pragma omp task inout(*p)
void shift(struct point *p, struct point by);
void shift(struct point *p, struct point by)
{
    p->x += by.x;
    p->y += by.y;
}

int main(void)
{
    struct point p = {0, 0};
    struct size s = {1, 2};
    shift(&p, s);
#pragma omp taskwait
    return p.x == 1 ? 0 : 1;
}
