/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of "Deutschland – Finden Sie Minden?" (RULES.md: Finden Sie Minden): rounds of
 * reveal, choose, tip and score, the victory track with its skip rule, the final scoring. */
#pragma once

#include "lp-game.h"
#include "minden-deck.h"
#include "minden-grid.h"
#include "minden-enums.h"

G_BEGIN_DECLS

/* RULES.md: the game ends after the round in which a figure reaches or passes field 40. The
 * track goes on past it (41, 42 …) with the skip rule on every field (second version). */
#define MINDEN_TRACK_END 40
/* RULES.md: each player may twice per game use a swap token. */
#define MINDEN_SWAP_TOKENS 2

/* Registered (minden-enums.h); the nicks ("reveal" …) are the names in saves and messages. */
typedef enum {
    MINDEN_PHASE_REVEAL, /* a round is about to reveal its cards (the next advance does) */
    MINDEN_PHASE_CHOOSE, /* seats choose from the revealed cards, back to front */
    MINDEN_PHASE_TIP,    /* every seat places 1–4 stones, all at once */
    MINDEN_PHASE_SCORE,  /* tips are scored one by one, back to front */
    MINDEN_PHASE_FINAL,  /* the final scoring, one step (majority or sets) at a time */
    MINDEN_PHASE_OVER,
} MindenPhase;

/* The steps of the final scoring: majorities in colour order, then sets. Registered; the
 * nicks ("majority-yellow" … "set") are the "reason" of final events and the save's
 * "final_step". */
typedef enum {
    MINDEN_FINAL_MAJORITY_YELLOW, /*< nick=majority-yellow >*/
    MINDEN_FINAL_MAJORITY_RED, /*< nick=majority-red >*/
    MINDEN_FINAL_MAJORITY_BLUE, /*< nick=majority-blue >*/
    MINDEN_FINAL_MAJORITY_PURPLE, /*< nick=majority-purple >*/
    MINDEN_FINAL_SETS, /*< nick=set >*/
} MindenFinalStep;

#define MINDEN_TYPE_GAME (minden_game_get_type())
G_DECLARE_FINAL_TYPE(MindenGame, minden_game, MINDEN, GAME, LpGame)

/* A new game dealt from deck (purple cards only when purple is TRUE), waiting to reveal
 * the first round (minden_game_advance or a computer step does, so that observers connected
 * after creation see the "reveal" event). Fails with LP_GAME_ERROR when the players or the deck do not allow a game. */
MindenGame *minden_game_new(GPtrArray *players, LpRng *rng, MindenDeck *deck, gboolean purple,
                            GError **error);

MindenDeck *minden_game_get_deck(MindenGame *self);
gboolean minden_game_get_purple(MindenGame *self);
/* Also the property "phase" (MindenPhase), notified when it changes. */
MindenPhase minden_game_get_phase(MindenGame *self);
guint minden_game_get_round(MindenGame *self);

/* Piles as arrays of card indices (guint). The draw pile's top is its last element. */
GArray *minden_game_get_draw_pile(MindenGame *self);
GArray *minden_game_get_offer(MindenGame *self);
GArray *minden_game_get_discard_pile(MindenGame *self);
GArray *minden_game_get_box(MindenGame *self);

guint minden_game_get_position(MindenGame *self, guint seat);
guint minden_game_get_swaps_left(MindenGame *self, guint seat);
/* The card of this round, or -1 when the seat has none (yet). */
int minden_game_get_seat_card(MindenGame *self, guint seat);
/* The cards the seat has kept (card indices); public information. */
GArray *minden_game_get_kept(MindenGame *self, guint seat);
guint minden_game_count_kept(MindenGame *self, guint seat, MindenColour colour);
gboolean minden_game_has_tipped(MindenGame *self, guint seat);
gboolean minden_game_has_scored(MindenGame *self, guint seat);

/* The seat order of this round's choosing (CHOOSE) or scoring (SCORE), back to front with
 * ties youngest first, and how many of them have acted. */
GArray *minden_game_get_order(MindenGame *self);
guint minden_game_get_order_done(MindenGame *self);
/* The next step of the final scoring (FINAL), as MindenFinalStep. */
MindenFinalStep minden_game_get_final_step(MindenGame *self);

/* Hidden information (RULES.md), in the shape of lp-game.h: viewer is a seat or
 * LP_VIEWER_ONLOOKER; FALSE, with the out-arguments cleared, when viewer may not see it now. */
/* seat's tip: its own seat sees it from the moment it is placed, everybody from the start of
 * the scoring until the round ends. */
gboolean minden_game_get_tip(MindenGame *self, int viewer, guint seat, MindenTip *out);
/* Where card lies (points into the deck): the solution side is shown from the card's scoring
 * on, never before, to everybody alike. */
gboolean minden_game_get_solutions(MindenGame *self, int viewer, guint card,
                                   const MindenPoint **points, guint *n_points);

/* One scored tip of the round history (issue 12). It enters the history when the tip is
 * scored, and from then on the rules show tip and solution to everybody: the history holds
 * nothing secret, so its getters take no viewer. */
typedef struct {
    guint round;    /* from 1 */
    guint seat;
    guint card;     /* the card the seat held this round (an index into the deck) */
    MindenTip tip;
    gboolean right; /* a solution point lies in the tipped region */
    gboolean kept;  /* the seat keeps the card (right, with enough stones for its colour) */
    guint from;     /* the field before */
    guint to;       /* the field after, the skip rule applied; from when wrong */
} MindenScoredTip;

/* The round history: every scored tip of the game in the order of scoring, so a round's tips
 * follow each other back to front. The current round's tips join one by one as they are
 * scored; nothing of a round is in it before. Saved with the game; saves from before it
 * load with an empty history. */
guint minden_game_get_history_length(MindenGame *self);
/* The index-th scored tip (index < minden_game_get_history_length); the pointer is valid
 * until the game's next move. */
const MindenScoredTip *minden_game_get_history_entry(MindenGame *self, guint index);
/* seat's tip of the current round once scored (right or wrong), until the next round is
 * revealed; NULL before its scoring. Valid until the game's next move. */
const MindenScoredTip *minden_game_get_scored_tip(MindenGame *self, guint seat);

/* Seats sorted back to front by position (RULES.md: ties youngest first). */
GArray *minden_game_back_to_front(MindenGame *self);
/* Where a figure at from lands after steps forward with the skip rule, given the other
 * figures as they stand now (seat's own figure does not block). */
guint minden_game_preview_move(MindenGame *self, guint seat, guint steps);
/* Whether one of the card's solution points lies in the tip's region. */
gboolean minden_card_tip_is_right(const MindenCard *card, const MindenTip *tip);

/* Moves — each returns FALSE with LP_GAME_ERROR and leaves the state untouched when the move
 * is not possible now. */
/* CHOOSE: seat takes card (an index into the deck that lies in the offer); with swap, the
 * card and a swap token leave the game and the seat takes the top of the draw pile. */
gboolean minden_game_choose(MindenGame *self, guint seat, guint card, gboolean swap,
                            GError **error);
/* TIP: seat's secret tip of 1–4 stones. */
gboolean minden_game_tip(MindenGame *self, guint seat, const MindenTip *tip, GError **error);
/* REVEAL: reveals the round's cards; SCORE: scores the next tip in order; FINAL: runs the
 * next final step. */
gboolean minden_game_advance(MindenGame *self, GError **error);

/* A seed drawn at the start that fixes what each computer seat knows of each card. */
guint64 minden_game_get_ai_seed(MindenGame *self);

G_END_DECLS
