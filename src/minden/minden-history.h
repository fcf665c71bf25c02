/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The round history of a Minden game as a popover (issue 12): every scored tip by round. */
#pragma once

#include <gtk/gtk.h>

#include "minden-game.h"

G_BEGIN_DECLS

#define MINDEN_TYPE_HISTORY (minden_history_get_type())
G_DECLARE_FINAL_TYPE(MindenHistory, minden_history, MINDEN, HISTORY, GtkPopover)

/* A popover listing game's history, newest round first, one line per scored tip; it follows
 * the game's "scored" signal. Property "game" (MindenGame, construct-only). */
GtkWidget *minden_history_new(MindenGame *game);

G_END_DECLS
