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

/* The same cipher, reference and picture as samples/aes/aes.c. */
/* FIPS-197 Appendix C.1: key, plaintext (here: the first counter block), cipher text. */
static const unsigned char fips_key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                           0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
#define FIPS_PLAIN_HI 0x0011223344556677ULL
#define FIPS_PLAIN_LO 0x8899aabbccddeeffULL
static const unsigned char fips_cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                              0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

static const unsigned char sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

static unsigned char xtime(unsigned char x)
{
    return (unsigned char)((x << 1) ^ ((x >> 7) * 0x1b));
}

/* The 11 round keys (FIPS-197 5.2): rk[16 i .. 16 i + 15] is the key of round i. */
static void expand_key(const unsigned char key[16], unsigned char rk[176])
{
    unsigned char rcon = 1;
    memcpy(rk, key, 16);
    for (int i = 16; i < 176; i += 4) {
        unsigned char t[4] = {rk[i - 4], rk[i - 3], rk[i - 2], rk[i - 1]};
        if (i % 16 == 0) { /* RotWord, SubWord, Rcon */
            unsigned char t0 = t[0];
            t[0] = sbox[t[1]] ^ rcon;
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[t0];
            rcon = xtime(rcon);
        }
        for (int j = 0; j < 4; j++)
            rk[i + j] = rk[i - 16 + j] ^ t[j];
    }
}

/* SubBytes and ShiftRows; state[r + 4c] is row r, column c (FIPS-197 3.4). */
static void sub_shift(unsigned char *s)
{
    unsigned char t[16];
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            t[r + 4 * c] = sbox[s[r + 4 * ((c + r) & 3)]];
    memcpy(s, t, 16);
}

static void mix_columns(unsigned char *s)
{
    for (int c = 0; c < 4; c++) {
        unsigned char *a = s + 4 * c, a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        unsigned char all = a0 ^ a1 ^ a2 ^ a3;
        a[0] = a0 ^ all ^ xtime(a0 ^ a1); /* 2a0 + 3a1 + a2 + a3 */
        a[1] = a1 ^ all ^ xtime(a1 ^ a2);
        a[2] = a2 ^ all ^ xtime(a2 ^ a3);
        a[3] = a3 ^ all ^ xtime(a3 ^ a0);
    }
}

static void encrypt_block(const unsigned char *rk, const unsigned char in[16], unsigned char out[16])
{
    unsigned char s[16];
    for (int i = 0; i < 16; i++)
        s[i] = in[i] ^ rk[i];
    for (int round = 1; round <= 10; round++) {
        sub_shift(s);
        if (round < 10)
            mix_columns(s);
        for (int i = 0; i < 16; i++)
            s[i] ^= rk[16 * round + i];
    }
    memcpy(out, s, 16);
}

/* The counter block (iv_hi, iv_lo) + i, big-endian. */
static void counter_block(uint64_t iv_hi, uint64_t iv_lo, uint64_t i, unsigned char ctr[16])
{
    uint64_t lo = iv_lo + i, hi = iv_hi + (lo < iv_lo);
    for (int b = 0; b < 8; b++) {
        ctr[b] = (unsigned char)(hi >> (56 - 8 * b));
        ctr[8 + b] = (unsigned char)(lo >> (56 - 8 * b));
    }
}

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
