/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "turned" member of an Auf Achse save: the cards of the last resolution of the counter
 * pile, whose each was and what it did, so that a continued game explains a pending prompt
 * ("Free passage: add 1 more card") as it did before it was closed (issue 36). */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-game-private.h"
#include "lp-json.h"

/* Far beyond any counter: six −50 cards, every kilometre card. */
#define TOTAL_MIN -1000
#define TOTAL_MAX 2000

/* {"stale": false, "cards": [{"card": 17, "owner": 2, "total": 140, "lost": [-1, 33, -1]}]}:
 * an object, not a list per seat, so that nobody takes it for something a seat holds (the
 * e2e tests watch those lists while a person is away). */
JsonNode *aa_game_save_turned(AaGame *self)
{
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "stale");
    json_builder_add_boolean_value(b, self->turned_stale);
    json_builder_set_member_name(b, "cards");
    json_builder_begin_array(b);
    for (guint i = 0; i < self->turned->len; i++) {
        AaTurned *t = &g_array_index(self->turned, AaTurned, i);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "card");
        json_builder_add_int_value(b, t->card);
        json_builder_set_member_name(b, "owner");
        json_builder_add_int_value(b, t->owner);
        json_builder_set_member_name(b, "total");
        json_builder_add_int_value(b, t->total);
        json_builder_set_member_name(b, "lost");
        json_builder_begin_array(b);
        for (guint s = 0; s < self->n; s++)
            json_builder_add_int_value(b, t->lost[s] == AA_TURNED_NONE ? -1 : t->lost[s]);
        json_builder_end_array(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

static gboolean read_entry(AaGame *self, JsonNode *node, AaTurned *out, GError **error)
{
    gint64 card, owner, total;
    JsonArray *lost;
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                            /* Translators: a damaged save; “turned” is the member's name. */
                            _("every card of “turned” must be an object"));
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(node);
    if (!lp_json_get_int(obj, "card", 0, AA_N_CARDS - 1, &card, error) ||
        !lp_json_get_int(obj, "owner", 0, self->n - 1, &owner, error) ||
        !lp_json_get_int(obj, "total", TOTAL_MIN, TOTAL_MAX, &total, error) ||
        !lp_json_get_array(obj, "lost", &lost, error))
        return FALSE;
    if (json_array_get_length(lost) != self->n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“lost” must hold one card or −1 per player (%u)"), self->n);
        return FALSE;
    }
    out->card = card;
    out->owner = owner;
    out->total = total;
    for (guint s = 0; s < self->n; s++) {
        gint64 v;
        if (!lp_json_array_get_int(lost, s, "lost", -1, AA_N_CARDS - 1, &v, error))
            return FALSE;
        out->lost[s] = v < 0 ? AA_TURNED_NONE : (guint8)v;
    }
    return TRUE;
}

gboolean aa_game_load_turned(AaGame *self, JsonObject *state, GError **error)
{
    JsonObject *turned;
    JsonArray *cards;
    gboolean stale;

    g_array_set_size(self->turned, 0);
    self->turned_stale = TRUE;
    if (!json_object_has_member(state, "turned"))
        return TRUE; /* a save from before issue 36: the log starts with the next pile */
    if (!lp_json_get_object(state, "turned", &turned, error) ||
        !lp_json_get_bool(turned, "stale", &stale, error) ||
        !lp_json_get_array(turned, "cards", &cards, error))
        return FALSE;
    /* One pile: at most a card per player. */
    if (json_array_get_length(cards) > self->n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“turned” holds more than one card per player (%u)"), self->n);
        return FALSE;
    }
    g_autoptr(GArray) read = g_array_new(FALSE, TRUE, sizeof(AaTurned));
    for (guint i = 0; i < json_array_get_length(cards); i++) {
        AaTurned t = {0};
        if (!read_entry(self, json_array_get_element(cards, i), &t, error))
            return FALSE;
        g_array_append_val(read, t);
    }
    g_array_append_vals(self->turned, read->data, read->len);
    self->turned_stale = stale;
    return TRUE;
}
