#define NEAR2 200
