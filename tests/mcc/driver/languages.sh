#!/usr/bin/env bash
# Inputs by language: -x c makes any file C (translated), -x none restores suffixes, .i is
# preprocessed C (translated, not preprocessed again), .s goes to the assembler, - is C on
# standard input; -MD/-MF dependency files name the user's object, not a temporary.
. "$(dirname "$0")/lib.sh"
write_app
cp helper.c helper.txt
ok "$MCC" -v -x c helper.txt -x none app.c -o prog
has err.txt '^mcc-translate .*helper'
runs ./prog "r=42"
ok gcc -E helper.c -o helper.i
ok "$MCC" -v -c helper.i
lacks err.txt ' -E '
has err.txt '^mcc-translate helper\.i'
exists helper.o
ok gcc -S helper.c -o h2.s
ok "$MCC" app.c h2.s -o prog2
runs ./prog2 "r=42"
echo 'int stdin_ompss = _OMPSS;' > in.c
ok "$MCC" -E - < in.c
has out.txt 'int stdin_ompss = 1;'
printf 'int main(void) { return 7; }\n' > seven.c
ok "$MCC" -x c - -o seven < seven.c
./seven; [ $? = 7 ] || fail "the program read from standard input does not return 7"
ok "$MCC" -MD -c app.c
exists app.d app.o
has app.d '^app\.o: app\.c'
ok "$MCC" -MMD -MF deps.txt -c helper.c -o obj.o
has deps.txt '^obj\.o: helper\.c'
no_temps
