/* `.` on a pointer to a struct (the user meant `->`). */
struct point { double x, y; };
void f(struct point *p)
{
#pragma omp task inout(p.x)
    p->x += 1;
#pragma omp taskwait
}
