/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TEMPORARY scaffold so that the shell links before the game exists; the game's issue
 * replaces this file. */
#include <glib/gi18n.h>

#include "lp-game-info.h"

static LpGame *create(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "%s", "not built yet");
    return NULL;
}

static GtkWidget *create_page(LpGame *game, LpDriver *driver)
{
    return gtk_label_new("not built yet");
}

const LpGameInfo minden_game_info = {
    .kind = "minden",
    .name = N_("Deutschland – Finden Sie Minden?"),
    .description = "",
    .picture = NULL,
    .min_players = 2,
    .max_players = 5,
    .get_type = lp_game_get_type,
    .create = create,
    .create_page = create_page,
};
