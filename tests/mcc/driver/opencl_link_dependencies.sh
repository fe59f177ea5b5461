#!/usr/bin/env bash
# -MD/-MMD of a one-step build whose kernels come as a .cl input (`mcc -MMD -MP app.c
# kern/scale.cl -o app`): the link's dependency file (app.d, rule `app:`, as gcc names
# it) lists the .cl and the headers it includes, which the program embeds.  Nothing
# listed them, so a Makefile rule `app: app.c kern/scale.cl` with `-include app.d` did not
# relink when a header only the kernel includes changed: the program ran the old kernel.
. "$(dirname "$0")/lib.sh"
write_scale_app app.c
ok "$MCC" --ompss -MMD -MP app.c kern/scale.cl -o app
has app.d '^app: app\.c'
has app.d '^ kern/scale\.cl'
has app.d '^ kern/factor\.h'
has app.d '^kern/factor\.h:$'
runs ./app 16
cat > Makefile <<MK
app: app.c kern/scale.cl
	$MCC --ompss -MMD -MP app.c kern/scale.cl -o app
-include app.d
MK
ok make_app
has out.txt 'is up to date'
sleep 1
printf '#define FACTOR 3\n' > kern/factor.h
ok make_app
runs ./app 24
no_temps
