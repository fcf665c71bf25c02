/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game joined on another device (issue 31), as the window shows it: the ordinary game
 * page of the game, a new one over a new mirror for every view (the person's focus, scroll
 * and typing carried over), and a bar above it that says when the connection is lost, when
 * the host refused a move and when the game is over. No save and no statistics: the host
 * keeps the game. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game-ui.h"
#include "lp-net-table.h"
#include "lp-settings.h"

G_BEGIN_DECLS

#define LP_TYPE_JOIN_SESSION (lp_join_session_get_type())
G_DECLARE_FINAL_TYPE(LpJoinSession, lp_join_session, LP, JOIN_SESSION, GtkWidget)

/* table: seated, with its first mirror (LpJoinPage::joined). */
GtkWidget *lp_join_session_new(LpNetTable *table, LpSettings *settings);
LpNetTable *lp_join_session_get_table(LpJoinSession *self);
/* The game shown, its page (the newest), and the mirror it shows. */
const LpGameUi *lp_join_session_get_game_ui(LpJoinSession *self);
GtkWidget *lp_join_session_get_page(LpJoinSession *self);
LpGame *lp_join_session_get_game(LpJoinSession *self);
/* Leaving would give up something running: the game goes on at the host. */
gboolean lp_join_session_is_playing(LpJoinSession *self);
/* Say bye to the host; the seat stays reserved there. */
void lp_join_session_leave(LpJoinSession *self);

/* Signals:
 *   "page-changed": a new page replaced the previous one (or its "finished" changed)
 *   "join-again": the person asked to join again after the connection was lost for good */

G_END_DECLS
