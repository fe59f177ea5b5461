/*
 * aes.c - AES-128 counter-mode encryption of an image-sized buffer and its decryption,
 * as tasks on chunks of CHUNK bytes, each with an smp (C) and an OpenCL (aes.cl)
 * implementation of the same task.
 *
 *   usage: aes [BYTES [CHUNK]]     (defaults 8294400 = one 1920 x 1080 RGBA frame, 1048576;
 *                                   multiples of 16)
 *   mcc --ompss -O2 aes.c -o aes && NX_ARGS="--smp-workers=2" ./aes
 *
 * The key is FIPS-197's example key and the first counter block its example plaintext,
 * so the first 16 bytes of key stream must be the standard's example ciphertext
 * (Appendix C.1): that checks whichever implementation ran the first chunk.  The whole
 * cipher text is checked against a sequential encryption (itself checked against the
 * standard's vector), and the decryption of each chunk (a task that depends on that
 * chunk's encryption) must give the picture back.  Exit 0 and "result: OK" when right.
 */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

#include "aes_ref.h"

/* nb blocks of in, XORed with the key stream from counter (iv_hi, iv_lo), into out. */
#pragma omp target device(smp) copy_deps
#pragma omp task in([176]rk, [16 * nb]in) out([16 * nb]out)
void aes_ctr(int nb, uint64_t iv_hi, uint64_t iv_lo, const unsigned char *rk,
             const unsigned char *in, unsigned char *out)
{
    for (int i = 0; i < nb; i++) {
        unsigned char ctr[16], ks[16];
        counter_block(iv_hi, iv_lo, (uint64_t)i, ctr);
        encrypt_block(rk, ctr, ks);
        for (int b = 0; b < 16; b++)
            out[16 * i + b] = in[16 * i + b] ^ ks[b];
    }
}

/* The same task as an OpenCL kernel: one work item per block. */
#pragma omp target device(opencl) ndrange(1, nb, 64) file(aes.cl) copy_deps implements(aes_ctr)
#pragma omp task in([176]rk, [16 * nb]in) out([16 * nb]out)
__kernel void aes_ctr_ocl(int nb, uint64_t iv_hi, uint64_t iv_lo, __global const unsigned char *rk,
                          __global const unsigned char *in, __global unsigned char *out);

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

int main(int argc, char **argv)
{
    long bytes = argc > 1 ? atol(argv[1]) : 1920L * 1080 * 4, chunk = argc > 2 ? atol(argv[2]) : 1048576;
    if (bytes < 16 || chunk < 16 || bytes % 16 || chunk % 16 || chunk / 16 > 1L << 30) {
        fprintf(stderr, "usage: %s [BYTES [CHUNK]]  (multiples of 16)\n", argv[0]);
        return 2;
    }
    unsigned char rk[176];
    unsigned char *plain = malloc(bytes), *cipher = malloc(bytes), *back = malloc(bytes);
    unsigned char *ref = malloc(bytes);
    if (!plain || !cipher || !back || !ref) {
        fprintf(stderr, "aes: out of memory for %ld bytes\n", bytes);
        return 2;
    }
    expand_key(fips_key, rk);
    make_picture(plain, bytes);

    double t0 = omp_get_wtime();
    for (long off = 0; off < bytes; off += chunk) {
        int nb = (int)((bytes - off < chunk ? bytes - off : chunk) / 16);
        uint64_t first = (uint64_t)off / 16, lo = FIPS_PLAIN_LO + first;
        uint64_t hi = FIPS_PLAIN_HI + (lo < FIPS_PLAIN_LO);
        aes_ctr(nb, hi, lo, rk, &plain[off], &cipher[off]); /* encrypt */
        aes_ctr(nb, hi, lo, rk, &cipher[off], &back[off]);  /* and decrypt */
    }
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    int fips_ok = reference_matches_fips(rk), first_ok = 1;
    for (int b = 0; b < 16; b++)
        first_ok &= (cipher[b] ^ plain[b]) == fips_cipher[b];
    for (long i = 0; i < bytes / 16; i++) { /* the sequential reference */
        unsigned char ctr[16], ks[16];
        counter_block(FIPS_PLAIN_HI, FIPS_PLAIN_LO, (uint64_t)i, ctr);
        encrypt_block(rk, ctr, ks);
        for (int b = 0; b < 16; b++)
            ref[16 * i + b] = plain[16 * i + b] ^ ks[b];
    }
    int cipher_ok = memcmp(cipher, ref, bytes) == 0, back_ok = memcmp(back, plain, bytes) == 0;
    long ntasks = 2 * ((bytes + chunk - 1) / chunk);
    printf("aes: AES-128 CTR of %ld bytes, chunks of %ld, %ld tasks\n", bytes, chunk, ntasks);
    printf("time: %.6f s (%.1f MB/s encrypted and decrypted)\n", secs, 2 * bytes / secs * 1e-6);
    int ok = fips_ok && first_ok && cipher_ok && back_ok;
    printf("result: %s (FIPS-197 vector: reference %s, tasks %s; cipher text %s; decryption %s)\n",
           ok ? "OK" : "FAILED", fips_ok ? "ok" : "WRONG", first_ok ? "ok" : "WRONG",
           cipher_ok ? "matches the reference" : "DIFFERS from the reference",
           back_ok ? "gives the picture back" : "DOES NOT give the picture back");
    free(plain);
    free(cipher);
    free(back);
    free(ref);
    return ok ? 0 : 1;
}
