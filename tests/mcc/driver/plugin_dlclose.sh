#!/usr/bin/env bash
# A plugin with tasks (mcc -shared -fPIC) that a program built by plain gcc dlopens, calls
# and dlcloses, three times: each call's tasks run, and the program exits with status 0.
# The plugin was nanort's only user, so dlclose unloaded nanort too, under its on_exit()
# handler: exit() then jumped into unmapped code (status 139).  libnanort.so is marked
# -z nodelete: it stays, as the workers it started do.
. "$(dirname "$0")/lib.sh"
cat > plug.c <<'SRC'
#pragma omp task inout(*s)
static void add(int *s, int k) { *s += k; }
int plugin_sum(int n);
int plugin_sum(int n)
{
    int s = 0;
    for (int k = 0; k < n; k++)
        add(&s, k);
#pragma omp taskwait
    return s;
}
SRC
cat > main.c <<'SRC'
#include <dlfcn.h>
#include <stdio.h>
int main(void)
{
    for (int r = 0; r < 3; r++) {
        void *h = dlopen("./libplug.so", RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            printf("dlopen: %s\n", dlerror());
            return 1;
        }
        int (*f)(int) = (int (*)(int))dlsym(h, "plugin_sum");
        printf("%d\n", f(100));
        fflush(stdout);
        dlclose(h);
    }
    return 0;
}
SRC
ok "$MCC" -shared -fPIC plug.c -o libplug.so
ok gcc main.c -o main -ldl
for i in 1 2 3; do
    runs ./main "$(printf '4950\n4950\n4950')"
done
no_temps
