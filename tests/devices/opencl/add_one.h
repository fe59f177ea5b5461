/*
 * add_one.h - the OpenCL task type of host_writes.c and host_split.c, written by hand as
 * mcc emits it: add_one(x, n) adds 1 to x[0..n) on an OpenCL device (x inout, copied).
 * Register its source with nanort_opencl_source("add_one.cl", source, NULL): `source`, the
 * name cl_extract.c prints for the runs with the kernels translated to C (OCLT_XLATE).
 */
#ifndef ADD_ONE_H
#define ADD_ONE_H

#include "oclt.h"

static const char *const source =
    "__kernel void add_one(__global int *x, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] += 1;\n"
    "}\n";

struct add_one_args { int *x; int n; };

static inline void add_one_ocl(void *p, nanort_ctx *ctx)
{
    struct add_one_args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                  {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 2, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info add_one_info = {"add_one", NULL};
static struct nanort_impl add_one_impls[] = {{NANORT_DEVICE_OPENCL, add_one_ocl, "add_one_ocl",
                                              &add_one_info}};
static struct nanort_task_type add_one_type = {"add_one", __FILE__, 1, add_one_impls, NULL};

/* The task on x[0..n), with `extra` more regions for the caller to add before submitting
 * it (add_one_submit does it all when there are none). */
static inline nanort_task *add_one_create(int *x, int n, unsigned extra)
{
    void *p;
    nanort_task *t = nanort_task_create(&add_one_type, sizeof(struct add_one_args), 1 + extra,
                                        1 + extra, &p);
    *(struct add_one_args *)p = (struct add_one_args){x, n};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, (size_t)n * sizeof *x);
    return t;
}

static inline void add_one(int *x, int n)
{
    nanort_task_submit(add_one_create(x, n, 0), 0, 0);
}

#endif /* ADD_ONE_H */
