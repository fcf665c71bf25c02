/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "state" member of an Auf Achse save: written from the model, read back section by
 * section into a fresh game, then checked as a whole against the rules. */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-game-private.h"
#include "lp-json.h"

/* The best route imaginable: 10 + 20 + … + 120 = 780 km. */
#define AA_MAX_STAGE_SCORE 780

/* ---- save ---- */

JsonArray *aa_cards_to_json(GArray *a)
{
    JsonArray *array = json_array_sized_new(a->len);
    for (guint i = 0; i < a->len; i++)
        json_array_add_int_element(array, aa_cards_at(a, i));
    return array;
}

JsonNode *aa_game_save_state(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "phase", lp_enum_to_nick(AA_TYPE_PHASE, self->phase));
    json_object_set_int_member(obj, "stage", self->stage);
    json_object_set_boolean_member(obj, "announced", self->announced);
    json_object_set_int_member(obj, "start_seat", self->start_seat);
    json_object_set_int_member(obj, "play_index", self->play_index);
    json_object_set_boolean_member(obj, "route_done", self->route_done);
    json_object_set_array_member(obj, "draw", aa_cards_to_json(self->draw));
    json_object_set_array_member(obj, "discard", aa_cards_to_json(self->discard));
    json_object_set_array_member(obj, "pile", aa_cards_to_json(self->pile));
    json_object_set_array_member(obj, "pile_owners", aa_cards_to_json(self->pile_owner));
    json_object_set_array_member(obj, "counter", aa_cards_to_json(self->counter));
    JsonArray *hands = json_array_new();
    JsonArray *routes = json_array_new();
    JsonArray *extra = json_array_new();
    for (guint s = 0; s < self->n; s++) {
        json_array_add_array_element(hands, aa_cards_to_json(self->hands[s]));
        json_array_add_array_element(routes, aa_cards_to_json(self->routes[s]));
        json_array_add_int_element(extra, self->extra_left[s]);
    }
    json_object_set_array_member(obj, "hands", hands);
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "extra_left", extra);
    aa_game_save_open_end(self, obj);
    /* The save's alone: a view leaves the log of turned cards out (issue 31 follow-up). */
    json_object_set_member(obj, "turned", aa_game_save_turned(self));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

void aa_game_save_open_end(AaGame *self, JsonObject *obj)
{
    json_object_set_int_member(obj, "action", self->action);
    json_object_set_int_member(obj, "last_resolved", self->last_resolved);
    JsonArray *scores = json_array_new();
    for (guint i = 0; i < self->n_scored; i++) {
        JsonArray *row = json_array_new();
        for (guint s = 0; s < self->n; s++)
            json_array_add_int_element(row, self->scores[i][s]);
        json_array_add_array_element(scores, row);
    }
    json_object_set_array_member(obj, "scores", scores);
    json_object_set_member(obj, "figures", aa_game_save_longest(self));
}

/* ---- load: one reader per section ---- */

gboolean aa_cards_from_json(JsonObject *obj, const char *member, GArray *out, GError **error)
{
    JsonArray *array;
    return lp_json_get_array(obj, member, &array, error) &&
           aa_cards_from_array(array, member, out, error);
}

gboolean aa_cards_from_array(JsonArray *array, const char *member, GArray *out, GError **error)
{
    if (json_array_get_length(array) > AA_N_CARDS) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“%s” holds more than %d cards"), member, AA_N_CARDS);
        return FALSE;
    }
    for (guint i = 0; i < json_array_get_length(array); i++) {
        gint64 id;
        if (!lp_json_array_get_int(array, i, member, 0, AA_N_CARDS - 1, &id, error)) {
            if (error != NULL && *error != NULL)
                (*error)->code = LP_SAVE_ERROR_UNKNOWN_CARD;
            return FALSE;
        }
        aa_cards_push(out, (guint8)id);
    }
    return TRUE;
}

static gboolean read_seat_cards(JsonObject *obj, const char *member, guint n, GArray **out,
                                GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    if (json_array_get_length(array) != n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“%s” must hold one list per player (%u), not %u"), member, n,
                    json_array_get_length(array));
        return FALSE;
    }
    for (guint s = 0; s < n; s++) {
        JsonNode *node = json_array_get_element(array, s);
        if (!JSON_NODE_HOLDS_ARRAY(node)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("entry %u of “%s” must be a list of cards"), s + 1, member);
            return FALSE;
        }
        g_autoptr(JsonObject) wrap = json_object_new();
        json_object_set_member(wrap, member, json_node_copy(node));
        g_autoptr(GError) local = NULL;
        if (!aa_cards_from_json(wrap, member, out[s], &local)) {
            /* Translators: a save-file problem, then the seat it concerns. */
            g_set_error(error, LP_SAVE_ERROR, local->code, _("%s (player %u)"), local->message,
                        s + 1);
            return FALSE;
        }
    }
    return TRUE;
}

/* Where the game stands: phase, stage, whose turn, the +1/+2 in effect. */
gboolean aa_game_read_progress(AaGame *self, JsonObject *obj, GError **error)
{
    int phase;
    gint64 stage, start, play_index, action, last;
    gboolean announced, route_done;
    if (!lp_json_get_enum(obj, "phase", AA_TYPE_PHASE, &phase, error) ||
        !lp_json_get_int(obj, "stage", 1, AA_N_STAGES, &stage, error) ||
        !lp_json_get_bool(obj, "announced", &announced, error) ||
        !lp_json_get_int(obj, "start_seat", 0, self->n - 1, &start, error) ||
        !lp_json_get_int(obj, "play_index", 0, self->n, &play_index, error) ||
        !lp_json_get_bool(obj, "route_done", &route_done, error) ||
        !lp_json_get_int(obj, "action", -1, AA_N_CARDS - 1, &action, error) ||
        !lp_json_get_int(obj, "last_resolved", -1, AA_N_CARDS - 1, &last, error))
        return FALSE;
    self->phase = phase;
    self->stage = stage;
    self->announced = announced;
    self->start_seat = start;
    self->play_index = play_index;
    self->route_done = route_done;
    self->action = action;
    self->last_resolved = last;
    return TRUE;
}

/* Every place a card can lie; whether each card lies in exactly one is the check's part. */
static gboolean read_card_places(AaGame *self, JsonObject *obj, GError **error)
{
    if (!aa_cards_from_json(obj, "draw", self->draw, error) ||
        !aa_cards_from_json(obj, "discard", self->discard, error) ||
        !aa_cards_from_json(obj, "pile", self->pile, error) ||
        !aa_cards_from_json(obj, "counter", self->counter, error) ||
        !read_seat_cards(obj, "hands", self->n, self->hands, error) ||
        !read_seat_cards(obj, "routes", self->n, self->routes, error))
        return FALSE;
    for (guint s = 0; s < self->n; s++)
        g_array_sort(self->hands[s], aa_cards_compare);
    return TRUE;
}

/* Who put each card of the counter pile (read after the pile). */
gboolean aa_game_read_pile_owners(AaGame *self, JsonObject *obj, GError **error)
{
    JsonArray *owners;
    if (!lp_json_get_array(obj, "pile_owners", &owners, error))
        return FALSE;
    if (json_array_get_length(owners) != self->pile->len) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s",
                    _("“pile_owners” must name one player per card of “pile”"));
        return FALSE;
    }
    for (guint i = 0; i < self->pile->len; i++) {
        gint64 seat;
        if (!lp_json_array_get_int(owners, i, "pile_owners", 0, self->n - 1, &seat, error))
            return FALSE;
        aa_cards_push(self->pile_owner, (guint8)seat);
    }
    return TRUE;
}

gboolean aa_game_read_extra_left(AaGame *self, JsonObject *obj, GError **error)
{
    JsonArray *extra;
    if (!lp_json_get_array(obj, "extra_left", &extra, error))
        return FALSE;
    if (json_array_get_length(extra) != self->n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“extra_left” must hold one number per player (%u)"), self->n);
        return FALSE;
    }
    for (guint s = 0; s < self->n; s++) {
        gint64 v;
        if (!lp_json_array_get_int(extra, s, "extra_left", 0, 2, &v, error))
            return FALSE;
        self->extra_left[s] = v;
    }
    return TRUE;
}

/* The kilometres of each scored stage, one row per stage. */
gboolean aa_game_read_scores(AaGame *self, JsonObject *obj, GError **error)
{
    JsonArray *scores;
    if (!lp_json_get_array(obj, "scores", &scores, error))
        return FALSE;
    self->n_scored = json_array_get_length(scores);
    if (self->n_scored > AA_N_STAGES) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s",
                    _("“scores” holds more than five stages"));
        return FALSE;
    }
    for (guint i = 0; i < self->n_scored; i++) {
        JsonNode *row = json_array_get_element(scores, i);
        if (!JSON_NODE_HOLDS_ARRAY(row) ||
            json_array_get_length(json_node_get_array(row)) != self->n) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("stage %u of “scores” must hold one number per player"), i + 1);
            return FALSE;
        }
        for (guint s = 0; s < self->n; s++) {
            gint64 v;
            if (!lp_json_array_get_int(json_node_get_array(row), s, "scores", 0,
                                       AA_MAX_STAGE_SCORE, &v, error))
                return FALSE;
            self->scores[i][s] = v;
        }
    }
    return TRUE;
}

JsonObject *aa_game_state_object(AaGame *self, JsonNode *state, GError **error)
{
    self->n = lp_game_get_n_players(LP_GAME(self));
    if (self->n < AA_MIN_PLAYERS || self->n > AA_MAX_PLAYERS) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("Auf Achse needs 2 to 5 players, the save has %u"), self->n);
        return NULL;
    }
    if (state == NULL || !JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                    _("“state” must be an object"));
        return NULL;
    }
    return json_node_get_object(state);
}

gboolean aa_game_load_state(LpGame *game, JsonNode *state, GError **error)
{
    AaGame *self = AA_GAME(game);
    aa_game_follow_undo(self);
    JsonObject *obj = aa_game_state_object(self, state, error);
    return obj != NULL && aa_game_read_progress(self, obj, error) && read_card_places(self, obj, error) &&
           aa_game_read_pile_owners(self, obj, error) && aa_game_read_extra_left(self, obj, error) &&
           aa_game_read_scores(self, obj, error) && aa_game_check(self, error) &&
           aa_game_load_longest(self, obj, error) && aa_game_load_turned(self, obj, error);
}
