#!/usr/bin/env bash
# -save-temps=cwd and -save-temps=obj leave the intermediate files where gcc 12 does (mcc's
# translation, <base>.mcc.c, beside its .i): =obj beside the output, =cwd under the same
# names in the current directory.  mcc put =cwd's .i, .mcc.c and .o beside the output,
# while gcc's own .s went to the current directory.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p src
mv app.c helper.c src/
for a in -save-temps=cwd -save-temps=obj -save-temps; do
    for mode in "-c src/helper.c -o o/helper.o" "-S src/helper.c -o o/h.s" \
                "src/app.c src/helper.c -o o/app"; do
        for cc in gcc "$MCC"; do
            rm -rf o ./*.i ./*.s ./*.o ./*.mcc.c
            mkdir o
            ok $cc -fopenmp $a $mode
            find . -type f ! -path './src/*' ! -name '*.txt' ! -name '*.mcc.c' ! -name 'files.*' ! -name translations | sort > "files.$([ "$cc" = gcc ] && echo gcc || echo mcc)"
            find . -type f -name '*.mcc.c' | sed 's/\.mcc\.c$/.i/' | sort > translations
            # mcc's translations stand beside its .i files
            if [ "$cc" != gcc ] && comm -13 files.mcc translations | grep -q .; then
                fail "$a $mode: a translation away from its .i: $(cat translations)"
            fi
        done
        cmp -s files.gcc files.mcc ||
            fail "$a $mode: gcc left $(tr '\n' ' ' < files.gcc), mcc $(tr '\n' ' ' < files.mcc)"
    done
done
runs ./o/app "r=42"
no_temps
