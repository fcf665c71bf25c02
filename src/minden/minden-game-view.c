/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finden Sie Minden on several devices (issue 31, DESIGN.md "Several devices"): each seat's
 * view of the table, the mirror built from it, and the actions a remote seat sends
 * (docs/protocol.md, "Deutschland – Finden Sie Minden?").
 *
 * The secrets of the game (RULES.md "Hidden information", the Spielanleitung) and what a
 * view does with each:
 * - The draw pile: which cards lie in it and in which order. Nobody sees it; a view holds
 *   only its count ("draw_count"). Which cards it holds follows from what lies open (every
 *   card in play that is nowhere else), so a mirror fills its pile with those cards in deck
 *   order: the right length, never the real order.
 * - A seat's tip while the seats tip: only that seat sees its stones, the others only that
 *   it has tipped ("tipped"). From the start of the scoring every tip of the round lies open
 *   (minden_game_get_tip), until the round ends.
 * - The solution side of a card before its scoring: a view names cards by id, and
 *   minden_game_get_solutions answers for scored cards only, in a mirror as in the game.
 * - The computer players' lasting beliefs: the save's "ai_seed" never enters a view; a
 *   computer seat's beliefs come from lp_game_computer_salt() of its own mirror.
 * - The game's random generator and the computer players' keys: the core keeps them out of
 *   the "state" member (lp_game_view).
 * Open on the table, so in every view: the options, the round and phase, positions, swap
 * tokens left, the offer, each seat's card of the round (face up in front of it, a card
 * taken with a swap token too), kept cards, the discard pile, the box (cards that were
 * revealed before they were swapped away), the order of choosing and scoring, the final
 * step and the round history (scored tips only). */
#include "minden-game-private.h"

#include <glib/gi18n.h>

#include "lp-json.h"

/* ---- the view --------------------------------------------------------------------------- */

static JsonObject *seat_view(MindenGame *self, int viewer, guint seat)
{
    JsonObject *so = json_object_new();
    json_object_set_int_member(so, "position", minden_game_get_position(self, seat));
    json_object_set_int_member(so, "swaps_left", minden_game_get_swaps_left(self, seat));
    int card = minden_game_get_seat_card(self, seat);
    if (card >= 0)
        json_object_set_string_member(so, "card", _minden_game_card_id(self, (guint) card));
    else
        json_object_set_null_member(so, "card");
    json_object_set_boolean_member(so, "tipped", minden_game_has_tipped(self, seat));
    MindenTip tip;
    /* Hidden from this viewer: no stones, only "tipped". */
    minden_game_get_tip(self, viewer, seat, &tip);
    json_object_set_array_member(so, "tip", _minden_tip_to_json(&tip));
    json_object_set_boolean_member(so, "scored", minden_game_has_scored(self, seat));
    json_object_set_member(so, "kept", _minden_game_ids_node(self,
                                                             minden_game_get_kept(self, seat)));
    return so;
}

/* The history's entries as JSON objects, kept with the game: the history only grows, and a
 * computer player's every decision builds a view (issue 31: the simulator spent a quarter of
 * its time writing the same entries again). Each view gets a new array of the same,
 * never-changed objects. */
static JsonArray *history_view(MindenGame *self)
{
    static GQuark quark;
    if (quark == 0)
        quark = g_quark_from_static_string("minden-view-history");
    GPtrArray *entries = g_object_get_qdata(G_OBJECT(self), quark);
    guint len = minden_game_get_history_length(self);
    if (entries == NULL || entries->len > len) {
        entries = g_ptr_array_new_with_free_func((GDestroyNotify) json_object_unref);
        g_object_set_qdata_full(G_OBJECT(self), quark, entries,
                                (GDestroyNotify) g_ptr_array_unref);
    }
    for (guint i = entries->len; i < len; i++)
        g_ptr_array_add(entries, _minden_scored_tip_to_json(self,
                                                            minden_game_get_history_entry(self,
                                                                                          i)));
    JsonArray *a = json_array_sized_new(len);
    for (guint i = 0; i < len; i++)
        json_array_add_object_element(a, json_object_ref(entries->pdata[i]));
    return a;
}

JsonNode *_minden_game_view_state(LpGame *game, int viewer)
{
    MindenGame *self = MINDEN_GAME(game);
    JsonObject *o = json_object_new();

    json_object_set_boolean_member(o, "purple", minden_game_get_purple(self));
    json_object_set_boolean_member(o, "board_cities_out", self->board_cities_out);
    json_object_set_int_member(o, "round", minden_game_get_round(self));
    json_object_set_string_member(o, "phase",
                                  lp_enum_to_nick(MINDEN_TYPE_PHASE,
                                                  minden_game_get_phase(self)));
    json_object_set_int_member(o, "draw_count", minden_game_get_draw_pile(self)->len);
    json_object_set_member(o, "offer", _minden_game_ids_node(self, minden_game_get_offer(self)));
    json_object_set_member(o, "discard",
                           _minden_game_ids_node(self, minden_game_get_discard_pile(self)));
    json_object_set_member(o, "box", _minden_game_ids_node(self, minden_game_get_box(self)));
    GArray *order = minden_game_get_order(self);
    JsonArray *oa = json_array_new();
    for (guint i = 0; i < order->len; i++)
        json_array_add_int_element(oa, g_array_index(order, guint, i));
    json_object_set_array_member(o, "order", oa);
    json_object_set_int_member(o, "order_done", minden_game_get_order_done(self));
    json_object_set_string_member(o, "final_step",
                                  lp_enum_to_nick(MINDEN_TYPE_FINAL_STEP,
                                                  minden_game_get_final_step(self)));
    JsonArray *seats = json_array_new();
    for (guint i = 0; i < lp_game_get_n_players(game); i++)
        json_array_add_object_element(seats, seat_view(self, viewer, i));
    json_object_set_array_member(o, "seats", seats);
    json_object_set_array_member(o, "history", history_view(self));

    JsonNode *n = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(n, o);
    return n;
}

/* ---- the mirror ------------------------------------------------------------------------- */

/* A mirror is loaded through the save's own reader (_minden_game_load_state), so a view is
 * checked exactly as strictly as a save: the view becomes a save state with the draw pile
 * filled from the cards nobody sees, a stand-in for each hidden tip, and no computer
 * player's seed. */

/* A tip the viewer may not see: minden_game_get_tip never hands it out (only its own seat
 * or the scoring, which shows every tip, would), it only makes minden_game_has_tipped true. */
static const char *const hidden_tip[] = { "W", NULL };

static void copy_member(JsonObject *to, JsonObject *from, const char *member)
{
    JsonNode *n = json_object_get_member(from, member);
    if (n != NULL)
        json_object_set_member(to, member, json_node_copy(n));
}

/* Marks the cards of the array member of obj in seen; ids the deck does not know are left
 * to the save's reader, which names them. */
static void see_ids(MindenGame *self, JsonObject *obj, const char *member, guint8 *seen)
{
    JsonNode *n = json_object_get_member(obj, member);
    if (n == NULL || !JSON_NODE_HOLDS_ARRAY(n))
        return;
    JsonArray *a = json_node_get_array(n);
    for (guint i = 0; i < json_array_get_length(a); i++) {
        JsonNode *e = json_array_get_element(a, i);
        if (JSON_NODE_HOLDS_VALUE(e) && json_node_get_value_type(e) == G_TYPE_STRING) {
            int card = minden_deck_lookup(self->deck, json_node_get_string(e));
            if (card >= 0)
                seen[card] = 1;
        }
    }
}

/* A seat of the view as the save has it: "tipped" and "tip" must agree with what viewer
 * may see in phase; a hidden tip becomes the stand-in. */
static JsonObject *seat_state(JsonNode *sn, guint seat, int viewer, MindenPhase phase,
                              MindenGame *self, guint8 *seen, GError **error)
{
    if (sn == NULL || !JSON_NODE_HOLDS_OBJECT(sn)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("seat %u must be an object"), seat);
        return NULL;
    }
    JsonObject *so = json_node_get_object(sn);
    gboolean tipped = FALSE;
    JsonArray *tip = NULL;
    if (!lp_json_get_bool(so, "tipped", &tipped, error) ||
        !lp_json_get_array(so, "tip", &tip, error))
        return NULL;
    gboolean visible = (viewer >= 0 && (guint) viewer == seat) || phase == MINDEN_PHASE_SCORE;
    gboolean shown = json_array_get_length(tip) > 0;
    if (shown != (tipped && visible)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("seat %u's “tip” does not fit what this view may show"), seat);
        return NULL;
    }
    JsonObject *state = json_object_new();
    copy_member(state, so, "position");
    copy_member(state, so, "swaps_left");
    copy_member(state, so, "card");
    copy_member(state, so, "scored");
    copy_member(state, so, "kept");
    if (tipped && !visible) {
        JsonArray *stand_in = json_array_new();
        for (guint k = 0; hidden_tip[k] != NULL; k++)
            json_array_add_string_element(stand_in, hidden_tip[k]);
        json_object_set_array_member(state, "tip", stand_in);
    } else {
        copy_member(state, so, "tip");
    }
    see_ids(self, so, "kept", seen);
    JsonNode *card = json_object_get_member(so, "card");
    if (card != NULL && JSON_NODE_HOLDS_VALUE(card) &&
        json_node_get_value_type(card) == G_TYPE_STRING) {
        int c = minden_deck_lookup(self->deck, json_node_get_string(card));
        if (c >= 0)
            seen[c] = 1;
    }
    return state;
}

/* The members of the view that are not the save's, read first: the options (which cards are
 * in play), the phase (which tips show) and the count of the draw pile. */
static gboolean read_view_head(MindenGame *self, JsonObject *v, MindenPhase *phase,
                               gint64 *draw_count, JsonArray **seats, GError **error)
{
    int p = 0;
    JsonArray *history = NULL;
    if (!lp_json_get_bool(v, "purple", &self->purple, error) ||
        !lp_json_get_bool(v, "board_cities_out", &self->board_cities_out, error) ||
        !lp_json_get_enum(v, "phase", MINDEN_TYPE_PHASE, &p, error) ||
        !lp_json_get_int(v, "draw_count", 0, minden_deck_get_n_cards(self->deck), draw_count,
                         error) ||
        !lp_json_get_array(v, "seats", seats, error) ||
        /* Saves from before issue 12 may lack it; views never do. */
        !lp_json_get_array(v, "history", &history, error))
        return FALSE;
    *phase = (MindenPhase) p;
    if (json_array_get_length(*seats) != lp_game_get_n_players(LP_GAME(self))) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“seats” has %u entries for %u players"), json_array_get_length(*seats),
                    lp_game_get_n_players(LP_GAME(self)));
        return FALSE;
    }
    return TRUE;
}

gboolean _minden_game_load_view(LpGame *game, JsonNode *state, GError **error)
{
    MindenGame *self = MINDEN_GAME(game);
    int viewer = lp_game_get_viewer(game);

    JsonObject *v = _minden_game_state_object(self, state, error);
    if (v == NULL)
        return FALSE;
    MindenPhase phase;
    gint64 draw_count = 0;
    JsonArray *seats = NULL;
    if (!read_view_head(self, v, &phase, &draw_count, &seats, error))
        return FALSE;

    guint n_cards = minden_deck_get_n_cards(self->deck);
    g_autofree guint8 *seen = g_new0(guint8, MAX(n_cards, 1));
    g_autoptr(JsonObject) s = json_object_new();
    const char *const same[] = { "purple", "board_cities_out", "round", "phase", "offer",
                                 "discard", "box", "order", "order_done", "final_step" };
    for (guint i = 0; i < G_N_ELEMENTS(same); i++)
        copy_member(s, v, same[i]);
    /* A game from a save before issue 12 has an empty history even while a round is
     * scored: the reader takes no history as such a save's. */
    if (json_array_get_length(json_object_get_array_member(v, "history")) > 0)
        copy_member(s, v, "history");
    see_ids(self, v, "offer", seen);
    see_ids(self, v, "discard", seen);
    see_ids(self, v, "box", seen);
    JsonArray *seat_states = json_array_new();
    json_object_set_array_member(s, "seats", seat_states);
    for (guint i = 0; i < json_array_get_length(seats); i++) {
        JsonObject *so = seat_state(json_array_get_element(seats, i), i, viewer, phase, self,
                                    seen, error);
        if (so == NULL)
            return FALSE;
        json_array_add_object_element(seat_states, so);
    }
    /* The pile: every card in play that lies nowhere else, in deck order. */
    JsonArray *draw = json_array_new();
    for (guint i = 0; i < n_cards; i++)
        if (!seen[i] && _minden_game_card_in_play(self, i))
            json_array_add_string_element(draw, _minden_game_card_id(self, i));
    json_object_set_array_member(s, "draw", draw);
    json_object_set_string_member(s, "ai_seed", "0");

    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, s);
    if (!_minden_game_load_state(game, node, error))
        return FALSE;
    if (self->draw->len != (guint) draw_count) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“draw_count” is %u, but %u cards of the game lie nowhere on the table"),
                    (guint) draw_count, self->draw->len);
        return FALSE;
    }
    return TRUE;
}

/* ---- actions ---------------------------------------------------------------------------- */

static JsonNode *action_node(JsonObject *o)
{
    JsonNode *n = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(n, o);
    return n;
}

static void unref_node(gpointer node)
{
    if (node != NULL)
        json_node_unref(node);
}

static gboolean request(MindenGame *self, guint seat, JsonNode *action, GError **error)
{
    int viewer = lp_game_get_viewer(LP_GAME(self));
    if (viewer < 0 || (guint) viewer != seat) {
        json_node_unref(action);
        if (viewer < 0)
            g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                                _("An onlooker makes no moves"));
        else
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                        _("This device plays seat %u, not seat %u"), (guint) viewer + 1,
                        seat + 1);
        return FALSE;
    }
    return lp_game_request_action(LP_GAME(self), action);
}

/* Each choice and tip kept where the games keep their actions (lp_game_kept_action, the
 * simulator; issue 35). */

typedef struct {
    MindenGame *game;
    guint card;
    gboolean swap;
} Choice;

static JsonNode *choose_node(gconstpointer data)
{
    const Choice *choice = data;
    JsonObject *o = json_object_new();
    json_object_set_string_member(o, "type", "choose");
    json_object_set_string_member(o, "card", _minden_game_card_id(choice->game, choice->card));
    json_object_set_boolean_member(o, "swap", choice->swap);
    return action_node(o);
}

/* The slot of a choice among the deck's, whose cards the ids name: two per card, without and
 * with a swap; NULL where the games do not keep their actions. */
static JsonNode **choice_slot(MindenGame *self, guint card, gboolean swap)
{
    guint n_cards = minden_deck_get_n_cards(self->deck);
    if (card >= n_cards || !lp_game_keeps_actions())
        return NULL;
    static GQuark quark;
    if (quark == 0)
        quark = g_quark_from_static_string("minden-choose-actions");
    GPtrArray *slots = g_object_get_qdata(G_OBJECT(self->deck), quark);
    if (slots == NULL) {
        slots = g_ptr_array_new_with_free_func(unref_node);
        g_ptr_array_set_size(slots, (int) (2 * n_cards));
        g_object_set_qdata_full(G_OBJECT(self->deck), quark, slots,
                                (GDestroyNotify) g_ptr_array_unref);
    }
    return (JsonNode **) &slots->pdata[2 * card + (swap ? 1 : 0)];
}

gboolean _minden_game_request_choose(MindenGame *self, guint seat, guint card, gboolean swap,
                                     GError **error)
{
    Choice choice = { self, card, swap };
    return request(self, seat,
                   lp_game_kept_action(choice_slot(self, card, swap), choose_node, &choice),
                   error);
}

static JsonNode *tip_node(gconstpointer tip)
{
    JsonObject *o = json_object_new();
    json_object_set_string_member(o, "type", "tip");
    json_object_set_array_member(o, "stones", _minden_tip_to_json(tip));
    return action_node(o);
}

/* A tip's place among all tips of 1 to 4 stones (only its first n_stones parts count), or -1
 * for one that is not a tip. */
static int tip_index(const MindenTip *tip)
{
    int n = tip->n_stones;
    if (n < 1 || n > MINDEN_MAX_STONES || tip->east_west < 0 || tip->east_west > 1)
        return -1;
    int band = n >= 2 ? tip->band : 0;
    int sector = n >= 3 ? tip->sector : 0;
    int section = n >= 4 ? tip->section : 0;
    if (band < 0 || band > 2 || sector < 0 || sector > 15 || section < 0 || section > 3)
        return -1;
    return ((((n - 1) * 2 + tip->east_west) * 3 + band) * 16 + sector) * 4 + section;
}

#define N_TIP_INDICES (MINDEN_MAX_STONES * 2 * 3 * 16 * 4)

gboolean _minden_game_request_tip(MindenGame *self, guint seat, const MindenTip *tip,
                                  GError **error)
{
    static JsonNode *kept[N_TIP_INDICES];
    int i = tip_index(tip);
    return request(self, seat, lp_game_kept_action(i >= 0 ? &kept[i] : NULL, tip_node, tip),
                   error);
}

gboolean _minden_game_refuse_step(GError **error)
{
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE,
                        _("The host's game takes this step."));
    return FALSE;
}

/* A malformed action: the reader's message, as an illegal move. */
static gboolean malformed(GError **error, GError *local)
{
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, local->message);
    g_error_free(local);
    return FALSE;
}

/* Every member of the action is one the type knows. */
static gboolean only_members(JsonObject *a, const char *const *known, GError **error)
{
    /* In the object's order, as json_object_get_members gave them, without the list. */
    JsonObjectIter iter;
    const char *member;
    json_object_iter_init_ordered(&iter, a);
    while (json_object_iter_next_ordered(&iter, &member, NULL)) {
        if (!g_strv_contains(known, member)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                        _("A move has no member “%s”"), member);
            return FALSE;
        }
    }
    return TRUE;
}

/* Whether the game waits for a decision of seat now. */
static gboolean seat_decides(MindenGame *self, guint seat)
{
    switch (minden_game_get_phase(self)) {
    case MINDEN_PHASE_CHOOSE:
        return lp_game_get_current_seat(LP_GAME(self)) == (int) seat;
    case MINDEN_PHASE_TIP:
        return !minden_game_has_tipped(self, seat);
    default:
        return FALSE;
    }
}

static gboolean apply_choose(MindenGame *self, guint seat, JsonObject *a, GError **error)
{
    static const char *const known[] = { "type", "card", "swap", NULL };
    GError *local = NULL;
    const char *id = NULL;
    gboolean swap = FALSE;

    if (!only_members(a, known, error))
        return FALSE;
    if (!lp_json_get_string(a, "card", &id, &local) ||
        !lp_json_get_bool(a, "swap", &swap, &local))
        return malformed(error, local);
    int card = minden_deck_lookup(self->deck, id);
    if (card < 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("There is no card “%s” in the Minden deck"), id);
        return FALSE;
    }
    return minden_game_choose(self, seat, (guint) card, swap, error);
}

static gboolean apply_tip(MindenGame *self, guint seat, JsonObject *a, GError **error)
{
    static const char *const known[] = { "type", "stones", NULL };
    GError *local = NULL;
    JsonArray *stones = NULL;
    const char *codes[MINDEN_MAX_STONES + 1] = { NULL };
    MindenTip tip = MINDEN_TIP_INIT;

    if (!only_members(a, known, error))
        return FALSE;
    if (!lp_json_get_array(a, "stones", &stones, &local))
        return malformed(error, local);
    guint n = json_array_get_length(stones);
    if (n < 1 || n > MINDEN_MAX_STONES) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("a tip has 1 to 4 stones, not %u"), n);
        return FALSE;
    }
    for (guint k = 0; k < n; k++)
        if (!lp_json_array_get_string(stones, k, "stones", &codes[k], &local))
            return malformed(error, local);
    if (!minden_tip_from_strv(codes, n, &tip, &local))
        return malformed(error, local);
    return minden_game_tip(self, seat, &tip, error);
}

gboolean _minden_game_apply_action(LpGame *game, guint seat, JsonNode *action, GError **error)
{
    MindenGame *self = MINDEN_GAME(game);
    JsonObject *a = json_node_get_object(action);
    const char *type = json_object_get_string_member(a, "type");
    gboolean choose = g_strcmp0(type, "choose") == 0;

    if (!choose && g_strcmp0(type, "tip") != 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("There is no move “%s” in Finden Sie Minden"), type);
        return FALSE;
    }
    /* No seat acts for another: seat is the sender's, and it must be its decision now. */
    if (!seat_decides(self, seat)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                    _("Seat %u has nothing to decide now"), seat + 1);
        return FALSE;
    }
    return choose ? apply_choose(self, seat, a, error) : apply_tip(self, seat, a, error);
}

/* ---- computer players ------------------------------------------------------------------- */

int _minden_game_get_computer_seat(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    guint n = lp_game_get_n_players(game);

    /* Tipping is all at once; computers go in seat order, so a game plays the same whether a
     * computer seat sits at the host or on another device. Asked before every step of the
     * simulator: the phase is read once, and only the seats that decide are looked up. */
    GPtrArray *players = lp_game_get_players(game);
    switch (self->phase) {
    case MINDEN_PHASE_CHOOSE: {
        int seat = lp_game_get_current_seat(game);
        return seat >= 0 && (guint) seat < n && !lp_player_is_human(players->pdata[seat])
                   ? seat
                   : -1;
    }
    case MINDEN_PHASE_TIP:
        for (guint seat = 0; seat < n && seat < self->n_seats; seat++)
            if (self->seats[seat].tip.n_stones == 0 &&
                !lp_player_is_human(players->pdata[seat]))
                return (int) seat;
        return -1;
    default:
        return -1;
    }
}
