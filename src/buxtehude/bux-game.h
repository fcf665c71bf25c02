/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of Ausgerechnet Buxtehude (RULES.md: Ausgerechnet Buxtehude): draw stack, cross,
 * challenges, chips and Intermezzo scoring. No GTK here. */
#pragma once

#include "lp-game.h"
#include "bux-deck.h"
#include "bux-enum-types.h"

G_BEGIN_DECLS

#define BUX_TOTAL_CHIPS 36
#define BUX_START_CHIPS 4
#define BUX_STACK_PART 15
#define BUX_PLACE_CARDS (3 * BUX_STACK_PART)
#define BUX_BONUS_VALUE 5
/* Cards a deck needs: 45 for the stack and three starting cards. */
#define BUX_MIN_DECK (BUX_PLACE_CARDS + 3)

/* Registered as BUX_TYPE_ARM; the nicks are the arms' names in saves and turn events. */
typedef enum {
    BUX_ARM_NORTH, /*< nick=N >*/
    BUX_ARM_SOUTH, /*< nick=S >*/
    BUX_ARM_WEST,  /*< nick=W >*/
    BUX_ARM_EAST,  /*< nick=E >*/
    BUX_N_ARMS,    /*< skip >*/
} BuxArm;

/* Registered as BUX_TYPE_PHASE; the nicks ("start", "place" …) are the saved phase. */
typedef enum {
    BUX_PHASE_START,     /* dealt; bux_game_begin() lays the first starting card */
    BUX_PHASE_PLACE,     /* the current seat places the card in hand */
    BUX_PHASE_CHALLENGE, /* the other seats may call "wrong" */
    BUX_PHASE_NEIGHBOUR, /* the challenger picks the neighbour to compare with */
    BUX_PHASE_ESTIMATE,  /* Intermezzo or final scoring: estimates are entered */
    BUX_PHASE_OVER,
} BuxPhase;

typedef enum {
    BUX_SIDE_INNER, /* the neighbour nearer the starting card (or the starting card) */
    BUX_SIDE_OUTER,
} BuxSide;

/* What the last challenge showed; valid until the next one. */
typedef struct {
    guint placer;
    guint challenger;
    int card;          /* deck index of the challenged card */
    int neighbour;     /* deck index of the card it was compared with */
    BuxArm arm;
    guint index;       /* where the card lay in its arm */
    BuxSide side;
    gboolean rightful; /* the pair was wrong: the card left the game */
    guint payer;
    guint payee;
    gboolean from_supply; /* the payer had no chip; the supply paid (maybe nothing) */
    gboolean paid;        /* FALSE only when neither the payer nor the supply could pay */
} BuxChallenge;

/* What the last Intermezzo or final scoring showed; valid until the next one. */
typedef struct {
    guint cross;       /* 1..3 */
    gboolean final;
    int start;
    GArray *arms[BUX_N_ARMS]; /* int deck indices, inner to outer, as laid out */
    GArray *wrong;     /* int deck indices of the set-aside cards, in checking order */
    GArray *wrong_ref; /* int, for each wrong card the card it was compared with */
    int *estimates;    /* per seat */
    int count;
    gboolean exact;    /* someone hit the count: 2 chips each; else 1 for the closest */
    int *award;        /* chips awarded per seat (0, 1 or 2) */
    int *received;     /* chips actually received (the supply may run short) */
    guint n_players;
} BuxScoring;

/* What a seat did in the game, for the history of games (issue 15). */
typedef struct {
    guint placed;  /* cards placed */
    guint right;   /* of them, right against every neighbour when laid */
    guint called;  /* "Wrong!" called */
    guint won;     /* of them, rightful */
    guint hits;    /* exact estimates at an Intermezzo or the final check */
} BuxFigures;

#define BUX_TYPE_GAME (bux_game_get_type())
G_DECLARE_FINAL_TYPE(BuxGame, bux_game, BUX, GAME, LpGame)

/* Properties: "phase" (BuxPhase, read-only, notified when it changes) besides LpGame's
 * "current-seat". */

/* Deals a new game (RULES.md: Setup): shuffles the deck (without the difficulty-3 cards when
 * easy), builds the stack 15 + Intermezzo + 15 + Intermezzo + 15, sets the reserve aside,
 * gives every player 4 chips. The first starting card is laid by bux_game_begin() so that
 * observers connected after creation see it. */
BuxGame *bux_game_new(GPtrArray *players, LpRng *rng, BuxDeck *deck, gboolean easy,
                      GError **error);

BuxDeck *bux_game_get_deck(BuxGame *self);
gboolean bux_game_get_easy(BuxGame *self);
BuxPhase bux_game_get_phase(BuxGame *self);
/* The seat whose turn it is (the placer during a challenge). */
guint bux_game_get_turn_seat(BuxGame *self);
/* 1..3 */
guint bux_game_get_cross_number(BuxGame *self);
/* Place cards already placed (0..45) and place cards still in the stack. */
guint bux_game_get_n_placed(BuxGame *self);
guint bux_game_get_stack_remaining(BuxGame *self);
/* Intermezzo cards still in the stack. */
guint bux_game_get_intermezzos_left(BuxGame *self);
guint bux_game_get_reserve_size(BuxGame *self);
guint bux_game_get_removed_size(BuxGame *self);

/* The card to be placed (deck index) in the place phase, else -1. */
int bux_game_get_hand(BuxGame *self);

/* The cross. */
int bux_game_get_start_card(BuxGame *self);
guint bux_game_get_arm_length(BuxGame *self, BuxArm arm);
int bux_game_get_arm_card(BuxGame *self, BuxArm arm, guint index);
/* RULES.md: with k cards in the cross there are k + 3 gaps. */
guint bux_game_get_n_gaps(BuxGame *self);
/* Where the card under challenge lies (challenge and neighbour phases). */
gboolean bux_game_get_placed(BuxGame *self, BuxArm *arm, guint *index);
/* Deck index of the neighbour on that side of the placed card, or -1. */
int bux_game_get_neighbour(BuxGame *self, BuxSide side);

/* RULES.md: pair correctness. inner/outer are deck indices along the arm. */
gboolean bux_pair_is_correct(BuxDeck *deck, BuxArm arm, int inner, int outer);
const char *bux_arm_to_string(BuxArm arm); /* "N", "S", "W", "E" */
gboolean bux_arm_from_string(const char *s, BuxArm *out);

/* Moves. Each returns FALSE with an LP_GAME_ERROR and leaves the state untouched when the move
 * is not allowed now. */
gboolean bux_game_begin(BuxGame *self, GError **error);
/* Insert the card in hand at gap index (0 = next to the starting card .. length). */
gboolean bux_game_place(BuxGame *self, BuxArm arm, guint index, GError **error);
/* seat calls "wrong" on the card just placed; the first call wins. When the card has only one
 * neighbour, the challenge is resolved at once. */
gboolean bux_game_challenge(BuxGame *self, guint seat, GError **error);
/* seat lets the card stand. When every seat but the placer has passed, nobody challenges. */
gboolean bux_game_pass(BuxGame *self, guint seat, GError **error);
/* "No objection": every human seat that has not decided passes. */
gboolean bux_game_pass_humans(BuxGame *self, GError **error);
gboolean bux_game_choose_neighbour(BuxGame *self, BuxSide side, GError **error);
/* Secret estimate of the number of wrong cards in the cross. */
gboolean bux_game_estimate(BuxGame *self, guint seat, int estimate, GError **error);

/* Challenge phase: has the seat decided (passed or called)? */
gboolean bux_game_has_decided(BuxGame *self, guint seat);
/* The computer seat that decides next in the challenge phase, or -1. */
int bux_game_get_deciding_computer(BuxGame *self);
/* The challenger (neighbour phase), else -1. */
int bux_game_get_challenger(BuxGame *self);
/* Estimate phase. */
gboolean bux_game_has_estimated(BuxGame *self, guint seat);
/* The seat whose estimate is awaited next (computers first, then humans by seat), or -1. */
int bux_game_get_estimating_seat(BuxGame *self);
/* RULES.md hidden information: the estimate seat entered in the running scoring, if viewer
 * (a seat or LP_VIEWER_ONLOOKER) may see it now: only seat itself sees it while the others
 * estimate; once all are in, they show in bux_game_get_last_scoring(). FALSE with *estimate
 * set to -1 when viewer may not see it or seat has not estimated. */
gboolean bux_game_get_estimate(BuxGame *self, int viewer, guint seat, int *estimate);
/* Largest sensible estimate: the number of cards in the arms. */
int bux_game_get_max_estimate(BuxGame *self);

/* Chips (RULES.md: Chips and the supply). */
guint bux_game_get_chips(BuxGame *self, guint seat);
guint bux_game_get_n_bonus(BuxGame *self, guint seat);
guint bux_game_get_supply(BuxGame *self);
/* chips + 5 × bonus cards */
guint bux_game_get_score(BuxGame *self, guint seat);

/* seat's figures so far (zero for saves from before they were kept). */
const BuxFigures *bux_game_get_figures(BuxGame *self, guint seat);

const BuxChallenge *bux_game_get_last_challenge(BuxGame *self);
const BuxScoring *bux_game_get_last_scoring(BuxGame *self);
/* Cards whose back is shown to everyone now: the pair of the last challenge until the next
 * card is placed. */
gboolean bux_game_is_revealed(BuxGame *self, int card);

G_END_DECLS
