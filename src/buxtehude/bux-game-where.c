/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" for Buxtehude (issue 15): every checked cross kept as it lay, and its
 * cards at their real places, each cross a group, the wrong ones marked. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bux-game-private.h"
#include "lp-json.h"
#include "lp-place.h"

/* A cross record (self->crosses): int deck indices, the starting card first, then for each arm
 * N, S, W, E its length followed by its cards inner to outer. */

void bux_game_where_note_cross(BuxGame *self)
{
    GArray *record = g_array_new(FALSE, FALSE, sizeof(int));

    g_array_append_val(record, self->start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        int len = self->arms[a]->len;
        g_array_append_val(record, len);
        g_array_append_vals(record, self->arms[a]->data, self->arms[a]->len);
    }
    if (self->crosses == NULL)
        self->crosses = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref);
    g_ptr_array_add(self->crosses, record);
}

/* Unpacks a record into start and arms (arrays that share nothing with the record). */
static int unpack(GArray *record, GArray **arms)
{
    guint pos = 1;

    for (guint a = 0; a < BUX_N_ARMS; a++) {
        int len = bux_int_at(record, pos++);
        arms[a] = g_array_new(FALSE, FALSE, sizeof(int));
        g_array_append_vals(arms[a], &g_array_index(record, int, pos), len);
        pos += len;
    }
    return bux_int_at(record, 0);
}

guint bux_game_where_get_n_crosses(BuxGame *self)
{
    return self->crosses != NULL ? self->crosses->len : 0;
}

/* ---- save and load ---------------------------------------------------------------------- */

JsonNode *bux_game_where_save(BuxGame *self)
{
    JsonArray *crosses = json_array_new();

    for (guint c = 0; c < bux_game_where_get_n_crosses(self); c++) {
        GArray *arms[BUX_N_ARMS];
        int start = unpack(g_ptr_array_index(self->crosses, c), arms);
        JsonObject *cross = json_object_new();
        JsonObject *arm_obj = json_object_new();
        json_object_set_string_member(cross, "start",
                                      bux_deck_get_card(self->deck, start)->id);
        for (guint a = 0; a < BUX_N_ARMS; a++) {
            JsonArray *ids = json_array_new();
            for (guint i = 0; i < arms[a]->len; i++)
                json_array_add_string_element(
                    ids, bux_deck_get_card(self->deck, bux_int_at(arms[a], i))->id);
            json_object_set_array_member(arm_obj, bux_arm_to_string(a), ids);
            g_array_unref(arms[a]);
        }
        json_object_set_object_member(cross, "arms", arm_obj);
        json_array_add_object_element(crosses, cross);
    }
    JsonNode *node = json_node_new(JSON_NODE_ARRAY);
    json_node_take_array(node, crosses);
    return node;
}

static int read_card(BuxGame *self, JsonArray *ids, guint i, guint8 *seen, GError **error)
{
    const char *id;

    if (!lp_json_array_get_string(ids, i, "crosses", &id, error))
        return -1;
    int card = bux_deck_lookup(self->deck, id);
    if (card < 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                    _("“%s” names the card “%s”, which is not in the deck"), "crosses", id);
        return -1;
    }
    if (seen[card]) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("The card “%s” occurs twice (again in “%s”)"), id, "crosses");
        return -1;
    }
    seen[card] = 1;
    return card;
}

gboolean bux_game_where_load(BuxGame *self, JsonObject *state, GError **error)
{
    JsonArray *crosses;

    /* Saves from before issue 15 have no crosses: the map shows nothing of them. */
    if (!json_object_has_member(state, "crosses"))
        return TRUE;
    if (!lp_json_get_array(state, "crosses", &crosses, error))
        return FALSE;
    if (json_array_get_length(crosses) > 3 ||
        json_array_get_length(crosses) > bux_game_get_cross_number(self)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“crosses” holds %u crosses in cross %u"),
                    json_array_get_length(crosses), bux_game_get_cross_number(self));
        return FALSE;
    }

    g_autofree guint8 *seen = g_new0(guint8, bux_deck_get_n_cards(self->deck));
    g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref);
    for (guint c = 0; c < json_array_get_length(crosses); c++) {
        JsonNode *node = json_array_get_element(crosses, c);
        JsonObject *cross, *arms;
        const char *start_id;
        if (!JSON_NODE_HOLDS_OBJECT(node)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("“%s” must hold objects"), "crosses");
            return FALSE;
        }
        cross = json_node_get_object(node);
        if (!lp_json_get_string(cross, "start", &start_id, error) ||
            !lp_json_get_object(cross, "arms", &arms, error))
            return FALSE;
        g_autoptr(JsonArray) start_ids = json_array_new();
        json_array_add_string_element(start_ids, start_id);
        int start = read_card(self, start_ids, 0, seen, error);
        if (start < 0)
            return FALSE;
        GArray *record = g_array_new(FALSE, FALSE, sizeof(int));
        g_ptr_array_add(records, record);
        g_array_append_val(record, start);
        for (guint a = 0; a < BUX_N_ARMS; a++) {
            JsonArray *ids;
            if (!lp_json_get_array(arms, bux_arm_to_string(a), &ids, error))
                return FALSE;
            int len = json_array_get_length(ids);
            if (len > BUX_PLACE_CARDS) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            _("An arm of “%s” is longer than the stack"), "crosses");
                return FALSE;
            }
            g_array_append_val(record, len);
            for (int i = 0; i < len; i++) {
                int card = read_card(self, ids, i, seen, error);
                if (card < 0)
                    return FALSE;
                g_array_append_val(record, card);
            }
        }
    }
    g_clear_pointer(&self->crosses, g_ptr_array_unref);
    if (records->len > 0)
        self->crosses = g_steal_pointer(&records);
    return TRUE;
}

/* ---- the places ------------------------------------------------------------------------- */

static char *group_digits(gint64 value)
{
    g_autofree char *digits = g_strdup_printf("%" G_GINT64_FORMAT, value);
    const char *sep = bux_ui_is_german() ? "." : ",";
    GString *out = g_string_new(NULL);
    gsize len = strlen(digits);

    for (gsize i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            g_string_append(out, sep);
        g_string_append_c(out, digits[i]);
    }
    return g_string_free(out, FALSE);
}

/* What the back of the card says: coordinates, then population and area, or the landmark's
 * description. */
char *bux_card_where_facts(const BuxCard *card)
{
    g_autofree char *lat = bux_format_latitude(card->lat);
    g_autofree char *lon = bux_format_longitude(card->lon);

    if (card->kind == BUX_CARD_LANDMARK)
        return g_strdup_printf("%s, %s\n%s", lat, lon, bux_card_get_description(card));
    g_autofree char *pop = group_digits(card->population);
    g_autofree char *area = g_strdup_printf("%.1f", card->area_km2);
    if (bux_ui_is_german())
        g_strdelimit(area, ".", ',');
    /* The same words as the back of the card (bux-card-text.c). */
    g_autofree char *figures = g_strdup_printf(ngettext("%s inhabitant · %s km²",
                                                        "%s inhabitants · %s km²",
                                                        card->population),
                                               pop, area);
    return g_strdup_printf("%s, %s\n%s", lat, lon, figures);
}

static void add_card(BuxGame *self, LpPlaceList *list, int card, guint group, LpPlaceState state)
{
    const BuxCard *c = bux_deck_get_card(self->deck, card);
    LpPlace *place = lp_place_list_add(list, bux_card_get_name(c), c->lat, c->lon, group, state);
    g_autofree char *facts = bux_card_where_facts(c);

    lp_place_set_facts(place, facts);
}

LpPlaceList *bux_game_where_places(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    LpPlaceList *list = lp_place_list_new();
    guint n_cards = bux_deck_get_n_cards(self->deck);
    g_autofree double *lat = g_new(double, n_cards);
    g_autofree double *lon = g_new(double, n_cards);

    for (guint i = 0; i < n_cards; i++) {
        lat[i] = bux_deck_get_card(self->deck, i)->lat;
        lon[i] = bux_deck_get_card(self->deck, i)->lon;
    }
    for (guint c = 0; c < bux_game_where_get_n_crosses(self); c++) {
        GArray *arms[BUX_N_ARMS];
        int start = unpack(g_ptr_array_index(self->crosses, c), arms);
        g_autoptr(GArray) wrong = g_array_new(FALSE, FALSE, sizeof(int));
        /* RULES.md: Intermezzo, the same check the scoring ran. */
        bux_check_cross(lat, lon, start, arms, wrong, NULL);
        g_autofree char *name = g_strdup_printf(_("Cross %u"), c + 1);
        guint group = lp_place_list_add_group(list, name, NULL);

        add_card(self, list, start, group, LP_PLACE_NEUTRAL);
        for (guint a = 0; a < BUX_N_ARMS; a++) {
            for (guint i = 0; i < arms[a]->len; i++) {
                int card = bux_int_at(arms[a], i);
                gboolean is_wrong = FALSE;
                for (guint w = 0; w < wrong->len && !is_wrong; w++)
                    is_wrong = bux_int_at(wrong, w) == card;
                add_card(self, list, card, group, is_wrong ? LP_PLACE_WRONG : LP_PLACE_RIGHT);
            }
            g_array_unref(arms[a]);
        }
    }
    if (bux_game_where_get_n_crosses(self) == 0)
        lp_place_list_set_note(list, _("No cross has been checked yet, so there is nothing to "
                                       "show on the map."));
    return list;
}
