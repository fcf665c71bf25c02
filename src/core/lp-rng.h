/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A seedable random generator (xoshiro256**) whose whole state saves to JSON. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define LP_TYPE_RNG (lp_rng_get_type())
G_DECLARE_FINAL_TYPE(LpRng, lp_rng, LP, RNG, GObject)

LpRng *lp_rng_new(guint64 seed);
LpRng *lp_rng_copy(LpRng *self);
/* The generator as lp_rng_new(seed) makes it, without a new object. */
void lp_rng_reseed(LpRng *self, guint64 seed);
guint64 lp_rng_next_u64(LpRng *self);
guint32 lp_rng_next_u32(LpRng *self);
/* Uniform integer in [begin, end); end must be greater than begin. */
int lp_rng_int_range(LpRng *self, int begin, int end);
/* Uniform double in [0, 1). */
double lp_rng_double(LpRng *self);
/* Normal distribution (Box-Muller, no cached spare so the state stays four words). */
double lp_rng_gauss(LpRng *self, double mean, double sd);
gboolean lp_rng_chance(LpRng *self, double p);
/* Fisher-Yates shuffle of n elements of elem_size bytes each. */
void lp_rng_shuffle(LpRng *self, gpointer base, gsize n, gsize elem_size);
/* A seed for the index-th game of a run seeded with seed (landpartie-sim --games). */
guint64 lp_rng_derive_seed(guint64 seed, guint64 index);

/* The generator's bare state, for a private generator on the stack in a hot loop (no
 * object to allocate): the same sequence as an LpRng made from the same seed. */
typedef struct {
    guint64 s[4];
} LpRngState;

static inline guint64 lp_rng_splitmix64_(guint64 *x)
{
    guint64 z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline guint64 lp_rng_rotl_(guint64 x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline void lp_rng_state_init(LpRngState *st, guint64 seed)
{
    guint64 x = seed;
    for (int i = 0; i < 4; i++)
        st->s[i] = lp_rng_splitmix64_(&x);
}

static inline guint64 lp_rng_state_next_u64(LpRngState *st)
{
    guint64 *s = st->s;
    guint64 result = lp_rng_rotl_(s[1] * 5, 7) * 9;
    guint64 t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = lp_rng_rotl_(s[3], 45);
    return result;
}

/* Uniform integer in [begin, end); end must be greater than begin. */
static inline int lp_rng_state_int_range(LpRngState *st, int begin, int end)
{
    g_return_val_if_fail(end > begin, begin);
    guint64 range = (guint64)((gint64)end - (gint64)begin);
    /* Rejection sampling keeps the distribution exactly uniform. */
    guint64 limit = G_MAXUINT64 - (G_MAXUINT64 % range);
    guint64 v;
    do {
        v = lp_rng_state_next_u64(st);
    } while (v >= limit);
    return (int)((gint64)begin + (gint64)(v % range));
}

static inline double lp_rng_state_double(LpRngState *st)
{
    return (double)(lp_rng_state_next_u64(st) >> 11) * 0x1.0p-53;
}

/* Defined in lp-rng.c (it calls libm). */
double lp_rng_state_gauss(LpRngState *st, double mean, double sd);

static inline gboolean lp_rng_state_chance(LpRngState *st, double p)
{
    return lp_rng_state_double(st) < p;
}

JsonNode *lp_rng_to_json(LpRng *self);
LpRng *lp_rng_from_json(JsonNode *node, GError **error);
gboolean lp_rng_equal(LpRng *a, LpRng *b);

G_END_DECLS
