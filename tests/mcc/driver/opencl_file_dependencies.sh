#!/usr/bin/env bash
# -MD/-MMD of a unit whose OpenCL task names its kernels with file(...): the dependency file
# lists the .cl and the headers it includes (mcc embeds them into the object), with -MP a
# phony rule each.  cpp listed only the C headers, so a Makefile (or CMake, Meson) that
# reads the dependency files did not rebuild the object when the .cl changed: the program
# ran the old kernel.  A .cl compiled to an object of its own (-c) gets its dependency file
# too (it had none).
. "$(dirname "$0")/lib.sh"
write_scale_app app.c "file(kern/scale.cl)"
ok "$MCC" --ompss -MMD -MP -c app.c
has app.d '^app\.o: app\.c'
has app.d '^ kern/scale\.cl'
has app.d '^ kern/factor\.h'
has app.d '^kern/scale\.cl:$'
has app.d '^kern/factor\.h:$'
ok "$MCC" --ompss -MD -MF deps.txt -MT obj.o -c app.c -o obj.o
has deps.txt '^obj\.o: app\.c'
has deps.txt 'kern/scale\.cl'
lacks deps.txt '^kern/scale\.cl:'
ok "$MCC" --ompss -MMD -MP -c kern/scale.cl -o scale.o
has scale.d '^scale\.o:'
has scale.d '^ kern/scale\.cl'
has scale.d '^ kern/factor\.h'
has scale.d '^kern/factor\.h:$'
# a Makefile that reads them rebuilds the object when the kernel's header changes
printf 'CC = %s\napp: app.o\n\t$(CC) --ompss app.o -o app\napp.o: app.c\n\t$(CC) --ompss -MMD -MP -c app.c\n-include app.d\n' \
    "$MCC" > Makefile
rm -f app.o app.d
ok make_app
runs ./app 16
sleep 1
printf '#define FACTOR 3\n' > kern/factor.h
ok make_app
runs ./app 24
no_temps
