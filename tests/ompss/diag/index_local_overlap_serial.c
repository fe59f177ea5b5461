/* A 3-D stencil's flat index kept in a local, `c = x + y * nx + z * nx;`: planes nx apart
 * where they hold nx * ny elements, so that iterations z and z + 1 write the same elements
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
                    int c;
                    c = x + y * nx + z * nx;
                    out[c] = 0.5f * tIn[c] + out[c];
                }
    }
}
