/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The turn events of Auf Achse for an LpEventLog (landpartie-sim --log): each handler turns
 * one of AaGame's signals into one JSON object, reading what the signal does not carry from
 * the model as it stands at the emission. */
#include "config.h"

#include "aa-game-private.h"

static JsonObject *player_card_event(const char *name, guint seat, guint card)
{
    JsonObject *obj = lp_event_log_event_new(name);
    json_object_set_int_member(obj, "player", seat);
    json_object_set_string_member(obj, "card", aa_card_to_string(card));
    return obj;
}

static void on_stage_announced(AaGame *game, guint stage, guint start_seat, LpEventLog *log)
{
    JsonObject *obj = lp_event_log_event_new("stage_start");
    json_object_set_int_member(obj, "stage", stage);
    json_object_set_int_member(obj, "start_player", start_seat);
    lp_event_log_write(log, obj);
}

static void on_route_played(AaGame *game, guint seat, guint card, LpEventLog *log)
{
    lp_event_log_write(log, player_card_event("route_play", seat, card));
}

static void on_counter_played(AaGame *game, guint seat, LpEventLog *log)
{
    /* The log is the omniscient record: it names the face-down card, the pile's top. */
    g_assert(game->pile->len > 0);
    guint card = aa_cards_at(game->pile, game->pile->len - 1);
    lp_event_log_write(log, player_card_event("counter_play", seat, card));
}

static void on_card_resolved(AaGame *game, guint card, int total, LpEventLog *log)
{
    JsonObject *obj = lp_event_log_event_new("resolve");
    json_object_set_string_member(obj, "card", aa_card_to_string(card));
    json_object_set_int_member(obj, "total", total);
    lp_event_log_write(log, obj);
}

static void on_route_discarded(AaGame *game, guint seat, guint card, LpEventLog *log)
{
    lp_event_log_write(log, player_card_event("route_discard", seat, card));
}

static JsonArray *faces_json(GArray *cards)
{
    JsonArray *array = json_array_new();
    for (guint i = 0; i < cards->len; i++)
        json_array_add_string_element(array, aa_card_to_string(aa_cards_at(cards, i)));
    return array;
}

static JsonArray *totals_json(AaGame *game)
{
    JsonArray *totals = json_array_new();
    for (guint s = 0; s < game->n; s++)
        json_array_add_int_element(totals, aa_game_get_total_score(game, s));
    return totals;
}

static void on_stage_ended(AaGame *game, guint stage, LpEventLog *log)
{
    JsonObject *obj = lp_event_log_event_new("stage_end");
    json_object_set_int_member(obj, "stage", stage);
    json_object_set_int_member(obj, "total", aa_game_get_total(game));
    JsonArray *routes = json_array_new();
    JsonArray *scores = json_array_new();
    for (guint s = 0; s < game->n; s++) {
        /* The routes were revealed with the scoring; the stage-end table is still there. */
        json_array_add_array_element(routes, faces_json(aa_game_peek_route(game, s)));
        json_array_add_int_element(scores, aa_game_get_stage_score(game, stage, s));
    }
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "scores", scores);
    json_object_set_array_member(obj, "totals", totals_json(game));
    lp_event_log_write(log, obj);
}

static void on_game_over(AaGame *game, LpEventLog *log)
{
    JsonObject *obj = lp_event_log_event_new("game_over");
    json_object_set_array_member(obj, "totals", totals_json(game));
    g_autoptr(GArray) winners = aa_game_get_winners(game);
    JsonArray *w = json_array_new();
    for (guint i = 0; i < winners->len; i++)
        json_array_add_int_element(w, g_array_index(winners, guint, i));
    json_object_set_array_member(obj, "winners", w);
    lp_event_log_write(log, obj);
}

void aa_game_observe_events(LpGame *game, LpEventLog *log)
{
    g_signal_connect_object(game, "stage-announced", G_CALLBACK(on_stage_announced), log, 0);
    g_signal_connect_object(game, "route-played", G_CALLBACK(on_route_played), log, 0);
    g_signal_connect_object(game, "counter-played", G_CALLBACK(on_counter_played), log, 0);
    g_signal_connect_object(game, "card-resolved", G_CALLBACK(on_card_resolved), log, 0);
    g_signal_connect_object(game, "route-discarded", G_CALLBACK(on_route_discarded), log, 0);
    g_signal_connect_object(game, "stage-ended", G_CALLBACK(on_stage_ended), log, 0);
    g_signal_connect_object(game, "game-over", G_CALLBACK(on_game_over), log, 0);
}
