/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saving and restoring a Minden game: the "state" member of a save, read section by section
 * and then checked as a whole against the rules (DESIGN.md: Saved games). */
#include "minden-game-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-json.h"

/* ---- save ------------------------------------------------------------------------------- */

JsonNode *_minden_game_ids_node(MindenGame *self, GArray *cards)
{
    JsonArray *a = json_array_new();
    for (guint i = 0; i < cards->len; i++)
        json_array_add_string_element(a, _minden_game_card_id(self,
                                                              g_array_index(cards, guint, i)));
    JsonNode *n = json_node_new(JSON_NODE_ARRAY);
    json_node_take_array(n, a);
    return n;
}

/* The stones as minden_tip_to_strv spells them, without building the vector: every
 * computer decision sends a tip (issue 35). */
JsonArray *_minden_tip_to_json(const MindenTip *tip)
{
    JsonArray *a = json_array_sized_new(MAX(tip->n_stones, 0));
    if (tip->n_stones >= 1)
        json_array_add_string_element(a, minden_east_west_code(tip->east_west));
    if (tip->n_stones >= 2)
        json_array_add_string_element(a, minden_band_code(tip->band));
    if (tip->n_stones >= 3) {
        char sector[8];
        g_snprintf(sector, sizeof sector, "%d", tip->sector);
        json_array_add_string_element(a, sector);
    }
    if (tip->n_stones >= 4)
        json_array_add_string_element(a, minden_section_code(tip->section));
    return a;
}

static JsonObject *seat_to_json(MindenGame *self, const MindenSeat *s)
{
    JsonObject *so = json_object_new();
    json_object_set_int_member(so, "position", s->position);
    json_object_set_int_member(so, "swaps_left", s->swaps_left);
    if (s->card >= 0)
        json_object_set_string_member(so, "card", _minden_game_card_id(self, (guint) s->card));
    else
        json_object_set_null_member(so, "card");
    json_object_set_array_member(so, "tip", _minden_tip_to_json(&s->tip));
    json_object_set_boolean_member(so, "scored", s->scored);
    json_object_set_member(so, "kept", _minden_game_ids_node(self, s->kept));
    return so;
}

JsonObject *_minden_scored_tip_to_json(MindenGame *self, const MindenScoredTip *t)
{
    JsonObject *to = json_object_new();
    json_object_set_int_member(to, "round", t->round);
    json_object_set_int_member(to, "seat", t->seat);
    json_object_set_string_member(to, "card", _minden_game_card_id(self, t->card));
    json_object_set_array_member(to, "tip", _minden_tip_to_json(&t->tip));
    json_object_set_boolean_member(to, "right", t->right);
    json_object_set_boolean_member(to, "kept", t->kept);
    json_object_set_int_member(to, "from", t->from);
    json_object_set_int_member(to, "to", t->to);
    return to;
}

/* The round history, one object per scored tip (issue 12). */
JsonArray *_minden_game_history_to_json(MindenGame *self)
{
    JsonArray *a = json_array_new();
    for (guint i = 0; i < self->history->len; i++)
        json_array_add_object_element(
            a, _minden_scored_tip_to_json(self, &g_array_index(self->history, MindenScoredTip, i)));
    return a;
}

JsonNode *_minden_game_save_state(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    JsonObject *o = json_object_new();

    json_object_set_boolean_member(o, "purple", self->purple);
    json_object_set_boolean_member(o, "board_cities_out", self->board_cities_out);
    json_object_set_int_member(o, "round", self->round);
    json_object_set_string_member(o, "phase", lp_enum_to_nick(MINDEN_TYPE_PHASE, self->phase));
    json_object_set_member(o, "draw", _minden_game_ids_node(self, self->draw));
    json_object_set_member(o, "offer", _minden_game_ids_node(self, self->offer));
    json_object_set_member(o, "discard", _minden_game_ids_node(self, self->discard));
    json_object_set_member(o, "box", _minden_game_ids_node(self, self->box));
    JsonArray *order = json_array_new();
    for (guint i = 0; i < self->order->len; i++)
        json_array_add_int_element(order, g_array_index(self->order, guint, i));
    json_object_set_array_member(o, "order", order);
    json_object_set_int_member(o, "order_done", self->order_done);
    json_object_set_string_member(o, "final_step",
                                  lp_enum_to_nick(MINDEN_TYPE_FINAL_STEP, self->final_step));
    /* As a string: JSON numbers cannot hold all 64 bits. */
    g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, self->ai_seed);
    json_object_set_string_member(o, "ai_seed", seed);

    JsonArray *seats = json_array_new();
    for (guint i = 0; i < self->n_seats; i++)
        json_array_add_object_element(seats, seat_to_json(self, &self->seats[i]));
    json_object_set_array_member(o, "seats", seats);
    json_object_set_array_member(o, "history", _minden_game_history_to_json(self));

    JsonNode *n = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(n, o);
    return n;
}

/* ---- load: one reader per section ------------------------------------------------------- */

static gboolean rules_error(GError **error, const char *message)
{
    g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, message);
    return FALSE;
}

static const char *phase_nick(MindenGame *self)
{
    return lp_enum_to_nick(MINDEN_TYPE_PHASE, self->phase);
}

/* Counts card in seen; every card may lie in one place only. */
static gboolean see_card(guint8 *seen, guint card, const char *id, GError **error)
{
    if (seen[card]++) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("The card “%s” appears more than once"), id);
        return FALSE;
    }
    return TRUE;
}

/* Reads an array of card ids into dest, counting each card in seen. */
static gboolean read_ids(MindenGame *self, JsonObject *obj, const char *member, GArray *dest,
                         guint8 *seen, GError **error)
{
    JsonArray *a = NULL;

    if (!lp_json_get_array(obj, member, &a, error))
        return FALSE;
    for (guint i = 0; i < json_array_get_length(a); i++) {
        const char *id = NULL;
        if (!lp_json_array_get_string(a, i, member, &id, error))
            return FALSE;
        int card = minden_deck_lookup(self->deck, id);
        if (card < 0) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                        _("“%s” holds the card “%s”, which is not in the Minden deck"), member, id);
            return FALSE;
        }
        if (!see_card(seen, (guint) card, id, error))
            return FALSE;
        guint c = (guint) card;
        g_array_append_val(dest, c);
    }
    return TRUE;
}

/* "purple", "round" and "phase". */
static gboolean read_round(MindenGame *self, JsonObject *o, GError **error)
{
    gint64 v;
    int phase;

    if (!lp_json_get_bool(o, "purple", &self->purple, error) ||
        !lp_json_get_int(o, "round", 0, 10000, &v, error))
        return FALSE;
    self->round = (guint) v;
    if (!lp_json_get_enum(o, "phase", MINDEN_TYPE_PHASE, &phase, error))
        return FALSE;
    self->phase = (MindenPhase) phase;
    if (self->round < 1 && self->phase != MINDEN_PHASE_REVEAL)
        return rules_error(error, _("“round” must be at least 1"));
    return TRUE;
}

static gboolean read_piles(MindenGame *self, JsonObject *o, guint8 *seen, GError **error)
{
    return read_ids(self, o, "draw", self->draw, seen, error) &&
           read_ids(self, o, "offer", self->offer, seen, error) &&
           read_ids(self, o, "discard", self->discard, seen, error) &&
           read_ids(self, o, "box", self->box, seen, error);
}

/* "order" and "order_done": the round's choosing or scoring order. */
static gboolean read_order(MindenGame *self, JsonObject *o, GError **error)
{
    JsonArray *order = NULL;
    gint64 v;
    guint8 in_order[8] = { 0 };

    if (!lp_json_get_array(o, "order", &order, error) ||
        !lp_json_get_int(o, "order_done", 0, self->n_seats, &v, error))
        return FALSE;
    self->order_done = (guint) v;
    for (guint i = 0; i < json_array_get_length(order); i++) {
        if (!lp_json_array_get_int(order, i, "order", 0, self->n_seats - 1, &v, error))
            return FALSE;
        if (in_order[v]++)
            return rules_error(error, _("“order” names a seat twice"));
        guint seat = (guint) v;
        g_array_append_val(self->order, seat);
    }
    return TRUE;
}

static gboolean read_final_step(MindenGame *self, JsonObject *o, GError **error)
{
    const char *nick = NULL;
    int step;

    if (!lp_json_get_string(o, "final_step", &nick, error))
        return FALSE;
    /* No purple majority without purple cards. */
    if (!lp_enum_from_nick(MINDEN_TYPE_FINAL_STEP, nick, &step) ||
        (!self->purple && step == MINDEN_FINAL_MAJORITY_PURPLE)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“final_step” “%s” is not a step of this final scoring"), nick);
        return FALSE;
    }
    self->final_step = (MindenFinalStep) step;
    return TRUE;
}

/* "board_cities_out": the reference cities of the board are no cards of the game (issue 12).
 * Saves from before it lack the member; their games were dealt with every card. */
static gboolean read_board_cities(MindenGame *self, JsonObject *o, GError **error)
{
    self->board_cities_out = FALSE;
    if (!json_object_has_member(o, "board_cities_out"))
        return TRUE;
    return lp_json_get_bool(o, "board_cities_out", &self->board_cities_out, error);
}

static gboolean read_ai_seed(MindenGame *self, JsonObject *o, GError **error)
{
    const char *seed = NULL;

    if (!lp_json_get_string(o, "ai_seed", &seed, error))
        return FALSE;
    if (!g_ascii_string_to_unsigned(seed, 10, 0, G_MAXUINT64, &self->ai_seed, NULL)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“ai_seed” must be a whole number, not “%s”"), seed);
        return FALSE;
    }
    return TRUE;
}

/* A seat's "card": null or the id of the card it holds this round. */
static gboolean read_seat_card(MindenGame *self, guint i, JsonObject *so, guint8 *seen,
                               GError **error)
{
    MindenSeat *s = &self->seats[i];
    const char *id = NULL;

    if (!json_object_has_member(so, "card")) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_MISSING_FIELD,
                    _("seat %u has no “card”"), i);
        return FALSE;
    }
    s->card = -1;
    if (json_object_get_null_member(so, "card"))
        return TRUE;
    if (!lp_json_get_string(so, "card", &id, error))
        return FALSE;
    int card = minden_deck_lookup(self->deck, id);
    if (card < 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                    _("seat %u holds the card “%s”, which is not in the Minden deck"), i, id);
        return FALSE;
    }
    if (!see_card(seen, (guint) card, id, error))
        return FALSE;
    s->card = card;
    return TRUE;
}

/* A "tip": its stones into out, none (out untouched) when the array is empty. */
static gboolean read_tip(JsonObject *so, MindenTip *out, GError **error)
{
    JsonArray *tip = NULL;
    const char *stones[MINDEN_MAX_STONES + 1] = { NULL };

    if (!lp_json_get_array(so, "tip", &tip, error))
        return FALSE;
    guint n = json_array_get_length(tip);
    if (n == 0)
        return TRUE;
    if (n > MINDEN_MAX_STONES)
        return rules_error(error, _("a “tip” has at most 4 stones"));
    for (guint k = 0; k < n; k++)
        if (!lp_json_array_get_string(tip, k, "tip", &stones[k], error))
            return FALSE;
    return minden_tip_from_strv(stones, n, out, error);
}

/* A seat's "tip": its stones, none while it has not tipped. */
static gboolean read_seat_tip(MindenSeat *s, JsonObject *so, GError **error)
{
    return read_tip(so, &s->tip, error);
}

/* RULES.md: the track goes on past field 40, but not far: a figure below 40 makes one last
 * move of at most 4 fields plus one jump per other figure, then the final scoring moves it at
 * most once per majority and once per set (3 fields plus the jumps each). */
static guint max_position(MindenGame *self)
{
    guint jumps = self->n_seats - 1;
    guint sets = minden_deck_get_n_cards(self->deck) / 3;

    return MINDEN_TRACK_END - 1 + (4 + jumps) + (4 + sets) * (3 + jumps);
}

static gboolean read_seat(MindenGame *self, guint i, JsonNode *sn, guint8 *seen, GError **error)
{
    MindenSeat *s = &self->seats[i];
    gint64 v;

    if (!JSON_NODE_HOLDS_OBJECT(sn)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("seat %u must be an object"), i);
        return FALSE;
    }
    JsonObject *so = json_node_get_object(sn);
    if (!lp_json_get_int(so, "position", 0, max_position(self), &v, error))
        return FALSE;
    s->position = (guint) v;
    if (!lp_json_get_int(so, "swaps_left", 0, MINDEN_SWAP_TOKENS, &v, error))
        return FALSE;
    s->swaps_left = (guint) v;
    return read_seat_card(self, i, so, seen, error) && read_seat_tip(s, so, error) &&
           lp_json_get_bool(so, "scored", &s->scored, error) &&
           read_ids(self, so, "kept", s->kept, seen, error);
}

static gboolean read_seats(MindenGame *self, JsonObject *o, guint8 *seen, GError **error)
{
    JsonArray *seats = NULL;

    if (!lp_json_get_array(o, "seats", &seats, error))
        return FALSE;
    if (json_array_get_length(seats) != self->n_seats) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“seats” has %u entries for %u players"), json_array_get_length(seats),
                    self->n_seats);
        return FALSE;
    }
    for (guint i = 0; i < self->n_seats; i++)
        if (!read_seat(self, i, json_array_get_element(seats, i), seen, error))
            return FALSE;
    return TRUE;
}

static gboolean history_error(guint i, GError **error)
{
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                /* Translators: a damaged save; “history” is the member's name. */
                _("“history” entry %u does not fit the game"), i);
    return FALSE;
}

/* One scored tip: the card, the tip and the move must agree with the rules, so a damaged save
 * cannot show a family a result that never happened. */
static gboolean read_history_entry(MindenGame *self, guint i, JsonNode *tn, guint last_round,
                                   MindenScoredTip *t, GError **error)
{
    gint64 v;
    const char *id = NULL;

    if (!JSON_NODE_HOLDS_OBJECT(tn))
        return history_error(i, error);
    JsonObject *to = json_node_get_object(tn);
    if (!lp_json_get_int(to, "round", MAX(last_round, 1), self->round, &v, error))
        return FALSE;
    t->round = (guint) v;
    if (!lp_json_get_int(to, "seat", 0, self->n_seats - 1, &v, error))
        return FALSE;
    t->seat = (guint) v;
    if (!lp_json_get_string(to, "card", &id, error))
        return FALSE;
    int card = minden_deck_lookup(self->deck, id);
    if (card < 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                    _("“%s” holds the card “%s”, which is not in the Minden deck"), "history",
                    id);
        return FALSE;
    }
    t->card = (guint) card;
    t->tip = (MindenTip) MINDEN_TIP_INIT;
    if (!read_tip(to, &t->tip, error) || !lp_json_get_bool(to, "right", &t->right, error) ||
        !lp_json_get_bool(to, "kept", &t->kept, error) ||
        !lp_json_get_int(to, "from", 0, max_position(self), &v, error))
        return FALSE;
    t->from = (guint) v;
    if (!lp_json_get_int(to, "to", 0, max_position(self), &v, error))
        return FALSE;
    t->to = (guint) v;
    const MindenCard *c = minden_deck_get_card(self->deck, t->card);
    /* RULES.md: a right tip moves by its stones (more with jumps) and keeps the card with
     * enough of them; a wrong one stays and discards it. */
    if (!_minden_game_card_in_play(self, t->card) || t->tip.n_stones == 0 ||
        t->right != minden_card_tip_is_right(c, &t->tip) ||
        (t->right ? t->to < t->from + (guint) t->tip.n_stones : t->to != t->from) ||
        t->kept != (t->right &&
                    (guint) t->tip.n_stones >= minden_colour_stones_to_keep(c->colour)))
        return history_error(i, error);
    return TRUE;
}

/* "history": the round history (issue 12). Saves from before it lack the member and load
 * with an empty history. */
static gboolean read_history(MindenGame *self, JsonObject *o, GError **error)
{
    JsonArray *a = NULL;
    guint last_round = 0;
    guint8 scored[8] = { 0 };

    if (!json_object_has_member(o, "history"))
        return TRUE;
    if (!lp_json_get_array(o, "history", &a, error))
        return FALSE;
    for (guint i = 0; i < json_array_get_length(a); i++) {
        MindenScoredTip t;
        if (!read_history_entry(self, i, json_array_get_element(a, i), last_round, &t, error))
            return FALSE;
        if (t.round != last_round)
            memset(scored, 0, sizeof scored);
        /* A seat's tip is scored once a round. */
        if (scored[t.seat]++)
            return history_error(i, error);
        last_round = t.round;
        g_array_append_val(self->history, t);
    }
    /* While a round is scored, its entries are the seats scored so far; before, none. */
    gboolean current = self->phase == MINDEN_PHASE_CHOOSE || self->phase == MINDEN_PHASE_TIP ||
                       self->phase == MINDEN_PHASE_SCORE;
    for (guint i = 0; current && i < self->n_seats; i++) {
        gboolean in_history = last_round == self->round && scored[i] > 0;
        if (in_history != (self->phase == MINDEN_PHASE_SCORE && self->seats[i].scored))
            return history_error(json_array_get_length(a), error);
    }
    return TRUE;
}

/* ---- load: the state as a whole --------------------------------------------------------- */

/* Every card in play exactly once; purple cards only in the variant; one card in the box
 * per swap token used. */
static gboolean check_cards(MindenGame *self, const guint8 *seen, GError **error)
{
    guint used_tokens = 0;

    for (guint i = 0; i < minden_deck_get_n_cards(self->deck); i++) {
        gboolean in_play = _minden_game_card_in_play(self, i);
        if (in_play && seen[i] == 0) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        _("The card “%s” is missing from the saved game"),
                        _minden_game_card_id(self, i));
            return FALSE;
        }
        if (!in_play && seen[i] != 0) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        minden_deck_get_card(self->deck, i)->on_board && self->board_cities_out
                            ? _("The card “%s” is a city on the board, not a card of this game")
                            : _("The purple card “%s” is in a game without purple cards"),
                        _minden_game_card_id(self, i));
            return FALSE;
        }
    }
    for (guint i = 0; i < self->n_seats; i++)
        used_tokens += MINDEN_SWAP_TOKENS - self->seats[i].swaps_left;
    if (used_tokens != self->box->len)
        return rules_error(error, _("The cards in the box do not match the swap tokens used"));
    return TRUE;
}

/* RULES.md: only the start field holds several figures. Saves from the first version, whose
 * track stopped at field 40, may also hold several there; they load and play on with the
 * skip rule on every field. */
static gboolean check_track(MindenGame *self, GError **error)
{
    for (guint i = 0; i < self->n_seats; i++)
        for (guint j = i + 1; j < self->n_seats; j++)
            if (self->seats[i].position == self->seats[j].position &&
                self->seats[i].position != 0 && self->seats[i].position != MINDEN_TRACK_END)
                return rules_error(error, _("Two figures stand on the same field of the track"));
    return TRUE;
}

/* Whether seat s (k-th in the order, done when it has acted) holds what the phase expects. */
static gboolean seat_fits_phase(MindenPhase phase, const MindenSeat *s, gboolean done)
{
    switch (phase) {
    case MINDEN_PHASE_CHOOSE:
        return (done ? s->card >= 0 : s->card < 0) && s->tip.n_stones == 0 && !s->scored;
    case MINDEN_PHASE_TIP:
        return s->card >= 0 && !s->scored;
    case MINDEN_PHASE_SCORE:
        return (done ? s->card < 0 : s->card >= 0) && s->tip.n_stones > 0 &&
               s->scored == done;
    default:
        return s->card < 0 && s->tip.n_stones == 0 && !s->scored;
    }
}

/* The phase must agree with order, cards, tips and the offer. */
static gboolean check_phase(MindenGame *self, GError **error)
{
    gboolean ordered = self->phase == MINDEN_PHASE_CHOOSE || self->phase == MINDEN_PHASE_SCORE;

    if (ordered && self->order->len != self->n_seats)
        return rules_error(error, _("“order” must name every seat once"));
    if (!ordered && (self->order->len != 0 || self->order_done != 0))
        return rules_error(error, _("“order” must be empty outside choosing and scoring"));
    if (ordered && self->order_done >= self->n_seats)
        return rules_error(error, _("“order_done” must be below the number of players"));
    if (self->phase != MINDEN_PHASE_FINAL && self->final_step != MINDEN_FINAL_MAJORITY_YELLOW &&
        self->phase != MINDEN_PHASE_OVER)
        return rules_error(error, _("“final_step” is set outside the final scoring"));
    for (guint k = 0; k < self->n_seats; k++) {
        guint seat = ordered ? g_array_index(self->order, guint, k) : k;
        if (!seat_fits_phase(self->phase, &self->seats[seat], ordered && k < self->order_done)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        /* Translators: %s is the phase as the file spells it, e.g. “choose”. */
                        _("seat %u's card, tip or scoring does not fit the saved phase “%s”"), seat,
                        phase_nick(self));
            return FALSE;
        }
    }
    guint expected_offer = self->phase == MINDEN_PHASE_CHOOSE
                               ? self->n_seats - self->order_done
                               : 0;
    if (self->offer->len != expected_offer) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    /* Translators: the second %s is the phase as the file spells it. */
                    _("%u revealed cards lie open, but the saved phase “%s” needs %u"), self->offer->len,
                    phase_nick(self), expected_offer);
        return FALSE;
    }
    if (self->phase == MINDEN_PHASE_TIP) {
        gboolean all = TRUE;
        for (guint i = 0; i < self->n_seats; i++)
            if (self->seats[i].tip.n_stones == 0)
                all = FALSE;
        if (all)
            return rules_error(error, _("Every seat has tipped, yet the game waits for tips"));
    }
    return TRUE;
}

/* The one consistency check after all sections were read. */
static gboolean check_consistency(MindenGame *self, const guint8 *seen, GError **error)
{
    return check_cards(self, seen, error) && check_track(self, error) &&
           check_phase(self, error);
}

JsonObject *_minden_game_state_object(MindenGame *self, JsonNode *state, GError **error)
{
    if (self->deck == NULL) {
        g_autoptr(GError) deck_error = NULL;
        self->deck = minden_deck_get_default(&deck_error);
        if (self->deck == NULL) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot load the deck: %s"),
                        deck_error->message);
            return NULL;
        }
    }
    if (state == NULL || !JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“state” must be an object"));
        return NULL;
    }
    return json_node_get_object(state);
}

gboolean _minden_game_load_state(LpGame *game, JsonNode *state, GError **error)
{
    MindenGame *self = MINDEN_GAME(game);
    JsonObject *o = _minden_game_state_object(self, state, error);
    if (o == NULL)
        return FALSE;
    g_autofree guint8 *seen = g_new0(guint8, MAX(minden_deck_get_n_cards(self->deck), 1));

    /* A game read from a save may be taken back in place; a mirror never is (its undo asks
     * the host), and its copy_view twin (issue 35) never comes here. */
    if (!lp_game_is_mirror(game))
        _minden_game_watch_undo(self);
    _minden_game_alloc_seats(self);
    return read_round(self, o, error) && read_piles(self, o, seen, error) &&
           read_order(self, o, error) && read_final_step(self, o, error) &&
           read_ai_seed(self, o, error) && read_board_cities(self, o, error) &&
           read_seats(self, o, seen, error) && read_history(self, o, error) &&
           check_consistency(self, seen, error);
}
