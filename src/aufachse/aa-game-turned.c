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
    /* Built directly, not with a JsonBuilder: a person's every move saves the game (the undo
     * of issue 33), and the builder was a sixth of a save's cost. */
    JsonArray *cards = json_array_sized_new(self->turned->len);
    for (guint i = 0; i < self->turned->len; i++) {
        AaTurned *t = &g_array_index(self->turned, AaTurned, i);
        JsonObject *entry = json_object_new();
        json_object_set_int_member(entry, "card", t->card);
        json_object_set_int_member(entry, "owner", t->owner);
        json_object_set_int_member(entry, "total", t->total);
        JsonArray *lost = json_array_sized_new(self->n);
        for (guint s = 0; s < self->n; s++)
            json_array_add_int_element(lost, t->lost[s] == AA_TURNED_NONE ? -1 : t->lost[s]);
        json_object_set_array_member(entry, "lost", lost);
        json_array_add_object_element(cards, entry);
    }
    JsonObject *obj = json_object_new();
    json_object_set_boolean_member(obj, "stale", self->turned_stale);
    json_object_set_array_member(obj, "cards", cards);
    JsonNode *node = json_node_init_object(json_node_alloc(), obj);
    json_object_unref(obj);
    return node;
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
