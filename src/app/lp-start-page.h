/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The first page: a large tile per game and a Continue entry per saved game. */
#pragma once

#include <gtk/gtk.h>

#include "lp-save-store.h"

G_BEGIN_DECLS

#define LP_TYPE_START_PAGE (lp_start_page_get_type())
G_DECLARE_FINAL_TYPE(LpStartPage, lp_start_page, LP, START_PAGE, GtkWidget)

GtkWidget *lp_start_page_new(void);
/* The saves the Continue entries come from; refreshes the page. */
void lp_start_page_set_save_store(LpStartPage *self, LpSaveStore *store);
LpSaveStore *lp_start_page_get_save_store(LpStartPage *self);
/* Look at the save files again (after a game was saved, finished or moved aside). */
void lp_start_page_refresh(LpStartPage *self);
/* The kinds that currently have a Continue entry, in start-page order (for tests). */
GStrv lp_start_page_dup_continue_kinds(LpStartPage *self);

/* "today, 14:32", "yesterday, 09:05", "3 November", "3 November 2025": when relative to now. */
char *lp_format_last_played(GDateTime *when, GDateTime *now);
/* "2–6 players" */
char *lp_format_player_range(guint min_players, guint max_players);

G_END_DECLS
