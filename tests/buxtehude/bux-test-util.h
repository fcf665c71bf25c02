/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small decks, line-ups and games for the Buxtehude tests. */
#pragma once

#include "bux-game.h"

G_BEGIN_DECLS

typedef struct {
    const char *id;
    double lat;
    double lon;
} BuxTestCard;

/* A deck holding the given cards plus fillers "f00".."fNN" up to 60 cards. Every third
 * filler has difficulty 3. */
BuxDeck *bux_test_deck(const BuxTestCard *cards, guint n_cards);
/* n players; the first n_humans are human, the rest computers at level. Ages are unknown
 * except when youngest >= 0: that seat is 8 years old. */
GPtrArray *bux_test_players(guint n, guint n_humans, LpLevel level, int youngest);
/* A new game on deck, begun (the first starting card lies, seat 0 or the youngest places). */
BuxGame *bux_test_game(BuxDeck *deck, GPtrArray *players, guint64 seed);
int bux_test_card(BuxGame *game, const char *id);
/* Places the card in hand at the outer end of arm; everybody else lets it lie. */
void bux_test_place_at_end(BuxGame *game, BuxArm arm);
/* Records every "event" of game as compact JSON lines into lines (a GPtrArray of char*). */
void bux_test_record_events(BuxGame *game, GPtrArray *lines);
/* How many events named name are in lines. */
guint bux_test_count_events(GPtrArray *lines, const char *name);
/* The state member of a save, as a compact string. */
char *bux_test_state_string(BuxGame *game);
/* A new game restored from game's save (with the default deck), whose state saves the
 * same. */
BuxGame *bux_test_save_and_restore(BuxGame *game);

/* A game the test owns alone: when its g_autoptr(BuxOwnedGame) goes out of scope it must be
 * finalized, so a handler, log or view that keeps a model alive fails the test. */
typedef BuxGame BuxOwnedGame;
void bux_test_finalize_game(BuxGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(BuxOwnedGame, bux_test_finalize_game)

G_END_DECLS
