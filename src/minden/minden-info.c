/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the shell and the simulator know of Finden Sie Minden. */
#include <glib/gi18n.h>

#include "lp-game-info.h"
#include "minden-game.h"
#include "minden-page.h"

static LpGame *create(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_autoptr(MindenDeck) deck = minden_deck_get_default(error);
    g_autoptr(LpRng) rng = lp_rng_new(seed);

    if (deck == NULL)
        return NULL;
    return LP_GAME(minden_game_new(players, rng, deck, option, error));
}

static GtkWidget *create_page(LpGame *game, LpDriver *driver)
{
    g_return_val_if_fail(MINDEN_IS_GAME(game), NULL);
    return GTK_WIDGET(minden_page_new(MINDEN_GAME(game), driver));
}

static GType get_type(void)
{
    return MINDEN_TYPE_GAME;
}

const LpGameInfo minden_game_info = {
    .kind = "minden",
    .name = N_("Deutschland – Finden Sie Minden?"),
    .description = N_("Tip where places lie on the grid of Germany: the more exact, the further "
                      "you move"),
    .picture = NULL,
    .min_players = 2,
    .max_players = 5,
    .option_label = N_("Purple cards (sights)"),
    .option_description = N_("Mix in the sights: harder, since you must know the town they "
                             "stand in; adds a purple majority and makes sets four cards"),
    .get_type = get_type,
    .create = create,
    .create_page = create_page,
};
