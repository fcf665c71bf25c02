/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lobby of a hosted game (issue 31): the join code, this computer's address and port in
 * large type, who took which seat, Start once every remote seat is taken, and Cancel. */
#pragma once

#include <gtk/gtk.h>

#include "lp-host-session.h"

G_BEGIN_DECLS

#define LP_TYPE_LOBBY_PAGE (lp_lobby_page_get_type())
G_DECLARE_FINAL_TYPE(LpLobbyPage, lp_lobby_page, LP, LOBBY_PAGE, GtkWidget)

GtkWidget *lp_lobby_page_new(void);
/* The session to show and follow; NULL shows nothing. */
void lp_lobby_page_set_session(LpLobbyPage *self, LpHostSession *session);
LpHostSession *lp_lobby_page_get_session(LpLobbyPage *self);

/* Signals (the page's actions "lobby.start" and "lobby.cancel" emit them):
 *   "start": Start was pressed (only possible once every remote seat is taken), or a
 *            resumed game's devices are all back
 *   "cancel": stop hosting and go back */

G_END_DECLS
