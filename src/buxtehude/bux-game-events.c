/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The turn events of a Buxtehude game: LpEventLog observes the model's typed signals and each
 * handler here writes the JSON line landpartie-sim --log prints, read from the model's public
 * state at the moment of the signal. The moves themselves build no JSON. */
#include "config.h"

#include "bux-game-private.h"
#include "lp-event-log.h"
#include "lp-json.h"

static const char *card_id(BuxGame *game, int card)
{
    return bux_deck_get_card(bux_game_get_deck(game), card)->id;
}

static void on_cross_started(BuxGame *game, int card, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("start_card");
    json_object_set_int_member(ev, "cross", bux_game_get_cross_number(game));
    json_object_set_string_member(ev, "card", card_id(game, card));
    lp_event_log_write(log, ev);
}

static void on_card_placed(BuxGame *game, guint arm, guint index, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("place");
    json_object_set_int_member(ev, "player", bux_game_get_turn_seat(game));
    json_object_set_string_member(ev, "card",
                                  card_id(game, bux_game_get_arm_card(game, arm, index)));
    json_object_set_string_member(ev, "arm", bux_arm_to_string(arm));
    json_object_set_int_member(ev, "index", index);
    lp_event_log_write(log, ev);
}

static void on_challenge_resolved(BuxGame *game, LpEventLog *log)
{
    const BuxChallenge *c = bux_game_get_last_challenge(game);
    JsonObject *ev = lp_event_log_event_new("challenge");
    json_object_set_int_member(ev, "player", c->placer);
    json_object_set_int_member(ev, "challenger", c->challenger);
    json_object_set_string_member(ev, "card", card_id(game, c->card));
    json_object_set_string_member(ev, "neighbour", card_id(game, c->neighbour));
    json_object_set_boolean_member(ev, "rightful", c->rightful);
    lp_event_log_write(log, ev);
}

static void on_no_challenge(BuxGame *game, LpEventLog *log)
{
    /* Emitted while the card that stands is still the one under question. */
    BuxArm arm;
    guint index;
    gboolean placed = bux_game_get_placed(game, &arm, &index);
    g_assert(placed);
    JsonObject *ev = lp_event_log_event_new("no_challenge");
    json_object_set_string_member(ev, "card",
                                  card_id(game, bux_game_get_arm_card(game, arm, index)));
    lp_event_log_write(log, ev);
}

static void on_chips_changed(BuxGame *game, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("chips");
    JsonArray *players = json_array_new();
    JsonArray *bonus = json_array_new();
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++) {
        json_array_add_int_element(players, bux_game_get_chips(game, s));
        json_array_add_int_element(bonus, bux_game_get_n_bonus(game, s));
    }
    json_object_set_array_member(ev, "players", players);
    json_object_set_array_member(ev, "bonus", bonus);
    json_object_set_int_member(ev, "supply", bux_game_get_supply(game));
    lp_event_log_write(log, ev);
}

static void on_cross_checked(BuxGame *game, LpEventLog *log)
{
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    JsonArray *wrong = json_array_new();
    for (guint i = 0; i < sc->wrong->len; i++)
        json_array_add_string_element(wrong, card_id(game, g_array_index(sc->wrong, int, i)));
    JsonObject *ev = lp_event_log_event_new("intermezzo");
    json_object_set_int_member(ev, "cross", sc->cross);
    json_object_set_array_member(ev, "estimates", lp_json_int_array(sc->estimates,
                                                                    sc->n_players));
    json_object_set_array_member(ev, "wrong", wrong);
    json_object_set_int_member(ev, "count", sc->count);
    lp_event_log_write(log, ev);
}

static void on_game_over(BuxGame *game, LpEventLog *log)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    guint best = 0;
    for (guint s = 0; s < n; s++)
        best = MAX(best, bux_game_get_score(game, s));
    JsonArray *scores = json_array_new();
    JsonArray *winners = json_array_new();
    for (guint s = 0; s < n; s++) {
        json_array_add_int_element(scores, bux_game_get_score(game, s));
        if (bux_game_get_score(game, s) == best)
            json_array_add_int_element(winners, s);
    }
    JsonObject *ev = lp_event_log_event_new("game_over");
    json_object_set_array_member(ev, "scores", scores);
    json_object_set_array_member(ev, "winners", winners);
    lp_event_log_write(log, ev);
}

void bux_game_observe_events(LpGame *game, LpEventLog *log)
{
    static const struct {
        const char *signal;
        GCallback handler;
    } events[] = {
        { "cross-started", G_CALLBACK(on_cross_started) },
        { "card-placed", G_CALLBACK(on_card_placed) },
        { "challenge-resolved", G_CALLBACK(on_challenge_resolved) },
        { "no-challenge", G_CALLBACK(on_no_challenge) },
        { "chips-changed", G_CALLBACK(on_chips_changed) },
        { "cross-checked", G_CALLBACK(on_cross_checked) },
        { "game-over", G_CALLBACK(on_game_over) },
    };
    g_return_if_fail(BUX_IS_GAME(game));
    for (guint i = 0; i < G_N_ELEMENTS(events); i++)
        g_signal_connect_object(game, events[i].signal, events[i].handler, log, 0);
}
