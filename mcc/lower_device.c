/*
 * lower_device.c - device implementations of function tasks: `#pragma omp target
 * device(opencl|cuda)` on a kernel prototype (with ndrange) or, for CUDA, on a C function
 * that launches kernels by hand (without ndrange).
 *
 * For an implementation g of the task type of f (f itself, or implements(f)), the run
 * function g__nrt_<dev>[_as_f](args, ctx) executes on the device's manager thread:
 *   ndrange    binds g's parameters, by position, from f's argument block, evaluates the
 *              ndrange and shmem expressions, and calls nanort_kernel_launch with one karg
 *              per parameter: a pointer that is the base of a copied region is a BUFFER
 *              (the runtime passes the device copy), another pointer is OpenCL __local
 *              memory of shmem bytes (CUDA: passed by value), anything else by value.
 *   no ndrange (CUDA) calls g with the copied pointers translated by nanort_device_ptr.
 * CUDA kernels are __global__ functions of the user's .cu file: the C side cannot name
 * them, so a stub (<out>.mcc_cuda.cu, t->cuda_stub) declares each one as the user did and
 * returns its address from extern "C" nrt_cuda_fn_<K>().
 * OpenCL sources named by file(...) are embedded in the unit, each registered from a
 * constructor with nanort_opencl_source(), so the program runs from any directory.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

/* Bits (1u << enum omp_device) of the devices a task or target line names; none: smp. */
unsigned device_mask(const struct lower_dir *d)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_DEVICE);
    return c && c->devices ? c->devices : 1u << OMP_DEVICE_SMP;
}

static bool has_device(const struct lower_dir *d, enum omp_device k)
{
    return (device_mask(d) >> k) & 1u;
}

static const char *fname(struct lower *L, const struct lower_ftask *f)
{
    return arena_strndup(L->a, f->name->str, f->name->len);
}

#define EACH_PARAM(f, p) \
    for (struct ast *p = (f)->params ? (f)->params->kid[0] : NULL; p; p = p->next)

static int param_count(const struct lower_ftask *f)
{
    int n = 0;
    EACH_PARAM(f, p)
        n++;
    return n;
}

static struct ast *param_at(const struct lower_ftask *f, int i)
{
    EACH_PARAM(f, p)
        if (i-- == 0)
            return p;
    return NULL;
}

static const char *pname(struct lower *L, const struct ast *p)
{
    return arena_strndup(L->a, p->sym->name->str, p->sym->name->len);
}

/* A C string literal body for s. */
static const char *c_string(struct lower *L, const char *s)
{
    struct lower_buf b = {0};
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            lbuf_printf(&b, "\\%c", c);
        else if (c == '\n')
            lbuf_puts(&b, "\\n\"\n\"");
        else if (c < 32 || c == 127)
            lbuf_printf(&b, "\\%03o", c);
        else
            lbuf_printf(&b, "%c", c);
    }
    return lbuf_take(&b, L->a);
}

/* ---- checks -------------------------------------------------------------------------- */

static bool ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Is `__global__` written before the function's name in the user's source?  The driver
 * predefines it empty for gcc, so only the file itself still says it.  Unreadable source
 * (standard input, a .i file): assume it is. */
static bool written_global(struct lower *L, const struct lower_ftask *f)
{
    struct ast *dn = ast_declarator_name(f->declarator);
    struct mcc_loc from = source_loc(&L->t->src, f->decl->begin);
    struct mcc_loc to = source_loc(&L->t->src, dn->begin);
    FILE *in = from.file ? fopen(from.file, "r") : NULL;
    if (!in || !to.file || strcmp(from.file, to.file) != 0) {
        if (in)
            fclose(in);
        return true;
    }
    struct lower_buf text = {0};
    char line[4096];
    int n = 1;
    while (n <= to.line && fgets(line, sizeof line, in)) {
        if (n >= from.line)
            lbuf_puts(&text, line);
        n += strchr(line, '\n') != NULL;
    }
    fclose(in);
    bool found = false;
    for (const char *s = text.s; s && (s = strstr(s, "__global__")) != NULL; s += 10)
        if (s == text.s || !ident_char(s[-1]))
            found = true;
    free(text.s);
    return found;
}

/* Errors of device implementations; false when f cannot be lowered. */
bool device_check(struct lower *L, struct lower_ftask *f)
{
    const struct omp_clause *dev = lower_dir_find(&f->dir, OMP_CL_DEVICE);
    const struct omp_clause *nd = lower_dir_find(&f->dir, OMP_CL_NDRANGE);
    if (has_device(&f->dir, OMP_DEVICE_OPENCL) && !nd) {
        mcc_error_at(&dev->loc, "'device(opencl)' needs 'ndrange(...)': an OpenCL task is a "
                     "kernel launched over a range");
        return false;
    }
    if (nd && !has_device(&f->dir, OMP_DEVICE_OPENCL) && !has_device(&f->dir, OMP_DEVICE_CUDA)) {
        mcc_error_at(&nd->loc, "'ndrange' needs 'device(opencl)' or 'device(cuda)'");
        return false;
    }
    if (nd && has_device(&f->dir, OMP_DEVICE_CUDA) && !written_global(L, f)) {
        mcc_error_at(&nd->loc, "'ndrange' on a CUDA function that is not '__global__' ('%s')",
                     fname(L, f));
        return false;
    }
    return true;
}

/* ---- which parameters are buffers ---------------------------------------------------- */

static bool copy_deps_of(struct lower *L, const struct lower_dir *d)
{
    if (lower_dir_has(d, OMP_CL_NO_COPY_DEPS))
        return false;
    return lower_dir_has(d, OMP_CL_COPY_DEPS) || L->copy_deps;
}

static bool is_copy_clause(const struct omp_clause *c, bool copy_deps)
{
    switch (c->kind) {
    case OMP_CL_COPY_IN: case OMP_CL_COPY_OUT: case OMP_CL_COPY_INOUT:
        return true;
    case OMP_CL_IN: case OMP_CL_OUT: case OMP_CL_INOUT: case OMP_CL_INPUT: case OMP_CL_OUTPUT:
    case OMP_CL_DEPEND: case OMP_CL_CONCURRENT: case OMP_CL_COMMUTATIVE:
        return copy_deps && c->dep != OMP_DEP_NONE;
    default:
        return false;
    }
}

/* Is `name` the base of a region d copies to the device? */
static bool copied_base(struct lower *L, const struct lower_dir *d, const char *name)
{
    bool copy_deps = copy_deps_of(L, d);
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            const struct omp_clause *c = &ds[k]->clauses[i];
            if (!is_copy_clause(c, copy_deps))
                continue;
            for (int r = 0; r < c->nrefs; r++) {
                const struct omp_ref *root = omp_ref_root(c->refs[r]);
                if (root->kind == OMP_REF_NAME && !strcmp(root->text.text, name))
                    return true;
            }
        }
    return false;
}

/* Parameter i of g is a buffer: a pointer that g's clauses, or those of the task it
 * implements (whose regions the spawn function builds), copy. */
static bool is_buffer(struct lower *L, const struct lower_ftask *g,
                      const struct lower_ftask *of, int i)
{
    struct ast *p = param_at(g, i), *q = param_at(of, i);
    if (!p->sym || p->sym->type != TYPE_POINTER)
        return false;
    return copied_base(L, &g->dir, pname(L, p)) ||
           (q && q->sym && copied_base(L, &of->dir, pname(L, q)));
}

/* ---- run functions ------------------------------------------------------------------- */

static void run_head(struct lower *L, struct lower_buf *b, const struct lower_ftask *of,
                     const char *fn)
{
    lbuf_printf(b, "\nstatic void %s(void *nrt_a, nanort_ctx *nrt_c) { struct %s__nrt_args "
                "*nrt_p = nrt_a; (void)nrt_p; (void)nrt_c;\n", fn, fname(L, of));
}

/* g's parameters as locals of the run function, from of's argument block by position. */
static void bind_params(struct lower *L, struct lower_buf *b, const struct lower_ftask *g,
                        const struct lower_ftask *of)
{
    for (int i = 0; i < param_count(g); i++) {
        struct ast *p = param_at(g, i), *q = param_at(of, i);
        const char *x = pname(L, p), *m = pname(L, q);
        char *decl = p->sym->array_param || task_declarator_is_vm(p->kid[1]) ? NULL
                     : task_decl_text(L, p->sym, NULL);
        if (decl)
            lbuf_printf(b, "    %s = nrt_p->%s; (void)%s;\n", decl, m, x);
        else
            lbuf_printf(b, "    __typeof__(nrt_p->%s) %s = nrt_p->%s; (void)%s;\n", m, x, m, x);
    }
}

/* struct nanort_launch nrt_l from ndrange(n, g.., l..) and shmem(e). */
static void launch_struct(struct lower_buf *b, const struct lower_ftask *g)
{
    const struct omp_clause *nd = lower_dir_find(&g->dir, OMP_CL_NDRANGE);
    const struct omp_clause *sh = lower_dir_find(&g->dir, OMP_CL_SHMEM);
    int n = nd->ndrange_dims;
    bool local = nd->nargs == 1 + 2 * n;
    lbuf_printf(b, "    struct nanort_launch nrt_l = {0, %du, {", n);
    for (int i = 0; i < n; i++)
        lbuf_printf(b, "%s(__SIZE_TYPE__)(%s)", i ? ", " : "", nd->args[1 + i].text);
    lbuf_puts(b, "}, {");
    for (int i = 0; i < n; i++)
        lbuf_printf(b, "%s%s%s%s", i ? ", " : "", local ? "(__SIZE_TYPE__)(" : "0",
                    local ? nd->args[1 + n + i].text : "", local ? ")" : "");
    lbuf_printf(b, "}, %s%s%s, 0u, 0};\n", sh ? "(__SIZE_TYPE__)(" : "0",
                sh ? sh->args[0].text : "", sh ? ")" : "");
}

/* nrt_k[]: one kernel argument per parameter of g. */
static void kernel_args(struct lower *L, struct lower_buf *b, const struct lower_ftask *g,
                        const struct lower_ftask *of, bool cuda)
{
    int n = param_count(g);
    lbuf_printf(b, "    struct nanort_karg nrt_k[%d] = {", n ? n : 1);
    for (int i = 0; i < n; i++) {
        struct ast *p = param_at(g, i);
        const char *x = pname(L, p);
        const char *sep = i ? ", " : "";
        if (is_buffer(L, g, of, i))
            lbuf_printf(b, "%s{NANORT_KARG_BUFFER, sizeof %s, (const void *)%s}", sep, x, x);
        else if (p->sym->type == TYPE_POINTER && !cuda)
            lbuf_printf(b, "%s{NANORT_KARG_LOCAL, nrt_l.shmem, 0}", sep);
        else
            lbuf_printf(b, "%s{NANORT_KARG_VALUE, sizeof %s, &%s}", sep, x, x);
    }
    lbuf_printf(b, "%s};\n    nrt_l.nargs = %du; nrt_l.args = nrt_k;\n", n ? "" : "{0, 0, 0}", n);
}

/* Declared in a system header (whose types the stub's own includes provide)? */
static bool from_system_header(struct lower *L, const struct ast *n)
{
    const char *f = source_loc(&L->t->src, n->begin).file;
    return f && (!strncmp(f, "/usr/", 5) || !strncmp(f, "/opt/", 5) || f[0] == '<');
}

/* The file-scope item that holds node n (a typedef or tag definition may sit inside
 * `typedef struct t {...} t_t;`: the stub copies the whole item, once). */
static const struct ast *top_item(struct lower *L, const struct ast *n)
{
    struct ast *items = n ? L->t->tu->kid[0] : NULL;
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next)
        if (i->begin <= n->begin && n->end <= i->end)
            return i->kind == AST_DECLARATION ? i : NULL;
    return NULL;
}

/* The declarations a kernel's parameter types need in the stub: the user's file-scope
 * typedefs and struct/union/enum definitions, each once and after what it uses. */
static void stub_types(struct lower *L, const struct ast *n, int depth)
{
    if (!n || depth > 16)
        return;
    if (n->kind == AST_LIST) {
        for (const struct ast *i = n->kid[0]; i; i = i->next)
            stub_types(L, i, depth);
        return;
    }
    const struct ast *decl = NULL;
    if (n->kind == AST_TYPEDEF_REF && n->sym && n->sym->depth == 0)
        decl = top_item(L, n->sym->decl);
    else if ((n->kind == AST_STRUCT || n->kind == AST_ENUM) && !n->kid[0] && n->sym &&
             n->sym->depth == 0 && n->sym->decl && n->sym->decl->kid[0])
        decl = top_item(L, n->sym->decl);  /* a tag used by name: where it is defined */
    if (decl && !from_system_header(L, decl) && !lower_map_get(&L->cuda_types, decl)) {
        lower_map_put(L, &L->cuda_types, decl, (void *)decl);
        for (int k = 0; k < 4; k++)
            stub_types(L, decl->kid[k], depth + 1);
        lbuf_printf(&L->cuda_stub, "%s\n", lower_src(L, decl->begin, decl->end));
        return;
    }
    for (int k = 0; k < 4; k++)
        stub_types(L, n->kid[k], depth + 1);
}

static void cuda_stub_kernel(struct lower *L, const struct lower_ftask *g)
{
    const char *k = fname(L, g);
    if (!L->cuda_stub.len)
        lbuf_puts(&L->cuda_stub, "/* generated by mcc: the addresses of the __global__ kernels "
                  "of CUDA ndrange tasks */\n#include <stddef.h>\n#include <stdint.h>\n"
                  "#include <cuda_runtime.h>\n");
    stub_types(L, g->params, 0);
    /* weak: several units may launch the same kernel, each with its own stub */
    lbuf_printf(&L->cuda_stub, "__global__ void %s;\nextern \"C\" __attribute__((weak)) "
                "const void *nrt_cuda_fn_%s(void) { return (const void *)%s; }\n",
                lower_src(L, g->declarator->begin, g->declarator->end), k, k);
    lbuf_printf(&L->tail, "const void *nrt_cuda_fn_%s(void);\n", k);
}

/* A kernel launch over ndrange; returns the run function's name. */
static const char *ndrange_run(struct lower *L, const struct lower_ftask *g,
                               const struct lower_ftask *of, const char *suffix, bool cuda)
{
    const char *fn = arena_printf(L->a, "%s__nrt_%s%s", fname(L, g), cuda ? "cuda" : "ocl",
                                  suffix);
    if (cuda && !lower_map_get(&L->cuda_stubs, g->name)) {
        cuda_stub_kernel(L, g);
        lower_map_put(L, &L->cuda_stubs, g->name, (void *)g);
    }
    struct lower_buf *b = &L->tail;
    run_head(L, b, of, fn);
    bind_params(L, b, g, of);
    launch_struct(b, g);
    if (cuda)
        lbuf_printf(b, "    nrt_l.kernel = nrt_cuda_fn_%s();\n", fname(L, g));
    kernel_args(L, b, g, of, cuda);
    lbuf_puts(b, "    nanort_kernel_launch(nrt_c, &nrt_l);\n}\n");
    return fn;
}

/* A CUDA task without ndrange: call g with the device addresses of copied buffers. */
static const char *cuda_call_run(struct lower *L, const struct lower_ftask *g,
                                 const struct lower_ftask *of, const char *suffix)
{
    const char *fn = arena_printf(L->a, "%s__nrt_cuda%s", fname(L, g), suffix);
    struct lower_buf *b = &L->tail;
    run_head(L, b, of, fn);
    lbuf_printf(b, "    %s(", fname(L, g));
    for (int i = 0; i < param_count(g); i++) {
        const char *m = pname(L, param_at(of, i));
        if (is_buffer(L, g, of, i))
            lbuf_printf(b, "%s(__typeof__(nrt_p->%s))nanort_device_ptr(nrt_c, nrt_p->%s)",
                        i ? ", " : "", m, m);
        else
            lbuf_printf(b, "%snrt_p->%s", i ? ", " : "", m);
    }
    lbuf_puts(b, ");\n}\n");
    return fn;
}

/* The opencl_info of g: kernel name and file(...). */
static const char *opencl_info(struct lower *L, const struct lower_ftask *g)
{
    const struct omp_clause *nm = lower_dir_find(&g->dir, OMP_CL_NAME);
    const struct omp_clause *fl = lower_dir_find(&g->dir, OMP_CL_FILE);
    const char *kernel = nm && nm->nargs ? nm->args[0].text : fname(L, g);
    const char *file = fl && fl->nargs ? arena_printf(L->a, "\"%s\"", c_string(L, fl->args[0].text))
                                       : "0";
    return arena_printf(L->a, "&(const struct nanort_opencl_info){\"%s\", %s}",
                        c_string(L, kernel), file);
}

void device_impls(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                  const char *suffix, struct lower_buf *impls, int *n)
{
    if (param_count(g) != param_count(of)) {
        const struct omp_clause *impl = lower_dir_find(&g->dir, OMP_CL_IMPLEMENTS);
        struct mcc_loc loc = impl ? impl->args[0].loc : g->dir.dir->loc;
        mcc_error_at(&loc, "'%s' has %d parameter%s but implements '%s', which has %d",
                     fname(L, g), param_count(g), param_count(g) == 1 ? "" : "s", fname(L, of),
                     param_count(of));
        return;
    }
    bool nd = lower_dir_has(&g->dir, OMP_CL_NDRANGE);
    if (has_device(&g->dir, OMP_DEVICE_OPENCL)) {
        const char *fn = ndrange_run(L, g, of, suffix, false);
        lbuf_printf(impls, ", {NANORT_DEVICE_OPENCL, %s, \"%s\", %s}", fn, fname(L, g),
                    opencl_info(L, g));
        ++*n;
    }
    if (has_device(&g->dir, OMP_DEVICE_CUDA)) {
        const char *fn = nd ? ndrange_run(L, g, of, suffix, true) : cuda_call_run(L, g, of, suffix);
        lbuf_printf(impls, ", {NANORT_DEVICE_CUDA, %s, \"%s\", 0}", fn, fname(L, g));
        ++*n;
        L->cuda_parts = true;
    }
}

/* ---- embedded OpenCL sources ---------------------------------------------------------- */

/* Text of an OpenCL source as a C string literal, or NULL when it cannot be read. */
static const char *file_literal(struct lower *L, const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    struct lower_buf raw = {0};
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk - 1, in)) > 0) {
        chunk[got] = '\0';
        if (strlen(chunk) != got) {     /* a NUL byte: not OpenCL C */
            fclose(in);
            free(raw.s);
            return NULL;
        }
        lbuf_puts(&raw, chunk);
    }
    fclose(in);
    const char *s = c_string(L, raw.s ? raw.s : "");
    free(raw.s);
    return s;
}

/* One constructor registering the source `name` (read from `path`). */
void device_embed_source(struct lower *L, const char *name, const char *path,
                         const struct mcc_loc *loc)
{
    struct name *key = name_intern(&L->t->parser, name, strlen(name));
    if (lower_map_get(&L->cl_sources, key))
        return;
    lower_map_put(L, &L->cl_sources, key, (void *)name);
    mcc_note_opencl_source(name, path);     /* its kernels also translated to C */
    const char *text = file_literal(L, path);
    if (!text) {
        mcc_error_at(loc, "cannot read OpenCL file '%s'", path);
        return;
    }
    const char *opts = L->t->opts->opencl_build_opts;
    int k = L->serial++;
    lbuf_printf(&L->tail, "static const char nrt_cl_text_%d[] =\n\"%s\";\n"
                "__attribute__((constructor)) static void nrt_cl_source_%d(void) "
                "{ nanort_opencl_source(\"%s\", nrt_cl_text_%d, %s%s%s); }\n",
                k, text, k, c_string(L, name), k, opts ? "\"" : "",
                opts ? c_string(L, opts) : "0", opts ? "\"" : "");
}

/* Every file(...) of the unit's OpenCL tasks. */
void device_embed_all(struct lower *L)
{
    for (struct lower_ftask *f = L->ftasks; f; f = f->next) {
        const struct omp_clause *fl = lower_dir_find(&f->dir, OMP_CL_FILE);
        if (fl && fl->nargs && fl->file_path && has_device(&f->dir, OMP_DEVICE_OPENCL))
            device_embed_source(L, fl->args[0].text, fl->file_path, &fl->args[0].loc);
    }
    if (L->cuda_parts)
        lbuf_puts(&L->tail, "__attribute__((used)) static const char nrt_cuda_parts[] = "
                  "\"" MCC_CUDA_PARTS_MARK "\";\n");
}
