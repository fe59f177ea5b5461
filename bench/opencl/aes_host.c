/*
 * aes_host.c - the hand-written OpenCL host program for samples/aes: same kernel, key,
 * counter, picture and checks.  The round keys and the picture go to the device once,
 * one launch encrypts every block and one decrypts them, cipher text and decrypted
 * picture come back once.
 *
 *   usage: aes_host [BYTES [CHUNK]]   (CHUNK accepted, unused: one launch per direction)
 */
#include <stdint.h>
#include "clhost.h"

#ifndef SAMPLES_DIR
#define SAMPLES_DIR "samples"
#endif

/* The same cipher and reference as samples/aes/aes.c (shared header), and its picture. */
#include "../../samples/aes/aes_ref.h"

/* An RGBA picture: gradients and a disc, so the plain text is far from random. */
static void make_picture(unsigned char *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++) {
        size_t px = i / 4, x = px % 1920, y = px / 1920;
        long dx = (long)x - 960, dy = (long)y - 540;
        int in_disc = dx * dx + dy * dy < 300L * 300L;
        p[i] = (unsigned char)(i % 4 == 3 ? 255 : in_disc ? 200 + i % 4 : (x + y * (i % 4)) & 0xff);
    }
}

/* Does the reference cipher agree with FIPS-197 C.1? */
static int reference_matches_fips(const unsigned char *rk)
{
    unsigned char ctr[16], out[16];
    counter_block(FIPS_PLAIN_HI, FIPS_PLAIN_LO, 0, ctr);
    encrypt_block(rk, ctr, out);
    return memcmp(out, fips_cipher, 16) == 0;
}

static void set_args(cl_kernel k, int nb, cl_mem *rk, cl_mem *in, cl_mem *out)
{
    uint64_t hi = FIPS_PLAIN_HI, lo = FIPS_PLAIN_LO;
    clh_arg(k, 0, sizeof nb, &nb);
    clh_arg(k, 1, sizeof hi, &hi);
    clh_arg(k, 2, sizeof lo, &lo);
    clh_arg(k, 3, sizeof *rk, rk);
    clh_arg(k, 4, sizeof *in, in);
    clh_arg(k, 5, sizeof *out, out);
}

int main(int argc, char **argv)
{
    long bytes = argc > 1 ? atol(argv[1]) : 1920L * 1080 * 4;
    if (bytes < 16 || bytes % 16 || bytes / 16 > 1L << 30) {
        fprintf(stderr, "usage: %s [BYTES [CHUNK]]  (multiples of 16)\n", argv[0]);
        return 2;
    }
    unsigned char rk[176];
    unsigned char *plain = malloc(bytes), *cipher = malloc(bytes), *back = malloc(bytes);
    unsigned char *ref = malloc(bytes);
    if (!plain || !cipher || !back || !ref)
        clh_die("out of memory for %ld bytes", bytes);
    expand_key(fips_key, rk);
    make_picture(plain, bytes);

    /* Timed from before the OpenCL set-up: nanort does the same set-up (devices,
     * context, program build) inside the sample's timed region, at its first task. */
    double t0 = clh_now();
    struct clhost cl;
    clh_init(&cl, SAMPLES_DIR "/aes/aes.cl", NULL);
    cl_kernel enc = clh_kernel(&cl, "aes_ctr_ocl"), dec = clh_kernel(&cl, "aes_ctr_ocl");
    cl_mem drk = clh_buffer(&cl, CL_MEM_READ_ONLY, sizeof rk);
    cl_mem dplain = clh_buffer(&cl, CL_MEM_READ_ONLY, bytes);
    cl_mem dcipher = clh_buffer(&cl, CL_MEM_READ_WRITE, bytes);
    cl_mem dback = clh_buffer(&cl, CL_MEM_WRITE_ONLY, bytes);

    clh_write(&cl, drk, 0, sizeof rk, rk);
    clh_write(&cl, dplain, 0, bytes, plain);
    int nb = (int)(bytes / 16);
    set_args(enc, nb, &drk, &dplain, &dcipher);
    set_args(dec, nb, &drk, &dcipher, &dback);
    size_t global = nb, local = 64;
    clh_launch(&cl, enc, 1, &global, &local);
    clh_launch(&cl, dec, 1, &global, &local);
    clh_read(&cl, dcipher, 0, bytes, cipher);
    clh_read(&cl, dback, 0, bytes, back);
    clh_finish(&cl);
    double secs = clh_now() - t0;

    int fips_ok = reference_matches_fips(rk), first_ok = 1;
    for (int b = 0; b < 16; b++)
        first_ok &= (cipher[b] ^ plain[b]) == fips_cipher[b];
    for (long i = 0; i < bytes / 16; i++) {
        unsigned char ctr[16], ks[16];
        counter_block(FIPS_PLAIN_HI, FIPS_PLAIN_LO, (uint64_t)i, ctr);
        encrypt_block(rk, ctr, ks);
        for (int b = 0; b < 16; b++)
            ref[16 * i + b] = plain[16 * i + b] ^ ks[b];
    }
    int cipher_ok = memcmp(cipher, ref, bytes) == 0, back_ok = memcmp(back, plain, bytes) == 0;
    printf("aes_host: AES-128 CTR of %ld bytes, one launch per direction\n", bytes);
    printf("time: %.6f s (%.1f MB/s encrypted and decrypted)\n", secs, 2 * bytes / secs * 1e-6);
    clh_report(&cl);
    int ok = fips_ok && first_ok && cipher_ok && back_ok;
    printf("result: %s (FIPS-197 vector: reference %s, kernel %s; cipher text %s; decryption %s)\n",
           ok ? "OK" : "FAILED", fips_ok ? "ok" : "WRONG", first_ok ? "ok" : "WRONG",
           cipher_ok ? "matches the reference" : "DIFFERS from the reference",
           back_ok ? "gives the picture back" : "DOES NOT give the picture back");
    cl_mem all[] = {drk, dplain, dcipher, dback};
    for (int i = 0; i < 4; i++)
        clReleaseMemObject(all[i]);
    clReleaseKernel(enc);
    clReleaseKernel(dec);
    clh_release(&cl);
    free(plain);
    free(cipher);
    free(back);
    free(ref);
    return ok ? 0 : 1;
}
