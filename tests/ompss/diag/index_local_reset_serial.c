/* A flat index kept in a local that the body sets twice (`c = x + y * nx + z * nx * ny;`,
 * then `c = 0` at each row's start): element 0 is written by every iteration of the loop
 * (through a pointer private to each thread of the region).  The loop runs as one task
 * (warned). */
void step(float *tOut, const float *tIn, int nx, int ny, int nz)
{
#pragma omp parallel
    {
        float *out = tOut;
#pragma omp for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    int c = x + y * nx + z * nx * ny;
                    if (x == 0)
                        c = 0;
                    out[c] += tIn[c];
                }
    }
}
