/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xoshiro256** seeded by splitmix64; the four state words save as hex strings because JSON
 * numbers cannot hold 64 bits exactly. */
#include "lp-rng.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "lp-error.h"

struct _LpRng {
    GObject parent_instance;
    LpRngState state;
};

G_DEFINE_FINAL_TYPE(LpRng, lp_rng, G_TYPE_OBJECT)

static void lp_rng_class_init(LpRngClass *klass)
{
}

static void lp_rng_init(LpRng *self)
{
}

static guint64 splitmix64(guint64 *x)
{
    return lp_rng_splitmix64_(x);
}

LpRng *lp_rng_new(guint64 seed)
{
    LpRng *self = g_object_new(LP_TYPE_RNG, NULL);
    lp_rng_state_init(&self->state, seed);
    return self;
}

void lp_rng_reseed(LpRng *self, guint64 seed)
{
    g_return_if_fail(LP_IS_RNG(self));
    lp_rng_state_init(&self->state, seed);
}

LpRng *lp_rng_copy(LpRng *self)
{
    g_return_val_if_fail(LP_IS_RNG(self), NULL);
    LpRng *copy = g_object_new(LP_TYPE_RNG, NULL);
    copy->state = self->state;
    return copy;
}

guint64 lp_rng_next_u64(LpRng *self)
{
    g_return_val_if_fail(LP_IS_RNG(self), 0);
    return lp_rng_state_next_u64(&self->state);
}

guint32 lp_rng_next_u32(LpRng *self)
{
    return (guint32)(lp_rng_next_u64(self) >> 32);
}

int lp_rng_int_range(LpRng *self, int begin, int end)
{
    g_return_val_if_fail(LP_IS_RNG(self), begin);
    return lp_rng_state_int_range(&self->state, begin, end);
}

double lp_rng_double(LpRng *self)
{
    g_return_val_if_fail(LP_IS_RNG(self), 0);
    return lp_rng_state_double(&self->state);
}

double lp_rng_state_gauss(LpRngState *st, double mean, double sd)
{
    double u1 = lp_rng_state_double(st);
    double u2 = lp_rng_state_double(st);
    if (u1 < 1e-300)
        u1 = 1e-300;
    return mean + sd * sqrt(-2.0 * log(u1)) * cos(2.0 * G_PI * u2);
}

double lp_rng_gauss(LpRng *self, double mean, double sd)
{
    g_return_val_if_fail(LP_IS_RNG(self), mean);
    return lp_rng_state_gauss(&self->state, mean, sd);
}

gboolean lp_rng_chance(LpRng *self, double p)
{
    return lp_rng_double(self) < p;
}

void lp_rng_shuffle(LpRng *self, gpointer base, gsize n, gsize elem_size)
{
    g_return_if_fail(LP_IS_RNG(self));
    if (n < 2)
        return;
    guint8 *bytes = base;
    g_autofree guint8 *tmp = g_malloc(elem_size);
    for (gsize i = n - 1; i > 0; i--) {
        gsize j = (gsize)lp_rng_int_range(self, 0, (int)i + 1);
        if (j == i)
            continue;
        memcpy(tmp, bytes + i * elem_size, elem_size);
        memcpy(bytes + i * elem_size, bytes + j * elem_size, elem_size);
        memcpy(bytes + j * elem_size, tmp, elem_size);
    }
}

guint64 lp_rng_derive_seed(guint64 seed, guint64 index)
{
    guint64 x = seed ^ (index * 0xd1b54a32d192ed03ULL);
    splitmix64(&x);
    return splitmix64(&x);
}

JsonNode *lp_rng_to_json(LpRng *self)
{
    g_return_val_if_fail(LP_IS_RNG(self), NULL);
    JsonArray *array = json_array_new();
    for (int i = 0; i < 4; i++) {
        char buf[17];
        g_snprintf(buf, sizeof buf, "%016" G_GINT64_MODIFIER "x", self->state.s[i]);
        json_array_add_string_element(array, buf);
    }
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "algorithm", "xoshiro256**");
    json_object_set_array_member(obj, "state", array);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

LpRng *lp_rng_from_json(JsonNode *node, GError **error)
{
    if (node == NULL || !JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                    _("the random generator state is not an object"));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(node);
    const char *algo = json_object_has_member(obj, "algorithm")
                           ? json_node_get_string(json_object_get_member(obj, "algorithm"))
                           : NULL;
    if (g_strcmp0(algo, "xoshiro256**") != 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                    _("the random generator is of an unknown kind"));
        return NULL;
    }
    JsonNode *state = json_object_get_member(obj, "state");
    if (state == NULL || !JSON_NODE_HOLDS_ARRAY(state) ||
        json_array_get_length(json_node_get_array(state)) != 4) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                    _("the random generator state must be four hexadecimal words"));
        return NULL;
    }
    guint64 s[4];
    gboolean all_zero = TRUE;
    JsonArray *array = json_node_get_array(state);
    for (guint i = 0; i < 4; i++) {
        JsonNode *el = json_array_get_element(array, i);
        const char *hex = JSON_NODE_HOLDS_VALUE(el) && json_node_get_value_type(el) == G_TYPE_STRING
                              ? json_node_get_string(el)
                              : NULL;
        char *end = NULL;
        if (hex != NULL && strlen(hex) == 16)
            s[i] = g_ascii_strtoull(hex, &end, 16);
        if (end == NULL || *end != '\0') {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                        _("the random generator state must be four hexadecimal words"));
            return NULL;
        }
        for (const char *c = hex; *c; c++) {
            if (!g_ascii_isxdigit(*c)) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                            _("the random generator state must be four hexadecimal words"));
                return NULL;
            }
        }
        if (s[i] != 0)
            all_zero = FALSE;
    }
    if (all_zero) {
        /* xoshiro's one forbidden state: it would return zeros forever. */
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG,
                    _("the random generator state is all zeros"));
        return NULL;
    }
    LpRng *self = g_object_new(LP_TYPE_RNG, NULL);
    memcpy(self->state.s, s, sizeof s);
    return self;
}

gboolean lp_rng_equal(LpRng *a, LpRng *b)
{
    g_return_val_if_fail(LP_IS_RNG(a) && LP_IS_RNG(b), FALSE);
    return memcmp(a->state.s, b->state.s, sizeof a->state.s) == 0;
}
