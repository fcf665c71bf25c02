/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The derivable base of the three game models: seats, turn signals, save/restore contract. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "lp-error.h"
#include "lp-player.h"
#include "lp-rng.h"

G_BEGIN_DECLS

#define LP_SAVE_FORMAT 1

#define LP_TYPE_GAME (lp_game_get_type())
G_DECLARE_DERIVABLE_TYPE(LpGame, lp_game, LP, GAME, GObject)

typedef struct _LpEventLog LpEventLog; /* lp-event-log.h */
typedef struct _LpPlaceList LpPlaceList; /* lp-place.h */

struct _LpGameClass {
    GObjectClass parent_class;

    /* The game's identity, filled in by each game's class_init: everything the shell and the
     * simulator know of a game without GTK. */
    const char *kind;        /* "buxtehude", "minden", "aufachse" (save file name, sim name) */
    const char *name;        /* N_("Ausgerechnet Buxtehude"): translate with _() to show */
    const char *description; /* N_() one line for the start page tile */
    guint min_players;
    guint max_players;
    /* The game's one setup option (Buxtehude: easy deck; Minden: purple cards), or NULL. */
    const char *option_label;       /* N_() */
    const char *option_description; /* N_() */

    /* A new game, dealt and ready, of this class; error when its deck cannot be loaded. */
    LpGame *(*create)(GPtrArray *players, guint64 seed, gboolean option, GError **error);

    /* The game-specific "state" member of a save: options, decks, positions, phase. */
    JsonNode *(*save_state)(LpGame *self);
    /* Restore into an object that was built with g_object_new(type, "players", …, "rng", …)
     * and nothing else; validate everything (ids exist, every card once, counts within the
     * rules) and fail with an LP_SAVE_ERROR naming the problem. */
    gboolean (*load_state)(LpGame *self, JsonNode *state, GError **error);
    /* If the game waits for nobody's decision but has a step of its own to take (reveal a
     * card, score the next route, deal the next stage), take it and return TRUE. Decisions
     * are not taken here: they come from a click or from an LpComputerMoveFunc. */
    gboolean (*advance)(LpGame *self);
    /* The seat the game waits for, or -1 (nobody: over, or several may act at once). */
    int (*get_current_seat)(LpGame *self);
    gboolean (*is_over)(LpGame *self);
    /* The landpartie-sim result line: at least "scores" (or the game's equivalent) and
     * "winners" (seat indices). */
    JsonNode *(*result)(LpGame *self);
    /* Connect the handlers that turn this game's typed signals into turn events on log
     * (lp_event_log_write). Only called when somebody wants the events. */
    void (*observe_events)(LpGame *self, LpEventLog *log);
    /* The history record's game part of a finished game (lp-history.h, issue 15):
     * {"option": bool, "figures": [one object per seat]}. NULL when the game has none. */
    JsonNode *(*record)(LpGame *self);
    /* The places of the game on the real map, for "Where were they?" (lp-place.h, issue 15);
     * NULL when the game has none. */
    LpPlaceList *(*places)(LpGame *self);

    gpointer padding[6];
};

/* Who looks, for the games' secret getters (bux_game_get_estimate, minden_game_get_tip,
 * aa_game_get_hand …): a seat index, or LP_VIEWER_ONLOOKER for someone who sees only what
 * lies open on the table. Every getter of something a seat may keep secret has the shape
 *   gboolean <game>_get_<secret>(Game *self, int viewer, <which>, <out>)
 * and returns FALSE, with its out-argument cleared, when that viewer may not see it now;
 * there is no getter that skips the check. */
#define LP_VIEWER_ONLOOKER (-1)

/* A game's computer players: if the game waits for a decision of a computer seat, ask that
 * seat's AI for a move and play it through the same public move functions a click uses;
 * return TRUE when a move was played. Each game's AI file defines one (bux_ai_move …); the
 * model never calls it. */
typedef gboolean (*LpComputerMoveFunc)(LpGame *game);

/* Properties "players" (GPtrArray of LpPlayer, construct-only) and "rng" (LpRng,
 * construct-only). */
GPtrArray *lp_game_get_players(LpGame *self);
guint lp_game_get_n_players(LpGame *self);
LpPlayer *lp_game_get_player(LpGame *self, guint seat);
LpRng *lp_game_get_rng(LpGame *self);
const char *lp_game_get_kind(LpGame *self);
/* RULES.md: "next player" = next seat clockwise. */
guint lp_game_next_seat(LpGame *self, guint seat);
gboolean lp_game_is_over(LpGame *self);
int lp_game_get_current_seat(LpGame *self);
/* One step without a person: a computer seat's move (through move), else the game's own
 * advance. FALSE when the game waits for a human or is over. */
gboolean lp_game_computer_step(LpGame *self, LpComputerMoveFunc move);
/* Let computers act until a human must act or the game is over; returns the number of
 * steps. The simulator's loop. */
guint lp_game_run_computers(LpGame *self, LpComputerMoveFunc move);
/* The class's identity, for a type that may not have an instance yet. */
LpGameClass *lp_game_class_peek(GType type);
/* A new game of type through its class's create(). */
LpGame *lp_game_new_of_type(GType type, GPtrArray *players, guint64 seed, gboolean option,
                            GError **error);
JsonNode *lp_game_result(LpGame *self);
/* Time of the last completed action (or of the save it was loaded from). */
GDateTime *lp_game_get_last_played(LpGame *self);

/* Time spent playing, for the history: the time between completed actions, each pause
 * counted at most LP_GAME_PAUSE_MAX_SECONDS. Only games that track it (the window's) count
 * it and save it as "played"; the simulator's and the tests' saves stay as they were. */
#define LP_GAME_PAUSE_MAX_SECONDS 300
void lp_game_track_play_time(LpGame *self);
gint64 lp_game_get_play_seconds(LpGame *self);
/* The record vfunc's node, or NULL. */
JsonNode *lp_game_record(LpGame *self);
/* The places vfunc's list (a new reference), or NULL. */
LpPlaceList *lp_game_get_places(LpGame *self);

/* The whole save: {"format":1,"game":kind,"saved":ISO time,"rng":…,"players":[…],
 * "state":…}. */
JsonNode *lp_game_save(LpGame *self);
char *lp_game_save_to_data(LpGame *self, gsize *length);
/* Validates the envelope, builds a fresh object of type and calls its load_state. */
LpGame *lp_game_restore(GType type, JsonNode *root, GError **error);
LpGame *lp_game_restore_from_data(GType type, const char *data, gsize length, GError **error);
/* Validates a players array against the class's range. */
GPtrArray *lp_game_players_from_json(JsonNode *node, guint min, guint max, GError **error);

/* For subclasses: emit the base signals. */
void lp_game_emit_turn_started(LpGame *self, guint seat);
void lp_game_emit_phase_changed(LpGame *self);
void lp_game_emit_game_over(LpGame *self);
/* After every completed action (a placement, a challenge resolved, a tip entered …):
 * updates last-played and emits "action-completed", the autosave hook. */
void lp_game_action_completed(LpGame *self);

G_END_DECLS
