#define _POSIX_C_SOURCE 200809L
#include "sm3_ref.h"

#include <string.h>

const uint32_t SM3_IV[8] = {0x7380166Fu, 0x4914B2B9u, 0x172442D7u, 0xDA8A0600u,
                            0xA96F30BCu, 0x163138AAu, 0xE38DEE4Du, 0xB0FB0E4Eu};

/* T_j <<< (j mod 32): 0x79CC4519 for j < 16, 0x7A879D8A after. Written out
 * so that no code runs before the first use. */
const uint32_t SM3_ROTATED_T[64] = {
    0x79CC4519u, 0xF3988A32u, 0xE7311465u, 0xCE6228CBu, 0x9CC45197u, 0x3988A32Fu, 0x7311465Eu,
    0xE6228CBCu, 0xCC451979u, 0x988A32F3u, 0x311465E7u, 0x6228CBCEu, 0xC451979Cu, 0x88A32F39u,
    0x11465E73u, 0x228CBCE6u, 0x9D8A7A87u, 0x3B14F50Fu, 0x7629EA1Eu, 0xEC53D43Cu, 0xD8A7A879u,
    0xB14F50F3u, 0x629EA1E7u, 0xC53D43CEu, 0x8A7A879Du, 0x14F50F3Bu, 0x29EA1E76u, 0x53D43CECu,
    0xA7A879D8u, 0x4F50F3B1u, 0x9EA1E762u, 0x3D43CEC5u, 0x7A879D8Au, 0xF50F3B14u, 0xEA1E7629u,
    0xD43CEC53u, 0xA879D8A7u, 0x50F3B14Fu, 0xA1E7629Eu, 0x43CEC53Du, 0x879D8A7Au, 0x0F3B14F5u,
    0x1E7629EAu, 0x3CEC53D4u, 0x79D8A7A8u, 0xF3B14F50u, 0xE7629EA1u, 0xCEC53D43u, 0x9D8A7A87u,
    0x3B14F50Fu, 0x7629EA1Eu, 0xEC53D43Cu, 0xD8A7A879u, 0xB14F50F3u, 0x629EA1E7u, 0xC53D43CEu,
    0x8A7A879Du, 0x14F50F3Bu, 0x29EA1E76u, 0x53D43CECu, 0xA7A879D8u, 0x4F50F3B1u, 0x9EA1E762u,
    0x3D43CEC5u};

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define P0(x) ((x) ^ ROTL32((x), 9) ^ ROTL32((x), 17))
#define P1(x) ((x) ^ ROTL32((x), 15) ^ ROTL32((x), 23))

static uint32_t load_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

void sm3_compress(uint32_t state[8], const unsigned char block[SM3_BLOCK_BYTES])
{
    uint32_t w[68];
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    int j;
    for (j = 0; j < 16; j++) {
        w[j] = load_be32(block + 4 * j);
    }
    for (j = 16; j < 68; j++) {
        uint32_t x = w[j - 16] ^ w[j - 9] ^ ROTL32(w[j - 3], 15);
        w[j] = P1(x) ^ ROTL32(w[j - 13], 7) ^ w[j - 6];
    }
    for (j = 0; j < 64; j++) {
        uint32_t a12 = ROTL32(a, 12);
        uint32_t ss1 = a12 + e + SM3_ROTATED_T[j];
        uint32_t tt1;
        uint32_t tt2;
        ss1 = ROTL32(ss1, 7);
        if (j < 16) {
            tt1 = (a ^ b ^ c) + d + (ss1 ^ a12) + (w[j] ^ w[j + 4]);
            tt2 = (e ^ f ^ g) + h + ss1 + w[j];
        } else {
            tt1 = ((a & b) | (a & c) | (b & c)) + d + (ss1 ^ a12) + (w[j] ^ w[j + 4]);
            tt2 = ((e & f) | (~e & g)) + h + ss1 + w[j];
        }
        d = c;
        c = ROTL32(b, 9);
        b = a;
        a = tt1;
        h = g;
        g = ROTL32(f, 19);
        f = e;
        e = P0(tt2);
    }
    state[0] ^= a;
    state[1] ^= b;
    state[2] ^= c;
    state[3] ^= d;
    state[4] ^= e;
    state[5] ^= f;
    state[6] ^= g;
    state[7] ^= h;
}

void sm3_init(sm3_ctx *ctx)
{
    memcpy(ctx->state, SM3_IV, sizeof ctx->state);
    ctx->total_bytes = 0;
    ctx->used_bytes = 0;
}

void sm3_update(sm3_ctx *ctx, const unsigned char *data, size_t n_bytes)
{
    if (n_bytes == 0) {
        return;
    }
    ctx->total_bytes += n_bytes;
    if (ctx->used_bytes > 0) {
        size_t take = SM3_BLOCK_BYTES - ctx->used_bytes;
        if (take > n_bytes) {
            take = n_bytes;
        }
        memcpy(ctx->block + ctx->used_bytes, data, take);
        ctx->used_bytes += take;
        data += take;
        n_bytes -= take;
        if (ctx->used_bytes < SM3_BLOCK_BYTES) {
            return;
        }
        sm3_compress(ctx->state, ctx->block);
        ctx->used_bytes = 0;
    }
    for (; n_bytes >= SM3_BLOCK_BYTES; n_bytes -= SM3_BLOCK_BYTES, data += SM3_BLOCK_BYTES) {
        sm3_compress(ctx->state, data);
    }
    if (n_bytes > 0) {
        memcpy(ctx->block, data, n_bytes);
        ctx->used_bytes = n_bytes;
    }
}

void sm3_final(sm3_ctx *ctx, unsigned char digest[SM3_DIGEST_BYTES])
{
    uint64_t bits = ctx->total_bytes * 8;
    int i;
    ctx->block[ctx->used_bytes++] = 0x80;
    if (ctx->used_bytes > SM3_BLOCK_BYTES - 8) {
        memset(ctx->block + ctx->used_bytes, 0, SM3_BLOCK_BYTES - ctx->used_bytes);
        sm3_compress(ctx->state, ctx->block);
        ctx->used_bytes = 0;
    }
    memset(ctx->block + ctx->used_bytes, 0, SM3_BLOCK_BYTES - 8 - ctx->used_bytes);
    for (i = 0; i < 8; i++) {
        ctx->block[SM3_BLOCK_BYTES - 1 - i] = (unsigned char)(bits >> (8 * i));
    }
    sm3_compress(ctx->state, ctx->block);
    for (i = 0; i < 8; i++) {
        store_be32(digest + 4 * i, ctx->state[i]);
    }
}

void sm3_digest(const unsigned char *data, size_t n_bytes, unsigned char digest[SM3_DIGEST_BYTES])
{
    sm3_ctx ctx;
    sm3_init(&ctx);
    sm3_update(&ctx, data, n_bytes);
    sm3_final(&ctx, digest);
}
