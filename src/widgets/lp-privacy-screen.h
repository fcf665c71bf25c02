/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A cover that replaces a game view with "Pass to <name>" while the device changes hands. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game.h"

G_BEGIN_DECLS

#define LP_TYPE_PRIVACY_SCREEN (lp_privacy_screen_get_type())
G_DECLARE_FINAL_TYPE(LpPrivacyScreen, lp_privacy_screen, LP, PRIVACY_SCREEN, GtkWidget)

GtkWidget *lp_privacy_screen_new(void);
/* The content it covers. */
void lp_privacy_screen_set_child(LpPrivacyScreen *self, GtkWidget *child);
GtkWidget *lp_privacy_screen_get_child(LpPrivacyScreen *self);
/* Puts a new privacy screen between a game page and its content widget (a child the page
 * lays out itself): content moves into the screen, the screen becomes the page's child. */
LpPrivacyScreen *lp_privacy_screen_wrap(GtkWidget *page, GtkWidget *content);
/* Cover the content: a big "Pass to <name>", an optional line (message may be NULL) and a
 * "Show" button. The focus is on the cover, not on "Show". "Show" takes no click and no key
 * within the guard time after the cover went up (it is insensitive then, and every key
 * pressed in it starts the guard time again), nor any press of a key that was down then
 * (a held or double Enter of the previous person). After the guard time Enter or Space
 * reveals, wherever the focus is on the cover. While covered the content is neither drawn
 * nor part of the accessibility tree. Emits "handing-over" each time. */
void lp_privacy_screen_cover(LpPrivacyScreen *self, const char *player_name, const char *message);
void lp_privacy_screen_uncover(LpPrivacyScreen *self);
gboolean lp_privacy_screen_is_covered(LpPrivacyScreen *self);
/* How long "Show" ignores presses after the cover went up or a key was pressed on it
 * (700 ms unless set; tests). */
void lp_privacy_screen_set_guard_time(LpPrivacyScreen *self, guint ms);

/* The name the cover was last put up for (it stays after the reveal: who looks now), or
 * NULL before the first cover. */
const char *lp_privacy_screen_get_player_name(LpPrivacyScreen *self);
/* Issue 33: a "Take Back" button beside "Show" for player_name, the person who just acted
 * (NULL hides it). It follows the guard time like "Show" and emits "take-back". */
void lp_privacy_screen_set_take_back(LpPrivacyScreen *self, const char *player_name);
gboolean lp_privacy_screen_get_take_back(LpPrivacyScreen *self);
/* Issue 33: after a take-back the person who took it back looks again without "Show": the
 * cover lifts now if it is up for player_name, or else at its next cover if that is for
 * player_name and comes before the main loop is idle (once; a cover for anybody else ends
 * it). Emits "revealed" as "Show" does. */
void lp_privacy_screen_let_through(LpPrivacyScreen *self, const char *player_name);

/* RULES.md "hidden information": a privacy screen is only needed when two or more people
 * share the screen (lp_game_count_local_people: people at other devices do not count). */
gboolean lp_privacy_needed(LpGame *game);

G_END_DECLS
