/*
 * link_check.c - what only the whole program can tell, checked by the driver before it
 * links: the notes that mcc leaves in the objects it translates (MCC_NOTE_PREFIX strings,
 * lower_device.c) say
 *   - which tasks are device(undefined) (no definition of their own) and which tasks have
 *     implementations: one without any is an error, at the device clause;
 *   - which OpenCL kernels name no source (no file(...)) and which kernels the embedded
 *     file(...) sources define: a kernel that neither those nor the .cl inputs of the link
 *     contain, nor the texts of .cl inputs compiled apart (-c), is an error (at run time it
 *     would only find no source to build);
 *   - the parameter types of each OpenCL kernel's prototype: where the texts of the
 *     program that define the kernel (.cl inputs, .cl objects, other units' file(...)
 *     sources) agree and give a parameter another built-in type, the kernel
 *     would read the argument's bytes as that type: an error at the device clause (a
 *     warning for pointers to other scalars: a buffer may be read another way).
 *   - the variables a unit declares threadprivate that it does not define: another object
 *     of the link (gcc's, a library's) that defines one as an ordinary variable, not
 *     thread-local, would make the link fail on "TLS reference ... mismatches non-TLS
 *     definition" (as gcc -fopenmp's does): an error at the threadprivate directive.
 * Objects and archives the link gets (also the libraries of -l in its -L directories) are
 * read whole; notes are NUL-terminated strings.
 */
#include "mcc.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

struct notes {
    char **v;
    size_t n, cap;
};

static void add(struct notes *ns, const char *s)
{
    for (size_t i = 0; i < ns->n; i++)
        if (!strcmp(ns->v[i], s))
            return;
    if (ns->n == ns->cap) {
        ns->cap = ns->cap ? 2 * ns->cap : 16;
        char **v = realloc(ns->v, ns->cap * sizeof *v);
        if (!v)
            abort();
        ns->v = v;
    }
    ns->v[ns->n++] = strdup(s);
}

/* Every note in the file (an object or an archive). */
static void read_notes(const char *path, struct notes *ns)
{
    size_t len;
    char *buf = mcc_read_file(path, &len);
    if (!buf)
        return;
    static const char key[] = MCC_NOTE_PREFIX;
    for (char *p = buf; (p = memmem(p, len - (size_t)(p - buf), key, sizeof key - 1)) != NULL;) {
        p += sizeof key - 1;
        size_t n = strnlen(p, len - (size_t)(p - buf));
        if (n < len - (size_t)(p - buf))    /* a whole string, NUL-terminated */
            add(ns, p);
        p += n;
    }
    free(buf);
}

/* "kind:" notes: the rest after the kind, or NULL. */
static const char *kind(const char *note, const char *k)
{
    size_t n = strlen(k);
    return !strncmp(note, k, n) && note[n] == ':' ? note + n + 1 : NULL;
}

/* `name:...:file:line:col`: the name (malloc'd) and the location (file interned). */
static char *split(const char *rest, struct mcc_loc *loc)
{
    const char *c1 = strchr(rest, ':');
    char *name = strndup(rest, c1 ? (size_t)(c1 - rest) : strlen(rest));
    *loc = (struct mcc_loc){NULL, 0, 0};
    const char *col = strrchr(rest, ':');
    const char *line = col && col > rest ? col - 1 : NULL;
    while (line && line > rest && *line != ':')
        line--;
    const char *file = line && line > c1 ? line - 1 : NULL;
    while (file && file > c1 && file[-1] != ':')
        file--;
    if (file && line > file) {
        loc->file = mcc_intern_file(file, (size_t)(line - file));
        loc->line = atoi(line + 1);
        loc->col = atoi(col + 1);
    }
    return name;
}

static bool implemented(const struct notes *ns, const char *task)
{
    for (size_t i = 0; i < ns->n; i++) {
        const char *t = kind(ns->v[i], "implements");
        if (t && !strcmp(t, task))
            return true;
    }
    return false;
}

static bool in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (!strncmp(p, name, n) && (p[n] == ',' || p[n] == '\0'))
            return true;
    return false;
}

/* Does an OpenCL source of the program have the kernel (defined in an embedded file(...)
 * source, or named in a .cl input of the link or in the text of one compiled apart)? */
static bool has_source(const struct notes *ns, const char *kernel, const char *const *texts,
                       size_t ntexts)
{
    for (size_t i = 0; i < ns->n; i++) {
        const char *d = kind(ns->v[i], "opencl-defines");
        if (d && in_list(d, kernel))
            return true;
    }
    for (size_t i = 0; i < ntexts; i++)
        if (cl_mentions(texts[i], kernel))
            return true;
    for (size_t i = 0; i < ns->n; i++) {
        const char *text = kind(ns->v[i], "opencl-text");
        if (text && cl_mentions(text, kernel))
            return true;
    }
    return false;
}

/* The .cl inputs of the link as they are embedded (an entry NULL when unreadable). */
static char **read_texts(const char *const *cl_inputs, size_t ncl, const char *const *cl_dirs)
{
    char **texts = calloc(ncl + 1, sizeof *texts);
    if (!texts)
        abort();
    for (size_t k = 0; k < ncl; k++)
        texts[k] = cl_embed_text(cl_inputs[k], cl_inputs[k], cl_dirs);
    return texts;
}

/* The name an embedded text was given (its first #line), malloc'd. */
static char *text_name(const char *text)
{
    static const char key[] = "#line 1 \"";
    if (strncmp(text, key, sizeof key - 1))
        return strdup("its .cl file");
    text += sizeof key - 1;
    return strndup(text, strcspn(text, "\"\n"));
}

/* A definition of `kernel`: in text i of the link's .cl inputs or its notes (opencl-text),
 * or in an opencl-signature note of a unit's file(...) source.  Its types and names
 * (malloc'd, *types NULL for none) and its file. */
static void definition(const struct notes *ns, size_t i, const char *const *texts,
                       const char *const *names, size_t ntexts, const char *kernel,
                       char **types, char **knames, char **file)
{
    const char *text = i < ntexts ? texts[i] : kind(ns->v[i - ntexts], "opencl-text");
    const char *sig = i < ntexts ? NULL : kind(ns->v[i - ntexts], "opencl-signature");
    *types = *knames = *file = NULL;
    if (text && (*types = cl_kernel_params(text, kernel)) != NULL) {
        *knames = cl_kernel_param_names(text, kernel);
        *file = i < ntexts ? strdup(names[i]) : text_name(text);
    } else if (sig && !strncmp(sig, kernel, strlen(kernel)) && sig[strlen(kernel)] == ':') {
        *types = cl_list_item(sig, 1, ':');
        *knames = cl_list_item(sig, 2, ':');
        *file = strdup(sig + strlen(kernel) + strlen(*types) + strlen(*knames) + 3);
    }
}

/* Two OpenCL sources of the link (.cl inputs, texts compiled apart) of other names that
 * both define `kernel`, which a task without file(...) cannot choose between: false when
 * there are not two; *a and *b malloc'd. */
static bool two_definitions(const struct notes *ns, const char *const *texts,
                            const char *const *names, size_t ntexts, const char *kernel,
                            char **a, char **b)
{
    *a = *b = NULL;
    for (size_t i = 0; i < ntexts + ns->n && !*b; i++) {
        const char *text = i < ntexts ? texts[i] : kind(ns->v[i - ntexts], "opencl-text");
        char *types = text ? cl_kernel_params(text, kernel) : NULL;
        if (types) {
            char *name = i < ntexts ? strdup(names[i]) : text_name(text);
            if (!*a)
                *a = name;
            else if (strcmp(*a, name))
                *b = name;
            else
                free(name);
        }
        free(types);
    }
    if (!*b)
        free(*a);
    return *b != NULL;
}

/* `opencl-params:kernel:task:types:names:file:l:c`: the prototype's parameter types against
 * those of the kernel in the OpenCL texts of the program that define it, when they agree;
 * 1 after an error (a warning under -Werror too). */
static int check_params(const struct notes *ns, const char *rest, const char *const *texts,
                        const char *const *names, size_t ntexts)
{
    struct mcc_loc loc;
    char *kernel = split(rest, &loc);
    char *task = cl_list_item(rest, 1, ':'), *types = cl_list_item(rest, 2, ':');
    char *pnames = cl_list_item(rest, 3, ':'), *found = NULL, *file = NULL, *knames = NULL;
    bool differ = false;
    for (size_t i = 0; i < ntexts + ns->n; i++) {
        char *kt, *kn, *f;
        definition(ns, i, texts, names, ntexts, kernel, &kt, &kn, &f);
        if (kt && !found) {
            found = kt, knames = kn, file = f;
            continue;
        }
        differ |= kt && strcmp(kt, found);
        free(kt);
        free(kn);
        free(f);
    }
    int before = mcc_error_count();     /* a warning may be an error (-Werror) */
    if (found && !differ && types && pnames)
        cl_params_check(&loc, types, pnames, found, knames, task, kernel, file);
    free(knames);
    free(kernel);
    free(task);
    free(types);
    free(pnames);
    free(found);
    free(file);
    return mcc_error_count() > before;
}

/* ---- threadprivate variables others define ------------------------------------------ */

/* Does the 64-bit ELF object or shared library [buf, buf + len) define `name` as an
 * ordinary variable (an object or common symbol, not STT_TLS)? */
static bool elf_plain_definition(const unsigned char *buf, size_t len, const char *name)
{
    Elf64_Ehdr eh;
    if (len < sizeof eh || memcmp(buf, ELFMAG, SELFMAG) || buf[EI_CLASS] != ELFCLASS64)
        return false;
    memcpy(&eh, buf, sizeof eh);
    for (size_t i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh, str;
        size_t at = eh.e_shoff + i * eh.e_shentsize;
        if (at + sizeof sh > len)
            return false;
        memcpy(&sh, buf + at, sizeof sh);
        size_t sat = eh.e_shoff + sh.sh_link * eh.e_shentsize;
        if ((sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) || sh.sh_link >= eh.e_shnum ||
            sat + sizeof str > len)
            continue;
        memcpy(&str, buf + sat, sizeof str);
        if (sh.sh_offset + sh.sh_size > len || str.sh_offset + str.sh_size > len)
            continue;
        for (size_t k = 0; k + 1 <= sh.sh_size / sizeof(Elf64_Sym); k++) {
            Elf64_Sym y;
            memcpy(&y, buf + sh.sh_offset + k * sizeof y, sizeof y);
            int type = ELF64_ST_TYPE(y.st_info);
            if (y.st_shndx == SHN_UNDEF || (type != STT_OBJECT && type != STT_COMMON) ||
                y.st_name >= str.sh_size)
                continue;
            const char *s = (const char *)buf + str.sh_offset + y.st_name;
            if (strnlen(s, str.sh_size - y.st_name) == strlen(name) && !strcmp(s, name))
                return true;
        }
    }
    return false;
}

/* The same for a file: an object, or each member of an archive. */
static bool plain_definition(const char *path, const char *name)
{
    size_t len;
    unsigned char *buf = (unsigned char *)mcc_read_file(path, &len);
    if (!buf)
        return false;
    bool found = false;
    if (len >= 8 && !memcmp(buf, "!<arch>\n", 8)) {
        for (size_t at = 8; !found && at + 60 <= len;) {
            char size[11];
            memcpy(size, buf + at + 48, 10);
            size[10] = 0;
            size_t n = strtoul(size, NULL, 10);
            if (n > len - at - 60)
                break;
            found = elf_plain_definition(buf + at + 60, n, name);
            at += 60 + n + (n & 1);
        }
    } else {
        found = elf_plain_definition(buf, len, name);
    }
    free(buf);
    return found;
}

/* threadprivate:NAME:where: an error when an object defines NAME as an ordinary variable. */
static int check_threadprivate(const char *rest, const char *const *objects, size_t nobjects)
{
    struct mcc_loc loc;
    char *name = split(rest, &loc);
    int errors = 0;
    for (size_t i = 0; i < nobjects && !errors; i++)
        if (plain_definition(objects[i], name)) {
            mcc_error_at(&loc, "'%s' is threadprivate here, but %s defines it as an ordinary "
                         "variable (the link would fail: a thread-local reference to a "
                         "definition that is not); declare it threadprivate where it is "
                         "defined too (`#pragma omp threadprivate(%s)` built with -fopenmp, or "
                         "`__thread`)", name, objects[i], name);
            errors++;
        }
    free(name);
    return errors;
}

int link_check(const char *const *objects, size_t nobjects, const char *const *cl_inputs,
               size_t ncl, const char *const *cl_dirs, struct strvec *kernels)
{
    struct notes ns = {0};
    for (size_t i = 0; i < nobjects; i++)
        read_notes(objects[i], &ns);
    int errors = 0;
    char **texts = NULL;
    for (size_t i = 0; i < ns.n; i++) {
        const char *rest;
        struct mcc_loc loc;
        if ((rest = kind(ns.v[i], "undefined-task")) != NULL) {
            char *task = split(rest, &loc);
            if (!implemented(&ns, task)) {
                mcc_error_at(&loc, "task '%s' is 'device(undefined)' and nothing in the "
                             "program implements it: give it an implementation, "
                             "'#pragma omp target device(...) implements(%s)', in a unit "
                             "of the program", task, task);
                errors++;
            }
            free(task);
        } else if ((rest = kind(ns.v[i], "threadprivate")) != NULL) {
            errors += check_threadprivate(rest, objects, nobjects);
        } else if ((rest = kind(ns.v[i], "opencl-params")) != NULL) {
            texts = texts ? texts : read_texts(cl_inputs, ncl, cl_dirs);
            errors += check_params(&ns, rest, (const char *const *)texts, cl_inputs, ncl);
        } else if ((rest = kind(ns.v[i], "opencl-kernel")) != NULL) {
            texts = texts ? texts : read_texts(cl_inputs, ncl, cl_dirs);
            char *kernel = split(rest, &loc);
            const char *task = rest + strlen(kernel) + 1;
            sv_push(kernels, strdup(kernel));
            if (!has_source(&ns, kernel, (const char *const *)texts, ncl)) {
                mcc_error_at(&loc, "OpenCL kernel '%s' (task '%.*s') has no source in the "
                             "program: give the .cl file that defines it to mcc with the "
                             "other inputs, or name it with file(...)", kernel,
                             (int)strcspn(task, ":"), task);
                errors++;
            }
            char *a, *b;
            if (two_definitions(&ns, (const char *const *)texts, cl_inputs, ncl, kernel, &a,
                                &b)) {
                mcc_error_at(&loc, "OpenCL kernel '%s' (task '%.*s') is defined in both %s and "
                             "%s: name the one it runs with file(...)", kernel,
                             (int)strcspn(task, ":"), task, a, b);
                errors++;
                free(a);
                free(b);
            }
            free(kernel);
        }
    }
    for (size_t k = 0; texts && k < ncl; k++)
        free(texts[k]);
    free(texts);
    for (size_t i = 0; i < ns.n; i++)
        free(ns.v[i]);
    free(ns.v);
    return errors;
}

