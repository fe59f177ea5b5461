/*
 * read_file.c - the one whole-file reader of mcc: the translation unit (translate.c), the
 * OpenCL sources programs embed (cl_embed.c) and translate (ocl_translate.c), the notes of
 * objects at the link (link_check.c).
 */
#include "mcc.h"

#include <errno.h>
#include <stdlib.h>

char *mcc_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, (cap *= 2) + 1);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        int e = buf ? EIO : ENOMEM;
        free(buf);
        errno = e;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
