/* A toy library of a category of our own, the "fixed-output function" (fof): NOT cryptographic,
 * and not a hash (it has no CryptHash). It exports the output length and one operation:
 *   out[j] = (L + 7*j + in[0] + in[1] + ... + in[L-1]) mod 256,  j < fof_output_bytes() = 16.
 * Built twice: libtoy_fof.so, and libtoy_fof_overflow.so (TOY_FOF_OVERFLOW) that also writes
 * out[16], one byte past the end. Its adapter is toy_fof_adapter.c; native/test/category-driver.test.ts
 * recomputes it in TypeScript. */
#define TOY_FOF_OUTPUT_BYTES 16u

unsigned long long fof_output_bytes(void)
{
    return TOY_FOF_OUTPUT_BYTES;
}

int fof_eval(const unsigned char *in, unsigned long long in_bytes, unsigned char *out)
{
    unsigned sum = (unsigned)(in_bytes & 0xFFu);
    unsigned long long i;
    unsigned j;
    for (i = 0; i < in_bytes; i++) {
        sum = (sum + in[i]) & 0xFFu;
    }
    for (j = 0; j < TOY_FOF_OUTPUT_BYTES; j++) {
        out[j] = (unsigned char)((sum + 7u * j) & 0xFFu);
    }
#ifdef TOY_FOF_OVERFLOW
    out[TOY_FOF_OUTPUT_BYTES] = 0x5A;
#endif
    return 0;
}
