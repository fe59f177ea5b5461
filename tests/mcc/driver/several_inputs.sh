#!/usr/bin/env bash
# A link from mixed inputs: a .c, an .o, a static archive made with ar (given by path and
# through -L/-l, which must keep its place after the object using it) and a shared library.
. "$(dirname "$0")/lib.sh"
write_app
cat > main2.c <<'SRC'
#include <stdio.h>
int helper(int);
int twice(int);
int lib3(void);
int main(void) { printf("%d %d %d\n", helper(1), twice(5), lib3()); return 0; }
SRC
echo 'int twice(int x) { return x + x; }' > twice.c
echo 'int lib3(void) { return 3; }' > lib3.c
ok "$MCC" -c helper.c twice.c
ok ar rcs libtw.a twice.o
ok gcc -shared -fPIC lib3.c -o libthree.so
ok "$MCC" main2.c helper.o libtw.a libthree.so -Wl,-rpath,"$work" -o p1
runs ./p1 "2 10 3"
ok "$MCC" main2.c helper.o -L. -ltw -L "$work" -l three -Wl,-rpath,"$work" -o p2
runs ./p2 "2 10 3"
# a library before the object that needs it does not resolve it, as with gcc
fails 1 "$MCC" -L. -ltw main2.c helper.o libthree.so -o p3
has err.txt 'twice'
no_temps
