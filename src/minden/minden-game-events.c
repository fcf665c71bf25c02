/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The turn events of a Minden game (the lines of landpartie-sim --log), built from the
 * model's typed signals: the moves themselves build no JSON. */
#include "minden-game-private.h"

#include "lp-json.h"

static JsonArray *card_ids(MindenGame *game, GArray *cards)
{
    JsonArray *a = json_array_new();
    for (guint i = 0; i < cards->len; i++)
        json_array_add_string_element(a, _minden_game_card_id(game,
                                                               g_array_index(cards, guint, i)));
    return a;
}

/* The round's cards lie in the offer while "round-started" runs. */
static void on_round_started(MindenGame *game, guint round, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("reveal");
    json_object_set_int_member(ev, "round", round);
    json_object_set_array_member(ev, "cards", card_ids(game, minden_game_get_offer(game)));
    lp_event_log_write(log, ev);
}

/* "choose" names the offered card the seat took; a swap follows with the card it got. */
static void on_card_chosen(MindenGame *game, guint seat, guint card, int swapped,
                           LpEventLog *log)
{
    guint taken = swapped >= 0 ? (guint) swapped : card;
    JsonObject *ev = lp_event_log_event_new("choose");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(ev, "card", _minden_game_card_id(game, taken));
    lp_event_log_write(log, ev);
    if (swapped < 0)
        return;
    ev = lp_event_log_event_new("swap");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(ev, "card", _minden_game_card_id(game, taken));
    json_object_set_string_member(ev, "new_card", _minden_game_card_id(game, card));
    lp_event_log_write(log, ev);
}

/* The log records the tip the moment it is placed, secret or not: it is the game's record,
 * not a seat's view. */
static void on_tip_entered(MindenGame *game, guint seat, LpEventLog *log)
{
    g_auto(GStrv) stones = minden_tip_to_strv(_minden_game_peek_tip(game, seat));
    JsonObject *ev = lp_event_log_event_new("tip");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(
        ev, "card", _minden_game_card_id(game, (guint) minden_game_get_seat_card(game, seat)));
    JsonArray *a = json_array_new();
    for (guint i = 0; stones[i]; i++)
        json_array_add_string_element(a, stones[i]);
    json_object_set_array_member(ev, "stones", a);
    lp_event_log_write(log, ev);
}

static void on_scored(MindenGame *game, guint seat, guint card, gboolean right, guint from,
                      guint to, gboolean kept, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("score");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(ev, "card", _minden_game_card_id(game, card));
    json_object_set_boolean_member(ev, "right", right);
    json_object_set_int_member(ev, "from", from);
    json_object_set_int_member(ev, "to", to);
    json_object_set_boolean_member(ev, "kept", kept);
    lp_event_log_write(log, ev);
}

static void on_final_moved(MindenGame *game, guint seat, guint step, guint from, guint to,
                           LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("final");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(ev, "reason",
                                  lp_enum_to_nick(MINDEN_TYPE_FINAL_STEP, (int) step));
    json_object_set_int_member(ev, "from", from);
    json_object_set_int_member(ev, "to", to);
    lp_event_log_write(log, ev);
}

static void on_game_over(MindenGame *game, LpEventLog *log)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    guint best = 0;
    JsonObject *ev = lp_event_log_event_new("game_over");
    JsonArray *positions = json_array_new();
    JsonArray *winners = json_array_new();

    for (guint i = 0; i < n; i++) {
        json_array_add_int_element(positions, minden_game_get_position(game, i));
        best = MAX(best, minden_game_get_position(game, i));
    }
    /* RULES.md: the figure furthest ahead wins; figures on the same field share. */
    for (guint i = 0; i < n; i++)
        if (minden_game_get_position(game, i) == best)
            json_array_add_int_element(winners, i);
    json_object_set_array_member(ev, "positions", positions);
    json_object_set_array_member(ev, "winners", winners);
    lp_event_log_write(log, ev);
}

void _minden_game_observe_events(LpGame *game, LpEventLog *log)
{
    g_signal_connect_object(game, "round-started", G_CALLBACK(on_round_started), log, 0);
    g_signal_connect_object(game, "card-chosen", G_CALLBACK(on_card_chosen), log, 0);
    g_signal_connect_object(game, "tip-entered", G_CALLBACK(on_tip_entered), log, 0);
    g_signal_connect_object(game, "scored", G_CALLBACK(on_scored), log, 0);
    g_signal_connect_object(game, "final-moved", G_CALLBACK(on_final_moved), log, 0);
    g_signal_connect_object(game, "game-over", G_CALLBACK(on_game_over), log, 0);
}
