/*
 * fuzz_pragma.c - libFuzzer target for mcc's pragma lexer and parser (mcc/pragma*.c).
 *
 * Every input is the text of one `#pragma omp` line (after macro expansion, as the lowering
 * hands it over), parsed by omp_parse_pragma() with diagnostics off; the directive is
 * dumped (pragma_dump.c) to /dev/null, so that every field the parser filled is read, and
 * freed.  The file named in the location does not exist: columns take the fallback path.
 * Seeds: every pragma line of the OmpSs tests and samples (fuzz.sh pragma-seeds).
 */
#include "mcc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Exactly `size` bytes, no terminating NUL: ASan catches a read past the end. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    mcc_diag_reset(true);
    struct mcc_loc loc = { "fuzz-pragma.c", 1, 1 };
    struct omp_directive *d = omp_parse_pragma(text, size, loc);
    omp_dump_directive(sink, d);
    omp_directive_free(d);
    free(text);
    return 0;
}
