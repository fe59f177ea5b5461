/* #pragma omp error at(compilation) (the default) stops the build with its message, as gcc
 * does ("'pragma omp error' encountered: ..."). */
#define CHECK_TILE 48
#if CHECK_TILE % 32
#pragma omp error message("the tile must be a multiple of 32")
#endif
int main(void)
{
    return 0;
}
