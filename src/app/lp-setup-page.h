/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The player-setup page: seats within the game's range, each with name, age, colour and
 * kind, the game's option, and the remembered line-up. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game-ui.h"
#include "lp-settings.h"

G_BEGIN_DECLS

#define LP_TYPE_SETUP_PAGE (lp_setup_page_get_type())
G_DECLARE_FINAL_TYPE(LpSetupPage, lp_setup_page, LP, SETUP_PAGE, GtkWidget)

/* The entries of the kind drop-down, in order. */
typedef enum {
    LP_SEAT_HUMAN,
    LP_SEAT_COMPUTER_EASY,
    LP_SEAT_COMPUTER_NORMAL,
    LP_SEAT_COMPUTER_HARD,
    /* A person (or a computer player) at another device (issue 31); only offered for games
     * that support views. The seat's player is human; the window hosts the game. */
    LP_SEAT_REMOTE,
} LpSeatKind;

GtkWidget *lp_setup_page_new(void);
/* Shows the seats for info, filled from the last line-up (GSettings "last-lineup") and
 * fitted to the game's player range. */
/* The settings that remember the last line-up (the window's). */
void lp_setup_page_set_settings(LpSetupPage *self, LpSettings *settings);
void lp_setup_page_set_game(LpSetupPage *self, const LpGameUi *info);
const LpGameUi *lp_setup_page_get_game(LpSetupPage *self);
/* TRUE while the page suggests the game's lesson: the first time the game was opened ever
 * (issue 33). */
gboolean lp_setup_page_get_suggests_lesson(LpSetupPage *self);

guint lp_setup_page_get_n_seats(LpSetupPage *self);
/* FALSE when the game's range does not allow another seat / one seat less. */
gboolean lp_setup_page_add_seat(LpSetupPage *self);
gboolean lp_setup_page_remove_seat(LpSetupPage *self, guint seat);
/* Fill one seat as a person would; age_text "" means unknown; colour is a palette index. */
void lp_setup_page_set_seat(LpSetupPage *self, guint seat, const char *name,
                            const char *age_text, guint colour, LpSeatKind kind);
guint lp_setup_page_get_seat_colour(LpSetupPage *self, guint seat);
gboolean lp_setup_page_get_option(LpSetupPage *self);
void lp_setup_page_set_option(LpSetupPage *self, gboolean option);

/* The LpPlayer objects of the seats; empty names become "Player N". Fails with a message
 * that names the seat when an age is not a number from 0 to 150 or two names are equal. */
GPtrArray *lp_setup_page_build_players(LpSetupPage *self, GError **error);
/* TRUE when the seat is played on another device (LP_SEAT_REMOTE): its player in
 * lp_setup_page_build_players() is human, and the game is hosted. */
gboolean lp_setup_page_seat_is_remote(LpSetupPage *self, guint seat);
gboolean lp_setup_page_has_remote_seats(LpSetupPage *self);
/* Stores the current seats and option as the last line-up (a remote seat with "remote": true). */
void lp_setup_page_remember_lineup(LpSetupPage *self, GPtrArray *players);
/* An error shown above the Start button (NULL clears it). */
void lp_setup_page_show_error(LpSetupPage *self, const char *message);
const char *lp_setup_page_get_error(LpSetupPage *self);

G_END_DECLS
