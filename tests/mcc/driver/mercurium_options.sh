#!/usr/bin/env bash
# The options of Mercurium's own driver that OmpSs makefiles keep (--variable=NAME:VALUE,
# --output-dir=, --pp-stdout, --width=, --enable-ms-builtins, --disable-gxx-traits, ...)
# build the program with one warning each that says they are ignored (gcc took them for
# its own: "unrecognized command-line option '--variable=...'", "unknown pass ms-builtins
# specified in '-fenable'"), --env=, --native-vendor=, --pp=off too; --pp and --pp=on
# (mcc preprocesses anyway) build with no warning; --keep-all-files and its short form -K
# keep the translated C as -k does (gcc stopped on -K, --pp, --env=...), and --ld=CMD
# links with CMD.
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" --ompss --variable=disable_final_clause_transformation:1 --output-dir=. \
    --pp-stdout --width=132 --enable-ms-builtins --disable-gxx-traits --line-markers \
    app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'unrecognized|error|unknown pass'
has err.txt "mcc: warning: ignoring '--variable=disable_final_clause_transformation:1' \(a setting of Mercurium's own front end"
[ "$(grep -c 'mcc: warning: ignoring' err.txt)" = 7 ] || fail "not one warning each: $(cat err.txt)"
ok "$MCC" --ompss --env=linux-x86_64 --native-vendor=gnu --pp=off app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'unrecognized|error'
[ "$(grep -c 'mcc: warning: ignoring' err.txt)" = 3 ] || fail "not one warning each: $(cat err.txt)"
ok "$MCC" --ompss --pp --pp=on app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'unrecognized|error|warning'
ok "$MCC" --ompss --keep-all-files -c app.c -o app.o
exists app.mcc.c
rm -f app.mcc.c
ok "$MCC" --ompss -K -c app.c -o app.o
exists app.mcc.c
# --ld=: the link's command (an MPI wrapper, say) instead of the native compiler; the
# compiles keep gcc (it went to gcc: "unrecognized command-line option '--ld=...'")
printf '#!/bin/sh\necho "$*" >> ld_calls\nexec gcc "$@"\n' > myld
chmod +x myld
ok "$MCC" --ompss "--ld=$PWD/myld" app.o helper.c -o prog2
runs ./prog2 "r=42"
[ "$(wc -l < ld_calls)" = 1 ] || fail "the link did not run --ld's command once: $(cat ld_calls)"
has ld_calls '-lnanort'
lacks ld_calls ' -c '
rm -f ld_calls
no_temps
