/* tile.h - included by kernel.cl with quotes: next to it */
#define AT(m, r, k, n) (m)[(r) * (n) + (k)]
