# abi_prelude.awk: the prelude of the units mcc translates, from include/nanort.h.
#
#   awk -f mcc/abi_prelude.awk include/nanort.h > build/gen/mcc_abi.h
#
# Writes `#define MCC_ABI_PRELUDE "..."`: the declarations between the
# `/* mcc-abi: begin */` and `/* mcc-abi: end */` lines of nanort.h, in their order,
# without comments, on one line (the prelude must not move the user's lines), with size_t
# spelled __typeof__(sizeof 0) (the translated unit is preprocessed text: <stddef.h> cannot
# be included again, and the driver compiles it with no macros, so no __SIZE_TYPE__).
# A marker out of pairs, or an empty selection, is an error.
function spelled(w) { return w == "size_t" ? "__typeof__(sizeof 0)" : w }
BEGIN { inside = 0; incomment = 0; out = ""; nregions = 0 }
/^\/\* mcc-abi: begin \*\/$/ {
    if (inside) { print FILENAME ":" FNR ": mcc-abi: begin inside a region" > "/dev/stderr"; exit 1 }
    inside = 1; nregions++; next
}
/^\/\* mcc-abi: end \*\/$/ {
    if (!inside) { print FILENAME ":" FNR ": mcc-abi: end without a begin" > "/dev/stderr"; exit 1 }
    inside = 0; next
}
inside {
    line = $0; text = ""
    while (length(line) > 0) {
        if (incomment) {
            e = index(line, "*/")
            if (e == 0) { line = ""; break }
            line = substr(line, e + 2); incomment = 0; text = text " "
            continue
        }
        b = index(line, "/*"); c = index(line, "//")
        if (c > 0 && (b == 0 || c < b)) { text = text substr(line, 1, c - 1); line = ""; break }
        if (b == 0) { text = text line; line = ""; break }
        text = text substr(line, 1, b - 1); line = substr(line, b + 2); incomment = 1
    }
    if (text ~ /[#"\\]/) {
        print FILENAME ":" FNR ": a preprocessor line or a string in an mcc-abi region" > "/dev/stderr"
        exit 1
    }
    # words: size_t becomes __typeof__(sizeof 0)
    res = ""
    while (match(text, /[A-Za-z_][A-Za-z_0-9]*/)) {
        res = res substr(text, 1, RSTART - 1) spelled(substr(text, RSTART, RLENGTH))
        text = substr(text, RSTART + RLENGTH)
    }
    out = out " " res text
}
END {
    if (inside || nregions == 0) {
        print FILENAME ": mcc-abi regions unbalanced or missing" > "/dev/stderr"; exit 1
    }
    gsub(/[ \t]+/, " ", out); gsub(/^ /, "", out); gsub(/ $/, "", out)
    print "/* generated from include/nanort.h by mcc/abi_prelude.awk: do not edit */"
    print "#define MCC_ABI_PRELUDE \"" out "\""
}
