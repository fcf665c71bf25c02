/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The join page (issue 31, "Join a Game…"): lists the games that DNS-SD finds on the
 * network, takes an address and join code typed by hand, and joins with an LpNetTable. */
#pragma once

#include <gtk/gtk.h>

#include "lp-net-table.h"

G_BEGIN_DECLS

#define LP_TYPE_JOIN_PAGE (lp_join_page_get_type())
G_DECLARE_FINAL_TYPE(LpJoinPage, lp_join_page, LP, JOIN_PAGE, GtkWidget)

GtkWidget *lp_join_page_new(void);
/* The page is shown: look for games on the network and put the focus where typing starts.
 * Fields keep what was typed, so a person who comes back joins again with one click. */
void lp_join_page_activate(LpJoinPage *self);
/* The page is left: stop looking for games, and drop a join that has not finished. */
void lp_join_page_deactivate(LpJoinPage *self);
/* Show a problem under the fields (NULL hides it). */
void lp_join_page_show_error(LpJoinPage *self, const char *message);
/* The tokens file of the tables this page makes (NULL: the default); for tests. */
void lp_join_page_set_tokens_path(LpJoinPage *self, const char *path);

/* Signals:
 *   "joined" (LpNetTable *table): the seat is taken and the first view came
 *       (lp_net_table_get_mirror()); the page lets go of the table, and the receiver
 *       takes it over. */

G_END_DECLS
