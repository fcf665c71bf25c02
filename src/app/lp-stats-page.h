/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The statistics page: who won how often, each game's figures, head to head, the last games,
 * and renaming, merging and deleting in the history of games (issue 15). */
#pragma once

#include <gtk/gtk.h>

#include "lp-game.h"
#include "lp-history.h"

G_BEGIN_DECLS

#define LP_TYPE_STATS_PAGE (lp_stats_page_get_type())
G_DECLARE_FINAL_TYPE(LpStatsPage, lp_stats_page, LP, STATS_PAGE, GtkWidget)

GtkWidget *lp_stats_page_new(void);
/* The history file the page shows (NULL: the default one); read by lp_stats_page_reload(). */
void lp_stats_page_set_history_path(LpStatsPage *self, const char *path);
/* Reads the file again and rebuilds the page. */
void lp_stats_page_reload(LpStatsPage *self);
LpHistory *lp_stats_page_get_history(LpStatsPage *self);
/* The game shown: an LpHistoryKind, or -1 for every game. */
void lp_stats_page_set_kind(LpStatsPage *self, int kind);
int lp_stats_page_get_kind(LpStatsPage *self);
/* The part of the page that "Save as Image…" pictures. */
GtkWidget *lp_stats_page_get_content(LpStatsPage *self);

/* Writes the record of the finished game to history.jsonl in dir, once per game object (a
 * second call for the same game does nothing); a failure is shown in a message over parent. */
void lp_stats_page_record_game(GtkWindow *parent, const char *dir, LpGame *game);

G_END_DECLS
