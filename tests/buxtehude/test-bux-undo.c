/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Undo in Ausgerechnet Buxtehude (issue 33): a person takes back their own last actions,
 * exactly, until another seat acts or something hidden comes to light; over the network too;
 * and a thousand random games with random undos keep every rule's invariant. */
#include "bux-ai.h"
#include "bux-game-private.h"
#include "bux-test-util.h"
#include "lp-json.h"

#include <string.h>

static char *save_of(BuxGame *game)
{
    return lp_game_save_to_data(LP_GAME(game), NULL);
}

static BuxGame *default_game(guint n, guint n_humans, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(n, n_humans, LP_LEVEL_NORMAL, -1);
    return bux_test_game(deck, players, seed);
}

/* Only seat may take back, or nobody when seat is -1. */
static void assert_undo_seat(BuxGame *game, int seat)
{
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++)
        g_assert_true(lp_game_can_undo(LP_GAME(game), s) == ((int)s == seat));
    g_assert_cmpint(lp_game_get_undo_seat(LP_GAME(game)), ==, seat);
}

/* seat's action can be taken back: the save is the one before, byte for byte; then the seat
 * that may take back (seat again for its earlier actions, or -1) is then. */
static void assert_undoes_then(BuxGame *game, guint seat, const char *before, int then)
{
    g_autoptr(GError) error = NULL;
    assert_undo_seat(game, seat);
    g_assert_true(lp_game_undo(LP_GAME(game), seat, &error));
    g_assert_no_error(error);
    g_autofree char *after = save_of(game);
    g_assert_cmpstr(after, ==, before);
    assert_undo_seat(game, then);
}

static void assert_undoes(BuxGame *game, guint seat, const char *before)
{
    assert_undoes_then(game, seat, before, -1);
}

/* Nobody can take anything back, and asking changes nothing. */
static void assert_refused(BuxGame *game)
{
    g_autofree char *before = save_of(game);
    assert_undo_seat(game, -1);
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++) {
        g_autoptr(GError) error = NULL;
        g_assert_false(lp_game_undo(LP_GAME(game), s, &error));
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    }
    g_autofree char *after = save_of(game);
    g_assert_cmpstr(after, ==, before);
}

static guint other_seat(BuxGame *game, guint k)
{
    return (bux_game_get_turn_seat(game) + k) % lp_game_get_n_players(LP_GAME(game));
}

/* Placement, call, pass, neighbour choice, estimate: each taken back exactly, or refused
 * where it showed something hidden. */
static void test_each_kind(void)
{
    g_autoptr(BuxOwnedGame) game = default_game(3, 3, 33);
    g_autoptr(GError) error = NULL;
    assert_refused(game); /* the deal laid the starting card and drew the first card */

    /* A placement. */
    guint placer = bux_game_get_turn_seat(game);
    g_autofree char *before = save_of(game);
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    assert_undoes(game, placer, before);
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));

    /* A pass: another seat acted, so only the pass can be taken back, not the card. */
    g_free(before);
    before = save_of(game);
    g_assert_true(bux_game_pass(game, other_seat(game, 1), &error));
    assert_undoes(game, other_seat(game, 1), before);
    g_assert_true(bux_game_pass(game, other_seat(game, 1), &error));
    /* The last pass draws the next card: it came to light. */
    g_assert_true(bux_game_pass(game, other_seat(game, 2), &error));
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
    assert_refused(game);

    /* A call with two neighbours opens the choice: the call can be taken back. */
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    guint caller = other_seat(game, 1);
    g_free(before);
    before = save_of(game);
    g_assert_true(bux_game_challenge(game, caller, &error));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_NEIGHBOUR);
    assert_undoes(game, caller, before);
    /* The choice resolves the challenge at once: refused. */
    g_assert_true(bux_game_challenge(game, caller, &error));
    g_assert_true(bux_game_choose_neighbour(game, BUX_SIDE_OUTER, &error));
    g_assert_no_error(error);
    g_assert_nonnull(bux_game_get_last_challenge(game));
    assert_refused(game);

    /* A call with one neighbour resolves at once: refused. */
    g_assert_true(bux_game_place(game, BUX_ARM_SOUTH, 0, &error));
    g_assert_true(bux_game_challenge(game, other_seat(game, 2), &error));
    g_assert_no_error(error);
    assert_refused(game);

    /* Estimates: everyone passes up to the Intermezzo. */
    while (bux_game_get_phase(game) != BUX_PHASE_ESTIMATE) {
        if (bux_game_get_phase(game) == BUX_PHASE_PLACE)
            g_assert_true(bux_game_place(game, BUX_ARM_EAST, 0, &error));
        else
            g_assert_true(bux_game_pass_humans(game, &error));
        g_assert_no_error(error);
    }
    /* The last pass only started the estimates (the Intermezzo's place is no secret). */
    guint first = bux_game_get_estimating_seat(game);
    g_free(before);
    before = save_of(game);
    g_autoptr(JsonNode) view_before = lp_game_view(LP_GAME(game), (first + 1) % 3);
    g_assert_true(bux_game_estimate(game, first, 2, &error));
    int seen;
    g_assert_true(bux_game_get_estimate(game, first, first, &seen));
    g_assert_false(bux_game_get_estimate(game, (first + 1) % 3, first, &seen));
    /* Seat 0 pressed "No objection" last, so its pass can then be taken back too. */
    g_assert_cmpuint(first, ==, 0);
    assert_undoes_then(game, first, before, 0);
    /* Nothing of the estimate stays: the others' views are the ones before but for who
     * took back what. */
    g_autoptr(JsonNode) view_after = lp_game_view(LP_GAME(game), (first + 1) % 3);
    JsonObject *state_after = json_object_get_object_member(json_node_get_object(view_after),
                                                            "state");
    JsonObject *state_before = json_object_get_object_member(json_node_get_object(view_before),
                                                             "state");
    g_autoptr(JsonNode) a = json_node_new(JSON_NODE_OBJECT);
    g_autoptr(JsonNode) b = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(a, state_after);
    json_node_set_object(b, state_before);
    g_autofree char *sa = lp_json_to_string(a, FALSE);
    g_autofree char *sb = lp_json_to_string(b, FALSE);
    g_assert_cmpstr(sa, ==, sb);
    g_assert_null(strstr(sa, "\"estimate\":"));
    g_assert_false(bux_game_get_estimate(game, first, first, &seen));
    /* The last estimate runs the scoring: refused. */
    for (int s; (s = bux_game_get_estimating_seat(game)) >= 0;)
        g_assert_true(bux_game_estimate(game, s, 1, &error));
    g_assert_no_error(error);
    assert_refused(game);
}

/* A computer's action, and another seat's, end what a person may take back. */
static void test_computer_and_other_seat(void)
{
    g_autoptr(BuxOwnedGame) game = default_game(3, 2, 7);
    g_autoptr(GError) error = NULL;
    g_assert_cmpuint(bux_game_get_turn_seat(game), ==, 0);
    g_assert_true(bux_game_place(game, BUX_ARM_WEST, 0, &error));
    assert_undo_seat(game, 0);
    /* Seat 2's computer decides: nothing to take back. */
    g_assert_true(lp_game_computer_step(LP_GAME(game), bux_ai_move));
    assert_undo_seat(game, -1);
    if (bux_game_get_phase(game) == BUX_PHASE_CHALLENGE) {
        /* Ben passes; Anna may not take back Ben's pass. */
        g_autofree char *before = save_of(game);
        g_assert_true(bux_game_pass(game, 1, &error));
        if (bux_game_get_phase(game) == BUX_PHASE_CHALLENGE ||
            bux_game_get_phase(game) == BUX_PHASE_NEIGHBOUR) {
            g_assert_false(lp_game_undo(LP_GAME(game), 0, &error));
            g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
            g_clear_error(&error);
            assert_undoes(game, 1, before);
        }
    }
}

/* A game on a test's deck: the restore behind the undo finds that deck, not the program's. */
static void test_other_deck(void)
{
    static const BuxTestCard cards[] = { { "start", 50.0, 10.0 }, { "n1", 51.0, 10.5 } };
    g_autoptr(BuxDeck) deck = bux_test_deck(cards, G_N_ELEMENTS(cards));
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, players, 5);
    g_autoptr(GError) error = NULL;
    g_autofree char *before = save_of(game);
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    assert_undoes(game, 0, before);
    g_assert_true(bux_game_get_deck(game) == deck);
}

static JsonNode *undo_action(void)
{
    return json_from_string("{\"type\":\"undo\"}", NULL);
}

static gboolean view_bool(BuxGame *game, int viewer, const char *member)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    JsonObject *obj = json_node_get_object(view);
    return json_object_has_member(obj, member) && json_object_get_boolean_member(obj, member);
}

static gboolean view_has(BuxGame *game, int viewer, const char *member)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    return json_object_has_member(json_node_get_object(view), member);
}

/* The network path: {"type":"undo"} for the seat that acted, refused for another. */
static void test_network(void)
{
    g_autoptr(BuxOwnedGame) game = default_game(3, 3, 12);
    g_autoptr(GError) error = NULL;
    g_autofree char *before = save_of(game);
    g_autoptr(JsonNode) place =
        json_from_string("{\"type\":\"place\",\"arm\":\"E\",\"index\":0}", NULL);
    g_assert_true(lp_game_apply_action(LP_GAME(game), 0, place, &error));
    g_assert_no_error(error);
    g_assert_true(view_bool(game, 0, "undo"));
    g_assert_false(view_bool(game, 1, "undo"));
    g_assert_false(view_has(game, 0, "undone"));

    g_autoptr(JsonNode) undo = undo_action();
    g_autofree char *placed = save_of(game);
    g_assert_false(lp_game_apply_action(LP_GAME(game), 1, undo, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_autofree char *still = save_of(game);
    g_assert_cmpstr(still, ==, placed);

    g_assert_true(lp_game_apply_action(LP_GAME(game), 0, undo, &error));
    g_assert_no_error(error);
    g_autofree char *after = save_of(game);
    g_assert_cmpstr(after, ==, before);
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < 3; viewer++) {
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
        JsonObject *undone = json_object_get_object_member(json_node_get_object(view),
                                                           "undone");
        g_assert_nonnull(undone);
        g_assert_cmpint(json_object_get_int_member(undone, "seat"), ==, 0);
        g_assert_cmpstr(json_object_get_string_member(undone, "what"), ==, "card");
    }
    g_assert_false(view_bool(game, 0, "undo"));
    g_autofree char *sentence = lp_game_describe_undone(LP_GAME(game));
    g_assert_cmpstr(sentence, ==, "Anna took back a card.");
}

/* ---- the property test -------------------------------------------------------------------- */

static void check_invariants(BuxGame *g)
{
    guint n = lp_game_get_n_players(LP_GAME(g));
    /* RULES.md: the supply plus the purses is always 36. */
    guint chips = g->supply;
    for (guint s = 0; s < n; s++)
        chips += g->chips[s];
    g_assert_cmpuint(chips, ==, BUX_TOTAL_CHIPS);
    /* Every card of the game exactly once. */
    guint n_cards = bux_deck_get_n_cards(g->deck);
    g_autofree guint8 *seen = g_new0(guint8, n_cards);
    guint total = 0;
#define SEE(card)                                                                              \
    do {                                                                                       \
        int c_ = (card);                                                                       \
        if (c_ != BUX_INTERMEZZO) {                                                            \
            g_assert_cmpint(c_, >=, 0);                                                        \
            g_assert_cmpuint(seen[c_], ==, 0);                                                 \
            seen[c_] = 1;                                                                      \
            total++;                                                                           \
        }                                                                                      \
    } while (0)
    for (guint i = g->stack_pos; i < g->stack->len; i++)
        SEE(bux_int_at(g->stack, i));
    for (guint i = g->reserve_pos; i < g->reserve->len; i++)
        SEE(bux_int_at(g->reserve, i));
    for (guint i = 0; i < g->removed->len; i++)
        SEE(bux_int_at(g->removed, i));
    for (guint s = 0; s < n; s++)
        for (guint i = 0; i < g->bonus[s]->len; i++)
            SEE(bux_int_at(g->bonus[s], i));
    for (guint a = 0; a < BUX_N_ARMS; a++)
        for (guint i = 0; i < g->arms[a]->len; i++)
            SEE(bux_int_at(g->arms[a], i));
    if (g->start >= 0)
        SEE(g->start);
    /* Cards drawn earlier (the stack before stack_pos, the reserve before reserve_pos) are
     * counted where they went. */
    guint in_play = 0;
    for (guint c = 0; c < n_cards; c++)
        in_play += !g->easy || bux_deck_get_card(g->deck, c)->difficulty < 3;
    g_assert_cmpuint(total, ==, in_play);
#undef SEE
}

/* A person's move: the AI's choice or a random legal one. *before is the save just before
 * the move (the AI's easy estimate draws from the game's generator while choosing). */
static void human_move(BuxGame *g, LpRng *rng, JsonNode **before)
{
    g_autoptr(GError) error = NULL;
    gboolean smart = lp_rng_int_range(rng, 0, 2) == 0;
    guint n = lp_game_get_n_players(LP_GAME(g));
    switch (bux_game_get_phase(g)) {
    case BUX_PHASE_PLACE: {
        guint seat = bux_game_get_turn_seat(g);
        BuxArm arm = lp_rng_int_range(rng, 0, BUX_N_ARMS);
        guint index = lp_rng_int_range(rng, 0, bux_game_get_arm_length(g, arm) + 1);
        if (smart)
            bux_ai_choose_gap(g, seat, &arm, &index);
        *before = lp_game_save(LP_GAME(g));
        g_assert_true(bux_game_place(g, arm, index, &error));
        break;
    }
    case BUX_PHASE_CHALLENGE: {
        if (lp_rng_int_range(rng, 0, 4) == 0) {
            *before = lp_game_save(LP_GAME(g));
            g_assert_true(bux_game_pass_humans(g, &error));
            break;
        }
        guint k0 = lp_rng_int_range(rng, 1, n);
        for (guint k = 0; k < n - 1; k++) {
            guint s = (bux_game_get_turn_seat(g) + 1 + (k0 + k) % (n - 1)) % n;
            if (!lp_player_is_human(lp_game_get_player(LP_GAME(g), s)) ||
                bux_game_has_decided(g, s))
                continue;
            gboolean call = smart ? bux_ai_wants_challenge(g, s)
                                  : lp_rng_int_range(rng, 0, 4) == 0;
            *before = lp_game_save(LP_GAME(g));
            if (call)
                g_assert_true(bux_game_challenge(g, s, &error));
            else
                g_assert_true(bux_game_pass(g, s, &error));
            break;
        }
        break;
    }
    case BUX_PHASE_NEIGHBOUR: {
        BuxSide side = smart ? bux_ai_choose_neighbour(g, bux_game_get_challenger(g))
                             : (BuxSide)lp_rng_int_range(rng, 0, 2);
        *before = lp_game_save(LP_GAME(g));
        g_assert_true(bux_game_choose_neighbour(g, side, &error));
        break;
    }
    case BUX_PHASE_ESTIMATE: {
        int seat = bux_game_get_estimating_seat(g);
        int estimate = smart ? bux_ai_estimate(g, seat)
                             : lp_rng_int_range(rng, 0, bux_game_get_max_estimate(g) + 1);
        *before = lp_game_save(LP_GAME(g));
        g_assert_true(bux_game_estimate(g, seat, estimate, &error));
        break;
    }
    default:
        g_assert_not_reached();
    }
    g_assert_no_error(error);
}

/* The save before an action the test expects seat may take back (kept as a tree: written
 * out only when compared, the writing took a third of the time). */
typedef struct {
    guint seat;
    JsonNode *before;
} Taken;

static void taken_clear(gpointer data)
{
    json_node_unref(((Taken *)data)->before);
}

/* Swapped: the signals' own arguments are not needed. */
static void count_reveal(guint *reveals)
{
    (*reveals)++;
}

static void play_random_game(guint64 seed, guint *n_undone, guint *n_refused)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    guint n = lp_rng_int_range(rng, 2, 7);
    guint humans = lp_rng_int_range(rng, 0, 1 << n);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint s = 0; s < n; s++) {
        g_autofree char *name = g_strdup_printf("P%u", s);
        g_ptr_array_add(players, lp_player_new(name, LP_AGE_UNKNOWN, "#1c71d8",
                                               (humans >> s) & 1 ? LP_PLAYER_HUMAN
                                                                 : LP_PLAYER_COMPUTER,
                                               (LpLevel)lp_rng_int_range(rng, 0, 3)));
    }
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(LpRng) game_rng = lp_rng_new(lp_rng_next_u32(rng));
    g_autoptr(BuxOwnedGame) g =
        bux_game_new(players, game_rng, deck, lp_rng_int_range(rng, 0, 4) == 0, &error);
    g_assert_no_error(error);
    /* The oracle of what came to light: a resolved challenge, a checked cross, a new
     * starting card, a drawn card (a turn starts only with one). */
    guint reveals = 0;
    for (const char *const *signal = (const char *const[]){ "challenge-resolved",
                                                           "cross-checked", "cross-started",
                                                           "turn-started", NULL };
         *signal != NULL; signal++)
        g_signal_connect_swapped(g, *signal, G_CALLBACK(count_reveal), &reveals);
    /* What the test expects may be taken back: the saves before one seat's actions. */
    g_autoptr(GArray) taken = g_array_new(FALSE, FALSE, sizeof(Taken));
    g_array_set_clear_func(taken, taken_clear);
    guint undos_left = 6;
    gboolean via_core = seed % 10 == 0;

    for (guint step = 0; !lp_game_is_over(LP_GAME(g)); step++) {
        g_assert_cmpuint(step, <, 5000);
        check_invariants(g);
        int undo_seat = lp_game_get_undo_seat(LP_GAME(g));
        if (taken->len > 0)
            g_assert_cmpint(undo_seat, ==, (int)g_array_index(taken, Taken, taken->len - 1).seat);
        else
            g_assert_cmpint(undo_seat, ==, -1);

        if (undos_left > 0 && lp_rng_int_range(rng, 0, 6) == 0) {
            undos_left--;
            /* Half the time the seat that may, else any seat. */
            guint seat = undo_seat >= 0 && lp_rng_int_range(rng, 0, 2) == 0
                             ? (guint)undo_seat
                             : (guint)lp_rng_int_range(rng, 0, n);
            g_autofree char *now = save_of(g);
            if ((int)seat == undo_seat) {
                /* The round trip at an undo point, then the undo itself. */
                g_autoptr(BuxOwnedGame) copy = bux_test_save_and_restore(g);
                g_autofree char *copied = bux_test_state_string(copy);
                g_autofree char *own = bux_test_state_string(g);
                g_assert_cmpstr(copied, ==, own);
                g_assert_true(lp_game_undo(LP_GAME(g), seat, &error));
                g_assert_no_error(error);
                g_autofree char *after = save_of(g);
                g_autofree char *want =
                    lp_json_to_string(g_array_index(taken, Taken, taken->len - 1).before, TRUE);
                g_assert_cmpstr(after, ==, want);
                g_array_set_size(taken, taken->len - 1);
                (*n_undone)++;
            } else {
                g_assert_false(lp_game_undo(LP_GAME(g), seat, &error));
                g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
                g_clear_error(&error);
                g_autofree char *after = save_of(g);
                g_assert_cmpstr(after, ==, now);
                (*n_refused)++;
            }
            continue;
        }

        /* The computers play through the core (a view, a mirror and an action for each
         * move) in one game of ten; in the others, as fast, straight on the model. */
        if (via_core ? lp_game_computer_step(LP_GAME(g), bux_ai_move)
                     : bux_game_get_phase(g) == BUX_PHASE_START
                           ? bux_game_begin(g, NULL)
                           : bux_ai_move(LP_GAME(g))) {
            g_array_set_size(taken, 0);
            continue;
        }
        int current = bux_game_get_phase(g) == BUX_PHASE_CHALLENGE ? -1
                                                                   : lp_game_get_current_seat(
                                                                         LP_GAME(g));
        JsonNode *before = NULL;
        guint reveals_before = reveals;
        human_move(g, rng, &before);
        g_assert_nonnull(before);
        /* After a reveal nothing can be taken back. */
        if (reveals != reveals_before)
            assert_undo_seat(g, -1);
        /* Who acted: the seat the game waited for, or in a challenge the one now able to
         * take back. */
        int actor = lp_game_get_undo_seat(LP_GAME(g));
        if (actor >= 0 && (current < 0 || actor == current)) {
            if (taken->len > 0 && g_array_index(taken, Taken, taken->len - 1).seat != (guint)actor)
                g_array_set_size(taken, 0);
            g_array_append_val(taken, ((Taken){ .seat = actor, .before = before }));
        } else {
            g_assert_cmpint(actor, ==, -1);
            g_array_set_size(taken, 0);
            json_node_unref(before);
        }
    }
    check_invariants(g);
    assert_undo_seat(g, -1);
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(g));
    JsonArray *winners = json_object_get_array_member(json_node_get_object(result), "winners");
    g_assert_cmpuint(json_array_get_length(winners), >, 0);
}

static void test_random_games(void)
{
    guint undone = 0, refused = 0;
    guint games = g_test_thorough() ? 5000 : 1000;
    for (guint i = 0; i < games; i++)
        play_random_game(3300 + i, &undone, &refused);
    g_test_message("%u games, %u undos, %u refused", games, undone, refused);
    g_assert_cmpuint(undone, >, games / 2);
    g_assert_cmpuint(refused, >, games);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/undo/each-kind", test_each_kind);
    g_test_add_func("/buxtehude/undo/computer-and-other-seat", test_computer_and_other_seat);
    g_test_add_func("/buxtehude/undo/network", test_network);
    g_test_add_func("/buxtehude/undo/other-deck", test_other_deck);
    g_test_add_func("/buxtehude/undo/random-games", test_random_games);
    return g_test_run();
}
