/* A task reduction over a shape of a local array longer than the array ([8]g on a
 * `long g[6]`): the shape is the section g[0;8], whose combine would write two elements
 * past the array, so mcc refuses it as it does such a section.  mcc accepted it and the
 * combine wrote past g (an empty shape, [0]g, is refused too). */
#include <stdio.h>

int main(void)
{
    long g[6] = {0};
    for (int i = 0; i < 40; i += 4) {
#pragma omp task reduction(+ : [8]g) firstprivate(i)
        for (int k = i; k < i + 4; k++)
            g[k % 6] += k;
    }
#pragma omp taskwait
    printf("%ld\n", g[5]);
    return 0;
}
