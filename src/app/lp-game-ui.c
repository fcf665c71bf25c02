/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pairs each game's rules with its page type. */
#include "lp-game-ui.h"

#include "aa-page.h"
#include "bux-page.h"
#include "minden-page.h"

static GType (*const page_types[])(void) = {
    bux_page_get_type,
    minden_page_get_type,
    aa_page_get_type,
};

static LpGameUi *build(guint *n)
{
    static LpGameUi *games;
    static guint n_games;
    if (g_once_init_enter(&games)) {
        guint n_rules;
        const LpGameRules *const *rules = lp_games(&n_rules);
        LpGameUi *list = g_new0(LpGameUi, n_rules);
        for (guint i = 0; i < n_rules; i++) {
            list[i].rules = rules[i];
            list[i].game_class = lp_game_rules_get_class(rules[i]);
            for (guint k = 0; k < G_N_ELEMENTS(page_types); k++) {
                /* Page classes are never unloaded; the reference lives as long as the type. */
                LpGamePageClass *page_class = g_type_class_ref(page_types[k]());
                if (page_class->game_type == rules[i]->get_type()) {
                    list[i].page_type = page_types[k]();
                    list[i].page_class = page_class;
                } else {
                    g_type_class_unref(page_class);
                }
            }
            g_assert(list[i].page_class != NULL);
        }
        n_games = n_rules;
        g_once_init_leave(&games, list);
    }
    *n = n_games;
    return games;
}

const LpGameUi *lp_game_ui_list(guint *n_games)
{
    guint n;
    const LpGameUi *list = build(&n);
    if (n_games != NULL)
        *n_games = n;
    return list;
}

const LpGameUi *lp_game_ui_lookup(const char *kind)
{
    g_return_val_if_fail(kind != NULL, NULL);
    guint n;
    const LpGameUi *list = build(&n);
    for (guint i = 0; i < n; i++) {
        if (g_strcmp0(list[i].game_class->kind, kind) == 0)
            return &list[i];
    }
    return NULL;
}
