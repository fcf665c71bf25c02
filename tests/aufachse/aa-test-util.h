/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the Auf Achse tests: players, and games built from a readable table spec. */
#pragma once

#include "aa-game.h"

G_BEGIN_DECLS

/* n players "P0"…; kinds: a string of 'h' (human) or 'e'/'n'/'H' (computer easy/normal/hard),
 * or NULL for all normal computers. Ages 30 + seat, so seat 0 is youngest. */
GPtrArray *aa_test_players(guint n, const char *kinds);

/* A table spec: faces as in the rulebook ("10 20 R +1 -50"). Cards not named go to the
 * draw pile (under the named draw cards), or to the discard pile with rest_to_discard. */
typedef struct {
    guint n_players;
    const char *kinds;
    const char *phase;           /* "play", "resolve", "extra", "stage-end", "over" */
    guint stage;
    guint start_seat;
    guint play_index;
    gboolean route_done;
    const char *hands[AA_MAX_PLAYERS];
    const char *routes[AA_MAX_PLAYERS];
    const char *pile;            /* bottom first */
    const char *pile_owners;     /* seat digits, one per pile card, e.g. "012" */
    const char *counter;
    const char *draw;            /* top last */
    const char *discard;
    gboolean rest_to_discard;
    const char *scores;          /* JSON array of arrays, or NULL for [] */
    guint extra_left[AA_MAX_PLAYERS];
    const char *action;          /* "+1"/"+2" during extra */
} AaTestTable;

/* The game, or NULL with error set by load_state (tests of broken saves). */
AaGame *aa_test_game_from_table(const AaTestTable *table, GError **error);
/* The state member of a table (for tests that damage it). */
JsonNode *aa_test_state_from_table(const AaTestTable *table);
/* A save envelope around state, for n players. */
JsonNode *aa_test_envelope(guint n, const char *kinds, JsonNode *state);
/* "10 20 R" of an array of card ids. */
char *aa_test_faces(GArray *cards);

G_END_DECLS
