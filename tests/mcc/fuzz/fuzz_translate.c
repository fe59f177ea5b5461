/*
 * fuzz_translate.c - libFuzzer target for mcc's lexer, parser, pragma analysis and rewriter.
 *
 * Every input is handed to mcc_translate_buffer() as one preprocessed translation unit, with
 * diagnostics off (opts.quiet).  A crash, a sanitizer report (address, undefined, leak) or an
 * input that runs past -timeout is a bug; the input that caused it goes to tests/mcc/fuzz/regress/.
 * The rewritten output goes to /dev/null so that the emitter runs too.
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
    /* A private copy of exactly `size` bytes: no terminating NUL, so that ASan catches a read
     * past the end of the buffer the API was given. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    struct mcc_options opts = {
        .ompss = true,
        .copy_deps = true,
        .quiet = true,
    };
    /* Alternate between writing the output and only parsing/rewriting, on the input's size. */
    mcc_translate_buffer("fuzz.c", text, size, (size & 1) ? sink : NULL, &opts);
    free(text);
    return 0;
}
