/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buxtehude on several devices (issue 31): what each seat may see (view_state), a mirror
 * built from it (load_view), the actions a mirror requests and the host applies, and the
 * computer seat the game waits for. docs/protocol.md ("Ausgerechnet Buxtehude") describes the members.
 *
 * The secrets of the game (RULES.md: Ausgerechnet Buxtehude, "hidden information", and the
 * rulebook), none of which is in any view while it is hidden:
 * - the order of the draw stack: only the card in hand (drawn and read aloud, so public)
 *   and how many entries are left (the Intermezzo cards lie at fixed places, so the count
 *   tells where they are);
 * - the order of the reserve (the next starting cards): only its size;
 * - an estimate at an Intermezzo or the final scoring while others still estimate: only its
 *   own seat sees it, the others see that it was entered; all show in "last_scoring";
 * - whether a card was right when laid (the "right" of the figures): it would tell every
 *   seat whether to call "Wrong!", so it shows only once the game is over;
 * - a computer seat's lasting beliefs: the salt the deal drew for it (kept in saves for old
 *   games, never sent) and the core's per-seat key, which only its own seat receives.
 * The coordinates on the cards' backs are the same for every seat (the deck ships with the
 * program); what each seat knows of them is its own head, not the game's state. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bux-game-private.h"
#include "lp-json.h"

/* Entries of a full stack: 15 cards, Intermezzo, 15, Intermezzo, 15. */
#define FULL_STACK (BUX_PLACE_CARDS + 2)

static const char *const side_nicks[] = { "inner", "outer" };

static const char *card_id(BuxGame *self, int card)
{
    return bux_deck_get_card(bux_game_get_deck(self), card)->id;
}

static JsonArray *ids_of(BuxGame *self, GArray *cards)
{
    JsonArray *array = json_array_new();
    for (guint i = 0; cards != NULL && i < cards->len; i++)
        json_array_add_string_element(array, card_id(self, bux_int_at(cards, i)));
    return array;
}

static JsonObject *arms_object(BuxGame *self, GArray *const *arms)
{
    JsonObject *obj = json_object_new();
    for (guint a = 0; a < BUX_N_ARMS; a++)
        json_object_set_array_member(obj, bux_arm_to_string(a), ids_of(self, arms[a]));
    return obj;
}

/* ---- the deck ---------------------------------------------------------------------------- */

/* Which cards a view's ids name: a checksum of the deck's card data, so that a client with
 * other cards (another version of the program) refuses the view, and a mirror in the host's
 * own process (the computer players decide on one) finds the host's deck, even one made for a
 * test. Card data shared by the process, not game state (like bux_deck_get_default). */
static GMutex decks_lock;
static GHashTable *decks; /* checksum → BuxDeck, not a reference: removed when it goes */

static void forget_deck(gpointer checksum, GObject *gone)
{
    g_mutex_lock(&decks_lock);
    if (g_hash_table_lookup(decks, checksum) == gone)
        g_hash_table_remove(decks, checksum);
    g_mutex_unlock(&decks_lock);
}

const char *bux_deck_checksum(BuxDeck *deck)
{
    static GQuark quark;
    if (quark == 0)
        quark = g_quark_from_static_string("bux-deck-checksum");
    const char *known = g_object_get_qdata(G_OBJECT(deck), quark);
    if (known != NULL)
        return known;
    g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
    for (guint c = 0; c < bux_deck_get_n_cards(deck); c++) {
        const BuxCard *card = bux_deck_get_card(deck, c);
        char line[256];
        g_snprintf(line, sizeof line, "%s %.17g %.17g %d\n", card->id, card->lat, card->lon,
                   card->difficulty);
        g_checksum_update(sum, (const guchar *)line, -1);
    }
    char *text = g_strdup(g_checksum_get_string(sum));
    g_object_set_qdata_full(G_OBJECT(deck), quark, text, g_free);
    g_mutex_lock(&decks_lock);
    if (decks == NULL)
        decks = g_hash_table_new(g_str_hash, g_str_equal);
    if (g_hash_table_lookup(decks, text) == NULL) {
        g_hash_table_insert(decks, text, deck);
        g_object_weak_ref(G_OBJECT(deck), forget_deck, text);
    }
    g_mutex_unlock(&decks_lock);
    return text;
}

/* The deck a view names: the program's own, or one this process holds. */
BuxDeck *bux_deck_for_checksum(const char *checksum, GError **error)
{
    g_autoptr(BuxDeck) deck = bux_deck_get_default(error);
    if (deck == NULL)
        return NULL;
    if (strcmp(bux_deck_checksum(deck), checksum) == 0)
        return g_steal_pointer(&deck);
    BuxDeck *other = NULL;
    g_mutex_lock(&decks_lock);
    if (decks != NULL && (other = g_hash_table_lookup(decks, checksum)) != NULL)
        g_object_ref(other);
    g_mutex_unlock(&decks_lock);
    if (other == NULL)
        g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_WRONG_GAME,
                            _("The host plays with other Buxtehude cards (another version "
                              "of Landpartie?)"));
    return other;
}

/* ---- view_state ------------------------------------------------------------------------- */

JsonObject *bux_game_challenge_object(BuxGame *self, const BuxChallenge *c)
{
    JsonObject *obj = json_object_new();
    json_object_set_int_member(obj, "placer", c->placer);
    json_object_set_int_member(obj, "challenger", c->challenger);
    json_object_set_string_member(obj, "card", card_id(self, c->card));
    json_object_set_string_member(obj, "neighbour", card_id(self, c->neighbour));
    json_object_set_string_member(obj, "arm", bux_arm_to_string(c->arm));
    json_object_set_int_member(obj, "index", c->index);
    json_object_set_string_member(obj, "side", side_nicks[c->side]);
    json_object_set_boolean_member(obj, "rightful", c->rightful);
    json_object_set_int_member(obj, "payer", c->payer);
    json_object_set_int_member(obj, "payee", c->payee);
    json_object_set_boolean_member(obj, "from_supply", c->from_supply);
    json_object_set_boolean_member(obj, "paid", c->paid);
    return obj;
}

JsonObject *bux_game_scoring_object(BuxGame *self, const BuxScoring *sc)
{
    JsonObject *obj = json_object_new();
    json_object_set_int_member(obj, "cross", sc->cross);
    json_object_set_boolean_member(obj, "final", sc->final);
    json_object_set_string_member(obj, "start", card_id(self, sc->start));
    json_object_set_object_member(obj, "arms", arms_object(self, sc->arms));
    json_object_set_array_member(obj, "wrong", ids_of(self, sc->wrong));
    json_object_set_array_member(obj, "wrong_ref", ids_of(self, sc->wrong_ref));
    json_object_set_array_member(obj, "estimates", lp_json_int_array(sc->estimates,
                                                                    sc->n_players));
    json_object_set_int_member(obj, "count", sc->count);
    json_object_set_boolean_member(obj, "exact", sc->exact);
    json_object_set_array_member(obj, "award", lp_json_int_array(sc->award, sc->n_players));
    json_object_set_array_member(obj, "received",
                                 lp_json_int_array(sc->received, sc->n_players));
    return obj;
}

static JsonNode *figures_view(BuxGame *self)
{
    JsonArray *seats = json_array_new();
    gboolean over = bux_game_get_phase(self) == BUX_PHASE_OVER;
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(self)); s++) {
        const BuxFigures *f = bux_game_get_figures(self, s);
        JsonObject *obj = json_object_new();
        json_object_set_int_member(obj, "placed", f->placed);
        if (over)
            json_object_set_int_member(obj, "right", f->right);
        json_object_set_int_member(obj, "called", f->called);
        json_object_set_int_member(obj, "won", f->won);
        json_object_set_int_member(obj, "hits", f->hits);
        json_array_add_object_element(seats, obj);
    }
    JsonObject *obj = json_object_new();
    json_object_set_array_member(obj, "seats", seats);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

JsonNode *bux_game_view_state(LpGame *game, int viewer)
{
    BuxGame *self = BUX_GAME(game);
    guint n = lp_game_get_n_players(game);
    BuxPhase phase = bux_game_get_phase(self);
    JsonObject *obj = json_object_new();

    json_object_set_string_member(obj, "deck", bux_deck_checksum(bux_game_get_deck(self)));
    json_object_set_boolean_member(obj, "easy", bux_game_get_easy(self));
    json_object_set_string_member(obj, "phase", lp_enum_to_nick(BUX_TYPE_PHASE, phase));
    json_object_set_int_member(obj, "turn", bux_game_get_turn_seat(self));
    json_object_set_int_member(obj, "cross", bux_game_get_cross_number(self));
    /* The stack's size only: the Intermezzo cards lie at fixed places. */
    json_object_set_int_member(obj, "stack", bux_game_get_stack_remaining(self) +
                                                 bux_game_get_intermezzos_left(self));
    int hand = bux_game_get_hand(self);
    if (hand >= 0)
        json_object_set_string_member(obj, "hand", card_id(self, hand));
    json_object_set_int_member(obj, "reserve", bux_game_get_reserve_size(self));
    json_object_set_array_member(obj, "removed", ids_of(self, self->removed));
    int start = bux_game_get_start_card(self);
    if (start >= 0)
        json_object_set_string_member(obj, "start", card_id(self, start));
    else
        json_object_set_null_member(obj, "start");
    json_object_set_object_member(obj, "arms", arms_object(self, self->arms));

    JsonArray *chips = json_array_new();
    JsonArray *bonus = json_array_new();
    for (guint s = 0; s < n; s++) {
        json_array_add_int_element(chips, bux_game_get_chips(self, s));
        json_array_add_array_element(bonus, ids_of(self, self->bonus[s]));
    }
    json_object_set_array_member(obj, "chips", chips);
    json_object_set_int_member(obj, "supply", bux_game_get_supply(self));
    json_object_set_array_member(obj, "bonus", bonus);
    json_object_set_member(obj, "figures", figures_view(self));
    json_object_set_member(obj, "crosses", bux_game_where_save(self));

    BuxArm arm;
    guint index;
    if (bux_game_get_placed(self, &arm, &index)) {
        JsonObject *placed = json_object_new();
        json_object_set_string_member(placed, "arm", bux_arm_to_string(arm));
        json_object_set_int_member(placed, "index", index);
        json_object_set_object_member(obj, "placed", placed);
    }
    if (phase == BUX_PHASE_CHALLENGE) {
        JsonArray *decided = json_array_new();
        for (guint s = 0; s < n; s++)
            json_array_add_boolean_element(decided, bux_game_has_decided(self, s));
        json_object_set_array_member(obj, "decided", decided);
    }
    if (phase == BUX_PHASE_NEIGHBOUR)
        json_object_set_int_member(obj, "challenger", bux_game_get_challenger(self));
    if (phase == BUX_PHASE_ESTIMATE) {
        /* RULES.md hidden information: who has estimated is seen, the number only by its
         * own seat. */
        JsonArray *estimated = json_array_new();
        for (guint s = 0; s < n; s++)
            json_array_add_boolean_element(estimated, bux_game_has_estimated(self, s));
        json_object_set_array_member(obj, "estimated", estimated);
        int estimate;
        if (viewer >= 0 && bux_game_get_estimate(self, viewer, viewer, &estimate))
            json_object_set_int_member(obj, "estimate", estimate);
    }
    const BuxChallenge *c = bux_game_get_last_challenge(self);
    if (c != NULL) {
        json_object_set_object_member(obj, "last_challenge",
                                      bux_game_challenge_object(self, c));
        json_object_set_boolean_member(obj, "revealed", bux_game_is_revealed(self, c->card));
    }
    const BuxScoring *sc = bux_game_get_last_scoring(self);
    if (sc != NULL)
        json_object_set_object_member(obj, "last_scoring", bux_game_scoring_object(self, sc));

    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

/* ---- load_view -------------------------------------------------------------------------- */

static gboolean view_error(GError **error, const char *message)
{
    g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, message);
    return FALSE;
}

/* A card id of the deck in play, or -1 with an error. */
static int lookup(BuxGame *self, const char *id, const char *what, GError **error)
{
    int card = bux_deck_lookup(bux_game_get_deck(self), id);
    if (card < 0 || (bux_game_get_easy(self) &&
                     bux_deck_get_card(bux_game_get_deck(self), card)->difficulty >= 3)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                    _("“%s” names the card “%s”, which is not in the deck"), what, id);
        return -1;
    }
    return card;
}

static int get_card(BuxGame *self, JsonObject *obj, const char *member, GError **error)
{
    const char *id;
    if (!lp_json_get_string(obj, member, &id, error))
        return -1;
    return lookup(self, id, member, error);
}

/* An array of card ids, each once, into out. */
static gboolean get_cards(BuxGame *self, JsonObject *obj, const char *member, GArray *out,
                          GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    guint len = json_array_get_length(array);
    if (len > bux_deck_get_n_cards(bux_game_get_deck(self)))
        return view_error(error, _("A list of cards in the view is too long"));
    for (guint i = 0; i < len; i++) {
        const char *id;
        if (!lp_json_array_get_string(array, i, member, &id, error))
            return FALSE;
        int card = lookup(self, id, member, error);
        if (card < 0)
            return FALSE;
        for (guint j = 0; j < out->len; j++)
            if (bux_int_at(out, j) == card)
                return view_error(error, _("A card occurs twice in the view"));
        g_array_append_val(out, card);
    }
    return TRUE;
}

/* An array of n ints in [min, max]. */
static gboolean get_ints(JsonObject *obj, const char *member, guint n, gint64 min, gint64 max,
                         int *out, GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    if (json_array_get_length(array) != n)
        return view_error(error, _("A list in the view does not have one entry per player"));
    for (guint i = 0; i < n; i++) {
        gint64 v;
        if (!lp_json_array_get_int(array, i, member, min, max, &v, error))
            return FALSE;
        out[i] = (int)v;
    }
    return TRUE;
}

static gboolean get_bools(JsonObject *obj, const char *member, guint n, gboolean *out,
                          GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    if (json_array_get_length(array) != n)
        return view_error(error, _("A list in the view does not have one entry per player"));
    for (guint i = 0; i < n; i++) {
        JsonNode *node = json_array_get_element(array, i);
        if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_BOOLEAN)
            return view_error(error, _("A list in the view must hold true or false"));
        out[i] = json_node_get_boolean(node);
    }
    return TRUE;
}

static gboolean get_side(JsonObject *obj, const char *member, BuxSide *side, GError **error)
{
    const char *nick;
    if (!lp_json_get_string(obj, member, &nick, error))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(side_nicks); i++) {
        if (strcmp(nick, side_nicks[i]) == 0) {
            *side = i;
            return TRUE;
        }
    }
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                _("“%s” must be “inner” or “outer”"), member);
    return FALSE;
}

/* The last challenge, checked against the deck: the pair's verdict must be the true one. */
static gboolean load_challenge(BuxGame *self, JsonObject *obj, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    BuxChallenge c = { 0 };
    gint64 placer, challenger, index, payer, payee;
    int arm;
    if (!lp_json_get_int(obj, "placer", 0, n - 1, &placer, error) ||
        !lp_json_get_int(obj, "challenger", 0, n - 1, &challenger, error) ||
        !lp_json_get_int(obj, "payer", 0, n - 1, &payer, error) ||
        !lp_json_get_int(obj, "payee", 0, n - 1, &payee, error) ||
        !lp_json_get_int(obj, "index", 0, BUX_STACK_PART, &index, error) ||
        !lp_json_get_enum(obj, "arm", BUX_TYPE_ARM, &arm, error) ||
        !get_side(obj, "side", &c.side, error) ||
        !lp_json_get_bool(obj, "rightful", &c.rightful, error) ||
        !lp_json_get_bool(obj, "from_supply", &c.from_supply, error) ||
        !lp_json_get_bool(obj, "paid", &c.paid, error))
        return FALSE;
    c.card = get_card(self, obj, "card", error);
    if (c.card < 0)
        return FALSE;
    c.neighbour = get_card(self, obj, "neighbour", error);
    if (c.neighbour < 0)
        return FALSE;
    c.placer = placer;
    c.challenger = challenger;
    c.payer = payer;
    c.payee = payee;
    c.index = index;
    c.arm = arm;
    gboolean correct = c.side == BUX_SIDE_INNER
                           ? bux_pair_is_correct(self->deck, c.arm, c.neighbour, c.card)
                           : bux_pair_is_correct(self->deck, c.arm, c.card, c.neighbour);
    if (c.card == c.neighbour || c.placer == c.challenger || c.rightful == correct ||
        c.payee != (c.rightful ? c.challenger : c.placer) ||
        c.payer != (c.rightful ? c.placer : c.challenger) || (!c.paid && !c.from_supply))
        return view_error(error, _("The last challenge in the view does not add up"));
    self->last_challenge = c;
    self->has_last_challenge = TRUE;
    return TRUE;
}

static void scoring_clear(BuxScoring *sc)
{
    for (guint a = 0; a < BUX_N_ARMS; a++)
        g_clear_pointer(&sc->arms[a], g_array_unref);
    g_clear_pointer(&sc->wrong, g_array_unref);
    g_clear_pointer(&sc->wrong_ref, g_array_unref);
    g_clear_pointer(&sc->estimates, g_free);
    g_clear_pointer(&sc->award, g_free);
    g_clear_pointer(&sc->received, g_free);
}

static gboolean same_cards(GArray *a, GArray *b)
{
    /* memcmp with an empty array's NULL data is undefined, even for 0 bytes. */
    return a->len == b->len &&
           (a->len == 0 || memcmp(a->data, b->data, a->len * sizeof(int)) == 0);
}

/* The last scoring, checked by running RULES.md's check and awards on its cross again. */
static gboolean read_scoring(BuxGame *self, JsonObject *obj, BuxScoring *sc, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    BuxDeck *deck = bux_game_get_deck(self);
    gint64 cross, count;
    JsonObject *arms;
    if (!lp_json_get_int(obj, "cross", 1, 3, &cross, error) ||
        !lp_json_get_bool(obj, "final", &sc->final, error) ||
        !lp_json_get_int(obj, "count", 0, BUX_STACK_PART, &count, error) ||
        !lp_json_get_bool(obj, "exact", &sc->exact, error) ||
        !lp_json_get_object(obj, "arms", &arms, error))
        return FALSE;
    sc->cross = cross;
    sc->count = count;
    sc->n_players = n;
    sc->start = get_card(self, obj, "start", error);
    if (sc->start < 0)
        return FALSE;
    g_autoptr(GArray) all = g_array_new(FALSE, FALSE, sizeof(int));
    g_array_append_val(all, sc->start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        sc->arms[a] = g_array_new(FALSE, FALSE, sizeof(int));
        if (!get_cards(self, arms, bux_arm_to_string(a), sc->arms[a], error))
            return FALSE;
        g_array_append_vals(all, sc->arms[a]->data, sc->arms[a]->len);
    }
    if (all->len > BUX_STACK_PART + 1)
        return view_error(error, _("The last scoring in the view does not add up"));
    for (guint i = 0; i < all->len; i++)
        for (guint j = i + 1; j < all->len; j++)
            if (bux_int_at(all, i) == bux_int_at(all, j))
                return view_error(error, _("A card occurs twice in the view"));
    sc->wrong = g_array_new(FALSE, FALSE, sizeof(int));
    sc->wrong_ref = g_array_new(FALSE, FALSE, sizeof(int));
    sc->estimates = g_new(int, n);
    sc->award = g_new(int, n);
    sc->received = g_new(int, n);
    g_autoptr(GArray) wrong = g_array_new(FALSE, FALSE, sizeof(int));
    g_autoptr(GArray) wrong_ref = g_array_new(FALSE, FALSE, sizeof(int));
    if (!get_cards(self, obj, "wrong", wrong, error) ||
        !get_ints(obj, "estimates", n, 0, BUX_STACK_PART, sc->estimates, error) ||
        !get_ints(obj, "award", n, 0, 2, sc->award, error) ||
        !get_ints(obj, "received", n, 0, 2, sc->received, error))
        return FALSE;
    /* wrong_ref may name a card twice (two wrong cards against one reference). */
    JsonArray *refs;
    if (!lp_json_get_array(obj, "wrong_ref", &refs, error))
        return FALSE;
    if (json_array_get_length(refs) > BUX_STACK_PART)
        return view_error(error, _("The last scoring in the view does not add up"));
    for (guint i = 0; i < json_array_get_length(refs); i++) {
        const char *id;
        if (!lp_json_array_get_string(refs, i, "wrong_ref", &id, error))
            return FALSE;
        int card = lookup(self, id, "wrong_ref", error);
        if (card < 0)
            return FALSE;
        g_array_append_val(wrong_ref, card);
    }
    /* RULES.md: Intermezzo, run again on the deck's coordinates. */
    guint n_cards = bux_deck_get_n_cards(deck);
    g_autofree double *lat = g_new0(double, n_cards);
    g_autofree double *lon = g_new0(double, n_cards);
    for (guint i = 0; i < all->len; i++) {
        int card = bux_int_at(all, i);
        lat[card] = bux_deck_get_card(deck, card)->lat;
        lon[card] = bux_deck_get_card(deck, card)->lon;
    }
    int checked = bux_check_cross(lat, lon, sc->start, sc->arms, sc->wrong, sc->wrong_ref);
    gboolean exact = FALSE;
    int best = G_MAXINT;
    for (guint s = 0; s < n; s++) {
        best = MIN(best, ABS(sc->estimates[s] - checked));
        exact = exact || sc->estimates[s] == checked;
    }
    gboolean ok = checked == sc->count && same_cards(wrong, sc->wrong) &&
                  same_cards(wrong_ref, sc->wrong_ref) && exact == sc->exact;
    for (guint s = 0; ok && s < n; s++) {
        int award = ABS(sc->estimates[s] - checked) == best ? (exact ? 2 : 1) : 0;
        ok = sc->award[s] == award && sc->received[s] <= award;
    }
    if (!ok)
        return view_error(error, _("The last scoring in the view does not add up"));
    return TRUE;
}

static gboolean load_scoring(BuxGame *self, JsonObject *obj, GError **error)
{
    BuxScoring *sc = g_new0(BuxScoring, 1);
    if (!read_scoring(self, obj, sc, error)) {
        scoring_clear(sc);
        g_free(sc);
        return FALSE;
    }
    if (self->last_scoring != NULL) {
        scoring_clear(self->last_scoring);
        g_free(self->last_scoring);
    }
    self->last_scoring = sc;
    return TRUE;
}

gboolean bux_game_load_last(BuxGame *self, JsonObject *obj, const char *no_challenge,
                            GError **error)
{
    JsonObject *challenge = NULL;
    if (json_object_has_member(obj, "last_challenge") &&
        (!lp_json_get_object(obj, "last_challenge", &challenge, error) ||
         !load_challenge(self, challenge, error) ||
         !lp_json_get_bool(obj, "revealed", &self->pair_revealed, error)))
        return FALSE;
    if (challenge == NULL && json_object_has_member(obj, "revealed"))
        return view_error(error, no_challenge);
    JsonObject *scoring = NULL;
    if (json_object_has_member(obj, "last_scoring") &&
        (!lp_json_get_object(obj, "last_scoring", &scoring, error) ||
         !load_scoring(self, scoring, error)))
        return FALSE;
    return TRUE;
}

static void copy_member(JsonObject *to, JsonObject *from, const char *member)
{
    JsonNode *node = json_object_get_member(from, member);
    if (node != NULL)
        json_object_set_member(to, member, json_node_copy(node));
}

/* Marks the cards a view names: the cross, the removed pile, the bonus cards, the hand. */
static gboolean mark_seen(BuxGame *self, JsonObject *view, guint8 *seen, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    g_autoptr(GArray) cards = g_array_new(FALSE, FALSE, sizeof(int));
    JsonObject *arms;
    JsonArray *bonus;
    if (!get_cards(self, view, "removed", cards, error) ||
        !lp_json_get_object(view, "arms", &arms, error) ||
        !lp_json_get_array(view, "bonus", &bonus, error))
        return FALSE;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        if (!get_cards(self, arms, bux_arm_to_string(a), cards, error))
            return FALSE;
    if (json_array_get_length(bonus) != n)
        return view_error(error, _("A list in the view does not have one entry per player"));
    for (guint s = 0; s < n; s++) {
        JsonNode *node = json_array_get_element(bonus, s);
        if (!JSON_NODE_HOLDS_ARRAY(node))
            return view_error(error, _("“bonus” must hold one list of cards per player"));
        g_autoptr(JsonObject) wrap = json_object_new();
        json_object_set_array_member(wrap, "bonus", json_array_ref(json_node_get_array(node)));
        if (!get_cards(self, wrap, "bonus", cards, error))
            return FALSE;
    }
    for (const char *const *m = (const char *const[]){ "start", "hand", NULL }; *m; m++) {
        JsonNode *node = json_object_get_member(view, *m);
        if (node == NULL || json_node_is_null(node))
            continue;
        int card = get_card(self, view, *m, error);
        if (card < 0)
            return FALSE;
        g_array_append_val(cards, card);
    }
    for (guint i = 0; i < cards->len; i++) {
        int card = bux_int_at(cards, i);
        if (seen[card])
            return view_error(error, _("A card occurs twice in the view"));
        seen[card] = 1;
    }
    return TRUE;
}

/* The view as a save's "state", with "hidden" for the cards of the stack the viewer does not
 * see and the reserve's size for its cards (a mirror's load takes them as BUX_HIDDEN and
 * counts them against the cards missing) and the others' estimates as 0, so that bux_game_load_state() checks
 * everything a save must satisfy. */
static JsonNode *stand_in_state(BuxGame *self, JsonObject *view, int viewer, gint64 *n_stack,
                                gint64 *n_reserve, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    BuxDeck *deck = bux_game_get_deck(self);
    guint n_cards = bux_deck_get_n_cards(deck);
    gboolean easy;
    int phase;
    if (!lp_json_get_bool(view, "easy", &easy, error) ||
        !lp_json_get_enum(view, "phase", BUX_TYPE_PHASE, &phase, error) ||
        !lp_json_get_int(view, "stack", 0, FULL_STACK, n_stack, error) ||
        !lp_json_get_int(view, "reserve", 0, n_cards, n_reserve, error))
        return NULL;
    self->easy = easy;
    g_autofree guint8 *seen = g_new0(guint8, n_cards);
    if (!mark_seen(self, view, seen, error))
        return NULL;
    gboolean has_hand = json_object_has_member(view, "hand");
    if (has_hand != (phase == BUX_PHASE_PLACE)) {
        view_error(error, _("The view shows a card in hand outside a turn"));
        return NULL;
    }
    guint hidden = 0;
    for (guint c = 0; c < n_cards; c++)
        hidden += !seen[c] && (!easy || bux_deck_get_card(deck, c)->difficulty < 3);
    guint drawn = FULL_STACK - *n_stack;
    guint in_stack = 0;
    for (guint j = has_hand ? 1 : 0; j < *n_stack; j++)
        if (drawn + j != BUX_STACK_PART && drawn + j != 2 * BUX_STACK_PART + 1)
            in_stack++;
    if (hidden != in_stack + *n_reserve) {
        view_error(error, _("The view does not account for every card"));
        return NULL;
    }

    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    JsonObject *state = json_object_new();
    json_node_take_object(node, state);
    static const char *const public_members[] = {
        "easy", "phase", "turn", "cross", "removed", "start", "arms", "chips", "supply",
        "bonus", "crosses", "placed", "decided", "challenger",
    };
    for (guint i = 0; i < G_N_ELEMENTS(public_members); i++)
        copy_member(state, view, public_members[i]);
    JsonArray *stack = json_array_new();
    for (guint j = 0; j < *n_stack; j++) {
        if (drawn + j == BUX_STACK_PART || drawn + j == 2 * BUX_STACK_PART + 1)
            json_array_add_string_element(stack, "intermezzo");
        else if (j == 0 && has_hand)
            json_array_add_string_element(stack, json_object_get_string_member(view, "hand"));
        else
            json_array_add_string_element(stack, "hidden");
    }
    json_object_set_array_member(state, "stack", stack);
    json_object_set_int_member(state, "reserve", *n_reserve);
    int zeros[BUX_MAX_SEATS] = { 0 };
    json_object_set_array_member(state, "ai_salt", lp_json_int_array(zeros, n));

    /* "right" shows only at the end of the game; before, the mirror counts 0. */
    static const char *const counts[] = { "placed", "right", "called", "won", "hits" };
    JsonObject *figures;
    JsonArray *seats;
    if (!lp_json_get_object(view, "figures", &figures, error) ||
        !lp_json_get_array(figures, "seats", &seats, error))
        return NULL;
    JsonArray *copy = json_array_new();
    JsonObject *figures_copy = json_object_new();
    json_object_set_array_member(figures_copy, "seats", copy);
    json_object_set_object_member(state, "figures", figures_copy);
    for (guint s = 0; s < json_array_get_length(seats); s++) {
        JsonNode *seat = json_array_get_element(seats, s);
        if (!JSON_NODE_HOLDS_OBJECT(seat)) {
            view_error(error, _("“figures” does not fit the game"));
            return NULL;
        }
        JsonObject *from = json_node_get_object(seat);
        JsonObject *one = json_object_new();
        json_array_add_object_element(copy, one);
        if (phase != BUX_PHASE_OVER && json_object_has_member(from, "right")) {
            view_error(error, _("The view tells whether cards were placed right"));
            return NULL;
        }
        for (guint k = 0; k < G_N_ELEMENTS(counts); k++) {
            gint64 v = 0;
            if ((k != 1 || phase == BUX_PHASE_OVER) &&
                !lp_json_get_int(from, counts[k], 0, BUX_PLACE_CARDS, &v, error))
                return NULL;
            json_object_set_int_member(one, counts[k], v);
        }
    }

    if (phase == BUX_PHASE_ESTIMATE) {
        gboolean estimated[BUX_MAX_SEATS] = { FALSE };
        int estimates[BUX_MAX_SEATS];
        if (!get_bools(view, "estimated", n, estimated, error))
            return NULL;
        for (guint s = 0; s < n; s++)
            estimates[s] = estimated[s] ? 0 : -1;
        gboolean own = viewer >= 0 && estimated[viewer];
        if (own != json_object_has_member(view, "estimate")) {
            view_error(error, _("The view shows an estimate it may not show, or misses one"));
            return NULL;
        }
        gint64 v = 0;
        if (own && !lp_json_get_int(view, "estimate", 0, BUX_STACK_PART, &v, error))
            return NULL;
        if (own)
            estimates[viewer] = v;
        json_object_set_array_member(state, "estimates", lp_json_int_array(estimates, n));
    } else if (json_object_has_member(view, "estimated") ||
               json_object_has_member(view, "estimate")) {
        view_error(error, _("The view shows estimates outside a scoring"));
        return NULL;
    }
    return g_steal_pointer(&node);
}

gboolean bux_game_load_view(LpGame *game, JsonNode *state, GError **error)
{
    BuxGame *self = BUX_GAME(game);
    /* lp_game_mirror_new() checked the players against the class's 2..6. */
    if (state == NULL || !JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                    _("“state” must be an object"));
        return FALSE;
    }
    JsonObject *view = json_node_get_object(state);
    const char *checksum;
    if (!lp_json_get_string(view, "deck", &checksum, error))
        return FALSE;
    g_clear_object(&self->deck);
    self->deck = bux_deck_for_checksum(checksum, error);
    if (self->deck == NULL)
        return FALSE;
    gint64 n_stack = 0, n_reserve = 0;
    g_autoptr(JsonNode) stand_in =
        stand_in_state(self, view, lp_game_get_viewer(game), &n_stack, &n_reserve, error);
    if (stand_in == NULL || !bux_game_load_state(game, stand_in, error))
        return FALSE;
    return bux_game_load_last(self, view, _("The view reveals cards without a challenge"),
                              error);
}

/* ---- actions ---------------------------------------------------------------------------- */

/* On a mirror, once a move's checks passed: a seat asks only for its own decisions. */
static gboolean request(BuxGame *self, int seat, JsonObject *action, GError **error)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, action);
    if (seat < 0 || lp_game_get_viewer(LP_GAME(self)) != seat) {
        g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                            _("This decision belongs to another player"));
        return FALSE;
    }
    return lp_game_request_action(LP_GAME(self), g_steal_pointer(&node));
}

static JsonObject *action_new(const char *type)
{
    JsonObject *action = json_object_new();
    json_object_set_string_member(action, "type", type);
    return action;
}

/* The calls of "Wrong!" and the passes, the most frequent requests by far (every seat decides
 * on every card laid): kept where the games keep their actions (lp_game_kept_action, the
 * simulator; issue 35). */
static JsonNode *make_decision(gconstpointer type)
{
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, action_new(type));
    return node;
}

static JsonNode *decision_node(gboolean challenge)
{
    static JsonNode *kept[2];
    return lp_game_kept_action(&kept[challenge ? 1 : 0], make_decision,
                               challenge ? "challenge" : "pass");
}

static gboolean request_node(BuxGame *self, int seat, JsonNode *node, GError **error)
{
    if (seat < 0 || lp_game_get_viewer(LP_GAME(self)) != seat) {
        json_node_unref(node);
        g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                            _("This decision belongs to another player"));
        return FALSE;
    }
    return lp_game_request_action(LP_GAME(self), node);
}

gboolean bux_game_request_begin(BuxGame *self, GError **error)
{
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                        _("The host’s game lays the starting card"));
    return FALSE;
}

gboolean bux_game_request_place(BuxGame *self, BuxArm arm, guint index, GError **error)
{
    JsonObject *action = action_new("place");
    json_object_set_string_member(action, "arm", bux_arm_to_string(arm));
    json_object_set_int_member(action, "index", index);
    return request(self, bux_game_get_turn_seat(self), action, error);
}

gboolean bux_game_request_decision(BuxGame *self, guint seat, gboolean challenge,
                                   GError **error)
{
    return request_node(self, seat, decision_node(challenge), error);
}

/* "No objection" on a mirror: the viewer's own seat, the only person at this device. */
gboolean bux_game_request_pass_humans(BuxGame *self, GError **error)
{
    int viewer = lp_game_get_viewer(LP_GAME(self));
    if (viewer < 0 || (guint)viewer == bux_game_get_turn_seat(self) ||
        bux_game_has_decided(self, viewer)) {
        g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                            _("This player has nothing to decide"));
        return FALSE;
    }
    return request_node(self, viewer, decision_node(FALSE), error);
}

gboolean bux_game_request_neighbour(BuxGame *self, BuxSide side, GError **error)
{
    JsonObject *action = action_new("neighbour");
    json_object_set_string_member(action, "side", side_nicks[side]);
    return request(self, bux_game_get_challenger(self), action, error);
}

gboolean bux_game_request_estimate(BuxGame *self, guint seat, int estimate, GError **error)
{
    JsonObject *action = action_new("estimate");
    json_object_set_int_member(action, "estimate", estimate);
    return request(self, seat, action, error);
}

static gboolean action_error(GError **error, const char *message)
{
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, message);
    return FALSE;
}

static gboolean not_your_turn(GError **error)
{
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                        _("This decision belongs to another player"));
    return FALSE;
}

/* The members an action may have besides "type", each required. */
static gboolean only_members(JsonObject *action, const char *const *members, GError **error)
{
    g_autoptr(GList) names = json_object_get_members(action);
    guint expected = 1;
    for (const char *const *m = members; *m != NULL; m++, expected++)
        if (!json_object_has_member(action, *m))
            return action_error(error, _("The move misses a member"));
    if (g_list_length(names) != expected)
        return action_error(error, _("The move has members it should not have"));
    return TRUE;
}

static gboolean is_computer(BuxGame *self, guint seat)
{
    return !lp_player_is_human(lp_game_get_player(LP_GAME(self), seat));
}

gboolean bux_game_apply_action(LpGame *game, guint seat, JsonNode *node, GError **error)
{
    BuxGame *self = BUX_GAME(game);
    JsonObject *action = json_node_get_object(node);
    const char *type = json_object_get_string_member(action, "type");
    BuxPhase phase = bux_game_get_phase(self);
    g_autoptr(GError) local = NULL;

    if (strcmp(type, "place") == 0) {
        int arm;
        gint64 index;
        if (!only_members(action, (const char *const[]){ "arm", "index", NULL }, error))
            return FALSE;
        if (!lp_json_get_enum(action, "arm", BUX_TYPE_ARM, &arm, &local) ||
            !lp_json_get_int(action, "index", 0, BUX_PLACE_CARDS, &index, &local))
            return action_error(error, local->message);
        if (phase == BUX_PHASE_PLACE && seat != bux_game_get_turn_seat(self))
            return not_your_turn(error);
        return bux_game_place(self, arm, index, error);
    }
    if (strcmp(type, "challenge") == 0 || strcmp(type, "pass") == 0) {
        if (!only_members(action, (const char *const[]){ NULL }, error))
            return FALSE;
        /* A computer decides in its place in the round (RULES.md: Turn). */
        if (phase == BUX_PHASE_CHALLENGE && is_computer(self, seat) &&
            bux_game_get_deciding_computer(self) != (int)seat)
            return not_your_turn(error);
        if (type[0] == 'c')
            return bux_game_challenge(self, seat, error);
        return bux_game_pass(self, seat, error);
    }
    if (strcmp(type, "neighbour") == 0) {
        BuxSide side;
        if (!only_members(action, (const char *const[]){ "side", NULL }, error))
            return FALSE;
        if (!get_side(action, "side", &side, &local))
            return action_error(error, local->message);
        if (phase == BUX_PHASE_NEIGHBOUR && bux_game_get_challenger(self) != (int)seat)
            return not_your_turn(error);
        return bux_game_choose_neighbour(self, side, error);
    }
    if (strcmp(type, "estimate") == 0) {
        gint64 estimate;
        if (!only_members(action, (const char *const[]){ "estimate", NULL }, error))
            return FALSE;
        if (!lp_json_get_int(action, "estimate", 0, BUX_PLACE_CARDS, &estimate, &local))
            return action_error(error, local->message);
        if (phase == BUX_PHASE_ESTIMATE && is_computer(self, seat) &&
            bux_game_get_estimating_seat(self) != (int)seat)
            return not_your_turn(error);
        return bux_game_estimate(self, seat, (int)estimate, error);
    }
    g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                _("Ausgerechnet Buxtehude has no move “%s”"), type);
    return FALSE;
}

/* The computer seat the game waits for: the placer, the next computer to decide on a card,
 * the challenger, or the next computer to estimate (computers estimate before people). */
static int bux_game_get_computer_seat(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    int seat = -1;
    switch (bux_game_get_phase(self)) {
    case BUX_PHASE_PLACE:
        seat = bux_game_get_turn_seat(self);
        break;
    case BUX_PHASE_CHALLENGE:
        return bux_game_get_deciding_computer(self);
    case BUX_PHASE_NEIGHBOUR:
        seat = bux_game_get_challenger(self);
        break;
    case BUX_PHASE_ESTIMATE:
        seat = bux_game_get_estimating_seat(self);
        break;
    default:
        return -1;
    }
    return seat >= 0 && is_computer(self, seat) ? seat : -1;
}

void bux_game_view_class_init(LpGameClass *game_class)
{
    game_class->view_state = bux_game_view_state;
    game_class->load_view = bux_game_load_view;
    game_class->copy_view = bux_game_copy_view;
    game_class->apply_action = bux_game_apply_action;
    game_class->get_computer_seat = bux_game_get_computer_seat;
}
