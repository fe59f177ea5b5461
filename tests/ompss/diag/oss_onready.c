/* OmpSs-2's onready clause (an action when the dependences are met) is not run: reported. */
int x, a[8];

void f(void)
{
#pragma oss task onready(x = 0)
    x++;
}
