/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Auf Achse and undo (issue 33): each move a person makes (a route card, a counter card, an
 * extra route card) can be taken back exactly, until another seat acts or something hidden
 * comes to light (a card drawn to refill, routes scored, the pile turned over, a stage
 * dealt); the same over the network; and 1,000 random games with random undo attempts. */
#include <string.h>

#include "aa-ai.h"
#include "aa-game-private.h"
#include "aa-test-util.h"
#include "lp-json.h"

static char *save_data(AaGame *game)
{
    return lp_game_save_to_data(LP_GAME(game), NULL);
}

/* can_undo is true for seat alone (or for nobody when seat is -1). */
static void assert_undo_seat(AaGame *game, int seat)
{
    LpGame *g = LP_GAME(game);
    g_assert_cmpint(lp_game_get_undo_seat(g), ==, seat);
    for (guint s = 0; s < lp_game_get_n_players(g); s++)
        g_assert_cmpint(lp_game_can_undo(g, s), ==, (int)s == seat);
}

/* Undo by seat is refused with an error and changes nothing. */
static void assert_refused(AaGame *game, guint seat)
{
    g_autofree char *before = save_data(game);
    g_autoptr(GError) error = NULL;
    g_assert_false(lp_game_undo(LP_GAME(game), seat, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(before, ==, after);
}

static guint card_of(AaGame *game, guint seat, guint index)
{
    GArray *hand = aa_game_peek_hand(game, seat);
    g_assert_cmpuint(index, <, hand->len);
    return aa_cards_at(hand, index);
}

static void play(AaGame *game, guint seat, gboolean counter, guint card)
{
    g_autoptr(GError) error = NULL;
    gboolean ok = counter ? aa_game_play_counter(game, seat, card, &error)
                          : aa_game_play_route(game, seat, card, &error);
    g_assert_no_error(error);
    g_assert_true(ok);
}

typedef struct {
    int undone;
    guint phase_notes;
} UndoWatch;

static void on_undone(AaGame *game, guint seat, UndoWatch *w)
{
    w->undone = (int)seat;
}

static void on_phase(AaGame *game, GParamSpec *pspec, UndoWatch *w)
{
    w->phase_notes++;
}

/* seat makes the move; can_undo is true for seat alone; undo gives back the save from before,
 * byte for byte, emits "undone" and notifies "phase"; then only seat's earlier moves, if any,
 * may come back (another seat's went beyond reach with this move). */
static void act_and_undo(AaGame *game, guint seat, gboolean counter, guint card,
                         const char *what)
{
    g_autofree char *before = save_data(game);
    AaPhase phase = aa_game_get_phase(game);
    int earlier = lp_game_get_undo_seat(LP_GAME(game)) == (int)seat ? (int)seat : -1;
    play(game, seat, counter, card);
    assert_undo_seat(game, (int)seat);
    UndoWatch w = {-1, 0};
    gulong h1 = g_signal_connect(game, "undone", G_CALLBACK(on_undone), &w);
    gulong h2 = g_signal_connect(game, "notify::phase", G_CALLBACK(on_phase), &w);
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_game_undo(LP_GAME(game), seat, &error));
    g_assert_no_error(error);
    g_signal_handler_disconnect(game, h1);
    g_signal_handler_disconnect(game, h2);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);
    g_assert_cmpint(w.undone, ==, (int)seat);
    g_assert_cmpuint(w.phase_notes, >=, 1);
    g_assert_cmpint(aa_game_get_phase(game), ==, phase);
    g_assert_true(aa_game_check(game, NULL));
    assert_undo_seat(game, earlier);
    g_assert_cmpint(lp_game_get_undone_seat(LP_GAME(game)), ==, (int)seat);
    g_assert_cmpstr(lp_game_get_undone_what(LP_GAME(game)), ==, what);
    g_autofree char *sentence = lp_game_describe_undone(LP_GAME(game));
    g_assert_nonnull(sentence);
    g_assert_nonnull(strstr(sentence, lp_player_get_name(lp_game_get_player(LP_GAME(game),
                                                                            seat))));
}

static AaGame *table_game(const AaTestTable *t)
{
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(t, &error);
    g_assert_no_error(error);
    g_assert_true(aa_game_check(game, NULL));
    return game;
}

/* ---- each kind of move ---- */

static void test_route_and_counter(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, "hhh");
    g_autoptr(LpRng) rng = lp_rng_new(33);
    AaGame *game = aa_game_new(players, rng, NULL);
    guint seat = (guint)lp_game_get_current_seat(LP_GAME(game));
    assert_undo_seat(game, -1);
    /* The first move of the game (it also announces the stage). */
    act_and_undo(game, seat, FALSE, card_of(game, seat, 3), "route");
    play(game, seat, FALSE, card_of(game, seat, 3));
    act_and_undo(game, seat, TRUE, card_of(game, seat, 0), "counter");
    /* Both of a seat's moves come back, the newest first. */
    play(game, seat, TRUE, card_of(game, seat, 0));
    guint next = (guint)lp_game_get_current_seat(LP_GAME(game));
    g_assert_cmpuint(next, !=, seat);
    g_autofree char *route_before = save_data(game);
    play(game, next, FALSE, card_of(game, next, 9));
    /* Another seat acted: the first seat's moves are beyond reach. */
    assert_undo_seat(game, (int)next);
    assert_refused(game, seat);
    g_autofree char *counter_before = save_data(game);
    play(game, next, TRUE, card_of(game, next, 0));
    assert_undo_seat(game, (int)next);
    g_assert_true(lp_game_undo(LP_GAME(game), next, NULL));
    g_autofree char *one = save_data(game);
    g_assert_cmpstr(one, ==, counter_before);
    assert_undo_seat(game, (int)next);
    g_assert_true(lp_game_undo(LP_GAME(game), next, NULL));
    g_autofree char *two = save_data(game);
    g_assert_cmpstr(two, ==, route_before);
    assert_undo_seat(game, -1);
    assert_refused(game, next);
    assert_refused(game, seat);
    g_assert_finalize_object(game);
}

static void test_last_counter_card(void)
{
    /* The last counter card of the round starts the turning over, the game's own step: until
     * it runs, the card may come back and the round goes on. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .play_index = 1,
        .hands = {"10 20", "30 40 50"},
        .routes = {"60", ""},
        .pile = "70",
        .pile_owners = "0",
    };
    AaGame *game = table_game(&t);
    play(game, 1, FALSE, card_of(game, 1, 2));
    guint card = card_of(game, 1, 0);
    g_autofree char *before = save_data(game);
    play(game, 1, TRUE, card);
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_RESOLVE);
    g_assert_true(lp_game_undo(LP_GAME(game), 1, NULL));
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);
    act_and_undo(game, 1, TRUE, card, "counter");
    g_assert_finalize_object(game);
}

static void test_route_empties_hand(void)
{
    /* A seat puts its last card on its route: the next seat is to play, nothing is drawn. */
    AaTestTable t = {
        .n_players = 3,
        .kinds = "hhh",
        .hands = {"40", "10 20", "30"},
    };
    AaGame *game = table_game(&t);
    act_and_undo(game, 0, FALSE, card_of(game, 0, 0), "route");
    g_assert_finalize_object(game);
}

static void test_extra_route_card(void)
{
    /* A free passage was turned; each seat adds one more route card; a card stays on the pile,
     * so the last extra card hands the game back to the turning over. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .phase = "extra",
        .play_index = 2,
        .hands = {"20 30", "40 50"},
        .routes = {"10", "10"},
        .pile = "60",
        .pile_owners = "0",
        .discard = "+1",
        .extra_left = {1, 1},
        .action = "+1",
    };
    AaGame *game = table_game(&t);
    act_and_undo(game, 0, FALSE, card_of(game, 0, 1), "route");
    play(game, 0, FALSE, card_of(game, 0, 1));
    act_and_undo(game, 1, FALSE, card_of(game, 1, 0), "route");
    play(game, 1, FALSE, card_of(game, 1, 0));
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_RESOLVE);
    assert_undo_seat(game, 1);
    g_assert_finalize_object(game);
}

/* ---- points of no return ---- */

static void test_refused_after_refill(void)
{
    /* The last hand card of the round goes on a route, the pile is empty: the round ends and
     * every hand is refilled from the draw pile. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .play_index = 1,
        .hands = {"", "40"},
        .routes = {"10", "20"},
    };
    AaGame *game = table_game(&t);
    guint draw = aa_game_get_draw_size(game);
    play(game, 1, FALSE, card_of(game, 1, 0));
    g_assert_cmpuint(aa_game_get_draw_size(game), ==, draw - 2 * AA_HAND_SIZE);
    assert_undo_seat(game, -1);
    assert_refused(game, 1);
    assert_refused(game, 0);
    g_assert_finalize_object(game);
}

static void test_refused_after_extra_refill(void)
{
    /* The last extra card after the pile's last card: the round ends, hands are refilled. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .phase = "extra",
        .play_index = 2,
        .hands = {"", "40 50"},
        .routes = {"10", "20"},
        .counter = "30",
        .discard = "+2",
        .extra_left = {0, 1},
        .action = "+2",
    };
    AaGame *game = table_game(&t);
    play(game, 1, FALSE, card_of(game, 1, 0));
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_get_hand_size(game, 1), ==, AA_HAND_SIZE);
    assert_undo_seat(game, -1);
    assert_refused(game, 1);
    g_assert_finalize_object(game);
}

static void test_refused_after_scoring(void)
{
    /* The same with the goal reached: the routes are turned over and scored (stage 1), and
     * in stage 5 the game ends. */
    for (guint stage = 1; stage <= AA_N_STAGES; stage += AA_N_STAGES - 1) {
        AaTestTable t = {
            .n_players = 2,
            .kinds = "hh",
            .phase = "extra",
            .stage = stage,
            .play_index = 2,
            .hands = {"", "40 50"},
            .routes = {"10", "20"},
            .counter = "100 60",
            .discard = "+1",
            .extra_left = {0, 1},
            .action = "+1",
            .scores = stage == 1 ? "[]" : "[[1,2],[3,4],[5,6],[7,8]]",
        };
        AaGame *game = table_game(&t);
        play(game, 1, FALSE, card_of(game, 1, 0));
        g_assert_cmpint(aa_game_get_phase(game), ==,
                        stage == 1 ? AA_PHASE_STAGE_END : AA_PHASE_OVER);
        g_assert_cmpuint(aa_game_get_n_scored(game), ==, stage);
        assert_undo_seat(game, -1);
        assert_refused(game, 1);
        g_assert_finalize_object(game);
    }
}

static void test_refused_after_turning_over(void)
{
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .play_index = 1,
        .route_done = TRUE,
        .hands = {"10 20", "30 40 50"},
        .routes = {"60", "70"},
        .pile = "80",
        .pile_owners = "0",
    };
    AaGame *game = table_game(&t);
    play(game, 1, TRUE, card_of(game, 1, 0));
    assert_undo_seat(game, 1);
    /* The game turns the top card over: a card comes to light. */
    g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    g_assert_cmpuint(aa_game_get_pile_size(game), ==, 1);
    assert_undo_seat(game, -1);
    assert_refused(game, 1);
    g_assert_finalize_object(game);
}

static void test_refused_after_deal(void)
{
    /* A stage is dealt (the game's own step), then a person acts: only that move comes back. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .phase = "stage-end",
        .hands = {"10 20", "30 40 50"},
        .routes = {"60", "70"},
        .counter = "100 60",
        .scores = "[[60,70]]",
    };
    AaGame *game = table_game(&t);
    g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    g_assert_cmpuint(aa_game_get_stage(game), ==, 2);
    assert_undo_seat(game, -1);
    guint seat = (guint)lp_game_get_current_seat(LP_GAME(game));
    assert_refused(game, seat);
    act_and_undo(game, seat, FALSE, card_of(game, seat, 0), "route");
    g_assert_finalize_object(game);
}

static void test_refused_for_computer(void)
{
    /* A computer's move is never taken back, and it ends a person's chance to take back. */
    g_autoptr(GPtrArray) players = aa_test_players(2, "hn");
    g_autoptr(LpRng) rng = lp_rng_new(7);
    AaGame *game = aa_game_new(players, rng, NULL);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 0);
    play(game, 0, FALSE, card_of(game, 0, 0));
    play(game, 0, TRUE, card_of(game, 0, 0));
    assert_undo_seat(game, 0);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 1);
    g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    assert_undo_seat(game, -1);
    assert_refused(game, 0);
    assert_refused(game, 1);
    /* A computer seat's move made on the host's game directly (as a stand-in would). */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 1);
    play(game, 1, TRUE, card_of(game, 1, 0));
    assert_undo_seat(game, -1);
    assert_refused(game, 1);
    g_assert_finalize_object(game);
}

/* ---- over the network ---- */

static JsonNode *move_node(const char *type, int card)
{
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "type", type);
    if (card >= 0)
        json_object_set_int_member(obj, "card", card);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

static gboolean view_undo(AaGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    JsonObject *obj = json_node_get_object(view);
    g_assert_true(json_object_has_member(obj, "undo"));
    return json_object_get_boolean_member(obj, "undo");
}

static void on_requested(LpGame *mirror, JsonNode *action, JsonNode **out)
{
    g_clear_pointer(out, json_node_unref);
    *out = json_node_copy(action);
}

static void test_network(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, "hhh");
    g_autoptr(LpRng) rng = lp_rng_new(31);
    AaGame *game = aa_game_new(players, rng, NULL);
    LpGame *g = LP_GAME(game);
    guint seat = (guint)lp_game_get_current_seat(g);
    guint other = (seat + 1) % 3;
    g_autofree char *before = save_data(game);
    g_autoptr(JsonNode) route = move_node("route", card_of(game, seat, 4));
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_game_apply_action(g, seat, route, &error));
    g_assert_no_error(error);
    g_assert_true(view_undo(game, (int)seat));
    g_assert_false(view_undo(game, (int)other));

    /* The mirrors answer from their views; the acting seat's asks the host. */
    g_autoptr(JsonNode) view = lp_game_view(g, (int)seat);
    g_autoptr(LpGame) mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_true(lp_game_can_undo(mirror, seat));
    g_autoptr(JsonNode) other_view = lp_game_view(g, (int)other);
    g_autoptr(LpGame) other_mirror = lp_game_mirror_new(AA_TYPE_GAME, other_view, &error);
    g_assert_no_error(error);
    g_assert_false(lp_game_can_undo(other_mirror, other));
    g_assert_false(lp_game_undo(other_mirror, other, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    JsonNode *requested = NULL;
    g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &requested);
    g_assert_true(lp_game_undo(mirror, seat, &error));
    g_assert_no_error(error);
    g_assert_nonnull(requested);
    g_autofree char *text = lp_json_to_string(requested, FALSE);
    g_assert_cmpstr(text, ==, "{\"type\":\"undo\"}");

    /* Another seat's undo is refused by the host; the state stays. */
    g_autofree char *acted = save_data(game);
    g_assert_false(lp_game_apply_action(g, other, requested, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_autofree char *still = save_data(game);
    g_assert_cmpstr(still, ==, acted);
    g_assert_true(view_undo(game, (int)seat));

    g_assert_true(lp_game_apply_action(g, seat, requested, &error));
    g_assert_no_error(error);
    json_node_unref(requested);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);
    g_assert_false(view_undo(game, (int)seat));
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < 3; viewer++) {
        g_autoptr(JsonNode) v = lp_game_view(g, viewer);
        JsonObject *undone = json_object_get_object_member(json_node_get_object(v), "undone");
        g_assert_nonnull(undone);
        g_assert_cmpint(json_object_get_int_member(undone, "seat"), ==, seat);
        g_assert_cmpstr(json_object_get_string_member(undone, "what"), ==, "route");
        g_autoptr(LpGame) m = lp_game_mirror_new(AA_TYPE_GAME, v, &error);
        g_assert_no_error(error);
        g_assert_cmpint(lp_game_get_undone_seat(m), ==, seat);
    }
    /* Nothing left to take back: asked again, the host refuses. */
    g_autoptr(JsonNode) again = move_node("undo", -1);
    g_assert_false(lp_game_apply_action(g, seat, again, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);

    /* A counter card over the network, taken back over the network. */
    g_autoptr(JsonNode) route2 = move_node("route", card_of(game, seat, 4));
    g_assert_true(lp_game_apply_action(g, seat, route2, NULL));
    g_autofree char *before_counter = save_data(game);
    g_autoptr(JsonNode) counter = move_node("counter", card_of(game, seat, 0));
    g_assert_true(lp_game_apply_action(g, seat, counter, NULL));
    g_assert_true(view_undo(game, (int)seat));
    g_assert_true(lp_game_apply_action(g, seat, again, &error));
    g_assert_no_error(error);
    g_autofree char *after_counter = save_data(game);
    g_assert_cmpstr(after_counter, ==, before_counter);
    g_autoptr(JsonNode) v = lp_game_view(g, (int)other);
    JsonObject *undone = json_object_get_object_member(json_node_get_object(v), "undone");
    g_assert_cmpstr(json_object_get_string_member(undone, "what"), ==, "counter");
    g_assert_finalize_object(game);
}

/* ---- random games ---- */

/* What the test expects of the undo stack: the saves before the undoable moves of one seat,
 * the newest last. They are kept as trees (lp_game_save) and written out only when compared,
 * as lp_game_save_to_data writes them: the writing is most of a save's cost. A save is kept
 * before each move that an undo attempt follows and before a quarter of the others (NULL
 * for the rest: such an undo is checked for being allowed, not byte for byte), which keeps
 * a thousand games within a few seconds. */
typedef struct {
    int seat;
    GPtrArray *saves;
} Expect;

static void node_free(gpointer node)
{
    if (node != NULL)
        json_node_unref(node);
}

static void expect_clear(Expect *e)
{
    e->seat = -1;
    g_ptr_array_set_size(e->saves, 0);
}

static void check_invariants(AaGame *game, Expect *e)
{
    g_autoptr(GError) error = NULL;
    /* Every card lies in one place; counts and phase fit the rules. */
    if (!aa_game_check(game, &error))
        g_error("%s", error->message);
    /* The kilometre counter: its total is its cards'. */
    GArray *counter = aa_game_get_counter(game);
    int total = 0;
    for (guint i = 0; i < counter->len; i++)
        total += aa_card_face(aa_cards_at(counter, i));
    g_assert_cmpint(aa_game_get_total(game), ==, total);
    guint cards = aa_game_get_draw_size(game) + aa_game_get_discard_size(game) +
                  aa_game_get_pile_size(game) + counter->len;
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++)
        cards += aa_game_get_hand_size(game, s) + aa_game_get_route_length(game, s);
    g_assert_cmpuint(cards, ==, AA_N_CARDS);
    assert_undo_seat(game, e->saves->len > 0 ? e->seat : -1);
}

typedef struct {
    guint games;
    guint moves;
    guint undone;
    guint refused;
    guint reveals;
    guint compared;
} Tally;

static void try_undo(AaGame *game, GRand *rand, Expect *e, Tally *tally)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    guint seat = e->saves->len > 0 && g_rand_int_range(rand, 0, 4) > 0
                     ? (guint)e->seat
                     : (guint)g_rand_int_range(rand, 0, n);
    gboolean expected = e->saves->len > 0 && (guint)e->seat == seat;
    g_autofree char *before = expected ? NULL : save_data(game);
    g_autoptr(GError) error = NULL;
    gboolean ok;
    if (g_rand_boolean(rand)) {
        ok = lp_game_undo(LP_GAME(game), seat, &error);
    } else {
        g_autoptr(JsonNode) action = move_node("undo", -1);
        ok = lp_game_apply_action(LP_GAME(game), seat, action, &error);
    }
    g_assert_cmpint(ok, ==, expected);
    g_autofree char *after = save_data(game);
    if (ok) {
        g_assert_no_error(error);
        g_autoptr(JsonNode) top = g_ptr_array_steal_index(e->saves, e->saves->len - 1);
        if (top != NULL) {
            g_autofree char *expected_data = lp_json_to_string(top, TRUE);
            g_assert_cmpstr(after, ==, expected_data);
            tally->compared++;
        }
        if (e->saves->len == 0)
            e->seat = -1;
        tally->undone++;
    } else {
        g_assert_nonnull(error);
        g_assert_cmpstr(after, ==, before);
        tally->refused++;
    }
}

/* A person's move: the computer player's choice for the seat (on the host's game, as a
 * hint would) or any card of the hand; made directly or as a network action. */
static void person_moves(AaGame *game, guint seat, GRand *rand, gboolean undo_next, Expect *e,
                         Tally *tally)
{
    AaStep step = aa_game_get_step(game);
    guint card;
    if (g_rand_boolean(rand)) {
        LpLevel level = (LpLevel)g_rand_int_range(rand, LP_LEVEL_EASY, LP_LEVEL_HARD + 1);
        card = aa_ai_choose(game, seat, level);
    } else {
        GArray *hand = aa_game_peek_hand(game, seat);
        card = aa_cards_at(hand, g_rand_int_range(rand, 0, hand->len));
    }
    gboolean keep = undo_next || g_rand_int_range(rand, 0, 4) == 0;
    JsonNode *before = keep ? lp_game_save(LP_GAME(game)) : NULL;
    guint hidden = aa_game_get_draw_size(game) + aa_game_get_discard_size(game);
    guint scored = aa_game_get_n_scored(game);
    gboolean counter = step == AA_STEP_COUNTER;
    if (g_rand_int_range(rand, 0, 4) == 0) {
        g_autoptr(JsonNode) action = move_node(counter ? "counter" : "route", card);
        g_assert_true(lp_game_apply_action(LP_GAME(game), seat, action, NULL));
    } else {
        play(game, seat, counter, card);
    }
    tally->moves++;
    /* Cards drawn (a refill, perhaps after a reshuffle) or routes scored: nothing comes
     * back; otherwise the move joins the seat's own. */
    gboolean revealed = aa_game_get_draw_size(game) + aa_game_get_discard_size(game) != hidden ||
                        aa_game_get_n_scored(game) != scored;
    if (revealed) {
        tally->reveals++;
        expect_clear(e);
        g_clear_pointer(&before, json_node_unref);
        return;
    }
    if (e->seat != (int)seat)
        expect_clear(e);
    e->seat = (int)seat;
    g_ptr_array_add(e->saves, before);
}

static void play_random_game(guint index, Tally *tally)
{
    g_autoptr(GRand) rand = g_rand_new_with_seed(lp_rng_derive_seed(3301, index) & 0xffffffff);
    guint n = (guint)g_rand_int_range(rand, AA_MIN_PLAYERS, AA_MAX_PLAYERS + 1);
    char kinds[AA_MAX_PLAYERS + 1] = {0};
    static const char computers[] = "enH";
    for (guint s = 0; s < n; s++)
        kinds[s] = g_rand_boolean(rand) ? 'h' : computers[g_rand_int_range(rand, 0, 3)];
    kinds[g_rand_int_range(rand, 0, n)] = 'h';
    g_autoptr(GPtrArray) players = aa_test_players(n, kinds);
    g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(3302, index));
    AaGame *game = aa_game_new(players, rng, NULL);
    Expect e = {-1, g_ptr_array_new_with_free_func(node_free)};
    /* How eager this game's people are to take back: from never to often. */
    int undo_per_mille = g_rand_int_range(rand, 0, 150);
    guint steps = 0;
    gboolean undo_now = FALSE;
    while (!lp_game_is_over(LP_GAME(game))) {
        g_assert_cmpuint(++steps, <, 20000);
        /* Drawn a step ahead, so that a person's move knows whether an undo follows. */
        gboolean undo_next = g_rand_int_range(rand, 0, 1000) < undo_per_mille;
        if (undo_now) {
            undo_now = undo_next;
            try_undo(game, rand, &e, tally);
            check_invariants(game, &e);
            continue;
        }
        int seat = lp_game_get_current_seat(LP_GAME(game));
        if (seat >= 0 && lp_player_is_human(lp_game_get_player(LP_GAME(game), (guint)seat))) {
            person_moves(game, (guint)seat, rand, undo_next, &e, tally);
        } else {
            /* A computer's move or the game's own step: a point of no return. */
            g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
            expect_clear(&e);
        }
        check_invariants(game, &e);
        undo_now = undo_next;
    }
    /* Over: nothing comes back, and there is a result. */
    assert_undo_seat(game, -1);
    assert_refused(game, (guint)g_rand_int_range(rand, 0, n));
    g_assert_cmpuint(aa_game_get_n_scored(game), ==, AA_N_STAGES);
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
    g_assert_nonnull(result);
    g_autoptr(GArray) winners = aa_game_get_winners(game);
    g_assert_cmpuint(winners->len, >=, 1);
    g_ptr_array_unref(e.saves);
    tally->games++;
    g_assert_finalize_object(game);
}

static void test_random_games(void)
{
    Tally tally = {0};
    gint64 started = g_get_monotonic_time();
    guint games = g_test_slow() ? 5000 : 1000;
    for (guint i = 0; i < games; i++)
        play_random_game(i, &tally);
    g_test_message("%u games, %u moves by people, %u taken back (%u compared byte for byte), "
                   "%u refused, %u moves that revealed, %.1f s",
                   tally.games, tally.moves, tally.undone, tally.compared, tally.refused,
                   tally.reveals,
                   (g_get_monotonic_time() - started) / 1e6);
    g_assert_cmpuint(tally.games, ==, games);
    /* The test sees both answers often. */
    g_assert_cmpuint(tally.undone, >, games);
    g_assert_cmpuint(tally.compared, >, tally.undone / 2);
    g_assert_cmpuint(tally.refused, >, games);
    g_assert_cmpuint(tally.reveals, >, games / 2);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/undo/route-and-counter", test_route_and_counter);
    g_test_add_func("/aufachse/undo/last-counter-card", test_last_counter_card);
    g_test_add_func("/aufachse/undo/route-empties-hand", test_route_empties_hand);
    g_test_add_func("/aufachse/undo/extra-route-card", test_extra_route_card);
    g_test_add_func("/aufachse/undo/refused-after-refill", test_refused_after_refill);
    g_test_add_func("/aufachse/undo/refused-after-extra-refill",
                    test_refused_after_extra_refill);
    g_test_add_func("/aufachse/undo/refused-after-scoring", test_refused_after_scoring);
    g_test_add_func("/aufachse/undo/refused-after-turning-over",
                    test_refused_after_turning_over);
    g_test_add_func("/aufachse/undo/refused-after-deal", test_refused_after_deal);
    g_test_add_func("/aufachse/undo/refused-for-computer", test_refused_for_computer);
    g_test_add_func("/aufachse/undo/network", test_network);
    g_test_add_func("/aufachse/undo/random-games", test_random_games);
    return g_test_run();
}
