/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The list of the three games. */
#include "lp-game-info.h"

static const LpGameInfo *const infos[] = {
    &bux_game_info,
    &minden_game_info,
    &aa_game_info,
};

const LpGameInfo *const *lp_game_infos(guint *n_infos)
{
    if (n_infos != NULL)
        *n_infos = G_N_ELEMENTS(infos);
    return infos;
}

const LpGameInfo *lp_game_info_lookup(const char *kind)
{
    g_return_val_if_fail(kind != NULL, NULL);
    for (guint i = 0; i < G_N_ELEMENTS(infos); i++) {
        if (g_strcmp0(infos[i]->kind, kind) == 0)
            return infos[i];
    }
    return NULL;
}
