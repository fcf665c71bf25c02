/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the shell and the simulator know of each game: names, player range, how to create
 * a new game, which type restores a save, and how to build its page. */
#pragma once

#include <gtk/gtk.h>

#include "lp-driver.h"
#include "lp-game.h"

G_BEGIN_DECLS

typedef struct {
    const char *kind;          /* "buxtehude", "minden", "aufachse" */
    const char *name;          /* N_("Ausgerechnet Buxtehude") */
    const char *description;   /* N_() one line for the start page tile */
    const char *picture;       /* resource path of the tile picture (SVG) */
    guint min_players;
    guint max_players;
    /* The game's one setup option (Buxtehude: easy deck; Minden: purple cards), or NULL. */
    const char *option_label;  /* N_() */
    const char *option_description; /* N_() */
    GType (*get_type)(void);
    /* A new game, dealt and ready; error when the deck cannot be loaded. */
    LpGame *(*create)(GPtrArray *players, guint64 seed, gboolean option, GError **error);
    /* The game page; the driver lets computer seats act. */
    GtkWidget *(*create_page)(LpGame *game, LpDriver *driver);
} LpGameInfo;

/* Each game defines one of these in src/<game>/<prefix>-info.c. */
extern const LpGameInfo bux_game_info;
extern const LpGameInfo minden_game_info;
extern const LpGameInfo aa_game_info;

/* The three games in start-page order. */
const LpGameInfo *const *lp_game_infos(guint *n_infos);
const LpGameInfo *lp_game_info_lookup(const char *kind);

G_END_DECLS
