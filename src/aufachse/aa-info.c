/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the shell and the simulator know of Auf Achse – Das Kartenspiel. */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-game.h"
#include "aa-page.h"
#include "lp-game-info.h"

static LpGame *create(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return LP_GAME(aa_game_new(players, rng, error));
}

static GtkWidget *create_page(LpGame *game, LpDriver *driver)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    return aa_page_new(AA_GAME(game), driver);
}

const LpGameInfo aa_game_info = {
    .kind = "aufachse",
    .name = N_("Auf Achse – Das Kartenspiel"),
    .description = N_("Build rising routes, feed the kilometre counter, drive the farthest "
                      "in five stages."),
    .picture = NULL,
    .min_players = AA_MIN_PLAYERS,
    .max_players = AA_MAX_PLAYERS,
    .option_label = NULL,
    .option_description = NULL,
    .get_type = aa_game_get_type,
    .create = create,
    .create_page = create_page,
};
