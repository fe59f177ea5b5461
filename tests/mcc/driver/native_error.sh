#!/usr/bin/env bash
# A native-compiler failure passes its messages (pointing into the user's file) and its
# exit status through, and leaves no product; so do link errors and a missing input.
. "$(dirname "$0")/lib.sh"
printf 'int f(void)\n{\n    return undeclared_name;\n}\n' > bad.c
fails 1 "$MCC" -c bad.c
has err.txt "^bad\.c:3:[0-9]+: error: .undeclared_name. undeclared"
absent bad.o
fails 1 "$MCC" bad.c -o prog
absent prog
# a status other than 1 comes through unchanged
printf '#!/bin/sh\nfor a; do [ "$a" = -c ] && exit 3; done\nexec gcc "$@"\n' > cc3
chmod +x cc3
printf 'int g(void) { return 0; }\n' > good.c
fails 3 "$MCC" --cc="$work/cc3" -c good.c
printf 'int missing(void);\nint main(void) { return missing(); }\n' > link.c
fails 1 "$MCC" link.c -o prog
has err.txt "undefined reference to .missing."
absent prog
fails 1 "$MCC" -c no_such_file.c
has err.txt "no_such_file\.c"
no_temps
