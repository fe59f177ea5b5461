/*
 * lower_cuda.c - Mercurium's CUDA device provider, for C files compiled with `mcc --cuda`:
 * the CUDA code of the file goes to the generated <out>.mcc_cuda.cu (t->cuda_stub, which
 * nvcc compiles beside the ndrange launch stubs of lower_device.c); the rest stays C.
 *
 * CUDA code is
 *   - a function defined under `#pragma omp target device(cuda)` (on it or on an earlier
 *     declaration), or declared __global__, or __device__ without __host__: kernels,
 *     device helpers, host functions that launch kernels;
 *   - the body of a device(cuda) function task or implementation (without ndrange: the
 *     runtime calls it with device pointers, it launches kernels);
 *   - the statement of a device(cuda) inline task.
 * Such a function moves to the .cu with C linkage and the host keeps its prototype; under
 * device(smp, cuda) (or __host__ __device__) it is copied, static, and the host keeps it
 * too (a task of both devices calls the copy through extern "C" <f>__nrt_cudafn).  An
 * inline task's statement becomes extern "C" <fn>__nrt_cutask<N>(struct env *) in the .cu,
 * which the host-side run function calls with the environment's copied addresses
 * translated to device pointers.  A declaration that is not a function (typedef, struct,
 * variable) under target device(...cuda...) is copied to the .cu; without smp it leaves
 * the host.
 *
 * Kernel launches k<<<grid, block[, shmem]>>>(...) in that code go on the task's stream
 * (nanos_get_kernel_execution_stream()) unless they name one; a launch anywhere else is an
 * error.  What the moved code uses comes along, each piece under #line so that nvcc's
 * diagnostics name the user's file and line: the user's file-scope types, enumerations and
 * const objects (copied), extern "C" declarations of the user's functions and variables,
 * the system headers that declare the rest (the outermost one the user included, by the
 * path the preprocessor found), and for a kernel the unit only declares, weak references
 * to its C and C++ symbols, as the ndrange stub does.
 *
 * With --cuda the CUDA qualifiers are attributes in the text (mcc_cuda.h):
 * lower_cuda_finish() removes them from the host C, where gcc would warn about each.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum cuda_kind { CUDA_NONE, CUDA_MOVE, CUDA_COPY };

/* Where the preprocessed text enters and leaves headers (linemarkers). */
struct header_mark {
    size_t off;             /* first byte the mark applies to */
    const char *outer;      /* the outermost system header the user's code included, or
                               NULL in the user's own files (interned) */
};

struct cuda_span {
    size_t begin, end;
};

struct lower_cuda {
    struct header_mark *marks;
    int nmarks, capmarks;
    bool indexed;
    bool kinds_known;
    struct lower_map marked;    /* name -> device bits + 1: target on a function */
    struct lower_map kinds;     /* name -> enum cuda_kind + 1: functions defined here */
    struct lower_map declared;  /* name -> non-NULL: declared in the .cu already */
    struct lower_map includes;  /* interned header path -> non-NULL: #included in the .cu */
    struct cuda_span *code;     /* CUDA code of the file (launches allowed there) */
    int ncode, capcode;
};

static struct lower_cuda *cu(struct lower *L)
{
    if (!L->cuda)
        L->cuda = arena_alloc(L->a, sizeof *L->cuda);
    return L->cuda;
}

static const char *nm(struct lower *L, const struct name *n)
{
    return arena_strndup(L->a, n->str, n->len);
}

/* ---- where declarations come from: the user's files or system headers ----------------- */

/* `# 12 "file" 1 3` at `p` (the start of a line): line, file (interned) and flags. */
static bool linemarker_at(const char *p, const char *end, const char **file, unsigned *flags)
{
    if (p >= end || *p != '#')
        return false;
    p++;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p + 4 < end && !memcmp(p, "line", 4))
        p += 4;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= end || *p < '0' || *p > '9')
        return false;
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    while (p < end && *p == ' ')
        p++;
    if (p >= end || *p != '"')
        return false;
    const char *q = ++p;
    while (q < end && *q != '"' && *q != '\n')
        q += *q == '\\' ? 2 : 1;
    if (q >= end || *q != '"')
        return false;
    *file = mcc_intern_file(p, (size_t)(q - p));
    *flags = 0;
    for (q++; q < end && *q != '\n'; q++)
        if (*q >= '1' && *q <= '4')
            *flags |= 1u << (*q - '0');
    return true;
}

static void add_mark(struct lower *L, size_t off, const char *outer)
{
    struct lower_cuda *c = cu(L);
    ARENA_GROW(L->a, c->marks, c->nmarks, c->capmarks, 64);
    c->marks[c->nmarks++] = (struct header_mark){off, outer};
}

/* One pass over the linemarkers: a stack of the files entered (flag 1) and left (flag 2);
 * flag 3 marks a system header.  Comments are in the text (the driver preprocesses with
 * -C): a line of a block comment that looks like a linemarker is none (as in lex.c). */
static void index_headers(struct lower *L)
{
    struct lower_cuda *c = cu(L);
    if (c->indexed)
        return;
    c->indexed = true;
    enum { MAXDEPTH = 200 };
    struct { const char *file, *outer; } st[MAXDEPTH];
    int depth = 0;
    const char *text = L->text, *end = text + L->t->src.len;
    add_mark(L, 0, NULL);
    bool in_comment = false;
    for (const char *p = text; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *next = nl ? nl + 1 : end;
        const char *file;
        unsigned flags;
        if (in_comment || !linemarker_at(p, end, &file, &flags)) {
            in_comment = omp_comment_open(p, nl ? nl : end, in_comment);
        } else {
            bool sys = flags & (1u << 3);
            if (flags & (1u << 1) && depth < MAXDEPTH) {
                const char *up = depth ? st[depth - 1].outer : NULL;
                st[depth].file = file;
                st[depth].outer = up ? up : sys ? file : NULL;
                depth++;
            } else if (flags & (1u << 2)) {
                while (depth > 1 && st[depth - 1].file != file)
                    depth--;
            } else if (depth == 0) {
                st[depth].file = file;
                st[depth].outer = sys ? file : NULL;
                depth++;
            }
            add_mark(L, (size_t)(next - text), depth ? st[depth - 1].outer : NULL);
        }
        p = next;
    }
}

/* The system header declaring what is at `off` (the one the user's code included), or
 * NULL when `off` is in the user's own files. */
static const char *system_header(struct lower *L, size_t off)
{
    index_headers(L);
    struct lower_cuda *c = cu(L);
    int lo = 0, hi = c->nmarks - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (c->marks[mid].off <= off)
            lo = mid;
        else
            hi = mid - 1;
    }
    return c->marks[lo].outer;
}

const char *lower_cuda_system_header(struct lower *L, size_t off)
{
    return system_header(L, off);
}

/* ---- the .cu text ---------------------------------------------------------------------- */

void lower_cuda_stub_begin(struct lower *L)
{
    L->cuda_parts = true;       /* the .cu's object needs the CUDA runtime at the link */
    if (L->cuda_stub.len)
        return;
    /* (nvcc compiles C++: C's own spellings that C++ lacks, for the code moved here; the
     * Nanos++ calls of CUDA task bodies, as nanos.h declares them, for bodies whose unit
     * did not include it: Mercurium declared them in every unit) */
    lbuf_puts(&L->cuda_stub, "/* generated by mcc: the CUDA code of the unit and the "
              "addresses of the kernels of its CUDA ndrange tasks */\n#include <stddef.h>\n"
              "#include <stdint.h>\n#include <cuda_runtime.h>\n"
              "extern \"C\" cudaStream_t nanos_get_kernel_execution_stream(void);\n"
              "extern \"C\" struct cublasContext *nanos_get_cublas_handle(void);\n"
              "#define _Bool bool\n#define restrict __restrict__\n#define _Alignof alignof\n"
              "#define _Alignas alignas\n#define _Static_assert static_assert\n");
}

/* #line for the user's source at `off`. */
static void cu_line(struct lower *L, size_t off)
{
    struct mcc_loc loc = source_loc(&L->t->src, off);
    if (!loc.file)
        return;
    lbuf_printf(&L->cuda_stub, "\n#line %d \"", loc.line);
    for (const char *s = loc.file; *s; s++)
        lbuf_printf(&L->cuda_stub, "%s%c", *s == '"' || *s == '\\' ? "\\" : "", *s);
    lbuf_puts(&L->cuda_stub, "\"\n");
}

/* Preprocessed text into the .cu: its linemarkers (`# 40 "app.c"`, a GNU form) become
 * #line directives (not a line of a block comment that looks like one). */
static void cu_text(struct lower *L, const char *text)
{
    bool in_comment = false;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        const char *file;
        unsigned flags;
        const char *q = p;
        while (q < p + n && (*q == ' ' || *q == '\t'))
            q++;
        if (!in_comment && linemarker_at(q, p + n, &file, &flags)) {     /* flags dropped */
            const char *num = q + 1;
            while (*num == ' ' || *num == '\t' || (*num >= 'a' && *num <= 'z'))
                num++;
            lbuf_printf(&L->cuda_stub, "#line %d \"%s\"\n", atoi(num), file);
        } else {
            in_comment = omp_comment_open(p, p + n, in_comment);
            lbuf_printf(&L->cuda_stub, "%.*s", (int)n, p);
        }
        p += n;
    }
}

/* Formatted text into the .cu through cu_text (declarations copied from the preprocessed
 * text may hold linemarkers, inside the expansion of a CUDA qualifier). */
static void __attribute__((format(printf, 2, 3))) cu_printf(struct lower *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text;
    if (vasprintf(&text, fmt, ap) < 0)
        abort();
    va_end(ap);
    cu_text(L, text);
    free(text);
}

static void need_include(struct lower *L, size_t off)
{
    const char *h = system_header(L, off);
    if (!h || h[0] == '<' || lower_map_get(&cu(L)->includes, h))
        return;
    lower_map_put(L, &cu(L)->includes, h, (void *)h);
    lower_cuda_stub_begin(L);
    lbuf_printf(&L->cuda_stub, "#include \"%s\"\n", h);
}

/* The file-scope item that holds node n (a typedef or tag definition may sit inside
 * `typedef struct t {...} t_t;`: the .cu gets the whole item, once). */
static const struct ast *top_item(struct lower *L, const struct ast *n)
{
    struct ast *items = n ? L->t->tu->kid[0] : NULL;
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next)
        if (i->begin <= n->begin && n->end <= i->end)
            return i->kind == AST_DECLARATION ? i : NULL;
    return NULL;
}

static void cuda_refs(struct lower *L, struct ast *n, size_t begin, size_t end, bool launches);

/* A file-scope declaration of the user's into the .cu, once, after what it uses. */
static void cuda_item(struct lower *L, const struct ast *decl)
{
    if (!decl || lower_map_get(&L->cuda_types, decl))
        return;
    if (system_header(L, decl->begin)) {
        need_include(L, decl->begin);
        return;
    }
    lower_map_put(L, &L->cuda_types, decl, (void *)decl);
    cuda_refs(L, (struct ast *)decl, decl->begin, decl->end, false);
    cu_line(L, decl->begin);
    cu_text(L, lower_src(L, decl->begin, decl->end));
    lbuf_puts(&L->cuda_stub, "\n");
}

/* The declarations the types under n need in the .cu: the user's file-scope typedefs,
 * struct/union/enum definitions and the enumerations of constants n names. */
void lower_cuda_types(struct lower *L, const struct ast *n, int depth)
{
    if (!n || depth > 64)
        return;
    if (n->kind == AST_LIST) {
        for (const struct ast *i = n->kid[0]; i; i = i->next)
            lower_cuda_types(L, i, depth);
        return;
    }
    const struct ast *decl = NULL;
    if (n->kind == AST_TYPEDEF_REF && n->sym && n->sym->depth == 0)
        decl = top_item(L, n->sym->decl);
    else if ((n->kind == AST_STRUCT || n->kind == AST_ENUM) && !n->kid[0] && n->sym &&
             n->sym->depth == 0 && n->sym->decl && n->sym->decl->kid[0])
        decl = top_item(L, n->sym->decl);  /* a tag used by name: where it is defined */
    else if (n->kind == AST_IDENT && n->sym && n->sym->kind == SYM_ENUM_CONST &&
             n->sym->depth == 0)
        decl = top_item(L, n->sym->decl);
    if (decl) {
        cuda_item(L, decl);
        return;
    }
    for (int k = 0; k < 4; k++)
        lower_cuda_types(L, n->kid[k], depth + 1);
}

/* ---- CUDA attributes in the text --------------------------------------------------------- */

/* The attributes CUDA's qualifiers become (crt/host_defines.h): nvcc's own, never gcc's. */
static const char *const cuda_attrs[] = {
    "global", "device", "host", "shared", "constant", "managed", "launch_bounds",
    "grid_constant", "maxnreg", "local_maxnreg", "cluster_dims", "block_size", "tile_global",
    "tile", "tile_builtin", "nv_pure", "cudart_builtin", "device_builtin",
    "device_builtin_texture_type", "device_builtin_surface_type", "nv_register_params",
};

static bool ident_char(char ch)
{
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9');
}

/* Past blanks, newlines, comments (the driver preprocesses with -C) and the linemarkers
 * cpp puts inside a macro's expansion (`__attribute__((` `# 7 "app.c" 3 4` `global` ...):
 * nothing else is between tokens. */
static const char *skip_blank(const char *p, const char *end)
{
    while (p < end) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            p++;
        } else if (*p == '/' && p + 1 < end && (p[1] == '*' || p[1] == '/')) {
            const char *e = p[1] == '*' ? memmem(p + 2, (size_t)(end - p - 2), "*/", 2)
                                        : memchr(p, '\n', (size_t)(end - p));
            p = !e ? end : p[1] == '*' ? e + 2 : e;
        } else if (*p == '#' && p[-1] == '\n') {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        } else {
            break;
        }
    }
    return p;
}

/* The index in cuda_attrs of the attribute word [w, w + wl), else -1. */
static int cuda_attr_index(const char *w, size_t wl)
{
    int which = -1;
    for (size_t i = 0; wl && i < sizeof cuda_attrs / sizeof cuda_attrs[0]; i++)
        if (strlen(cuda_attrs[i]) == wl && !memcmp(cuda_attrs[i], w, wl))
            which = (int)i;
    return which;
}

/* Past the balanced parentheses that open at p (`(256, 2)`), or NULL when they do not
 * close before end. */
static const char *skip_parens(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; p++) {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (depth == 0)
            break;
    }
    return p >= end ? NULL : p + 1;
}

/* At s (inside [s, end)): `__attribute__((a, b(...)))` whose attributes are all CUDA's?
 * Returns its length, else 0.  *names gets a bit per attribute found (index in cuda_attrs). */
static size_t cuda_attribute_at(const char *s, const char *end, unsigned *names)
{
    static const char kw[] = "__attribute__";
    size_t k = sizeof kw - 1;
    if ((size_t)(end - s) < k || memcmp(s, kw, k) != 0 || (s + k < end && ident_char(s[k])))
        return 0;
    const char *p = skip_blank(s + k, end);
    if (p >= end || *p != '(')
        return 0;
    p = skip_blank(p + 1, end);
    if (p >= end || *p != '(')
        return 0;
    p++;
    unsigned found = 0;
    for (;;) {
        p = skip_blank(p, end);
        if (p < end && *p == ',') {
            p++;
            continue;
        }
        if (p < end && *p == ')') {
            p = skip_blank(p + 1, end);
            if (p >= end || *p != ')')
                return 0;
            break;
        }
        const char *w = p;
        while (p < end && ident_char(*p))
            p++;
        int which = cuda_attr_index(w, (size_t)(p - w));
        if (which < 0)
            return 0;
        found |= 1u << which;
        p = skip_blank(p, end);
        if (p < end && *p == '(' && !(p = skip_parens(p, end)))    /* launch_bounds(256, 2) */
            return 0;
    }
    *names |= found;
    return (size_t)(p + 1 - s);
}

/* Which CUDA attributes the text [s, end) holds (bits as in cuda_attrs). */
static unsigned cuda_attrs_in(const char *s, const char *end)
{
    unsigned names = 0;
    for (const char *p = s; p < end; p++)
        if (*p == '_' && (p == s || !ident_char(p[-1]))) {
            size_t n = cuda_attribute_at(p, end, &names);
            p += n ? n - 1 : 0;
        }
    return names;
}

static unsigned attr_bit(const char *name)
{
    for (size_t i = 0; i < sizeof cuda_attrs / sizeof cuda_attrs[0]; i++)
        if (!strcmp(cuda_attrs[i], name))
            return 1u << i;
    return 0;
}

/* text without its CUDA attributes (host C). */
static char *strip_attrs(struct lower *L, const char *text)
{
    struct lower_buf b = {0};
    const char *end = text + strlen(text);
    for (const char *p = text; p < end; p++) {
        unsigned names = 0;
        size_t n = *p == '_' && (p == text || !ident_char(p[-1]))
                   ? cuda_attribute_at(p, end, &names) : 0;
        if (n)
            p += n - 1;
        else
            lbuf_printf(&b, "%c", *p);
    }
    return b.s ? lbuf_take(&b, L->a) : "";
}

/* ---- which functions are CUDA code ------------------------------------------------------ */

/* The CUDA attributes written before the name of the function declared at decl. */
static unsigned decl_attrs(struct lower *L, const struct ast *decl, const struct ast *dn)
{
    return cuda_attrs_in(L->text + decl->begin, L->text + dn->begin);
}

/* Devices (bits of enum omp_device) that pragmas give the function `n`. */
static unsigned pragma_devices(struct lower *L, const struct name *n)
{
    unsigned devs = (unsigned)(uintptr_t)lower_map_get(&cu(L)->marked, n);
    devs = devs ? devs - 1 : 0;
    struct lower_ftask *f = lower_ftask_find(L, n);
    if (f)
        devs |= lower_dir_devices(&f->dir);
    for (struct lower_ftask *g = L->ftasks; g; g = g->next)
        if (g->impl_of && g->name == n)
            devs |= lower_dir_devices(&g->dir);
    return devs;
}

static enum cuda_kind def_kind(struct lower *L, const struct ast *def)
{
    if (!def)
        return CUDA_NONE;
    struct ast *dn = ast_declarator_name(def->kid[1]);
    if (!dn || !L->t->opts->cuda_host || system_header(L, def->begin))
        return CUDA_NONE;
    unsigned devs = pragma_devices(L, dn->name);
    unsigned a = decl_attrs(L, def, dn);
    if (a & (attr_bit("global") | attr_bit("device")))
        devs |= 1u << OMP_DEVICE_CUDA;
    if (a & attr_bit("host") && a & attr_bit("device"))
        devs |= 1u << OMP_DEVICE_SMP;
    if (!(devs & (1u << OMP_DEVICE_CUDA)))
        return CUDA_NONE;
    return devs & (1u << OMP_DEVICE_SMP) && !(a & attr_bit("global")) ? CUDA_COPY : CUDA_MOVE;
}

/* The kind of every function the unit defines, known before any is moved (a function
 * defined further down may need a prototype in the .cu). */
static void know_kinds(struct lower *L)
{
    struct lower_cuda *c = cu(L);
    if (c->kinds_known)
        return;
    c->kinds_known = true;
    struct ast *items = L->t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        enum cuda_kind k = i->kind == AST_FUNCTION_DEF ? def_kind(L, i) : CUDA_NONE;
        struct ast *dn = k ? ast_declarator_name(i->kid[1]) : NULL;
        if (dn)
            lower_map_put(L, &c->kinds, dn->name, i);
    }
}

/* The CUDA function n that the unit defines, or NULL. */
static struct ast *cuda_def(struct lower *L, const struct name *n)
{
    know_kinds(L);
    return lower_map_get(&cu(L)->kinds, n);
}

static enum cuda_kind kind_of(struct lower *L, const struct name *n)
{
    return def_kind(L, cuda_def(L, n));
}

static bool has_static(const struct ast *specs)
{
    struct ast *list = specs ? specs->kid[0] : NULL;
    for (struct ast *i = list ? list->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_SPECIFIER && i->op == KW_STATIC)
            return true;
    return false;
}

/* How a CUDA function the unit defines is declared in the .cu (a copy is static). */
static const char *cuda_proto(struct lower *L, const struct ast *def)
{
    bool copy = def_kind(L, def) == CUDA_COPY && !has_static(def->kid[0]);
    return arena_printf(L->a, "%s%s", copy ? "static " : "",
                        lower_src(L, def->begin, def->kid[1]->end));
}

const char *lower_cuda_body_name(struct lower *L, const struct lower_ftask *g)
{
    return kind_of(L, g->name) == CUDA_COPY ? lower_name(L, LN_CUDAFN, nm(L, g->name), -1)
                                            : nm(L, g->name);
}

bool lower_cuda_defines(struct lower *L, const struct name *n)
{
    return kind_of(L, n) != CUDA_NONE;
}

static void add_code(struct lower *L, size_t begin, size_t end)
{
    struct lower_cuda *c = cu(L);
    ARENA_GROW(L->a, c->code, c->ncode, c->capcode, 16);
    c->code[c->ncode++] = (struct cuda_span){begin, end};
}

static bool in_code(struct lower *L, size_t off)
{
    struct lower_cuda *c = cu(L);
    for (int i = 0; i < c->ncode; i++)
        if (c->code[i].begin <= off && off < c->code[i].end)
            return true;
    return false;
}

/* ---- file-scope target lines ------------------------------------------------------------- */

static bool is_function_decl(const struct ast *item)
{
    if (item->kind == AST_FUNCTION_DEF)
        return true;
    struct ast *id = item->kind == AST_DECLARATION && item->kid[1] ? item->kid[1]->kid[0] : NULL;
    return id && !id->next && id->sym && id->sym->kind == SYM_FUNCTION;
}

bool lower_cuda_target_decl(struct lower *L, struct ast *item, struct lower_dir *d)
{
    if (d->dir || !d->target || lower_dir_has(d, OMP_CL_IMPLEMENTS))
        return false;               /* tasks and implementations: lower_task.c */
    unsigned devs = lower_dir_devices(d);
    if (is_function_decl(item)) {
        if (!(devs & (1u << OMP_DEVICE_CUDA)))
            return false;
        struct ast *dcl = item->kind == AST_FUNCTION_DEF ? item->kid[1]
                          : item->kid[1]->kid[0]->kid[0];
        struct ast *dn = ast_declarator_name(dcl);
        uintptr_t old = (uintptr_t)lower_map_get(&cu(L)->marked, dn->name);
        lower_map_put(L, &cu(L)->marked, dn->name, (void *)(uintptr_t)((old ? old - 1 : 0) | devs) + 1);
        return true;
    }
    if (item->kind != AST_DECLARATION) {
        mcc_error_at(&d->target->loc, "'#pragma omp target' must be followed by a declaration");
        return true;
    }
    /* typedef, struct, variable: Mercurium's meaning, the declaration is (also) CUDA's */
    if (devs & (1u << OMP_DEVICE_CUDA) && L->t->opts->cuda_host) {
        cuda_item(L, item);
        if (!(devs & (1u << OMP_DEVICE_SMP)))
            rewrite_replace(L->rw, item->begin, item->end, "");
    }
    return true;
}

/* ---- what the moved code refers to -------------------------------------------------------- */

static bool has_initializer(const struct sym *s)
{
    struct ast *list = s->decl && s->decl->kind == AST_DECLARATION ? s->decl->kid[1] : NULL;
    for (struct ast *i = list ? list->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_INIT_DECLARATOR && i->kid[0] && i->kid[0]->begin <= s->declarator->begin &&
            s->declarator->end <= i->kid[0]->end)
            return i->kid[1] != NULL;
    return false;
}

static bool is_const(struct lower *L, const struct sym *s)
{
    struct ast *list = s->specs ? s->specs->kid[0] : NULL;
    for (struct ast *i = list ? list->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_SPECIFIER && i->op == KW_CONST)
            return true;
    (void)L;
    return false;
}

/* A kernel the unit declares but does not define: its C and its C++ symbol, weakly. */
static void dual_kernel(struct lower *L, struct sym *s)
{
    const char *k = nm(L, s->name);
    char *cxx = lower_decl_text(L, s, NULL);
    char *c = lower_decl_text(L, s, lower_local_name(L, LL_CUDA_COPY, 0, k));
    if (!cxx || !c)
        return;
    lower_cuda_types(L, s->specs, 0);
    lower_cuda_types(L, lower_full_declarator(s), 0);
    cu_line(L, s->decl->begin);
    cu_printf(L, "%s __attribute__((weak));\nextern \"C\" %s __asm__(\"%s\") "
                "__attribute__((weak));\n", cxx, c, k);
}

/* The definition of the static function n in this unit (host code), or NULL. */
static struct ast *static_def(struct lower *L, const struct name *n)
{
    struct ast *items = L->t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        struct ast *dn = i->kind == AST_FUNCTION_DEF ? ast_declarator_name(i->kid[1]) : NULL;
        if (dn && dn->name == n && has_static(i->kid[0]))
            return i;
    }
    return NULL;
}

/* `extern "C"` and the declaration of s in the .cu, with the types it needs. */
static void declare_extern(struct lower *L, struct sym *s)
{
    char *text = lower_decl_text(L, s, NULL);
    if (!text)
        return;
    lower_cuda_types(L, s->specs, 0);
    lower_cuda_types(L, lower_full_declarator(s), 0);
    cu_line(L, s->decl->begin);
    cu_printf(L, "extern \"C\" %s;\n", strip_attrs(L, text));
}

/* A function the moved code calls: a prototype of a definition further down, a kernel's
 * two symbols, a copy of a static helper, or an extern declaration. */
static void need_function(struct lower *L, struct sym *s, const struct mcc_loc *at)
{
    struct lower_cuda *c = cu(L);
    struct ast *def = cuda_def(L, s->name);
    bool kernel = decl_attrs(L, s->decl, s->declarator) & attr_bit("global");
    lower_map_put(L, &c->declared, s->name, s);
    if (def) {                  /* defined further down: a prototype first */
        lower_cuda_types(L, def->kid[0], 0);
        lower_cuda_types(L, def->kid[1], 0);
        cu_line(L, def->begin);
        cu_printf(L, "extern \"C\" { %s; }\n", cuda_proto(L, def));
        return;
    }
    if (kernel) {
        dual_kernel(L, s);
        return;
    }
    if (s->storage == STORAGE_STATIC) {
        struct ast *sdef = static_def(L, s->name);
        if (sdef) {         /* (a static helper: the .cu gets a copy of its own) */
            rewrite_insert_before(L->rw, sdef->begin, "__attribute__((__unused__)) ");
            cuda_refs(L, sdef, sdef->begin, sdef->end, false);
            cu_line(L, sdef->begin);
            cu_text(L, lower_src(L, sdef->begin, sdef->end));
            lbuf_puts(&L->cuda_stub, "\n");
            return;
        }
        mcc_error_at(at, "'%s' is a static function of this file that it does not "
                     "define: the CUDA code mcc moves to nvcc cannot call it",
                     nm(L, s->name));
        return;
    }
    declare_extern(L, s);
}

/* The .cu declaration the moved code's reference to file-scope `s` needs. */
static void need_symbol(struct lower *L, struct sym *s, const struct ast *use)
{
    struct lower_cuda *c = cu(L);
    if (!s->decl || s->depth != 0 || lower_map_get(&c->declared, s->name))
        return;
    if (system_header(L, s->decl->begin)) {
        need_include(L, s->decl->begin);
        return;
    }
    struct mcc_loc at = source_loc(&L->t->src, use->begin);
    if (s->kind == SYM_FUNCTION) {
        need_function(L, s, &at);
        return;
    }
    if (s->kind != SYM_OBJECT)
        return;
    unsigned a = decl_attrs(L, s->decl, s->declarator);
    if ((is_const(L, s) && has_initializer(s)) ||
        a & (attr_bit("constant") | attr_bit("device") | attr_bit("managed"))) {
        cuda_item(L, top_item(L, s->decl));   /* a constant, a device variable: the .cu's own */
        return;
    }
    if (lower_map_get(&L->cuda_types, top_item(L, s->decl)))
        return;                     /* under target device(cuda): in the .cu already */
    lower_map_put(L, &c->declared, s->name, s);
    if (s->storage == STORAGE_STATIC) {
        mcc_error_at(&at, "'%s' is a static variable of this file: the CUDA code mcc moves "
                     "to nvcc cannot use it (make it non-static, or declare it under "
                     "'#pragma omp target device(smp, cuda)')", nm(L, s->name));
        return;
    }
    declare_extern(L, s);
}

struct refs {
    struct lower *L;
    size_t begin, end;              /* the moved code: what is declared inside is its own */
    bool launches;                  /* rewrite its launches (code that leaves the host) */
};

/* A launch goes on the task's stream unless it names one; a kernel the unit only
 * declares is launched through the symbol the link defines. */
static void launch(struct lower *L, struct ast *n)
{
    int nconf = 0;
    struct ast *last = NULL;
    for (struct ast *i = n->kid[1] ? n->kid[1]->kid[0] : NULL; i; i = i->next, nconf++)
        last = i;
    if (last && nconf < 4)
        rewrite_insert_after(L->rw, last->end, nconf == 2
                             ? ", 0, nanos_get_kernel_execution_stream()"
                             : ", nanos_get_kernel_execution_stream()");
    struct ast *k = n->kid[0];
    if (k && k->kind == AST_IDENT && k->sym && k->sym->kind == SYM_FUNCTION && k->sym->depth == 0 &&
        kind_of(L, k->sym->name) == CUDA_NONE && !system_header(L, k->sym->decl->begin) &&
        decl_attrs(L, k->sym->decl, k->sym->declarator) & attr_bit("global"))
        rewrite_replace(L->rw, k->begin, k->end, arena_printf(L->a, "(%s ? %s : %s)",
                        nm(L, k->name), nm(L, k->name),
                        lower_local_name(L, LL_CUDA_COPY, 0, nm(L, k->name))));
}

static bool refs_visit(struct ast *n, void *arg)
{
    struct refs *r = arg;
    if (n->kind == AST_CUDA_LAUNCH && r->launches)
        launch(r->L, n);
    if (n->kind == AST_IDENT && n->sym && n->sym->depth == 0 && n->sym->declarator &&
        !(n->sym->declarator->begin >= r->begin && n->sym->declarator->begin < r->end)) {
        if (n->sym->kind == SYM_ENUM_CONST)
            lower_cuda_types(r->L, n, 0);
        else
            need_symbol(r->L, n->sym, n);
    }
    if (n->kind == AST_TYPEDEF_REF || n->kind == AST_STRUCT || n->kind == AST_ENUM) {
        lower_cuda_types(r->L, n, 0);
        return n->kind != AST_TYPEDEF_REF;
    }
    return true;
}

/* Everything the code under n needs in the .cu; with `launches`, its launches rewritten. */
static void cuda_refs(struct lower *L, struct ast *n, size_t begin, size_t end, bool launches)
{
    struct refs r = {L, begin, end, launches};
    lower_cuda_stub_begin(L);
    ast_walk(n, refs_visit, &r);
}

/* ---- functions ----------------------------------------------------------------------------- */

/* A task of both devices with its body here: the CUDA version calls the .cu's copy. */
static void body_wrapper(struct lower *L, struct ast *def)
{
    struct ast *dn = ast_declarator_name(def->kid[1]);
    struct ast *params = ast_declarator_params(def->kid[1]);
    struct lower_buf call = {0};
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && p->sym)
            lbuf_printf(&call, "%s%s", call.len ? ", " : "", nm(L, p->sym->name));
    const char *name = nm(L, dn->name);
    const char *plist = params ? lower_src(L, params->begin, params->end) : "void";
    const char *entry = lower_name(L, LN_CUDAFN, name, -1);
    cu_printf(L, "extern \"C\" void %s(%s) { %s(%s); }\n", entry, plist, name,
              call.s ? call.s : "");
    lbuf_printf(&L->tail, "void %s(%s);\n", entry, strip_attrs(L, plist));
    free(call.s);
}

bool lower_cuda_function_def(struct lower *L, struct ast *def)
{
    struct ast *dn = ast_declarator_name(def->kid[1]);
    enum cuda_kind k = dn ? kind_of(L, dn->name) : CUDA_NONE;
    if (k == CUDA_NONE)
        return false;
    /* A copy stays host code too: a launch there is an error (lower_function) */
    if (k == CUDA_MOVE)
        add_code(L, def->begin, def->end);
    lower_cuda_types(L, def->kid[0], 0);
    lower_cuda_types(L, def->kid[1], 0);
    cuda_refs(L, def->kid[3], def->begin, def->end, k == CUDA_MOVE);
    char *text = rewrite_text(L->rw, def->begin, def->end);
    lower_map_put(L, &cu(L)->declared, dn->name, def);
    lbuf_puts(&L->cuda_stub, "extern \"C\" {");
    cu_line(L, def->begin);
    if (k == CUDA_COPY && !has_static(def->kid[0]))
        lbuf_puts(&L->cuda_stub, "static ");
    cu_text(L, text);
    lbuf_puts(&L->cuda_stub, "\n}\n");
    if (k == CUDA_COPY) {
        struct lower_ftask *f = lower_ftask_find(L, dn->name);
        if (f && lower_dir_devices(&f->dir) & (1u << OMP_DEVICE_CUDA))
            body_wrapper(L, def);
        return false;
    }
    L->cuda_parts = true;
    rewrite_replace(L->rw, def->begin, def->end,
                    arena_printf(L->a, "%s;", strip_attrs(L, lower_src(L, def->begin,
                                                                         def->kid[1]->end))));
    return true;
}

/* ---- inline tasks ------------------------------------------------------------------------------ */

bool lower_cuda_inline_check(struct lower *L, const struct lower_dir *d)
{
    const struct omp_clause *dev = lower_dir_find(d, OMP_CL_DEVICE);
    if (!L->t->opts->cuda_host) {
        mcc_error_at(&dev->loc, "device(cuda) on an inline task needs 'mcc --cuda' (and the "
                     "CUDA toolkit): its statement is compiled by nvcc");
        return false;
    }
    static const enum omp_clause_kind unsupported[] = {
        OMP_CL_NDRANGE, OMP_CL_REDUCTION, OMP_CL_IMPLEMENTS, OMP_CL_CALLS,
    };
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++) {
        const struct omp_clause *c = lower_dir_find(d, unsupported[i]);
        if (c) {
            mcc_error_at(&c->loc, "'%s' on a device(cuda) inline task: write the kernel as a "
                         "function task", omp_clause_names[c->kind]);
            return false;
        }
    }
    add_code(L, d->node->begin, d->node->end);
    cuda_refs(L, d->node, d->node->begin, d->node->end, true);
    return true;
}

void lower_cuda_inline_outline(struct lower *L, const struct lower_dir *d, struct lower_var *vars,
                               const char *fn, int n, const char *env, const char *prologue,
                               const char *body, bool local, struct lower_buf *out)
{
    if (local) {
        mcc_error_at(&d->dir->loc, "sorry, unimplemented: a device(cuda) inline task that "
                     "captures a variable whose type is declared inside the function");
        return;
    }
    for (struct lower_var *v = vars; v; v = v->next) {
        lower_cuda_types(L, v->sym->specs, 0);
        lower_cuda_types(L, lower_full_declarator(v->sym), 0);
    }
    /* the .cu: the environment and the statement, called with device addresses */
    cu_line(L, d->node->begin);
    const char *env_t = lower_name(L, LN_ENV, fn, n), *cutask = lower_name(L, LN_CUTASK, fn, n);
    cu_printf(L, "struct %s { %s};\nextern \"C\" void %s(struct %s *__nrt_e)\n{\n%s", env_t, env,
              cutask, env_t, prologue ? prologue : "");
    cu_line(L, d->node->begin);
    cu_text(L, body);
    lbuf_puts(&L->cuda_stub, "\n}\n");
    /* the host: a copy of the environment whose copied addresses are the device's */
    lbuf_printf(out, "struct %s { %s};\nvoid %s(struct %s *);\n"
                "static void %s(void *__nrt_a, nanort_ctx *__nrt_c)\n{\n"
                "    struct %s __nrt_d = *(struct %s *)__nrt_a;\n",
                env_t, env, cutask, env_t, lower_name(L, LN_TASK, fn, n), env_t, env_t);
    for (struct lower_var *v = vars; v; v = v->next) {
        const char *x = nm(L, v->sym->name);
        if (lower_dir_copies(L, d, x))
            lbuf_printf(out, "    __nrt_d.%s = (__typeof__(__nrt_d.%s))nanort_device_ptr(__nrt_c, "
                        "(const void *)__nrt_d.%s);\n", x, x, x);
    }
    lbuf_printf(out, "    %s(&__nrt_d);\n}\n", cutask);
    L->cuda_parts = true;
}

/* ---- launches elsewhere, and the end of the unit ---------------------------------------------- */

void lower_cuda_launch_check(struct lower *L, struct ast *n)
{
    if (in_code(L, n->begin))
        return;
    struct mcc_loc at = source_user_loc(&L->t->src, n->begin);
    struct ast *dn = L->fn ? ast_declarator_name(L->fn->kid[1]) : NULL;
    unsigned devs = dn ? pragma_devices(L, dn->name) : 0;
    if (L->frame || (dn && lower_ftask_find(L, dn->name) && !(devs & (1u << OMP_DEVICE_CUDA))))
        mcc_error_at(&at, "CUDA kernel launch in a task without 'device(cuda)': add "
                     "'#pragma omp target device(cuda)' before the task so that it runs on "
                     "the GPU, compiled by nvcc");
    else if (!L->t->opts->cuda_host)
        mcc_error_at(&at, "CUDA kernel launch in C compiled for the host: build with "
                     "'mcc --cuda', which moves device(cuda) tasks and functions to nvcc");
    else
        mcc_error_at(&at, "CUDA kernel launch in a function compiled for the host: launch "
                     "kernels from a device(cuda) task, or mark the function "
                     "'#pragma omp target device(cuda)'");
}

void lower_cuda_finish(struct lower *L)
{
    if (!L->t->opts->cuda_host)
        return;
    index_headers(L);
    struct lower_cuda *c = cu(L);
    const char *text = L->text;
    for (int m = 0; m < c->nmarks; m++) {
        if (c->marks[m].outer)
            continue;               /* system headers: gcc does not warn there */
        size_t b = c->marks[m].off, e = m + 1 < c->nmarks ? c->marks[m + 1].off : L->t->src.len;
        for (size_t p = b; p < e; p++) {
            char ch = text[p];
            if (ch == '"' || ch == '\'') {          /* a literal: skipped */
                for (p++; p < e && text[p] != ch && text[p] != '\n'; p++)
                    p += text[p] == '\\';
                continue;
            }
            unsigned names = 0;
            size_t n = ch == '_' && (p == b || !ident_char(text[p - 1]))
                       ? cuda_attribute_at(text + p, text + L->t->src.len, &names) : 0;
            if (n) {
                rewrite_replace(L->rw, p, p + n, "");
                p += n - 1;
            }
        }
    }
}

/* A device clause on an inline task: only device(cuda) on a task is lowered. */
bool lower_cuda_check_inline_devices(struct lower *L, const struct lower_dir *d)
{
    (void)L;
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_DEVICE);
    if (!c || (c->devices & ~(1u << OMP_DEVICE_SMP)) == 0)
        return true;
    if (c->devices == 1u << OMP_DEVICE_CUDA && d->dir->kind == OMP_DIR_TASK)
        return lower_cuda_inline_check(L, d);     /* its statement goes to nvcc (lower_cuda.c) */
    const char *dev = c->devices & (1u << OMP_DEVICE_OPENCL) ? "opencl" : "cuda";
    mcc_error_at(&c->loc, "sorry, unimplemented: device(%s) on an inline task (write the "
                 "kernel as a function task)", dev);
    return false;
}
