/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saving and loading a Buxtehude game: the "state" member of a save, read section by section
 * into a fresh BuxGame and then checked as a whole against the rules. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bux-game-private.h"
#include "lp-json.h"

static const char *card_id(BuxGame *self, int card)
{
    return bux_deck_get_card(self->deck, card)->id;
}

static JsonArray *ids_array(BuxGame *self, GArray *cards, guint from)
{
    JsonArray *array = json_array_new();
    for (guint i = from; i < cards->len; i++) {
        int card = bux_int_at(cards, i);
        if (card == BUX_INTERMEZZO)
            json_array_add_string_element(array, "intermezzo");
        else if (card == BUX_HIDDEN) /* a mirror's: such a save does not load */
            json_array_add_string_element(array, "hidden");
        else
            json_array_add_string_element(array, card_id(self, card));
    }
    return array;
}

/* ---- save ------------------------------------------------------------------------------- */

JsonNode *bux_game_save_state(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    guint n = lp_game_get_n_players(game);
    JsonObject *obj = json_object_new();

    /* A game on another deck than the program's (a test's) names it, so that a restore in
     * this process, and so an undo (issue 33), finds it; the program's saves stay as they
     * were. */
    g_autoptr(BuxDeck) own = bux_deck_get_default(NULL);
    if (self->deck != own)
        json_object_set_string_member(obj, "deck", bux_deck_checksum(self->deck));
    json_object_set_boolean_member(obj, "easy", self->easy);
    json_object_set_string_member(obj, "phase", lp_enum_to_nick(BUX_TYPE_PHASE, self->phase));
    json_object_set_int_member(obj, "turn", self->turn);
    json_object_set_int_member(obj, "cross", self->cross);
    json_object_set_array_member(obj, "stack", ids_array(self, self->stack, self->stack_pos));
    json_object_set_array_member(obj, "reserve",
                                 ids_array(self, self->reserve, self->reserve_pos));
    json_object_set_array_member(obj, "removed", ids_array(self, self->removed, 0));
    if (self->start >= 0)
        json_object_set_string_member(obj, "start", card_id(self, self->start));
    else
        json_object_set_null_member(obj, "start");
    JsonObject *arms = json_object_new();
    for (guint a = 0; a < BUX_N_ARMS; a++)
        json_object_set_array_member(arms, bux_arm_to_string(a),
                                     ids_array(self, self->arms[a], 0));
    json_object_set_object_member(obj, "arms", arms);

    JsonArray *chips = json_array_new();
    JsonArray *bonus = json_array_new();
    JsonArray *salts = json_array_new();
    for (guint s = 0; s < n; s++) {
        json_array_add_int_element(chips, self->chips[s]);
        json_array_add_array_element(bonus, ids_array(self, self->bonus[s], 0));
        json_array_add_int_element(salts, self->ai_salt[s]);
    }
    json_object_set_array_member(obj, "chips", chips);
    json_object_set_int_member(obj, "supply", self->supply);
    json_object_set_array_member(obj, "bonus", bonus);
    json_object_set_array_member(obj, "ai_salt", salts);
    json_object_set_member(obj, "figures", bux_game_save_figures(self));
    json_object_set_member(obj, "crosses", bux_game_where_save(self));

    if (self->phase == BUX_PHASE_CHALLENGE || self->phase == BUX_PHASE_NEIGHBOUR) {
        JsonObject *placed = json_object_new();
        json_object_set_string_member(placed, "arm", bux_arm_to_string(self->placed_arm));
        json_object_set_int_member(placed, "index", self->placed_index);
        json_object_set_object_member(obj, "placed", placed);
    }
    if (self->phase == BUX_PHASE_CHALLENGE) {
        JsonArray *decided = json_array_new();
        for (guint s = 0; s < n; s++)
            json_array_add_boolean_element(decided, self->decided[s]);
        json_object_set_array_member(obj, "decided", decided);
    }
    /* In the challenge phase only while a computer's call waits for the people. */
    if (self->phase == BUX_PHASE_NEIGHBOUR ||
        (self->phase == BUX_PHASE_CHALLENGE && self->challenger >= 0))
        json_object_set_int_member(obj, "challenger", self->challenger);
    if (self->phase == BUX_PHASE_ESTIMATE)
        json_object_set_array_member(obj, "estimates", lp_json_int_array(self->estimates, n));
    /* What the table still shows of the last challenge and scoring (the pair's backs, the
     * checked cross): public since they happened, kept so that a resumed game and an undo
     * (issue 33), which restores a save, show the same. */
    const BuxChallenge *c = bux_game_get_last_challenge(self);
    if (c != NULL) {
        json_object_set_object_member(obj, "last_challenge", bux_game_challenge_object(self, c));
        json_object_set_boolean_member(obj, "revealed", self->pair_revealed);
    }
    if (self->last_scoring != NULL)
        json_object_set_object_member(obj, "last_scoring",
                                      bux_game_scoring_object(self, self->last_scoring));

    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

/* ---- load ------------------------------------------------------------------------------- */

static gboolean rules_error(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean rules_error(GError **error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *msg = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, msg);
    return FALSE;
}

/* Reads an array of card ids into out, marking each in seen; every card may occur once. */
static gboolean read_ids(BuxGame *self, JsonArray *array, const char *what,
                         gboolean allow_intermezzo, guint8 *seen, GArray *out, GError **error)
{
    for (guint i = 0; i < json_array_get_length(array); i++) {
        const char *id;
        if (!lp_json_array_get_string(array, i, what, &id, error))
            return FALSE;
        int card;
        if (allow_intermezzo && strcmp(id, "intermezzo") == 0) {
            card = BUX_INTERMEZZO;
        } else if (strcmp(id, "hidden") == 0 && lp_game_is_mirror(LP_GAME(self)) &&
                   out == self->stack) {
            card = BUX_HIDDEN; /* a mirror's (bux-game-view.c): a card the viewer cannot see */
        } else {
            card = bux_deck_lookup(self->deck, id);
            if (card < 0) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                            _("“%s” names the card “%s”, which is not in the deck"), what, id);
                return FALSE;
            }
            if (self->easy && bux_deck_get_card(self->deck, card)->difficulty >= 3)
                return rules_error(error, _("“%s” holds the hard card “%s” in an easy-deck game"),
                                   what, id);
            if (seen[card])
                return rules_error(error, _("The card “%s” occurs twice (again in “%s”)"), id,
                                   what);
            seen[card] = 1;
        }
        g_array_append_val(out, card);
    }
    return TRUE;
}

static gboolean read_id_member(BuxGame *self, JsonObject *obj, const char *member,
                               gboolean allow_intermezzo, guint8 *seen, GArray *out,
                               GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    return read_ids(self, array, member, allow_intermezzo, seen, out, error);
}

/* Entries of a full stack: 15 cards, Intermezzo, 15, Intermezzo, 15. */
#define FULL_STACK (BUX_PLACE_CARDS + 2)

static gboolean is_intermezzo_place(guint position)
{
    return position == BUX_STACK_PART || position == 2 * BUX_STACK_PART + 1;
}

/* "easy", "phase", "turn", "cross". */
static gboolean read_setup(BuxGame *self, JsonObject *obj, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    int phase;
    gint64 v;
    if (!lp_json_get_bool(obj, "easy", &self->easy, error) ||
        !lp_json_get_enum(obj, "phase", BUX_TYPE_PHASE, &phase, error))
        return FALSE;
    self->phase = phase;
    if (!lp_json_get_int(obj, "turn", 0, n - 1, &v, error))
        return FALSE;
    self->turn = v;
    if (!lp_json_get_int(obj, "cross", 1, 3, &v, error))
        return FALSE;
    self->cross = v;
    return TRUE;
}

/* "stack", "reserve", "removed"; the stack must be the end of a full one. */
static gboolean read_piles(BuxGame *self, JsonObject *obj, guint8 *seen, GError **error)
{
    /* A mirror sees only the reserve's size (bux-game-view.c). */
    JsonNode *reserve = json_object_get_member(obj, "reserve");
    if (lp_game_is_mirror(LP_GAME(self)) && reserve != NULL && JSON_NODE_HOLDS_VALUE(reserve)) {
        gint64 size;
        if (!lp_json_get_int(obj, "reserve", 0, bux_deck_get_n_cards(self->deck), &size, error))
            return FALSE;
        for (gint64 i = 0; i < size; i++)
            g_array_append_val(self->reserve, (int){ BUX_HIDDEN });
    } else if (!read_id_member(self, obj, "reserve", FALSE, seen, self->reserve, error)) {
        return FALSE;
    }
    if (!read_id_member(self, obj, "stack", TRUE, seen, self->stack, error) ||
        !read_id_member(self, obj, "removed", FALSE, seen, self->removed, error))
        return FALSE;
    self->stack_pos = self->reserve_pos = 0;

    guint left = self->stack->len;
    if (left > FULL_STACK)
        return rules_error(error, _("“stack” holds %u entries, more than %u"), left,
                           FULL_STACK);
    guint drawn = FULL_STACK - left;
    for (guint j = 0; j < left; j++) {
        if ((bux_int_at(self->stack, j) == BUX_INTERMEZZO) != is_intermezzo_place(drawn + j))
            return rules_error(error, "%s", _("“stack” does not have 15 cards between the "
                                               "Intermezzo cards"));
    }
    return TRUE;
}

/* "start" (null before the first cross and after the game) and "arms". */
static gboolean read_cross(BuxGame *self, JsonObject *obj, guint8 *seen, GError **error)
{
    if (json_object_has_member(obj, "start") &&
        json_node_is_null(json_object_get_member(obj, "start"))) {
        self->start = -1;
    } else {
        const char *id;
        if (!lp_json_get_string(obj, "start", &id, error))
            return FALSE;
        g_autoptr(GArray) one = g_array_new(FALSE, FALSE, sizeof(int));
        g_autoptr(JsonArray) wrap = json_array_new();
        json_array_add_string_element(wrap, id);
        if (!read_ids(self, wrap, "start", FALSE, seen, one, error))
            return FALSE;
        self->start = bux_int_at(one, 0);
    }
    JsonObject *arms;
    if (!lp_json_get_object(obj, "arms", &arms, error))
        return FALSE;
    guint in_arms = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        if (!read_id_member(self, arms, bux_arm_to_string(a), FALSE, seen, self->arms[a],
                            error))
            return FALSE;
        in_arms += self->arms[a]->len;
    }
    if (in_arms > BUX_STACK_PART)
        return rules_error(error, _("The cross holds %u placed cards, more than 15"), in_arms);
    return TRUE;
}

/* "chips", "bonus" and "ai_salt" (one entry per seat) and "supply". */
static gboolean read_purses(BuxGame *self, JsonObject *obj, guint8 *seen, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    JsonArray *chips, *bonus, *salts;
    gint64 v;
    if (!lp_json_get_array(obj, "chips", &chips, error) ||
        !lp_json_get_array(obj, "bonus", &bonus, error) ||
        !lp_json_get_array(obj, "ai_salt", &salts, error))
        return FALSE;
    if (json_array_get_length(chips) != n || json_array_get_length(bonus) != n ||
        json_array_get_length(salts) != n)
        return rules_error(error, _("“chips”, “bonus” and “ai_salt” must have one entry for "
                                    "each of the %u players"), n);
    if (!lp_json_get_int(obj, "supply", 0, BUX_TOTAL_CHIPS, &v, error))
        return FALSE;
    self->supply = v;
    for (guint i = 0; i < n; i++) {
        if (!lp_json_array_get_int(chips, i, "chips", 0, BUX_TOTAL_CHIPS, &v, error))
            return FALSE;
        self->chips[i] = v;
        JsonNode *node = json_array_get_element(bonus, i);
        if (!JSON_NODE_HOLDS_ARRAY(node)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                        _("“bonus” must hold one list of cards per player"));
            return FALSE;
        }
        if (!read_ids(self, json_node_get_array(node), "bonus", FALSE, seen, self->bonus[i],
                      error))
            return FALSE;
        if (!lp_json_array_get_int(salts, i, "ai_salt", 0, G_MAXUINT32, &v, error))
            return FALSE;
        self->ai_salt[i] = v;
    }
    return TRUE;
}

/* What the phase leaves open: "placed" in the challenge and neighbour phases, "decided" in
 * the challenge phase, "challenger" in the neighbour phase (and in the challenge phase while
 * a computer's call waits for the people), "estimates" in the estimate phase. */
static gboolean read_open_decisions(BuxGame *self, JsonObject *obj, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    gint64 v;

    if (self->phase == BUX_PHASE_CHALLENGE || self->phase == BUX_PHASE_NEIGHBOUR) {
        JsonObject *placed;
        int arm;
        if (!lp_json_get_object(obj, "placed", &placed, error) ||
            !lp_json_get_enum(placed, "arm", BUX_TYPE_ARM, &arm, error))
            return FALSE;
        self->placed_arm = arm;
        guint len = self->arms[self->placed_arm]->len;
        if (len == 0)
            return rules_error(error, "%s", _("The challenged card’s arm is empty"));
        if (!lp_json_get_int(placed, "index", 0, len - 1, &v, error))
            return FALSE;
        self->placed_index = v;
    }
    if (self->phase == BUX_PHASE_CHALLENGE) {
        JsonArray *decided;
        if (!lp_json_get_array(obj, "decided", &decided, error))
            return FALSE;
        if (json_array_get_length(decided) != n)
            return rules_error(error, _("“decided” must have %u entries"), n);
        for (guint i = 0; i < n; i++) {
            JsonNode *node = json_array_get_element(decided, i);
            if (!JSON_NODE_HOLDS_VALUE(node) ||
                json_node_get_value_type(node) != G_TYPE_BOOLEAN) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                            _("“decided” must hold true or false for each player"));
                return FALSE;
            }
            self->decided[i] = json_node_get_boolean(node);
        }
    }
    self->challenger = -1;
    if (self->phase == BUX_PHASE_NEIGHBOUR ||
        (self->phase == BUX_PHASE_CHALLENGE && json_object_has_member(obj, "challenger"))) {
        if (!lp_json_get_int(obj, "challenger", 0, n - 1, &v, error))
            return FALSE;
        self->challenger = v;
    }
    for (guint i = 0; i < BUX_MAX_SEATS; i++)
        self->estimates[i] = -1;
    if (self->phase == BUX_PHASE_ESTIMATE) {
        JsonArray *estimates;
        if (!lp_json_get_array(obj, "estimates", &estimates, error))
            return FALSE;
        if (json_array_get_length(estimates) != n)
            return rules_error(error, _("“estimates” must have %u entries"), n);
        for (guint i = 0; i < n; i++) {
            if (!lp_json_array_get_int(estimates, i, "estimates", -1,
                                       bux_game_get_max_estimate(self), &v, error))
                return FALSE;
            self->estimates[i] = v;
        }
    }
    return TRUE;
}

/* The sections together must be a moment of a game played by RULES.md: every chip and card
 * there once, the stack, the cross and the phase telling the same story. */
static gboolean check_consistency(BuxGame *self, const guint8 *seen, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));

    /* RULES.md: 36 chips in all; a bonus card replaces 5 chips that went to the supply. */
    guint total = self->supply;
    for (guint i = 0; i < n; i++)
        total += self->chips[i];
    if (total != BUX_TOTAL_CHIPS)
        return rules_error(error, _("The chips add up to %u instead of 36"), total);

    /* A mirror's hidden cards are the ones it does not see, as many as are missing. */
    guint hidden = 0, missing = 0;
    for (guint i = 0; i < self->stack->len; i++)
        hidden += bux_int_at(self->stack, i) == BUX_HIDDEN;
    for (guint i = 0; i < self->reserve->len; i++)
        hidden += bux_int_at(self->reserve, i) == BUX_HIDDEN;
    for (guint c = 0; c < bux_deck_get_n_cards(self->deck); c++) {
        gboolean in_play = !self->easy || bux_deck_get_card(self->deck, c)->difficulty < 3;
        if (in_play && !seen[c] && hidden == 0)
            return rules_error(error, _("The card “%s” is missing"), card_id(self, c));
        missing += in_play && !seen[c];
    }
    if (missing != hidden)
        return rules_error(error, "%s", _("The view does not account for every card"));

    guint left = self->stack->len;
    guint drawn = FULL_STACK - left;
    guint intermezzos_drawn = (drawn > BUX_STACK_PART) + (drawn > 2 * BUX_STACK_PART + 1);
    guint in_arms = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        in_arms += self->arms[a]->len;
    gboolean estimating_between = self->phase == BUX_PHASE_ESTIMATE && left > 0;
    guint want_cross = 1 + intermezzos_drawn - (estimating_between ? 1 : 0);
    if (self->cross != want_cross)
        return rules_error(error, _("“cross” is %u but the stack says %u"), self->cross,
                           want_cross);
    if (estimating_between && drawn != BUX_STACK_PART + 1 && drawn != 2 * BUX_STACK_PART + 2)
        return rules_error(error, "%s", _("An Intermezzo scoring runs but no Intermezzo card "
                                          "was just drawn"));
    if ((self->phase == BUX_PHASE_START || self->phase == BUX_PHASE_OVER) !=
        (self->start < 0))
        return rules_error(error, "%s", _("“start” must be empty exactly before the first "
                                          "cross and after the game"));
    if (self->start < 0 && in_arms > 0)
        return rules_error(error, "%s", _("The cross has arms but no starting card"));
    if (self->phase == BUX_PHASE_START && left != FULL_STACK)
        return rules_error(error, "%s", _("A game that has not begun must have a full stack"));
    if (self->phase == BUX_PHASE_OVER && left != 0)
        return rules_error(error, "%s", _("A finished game must have an empty stack"));
    if (self->phase == BUX_PHASE_PLACE &&
        (left == 0 || bux_int_at(self->stack, 0) == BUX_INTERMEZZO))
        return rules_error(error, "%s", _("A player must place but the stack shows no card"));
    /* Every card that left the stack is in the present cross, or left the game (then it is
     * in "removed" or was taken as a bonus): each finished cross sent its starting card and
     * its 15 cards away, the present one the wrong cards so far. A card that did not come
     * from the stack (a reserve card moved into an arm by hand) loaded before, and 43 moves
     * later the game refused its own autosave ("16 placed cards, more than 15"). */
    guint gone_total = self->removed->len;
    for (guint i = 0; i < n; i++)
        gone_total += self->bonus[i]->len;
    if (self->phase == BUX_PHASE_START && gone_total > 0)
        return rules_error(error,
                           _("The cross and the cards out of the game do not match the "
                             "%u cards drawn from the stack"),
                           drawn);
    if (self->phase != BUX_PHASE_START) {
        guint finished = self->start < 0 ? self->cross : self->cross - 1;
        guint drawn_here = self->start < 0
                               ? 0
                               : drawn - (self->cross - 1) * (BUX_STACK_PART + 1) -
                                     (estimating_between ? 1 : 0);
        guint gone = self->removed->len;
        for (guint i = 0; i < n; i++)
            gone += self->bonus[i]->len;
        if (in_arms > drawn_here || in_arms > BUX_STACK_PART ||
            gone != finished * (BUX_STACK_PART + 1) + (drawn_here - in_arms))
            return rules_error(error,
                               _("The cross and the cards out of the game do not match the "
                                 "%u cards drawn from the stack"),
                               drawn);
    }
    guint starts_needed = (3 - self->cross) + (self->phase == BUX_PHASE_START ? 1 : 0);
    if (self->reserve->len < starts_needed)
        return rules_error(error, "%s", _("The reserve cannot supply the next starting cards"));

    if (self->phase == BUX_PHASE_CHALLENGE) {
        if (self->decided[self->turn])
            return rules_error(error, "%s", _("The placer cannot have decided on a challenge"));
        if (bux_game_all_decided(self))
            return rules_error(error, "%s", _("Everyone has passed but the challenge is open"));
        /* RULES.md: people come first — a waiting call is a computer's, made before every
         * person had decided. */
        if (self->challenger >= 0 &&
            ((guint)self->challenger == self->turn ||
             lp_player_is_human(lp_game_get_player(LP_GAME(self), self->challenger)) ||
             !self->decided[self->challenger] || bux_game_humans_decided(self)))
            return rules_error(error, "%s", _("A waiting “Wrong!” must be a computer’s, "
                                              "called before every person decided"));
    }
    if (self->phase == BUX_PHASE_NEIGHBOUR) {
        if ((guint)self->challenger == self->turn)
            return rules_error(error, "%s", _("The placer cannot be the challenger"));
        if (bux_game_get_neighbour(self, BUX_SIDE_OUTER) < 0)
            return rules_error(error, "%s", _("The challenged card has only one neighbour, "
                                              "there is nothing to choose"));
    }
    if (self->phase == BUX_PHASE_ESTIMATE && bux_game_get_estimating_seat(self) < 0)
        return rules_error(error, "%s", _("All estimates are in but the scoring has not run"));
    return TRUE;
}

gboolean bux_game_load_state(LpGame *game, JsonNode *state, GError **error)
{
    BuxGame *self = BUX_GAME(game);
    guint n = lp_game_get_n_players(game);

    if (n < 2 || n > BUX_MAX_SEATS) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("Ausgerechnet Buxtehude needs 2 to 6 players, not %u"), n);
        return FALSE;
    }
    if (state == NULL || !JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                    _("“state” must be an object"));
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(state);
    if (self->deck == NULL && json_object_has_member(obj, "deck")) {
        const char *checksum;
        if (!lp_json_get_string(obj, "deck", &checksum, error))
            return FALSE;
        self->deck = bux_deck_for_checksum(checksum, error);
        if (self->deck == NULL)
            return FALSE;
    }
    if (self->deck == NULL) {
        self->deck = bux_deck_get_default(error);
        if (self->deck == NULL)
            return FALSE;
    }
    g_autofree guint8 *seen = g_new0(guint8, bux_deck_get_n_cards(self->deck));
    return read_setup(self, obj, error) && read_piles(self, obj, seen, error) &&
           read_cross(self, obj, seen, error) && read_purses(self, obj, seen, error) &&
           read_open_decisions(self, obj, error) && check_consistency(self, seen, error) &&
           bux_game_load_figures(self, obj, error) && bux_game_where_load(self, obj, error) &&
           /* Optional: saves from before issue 33 have none. */
           bux_game_load_last(self, obj, _("The save reveals cards without a challenge"),
                              error);
}
