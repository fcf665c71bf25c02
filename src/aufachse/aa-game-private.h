/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of AaGame share (moves in aa-game.c, save and load in aa-game-save.c, the
 * event log in aa-game-events.c), and the unchecked look at hands and routes that only the
 * model itself and the tests may take: views and computer players use the viewer-checked
 * getters of aa-game.h. */
#pragma once

#include "aa-game.h"
#include "lp-event-log.h"

G_BEGIN_DECLS

/* A card of the counter pile as it was turned over (issue 36: what a resumed game explains).
 * lost: the card an obstacle took from each seat's route, or AA_TURNED_NONE. */
#define AA_TURNED_NONE 0xff
typedef struct {
    guint8 card;
    guint8 owner;
    gint16 total;
    guint8 lost[AA_MAX_PLAYERS];
} AaTurned;

/* Undo (issue 33) swaps these fields bytewise with those of a game freshly restored from a
 * save (restore_in_place in lp-game.c): every field is saved, each array is owned by the
 * game alone, and nothing here may point back to the instance or into another field. */
struct _AaGame {
    LpGame parent_instance;

    guint n;
    AaPhase phase;
    guint stage;           /* 1…5 */
    gboolean announced;    /* ::stage-announced of this stage emitted (lazily: see announce()) */
    guint start_seat;      /* holder of the start card */
    guint play_index;      /* AA_PHASE_PLAY: seats after start_seat that have finished */
    gboolean route_done;   /* AA_PHASE_PLAY: the current seat put its route card already */
    GArray *draw;          /* guint8 card ids; the top is the last element */
    GArray *discard;
    GArray *pile;          /* face-down counter pile; the top (put last) is the last element */
    GArray *pile_owner;    /* guint8 seat per pile card */
    GArray *counter;       /* resolved cards that stay: kilometres and −50 */
    GArray *hands[AA_MAX_PLAYERS];
    GArray *routes[AA_MAX_PLAYERS];
    guint extra_left[AA_MAX_PLAYERS];
    int action;            /* AA_PHASE_EXTRA: the +1/+2 card in effect */
    int last_resolved;
    guint n_scored;
    int scores[AA_N_STAGES][AA_MAX_PLAYERS];
    /* Issue 15: the most cards a seat's scoring route part held in a stage so far. */
    guint longest[AA_MAX_PLAYERS];
    /* The last resolution of the counter pile (AaTurned), as the players read it: kept through
     * the next round and a stage's scoring; the next resolution starts anew once a round has
     * begun since (turned_stale), and a new stage clears it. */
    GArray *turned;
    gboolean turned_stale;
};

/* Card arrays hold guint8 ids. */
static inline guint8 aa_cards_at(GArray *cards, guint i)
{
    return g_array_index(cards, guint8, i);
}

static inline void aa_cards_push(GArray *cards, guint8 card)
{
    g_array_append_val(cards, card);
}

/* Hands are kept sorted by id (that is by face). */
static inline gint aa_cards_compare(gconstpointer a, gconstpointer b)
{
    return (int)*(const guint8 *)a - (int)*(const guint8 *)b;
}

/* The whole hand and route of seat, whoever looks: for the model's own files and tests. */
static inline GArray *aa_game_peek_hand(AaGame *self, guint seat)
{
    g_assert(seat < self->n);
    return self->hands[seat];
}

static inline GArray *aa_game_peek_route(AaGame *self, guint seat)
{
    g_assert(seat < self->n);
    return self->routes[seat];
}

/* Only the host's game takes moves back (lp_game_undo emits "undone" on it alone): a game
 * dealt (aa_game_new) or restored (load_state) follows "undone", a mirror does not need to,
 * which spares every computer decision's mirror a handler (issue 35). */
void aa_game_follow_undo(AaGame *self);

/* aa-game-save.c: LpGameClass save_state and load_state, and the readers that a view
 * shares with a save (aa-game-view.c). */
JsonNode *aa_game_save_state(LpGame *game);
gboolean aa_game_load_state(LpGame *game, JsonNode *state, GError **error);
/* Sets the number of seats and returns state's object, or NULL with an LP_SAVE_ERROR. */
JsonObject *aa_game_state_object(AaGame *self, JsonNode *state, GError **error);
JsonArray *aa_cards_to_json(GArray *cards);
/* The members every viewer sees alike and a save writes the same way: "action",
 * "last_resolved", "scores" and "figures". */
void aa_game_save_open_end(AaGame *self, JsonObject *obj);
gboolean aa_cards_from_json(JsonObject *obj, const char *member, GArray *out, GError **error);
gboolean aa_cards_from_array(JsonArray *array, const char *member, GArray *out, GError **error);
/* "phase", "stage", "announced", "start_seat", "play_index", "route_done", "action",
 * "last_resolved"; then "pile_owners" (one per card of the pile), "extra_left", "scores". */
gboolean aa_game_read_progress(AaGame *self, JsonObject *obj, GError **error);
gboolean aa_game_read_pile_owners(AaGame *self, JsonObject *obj, GError **error);
gboolean aa_game_read_extra_left(AaGame *self, JsonObject *obj, GError **error);
gboolean aa_game_read_scores(AaGame *self, JsonObject *obj, GError **error);

/* aa-game-view.c: several devices (issue 31), LpGameClass view_state, load_view,
 * apply_action and get_computer_seat. */
JsonNode *aa_game_view_state(LpGame *game, int viewer);
gboolean aa_game_load_view(LpGame *game, JsonNode *state, GError **error);
gboolean aa_game_apply_action(LpGame *game, guint seat, JsonNode *action, GError **error);
int aa_game_get_computer_seat(LpGame *game);
/* On a mirror, once a move's checks pass: send {"type": type, "card": card} to the host
 * (seat must be the mirror's own). */
gboolean aa_game_request_move(AaGame *self, guint seat, const char *type, guint card,
                              GError **error);
/* On a mirror: the game's own steps (turning the pile over, dealing a stage) are the host's. */
gboolean aa_game_refuse_own_step(AaGame *self, GError **error);
/* A mirror's cards that its viewer may not see are AA_CARD_HIDDEN: a hand or a route is
 * known whole or not at all. */
#define AA_CARD_HIDDEN 0xff
static inline gboolean aa_cards_known(GArray *cards)
{
    return cards->len == 0 || g_array_index(cards, guint8, 0) != AA_CARD_HIDDEN;
}

/* aa-game-mirror.c: LpGameClass copy_view (issue 35), a computer seat's mirror straight from
 * the game: the state aa_game_load_view(aa_game_view_state(viewer)) would give it. */
void aa_game_copy_view(LpGame *game, LpGame *mirror, int viewer);

/* aa-game-record.c: LpGameClass record (issue 15), and the "longest" of a save (optional:
 * saves from before it load with zeros). */
JsonNode *aa_game_record(LpGame *game);
/* aa-game-where.c: LpGameClass places (issue 15): no places, each player's kilometres. */
LpPlaceList *aa_game_where_places(LpGame *game);
JsonNode *aa_game_save_longest(AaGame *self);
gboolean aa_game_load_longest(AaGame *self, JsonObject *state, GError **error);

/* aa-game-turned.c: the "turned" member of a save (optional: saves from before issue 36
 * load with an empty log). */
JsonNode *aa_game_save_turned(AaGame *self);
gboolean aa_game_load_turned(AaGame *self, JsonObject *state, GError **error);

/* aa-game-events.c: LpGameClass observe_events. */
void aa_game_observe_events(LpGame *game, LpEventLog *log);

G_END_DECLS
