/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Undo in Finden Sie Minden (issue 33, RULES.md): a person takes back a choice or a tip, and
 * the save is byte for byte the one before; a swap (the top card of the draw pile), the last
 * tip (every tip opens), the round's reveal and each scoring are points of no return, as are
 * another seat's and a computer's moves; a tip taken back leaks nothing; the network path
 * ({"type":"undo"}, the views' "undo" and "undone"); and random games with random undo
 * attempts that keep every invariant and still end with a result. */
#include "minden-ai.h"
#include "minden-game-private.h"
#include "minden-test-util.h"

/* ---- helpers ---------------------------------------------------------------------------- */

/* n players; bit i of humans makes seat i a person, the others computers. Seat 0 is the
 * youngest, so it chooses first in round 1. */
static GPtrArray *players_of(guint n, guint humans)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil" };
    static const LpLevel levels[] = { LP_LEVEL_HARD, LP_LEVEL_EASY, LP_LEVEL_NORMAL };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], (int) (8 + 9 * i), "#1c71d8",
                                               (humans >> i) & 1 ? LP_PLAYER_HUMAN
                                                                 : LP_PLAYER_COMPUTER,
                                               levels[i % 3]));
    return players;
}

/* A game of the real deck (the default one, which restores and undo read too), waiting for
 * its first decision. */
static MindenGame *real_game(guint n, guint humans, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = players_of(n, humans);
    LpGame *game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, seed, FALSE, &error);
    g_assert_no_error(error);
    lp_game_run_computers(game, minden_ai_move);
    return MINDEN_GAME(game);
}

static char *save_data(MindenGame *game)
{
    return lp_game_save_to_data(LP_GAME(game), NULL);
}

static gboolean is_human(MindenGame *game, guint seat)
{
    return lp_player_is_human(lp_game_get_player(LP_GAME(game), seat));
}

/* Nobody, or only seat (when seat >= 0), may take something back. */
static void assert_undo_only(MindenGame *game, int seat)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    for (guint s = 0; s < n; s++)
        g_assert_cmpint(lp_game_can_undo(LP_GAME(game), s), ==, (int) s == seat);
    g_assert_cmpint(lp_game_get_undo_seat(LP_GAME(game)), ==, seat);
}

/* lp_game_undo for seat is refused with an LP_GAME_ERROR and changes nothing. */
static void assert_undo_refused(MindenGame *game, guint seat)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *before = save_data(game);
    g_assert_false(lp_game_undo(LP_GAME(game), seat, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);
}

static void assert_undo_refused_for_all(MindenGame *game)
{
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++)
        assert_undo_refused(game, s);
}

static void undo_ok(MindenGame *game, guint seat)
{
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_game_undo(LP_GAME(game), seat, &error));
    g_assert_no_error(error);
}

static void choose(MindenGame *game, guint seat, guint card, gboolean swap)
{
    g_autoptr(GError) error = NULL;
    g_assert_true(minden_game_choose(game, seat, card, swap, &error));
    g_assert_no_error(error);
}

static guint first_offered(MindenGame *game)
{
    g_assert_cmpuint(minden_game_get_offer(game)->len, >, 0);
    return g_array_index(minden_game_get_offer(game), guint, 0);
}

/* The current seat takes the first offered card. */
static guint choose_first(MindenGame *game)
{
    int seat = lp_game_get_current_seat(LP_GAME(game));
    g_assert_cmpint(seat, >=, 0);
    choose(game, (guint) seat, first_offered(game), FALSE);
    return (guint) seat;
}

static void tip(MindenGame *game, guint seat, const MindenTip *t)
{
    g_autoptr(GError) error = NULL;
    g_assert_true(minden_game_tip(game, seat, t, &error));
    g_assert_no_error(error);
}

static const MindenTip tip_west = { 1, MINDEN_WEST, -1, -1, -1 };
static const MindenTip tip_east_north = { 2, MINDEN_EAST, MINDEN_NORTH, -1, -1 };

/* Everybody chooses the first offered card: the round waits for its tips. */
static void choose_all(MindenGame *game)
{
    while (minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE)
        choose_first(game);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_TIP);
}

static void count_undone(LpGame *game, guint seat, guint *count)
{
    (*count)++;
}

static void count_notify(GObject *object, GParamSpec *pspec, guint *count)
{
    (*count)++;
}

/* ---- each kind of action, taken back ---------------------------------------------------- */

/* A choice from the offer, a choice that ends the choosing (the phase goes back with it),
 * and a tip: each taken back gives the save before it, byte for byte; only the seat that
 * acted could take it back, and afterwards nobody. */
static void test_undo_each_action(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 11);
    guint undone = 0, phase_notes = 0;
    g_signal_connect(game, "undone", G_CALLBACK(count_undone), &undone);
    g_signal_connect(game, "notify::phase", G_CALLBACK(count_notify), &phase_notes);

    /* A choice. */
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_CHOOSE);
    assert_undo_only(game, -1);
    g_autofree char *before = save_data(game);
    guint seat = choose_first(game);
    assert_undo_only(game, (int) seat);
    undo_ok(game, seat);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);
    assert_undo_only(game, -1);
    g_assert_cmpuint(undone, ==, 1);
    g_assert_cmpint(lp_game_get_undone_seat(LP_GAME(game)), ==, (int) seat);
    g_assert_cmpstr(lp_game_get_undone_what(LP_GAME(game)), ==, "choice");
    g_autofree char *sentence = lp_game_describe_undone(LP_GAME(game));
    g_assert_nonnull(strstr(sentence, lp_player_get_name(lp_game_get_player(LP_GAME(game),
                                                                            seat))));

    /* The last choice: the tips begin, and the undo brings the choosing back. */
    choose_first(game);
    g_assert_cmpint(lp_game_get_undone_seat(LP_GAME(game)), ==, -1);
    choose_first(game);
    g_autofree char *before_last = save_data(game);
    phase_notes = 0;
    guint last = choose_first(game);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_TIP);
    assert_undo_only(game, (int) last);
    undo_ok(game, last);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_CHOOSE);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, (int) last);
    g_assert_cmpuint(phase_notes, >=, 2);
    g_autofree char *after_last = save_data(game);
    g_assert_cmpstr(after_last, ==, before_last);
    assert_undo_only(game, -1);

    /* A tip that is not the last. */
    choose_all(game);
    g_autofree char *before_tip = save_data(game);
    tip(game, 1, &tip_east_north);
    assert_undo_only(game, 1);
    undo_ok(game, 1);
    g_autofree char *after_tip = save_data(game);
    g_assert_cmpstr(after_tip, ==, before_tip);
    g_assert_false(minden_game_has_tipped(game, 1));
    g_assert_cmpstr(lp_game_get_undone_what(LP_GAME(game)), ==, "tip");
    assert_undo_only(game, -1);
    g_assert_cmpuint(undone, ==, 3);
}

/* One seat's actions in a row stack up: the last chooser tips at once, and takes back the
 * tip and then the choice. */
static void test_undo_stack_of_one_seat(void)
{
    g_autoptr(TestGame) game = real_game(2, 0x3, 12);
    choose_first(game);
    g_autofree char *before_choice = save_data(game);
    guint last = choose_first(game);
    g_autofree char *before_tip = save_data(game);
    tip(game, last, &tip_west);
    assert_undo_only(game, (int) last);
    undo_ok(game, last);
    g_autofree char *after_tip = save_data(game);
    g_assert_cmpstr(after_tip, ==, before_tip);
    assert_undo_only(game, (int) last);
    undo_ok(game, last);
    g_autofree char *after_choice = save_data(game);
    g_assert_cmpstr(after_choice, ==, before_choice);
    assert_undo_only(game, -1);
}

/* A tip taken back leaves no trace for the others: seat 1's view is the same whichever tip
 * seat 0 placed, and after the undo it is the view before the tip. */
static void test_tip_undo_leaks_nothing(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 13);
    choose_all(game);
    g_autoptr(JsonNode) v0 = lp_game_view(LP_GAME(game), 1);
    g_autofree char *state0 = lp_json_to_string(json_object_get_member(json_node_get_object(v0),
                                                                       "state"), FALSE);

    tip(game, 0, &tip_west);
    g_autoptr(JsonNode) v1 = lp_game_view(LP_GAME(game), 1);
    g_autoptr(JsonNode) o1 = lp_game_view(LP_GAME(game), LP_VIEWER_ONLOOKER);
    g_autofree char *text1 = lp_json_to_string(v1, FALSE);
    g_autofree char *onlooker1 = lp_json_to_string(o1, FALSE);
    undo_ok(game, 0);
    g_autoptr(JsonNode) vu = lp_game_view(LP_GAME(game), 1);
    g_autofree char *stateu = lp_json_to_string(json_object_get_member(json_node_get_object(vu),
                                                                       "state"), FALSE);
    g_assert_cmpstr(stateu, ==, state0);
    /* The undo says who took back what, no more. */
    JsonObject *undone = json_object_get_object_member(json_node_get_object(vu), "undone");
    g_assert_nonnull(undone);
    g_assert_cmpuint(json_object_get_size(undone), ==, 2);
    g_assert_cmpint(json_object_get_int_member(undone, "seat"), ==, 0);
    g_assert_cmpstr(json_object_get_string_member(undone, "what"), ==, "tip");

    tip(game, 0, &tip_east_north);
    g_autoptr(JsonNode) v2 = lp_game_view(LP_GAME(game), 1);
    g_autoptr(JsonNode) o2 = lp_game_view(LP_GAME(game), LP_VIEWER_ONLOOKER);
    g_autofree char *text2 = lp_json_to_string(v2, FALSE);
    g_autofree char *onlooker2 = lp_json_to_string(o2, FALSE);
    /* The count of actions differs (the undo is not an action), nothing else. */
    json_object_set_int_member(json_node_get_object(v2), "actions",
                               json_object_get_int_member(json_node_get_object(v1), "actions"));
    json_object_set_int_member(json_node_get_object(o2), "actions",
                               json_object_get_int_member(json_node_get_object(o1), "actions"));
    g_free(text2);
    g_free(onlooker2);
    text2 = lp_json_to_string(v2, FALSE);
    onlooker2 = lp_json_to_string(o2, FALSE);
    g_assert_cmpstr(text2, ==, text1);
    g_assert_cmpstr(onlooker2, ==, onlooker1);
    MindenTip seen;
    g_assert_false(minden_game_get_tip(game, 1, 0, &seen));
    g_assert_false(minden_game_get_tip(game, LP_VIEWER_ONLOOKER, 0, &seen));
}

/* ---- refused ---------------------------------------------------------------------------- */

/* A swap takes the hidden top card of the draw pile: nothing to take back. */
static void test_refused_after_swap(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 14);
    int seat = lp_game_get_current_seat(LP_GAME(game));
    guint top = g_array_index(minden_game_get_draw_pile(game), guint,
                              minden_game_get_draw_pile(game)->len - 1);
    choose(game, (guint) seat, first_offered(game), TRUE);
    g_assert_cmpint(minden_game_get_seat_card(game, (guint) seat), ==, (int) top);
    assert_undo_only(game, -1);
    assert_undo_refused_for_all(game);
    /* The next seat's plain choice may be taken back again; the swap stays. */
    guint next = choose_first(game);
    assert_undo_only(game, (int) next);
    undo_ok(game, next);
    g_assert_cmpint(minden_game_get_seat_card(game, (guint) seat), ==, (int) top);
    assert_undo_refused(game, (guint) seat);
}

/* The last tip opens every tip of the round: no undo for anyone. */
static void test_refused_after_last_tip(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 15);
    choose_all(game);
    tip(game, 2, &tip_west);
    tip(game, 0, &tip_west);
    assert_undo_only(game, 0);
    tip(game, 1, &tip_east_north);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_SCORE);
    assert_undo_only(game, -1);
    assert_undo_refused_for_all(game);
}

/* Another seat's action ends what the first could take back, even when the second takes its
 * own back; a seat that did nothing has nothing to take back. */
static void test_refused_for_another_seat(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 16);
    guint a = choose_first(game);
    for (guint s = 0; s < 3; s++)
        if (s != a)
            assert_undo_refused(game, s);
    guint b = choose_first(game);
    assert_undo_only(game, (int) b);
    assert_undo_refused(game, a);
    undo_ok(game, b);
    assert_undo_only(game, -1);
    assert_undo_refused(game, a);
    /* The same in the tips. */
    choose_all(game);
    tip(game, 0, &tip_west);
    tip(game, 2, &tip_west);
    assert_undo_only(game, 2);
    assert_undo_refused(game, 0);
    assert_undo_refused(game, 1);
}

/* A computer's choice or tip is never taken back, and it ends a person's undo. */
static void test_refused_for_computer(void)
{
    /* Seat 0 (a person) chooses first, seat 1 is a computer, seat 2 a person. */
    g_autoptr(TestGame) game = real_game(3, 0x5, 17);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 0);
    choose_first(game);
    assert_undo_only(game, 0);
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_cmpint(minden_game_get_seat_card(game, 1), >=, 0);
    assert_undo_only(game, -1);
    assert_undo_refused_for_all(game);
    choose_first(game);
    /* The computer tips first, then the people. */
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_true(minden_game_has_tipped(game, 1));
    assert_undo_only(game, -1);
    assert_undo_refused_for_all(game);
}

/* The game's own steps (a round's reveal, each scoring, the final steps) leave nothing to
 * take back: a whole game of people, each step checked. */
static void test_refused_after_game_steps(void)
{
    g_autoptr(TestGame) game = real_game(2, 0x3, 18);
    guint steps = 0, scorings = 0, reveals = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        MindenPhase phase = minden_game_get_phase(game);
        if (lp_game_computer_step(LP_GAME(game), minden_ai_move)) {
            steps++;
            scorings += phase == MINDEN_PHASE_SCORE;
            reveals += phase == MINDEN_PHASE_REVEAL;
            assert_undo_only(game, -1);
            assert_undo_refused_for_all(game);
            continue;
        }
        /* A person decides as the computer would. */
        guint seat = 0;
        if (phase == MINDEN_PHASE_CHOOSE)
            seat = (guint) lp_game_get_current_seat(LP_GAME(game));
        else
            while (minden_game_has_tipped(game, seat))
                seat++;
        g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(game), seat,
                                                             minden_ai_move);
        g_assert_nonnull(action);
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_apply_action(LP_GAME(game), seat, action, &error));
        g_assert_no_error(error);
    }
    g_assert_cmpuint(reveals, >, 1);
    g_assert_cmpuint(scorings, >, 2);
    g_assert_cmpuint(steps, >, reveals + scorings);
    assert_undo_only(game, -1);
}

/* ---- several devices -------------------------------------------------------------------- */

static JsonNode *undo_action(void)
{
    g_autoptr(GError) error = NULL;
    JsonNode *action = lp_json_parse("{\"type\":\"undo\"}", -1, &error);
    g_assert_no_error(error);
    return action;
}

static gboolean view_can_undo(MindenGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    JsonObject *o = json_node_get_object(view);
    g_assert_true(json_object_has_member(o, "undo"));
    return json_object_get_boolean_member(o, "undo");
}

static void on_requested(LpGame *mirror, JsonNode *action, JsonNode **out)
{
    g_assert_null(*out);
    *out = json_node_copy(action);
}

/* {"type":"undo"} through lp_game_apply_action: the seat that acted may, another may not;
 * the views say who may and, afterwards, who took back what; a mirror asks its host. */
static void test_network_undo(void)
{
    g_autoptr(TestGame) game = real_game(3, 0x7, 19);
    g_autofree char *before = save_data(game);
    guint seat = choose_first(game);
    guint other = (seat + 1) % 3;
    g_assert_true(view_can_undo(game, (int) seat));
    g_assert_false(view_can_undo(game, (int) other));
    g_autoptr(JsonNode) onlooker = lp_game_view(LP_GAME(game), LP_VIEWER_ONLOOKER);
    g_assert_false(json_object_has_member(json_node_get_object(onlooker), "undo"));

    /* The mirrors answer from their views. */
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), (int) seat);
    g_autoptr(JsonNode) other_view = lp_game_view(LP_GAME(game), (int) other);
    g_autoptr(GError) error = NULL;
    g_autoptr(TestGame) mirror = MINDEN_GAME(lp_game_mirror_new(MINDEN_TYPE_GAME, view,
                                                                &error));
    g_assert_no_error(error);
    g_autoptr(TestGame) other_mirror = MINDEN_GAME(lp_game_mirror_new(MINDEN_TYPE_GAME,
                                                                      other_view, &error));
    g_assert_no_error(error);
    g_assert_true(lp_game_can_undo(LP_GAME(mirror), seat));
    g_assert_false(lp_game_can_undo(LP_GAME(other_mirror), other));
    g_assert_false(lp_game_undo(LP_GAME(other_mirror), other, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);

    /* Another seat's request is refused, nothing changes. */
    g_autoptr(JsonNode) action = undo_action();
    g_autofree char *acted = save_data(game);
    g_assert_false(lp_game_apply_action(LP_GAME(game), other, action, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_autofree char *refused = save_data(game);
    g_assert_cmpstr(refused, ==, acted);

    /* The acting seat's mirror sends the request; the host plays it. */
    JsonNode *requested = NULL;
    g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &requested);
    g_assert_true(lp_game_undo(LP_GAME(mirror), seat, &error));
    g_assert_no_error(error);
    g_assert_nonnull(requested);
    g_assert_cmpstr(json_object_get_string_member(json_node_get_object(requested), "type"), ==,
                    "undo");
    g_assert_true(lp_game_apply_action(LP_GAME(game), seat, requested, &error));
    g_assert_no_error(error);
    json_node_unref(requested);
    g_autofree char *after = save_data(game);
    g_assert_cmpstr(after, ==, before);

    /* Every view says who took back what; nobody may undo now. */
    for (int v = LP_VIEWER_ONLOOKER; v < 3; v++) {
        g_autoptr(JsonNode) seen = lp_game_view(LP_GAME(game), v);
        JsonObject *o = json_node_get_object(seen);
        JsonObject *undone = json_object_get_object_member(o, "undone");
        g_assert_nonnull(undone);
        g_assert_cmpint(json_object_get_int_member(undone, "seat"), ==, (int) seat);
        g_assert_cmpstr(json_object_get_string_member(undone, "what"), ==, "choice");
        if (v >= 0)
            g_assert_false(json_object_get_boolean_member(o, "undo"));
        /* A mirror of it tells the same. */
        g_autoptr(TestGame) m = MINDEN_GAME(lp_game_mirror_new(MINDEN_TYPE_GAME, seen, &error));
        g_assert_no_error(error);
        g_assert_cmpint(lp_game_get_undone_seat(LP_GAME(m)), ==, (int) seat);
        g_assert_cmpstr(lp_game_get_undone_what(LP_GAME(m)), ==, "choice");
    }
    /* A second undo is refused (the stack is empty). */
    g_assert_false(lp_game_apply_action(LP_GAME(game), seat, action, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
}

/* ---- random games ----------------------------------------------------------------------- */

/* What the test expects the game to allow: the saves before the actions of one person that
 * showed nothing hidden, the newest last. */
typedef struct {
    GPtrArray *before; /* char *, the saves */
    int seat;
} Oracle;

static void oracle_clear(Oracle *o)
{
    g_ptr_array_set_size(o->before, 0);
    o->seat = -1;
}

static void oracle_push(Oracle *o, guint seat, char *before)
{
    if (o->seat != (int) seat)
        oracle_clear(o);
    o->seat = (int) seat;
    g_ptr_array_add(o->before, before);
}

/* Every card in play lies in exactly one place, the track is legal (figures that left the
 * start share no field), the swap tokens match the box, positions follow the scored tips,
 * the round's bookkeeping fits its phase and the result carries the positions. */
static void check_invariants(MindenGame *game, const guint *scored_moves)
{
    guint n = game->n_seats;
    guint n_cards = minden_deck_get_n_cards(game->deck);
    g_autofree guint8 *count = g_new0(guint8, n_cards);
    GArray *piles[] = { game->draw, game->offer, game->discard, game->box };
    for (guint p = 0; p < G_N_ELEMENTS(piles); p++)
        for (guint i = 0; i < piles[p]->len; i++)
            count[g_array_index(piles[p], guint, i)]++;
    guint with_card = 0, tipped = 0, used_tokens = 0;
    for (guint s = 0; s < n; s++) {
        MindenSeat *seat = &game->seats[s];
        if (seat->card >= 0) {
            count[seat->card]++;
            with_card++;
        }
        for (guint i = 0; i < seat->kept->len; i++)
            count[g_array_index(seat->kept, guint, i)]++;
        tipped += seat->tip.n_stones > 0;
        g_assert_cmpuint(seat->swaps_left, <=, MINDEN_SWAP_TOKENS);
        used_tokens += MINDEN_SWAP_TOKENS - seat->swaps_left;
        for (guint o = s + 1; o < n; o++)
            if (seat->position > 0)
                g_assert_cmpuint(seat->position, !=, game->seats[o].position);
    }
    for (guint c = 0; c < n_cards; c++)
        g_assert_cmpuint(count[c], ==, _minden_game_card_in_play(game, c) ? 1 : 0);
    g_assert_cmpuint(game->box->len, ==, used_tokens);

    /* Scores: until the final scoring each position is the sum of its scored moves, and each
     * scored tip moved exactly when it was right. */
    for (guint i = 0; i < game->history->len; i++) {
        const MindenScoredTip *t = &g_array_index(game->history, MindenScoredTip, i);
        g_assert_cmpint(t->right, ==, t->to > t->from);
        g_assert_true(!t->kept || t->right);
        g_assert_cmpuint(t->to, >=, t->from + (t->right ? (guint) t->tip.n_stones : 0));
    }
    gboolean final = game->phase == MINDEN_PHASE_FINAL || game->phase == MINDEN_PHASE_OVER;
    for (guint s = 0; s < n; s++) {
        if (final)
            g_assert_cmpuint(game->seats[s].position, >=, scored_moves[s]);
        else
            g_assert_cmpuint(game->seats[s].position, ==, scored_moves[s]);
    }

    switch (game->phase) {
    case MINDEN_PHASE_CHOOSE:
        g_assert_cmpuint(game->order->len, ==, n);
        g_assert_cmpuint(game->offer->len + game->order_done, ==, n);
        g_assert_cmpuint(with_card, ==, game->order_done);
        g_assert_cmpuint(tipped, ==, 0);
        break;
    case MINDEN_PHASE_TIP:
        g_assert_cmpuint(game->offer->len, ==, 0);
        g_assert_cmpuint(with_card, ==, n);
        g_assert_cmpuint(tipped, <, n);
        break;
    case MINDEN_PHASE_SCORE:
        g_assert_cmpuint(tipped, ==, n);
        g_assert_cmpuint(with_card + game->order_done, ==, n);
        break;
    default:
        g_assert_cmpuint(with_card, ==, 0);
        break;
    }
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
    JsonArray *scores = json_object_get_array_member(json_node_get_object(result), "scores");
    g_assert_cmpuint(json_array_get_length(scores), ==, n);
    for (guint s = 0; s < n; s++)
        g_assert_cmpint(json_array_get_int_element(scores, s), ==, game->seats[s].position);
}

/* The sum of each seat's scored moves, from the history. */
static void scored_moves_of(MindenGame *game, guint *moves)
{
    for (guint s = 0; s < game->n_seats; s++)
        moves[s] = 0;
    for (guint i = 0; i < game->history->len; i++) {
        const MindenScoredTip *t = &g_array_index(game->history, MindenScoredTip, i);
        moves[t->seat] += t->to - t->from;
    }
}

static void check_all(MindenGame *game, Oracle *oracle)
{
    guint moves[8];
    scored_moves_of(game, moves);
    check_invariants(game, moves);
    int expected = lp_game_is_over(LP_GAME(game)) ? -1 : oracle->seat;
    assert_undo_only(game, expected);
}

static void random_tip(LpRng *rng, MindenTip *t)
{
    *t = (MindenTip) MINDEN_TIP_INIT;
    t->n_stones = (gint8) lp_rng_int_range(rng, 1, MINDEN_MAX_STONES + 1);
    t->east_west = (gint8) lp_rng_int_range(rng, 0, 2);
    if (t->n_stones >= 2)
        t->band = (gint8) lp_rng_int_range(rng, 0, 3);
    if (t->n_stones >= 3)
        t->sector = (gint8) lp_rng_int_range(rng, 1,
                                             (int) minden_grid_n_sectors(t->band) + 1);
    if (t->n_stones >= 4)
        t->section = (gint8) lp_rng_int_range(rng, 0, 4);
    g_assert_true(minden_tip_is_valid(t));
}

/* A person's decision: as the computer player would take it (through the network path) or
 * a random legal one. Returns whether it shows something hidden. */
static gboolean person_acts(MindenGame *game, guint seat, LpRng *rng)
{
    g_autoptr(GError) error = NULL;
    guint tipped = 0;
    for (guint s = 0; s < game->n_seats; s++)
        tipped += game->seats[s].tip.n_stones > 0;
    if (lp_rng_int_range(rng, 0, 3) == 0) {
        g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(game), seat,
                                                             minden_ai_move);
        g_assert_nonnull(action);
        JsonObject *a = json_node_get_object(action);
        gboolean swap = json_object_has_member(a, "swap") &&
                        json_object_get_boolean_member(a, "swap");
        gboolean tipping = game->phase == MINDEN_PHASE_TIP;
        g_assert_true(lp_game_apply_action(LP_GAME(game), seat, action, &error));
        g_assert_no_error(error);
        return tipping ? tipped + 1 == game->n_seats : swap;
    }
    if (game->phase == MINDEN_PHASE_TIP) {
        MindenTip t;
        random_tip(rng, &t);
        tip(game, seat, &t);
        return tipped + 1 == game->n_seats;
    }
    g_assert_cmpint(game->phase, ==, MINDEN_PHASE_CHOOSE);
    guint card = g_array_index(game->offer, guint,
                               lp_rng_int_range(rng, 0, (int) game->offer->len));
    gboolean swap = game->seats[seat].swaps_left > 0 && game->draw->len > 0 &&
                    lp_rng_int_range(rng, 0, 6) == 0;
    choose(game, seat, card, swap);
    return swap;
}

/* One attempt to take something back, by the seat that may or by a random one: it works
 * exactly when the oracle says so, and gives its save back; a refusal changes nothing. */
static void attempt_undo(MindenGame *game, Oracle *oracle, guint seat, LpRng *rng)
{
    g_autoptr(GError) error = NULL;
    gboolean expected = oracle->seat == (int) seat && !lp_game_is_over(LP_GAME(game));
    /* A refusal must change nothing (a save is the costly part of this test: only then). */
    g_autofree char *now = expected ? NULL : save_data(game);
    gboolean ok;
    if (lp_rng_int_range(rng, 0, 2) == 0) {
        g_autoptr(JsonNode) action = undo_action();
        ok = lp_game_apply_action(LP_GAME(game), seat, action, &error);
    } else {
        ok = lp_game_undo(LP_GAME(game), seat, &error);
    }
    g_assert_cmpint(ok, ==, expected);
    g_autofree char *after = save_data(game);
    if (!ok) {
        /* The network path says "the game is over" as a wrong phase. */
        g_assert_nonnull(error);
        g_assert_true(error->domain == LP_GAME_ERROR);
        g_assert_cmpstr(after, ==, now);
        return;
    }
    g_assert_no_error(error);
    g_assert_cmpuint(oracle->before->len, >, 0);
    g_autofree char *before = g_ptr_array_steal_index(oracle->before, oracle->before->len - 1);
    g_assert_cmpstr(after, ==, before);
    if (oracle->before->len == 0)
        oracle->seat = -1;
    /* Now and then: the game taken back in place shows the seat the same view as a game
     * restored from the same save (nothing kept beside the fields, such as the view's
     * history, is stale). */
    if (lp_rng_int_range(rng, 0, 5) == 0) {
        g_autoptr(JsonNode) root = lp_json_parse(before, -1, &error);
        g_assert_no_error(error);
        g_autoptr(TestGame) fresh = test_restore_node(root, &error);
        g_assert_no_error(error);
        g_autoptr(JsonNode) mine = lp_game_view(LP_GAME(game), (int) seat);
        g_autoptr(JsonNode) theirs = lp_game_view(LP_GAME(fresh), (int) seat);
        g_autofree char *a = lp_json_to_string(json_object_get_member(json_node_get_object(mine),
                                                                      "state"), FALSE);
        g_autofree char *b = lp_json_to_string(
            json_object_get_member(json_node_get_object(theirs), "state"), FALSE);
        g_assert_cmpstr(a, ==, b);
    }
}

typedef struct {
    guint games;
    guint undos;
    guint refused;
    guint deepest;
    guint past_end; /* games in which a figure reached field 40 */
} Tally;

static void play_random_game(guint64 index, Tally *tally)
{
    g_autoptr(LpRng) rng = lp_rng_new(0x5eed0000u + index);
    guint n = (guint) lp_rng_int_range(rng, 2, 6);
    guint humans = (guint) lp_rng_int_range(rng, 1, 1 << n);
    gboolean purple = lp_rng_int_range(rng, 0, 2) == 0;
    /* Mostly small decks: short games that end by an empty draw pile (and swaps with none
     * left); some long enough for a figure to pass field 40. */
    guint per_colour = lp_rng_int_range(rng, 0, 40) == 0 ? (guint) lp_rng_int_range(rng, 18, 26)
                                                           : (guint) lp_rng_int_range(rng, 3, 9);
    g_autoptr(MindenDeck) deck = test_big_deck(per_colour, lp_rng_next_u64(rng));
    minden_deck_set_default(deck);
    g_autoptr(GPtrArray) players = players_of(n, humans);
    g_autoptr(LpRng) game_rng = lp_rng_new(lp_rng_next_u64(rng));
    g_autoptr(GError) error = NULL;
    g_autoptr(TestGame) game = minden_game_new(players, game_rng, deck, purple, &error);
    g_assert_no_error(error);
    Oracle oracle = { g_ptr_array_new_with_free_func(g_free), -1 };

    guint steps = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        g_assert_cmpuint(++steps, <, 5000);
        gboolean own_step = lp_game_computer_step(LP_GAME(game), minden_ai_move);
        if (own_step) {
            oracle_clear(&oracle);
        } else {
            /* A person decides: the chooser, or one of those still to tip. */
            guint seat;
            if (game->phase == MINDEN_PHASE_CHOOSE) {
                seat = (guint) lp_game_get_current_seat(LP_GAME(game));
            } else {
                g_assert_cmpint(game->phase, ==, MINDEN_PHASE_TIP);
                guint waiting[8], n_waiting = 0;
                for (guint s = 0; s < n; s++)
                    if (game->seats[s].tip.n_stones == 0)
                        waiting[n_waiting++] = s;
                g_assert_cmpuint(n_waiting, >, 0);
                seat = waiting[lp_rng_int_range(rng, 0, (int) n_waiting)];
            }
            g_assert_true(is_human(game, seat));
            char *before = save_data(game);
            if (person_acts(game, seat, rng)) {
                g_free(before);
                oracle_clear(&oracle);
            } else {
                oracle_push(&oracle, seat, before);
                tally->deepest = MAX(tally->deepest, oracle.before->len);
            }
        }
        check_all(game, &oracle);
        /* Undo attempts: mostly after a person's action and by the seat that may, sometimes
         * twice in a row; now and then after the game's or a computer's step. */
        while (lp_rng_int_range(rng, 0, 20) < (own_step ? 1 : 7)) {
            guint seat = oracle.seat >= 0 && lp_rng_int_range(rng, 0, 3) > 0
                             ? (guint) oracle.seat
                             : (guint) lp_rng_int_range(rng, 0, (int) n);
            gboolean expected = oracle.seat == (int) seat;
            attempt_undo(game, &oracle, seat, rng);
            if (expected)
                tally->undos++;
            else
                tally->refused++;
            check_all(game, &oracle);
        }
    }
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
    JsonArray *winners = json_object_get_array_member(json_node_get_object(result), "winners");
    g_assert_cmpuint(json_array_get_length(winners), >, 0);
    for (guint s = 0; s < n; s++)
        if (game->seats[s].position >= MINDEN_TRACK_END) {
            tally->past_end++;
            break;
        }
    assert_undo_refused(game, (guint) lp_rng_int_range(rng, 0, (int) n));
    g_ptr_array_unref(oracle.before);
    tally->games++;
}

static void test_random_games(void)
{
    Tally tally = { 0 };
    for (guint64 g = 0; g < 1000; g++)
        play_random_game(g, &tally);
    minden_deck_set_default(NULL);
    g_test_message("%u games, %u undos, %u refused, %u deep at most, %u past field 40",
                   tally.games, tally.undos, tally.refused, tally.deepest, tally.past_end);
    /* The test can fail: it took things back, refused others, and stacked a seat's actions. */
    g_assert_cmpuint(tally.games, ==, 1000);
    g_assert_cmpuint(tally.undos, >, 1000);
    g_assert_cmpuint(tally.refused, >, 1000);
    g_assert_cmpuint(tally.deepest, >=, 2);
    g_assert_cmpuint(tally.past_end, >, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/undo/each-action", test_undo_each_action);
    g_test_add_func("/minden/undo/stack-of-one-seat", test_undo_stack_of_one_seat);
    g_test_add_func("/minden/undo/tip-leaks-nothing", test_tip_undo_leaks_nothing);
    g_test_add_func("/minden/undo/refused-after-swap", test_refused_after_swap);
    g_test_add_func("/minden/undo/refused-after-last-tip", test_refused_after_last_tip);
    g_test_add_func("/minden/undo/refused-for-another-seat", test_refused_for_another_seat);
    g_test_add_func("/minden/undo/refused-for-computer", test_refused_for_computer);
    g_test_add_func("/minden/undo/refused-after-game-steps", test_refused_after_game_steps);
    g_test_add_func("/minden/undo/network", test_network_undo);
    g_test_add_func("/minden/undo/random-games", test_random_games);
    return g_test_run();
}
