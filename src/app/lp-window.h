/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window: header bar, primary menu, and the start, setup, game and how-to pages. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game-ui.h"
#include "lp-host-session.h"
#include "lp-save-store.h"
#include "lp-settings.h"

G_BEGIN_DECLS

#define LP_TYPE_WINDOW (lp_window_get_type())
G_DECLARE_FINAL_TYPE(LpWindow, lp_window, LP, WINDOW, GtkApplicationWindow)

/* store NULL: the user's save folder. app may be NULL (tests). */
LpWindow *lp_window_new(GtkApplication *app, LpSaveStore *store);
LpSaveStore *lp_window_get_save_store(LpWindow *self);
/* The app's settings ("settings", construct-only; a new LpSettings when none is given),
 * handed to the setup page, the game pages and the preferences. */
LpSettings *lp_window_get_settings(LpWindow *self);
/* "start", "setup", "lobby", "join", "game", "howto" or "stats". */
const char *lp_window_get_page_name(LpWindow *self);
GtkWidget *lp_window_get_start_page(LpWindow *self);
GtkWidget *lp_window_get_setup_page(LpWindow *self);
GtkWidget *lp_window_get_howto_page(LpWindow *self);
/* The join page (issue 31). */
GtkWidget *lp_window_get_join_page(LpWindow *self);
/* The page of the running game (of a joined game: the newest), or NULL. */
GtkWidget *lp_window_get_game_page(LpWindow *self);
/* The running game, or NULL. */
LpGame *lp_window_get_game(LpWindow *self);

/* Starts a new game and shows its page; on error the window stays where it is. */
gboolean lp_window_start_game(LpWindow *self, const LpGameUi *info, GPtrArray *players,
                              guint64 seed, gboolean option, GError **error);
/* Resumes the saved game of kind; a save that cannot be read is reported in a dialog and
 * moved aside, and the start page is shown. */
gboolean lp_window_continue_game(LpWindow *self, const char *kind);
/* Hosts a new game for players on several devices (issue 31): remote[i] marks the seats
 * another device takes. Listens, shows the lobby; the game is dealt from seed when Start is
 * pressed there. FALSE with an error when the save is busy or nothing can listen. */
gboolean lp_window_host_game(LpWindow *self, const LpGameUi *info, GPtrArray *players,
                             const gboolean *remote, guint64 seed, gboolean option,
                             GError **error);
/* The hosting of the lobby or of the running game, or NULL. */
LpHostSession *lp_window_get_host_session(LpWindow *self);


G_END_DECLS
