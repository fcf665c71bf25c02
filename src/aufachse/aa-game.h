/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of Auf Achse – Das Kartenspiel (RULES.md: Auf Achse): deck, rounds, the
 * kilometre counter, stages and scoring. No GTK. */
#pragma once

#include "aa-card.h"
#include "aa-enums.h"
#include "lp-game.h"

G_BEGIN_DECLS

/* Registered with GLib (aa-enums.h); the nicks are what a save names ("stage-end"), so a
 * renamed value keeps its old nick with an annotation. */
typedef enum {
    AA_PHASE_PLAY,      /* seats put a route card, then a counter card, from the start seat on */
    AA_PHASE_RESOLVE,   /* the counter pile is turned over, one card per step, top first */
    AA_PHASE_EXTRA,     /* a +1/+2 was turned: seats add extra route cards */
    /* routes are revealed and scored; waiting for "continue" */
    AA_PHASE_STAGE_END, /*< nick=stage-end >*/
    AA_PHASE_OVER,      /* five stages played */
} AaPhase;

/* What the seat the game waits for must do. */
typedef enum {
    AA_STEP_NONE,     /* nobody: resolving, stage end or over */
    AA_STEP_ROUTE,    /* put one hand card on the own route */
    AA_STEP_COUNTER,  /* put one hand card on the kilometre counter pile */
    AA_STEP_EXTRA,    /* put an extra card on the own route (+1/+2) */
} AaStep;

#define AA_TYPE_GAME (aa_game_get_type())
G_DECLARE_FINAL_TYPE(AaGame, aa_game, AA, GAME, LpGame)

/* Property "phase" (AaPhase, read-only, notified when it changes); "current-seat" comes from
 * LpGame. */

/* A new game, shuffled with rng and dealt: 2 to 5 players (LpPlayer). */
AaGame *aa_game_new(GPtrArray *players, LpRng *rng, GError **error);

AaPhase aa_game_get_phase(AaGame *self);
AaStep aa_game_get_step(AaGame *self);
/* 1…5; after the game, 5. */
guint aa_game_get_stage(AaGame *self);
/* The holder of the start card. */
guint aa_game_get_start_seat(AaGame *self);
int aa_game_get_goal(AaGame *self);
/* The kilometre counter's total: the resolved cards that stay (kilometres and −50). */
int aa_game_get_total(AaGame *self);

/* RULES.md hidden information. viewer is a seat or LP_VIEWER_ONLOOKER (lp-game.h). A hand is
 * seen by its owner only; a route by its owner during a stage and by everybody once the
 * stage is scored. Both give the card ids (guint8; the hand sorted), borrowed, or FALSE and
 * NULL when viewer may not see them now. */
gboolean aa_game_get_hand(AaGame *self, int viewer, guint seat, GArray **hand);
gboolean aa_game_get_route(AaGame *self, int viewer, guint seat, GArray **route);
/* How many cards a hand and a route hold: open on the table for everybody. */
guint aa_game_get_hand_size(AaGame *self, guint seat);
guint aa_game_get_route_length(AaGame *self, guint seat);
/* The resolved cards that stay in the counter, in the order they were turned. */
GArray *aa_game_get_counter(AaGame *self);
/* Face-down cards still on the counter pile; the top card is resolved next. */
guint aa_game_get_pile_size(AaGame *self);
/* Who put the pile's cards, bottom first (the owner of card i, face down). */
guint aa_game_get_pile_owner(AaGame *self, guint index);
guint aa_game_get_draw_size(AaGame *self);
guint aa_game_get_discard_size(AaGame *self);
/* The card turned last in this round, or -1. */
int aa_game_get_last_resolved(AaGame *self);
/* The last resolution of the counter pile, open on the table (issue 36: a resumed game
 * explains what it waits for): the cards turned over, in order. It lasts through the next
 * round and a stage's scoring, until the next pile is turned over or the next stage dealt.
 * Card index gives its id, who put it (*owner) and the counter's total after it (*total). */
guint aa_game_get_n_turned(AaGame *self);
guint aa_game_get_turned(AaGame *self, guint index, guint *owner, int *total);
/* Whether the obstacle turned at index took a card from seat's route; *card is that card
 * when viewer is seat (route cards lie face down), else -1. */
gboolean aa_game_get_turned_loss(AaGame *self, int viewer, guint index, guint seat, int *card);
/* During AA_PHASE_EXTRA: the +1/+2 in effect (a card id), else -1. */
int aa_game_get_action(AaGame *self);
/* During AA_PHASE_EXTRA: extra cards seat still has to add. */
guint aa_game_get_extra_left(AaGame *self, guint seat);

/* Stages scored so far, and the kilometres of seat in stage (1-based, ≤ that). */
guint aa_game_get_n_scored(AaGame *self);
int aa_game_get_stage_score(AaGame *self, guint stage, guint seat);
int aa_game_get_total_score(AaGame *self, guint seat);
/* Seats with the highest total (RULES.md: ties share the win); only when over. */
GArray *aa_game_get_winners(AaGame *self);

/* Moves; all return FALSE with LP_GAME_ERROR and leave the state untouched when the move
 * does not fit. card is a card id from seat's hand. */
gboolean aa_game_play_route(AaGame *self, guint seat, guint card, GError **error);
gboolean aa_game_play_counter(AaGame *self, guint seat, guint card, GError **error);
/* Turn the top card of the counter pile and carry it out (AA_PHASE_RESOLVE). */
gboolean aa_game_resolve_next(AaGame *self, GError **error);
/* Leave a stage's scoring: clear the table, refill, pass the start card, next stage. */
gboolean aa_game_continue(AaGame *self, GError **error);

/* Every one of the 109 cards lies in exactly one place (true at every moment, also while
 * signals of an action are emitted). */
gboolean aa_game_check_cards(AaGame *self, GError **error);
/* That, and the counts and the phase fit the rules (true between two actions). */
gboolean aa_game_check(AaGame *self, GError **error);

G_END_DECLS
