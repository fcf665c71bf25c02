/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lp-sha256.h"

#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define LP_SHA256_X86 1
#endif

static const guint32 k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

static inline guint32 rotr(guint32 x, int n)
{
    return (x >> n) | (x << (32 - n));
}

static void compress_c(guint32 h[8], const guint8 block[64])
{
    guint32 w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (guint32)block[4 * i] << 24 | (guint32)block[4 * i + 1] << 16 |
               (guint32)block[4 * i + 2] << 8 | (guint32)block[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        guint32 s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        guint32 s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    guint32 a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        guint32 s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        guint32 ch = (e & f) ^ (~e & g);
        guint32 t1 = hh + s1 + ch + k[i] + w[i];
        guint32 s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        guint32 maj = (a & b) ^ (a & c) ^ (b & c);
        guint32 t2 = s0 + maj;
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

#ifdef LP_SHA256_X86
/* The same rounds with the x86 SHA extensions (Intel's SHA-NI, 2013 on): a decision seed is
 * one block, and this takes a fifth of the time of compress_c. */
__attribute__((target("sha,sse4.1,ssse3"))) static void compress_x86(guint32 h[8],
                                                                     const guint8 block[64])
{
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&h[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&h[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);           /* CDAB */
    state1 = _mm_shuffle_epi32(state1, 0x1B);     /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);  /* CDGH */
    __m128i abef = state0, cdgh = state1;

    __m128i w[16];
    for (int g = 0; g < 16; g++) {
        if (g < 4)
            w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * g)), swap);
        else
            w[g] = _mm_sha256msg2_epu32(
                _mm_add_epi32(_mm_sha256msg1_epu32(w[g - 4], w[g - 3]),
                              _mm_alignr_epi8(w[g - 1], w[g - 2], 4)),
                w[g - 1]);
        __m128i msg = _mm_add_epi32(w[g], _mm_loadu_si128((const __m128i *)&k[4 * g]));
        state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
        msg = _mm_shuffle_epi32(msg, 0x0E);
        state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
    }
    state0 = _mm_add_epi32(state0, abef);
    state1 = _mm_add_epi32(state1, cdgh);

    tmp = _mm_shuffle_epi32(state0, 0x1B);        /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);     /* DCHG */
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);  /* DCBA */
    state1 = _mm_alignr_epi8(state1, tmp, 8);     /* ABEF */
    _mm_storeu_si128((__m128i *)&h[0], state0);
    _mm_storeu_si128((__m128i *)&h[4], state1);
}

static gboolean x86_has_sha(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) || !(c & bit_SSE4_1))
        return FALSE;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}
#endif

static int hardware = -1; /* -1: not looked at yet */

gboolean lp_sha256_use_hardware(gboolean use)
{
#ifdef LP_SHA256_X86
    hardware = use && x86_has_sha();
#else
    hardware = 0;
#endif
    return hardware;
}

static inline void compress(guint32 h[8], const guint8 block[64])
{
#ifdef LP_SHA256_X86
    if (G_UNLIKELY(hardware < 0))
        lp_sha256_use_hardware(TRUE);
    if (hardware) {
        compress_x86(h, block);
        return;
    }
#endif
    compress_c(h, block);
}

void lp_sha256_init(LpSha256 *self)
{
    static const guint32 h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(self->h, h0, sizeof h0);
    self->length = 0;
}

void lp_sha256_update(LpSha256 *self, const void *data, gsize length)
{
    const guint8 *p = data;
    gsize used = self->length % 64;
    self->length += length;
    if (used > 0) {
        gsize take = MIN(length, 64 - used);
        memcpy(self->block + used, p, take);
        p += take;
        length -= take;
        if (used + take < 64)
            return;
        compress(self->h, self->block);
    }
    for (; length >= 64; p += 64, length -= 64)
        compress(self->h, p);
    memcpy(self->block, p, length);
}

void lp_sha256_finish(LpSha256 *self, guint8 digest[32])
{
    guint64 bits = self->length * 8;
    gsize used = self->length % 64;
    self->block[used++] = 0x80;
    if (used > 56) {
        memset(self->block + used, 0, 64 - used);
        compress(self->h, self->block);
        used = 0;
    }
    memset(self->block + used, 0, 56 - used);
    for (int i = 0; i < 8; i++)
        self->block[56 + i] = (guint8)(bits >> (56 - 8 * i));
    compress(self->h, self->block);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (guint8)(self->h[i] >> 24);
        digest[4 * i + 1] = (guint8)(self->h[i] >> 16);
        digest[4 * i + 2] = (guint8)(self->h[i] >> 8);
        digest[4 * i + 3] = (guint8)self->h[i];
    }
}
