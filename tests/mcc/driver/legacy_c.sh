#!/usr/bin/env bash
# Legacy C that gcc accepts with a warning (implicit function declaration, K&R definition,
# implicit int) builds with mcc with the warning and runs: mcc adds no -Werror.
. "$(dirname "$0")/lib.sh"
cat > old.c <<'SRC'
#include <stdio.h>
static int add(a, b)
    int a;
    int b;
{
    return a + b;
}
int main(void)
{
    printf("%d\n", add(40, later(1)));
    return 0;
}
int later(x) { return x + 1; }
SRC
ok "$MCC" -std=gnu99 old.c -o prog
has err.txt "implicit declaration of function .later."
runs ./prog 42
no_temps
