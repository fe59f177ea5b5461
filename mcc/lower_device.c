/*
 * lower_device.c - device implementations of function tasks: `#pragma omp target
 * device(opencl|cuda)` on a kernel prototype (with ndrange) or, for CUDA, on a C function
 * that launches kernels by hand (without ndrange).
 *
 * For an implementation g of the task type of f (f itself, or implements(f)), the run
 * function g__nrt_<dev>[_as_f](args, ctx) executes on the device's manager thread:
 *   ndrange    binds g's parameters, by position, from f's argument block, makes the host
 *              copy of the task data that the ndrange and shmem expressions name current
 *              (nanort_launch_reads: a device task may have written it), evaluates them,
 *              and calls nanort_kernel_launch with one karg
 *              per parameter: a pointer that is the base of a copied region is a BUFFER
 *              (the runtime passes the device copy), another pointer is OpenCL __local
 *              memory of shmem bytes (CUDA: passed by value), anything else by value.
 *   no ndrange (CUDA) calls g with the copied pointers translated by nanort_device_ptr.
 * CUDA kernels are __global__ functions of the user's .cu file: the C side cannot name
 * them, so a stub (<out>.mcc_cuda.cu, t->cuda_stub) declares each one as the user did and
 * returns its address from extern "C" __nrt_cuda_fn_<K>().
 * OpenCL sources named by file(...) are embedded in the unit, each registered from a
 * constructor with nanort_opencl_source(), so the program runs from any directory.
 */
#include "mcc.h"
#include "c.tab.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool has_device(const struct lower_dir *d, enum omp_device k)
{
    return (lower_dir_devices(d) >> k) & 1u;
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
    char *c = cl_c_string(s);
    const char *a = arena_strndup(L->a, c, strlen(c));
    free(c);
    return a;
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
/* The name of f's OpenCL kernel: name(...), else the function's. */
static const char *kernel_name(struct lower *L, const struct lower_ftask *f)
{
    const struct omp_clause *nm = lower_dir_find(&f->dir, OMP_CL_NAME);
    return nm && nm->nargs ? nm->args[0].text : fname(L, f);
}

/* A kernel named like an OpenCL C built-in (mix, step, dot): OpenCL compilers take the name
 * for the built-in (PoCL builds the source and then has no kernel of that name), so the
 * program could only stop at its first launch. */
static bool kernel_name_usable(struct lower *L, const struct lower_ftask *f,
                               const struct omp_clause *dev)
{
    const char *kernel = kernel_name(L, f);
    if (!ocl_is_builtin(kernel))
        return true;
    mcc_error_at(&dev->loc, "OpenCL kernel '%s' (task '%s') has the name of an OpenCL C "
                 "built-in function, which OpenCL compilers take for the built-in: rename the "
                 "kernel in its .cl file and give the new name with name(...), e.g. "
                 "'name(%s_kernel)'", kernel, f->impl_of ? f->impl_of : fname(L, f), kernel);
    return false;
}

/* The reduction clause of f or of the task f implements (declared before f), or NULL
 * (f->impl_of is not set yet). */
static const struct omp_clause *reduction_of(struct lower *L, const struct lower_ftask *f)
{
    const struct omp_clause *red = lower_dir_find(&f->dir, OMP_CL_REDUCTION);
    const struct omp_clause *impl = lower_dir_find(&f->dir, OMP_CL_IMPLEMENTS);
    const char *s = impl && impl->nargs > 0 ? impl->args[0].text : NULL;
    const struct lower_ftask *of =
        s ? lower_ftask_find(L, name_intern(&L->t->parser, s, strlen(s))) : NULL;
    return red ? red : of ? lower_dir_find(&of->dir, OMP_CL_REDUCTION) : NULL;
}

bool lower_device_check(struct lower *L, struct lower_ftask *f)
{
    const struct omp_clause *dev = lower_dir_find(&f->dir, OMP_CL_DEVICE);
    const struct omp_clause *nd = lower_dir_find(&f->dir, OMP_CL_NDRANGE);
    if (has_device(&f->dir, OMP_DEVICE_OPENCL) && !nd) {
        mcc_error_at(&dev->loc, "'device(opencl)' needs 'ndrange(...)': an OpenCL task is a "
                     "kernel launched over a range");
        return false;
    }
    if (has_device(&f->dir, OMP_DEVICE_OPENCL) && !kernel_name_usable(L, f, dev))
        return false;
    const struct omp_clause *red = has_device(&f->dir, OMP_DEVICE_OPENCL)
                                   ? reduction_of(L, f) : NULL;
    if (red) {
        /* a kernel gets buffers the task copies; a reduction's operand is neither copied
         * nor combined, and the launch stopped at run time naming copy clauses */
        mcc_error_at(&red->loc, "'reduction' on a task that OpenCL kernel '%s' runs: a kernel "
                     "cannot combine private copies; declare the operand commutative (or "
                     "inout), e.g. 'commutative(*acc)', and let each kernel add into it",
                     kernel_name(L, f));
        return false;
    }
    if (lower_dir_devices(&f->dir) == 1u << OMP_DEVICE_OPENCL &&
        f->decl->kind == AST_FUNCTION_DEF) {
        /* its body would never run (the kernel comes from a .cl), and OpenCL built-ins in
         * it made gcc and the linker report what mcc should */
        mcc_error_at(&dev->loc, "'device(opencl)' makes '%s' an OpenCL kernel, which a .cl "
                     "file defines: this definition's body would never run (declare the "
                     "function here and define the kernel in a .cl file, or name smp too to "
                     "make the body its host version)", fname(L, f));
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
    if (has_device(&f->dir, OMP_DEVICE_UNDEFINED)) {
        const char *why = lower_dir_devices(&f->dir) != 1u << OMP_DEVICE_UNDEFINED
            ? "cannot be combined with other devices (a task either has a definition of "
              "its own or it has none)"
            : lower_dir_has(&f->dir, OMP_CL_IMPLEMENTS) || lower_dir_has(&f->dir, OMP_CL_NDRANGE)
            ? "is for a task without a definition of its own, not for an implementation"
            : f->decl->kind == AST_FUNCTION_DEF
            ? "means the task has no definition of its own, but this one has a body (name "
              "its device, smp, to use it)" : NULL;
        if (why) {
            mcc_error_at(&dev->loc, "'device(undefined)' %s", why);
            return false;
        }
    }
    return true;
}

/* ---- OpenCL kernel attributes in host prototypes -------------------------------------- */

/* Whether the attribute list [s, e) (`__attribute__((a(...), b))`) names only attributes of
 * OpenCL C's kernels, which host C does not know. */
static bool opencl_only_attribute(const char *s, const char *e)
{
    static const char *const names[] = {"reqd_work_group_size", "work_group_size_hint",
                                        "vec_type_hint", "intel_reqd_sub_group_size"};
    const char *p = s;
    while (p < e && *p != '(')                  /* past `__attribute__` */
        p++;
    int depth = 0, items = 0;
    for (; p < e; p++) {
        if (*p == '(' || *p == ')') {
            depth += *p == '(' ? 1 : -1;
            continue;
        }
        if (depth != 2 || !(isalpha((unsigned char)*p) || *p == '_'))
            continue;
        const char *w = p;
        while (p < e && (isalnum((unsigned char)*p) || *p == '_'))
            p++;
        size_t n = (size_t)(p - w);
        while (n > 4 && !memcmp(w, "__", 2) && !memcmp(w + n - 2, "__", 2))
            w += 2, n -= 4;                      /* __reqd_work_group_size__ */
        bool known = false;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            known |= strlen(names[i]) == n && !memcmp(names[i], w, n);
        if (!known)
            return false;
        items++;
        p--;                                    /* (the loop's p++ reads what follows) */
    }
    return items > 0;
}

/* `__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void k(...);`, the kernel's
 * declaration copied from its .cl: the attribute is the .cl's business (it is there), and
 * gcc warned "'reqd_work_group_size' attribute directive ignored" on the user's line, an
 * error under -Werror.  Left out of the host's text. */
void lower_device_host_prototype(struct lower *L, const struct lower_ftask *f)
{
    if (!has_device(&f->dir, OMP_DEVICE_OPENCL))
        return;
    struct ast *specs = f->decl->kid[0];
    for (struct ast *i = specs && specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_ATTRIBUTE && opencl_only_attribute(L->text + i->begin, L->text + i->end))
            rewrite_replace(L->rw, i->begin, i->end, "");
}

/* ---- OpenCL program-scope constants in host C ----------------------------------------- */

/* The driver spells OpenCL C's `__constant` `__const__` for host C (driver.c's
 * add_device_qualifiers), a spelling of const that no header uses on an object.  A
 * file-scope definition with it (`__constant int BS = 16;` in a header shared by the .cl
 * and several C files) gets internal linkage, as such a constant has in OpenCL: each C
 * file that included it had its own external definition, and ld stopped with "multiple
 * definition".  Not when the declaration says static, extern or typedef, nor when an earlier
 * declaration in the unit gave the name its linkage.  Unused (by the host) is no warning:
 * the constants may be the kernels' only. */
static bool spelled_constant(struct lower *L, const struct ast *spec)
{
    static const char word[] = "__const__";
    return spec->kind == AST_SPECIFIER && spec->op == KW_CONST &&
           spec->end - spec->begin == sizeof word - 1 &&
           !memcmp(L->text + spec->begin, word, sizeof word - 1);
}

void lower_device_constant(struct lower *L, struct ast *item)
{
    struct ast *specs = item->kind == AST_DECLARATION ? item->kid[0] : NULL;
    if (!specs || !item->kid[1] || specs->kind != AST_SPECS ||
        specs->flags & (SPEC_TYPEDEF | SPEC_EXTERN | SPEC_STATIC | SPEC_THREAD_LOCAL))
        return;
    bool constant = false;
    for (const struct ast *sp = specs->kid[0] ? specs->kid[0]->kid[0] : NULL; sp; sp = sp->next)
        constant |= spelled_constant(L, sp);
    if (!constant)
        return;
    for (struct ast *id = item->kid[1]->kid[0]; id; id = id->next)
        if (!id->sym || id->sym->kind != SYM_OBJECT || id->sym->redecl)
            return;
    rewrite_insert_before(L->rw, item->begin, "static __attribute__((__unused__)) ");
}

/* ---- run functions ------------------------------------------------------------------- */

static void run_head(struct lower *L, struct lower_buf *b, const struct lower_ftask *of,
                     const char *fn)
{
    /* (unused by attribute: declarations follow, -Wdeclaration-after-statement) */
    lbuf_printf(b, "\nstatic void %s(void *__nrt_a, nanort_ctx *__nrt_c "
                "__attribute__((__unused__))) { struct %s *__nrt_p __attribute__((__unused__)) "
                "= __nrt_a;\n", fn,
                lower_name(L, LN_ARGS, fname(L, of), -1));
}

/* struct nanort_launch __nrt_l from ndrange(n, g.., l..[, noCheckDim]) and shmem(e).  With
 * noCheckDim the sizes are used as given: g / l groups, not rounded up (the runtime rounds
 * a global size up to a multiple of the local one; here it already is one). */
static void launch_struct(struct mcc_arena *a, struct lower_buf *b, const struct lower_ftask *g)
{
    const struct omp_clause *nd = lower_dir_find(&g->dir, OMP_CL_NDRANGE);
    const struct omp_clause *sh = lower_dir_find(&g->dir, OMP_CL_SHMEM);
    int n = nd->ndrange_dims;
    bool local = nd->nargs == 1 + 2 * n;
    struct lower_buf global = {0}, lsize = {0};
    for (int i = 0; i < n; i++)
        if (local && nd->ndrange_nocheck)
            lbuf_printf(&global, "%s(" LOWER_SIZE_T ")(%s) / (" LOWER_SIZE_T ")(%s) * (" LOWER_SIZE_T ")(%s)",
                        i ? ", " : "", nd->args[1 + i].text, nd->args[1 + n + i].text,
                        nd->args[1 + n + i].text);
        else
            lbuf_printf(&global, "%s(" LOWER_SIZE_T ")(%s)", i ? ", " : "", nd->args[1 + i].text);
    for (int i = 0; i < n; i++)
        lbuf_printf(&lsize, "%s%s%s%s", i ? ", " : "", local ? "(" LOWER_SIZE_T ")(" : "0",
                    local ? nd->args[1 + n + i].text : "", local ? ")" : "");
    lbuf_puts(b, "    ");
    lower_emit_launch(b, "__nrt_l", n, global.s ? global.s : "", lsize.s ? lsize.s : "",
                      sh ? arena_printf(a, "(" LOWER_SIZE_T ")(%s)", sh->args[0].text) : "0");
    lbuf_puts(b, "\n");
    free(global.s);
    free(lsize.s);
}

/* __nrt_k[]: one kernel argument per parameter of g (args: lower_calls.c).  `depobj`: the
 * task's depend objects name data it copies, which a pointer parameter not named elsewhere
 * may point into: the runtime decides (NANORT_KARG_AUTO). */
static void kernel_args(struct lower *L, struct lower_buf *b, const struct lower_ftask *g,
                        const struct impl_arg *args, bool cuda, bool depobj)
{
    int n = param_count(g);
    lbuf_printf(b, "    struct nanort_karg __nrt_k[%d] = {", n ? n : 1);
    for (int i = 0; i < n; i++) {
        struct ast *p = param_at(g, i);
        const char *x = pname(L, p);
        const char *sep = i ? ", " : "";
        lbuf_puts(b, sep);
        if (args[i].buffer)
            lower_emit_karg(b, "NANORT_KARG_BUFFER", arena_printf(L->a, "sizeof %s", x),
                            arena_printf(L->a, "(const void *)%s", x));
        else if (p->sym->type == TYPE_POINTER && depobj)
            lower_emit_karg(b, "NANORT_KARG_AUTO",
                            cuda ? arena_printf(L->a, "sizeof %s", x) : "__nrt_l.shmem",
                            arena_printf(L->a, "(const void *)%s", x));
        else if (p->sym->type == TYPE_POINTER && !cuda)
            lower_emit_karg(b, "NANORT_KARG_LOCAL", "__nrt_l.shmem", NULL);
        else
            lower_emit_karg(b, "NANORT_KARG_VALUE", arena_printf(L->a, "sizeof %s", x),
                            arena_printf(L->a, "&%s", x));
    }
    if (!n)
        lower_emit_karg(b, "NANORT_KARG_VALUE", "0", NULL);
    lbuf_printf(b, "};\n    __nrt_l.nargs = %du; __nrt_l.args = __nrt_k;\n", n);
}

static void cuda_stub_kernel(struct lower *L, const struct lower_ftask *g)
{
    const char *k = fname(L, g), *fn = lower_local_name(L, LL_CUDA_FN, 0, k);
    lower_cuda_stub_begin(L);
    if (lower_cuda_defines(L, g->name)) {     /* defined in this unit: moved into the .cu */
        lbuf_printf(&L->cuda_stub, "extern \"C\" __attribute__((weak)) const void "
                    "*%s(void) { return (const void *)%s; }\n", fn, k);
        lbuf_printf(&L->tail, "const void *%s(void);\n", fn);
        return;
    }
    lower_cuda_types(L, g->params, 0);
    /* The user's .cu defines the kernel with C++ linkage, or with C linkage when its
     * declaration sits in `extern "C"` (the usual kernel.h shared by the C file and the
     * .cu): the stub refers weakly to both symbols, nvcc mangling the C++ one from the
     * same declaration, and the one the link defines is the kernel.  Neither: NULL, which
     * the CUDA device reports at the launch.  The accessor is weak too: several units may
     * launch the same kernel, each with its own stub. */
    struct ast *dn = ast_declarator_name(g->declarator);
    const char *copy = lower_local_name(L, LL_CUDA_COPY, 0, k);
    lbuf_printf(&L->cuda_stub, "__global__ void %s __attribute__((weak));\n"
                "extern \"C\" __global__ void %s%s%s __asm__(\"%s\") "
                "__attribute__((weak));\n"
                "extern \"C\" __attribute__((weak)) const void *%s(void) "
                "{ const void *__nrt_k = (const void *)%s; "
                "return __nrt_k ? __nrt_k : (const void *)%s; }\n",
                lower_src(L, g->declarator->begin, g->declarator->end),
                lower_src(L, g->declarator->begin, dn->begin), copy,
                lower_src(L, dn->end, g->declarator->end), k, fn, k, copy);
    lbuf_printf(&L->tail, "const void *%s(void);\n", fn);
}

/* A pointer argument of an OpenCL kernel g that is no buffer is __local memory of
 * shmem(...) bytes; without shmem, 0 bytes, which no device takes (PoCL's bare
 * CL_INVALID_ARG_SIZE at the launch).  One that a dependence names is data the kernel reads
 * or writes, left uncopied by no_copy_deps: false after reporting it. */
static bool opencl_dep_pointers_copied(struct lower *L, const struct lower_ftask *g,
                                       const struct lower_ftask *of, const struct impl_arg *args)
{
    if (lower_dir_has(&g->dir, OMP_CL_SHMEM))
        return true;
    for (int i = 0; i < param_count(g); i++) {
        struct ast *p = param_at(g, i);
        if (args[i].buffer || p->sym->type != TYPE_POINTER ||
            !(lower_dir_depends(&g->dir, pname(L, p)) || lower_dir_depends(&of->dir, args[i].src)))
            continue;
        mcc_error_at(&lower_dir_find(&g->dir, OMP_CL_DEVICE)->loc, "parameter '%s' of OpenCL "
                     "task '%s' is in a dependence but nothing copies it to the device "
                     "(no_copy_deps, and no copy_in, copy_out or copy_inout names it): the "
                     "kernel would get __local memory of shmem(...) bytes, here 0, in its "
                     "place; name it in a copy clause or drop no_copy_deps", pname(L, p),
                     fname(L, g));
        return false;
    }
    return true;
}

/* A pointer parameter of OpenCL task g that its kernel in file(...) takes as a buffer
 * (__global or __constant) but that no copy clause, nor a dependence with copy_deps, names:
 * the launch would pass __local memory in its place, which the runtime refuses at the
 * first launch (nrt_karg_not_copied).  Reported here instead: false.  The kernel gets the
 * task's arguments by name, else by position. */
static bool opencl_buffers_copied(struct lower *L, const struct lower_ftask *g,
                                  const struct impl_arg *args, bool depobj)
{
    const struct omp_clause *fl = lower_dir_find(&g->dir, OMP_CL_FILE);
    if (depobj || !fl || !fl->nargs || !fl->file_path)
        return true;
    char *raw = cl_embed_text(fl->file_path, fl->args[0].text, L->t->opts->cl_include_dirs);
    const char *kernel = kernel_name(L, g);
    char *bufs = raw ? cl_kernel_param_buffers(raw, kernel) : NULL;
    char *names = raw ? cl_kernel_param_names(raw, kernel) : NULL;
    bool ok = true;
    int nk = bufs && *bufs ? 1 : 0, np = param_count(g);
    for (const char *q = bufs; nk && (q = strchr(q, ';')) != NULL; q++)
        nk++;
    for (int j = 0; j < nk && ok; j++) {
        char *kname = cl_list_item(names, j, ',');
        int i = -1;
        for (int k = 0; k < np && i < 0 && kname && *kname; k++)
            i = !strcmp(pname(L, param_at(g, k)), kname) ? k : -1;
        if (i < 0 && nk == np)
            i = j;
        struct ast *p = i >= 0 ? param_at(g, i) : NULL;
        if (p && bufs[2 * j] == '1' && p->sym->type == TYPE_POINTER && !args[i].buffer) {
            mcc_error_at(&lower_dir_find(&g->dir, OMP_CL_DEVICE)->loc, "parameter '%s' of "
                         "OpenCL task '%s' is a buffer (__global or __constant) of kernel '%s' "
                         "in %s, but nothing copies it to the device: name it in copy_in, "
                         "copy_out or copy_inout, or in a dependence with copy_deps",
                         pname(L, p), fname(L, g), kernel, fl->args[0].text);
            ok = false;
        }
        free(kname);
    }
    free(names);
    free(bufs);
    free(raw);
    return ok;
}

/* ---- what the sizes read -------------------------------------------------------------- */

enum { SIZE_NAMES_MAX = 32 };

/* Identifiers of the ndrange and shmem expressions (g's parameters, globals), or, with
 * `args`, what they are of of's: the identifiers of a parameter's argument (calls(...),
 * by name or position), other names as they are. */
struct size_names {
    struct lower *L;
    const struct lower_ftask *g;
    const struct impl_arg *args;
    const char *name[SIZE_NAMES_MAX];
    int n;
};

static const char *note_size_name(void *arg, const char *s, size_t n)
{
    struct size_names *sn = arg;
    if (sn->args) {
        int i = 0;
        EACH_PARAM(sn->g, p) {
            if (p->sym && p->sym->name->len == n && !memcmp(p->sym->name->str, s, n)) {
                struct size_names of = {sn->L, sn->g, NULL, {0}, 0};
                lower_map_idents(sn->L, sn->args[i].src, note_size_name, &of);
                for (int k = 0; k < of.n && sn->n < SIZE_NAMES_MAX; k++)
                    sn->name[sn->n++] = of.name[k];
                return NULL;
            }
            i++;
        }
    }
    if (sn->n < SIZE_NAMES_MAX && !lower_name_in(s, n, sn->name, sn->n))
        sn->name[sn->n++] = arena_strndup(sn->L->a, s, n);
    return NULL;
}

static void size_names(struct lower *L, const struct lower_ftask *g, const struct impl_arg *args,
                       struct size_names *sn)
{
    *sn = (struct size_names){.L = L, .g = g, .args = args};
    const enum omp_clause_kind kinds[2] = {OMP_CL_NDRANGE, OMP_CL_SHMEM};
    for (int k = 0; k < 2; k++) {
        const struct omp_clause *c = lower_dir_find(&g->dir, kinds[k]);
        for (int a = 0; c && a < c->nargs; a++)
            lower_map_idents(L, c->args[a].text, note_size_name, sn);
    }
}

/* The launch's sizes read data a device task may have written, which the host's copy may
 * lack (the write-back cache keeps it on the device): the run function makes the host's
 * copy current first, for the task's regions whose data the ndrange and shmem expressions
 * name (`*count` of in([1]count)), and no others (not [n]v of ndrange(1, n, 16)).
 * `outer`: those of of's clauses, where of's parameters are in scope; `inner`: those of
 * g's copies, where g's are (g's own kernel: all in outer). */
static void size_reads(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                       const struct impl_arg *args, struct lower_buf *outer,
                       struct lower_buf *inner)
{
    struct size_names sn;
    bool own = g == of && !lower_dir_has(&g->dir, OMP_CL_CALLS);
    size_names(L, g, own ? NULL : args, &sn);
    lower_deps_emit_reads(L, &of->dir, false, sn.name, sn.n, outer);
    if (own)
        return;
    size_names(L, g, NULL, &sn);
    lower_deps_emit_reads(L, &g->dir, true, sn.name, sn.n, inner);
}

/* A kernel launch over ndrange; returns the run function's name. */
static const char *ndrange_run(struct lower *L, const struct lower_ftask *g,
                               const struct lower_ftask *of, const char *suffix, bool cuda)
{
    const char *fn = arena_printf(L->a, "%s%s", lower_name(L, cuda ? LN_CUDA : LN_OCL,
                                                           fname(L, g), -1), suffix);
    if (cuda && !lower_map_get(&L->cuda_stubs, g->name)) {
        cuda_stub_kernel(L, g);
        lower_map_put(L, &L->cuda_stubs, g->name, (void *)g);
    }
    const struct impl_arg *args = lower_calls_bind(L, g, of);
    bool depobj = lower_dir_copied_depobj(L, &g->dir) || lower_dir_copied_depobj(L, &of->dir);
    if (!args || (!cuda && (!opencl_dep_pointers_copied(L, g, of, args) ||
                            !opencl_buffers_copied(L, g, args, depobj))))
        return fn;
    struct lower_buf *b = &L->tail, outer = {0}, inner = {0};
    run_head(L, b, of, fn);
    size_reads(L, g, of, args, &outer, &inner);
    lower_calls_locals(L, b, g, of, args, outer.s);
    if (inner.s)            /* (declarations after these statements: in a block) */
        lbuf_printf(b, "%s    {\n", inner.s);
    launch_struct(L->a, b, g);
    kernel_args(L, b, g, args, cuda, depobj);
    if (cuda)       /* (after the arguments' declaration) */
        lbuf_printf(b, "    __nrt_l.kernel = %s();\n",
                    lower_local_name(L, LL_CUDA_FN, 0, fname(L, g)));
    const char *end = inner.s ? "    }\n    }\n}\n" : "    }\n}\n";
    free(outer.s);
    free(inner.s);
    if (cuda) {
        lbuf_printf(b, "    nanort_kernel_launch(__nrt_c, &__nrt_l);\n%s", end);
        return fn;
    }
    const char *names = "";         /* an OpenCL kernel may take fewer: it gets them by name */
    for (int i = 0; i < param_count(g); i++)
        names = arena_printf(L->a, "%s%s%s", names, i ? "," : "", pname(L, param_at(g, i)));
    lbuf_printf(b, "    nanort_kernel_launch_named(__nrt_c, &__nrt_l, \"%s\");\n%s", names, end);
    return fn;
}

/* A CUDA task without ndrange: call g with the device addresses of copied buffers. */
static const char *cuda_call_run(struct lower *L, const struct lower_ftask *g,
                                 const struct lower_ftask *of, const char *suffix)
{
    const char *fn = arena_printf(L->a, "%s%s", lower_name(L, LN_CUDA, fname(L, g), -1), suffix);
    const struct impl_arg *args = lower_calls_bind(L, g, of);
    if (!args)
        return fn;
    /* (g's own depend objects: lower_deps_emit reported them) */
    const struct omp_clause *o = g != of ? lower_dir_copied_depobj(L, &of->dir) : NULL;
    if (o) {
        mcc_error_at(&o->loc, "sorry, unimplemented: 'depend(depobj: ...)' on a task with a "
                     "CUDA implementation without ndrange ('%s'): name the data in its own "
                     "'depend' clause", fname(L, g));
        return fn;
    }
    struct lower_buf *b = &L->tail;
    run_head(L, b, of, fn);
    lower_calls_locals(L, b, g, of, args, NULL);
    lbuf_printf(b, "    %s(", lower_cuda_body_name(L, g));
    for (int i = 0; i < param_count(g); i++) {
        const char *x = pname(L, param_at(g, i));
        if (args[i].buffer)
            lbuf_printf(b, "%s(__typeof__(%s))nanort_device_ptr(__nrt_c, %s)", i ? ", " : "", x, x);
        else
            lbuf_printf(b, "%s%s", i ? ", " : "", x);
    }
    lbuf_puts(b, ");\n    }\n}\n");
    return fn;
}

/* The opencl_info of g: kernel name and file(...). */
static const char *opencl_info(struct lower *L, const struct lower_ftask *g)
{
    const struct omp_clause *fl = lower_dir_find(&g->dir, OMP_CL_FILE);
    const char *kernel = kernel_name(L, g);
    const char *file = fl && fl->nargs ? arena_printf(L->a, "\"%s\"", c_string(L, fl->args[0].text))
                                       : "0";
    return lower_emit_opencl_info(L->a, c_string(L, kernel), file);
}

void lower_device_impls(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                        const char *suffix, struct lower_buf *impls, int *n)
{
    bool nd = lower_dir_has(&g->dir, OMP_CL_NDRANGE);
    if (has_device(&g->dir, OMP_DEVICE_OPENCL)) {
        const char *fn = ndrange_run(L, g, of, suffix, false);
        lbuf_puts(impls, ", ");
        lower_emit_impl(impls, "NANORT_DEVICE_OPENCL", fn, fname(L, g), opencl_info(L, g));
        ++*n;
    }
    if (has_device(&g->dir, OMP_DEVICE_CUDA)) {
        const char *fn = nd ? ndrange_run(L, g, of, suffix, true) : cuda_call_run(L, g, of, suffix);
        lbuf_puts(impls, ", ");
        lower_emit_impl(impls, "NANORT_DEVICE_CUDA", fn, fname(L, g), NULL);
        ++*n;
        L->cuda_parts = true;
    }
}

/* ---- task declarations inside a function ---------------------------------------------- */

struct local_const {
    struct lower *L;
    size_t off;                     /* where the declaration is */
    struct ast *params;             /* the task's */
    const struct omp_clause *c;
    bool bad;
};

/* A name in an ndrange or shmem expression of a block-scope kernel: a parameter stays (the
 * run function binds it), a local constant becomes its value, another local is an error
 * (the run function, at file scope, cannot see it). */
static const char *local_value(void *arg, const char *s, size_t n)
{
    struct local_const *lc = arg;
    for (struct ast *p = lc->params ? lc->params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && p->sym && p->sym->name->len == n &&
            !memcmp(p->sym->name->str, s, n))
            return NULL;
    struct sym *y = lower_resolve(lc->L, s, n, lc->off);
    if (!y || y->depth == 0 || y->kind == SYM_ENUM_CONST || y->kind == SYM_TYPEDEF ||
        y->kind == SYM_FUNCTION)
        return NULL;
    struct ast *init = NULL;
    struct ast *list = y->decl && y->decl->kind == AST_DECLARATION ? y->decl->kid[1] : NULL;
    for (struct ast *i = list ? list->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_INIT_DECLARATOR && i->sym == y)
            init = i->kid[1];
    const char *specs = y->specs ? lower_src(lc->L, y->specs->begin, y->specs->end) : "";
    if (init && init->kind != AST_INIT_LIST && strstr(specs, "const"))
        return arena_printf(lc->L->a, "(%s)", lower_src(lc->L, init->begin, init->end));
    if (!lc->bad)
        mcc_error_at(&lc->c->loc, "'%.*s' in '%s' is a local variable of the function that "
                     "declares the task: use a parameter of the task, a global or a constant",
                     (int)n, s, omp_clause_names[lc->c->kind]);
    lc->bad = true;
    return NULL;
}

bool lower_device_block_task(struct lower *L, struct lower_dir *d)
{
    struct ast *n = d->node;
    struct ast *id = n->kid[1] ? n->kid[1]->kid[0] : NULL;
    if (!id || !id->kid[0])
        return true;
    /* its generated functions are at file scope: so must its parameters' types be */
    struct ast *params = ast_declarator_params(id->kid[0]);
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && p->sym && !lower_decl_text(L, p->sym, NULL)) {
            struct mcc_loc at = source_loc(&L->t->src, p->begin);
            mcc_error_at(&at, "sorry, unimplemented: parameter '%.*s' of a task declared "
                         "inside a function has a type declared in that function",
                         (int)p->sym->name->len, p->sym->name->str);
            return false;
        }
    /* ndrange and shmem are evaluated by the run function, at file scope */
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            struct omp_clause *c = &ds[k]->clauses[i];
            if (c->kind != OMP_CL_NDRANGE && c->kind != OMP_CL_SHMEM)
                continue;
            for (int a = 0; a < c->nargs; a++) {
                struct local_const lc = {L, n->begin, params, c, false};
                c->args[a].text = lower_map_idents(L, c->args[a].text, local_value, &lc);
            }
        }
    return true;
}

/* ---- embedded OpenCL sources ---------------------------------------------------------- */

/* ---- notes for the link ------------------------------------------------------------ */

/* A note in the object for the link-time checks of the driver (link_check.c). */
void lower_device_link_note(struct lower *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text;
    if (vasprintf(&text, fmt, ap) < 0)
        abort();
    va_end(ap);
    lbuf_printf(&L->tail, "__attribute__((used)) static const char %s[] = \"%s%s\";\n",
                lower_local_name(L, LL_NOTE, L->serial++, NULL), MCC_NOTE_PREFIX,
                c_string(L, text));
    free(text);
}

const char *lower_device_link_where(const struct mcc_loc *loc)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s:%d:%d", loc->file ? loc->file : "?", loc->line, loc->col);
    return buf;
}

/* The prototype's parameter types as cl_param_type() spells them, "t1;t2;..." ("?": not
 * comparable), and their names "n1,n2,...", in the arena. */
static void proto_params(struct lower *L, const struct lower_ftask *f, const char **types,
                         const char **names)
{
    const char *t = "", *n = "";
    EACH_PARAM(f, p) {
        char *name, *type = cl_param_type(L->t->src.text + p->begin, p->end - p->begin, &name);
        t = arena_printf(L->a, "%s%s%s", t, p == f->params->kid[0] ? "" : ";", type ? type : "?");
        n = arena_printf(L->a, "%s%s%s", n, p == f->params->kid[0] ? "" : ",", name ? name : "");
        free(type);
        free(name);
    }
    *types = t;
    *names = n;
}

static bool calls_opencl_source(struct ast *n, void *arg)
{
    if (n->kind == AST_CALL && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
        n->kid[0]->name->len == 20 && !memcmp(n->kid[0]->name->str, "nanort_opencl_source", 20))
        *(bool *)arg = true;
    return true;
}

/* What the link must find in other units: implementations of device(undefined) tasks, and
 * the OpenCL source of each kernel that names none (file(...)). */
static void link_notes(struct lower *L)
{
    bool by_hand = false, looked = false;
    for (struct lower_ftask *f = L->ftasks; f; f = f->next) {
        const struct omp_clause *dev = lower_dir_find(&f->dir, OMP_CL_DEVICE);
        if (f->impl_of)
            lower_device_link_note(L, "implements:%s", f->impl_of);
        if (f->dir.dir && has_device(&f->dir, OMP_DEVICE_UNDEFINED))
            lower_device_link_note(L, "undefined-task:%s:%s", fname(L, f), lower_device_link_where(&dev->loc));
        if (!has_device(&f->dir, OMP_DEVICE_OPENCL) || lower_dir_has(&f->dir, OMP_CL_FILE))
            continue;
        if (!looked)            /* sources registered by hand: no check */
            ast_walk(L->t->tu, calls_opencl_source, &by_hand);
        looked = true;
        const char *kernel = kernel_name(L, f), *types, *names;
        if (!by_hand)
            lower_device_link_note(L, "opencl-kernel:%s:%s:%s", kernel,
                            f->impl_of ? f->impl_of : fname(L, f), lower_device_link_where(&dev->loc));
        proto_params(L, f, &types, &names);
        lower_device_link_note(L, "opencl-params:%s:%s:%s:%s:%s", kernel, fname(L, f), types, names,
                        lower_device_link_where(&dev->loc));
    }
}

/* One constructor registering the source `name` (read from `path`). */
void lower_device_embed_source(struct lower *L, const char *name, const char *path,
                               const struct mcc_loc *loc)
{
    struct name *key = name_intern(&L->t->parser, name, strlen(name));
    if (lower_map_get(&L->cl_sources, key))
        return;
    mcc_note_opencl_source(name, path);     /* its kernels also translated to C */
    char *raw = cl_embed_text(path, name, L->t->opts->cl_include_dirs);
    lower_map_put(L, &L->cl_sources, key, raw ? arena_strndup(L->a, raw, strlen(raw)) : "");
    if (!raw) {
        mcc_error_at(loc, "cannot read OpenCL file '%s'", path);
        return;
    }
    char *kernels = cl_kernel_names(raw), *sigs = cl_kernel_signatures(raw);
    lower_device_link_note(L, "opencl-defines:%s", kernels);
    for (char *line = sigs, *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
        *nl = '\0';    /* for tasks of other units without file(...): the link compares */
        lower_device_link_note(L, "opencl-signature:%s:%s", line, name);
    }
    free(kernels);
    free(sigs);
    int k = L->serial++;
    char *code = cl_embed_c(raw, name, L->t->opts->opencl_build_opts,
                            lower_local_name(L, LL_CL_TEXT, k, NULL),
                            lower_local_name(L, LL_CL_SOURCE, k, NULL));
    lbuf_puts(&L->tail, code);
    free(code);
    free(raw);
}

/* The struct of the task's parameter i (its text: cl_param_struct), NULL if none. */
static char *param_struct(struct lower *L, const struct lower_ftask *f, int i)
{
    int stars;
    struct ast *p = param_at(f, i);
    return p ? cl_param_struct(L->t->src.text + p->begin, p->end - p->begin, &stars) : NULL;
}

/* The structs the kernel takes (by pointer or by value) are laid out as the task's
 * parameter in its place (or of its name, for a kernel with fewer) has them on the host
 * (cl_layout.c).  `kstructs`: cl_kernel_param_structs. */
static void check_struct_params(struct lower *L, const struct lower_ftask *f, const char *text,
                                const char *kernel, const char *file, const char *kstructs,
                                const char *knames)
{
    const char *types, *names;
    proto_params(L, f, &types, &names);
    int np = param_count(f), nk = *kstructs ? 1 : 0;
    for (const char *q = kstructs; (q = strchr(q, ';')) != NULL; q++)
        nk++;
    for (int j = 0; j < nk; j++) {
        char *item = cl_list_item(kstructs, j, ';'), *kname = cl_list_item(knames, j, ',');
        char *slash = strrchr(item, '/');
        int i = nk == np ? j : -1;
        for (int k = 0; i < 0 && k < np && kname && *kname; k++) {
            char *nm = cl_list_item(names, k, ',');
            i = !strcmp(nm, kname) ? k : -1;
            free(nm);
        }
        if (slash && i >= 0) {
            *slash = '\0';
            char *hs = param_struct(L, f, i), *pname = cl_list_item(names, i, ',');
            struct cl_layout_param lp = {
                .loc = &lower_dir_find(&f->dir, OMP_CL_DEVICE)->loc, .host = &L->t->src,
                .host_type = hs, .kernel_text = text, .kernel_type = item, .file = file,
                .kernel_stars = atoi(slash + 1), .index = i, .name = pname,
                .task = fname(L, f), .kernel = kernel,
            };
            cl_layout_check(&lp);
            if (lp.kernel_size)         /* the host's layout is gcc's to know: its size */
                lbuf_printf(&L->tail, "%s_Static_assert(sizeof(%s) == %ld, \"kernel %s in %s (%s:%d) "
                            "takes %s as %ld bytes (the layout of OpenCL C) but the host has "
                            "another size for %s: declare it alike on both sides\");%s",
                            lower_mark(L, param_at(f, i)->begin), hs, lp.kernel_size, kernel,
                            file, lp.kernel_file, lp.kernel_line, item,
                            lp.kernel_size, hs, lower_mark_generated());
            free(hs);
            free(pname);
        }
        free(item);
        free(kname);
    }
}

/* The kernel's parameters in its file(...) source have the types of the prototype's (the
 * argument's bytes are passed as they are). */
static void check_file_params(struct lower *L, const struct lower_ftask *f, const char *text,
                              const char *kernel, const char *file)
{
    char *kt = cl_kernel_params(text, kernel), *kn = cl_kernel_param_names(text, kernel);
    const char *types, *names;
    int errors = mcc_error_count();
    proto_params(L, f, &types, &names);
    /* at the device clause: columns in the prototype are those of the preprocessed text,
     * where __global and __kernel are gone */
    if (kt)
        cl_params_check(&lower_dir_find(&f->dir, OMP_CL_DEVICE)->loc, types, names, kt, kn,
                        fname(L, f), kernel, file);
    char *ks = kt && kn ? cl_kernel_param_structs(text, kernel) : NULL;
    if (ks && mcc_error_count() == errors)
        check_struct_params(L, f, text, kernel, file, ks, kn);
    free(ks);
    free(kt);
    free(kn);
}

/* The kernel of a task with file(...) must be in that source: the runtime looks for it
 * there only, and would stop the program at its first launch. */
static void check_file_kernel(struct lower *L, const struct lower_ftask *f,
                              const struct omp_clause *fl)
{
    const char *file = fl->args[0].text;
    const char *text = lower_map_get(&L->cl_sources, name_intern(&L->t->parser, file,
                                                                 strlen(file)));
    const char *kernel = kernel_name(L, f);
    if (!text || !*text)
        return;
    if (cl_mentions(text, kernel)) {
        check_file_params(L, f, text, kernel, file);
        return;
    }
    mcc_error_at(&fl->args[0].loc, "OpenCL kernel '%s' (task '%s') is not defined in %s: a "
                 "__kernel function of that name is needed there; name(...) gives it when it "
                 "differs from the task's", kernel, f->impl_of ? f->impl_of : fname(L, f), file);
}

/* Every file(...) of the unit's OpenCL tasks. */
void lower_device_embed_all(struct lower *L)
{
    for (struct lower_ftask *f = L->ftasks; f; f = f->next) {
        const struct omp_clause *fl = lower_dir_find(&f->dir, OMP_CL_FILE);
        if (fl && fl->nargs && fl->file_path && has_device(&f->dir, OMP_DEVICE_OPENCL)) {
            lower_device_embed_source(L, fl->args[0].text, fl->file_path, &fl->args[0].loc);
            check_file_kernel(L, f, fl);
        }
    }
    link_notes(L);
    if (L->cuda_parts)
        lbuf_puts(&L->tail, "__attribute__((used)) static const char __nrt_cuda_parts[] = "
                  "\"" MCC_CUDA_PARTS_MARK "\";\n");
}
