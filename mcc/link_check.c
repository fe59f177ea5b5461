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
 * Objects and archives the link gets (also the libraries of -l in its -L directories) are
 * read whole; notes are NUL-terminated strings.
 */
#include "mcc.h"

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

