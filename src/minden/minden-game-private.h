/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of MindenGame share (minden-game.c, -events.c, -save.c): the instance
 * struct and the unchecked reads that only the rules and the tests may use, never a view. */
#pragma once

#include "lp-event-log.h"
#include "minden-game.h"

G_BEGIN_DECLS

typedef struct {
    guint64 value;
    gboolean known;
} MindenSalt;

typedef struct {
    guint position;
    guint swaps_left;
    int card;        /* this round's card or -1 */
    MindenTip tip;   /* n_stones 0 until entered; kept until the round ends */
    gboolean scored; /* this round's tip has been scored */
    GArray *kept;    /* guint card indices */
} MindenSeat;

struct _MindenGame {
    LpGame parent_instance;

    MindenDeck *deck;
    gboolean purple;
    guint round;
    MindenPhase phase;
    GArray *draw;    /* guint; top is the last element */
    GArray *offer;   /* guint; revealed and not yet chosen */
    GArray *discard; /* guint */
    GArray *box;     /* guint; cards swapped out of the game */
    MindenSeat *seats;
    guint n_seats;
    GArray *order;   /* guint seats: choose or score order of the round */
    guint order_done;
    MindenFinalStep final_step;
    guint64 ai_seed;
    /* The board's reference cities are left out of the pile (games since issue 12). */
    gboolean board_cities_out;
    GArray *history; /* MindenScoredTip, in the order of scoring */
    /* minden-ai.c: what each seat believes of each card, computed on first use. */
    struct _MindenAiCache *ai_cache;
    /* Issue 35, memos that are not state: on a game, its seats' salts (lp_game_seat_salt)
     * once worked out (minden-game-mirror.c); on a mirror, its own seat's salt
     * (lp_game_computer_salt) when copy_view gave it. */
    MindenSalt *seat_salts;
    /* On a game: its draw pile in deck order, as every mirror shows it, while the pile
     * holds draw_sorted->len cards (only drawing changes the pile, which draw_top forgets
     * it for). NULL until a mirror asks. */
    GArray *draw_sorted;
    guint64 ai_salt;
    gboolean ai_salt_known;
};

/* minden-ai.c: frees the cache of ai_cache. */
void _minden_ai_cache_free(struct _MindenAiCache *cache);

/* minden-game.c */
GArray *_minden_uint_array(void);
/* Notifies "phase" after an undo (issue 33): connected once, on every game that is not a
 * mirror (minden_game_new, the save's reader), as the first handler of its "undone".
 * Mirrors are never taken back in place; they skip the connection (issue 35). */
void _minden_game_watch_undo(MindenGame *self);
/* Fresh seats for the game's players: start field, two swap tokens, no card, no tip. */
void _minden_game_alloc_seats(MindenGame *self);
const char *_minden_game_card_id(MindenGame *self, guint card);
/* Whether the card belongs to this game: purple only in the variant, the board's reference
 * cities not in games that leave them out. */
gboolean _minden_game_card_in_play(MindenGame *self, guint card);
/* The stored tip whoever may see it: for the event log (which records everything) and the
 * tests. Views ask minden_game_get_tip with their viewer. */
const MindenTip *_minden_game_peek_tip(MindenGame *self, guint seat);

/* minden-game-save.c: LpGameClass.save_state and .load_state. */
JsonNode *_minden_game_save_state(LpGame *game);
gboolean _minden_game_load_state(LpGame *game, JsonNode *state, GError **error);
/* The "state" object, once the game has its deck (the default one, for a restore); NULL with
 * an LP_SAVE_ERROR when either is missing. */
JsonObject *_minden_game_state_object(MindenGame *self, JsonNode *state, GError **error);
/* The save's pieces that a view shares: cards as an array of ids, a tip as its stones, the
 * round history (nothing in it is secret). */
JsonNode *_minden_game_ids_node(MindenGame *self, GArray *cards);
JsonArray *_minden_tip_to_json(const MindenTip *tip);
JsonArray *_minden_game_history_to_json(MindenGame *self);
JsonObject *_minden_scored_tip_to_json(MindenGame *self, const MindenScoredTip *t);

/* minden-game-view.c: several devices (issue 31), LpGameClass.view_state, .load_view,
 * .apply_action and .get_computer_seat. */
JsonNode *_minden_game_view_state(LpGame *game, int viewer);
gboolean _minden_game_load_view(LpGame *game, JsonNode *state, GError **error);
gboolean _minden_game_apply_action(LpGame *game, guint seat, JsonNode *action,
                                   GError **error);
int _minden_game_get_computer_seat(LpGame *game);
/* For the move functions on a mirror, once their checks pass: sends the move as seat's
 * action request (lp_game_request_action), or refuses it when seat is not the mirror's
 * viewer. */
gboolean _minden_game_request_choose(MindenGame *self, guint seat, guint card, gboolean swap,
                                     GError **error);
gboolean _minden_game_request_tip(MindenGame *self, guint seat, const MindenTip *tip,
                                  GError **error);
/* minden_game_advance on a mirror: the host's game takes its own steps. */
gboolean _minden_game_refuse_step(GError **error);

/* minden-game-mirror.c: LpGameClass.copy_view (issue 35): fills mirror, a new mirror of
 * viewer built by the core, with exactly the state _minden_game_load_view gives it from
 * _minden_game_view_state(game, viewer). */
void _minden_game_copy_view(LpGame *game, LpGame *mirror, int viewer);

/* minden-game-record.c: LpGameClass.record (issue 15). */
JsonNode *_minden_game_record(LpGame *game);
/* minden-game-where.c: LpGameClass.places (issue 15). */
LpPlaceList *_minden_game_where_places(LpGame *game);

/* minden-game-events.c: LpGameClass.observe_events. */
void _minden_game_observe_events(LpGame *game, LpEventLog *log);

G_END_DECLS
