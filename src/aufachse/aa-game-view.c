/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Auf Achse on several devices (issue 31, DESIGN.md "Several devices"): what one seat may see
 * of the table, the mirror built from it, and the actions a seat sends. No GTK.
 *
 * The secrets of Auf Achse (RULES.md: Auf Achse, "Hidden information"; the rulebook), and
 * who may see them when:
 * - a hand: its owner, for the whole game; everybody sees how many cards it holds;
 * - a route: its owner while the stage is under way (its cards lie face down); everybody
 *   sees its length, and every card once the stage is scored (phases stage-end and over);
 * - the counter pile: nobody sees its cards until each is turned over; everybody sees how
 *   many lie there and who put each. The view does not tell a seat its own card either: no
 *   getter gives it, and nothing at the table needs it;
 * - the draw pile: its cards and their order (a shuffle of the discard pile included);
 *   everybody sees its size;
 * - the discard pile: its cards (route cards lost to an obstacle go there unseen); everybody
 *   sees its size;
 * - the random generator's state and the computer players' secret: never in a view (the
 *   core adds only the viewing seat's own key). Auf Achse's computer players keep no
 *   lasting beliefs, so its state holds no salt of theirs.
 * Open for everybody: phase, stage, start seat, whose turn and which step, the resolved
 * counter cards, the card turned last, the +1/+2 in effect and who still owes extra cards,
 * the stage scores and the longest scoring routes. */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-game-private.h"
#include "lp-json.h"

/* ---- view ---- */

static JsonNode *cards_or_null(gboolean known, GArray *cards)
{
    if (!known)
        return json_node_new(JSON_NODE_NULL);
    JsonNode *node = json_node_new(JSON_NODE_ARRAY);
    json_node_take_array(node, aa_cards_to_json(cards));
    return node;
}

JsonNode *aa_game_view_state(LpGame *game, int viewer)
{
    AaGame *self = AA_GAME(game);
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "phase",
                                  lp_enum_to_nick(AA_TYPE_PHASE, aa_game_get_phase(self)));
    json_object_set_int_member(obj, "stage", aa_game_get_stage(self));
    json_object_set_boolean_member(obj, "announced", self->announced);
    json_object_set_int_member(obj, "start_seat", aa_game_get_start_seat(self));
    json_object_set_int_member(obj, "play_index", self->play_index);
    json_object_set_boolean_member(obj, "route_done", self->route_done);
    json_object_set_int_member(obj, "draw_size", aa_game_get_draw_size(self));
    json_object_set_int_member(obj, "discard_size", aa_game_get_discard_size(self));
    JsonArray *owners = json_array_new();
    for (guint i = 0; i < aa_game_get_pile_size(self); i++)
        json_array_add_int_element(owners, aa_game_get_pile_owner(self, i));
    json_object_set_array_member(obj, "pile_owners", owners);
    json_object_set_array_member(obj, "counter", aa_cards_to_json(aa_game_get_counter(self)));
    JsonArray *hand_sizes = json_array_new(), *hands = json_array_new();
    JsonArray *route_lengths = json_array_new(), *routes = json_array_new();
    JsonArray *extra = json_array_new();
    for (guint s = 0; s < self->n; s++) {
        GArray *cards = NULL;
        json_array_add_int_element(hand_sizes, aa_game_get_hand_size(self, s));
        gboolean known = aa_game_get_hand(self, viewer, s, &cards);
        json_array_add_element(hands, cards_or_null(known, cards));
        json_array_add_int_element(route_lengths, aa_game_get_route_length(self, s));
        known = aa_game_get_route(self, viewer, s, &cards);
        json_array_add_element(routes, cards_or_null(known, cards));
        json_array_add_int_element(extra, aa_game_get_extra_left(self, s));
    }
    json_object_set_array_member(obj, "hand_sizes", hand_sizes);
    json_object_set_array_member(obj, "hands", hands);
    json_object_set_array_member(obj, "route_lengths", route_lengths);
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "extra_left", extra);
    aa_game_save_open_end(self, obj);
    JsonNode *node = json_node_init_object(json_node_alloc(), obj);
    json_object_unref(obj);
    return node;
}

/* ---- mirror ---- */

static void push_hidden(GArray *cards, guint n)
{
    for (guint i = 0; i < n; i++)
        aa_cards_push(cards, AA_CARD_HIDDEN);
}

static gboolean view_error(GError **error, const char *message)
{
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s", message);
    return FALSE;
}

/* "<member>" and "<sizes>": per seat a size, and the cards when shown (else null); shown
 * exactly for the seats whose cards viewer may see, so a mirror never holds a card its
 * viewer's page may not show, nor lacks one it must. */
static gboolean read_seat_cards(AaGame *self, JsonObject *obj, const char *member,
                                const char *sizes, guint max, GArray **out,
                                gboolean (*may_see)(AaGame *, int, guint), int viewer,
                                GError **error)
{
    JsonArray *cards, *counts;
    if (!lp_json_get_array(obj, member, &cards, error) ||
        !lp_json_get_array(obj, sizes, &counts, error))
        return FALSE;
    if (json_array_get_length(cards) != self->n || json_array_get_length(counts) != self->n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("“%s” and “%s” must hold one entry per player (%u)"), member, sizes,
                    self->n);
        return FALSE;
    }
    for (guint s = 0; s < self->n; s++) {
        gint64 size;
        if (!lp_json_array_get_int(counts, s, sizes, 0, max, &size, error))
            return FALSE;
        JsonNode *node = json_array_get_element(cards, s);
        gboolean shown = !JSON_NODE_HOLDS_NULL(node);
        if (shown != may_see(self, viewer, s)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        shown ? _("entry %u of “%s” is shown to a player who may not see it")
                              : _("entry %u of “%s” is missing"),
                        s + 1, member);
            return FALSE;
        }
        if (!shown) {
            push_hidden(out[s], (guint)size);
            continue;
        }
        if (!JSON_NODE_HOLDS_ARRAY(node)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("entry %u of “%s” must be a list of cards"), s + 1, member);
            return FALSE;
        }
        if (!aa_cards_from_array(json_node_get_array(node), member, out[s], error))
            return FALSE;
        if (out[s]->len != size) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        _("entry %u of “%s” does not hold as many cards as “%s” says"), s + 1,
                        member, sizes);
            return FALSE;
        }
    }
    return TRUE;
}

/* RULES.md: who sees a hand, and a route (as aa_game_get_hand and aa_game_get_route). */
static gboolean may_see_hand(AaGame *self, int viewer, guint seat)
{
    return viewer >= 0 && (guint)viewer == seat;
}

static gboolean may_see_route(AaGame *self, int viewer, guint seat)
{
    return self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER ||
           may_see_hand(self, viewer, seat);
}

/* The getters promise sorted hands, whatever order the host sent. */
static gboolean sort_hands(AaGame *self)
{
    for (guint s = 0; s < self->n; s++)
        g_array_sort(self->hands[s], aa_cards_compare);
    return TRUE;
}

/* The face-down piles: only their sizes; pile_owners gives the counter pile's. */
static gboolean read_hidden_piles(AaGame *self, JsonObject *obj, GError **error)
{
    gint64 draw, discard;
    JsonArray *owners;
    if (!lp_json_get_int(obj, "draw_size", 0, AA_N_CARDS, &draw, error) ||
        !lp_json_get_int(obj, "discard_size", 0, AA_N_CARDS, &discard, error) ||
        !lp_json_get_array(obj, "pile_owners", &owners, error))
        return FALSE;
    if (json_array_get_length(owners) > self->n)
        return view_error(error, _("the counter pile holds more than one card per player"));
    push_hidden(self->draw, (guint)draw);
    push_hidden(self->discard, (guint)discard);
    push_hidden(self->pile, json_array_get_length(owners));
    return aa_game_read_pile_owners(self, obj, error);
}

gboolean aa_game_load_view(LpGame *game, JsonNode *state, GError **error)
{
    AaGame *self = AA_GAME(game);
    int viewer = lp_game_get_viewer(game);
    JsonObject *obj = aa_game_state_object(self, state, error);
    /* The whole table adds up to the 109 cards (hidden ones counted), every card it shows
     * lies in one place, and the counts and the phase fit the rules: aa_game_check on the
     * mirror, which takes a hidden card for one it may not know. */
    return obj != NULL && aa_game_read_progress(self, obj, error) &&
           aa_cards_from_json(obj, "counter", self->counter, error) &&
           read_seat_cards(self, obj, "hands", "hand_sizes", AA_HAND_SIZE, self->hands,
                           may_see_hand, viewer, error) &&
           read_seat_cards(self, obj, "routes", "route_lengths", AA_N_CARDS, self->routes,
                           may_see_route, viewer, error) &&
           sort_hands(self) && read_hidden_piles(self, obj, error) &&
           aa_game_read_extra_left(self, obj, error) &&
           aa_game_read_scores(self, obj, error) && aa_game_check(self, error) &&
           aa_game_load_longest(self, obj, error);
}

/* ---- actions ---- */

static gboolean action_error(GError **error, int code, const char *message)
{
    g_set_error(error, LP_GAME_ERROR, code, "%s", message);
    return FALSE;
}

typedef struct {
    const char *type;
    guint card;
} Move;

static JsonNode *move_node(gconstpointer data)
{
    const Move *move = data;
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "type", move->type);
    json_object_set_int_member(obj, "card", move->card);
    JsonNode *action = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(action, obj);
    return action;
}

gboolean aa_game_request_move(AaGame *self, guint seat, const char *type, guint card,
                              GError **error)
{
    /* A seat sends only its own moves; its hand is the only one the mirror knows. */
    if ((int)seat != lp_game_get_viewer(LP_GAME(self)))
        return action_error(error, LP_GAME_ERROR_NOT_YOUR_TURN,
                            _("Only the host may make a move for another seat."));
    /* Each route and counter move kept where the games keep their actions
     * (lp_game_kept_action, the simulator; issue 35). */
    static JsonNode *kept[2][256];
    int kind = g_strcmp0(type, "route") == 0 ? 0 : g_strcmp0(type, "counter") == 0 ? 1 : -1;
    Move move = {type, card};
    JsonNode *action = lp_game_kept_action(
        kind >= 0 && card < G_N_ELEMENTS(kept[0]) ? &kept[kind][card] : NULL, move_node, &move);
    return lp_game_request_action(LP_GAME(self), action);
}

gboolean aa_game_refuse_own_step(AaGame *self, GError **error)
{
    return action_error(error, LP_GAME_ERROR_NOT_YOUR_TURN,
                        _("Only the host turns the counter pile over and deals a stage."));
}

/* docs/protocol.md ("Auf Achse"): {"type": "route" | "counter", "card": 0…108}, nothing else. The
 * seat comes from the connection, never from the action. */
gboolean aa_game_apply_action(LpGame *game, guint seat, JsonNode *action, GError **error)
{
    AaGame *self = AA_GAME(game);
    if (action == NULL || !JSON_NODE_HOLDS_OBJECT(action))
        return action_error(error, LP_GAME_ERROR_ILLEGAL_MOVE, _("The move is not an object."));
    JsonObject *obj = json_node_get_object(action);
    /* No member but "type" and "card": counted, not listed (every computer move comes this
     * way, issue 35). */
    if (json_object_get_size(obj) > (guint)json_object_has_member(obj, "type") +
                                        (guint)json_object_has_member(obj, "card"))
        return action_error(error, LP_GAME_ERROR_ILLEGAL_MOVE,
                            _("The move has a member that Auf Achse does not know."));
    const char *type = NULL;
    gint64 card = 0;
    if (!lp_json_get_string(obj, "type", &type, NULL) ||
        (!g_str_equal(type, "route") && !g_str_equal(type, "counter")))
        return action_error(error, LP_GAME_ERROR_ILLEGAL_MOVE,
                            _("Auf Achse knows only the moves “route” and “counter”."));
    if (!lp_json_get_int(obj, "card", 0, AA_N_CARDS - 1, &card, NULL))
        return action_error(error, LP_GAME_ERROR_ILLEGAL_MOVE,
                            _("The move must name a card from 0 to 108."));
    /* One decision at a time in Auf Achse: the current seat's, if any. */
    if (lp_game_get_current_seat(game) != (int)seat)
        return action_error(error, LP_GAME_ERROR_NOT_YOUR_TURN, _("It is not your turn."));
    if (g_str_equal(type, "route"))
        return aa_game_play_route(self, seat, (guint)card, error);
    return aa_game_play_counter(self, seat, (guint)card, error);
}

int aa_game_get_computer_seat(LpGame *game)
{
    int seat = lp_game_get_current_seat(game);
    if (seat < 0 || aa_game_get_step(AA_GAME(game)) == AA_STEP_NONE ||
        lp_player_is_human(lp_game_get_player(game, (guint)seat)))
        return -1;
    return seat;
}
