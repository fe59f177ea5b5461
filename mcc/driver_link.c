/*
 * driver_link.c - the link of the mcc driver: the objects of the inputs in their order,
 * those mcc generates (embedded OpenCL sources, their kernels as C, --instrument's
 * defaults), the CUDA plugin and runtime when the program has CUDA parts (a .cu input, an
 * object marked by mcc), libnanort-mpi before an MPI library, and nanort with an rpath
 * (also before another OpenMP runtime the command links).
 * The whole-program checks (link_check.c) run first.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Does the compiler find lib<name>.so (`cc -print-file-name` gives a path, not the name
 * back)? */
static bool cc_has_library(const struct driver *d, const char *name)
{
    struct strvec q = {0};
    sv_cat(&q, &d->cc);
    sv_push(&q, drv_asprintf("-print-file-name=lib%s.so", name));
    char line[4096] = "";
    char *c = drv_asprintf("%s", q.v[0]);
    for (size_t i = 1; i < q.n; i++)
        c = drv_asprintf("%s '%s'", c, q.v[i]);
    FILE *p = popen(c, "r");
    if (p) {
        if (!fgets(line, sizeof line, p))
            line[0] = '\0';
        pclose(p);
    }
    return line[0] == '/';
}

/* -l<name>, linked only where needed (--as-needed), when the compiler has it (*have caches
 * the answer: -1 not asked yet). */
static void add_as_needed(const struct driver *d, struct strvec *cmd, const char *name,
                          int *have)
{
    if (*have < 0)
        *have = cc_has_library(d, name);
    if (*have) {
        sv_push(cmd, "-Wl,--push-state,--as-needed");
        sv_push(cmd, drv_asprintf("-l%s", name));
        sv_push(cmd, "-Wl,--pop-state");
    }
}

/* glibc's vector math library, which the translated kernels' math calls use when it is
 * there (opencl_c_impl.h). */
static void add_libmvec(const struct driver *d, struct strvec *cmd)
{
    static int have = -1;
    add_as_needed(d, cmd, "mvec", &have);
}

/* gcc's libatomic: `#pragma omp atomic` on a type wider than the machine's atomic
 * instructions (long double, a 16-byte struct) becomes __atomic_load and
 * __atomic_compare_exchange calls that only it defines (gcc -fopenmp takes a lock there
 * instead). */
static void add_libatomic(const struct driver *d, struct strvec *cmd)
{
    static int have = -1;
    add_as_needed(d, cmd, "atomic", &have);
}

/* Does the file hold MCC_CUDA_PARTS_MARK (an object or archive translated by mcc from a
 * unit with CUDA tasks) or the name of the CUDA runtime's registration of a module, which
 * every object nvcc makes refers to (a .cu compiled by nvcc or `mcc -c`: without the CUDA
 * runtime the link said "undefined reference to `__cudaRegisterFatBinary'")? */
static bool file_has_cuda_mark(const char *path)
{
    static const char *const marks[] = {MCC_CUDA_PARTS_MARK, "__cudaRegisterFatBinary"};
    enum { LONGEST = sizeof MCC_CUDA_PARTS_MARK - 1 };
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[65536 + LONGEST];
    size_t keep = 0, n;
    bool found = false;
    while (!found && (n = fread(buf + keep, 1, sizeof buf - keep, f)) > 0) {
        n += keep;
        for (size_t k = 0; !found && k < sizeof marks / sizeof marks[0]; k++)
            found = memmem(buf, n, marks[k], strlen(marks[k])) != NULL;
        keep = n < LONGEST ? n : LONGEST;
        memmove(buf, buf + n - keep, keep);
    }
    fclose(f);
    return found;
}

/* The program has CUDA parts: a .cu input, a device(cuda) task in a translated unit or in
 * an object mcc made, an object nvcc made, or --cuda.  Sets d->cuda_reason to what says so. */
static bool has_cuda_parts(struct driver *d)
{
    for (size_t i = 0; !d->cuda_reason && i < d->nitems; i++) {
        const struct item *it = &d->items[i];
        const char *obj = it->object ? it->object
                          : it->kind == IN_LINK && it->nargs ? it->args[0] : NULL;
        const char *suf = obj ? drv_suffix(obj) : "";
        if (obj && (!strcmp(suf, "o") || !strcmp(suf, "a")) && file_has_cuda_mark(obj))
            d->cuda_reason = it->args[0];
    }
    return d->cuda_reason != NULL;
}

/* Does the command link cuBLAS (-lcublas, -l cublas)?  The plugin's nanos_get_cublas_handle()
 * refers to it, after the user's -lcublas: that one again after the plugin, since the
 * linker (--as-needed) drops a cuBLAS that no object before it calls ("undefined reference
 * to `cublasCreate_v2'" where the program's units only asked for the handle). */
static bool links_cublas(const struct driver *d)
{
    for (size_t i = 0; i < d->nitems; i++) {
        const struct item *it = &d->items[i];
        if (it->kind == IN_LINK_ARG &&
            (!strcmp(it->args[0], "-lcublas") ||
             (it->nargs == 2 && !strcmp(it->args[0], "-l") && !strcmp(it->args[1], "cublas"))))
            return true;
    }
    return false;
}

/* nanort's CUDA plugin (kept by --undefined: nothing else refers to it) and the static
 * CUDA runtime, so the program needs no libcudart at run time; the plugin reports no
 * device on machines without a GPU or driver. */
static void add_cuda_libs(const struct driver *d, struct strvec *cmd)
{
    char *what = drv_asprintf("%s: linking the program's CUDA parts needs", d->cuda_reason);
    char *home = drv_asprintf("%s", drv_require_nvcc(what));
    for (int k = 0; k < 2; k++) {
        char *slash = strrchr(home, '/');
        if (slash)
            *slash = '\0';
    }
    char *plugin = drv_asprintf("%s/libnanort-cuda.a", d->libdir);
    if (access(plugin, R_OK) == 0) {
        sv_push(cmd, "-Wl,--undefined=nanort_cuda_plugin");
        sv_push(cmd, plugin);
        if (links_cublas(d))
            sv_push(cmd, "-lcublas");
    } else {
        fprintf(stderr, "mcc: warning: %s: no nanort CUDA plugin in %s (build it with make): "
                "CUDA tasks will not run\n", d->cuda_reason, d->libdir);
    }
    sv_push(cmd, drv_asprintf("-L%s/lib64", home));
    sv_push(cmd, "-lcudart_static");
    sv_push(cmd, "-ldl");
    sv_push(cmd, "-lrt");
    sv_push(cmd, "-lpthread");
    sv_push(cmd, "-lstdc++"); /* nvcc compiles .cu as C++; the C link must add its runtime */
}

/* A clear message rather than the linker's "cannot find -lnanort" when mcc runs away from
 * its tree (a copied binary, a partial install). */
static void require_nanort(const struct driver *d)
{
    const char *lib = d->opts.debug ? "nanort-debug" : "nanort";
    char *so = drv_asprintf("%s/lib%s.so", d->libdir, lib);
    char *a = drv_asprintf("%s/lib%s.a", d->libdir, lib);
    if (access(so, R_OK) != 0 && access(a, R_OK) != 0)
        drv_die("the %s library is not in %s (mcc looks for it in ../lib from its own "
            "directory; build it with make, or run an installed mcc)", lib, d->libdir);
}

/* The runtime options the build chose (--instrument, --no-cuda, --no-opencl): an object
 * whose constructor gives them to nanort as its defaults (NX_ARGS overrides them), pushed
 * on `cmd` when there are any.  --instrument's trace is named after the program, in the
 * current directory.  Non-zero when it does not compile. */
static int link_defaults(struct driver *d, struct strvec *cmd)
{
    if (!d->opts.ompss || !(d->opts.instrument || d->cuda_off || d->opencl_off))
        return 0;
    const char *devices = drv_asprintf("%s%s", d->cuda_off ? " --disable-cuda" : "",
                                       d->opencl_off ? " --disable-opencl" : "");
    const char *obj = drv_generated_object(d, "defaults", drv_asprintf(
        "/* generated by mcc: the runtime's default options chosen at build time */\n"
        "#include <stdio.h>\n"
        "extern char *program_invocation_short_name;\n"
        "void nanort_default_options(const char *args);\n"
        "__attribute__((constructor(101))) static void mcc_defaults(void)\n"
        "{\n"
        "    static char args[4200];\n"
        "    snprintf(args, sizeof args, \"%s%s\"%s);\n"
        "    nanort_default_options(args);\n"
        "}\n",
        d->opts.instrument ? "--trace=%.4000s.trace.json" : "", devices,
        d->opts.instrument ? ", program_invocation_short_name" : ""));
    if (!obj)
        return 1;
    sv_push(cmd, obj);
    return 0;
}

/* NAME of a -lNAME or -l NAME item, else NULL. */
static const char *lib_name(const struct item *it)
{
    if (it->kind != IN_LINK_ARG)
        return NULL;
    return it->nargs == 2 && strcmp(it->args[0], "-l") == 0 ? it->args[1]
           : drv_has_prefix(it->args[0], "-l") ? it->args[0] + 2 : NULL;
}

/* The library a -l item links, looked for as the linker does in the -L directories of the
 * command (shared first, unless -static); NULL when not there (a system library: mcc's
 * objects are in the user's). */
static const char *library_file(const struct driver *d, const struct item *it)
{
    const char *name = lib_name(it);
    bool static_only = false;
    for (size_t i = 0; i < d->link.n; i++)
        static_only |= !strcmp(d->link.v[i], "-static");
    for (size_t i = 0; name && i < d->link.n; i++) {
        const char *dir = !strcmp(d->link.v[i], "-L") && i + 1 < d->link.n ? d->link.v[++i]
                          : drv_has_prefix(d->link.v[i], "-L") ? d->link.v[i] + 2 : NULL;
        for (int k = static_only; dir && k < 2; k++) {
            char *path = name[0] == ':' ? drv_asprintf("%s/%s", dir, name + 1)   /* -l:file */
                         : drv_asprintf("%s/lib%s.%s", dir, name, k ? "a" : "so");
            if (access(path, R_OK) == 0)
                return path;
        }
    }
    return NULL;
}

/* What only the whole program tells (link_check.c): the objects mcc made and those given,
 * the libraries of -l found in -L directories.  The kernels that name no source go on
 * `kernels`. */
static int check_program(const struct driver *d, struct strvec *kernels)
{
    for (size_t i = 0; i < d->link.n; i++)   /* a library: the program is elsewhere */
        if (!strcmp(d->link.v[i], "-shared"))
            return 0;
    struct strvec objs = {0};
    for (size_t i = 0; i < d->nitems; i++) {
        const struct item *it = &d->items[i];
        const char *obj = it->object ? it->object
                          : it->kind == IN_LINK && it->nargs ? it->args[0]
                          : library_file(d, it);
        const char *suf = obj ? drv_suffix(obj) : "";
        if (obj && (!strcmp(suf, "o") || !strcmp(suf, "a") || !strcmp(suf, "so")))
            sv_push(&objs, obj);
    }
    return link_check(objs.v, objs.n, d->cl_files.v, d->cl_files.n, d->opts.cl_include_dirs,
                      kernels);
}

/* Does this link item link one of the NULL-terminated `names`: -lNAME, or a path to
 * libNAME.so or libNAME.a (CMake's find_package gives libraries by their paths)? */
static bool links_one_of(const struct item *it, const char *const *names)
{
    const char *lib = lib_name(it);
    const char *path = it->kind == IN_LINK && it->nargs ? it->args[0] : NULL;
    const char *base = path ? strrchr(path, '/') : NULL;
    base = base ? base + 1 : path;
    for (; *names; names++) {
        if (lib && !strcmp(lib, *names))
            return true;
        if (base && drv_has_prefix(base, drv_asprintf("lib%s.", *names)))
            return true;
    }
    return false;
}

/* Is this link item Open MPI's or MPICH's library (-lmpi, as mpicc adds it; its path, as
 * CMake's FindMPI gives it)?  Programs linked with MPI get libnanort-mpi (TAMPI.h,
 * task-aware MPI) just before it: its MPI_* wrappers must come first. */
static bool links_mpi(const struct driver *d, const struct item *it)
{
    static const char *const names[] = {"mpi", "mpich", NULL};
    return d->opts.ompss && links_one_of(it, names);
}

/* Is this link item another OpenMP runtime: -lgomp, -lomp, -liomp5 (Makefiles that add it
 * to -fopenmp, CMake's target_link_libraries(app gomp)) or such a library by its path? */
static bool links_openmp_runtime(const struct driver *d, const struct item *it)
{
    static const char *const names[] = {"gomp", "omp", "iomp5", NULL};
    return d->opts.ompss && links_one_of(it, names);
}

/* nanort, found in mcc's lib dir, where the program finds it again at run time; the
 * program's free() and realloc() calls go to nanort's (nanort_free, nanort_realloc: a block
 * freed after `taskwait noflush` loses its device copies), from every object it links */
static void link_nanort(const struct driver *d, struct strvec *cmd)
{
    sv_push(cmd, "-Wl,--wrap=free,--wrap=realloc");
    sv_push(cmd, drv_asprintf("-L%s", d->libdir));
    sv_push(cmd, drv_asprintf("-Wl,-rpath,%s", d->libdir));
    sv_push(cmd, d->opts.debug ? "-lnanort-debug" : "-lnanort");
}

/* The objects of the inputs and the -l, -Wl, and -Xlinker options, in their order;
 * libnanort-mpi before an MPI library; nanort before another OpenMP runtime, so that the
 * program's omp_* calls are nanort's (libgomp's omp_get_thread_num() is 0 on every worker),
 * and what was compiled by gcc -fopenmp still finds its GOMP_* entry points. */
static void link_inputs(const struct driver *d, struct strvec *cmd)
{
    bool nanort_linked = false;
    for (size_t i = 0; i < d->nitems; i++) {
        const struct item *it = &d->items[i];
        if (!nanort_linked && links_openmp_runtime(d, it)) {
            link_nanort(d, cmd);
            nanort_linked = true;
        }
        if (it->object)
            sv_push(cmd, it->object);
        sv_cat(cmd, &it->ocl_objects);
        if (it->cuda_object)
            sv_push(cmd, it->cuda_object);
        if (links_mpi(d, it)) {
            char *mpi = drv_asprintf("%s/libnanort-mpi.so", d->libdir);
            if (access(mpi, R_OK) == 0)
                sv_push(cmd, mpi);
            else
                fprintf(stderr, "mcc: warning: %s is missing (nanort was built without Open "
                        "MPI's development files): TAMPI.h calls will not link and blocking "
                        "MPI calls in tasks hold their worker\n", mpi);
        }
        if (it->kind == IN_LINK || it->kind == IN_LINK_ARG)
            for (int k = 0; k < it->nargs; k++)
                sv_push(cmd, it->args[k]);
    }
}

/* The objects mcc makes for the link: the .cl inputs embedded and their kernels as C,
 * the runtime defaults of --instrument, --no-cuda, --no-opencl.  Non-zero after an error. */
static int link_generated(struct driver *d, struct strvec *cmd)
{
    if (d->cl_files.n && d->opts.ompss) {
        (void)cl_embed_take_files();
        const char *cl_obj = drv_opencl_sources_object(d);
        if (!cl_obj)
            return 1;
        drv_link_dependencies(d);
        sv_push(cmd, cl_obj);
        for (size_t i = 0; i < d->cl_files.n; i++) {
            const char *o = drv_opencl_cpu_object(d, d->cl_files.v[i], d->cl_files.v[i]);
            if (o == DRV_OPENCL_CPU_FAILED)
                return 1;
            if (o)
                sv_push(cmd, o);
        }
    }
    return link_defaults(d, cmd);
}

/* nanort (the checking build with --debug) and what it needs, with an rpath. */
static void link_runtime(const struct driver *d, struct strvec *cmd)
{
    require_nanort(d);
    link_nanort(d, cmd);
    sv_push(cmd, "-lpthread");
    sv_push(cmd, "-ldl");
    add_libatomic(d, cmd);
    add_libmvec(d, cmd);
    sv_push(cmd, "-lm");
}

/* <cc> <flags> objects, -l and -Wl in order, --Wl opts, nanort, -o out */
int drv_link_program(struct driver *d)
{
    struct strvec kernels = {0};
    if (d->opts.ompss && !drv_dry_run && check_program(d, &kernels) != 0)
        return 1;
    struct strvec cmd = {0};
    drv_begin_link(d, &cmd);
    sv_cat(&cmd, &d->link);
    for (size_t i = 0; i < kernels.n; i++)  /* pulls a .cl object out of an archive */
        sv_push(&cmd, drv_asprintf("-Wl,--undefined=" MCC_CL_ANCHOR "%s", kernels.v[i]));
    link_inputs(d, &cmd);
    if (link_generated(d, &cmd) != 0)
        return 1;
    sv_cat(&cmd, &d->wl);
    if (has_cuda_parts(d))
        add_cuda_libs(d, &cmd);
    if (d->opts.ompss)
        link_runtime(d, &cmd);
    if (d->output) {
        sv_push(&cmd, "-o");
        sv_push(&cmd, d->output);
    }
    return drv_run(&cmd);
}
