/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 109 cards of Auf Achse – Das Kartenspiel, their faces, and route scoring. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RULES.md: Auf Achse, 77 kilometre cards, 20 action cards, 12 rest cards. */
#define AA_N_CARDS 109
#define AA_HAND_SIZE 10
#define AA_N_STAGES 5
#define AA_MIN_PLAYERS 2
#define AA_MAX_PLAYERS 5

/* A card face as a number: 10…120 for kilometre cards, AA_FACE_REST for a rest card, and
 * the action cards by what they print (+1, +2, −1, −50). */
enum {
    AA_FACE_MINUS50 = -50,
    AA_FACE_MINUS1 = -1,
    AA_FACE_REST = 0,
    AA_FACE_PLUS1 = 1,
    AA_FACE_PLUS2 = 2,
};

typedef enum {
    AA_KIND_KM,
    AA_KIND_REST,
    AA_KIND_PLUS1,
    AA_KIND_PLUS2,
    AA_KIND_MINUS1,
    AA_KIND_MINUS50,
} AaKind;

/* Card ids run from 0 to AA_N_CARDS - 1 and are sorted by face: kilometre cards rising,
 * then +1, −1, −50, +2 and the rest cards. */
int aa_card_face(guint card);
AaKind aa_card_kind(guint card);
gboolean aa_card_is_km(guint card);
gboolean aa_card_is_action(guint card);

AaKind aa_face_kind(int face);
gboolean aa_face_is_valid(int face);
/* "10"…"120", "R", "+1", "+2", "-1", "-50" (the simulator log's card names). */
const char *aa_face_to_string(int face);
/* The card's name as players know it, translated ("80 km", "Rest", "Free passage (+1)"). */
char *aa_face_name(int face);
gboolean aa_face_from_string(const char *s, int *face);
const char *aa_card_to_string(guint card);

/* Why a route breaks at a card (RULES.md: route value). */
typedef enum {
    AA_BREAK_NONE,
    AA_BREAK_NOT_HIGHER,   /* a kilometre card not higher than the last one since the break */
    AA_BREAK_ACTION,       /* an action card; the new part starts after it */
    AA_BREAK_DOUBLE_REST,  /* a rest directly after a rest; the new part starts with it */
} AaBreak;

/* The value of a route of n faces (left to right): the kilometres after the last break.
 * breaks (n entries, may be NULL) receives the break at each card; scoring_start (may be
 * NULL) the index of the first card of the scoring part (n when nothing scores). */
int aa_route_score(const int *faces, guint n, AaBreak *breaks, guint *scoring_start);
/* The same for card ids. */
int aa_route_score_cards(const guint8 *cards, guint n, AaBreak *breaks, guint *scoring_start);

/* The scoring of aa_route_score one card at a time, so that a route plus one card costs one
 * step, not a new walk: sum is the route's value, last_km the last kilometre card of its
 * scoring part (0 if none), start the index of that part's first card, n the cards so far. */
typedef struct {
    int sum;
    int last_km;
    guint start;
    guint n;
    gboolean prev_rest;
} AaRouteScore;

static inline void aa_route_score_init(AaRouteScore *score)
{
    *score = (AaRouteScore){0, 0, 0, 0, FALSE};
}

/* Appends a card of face to the route; returns the break it causes. */
AaBreak aa_route_score_add(AaRouteScore *score, int face);

/* RULES.md: stage goal 150 / 200 / 250 / 300 km for 2 / 3 / 4 / 5 players. */
int aa_stage_goal(guint n_players);

G_END_DECLS
