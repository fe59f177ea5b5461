/*
 * lower_emit.c - the descriptors generated code hands to nanort (include/nanort.h), in one
 * place and always with designated initialisers: a field of nanort.h renamed or removed
 * makes every generated unit that uses it fail to compile instead of filling the wrong
 * field, and a field added is zero.  The declarations they need come from nanort.h's
 * mcc-abi regions (the prelude, lower.c); tests/mcc/abi checks both against the header.
 *
 * Every function appends to a buffer, on one line: callers decide where newlines go
 * (lower_glue puts a linemarker after each).
 */
#include "mcc.h"

#include <string.h>

static void opt_field(struct lower_buf *b, const char *name, const char *value)
{
    if (value && strcmp(value, "0") != 0)
        lbuf_printf(b, ", .%s = %s", name, value);
}

void lower_emit_impl(struct lower_buf *b, const char *device, const char *run, const char *name,
                     const char *info)
{
    lbuf_printf(b, "{.device = %s", device);
    opt_field(b, "run", run);
    lbuf_printf(b, ", .name = \"%s\"", name);
    opt_field(b, "device_info", info);
    lbuf_puts(b, "}");
}

void lower_emit_task_type(struct lower_buf *b, const char *storage, const char *name,
                          const char *label, const char *source, int nimpls, const char *impls)
{
    lbuf_printf(b, "%s%sstruct nanort_task_type %s = {.label = \"%s\", .source = \"%s\", "
                ".nimpls = %d, .impls = %s};", storage, *storage ? " " : "", name, label,
                source, nimpls, impls);
}

void lower_emit_impl_list(struct lower_buf *b, const char *list)
{
    lbuf_printf(b, "(const struct nanort_impl[]){%s}", list);
}

void lower_emit_launch(struct lower_buf *b, const char *var, int ndims, const char *global,
                       const char *local, const char *shmem)
{
    lbuf_printf(b, "struct nanort_launch %s = {.ndims = %du, .global = {%s}, .local = {%s}, "
                ".shmem = %s};", var, ndims, global, local, shmem);
}

void lower_emit_karg(struct lower_buf *b, const char *kind, const char *size, const char *ptr)
{
    lbuf_printf(b, "{.kind = %s, .size = %s", kind, size);
    opt_field(b, "ptr", ptr);
    lbuf_puts(b, "}");
}

const char *lower_emit_opencl_info(struct mcc_arena *a, const char *kernel, const char *file)
{
    return arena_printf(a, "&(const struct nanort_opencl_info){.kernel = \"%s\", .file = %s}",
                        kernel, file);
}

void lower_emit_taskgraph(struct lower_buf *b, const char *name, const char *source)
{
    lbuf_printf(b, "static struct nanort_taskgraph %s = {.source = \"%s\"};", name, source);
}

void lower_emit_opencl_cpu_kernel(struct lower_buf *b, const char *name, const char *source,
                                  const char *kernel, const char *run, int nargs,
                                  const char *arg_kinds, const char *arg_sizes,
                                  const char *arg_align, const long reqd[3], int not_opencl_c,
                                  int group_free)
{
    lbuf_printf(b, "static const struct nanort_opencl_cpu_kernel %s = {\n"
                "    .source = \"%s\", .kernel = \"%s\", .run = %s, .nargs = %d,\n"
                "    .arg_kinds = %s, .arg_sizes = %s, .arg_align = %s,\n"
                "    .reqd_local = {%ld, %ld, %ld}, .not_opencl_c = %d, .group_free = %d,\n};\n",
                name, source, kernel, run, nargs, arg_kinds, arg_sizes, arg_align, reqd[0],
                reqd[1], reqd[2], not_opencl_c, group_free);
}
