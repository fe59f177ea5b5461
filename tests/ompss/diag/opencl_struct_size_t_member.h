/* The struct opencl_struct_size_t_member.c and its kernel share: a size_t member. */
typedef struct {
    size_t first;
    float scale;
} range_t;
