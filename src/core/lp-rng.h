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

JsonNode *lp_rng_to_json(LpRng *self);
LpRng *lp_rng_from_json(JsonNode *node, GError **error);
gboolean lp_rng_equal(LpRng *a, LpRng *b);

G_END_DECLS
