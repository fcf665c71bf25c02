/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each game's figures for the history of games (issue 15) against games worked by hand, and
 * the record of a finished game. */
#include <string.h>

#include "aa-game-private.h"
#include "aa-test-util.h"
#include "bux-ai.h"
#include "bux-game-private.h"
#include "bux-test-util.h"
#include "lp-history.h"
#include "lp-json.h"
#include "minden-test-util.h"

/* ---- Buxtehude ---- */

static const BuxTestCard bux_cards[] = {
    {"start", 50.0, 10.0}, {"n1", 51.0, 10.5}, {"low", 48.0, 7.0}, {"s1", 49.0, 9.5},
    {"a52", 52.0, 10.0},   {"b51", 51.0, 10.0}, {"c515", 51.5, 10.0}, {"d51", 51.0, 10.0},
    {"e495", 49.5, 10.0},  {"w1", 50.5, 8.0},   {"x9", 50.0, 9.0},
};

static BuxGame *bux_game(guint n)
{
    g_autoptr(BuxDeck) d = bux_test_deck(bux_cards, G_N_ELEMENTS(bux_cards));
    g_autoptr(GPtrArray) players = bux_test_players(n, n, LP_LEVEL_NORMAL, -1);
    BuxGame *game = bux_test_game(d, players, 7);
    const int *none[BUX_N_ARMS] = {NULL};
    guint zero[BUX_N_ARMS] = {0};
    bux_game_test_set_cross(game, bux_test_card(game, "start"), none, zero);
    return game;
}

/* lp_game_restore with the game's own (test) deck, not the default one. */
static LpGame *bux_restore(BuxGame *game, JsonNode *root, GError **error)
{
    JsonObject *o = json_node_get_object(root);
    g_autoptr(BuxGame) copy = g_object_new(BUX_TYPE_GAME, "players",
                                           lp_game_get_players(LP_GAME(game)), NULL);
    copy->deck = g_object_ref(bux_game_get_deck(game));
    if (!bux_game_load_state(LP_GAME(copy), json_object_get_member(o, "state"), error))
        return NULL;
    return LP_GAME(g_steal_pointer(&copy));
}

static void assert_bux(BuxGame *game, guint seat, guint placed, guint right, guint called,
                       guint won, guint hits)
{
    const BuxFigures *f = bux_game_get_figures(game, seat);
    g_assert_cmpuint(f->placed, ==, placed);
    g_assert_cmpuint(f->right, ==, right);
    g_assert_cmpuint(f->called, ==, called);
    g_assert_cmpuint(f->won, ==, won);
    g_assert_cmpuint(f->hits, ==, hits);
}

/* Seat 0 lays n1 north of the start (right); seat 1 lays "low" north of n1 (wrong, 48° is
 * south of 51°) and seat 0 calls it rightly; seat 0 lays s1 south (right) and seat 1 calls it
 * wrongly. */
static void test_buxtehude(void)
{
    g_autoptr(BuxOwnedGame) game = bux_game(2);
    g_autoptr(GError) error = NULL;
    guint first = bux_game_get_turn_seat(game), second = 1 - first;

    bux_game_test_set_hand(game, bux_test_card(game, "n1"));
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_pass(game, second, &error));
    assert_bux(game, first, 1, 1, 0, 0, 0);

    bux_game_test_set_hand(game, bux_test_card(game, "low"));
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 1, &error));
    g_assert_true(bux_game_challenge(game, first, &error));
    g_assert_true(bux_game_get_last_challenge(game)->rightful);
    assert_bux(game, second, 1, 0, 0, 0, 0);
    assert_bux(game, first, 1, 1, 1, 1, 0);

    bux_game_test_set_hand(game, bux_test_card(game, "s1"));
    g_assert_true(bux_game_place(game, BUX_ARM_SOUTH, 0, &error));
    g_assert_true(bux_game_challenge(game, second, &error));
    g_assert_false(bux_game_get_last_challenge(game)->rightful);
    g_assert_no_error(error);
    assert_bux(game, first, 2, 2, 1, 1, 0);
    assert_bux(game, second, 1, 0, 1, 0, 0);

    /* The figures go with the save, and an older save without them loads with zeros. */
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    g_autoptr(LpGame) copy = bux_restore(game, root, &error);
    g_assert_no_error(error);
    assert_bux(BUX_GAME(copy), first, 2, 2, 1, 1, 0);
    assert_bux(BUX_GAME(copy), second, 1, 0, 1, 0, 0);
    JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
    JsonArray *figures = json_object_get_array_member(
        json_object_get_object_member(state, "figures"), "seats");
    /* More right cards than placed ones is no save of a real game. */
    json_object_set_int_member(json_array_get_object_element(figures, second), "right", 2);
    g_autoptr(LpGame) broken = bux_restore(game, root, &error);
    g_assert_null(broken);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES);
    g_clear_error(&error);
    json_object_remove_member(state, "figures");
    g_autoptr(LpGame) old = bux_restore(game, root, &error);
    g_assert_no_error(error);
    assert_bux(BUX_GAME(old), first, 0, 0, 0, 0, 0);
}

/* The Intermezzo of test-bux-rules: 4 wrong cards; estimates 4, 3, 4 hit for seats 0 and 2. */
static void test_buxtehude_hits(void)
{
    g_autoptr(BuxOwnedGame) game = bux_game(3);
    g_autoptr(GError) error = NULL;
    while (bux_game_get_n_placed(game) < 14) {
        g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        g_assert_true(bux_game_pass_humans(game, &error));
    }
#define C(id) bux_test_card(game, id)
    const int north[] = {C("a52"), C("b51"), C("c515")};
    const int south[] = {C("d51"), C("e495")};
    const int west[] = {C("w1")};
    const int *arms[BUX_N_ARMS] = {north, south, west, NULL};
    bux_game_test_set_cross(game, C("start"), arms, (guint[]){3, 2, 1, 0});
    bux_game_test_set_hand(game, C("x9"));
#undef C
    g_assert_true(bux_game_place(game, BUX_ARM_EAST, 0, &error));
    g_assert_true(bux_game_pass_humans(game, &error));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_ESTIMATE);
    guint before[3];
    for (guint s = 0; s < 3; s++)
        before[s] = bux_game_get_figures(game, s)->hits;
    g_assert_true(bux_game_estimate(game, 0, 4, &error));
    g_assert_true(bux_game_estimate(game, 1, 3, &error));
    g_assert_true(bux_game_estimate(game, 2, 4, &error));
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_last_scoring(game)->count, ==, 4);
    g_assert_cmpuint(bux_game_get_figures(game, 0)->hits, ==, before[0] + 1);
    g_assert_cmpuint(bux_game_get_figures(game, 1)->hits, ==, before[1]);
    g_assert_cmpuint(bux_game_get_figures(game, 2)->hits, ==, before[2] + 1);
    guint placed = 0;
    for (guint s = 0; s < 3; s++)
        placed += bux_game_get_figures(game, s)->placed;
    g_assert_cmpuint(placed, ==, 15);
}

/* ---- Minden ---- */

static MindenTip cell_of(MindenGame *game, guint seat)
{
    int card = minden_game_get_seat_card(game, seat);
    g_assert_cmpint(card, >=, 0);
    const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), (guint)card);
    MindenTip tip;
    minden_grid_locate(c->solutions[0].lat, c->solutions[0].lon, &tip);
    return tip;
}

static void minden_choose_all(MindenGame *game)
{
    g_autoptr(GError) error = NULL;
    if (minden_game_get_phase(game) == MINDEN_PHASE_REVEAL)
        g_assert_true(minden_game_advance(game, &error));
    while (minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE) {
        int seat = lp_game_get_current_seat(LP_GAME(game));
        g_assert_cmpint(seat, >=, 0);
        guint card = g_array_index(minden_game_get_offer(game), guint, 0);
        g_assert_true(minden_game_choose(game, (guint)seat, card, FALSE, &error));
    }
    g_assert_no_error(error);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_TIP);
}

static void minden_score_all(MindenGame *game)
{
    g_autoptr(GError) error = NULL;
    while (minden_game_get_phase(game) == MINDEN_PHASE_SCORE)
        g_assert_true(minden_game_advance(game, &error));
    g_assert_no_error(error);
}

static JsonObject *minden_figures(JsonNode *record, guint seat)
{
    JsonArray *f = json_object_get_array_member(json_node_get_object(record), "figures");
    return json_array_get_object_element(f, seat);
}

static void assert_ints(JsonObject *o, const char *member, const int *want)
{
    JsonArray *a = json_object_get_array_member(o, member);
    g_assert_cmpuint(json_array_get_length(a), ==, 4);
    for (guint k = 0; k < 4; k++)
        g_assert_cmpint(json_array_get_int_element(a, k), ==, want[k]);
}

/* Round 1: seat 0 tips the full cell of its card (4 stones, right), seat 1 the wrong half
 * (1 stone). Round 2: seat 0 tips half and band but the wrong band (2 stones, wrong), seat 1
 * the right half and band (2 stones, right). */
static void test_minden(void)
{
    g_autoptr(MindenDeck) deck = test_deck();
    g_autoptr(TestGame) game = test_new_game(deck, 2, (const int[]){10, 12}, FALSE, FALSE, 3);
    g_autoptr(GError) error = NULL;
    guint kept_colour[2][MINDEN_N_COLOURS] = {{0}};

    minden_choose_all(game);
    MindenTip t0 = cell_of(game, 0);
    MindenTip c1 = cell_of(game, 1);
    MindenTip t1 = minden_tip_truncate(&c1, 1);
    t1.east_west = 1 - t1.east_west;
    g_assert_true(minden_game_tip(game, 0, &t0, &error));
    g_assert_true(minden_game_tip(game, 1, &t1, &error));
    g_assert_no_error(error);
    int card0 = minden_game_get_seat_card(game, 0);
    minden_score_all(game);
    /* A right tip of 4 stones keeps the card, whatever its colour. */
    kept_colour[0][minden_deck_get_card(deck, (guint)card0)->colour]++;

    minden_choose_all(game);
    MindenTip c0 = cell_of(game, 0);
    MindenTip u0 = minden_tip_truncate(&c0, 2);
    u0.band = (u0.band + 1) % 3;
    c1 = cell_of(game, 1);
    MindenTip u1 = minden_tip_truncate(&c1, 2);
    int card1 = minden_game_get_seat_card(game, 1);
    MindenColour colour1 = minden_deck_get_card(deck, (guint)card1)->colour;
    g_assert_true(minden_game_tip(game, 0, &u0, &error));
    g_assert_true(minden_game_tip(game, 1, &u1, &error));
    g_assert_no_error(error);
    minden_score_all(game);
    if (minden_colour_stones_to_keep(colour1) <= 2)
        kept_colour[1][colour1]++;

    g_autoptr(JsonNode) record = lp_game_record(LP_GAME(game));
    g_assert_nonnull(record);
    g_assert_false(json_object_get_boolean_member(json_node_get_object(record), "option"));
    assert_ints(minden_figures(record, 0), "tips", (const int[]){0, 1, 0, 1});
    assert_ints(minden_figures(record, 0), "right", (const int[]){0, 0, 0, 1});
    assert_ints(minden_figures(record, 1), "tips", (const int[]){1, 1, 0, 0});
    assert_ints(minden_figures(record, 1), "right", (const int[]){0, 1, 0, 0});
    for (guint s = 0; s < 2; s++) {
        JsonObject *kept = json_object_get_object_member(minden_figures(record, s), "kept");
        for (guint c = 0; c < MINDEN_N_COLOURS; c++)
            g_assert_cmpint(json_object_get_int_member(kept, minden_colour_to_string(c)), ==,
                            kept_colour[s][c]);
    }
}

/* ---- Auf Achse ---- */

/* The last stage ends when the counter passes 150 km (two players). Seat 0's route breaks at
 * 10 after 50: 10 20 30 count (3 cards, 60 km); seat 1's 10 20 30 40 counts whole (4 cards,
 * 100 km). The earlier stages' scores come from the table; their longest routes from a save
 * that had none (zero). */
static void test_aufachse(void)
{
    AaTestTable t = {
        .n_players = 2,
        .phase = "resolve",
        .stage = 5,
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .routes = {"50 10 20 30", "10 20 30 40"},
        .counter = "100",
        .pile = "60",
        .pile_owners = "0",
        .scores = "[[10,20],[30,40],[50,60],[70,80]]",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    while (!lp_game_is_over(LP_GAME(game)) && lp_game_computer_step(LP_GAME(game), NULL))
        ;
    g_assert_true(lp_game_is_over(LP_GAME(game)));
    g_autoptr(JsonNode) record = lp_game_record(LP_GAME(game));
    JsonArray *figures = json_object_get_array_member(json_node_get_object(record), "figures");
    const int want_km[2][5] = {{10, 30, 50, 70, 60}, {20, 40, 60, 80, 100}};
    const int want_longest[2] = {3, 4};
    for (guint s = 0; s < 2; s++) {
        JsonObject *f = json_array_get_object_element(figures, s);
        JsonArray *stages = json_object_get_array_member(f, "stages");
        g_assert_cmpuint(json_array_get_length(stages), ==, 5);
        for (guint k = 0; k < 5; k++)
            g_assert_cmpint(json_array_get_int_element(stages, k), ==, want_km[s][k]);
        g_assert_cmpint(json_object_get_int_member(f, "longest"), ==, want_longest[s]);
    }
    /* "longest" goes with the save. */
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    g_autoptr(LpGame) copy = lp_game_restore(AA_TYPE_GAME, root, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(AA_GAME(copy)->longest[1], ==, 4);
    g_assert_finalize_object(game);
}

/* ---- the whole record of a finished game ---- */

static void on_game_over(LpGame *game, gboolean *over)
{
    *over = TRUE;
}

static void test_record(void)
{
    g_autoptr(BuxDeck) d = bux_test_deck(bux_cards, G_N_ELEMENTS(bux_cards));
    g_autoptr(GPtrArray) players = bux_test_players(3, 0, LP_LEVEL_HARD, -1);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, d, FALSE, &error);
    g_assert_no_error(error);
    gboolean over = FALSE;
    g_signal_connect(game, "game-over", G_CALLBACK(on_game_over), &over);
    g_assert_null(lp_history_record_new(LP_GAME(game), NULL));
    lp_game_run_computers(LP_GAME(game), bux_ai_move);
    g_assert_true(over);

    g_autoptr(GDateTime) ended = g_date_time_new_from_iso8601("2026-12-01T08:15:30+01:00", NULL);
    g_autoptr(JsonNode) record = lp_history_record_new(LP_GAME(game), ended);
    g_assert_nonnull(record);
    g_autofree char *text = lp_json_to_string(record, FALSE);
    g_assert_true(g_str_has_prefix(text, "{\"v\":1,\"id\":\""));
    g_assert_nonnull(strstr(text, "\"game\":\"buxtehude\",\"date\":\"2026-12-01T07:15:30Z\","
                                  "\"duration\":0,\"option\":false,\"players\":[{\"name\":"));

    /* What the history reads back is what the game says. */
    g_autofree char *path = g_build_filename(g_get_user_data_dir(), "h.jsonl", NULL);
    g_assert_true(lp_history_append_to_file(path, record, &error));
    g_autoptr(LpHistory) h = lp_history_new(path);
    g_assert_true(lp_history_load(h, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 1);
    const LpHistoryRecord *r = lp_history_get_record(h, 0);
    g_assert_cmpuint(r->n_seats, ==, 3);
    g_assert_false(r->option);
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
    JsonArray *scores = json_object_get_array_member(json_node_get_object(result), "scores");
    guint placed = 0, winners = 0;
    for (guint s = 0; s < 3; s++) {
        const LpHistorySeat *seat = &r->seats[s];
        g_assert_cmpstr(seat->name, ==, lp_player_get_name(lp_game_get_player(LP_GAME(game), s)));
        g_assert_false(seat->human);
        g_assert_cmpint(seat->level, ==, LP_LEVEL_HARD);
        g_assert_cmpint(seat->score, ==, json_array_get_int_element(scores, s));
        g_assert_cmpint(seat->winner, ==, seat->rank == 1);
        winners += seat->winner;
        const BuxFigures *f = bux_game_get_figures(game, s);
        g_assert_cmpint(seat->figures[LP_FIG_BUX_PLACED], ==, f->placed);
        g_assert_cmpint(seat->figures[LP_FIG_BUX_RIGHT], ==, f->right);
        g_assert_cmpint(seat->figures[LP_FIG_BUX_CALLED], ==, f->called);
        g_assert_cmpint(seat->figures[LP_FIG_BUX_WON], ==, f->won);
        g_assert_cmpint(seat->figures[LP_FIG_BUX_HITS], ==, f->hits);
        placed += f->placed;
        /* Rank: one more than the seats with a higher score. */
        guint rank = 1;
        for (guint o = 0; o < 3; o++)
            rank += json_array_get_int_element(scores, o) > seat->score;
        g_assert_cmpuint(seat->rank, ==, rank);
    }
    g_assert_cmpuint(placed, ==, BUX_PLACE_CARDS);
    g_assert_cmpuint(winners, >=, 1);
}

/* The time played goes with the saves of games that track it (the window's), not with
 * others (the simulator's and the tests', which stay byte for byte as before). */
static void test_play_time(void)
{
    g_autoptr(BuxOwnedGame) game = bux_game(2);
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) untracked = lp_game_save(LP_GAME(game));
    g_assert_false(json_object_has_member(json_node_get_object(untracked), "played"));

    /* The whole envelope is read by lp_game_restore, which wants the real deck. */
    g_autoptr(BuxDeck) real = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(3);
    g_autoptr(BuxOwnedGame) real_game = bux_game_new(players, rng, real, FALSE, &error);
    g_assert_no_error(error);
    lp_game_track_play_time(LP_GAME(real_game));
    g_autoptr(JsonNode) real_root = lp_game_save(LP_GAME(real_game));
    g_assert_true(json_object_has_member(json_node_get_object(real_root), "played"));
    json_object_set_int_member(json_node_get_object(real_root), "played", 1250);
    g_autoptr(LpGame) restored = lp_game_restore(BUX_TYPE_GAME, real_root, &error);
    g_assert_no_error(error);
    g_assert_cmpint(lp_game_get_play_seconds(restored), ==, 1250);
    g_autoptr(JsonNode) again = lp_game_save(restored);
    g_assert_cmpint(json_object_get_int_member(json_node_get_object(again), "played"), ==, 1250);
    /* A negative time is no time. */
    json_object_set_int_member(json_node_get_object(real_root), "played", -1);
    g_autoptr(LpGame) refused = lp_game_restore(BUX_TYPE_GAME, real_root, &error);
    g_assert_null(refused);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/history-figures/buxtehude", test_buxtehude);
    g_test_add_func("/history-figures/buxtehude-hits", test_buxtehude_hits);
    g_test_add_func("/history-figures/minden", test_minden);
    g_test_add_func("/history-figures/aufachse", test_aufachse);
    g_test_add_func("/history-figures/record", test_record);
    g_test_add_func("/history-figures/play-time", test_play_time);
    return g_test_run();
}
