/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the shell and the simulator know of Ausgerechnet Buxtehude. */
#include "config.h"

#include <glib/gi18n.h>

#include "bux-game.h"
#include "bux-page.h"
#include "lp-game-info.h"

static LpGame *create(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_autoptr(BuxDeck) deck = bux_deck_get_default(error);
    if (deck == NULL)
        return NULL;
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return LP_GAME(bux_game_new(players, rng, deck, option, error));
}

static GtkWidget *create_page(LpGame *game, LpDriver *driver)
{
    g_return_val_if_fail(BUX_IS_GAME(game), NULL);
    return GTK_WIDGET(bux_page_new(BUX_GAME(game), driver));
}

const LpGameInfo bux_game_info = {
    .kind = "buxtehude",
    .name = N_("Ausgerechnet Buxtehude"),
    .description = N_("Lay towns north, south, west or east of each other and catch the "
                      "others’ mistakes"),
    .picture = NULL,
    .min_players = 2,
    .max_players = 6,
    .option_label = N_("Easy deck"),
    .option_description = N_("Leave out the hard cards (the rulebook’s tip for beginners "
                             "and children)"),
    .get_type = bux_game_get_type,
    .create = create,
    .create_page = create_page,
};
