#!/usr/bin/env bash
# The driver's one option table (mcc/driver_options.def), mcc(1) and mcc --help agree
# (options_doc.py), and the check fails on each kind of drift: an option of the table that
# the man page lacks, a man page entry the table lacks, a --help line of no row.
. "$(dirname "$0")/lib.sh"
check=$TOP/tests/mcc/driver/options_doc.py def=$TOP/mcc/driver_options.def man=$TOP/docs/man/mcc.1
ok "$MCC" --help
cp out.txt help.txt
ok python3 "$check" "$def" "$man" help.txt
expect_fail() {         # $1: what the mutant is, $2: what the message must say, $3-$5: files
    run python3 "$check" "$3" "$4" "$5"
    [ "$st" = 1 ] || { cat out.txt err.txt >&2; fail "$1: the check did not fail (exit $st)"; }
    has out.txt "$2"
}
# a documented option added to the table only
sed 's|^MCC_OPTION("--ompss", NULL, EXACT, OPT_OMPSS, "",|MCC_OPTION("--fresh", NULL, EXACT, OPT_OMPSS, "", "new")\n&|' \
    "$def" > more.def
grep -q -- '"--fresh"' more.def || fail "mutant more.def not made"
expect_fail "an option of the table only" "does not describe --fresh" more.def "$man" help.txt
expect_fail "an option of the table only" "no line for --fresh" more.def "$man" help.txt
# an alias of the table the man page lacks
sed 's|"-k", "--keep-files"|"-k", "--keep-everything"|' "$def" > alias.def
expect_fail "an alias of the table only" "does not describe --keep-everything" alias.def "$man" help.txt
# an entry of the man page removed, then one added
awk '/^\.B \\-\\-no\\-copy\\-deps$/ && prev == ".TP" { drop = 1 } { if (!drop) print; drop = 0; prev = $0 }' \
    "$man" > less.1
! grep -q 'no\\-copy\\-deps$' less.1 || fail "mutant less.1 not made"
expect_fail "a man page without an option" "does not describe --no-copy-deps" "$def" less.1 help.txt
sed 's|^\.SH INPUT FILES|.TP\n.B \\-\\-stale\nGone.\n&|' "$man" > stale.1
expect_fail "a man page entry of no row" "--stale is not an option" "$def" stale.1 help.txt
# a --help line of no row, and one missing
{ cat help.txt; echo "  --ghost                  nothing"; } > ghost.txt
expect_fail "a --help line of no row" "lists --ghost" "$def" "$man" ghost.txt
grep -v -- '--cuda ' help.txt > nocuda.txt
expect_fail "a row without its --help line" "no line for --cuda" "$def" "$man" nocuda.txt
no_temps
