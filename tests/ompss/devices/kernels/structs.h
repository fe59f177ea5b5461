/* structs.h - the types ocl_struct_buffers.c and structs.cl share: arrays of structs with
 * padding (a char before a double), and the sizes the kernel reads from a __constant
 * struct. */
#ifndef STRUCTS_H
#define STRUCTS_H
typedef struct {
    float x, y, z;
    char kind;          /* 'C' or 'O' */
    double occ;
} atom_t;
typedef struct {
    int h, k, l, pad;
} hkl_t;
typedef struct {
    float re, im;
} factor_t;
typedef struct {
    int na, nr;
    float scale;
} dims_t;
#endif
