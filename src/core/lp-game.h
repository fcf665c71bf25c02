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

    /* Several devices (issue 31, DESIGN.md "Several devices"). A game that supports them
     * fills in all four. */
    /* The "state" member as viewer (a seat or LP_VIEWER_ONLOOKER) may see it now, built only
     * through the visibility getters: no secret of another seat, not even in a field the
     * page does not show (the draw stack's order, another seat's hand, tip or estimate). */
    JsonNode *(*view_state)(LpGame *self, int viewer);
    /* Restore a view_state into an object built like load_state's, as a mirror: the same
     * getters answer from it, secrets it was not given read as hidden. Validate like
     * load_state. */
    gboolean (*load_view)(LpGame *self, JsonNode *state, GError **error);
    /* Play the action (an object with a "type" member, the game's own; docs/protocol.md)
     * for seat through the same public move functions a click uses. Refuse with an
     * LP_GAME_ERROR, leaving the state untouched, when the action is malformed, not seat's
     * to take, out of turn or against the rules. */
    gboolean (*apply_action)(LpGame *self, guint seat, JsonNode *action, GError **error);
    /* The computer seat whose decision the game awaits now, or -1 (a person's turn, the
     * game's own step, or over). NULL: the current seat when it is a computer. */
    int (*get_computer_seat)(LpGame *self);
    /* Optional (issue 35): fill mirror, a mirror of viewer built by the core (players,
     * viewer, actions, key and undo as lp_game_mirror_new sets them), straight from self's
     * state: exactly the state load_view(view_state(viewer)) gives it, without building and
     * reading the JSON. mirror is new, or one this function filled before for the same
     * viewer of the same game (lp_game_computer_mirror keeps one per seat): every part of
     * its state is then replaced, nothing of the last fill may stay. A computer player
     * decides at every step on such a mirror; each game's view test holds the two paths
     * equal over whole games. NULL: the JSON path. */
    void (*copy_view)(LpGame *self, LpGame *mirror, int viewer);

    gpointer padding[1];
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
/* One step without a person: a computer seat's move, else the game's own advance. FALSE
 * when the game waits for a human or a remote seat, or is over. In a game that supports
 * views, move decides on a mirror of the computer seat's own view
 * (lp_game_computer_action) and its action is played through lp_game_apply_action. */
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

/* Several devices (issue 31). The host's game is the only authority: a remote seat's
 * request goes through lp_game_apply_action(); every seat learns the game only through
 * lp_game_view(). A mirror is a game built from a view: its getters answer as the host's
 * game does for that viewer, and its public move functions, once their checks pass, emit
 * "action-requested" with the action instead of changing anything; the view that comes
 * back from the host is the only thing that moves it on. */

/* TRUE when the game's class supports views and actions. */
gboolean lp_game_supports_views(LpGame *self);
/* The view of viewer (a seat or LP_VIEWER_ONLOOKER): {"game", "viewer", "actions",
 * "current", "over", "players", "state"} and, for a seat, "ai": the seat's own key for its
 * computer player's random stream (lp_game_computer_rng). NULL when the class has none. */
JsonNode *lp_game_view(LpGame *self, int viewer);
/* A mirror of the game a view shows; NULL with an LP_SAVE_ERROR when the view is broken. */
LpGame *lp_game_mirror_new(GType type, JsonNode *view, GError **error);
/* The mirror of viewer's view of the host's game self, the one a computer seat decides on:
 * built straight from the state where the class has copy_view, else through lp_game_view
 * and lp_game_mirror_new. The same state either way (issue 35). */
LpGame *lp_game_mirror_of(LpGame *self, int viewer);
/* The mirror of seat's view that the seat's computer player decides on (borrowed): kept with
 * the game and refilled in place through copy_view at each call, the same state as a new
 * lp_game_mirror_of(self, seat). NULL for a class without copy_view. */
LpGame *lp_game_computer_mirror(LpGame *self, guint seat);
/* Whether two mirrors hold the same view: the core's members and the class's save state;
 * for the view tests. When they differ, *what says where. */
gboolean lp_game_mirrors_equal(LpGame *a, LpGame *b, char **what);
gboolean lp_game_is_mirror(LpGame *self);
/* The viewer a mirror was built for (a seat or LP_VIEWER_ONLOOKER); -1 for a game. */
int lp_game_get_viewer(LpGame *self);
/* The number of completed actions since the deal (saved; views carry it). */
guint64 lp_game_get_n_actions(LpGame *self);
/* For the move functions of subclasses, once a move's checks pass:
 *   if (lp_game_is_mirror(game)) return lp_game_request_action(game, <the action>);
 * emits "action-requested" with action (taken) and returns TRUE, state untouched. */
gboolean lp_game_request_action(LpGame *self, JsonNode *action);
/* Play a request of seat (see LpGameClass.apply_action). */
gboolean lp_game_apply_action(LpGame *self, guint seat, JsonNode *action, GError **error);
/* The computer seat the game waits for (LpGameClass.get_computer_seat), or -1. */
int lp_game_get_computer_seat(LpGame *self);
/* Seats played on another device (a person or a computer player there): the host's
 * lp_game_computer_step() waits for them. Saved with the game. */
void lp_game_set_seat_remote(LpGame *self, guint seat, gboolean remote);
gboolean lp_game_is_seat_remote(LpGame *self, guint seat);
/* A person who plays at this screen: a human seat that is not played on another device
 * and, on a mirror, only the mirror's own seat. Pages show secrets and offer decisions to
 * these seats alone; every other seat's turn is waited for. */
gboolean lp_game_seat_is_local(LpGame *self, guint seat);
/* How many people play at this screen (the privacy screen stands between two or more). */
guint lp_game_count_local_people(LpGame *self);
/* A computer player's random stream for its next decision: derived from the seat's key
 * (never from the game's generator, never shared with another seat) and the number of
 * actions so far, so the same decision draws the same numbers on any device and after a
 * resume. mirror is a mirror for that seat. */
LpRng *lp_game_computer_rng(LpGame *mirror);
/* A value fixed for the whole game and private to the mirror's seat, for a computer
 * player's lasting beliefs (how well it knows each place): the same at every decision and
 * after a resume, on any device. */
guint64 lp_game_computer_salt(LpGame *mirror);
/* The same salt of seat, asked on the host's game itself (a stand-in for a person, a test
 * that drives a computer player by hand): what a mirror of seat's view would answer. */
guint64 lp_game_seat_salt(LpGame *self, guint seat);
/* Whether the games keep every action their mirrors build, sealed, for the rest of the
 * process and hand each out again by reference (default FALSE). The simulator turns it on:
 * over thousands of games the same actions come up again and again, and building their JSON
 * was a large part of each decision (issue 35). The app leaves it off: a family's few games
 * gain nothing from it, and its memory stays flat. The kept actions are bounded (a few
 * thousand small objects: each game's every possible choice, tip or move at most). */
void lp_game_set_keep_actions(gboolean keep);
gboolean lp_game_keeps_actions(void);
/* For the request functions of the games: where the games keep their actions, the action in
 * *slot (a table of the caller's, one slot per possible action), made by make(data) and
 * sealed the first time, with a new reference; elsewhere, or with slot NULL (an action the
 * table has no place for), make(data) itself. */
typedef JsonNode *(*LpActionMaker)(gconstpointer data);
JsonNode *lp_game_kept_action(JsonNode **slot, LpActionMaker make, gconstpointer data);
/* The action the computer player move (an LpComputerMoveFunc) takes for seat, decided on
 * a mirror of seat's view only; NULL when it takes none. */
JsonNode *lp_game_computer_action(LpGame *self, guint seat, LpComputerMoveFunc move);

/* Undo (issue 33, RULES.md). A person may take back their own last actions as long as no
 * other seat has acted since and nothing hidden came to light since. The base keeps, per
 * game, a stack of the saves before the actions of one seat (only on the host's game, only
 * for a person's action); another seat's action, a computer's, the game's own step
 * (advance), an action that revealed something, or one whose actor was not noted empties
 * it. The stack is not saved: a resumed game starts with nothing to take back.
 *
 * For the move functions of subclasses, once a move's checks pass and before the state
 * changes (after the mirror's lp_game_request_action test):
 *   lp_game_note_actor(game, seat, "card");
 * what is one of "card", "call", "pass", "estimate", "choice", "tip", "route", "counter",
 * "move" (the sentence everyone reads: "Anna took back a card."). And wherever the action
 * shows something hidden (a card drawn from a stack, a challenge resolved, a route turned
 * over, a tip or estimate revealed, an Intermezzo checked):
 *   lp_game_note_reveal(game); */
void lp_game_note_actor(LpGame *self, guint seat, const char *what);
void lp_game_note_reveal(LpGame *self);
/* Whether seat may take back its last action now. On a mirror: what the host's view said,
 * for the mirror's own seat. */
gboolean lp_game_can_undo(LpGame *self, guint seat);
/* The seat that may take back an action now, or -1. */
int lp_game_get_undo_seat(LpGame *self);
/* Take back seat's last action: the state becomes exactly the one before it (a save then
 * equals the save before the action, byte for byte, but for the play time), "undone" and
 * "action-completed" are emitted. On a mirror: asks the host ({"type":"undo"}). An
 * LP_GAME_ERROR when lp_game_can_undo is FALSE. */
gboolean lp_game_undo(LpGame *self, guint seat, GError **error);
/* After an undo, until the next action: who took back what (a key as above), and the
 * sentence for everyone, translated; -1/NULL otherwise. Views carry it to the mirrors. */
int lp_game_get_undone_seat(LpGame *self);
const char *lp_game_get_undone_what(LpGame *self);
char *lp_game_describe_undone(LpGame *self);

/* For subclasses: emit the base signals. */
void lp_game_emit_turn_started(LpGame *self, guint seat);
void lp_game_emit_phase_changed(LpGame *self);
void lp_game_emit_game_over(LpGame *self);
/* After every completed action (a placement, a challenge resolved, a tip entered …):
 * updates last-played and emits "action-completed", the autosave hook. */
void lp_game_action_completed(LpGame *self);

G_END_DECLS
