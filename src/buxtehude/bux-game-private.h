/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of BuxGame share (the moves in bux-game.c, save and load in bux-game-save.c,
 * the turn events in bux-game-events.c) and what the AI and the rules tests may see beyond
 * the public API. */
#pragma once

#include "bux-game.h"

G_BEGIN_DECLS

/* Marks the place of an Intermezzo card in the stack. */
#define BUX_INTERMEZZO (-1)
/* In a mirror (bux-game-view.c): a card of the stack or the reserve the viewer cannot see. */
#define BUX_HIDDEN (-2)
#define BUX_MAX_SEATS 6

/* The model's state. Only bux-game.c, bux-game-save.c, bux-game-view.c and bux-game-mirror.c
 * touch these fields; everyone else (the AI, the event log, the tests) goes through
 * functions, so that what a seat may see is decided in one place. */
struct _BuxGame {
    LpGame parent_instance;

    BuxDeck *deck;
    gboolean easy;

    GArray *stack;      /* int: deck index or BUX_INTERMEZZO, in drawing order */
    guint stack_pos;
    GArray *reserve;    /* int, drawn from reserve_pos on */
    guint reserve_pos;
    GArray *removed;    /* int: cards that left the game, the last one on top */
    GArray *bonus[BUX_MAX_SEATS]; /* int: removed cards taken for 5 chips */
    guint chips[BUX_MAX_SEATS];
    guint supply;

    int start;          /* -1 before the first cross and after the game */
    GArray *arms[BUX_N_ARMS];
    guint cross;        /* 1..3 */

    BuxPhase phase;
    guint turn;
    BuxArm placed_arm;
    guint placed_index;
    gboolean decided[BUX_MAX_SEATS];
    /* The neighbour phase's challenger; in the challenge phase the computer whose call
     * waits for the people to decide (RULES.md: people come first), else -1. */
    int challenger;
    int estimates[BUX_MAX_SEATS];
    guint32 ai_salt[BUX_MAX_SEATS];

    BuxChallenge last_challenge;
    gboolean has_last_challenge;
    gboolean pair_revealed;
    BuxScoring *last_scoring;

    /* Issue 15, the history's figures per seat: cards placed, of them placed right (every
     * pair with a neighbour right when laid), challenges called and won, exact estimates. */
    BuxFigures figures[BUX_MAX_SEATS];
    /* Issue 15, "Where were they?": every checked cross as it lay (bux-game-where.c), or
     * NULL before the first; and the cards rightly challenged out of the running cross. */
    GPtrArray *crosses;
    GArray *challenged;

    /* The seats, fixed at construction: their count and which are human (asked on every
     * step of the simulator, so not looked up through LpGame each time). */
    guint n_seats;
    gboolean human[BUX_MAX_SEATS];
    LpLevel level[BUX_MAX_SEATS];
    /* bux-ai.c: each seat's beliefs per deck card, computed on first use (NULL before); a
     * computer seat's mirror shares its host's. */
    struct _BuxAiBeliefs *ai_beliefs[BUX_MAX_SEATS];
};

/* bux-ai.c: drops a reference to a seat's cache of beliefs. */
void bux_ai_beliefs_unref(struct _BuxAiBeliefs *beliefs);
/* bux-ai.c: hands host's cache of seat's beliefs (made now if need be) to mirror, a mirror of
 * seat's own view, so that its computer player does not compute them again (issue 35). */
void bux_ai_share_beliefs(BuxGame *host, BuxGame *mirror, guint seat);

/* bux-game-record.c: LpGameClass.record, and the "figures" of a save (optional: saves from
 * before issue 15 load with zeros). */
JsonNode *bux_game_record(LpGame *game);
JsonNode *bux_game_save_figures(BuxGame *self);
gboolean bux_game_load_figures(BuxGame *self, JsonObject *state, GError **error);

/* bux-game-where.c: LpGameClass.places, the record of each checked cross (noted by the
 * scoring), and the save's optional "crosses". */
LpPlaceList *bux_game_where_places(LpGame *game);
void bux_game_where_note_cross(BuxGame *self);
void bux_game_where_note_challenged(BuxGame *self, int card);
guint bux_game_where_get_n_crosses(BuxGame *self);
JsonNode *bux_game_where_save(BuxGame *self);
gboolean bux_game_where_load(BuxGame *self, JsonObject *state, GError **error);
char *bux_card_where_facts(const BuxCard *card);

static inline int bux_int_at(GArray *array, guint i)
{
    return g_array_index(array, int, i);
}

/* Challenge phase: every seat but the placer has passed. */
gboolean bux_game_all_decided(BuxGame *self);
/* Challenge phase: every human seat but the placer has called or passed. */
gboolean bux_game_humans_decided(BuxGame *self);

/* LpGameClass.save_state and .load_state (bux-game-save.c). */
JsonNode *bux_game_save_state(LpGame *game);
gboolean bux_game_load_state(LpGame *game, JsonNode *state, GError **error);

/* LpGameClass.observe_events (bux-game-events.c): writes the turn events of landpartie-sim
 * --log to log from the model's signals. */
void bux_game_observe_events(LpGame *game, LpEventLog *log);

/* LpGameClass.view_state, .load_view, .apply_action and .get_computer_seat (bux-game-view.c),
 * set up by bux_game_view_class_init(). */
void bux_game_view_class_init(LpGameClass *game_class);
JsonNode *bux_game_view_state(LpGame *game, int viewer);
gboolean bux_game_load_view(LpGame *game, JsonNode *state, GError **error);
gboolean bux_game_apply_action(LpGame *game, guint seat, JsonNode *action, GError **error);
/* LpGameClass.copy_view (bux-game-mirror.c, issue 35): fills mirror, a new mirror of viewer,
 * straight from game's state, exactly as bux_game_load_view(bux_game_view_state(viewer)). */
/* bux-game.c: frees a scoring (NULL is fine). */
void _bux_scoring_free(BuxScoring *s);
void bux_game_copy_view(LpGame *game, LpGame *mirror, int viewer);
/* A checksum of the deck's card data, and the deck this process holds with that checksum
 * (the program's own or one made for a test), for views and for saves of games on a deck
 * other than the program's (bux-game-view.c). */
const char *bux_deck_checksum(BuxDeck *deck);
BuxDeck *bux_deck_for_checksum(const char *checksum, GError **error);
/* The last challenge and the last scoring as JSON objects, and read back (checked against the
 * deck and the rules: the verdict, the count, the awards) into self (bux-game-view.c). Views
 * carry them, and so do saves, so that a resumed game, and an undo (issue 33), show what
 * the table showed. */
JsonObject *bux_game_challenge_object(BuxGame *self, const BuxChallenge *c);
JsonObject *bux_game_scoring_object(BuxGame *self, const BuxScoring *sc);
/* Reads the optional "last_challenge" with "revealed", and "last_scoring", of a view or a
 * save's state; no_challenge is the error for "revealed" without a challenge. */
gboolean bux_game_load_last(BuxGame *self, JsonObject *obj, const char *no_challenge,
                            GError **error);
/* On a mirror, once a move's checks passed: ask the host for the move (bux-game-view.c). A
 * mirror asks only for its viewer's own decisions; anything else is refused. */
gboolean bux_game_request_begin(BuxGame *self, GError **error);
gboolean bux_game_request_place(BuxGame *self, BuxArm arm, guint index, GError **error);
gboolean bux_game_request_decision(BuxGame *self, guint seat, gboolean challenge,
                                   GError **error);
gboolean bux_game_request_pass_humans(BuxGame *self, GError **error);
gboolean bux_game_request_neighbour(BuxGame *self, BuxSide side, GError **error);
gboolean bux_game_request_estimate(BuxGame *self, guint seat, int estimate, GError **error);

/* The per-seat salt from which a computer seat's fixed sense of where places lie is derived
 * (drawn from the game rng at the deal, saved with the game). */
guint32 bux_game_get_ai_salt(BuxGame *self, guint seat);

/* The checking of RULES.md: Intermezzo over arbitrary coordinates, so the AI can run it on
 * what it believes. lat/lon are indexed by deck index. Appends the wrong cards in checking
 * order to wrong (and their references to wrong_ref when not NULL); returns the count. */
int bux_check_cross(const double *lat, const double *lon, int start, GArray *const *arms,
                    GArray *wrong, GArray *wrong_ref);

/* For the rules tests only: replace the cross, chips and removed pile, keeping every card
 * exactly once (cards moved into the cross or the pile are taken from the reserve). */
void bux_game_test_set_cross(BuxGame *self, int start, const int *const *arms,
                             const guint *lengths);
void bux_game_test_set_chips(BuxGame *self, const guint *chips, guint supply);
/* Swap card into the top of the stack (the hand in the place phase). */
void bux_game_test_set_hand(BuxGame *self, int card);

G_END_DECLS
