#!/usr/bin/env bash
# -save-temps keeps the intermediate files where gcc 12 puts them, with mcc's translation
# among them: beside the output of -c (obj/app.o: obj/app.i, the preprocessed source;
# obj/app.mcc.c, the translation; obj/app.s), and <output>-<stem>.i/.mcc.c/.s/.o when
# compiling and linking in one command.  mcc left only gcc's .s of -c (the .i and the
# translation were temporaries) and nothing when linking.
. "$(dirname "$0")/lib.sh"
write_app
printf '#define TWICE 2\n' > twice.h
sed -i 's/return 2 \* x;/return TWICE * x;/; 1i #include "twice.h"' helper.c
mkdir obj
ok "$MCC" -save-temps -c helper.c -o obj/helper.o
exists obj/helper.o obj/helper.i obj/helper.mcc.c obj/helper.s
has obj/helper.i 'return 2 \* x;'
ok "$MCC" -save-temps app.c helper.c -o prog
exists prog-app.i prog-app.mcc.c prog-app.s prog-app.o prog-helper.i prog-helper.s
runs ./prog "r=42"
no_temps
