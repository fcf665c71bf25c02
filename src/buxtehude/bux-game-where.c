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
 * N, S, W, E its length followed by its cards inner to outer, then the number of cards that
 * were rightly challenged out of it followed by those cards. */

void bux_game_where_note_challenged(BuxGame *self, int card)
{
    if (self->challenged == NULL)
        self->challenged = g_array_new(FALSE, FALSE, sizeof(int));
    g_array_append_val(self->challenged, card);
}

void bux_game_where_note_cross(BuxGame *self)
{
    GArray *record = g_array_new(FALSE, FALSE, sizeof(int));
    int n_challenged = self->challenged != NULL ? (int) self->challenged->len : 0;

    g_array_append_val(record, self->start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        int len = self->arms[a]->len;
        g_array_append_val(record, len);
        g_array_append_vals(record, self->arms[a]->data, self->arms[a]->len);
    }
    g_array_append_val(record, n_challenged);
    if (n_challenged > 0)
        g_array_append_vals(record, self->challenged->data, n_challenged);
    g_clear_pointer(&self->challenged, g_array_unref);
    if (self->crosses == NULL)
        self->crosses = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref);
    g_ptr_array_add(self->crosses, record);
}

/* Unpacks a record into start, arms and the challenged cards (arrays that share nothing with
 * the record). */
static int unpack(GArray *record, GArray **arms, GArray **challenged)
{
    guint pos = 1;

    for (guint a = 0; a <= BUX_N_ARMS; a++) {
        int len = bux_int_at(record, pos++);
        GArray *cards = g_array_new(FALSE, FALSE, sizeof(int));
        g_array_append_vals(cards, &g_array_index(record, int, pos), len);
        pos += len;
        if (a < BUX_N_ARMS)
            arms[a] = cards;
        else
            *challenged = cards;
    }
    return bux_int_at(record, 0);
}

static JsonArray *ids_array(BuxGame *self, GArray *cards)
{
    JsonArray *ids = json_array_new();

    for (guint i = 0; cards != NULL && i < cards->len; i++)
        json_array_add_string_element(ids,
                                      bux_deck_get_card(self->deck, bux_int_at(cards, i))->id);
    return ids;
}

guint bux_game_where_get_n_crosses(BuxGame *self)
{
    return self->crosses != NULL ? self->crosses->len : 0;
}

/* ---- save and load ---------------------------------------------------------------------- */

/* {"done": [{"start": id, "arms": {"N": [ids] …}, "challenged": [ids]} …], "challenged":
 * [ids of the running cross]} */
JsonNode *bux_game_where_save(BuxGame *self)
{
    JsonArray *crosses = json_array_new();

    for (guint c = 0; c < bux_game_where_get_n_crosses(self); c++) {
        GArray *arms[BUX_N_ARMS];
        g_autoptr(GArray) challenged = NULL;
        int start = unpack(g_ptr_array_index(self->crosses, c), arms, &challenged);
        JsonObject *cross = json_object_new();
        JsonObject *arm_obj = json_object_new();
        json_object_set_string_member(cross, "start",
                                      bux_deck_get_card(self->deck, start)->id);
        for (guint a = 0; a < BUX_N_ARMS; a++) {
            json_object_set_array_member(arm_obj, bux_arm_to_string(a),
                                         ids_array(self, arms[a]));
            g_array_unref(arms[a]);
        }
        json_object_set_object_member(cross, "arms", arm_obj);
        json_object_set_array_member(cross, "challenged", ids_array(self, challenged));
        json_array_add_object_element(crosses, cross);
    }
    JsonObject *obj = json_object_new();
    json_object_set_array_member(obj, "done", crosses);
    json_object_set_array_member(obj, "challenged", ids_array(self, self->challenged));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

/* Reads an array of card ids into record (after its length) or, with record NULL, into
 * self->challenged. */
static gboolean read_cards(BuxGame *self, JsonArray *ids, GArray *record, guint8 *seen,
                           GError **error);

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
    JsonObject *where;
    JsonArray *crosses, *running = NULL;

    /* Saves from before issue 15 have no crosses: the map shows nothing of them. */
    if (!json_object_has_member(state, "crosses"))
        return TRUE;
    if (!lp_json_get_object(state, "crosses", &where, error) ||
        !lp_json_get_array(where, "done", &crosses, error))
        return FALSE;
    if (json_object_has_member(where, "challenged") &&
        !lp_json_get_array(where, "challenged", &running, error))
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
            if (!read_cards(self, ids, record, seen, error))
                return FALSE;
        }
        JsonArray *challenged = NULL;
        if (json_object_has_member(cross, "challenged") &&
            !lp_json_get_array(cross, "challenged", &challenged, error))
            return FALSE;
        g_autoptr(JsonArray) none = json_array_new();
        if (!read_cards(self, challenged != NULL ? challenged : none, record, seen, error))
            return FALSE;
    }
    g_autoptr(GArray) running_cards = g_array_new(FALSE, FALSE, sizeof(int));
    if (running != NULL && !read_cards(self, running, running_cards, seen, error))
        return FALSE;

    g_clear_pointer(&self->crosses, g_ptr_array_unref);
    if (records->len > 0)
        self->crosses = g_steal_pointer(&records);
    g_clear_pointer(&self->challenged, g_array_unref);
    /* running_cards starts with its length. */
    for (guint i = 1; i < running_cards->len; i++)
        bux_game_where_note_challenged(self, bux_int_at(running_cards, i));
    return TRUE;
}

static gboolean read_cards(BuxGame *self, JsonArray *ids, GArray *record, guint8 *seen,
                           GError **error)
{
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

static LpPlace *add_card(BuxGame *self, LpPlaceList *list, int card, guint group,
                         LpPlaceState state)
{
    const BuxCard *c = bux_deck_get_card(self->deck, card);
    LpPlace *place = lp_place_list_add(list, bux_card_get_name(c), c->lat, c->lon, group, state);
    g_autofree char *facts = bux_card_where_facts(c);

    lp_place_set_facts(place, facts);
    return place;
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
        g_autoptr(GArray) challenged = NULL;
        int start = unpack(g_ptr_array_index(self->crosses, c), arms, &challenged);
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
        /* RULES.md: Challenges — a card rightly challenged left the cross; it was wrong. */
        for (guint i = 0; i < challenged->len; i++) {
            LpPlace *place = add_card(self, list, bux_int_at(challenged, i), group,
                                      LP_PLACE_WRONG);
            /* Translators: a card of a Buxtehude cross that a player rightly called wrong
             * and that left the cross, "Cross 2, challenged". */
            g_autofree char *label = g_strdup_printf(_("%s, challenged"), name);
            lp_place_set_label(place, label);
        }
    }
    if (bux_game_where_get_n_crosses(self) == 0)
        lp_place_list_set_note(list, _("No cross has been checked yet, so there is nothing to "
                                       "show on the map."));
    return list;
}
