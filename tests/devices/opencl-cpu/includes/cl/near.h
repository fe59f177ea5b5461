#define NEAR 1000
