/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minimal game for the shell's tests: seats only, no rules. */
#include "lp-test-game.h"

G_DEFINE_TYPE(LpTestGame, lp_test_game, LP_TYPE_GAME)

static JsonNode *save_state(LpGame *game)
{
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, json_object_new());
    return node;
}

static gboolean load_state(LpGame *game, JsonNode *state, GError **error)
{
    return TRUE;
}

static LpGame *create(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return g_object_new(LP_TYPE_TEST_GAME, "players", players, "rng", rng, NULL);
}

static void lp_test_game_class_init(LpTestGameClass *klass)
{
    LpGameClass *game_class = LP_GAME_CLASS(klass);

    game_class->kind = "testgame";
    game_class->name = "Test Game";
    game_class->description = "A game for tests";
    game_class->min_players = 1;
    game_class->max_players = 6;
    game_class->create = create;
    game_class->save_state = save_state;
    game_class->load_state = load_state;
}

static void lp_test_game_init(LpTestGame *self)
{
}

struct _LpTestBrokenGame {
    LpTestGame parent_instance;
};

G_DEFINE_FINAL_TYPE(LpTestBrokenGame, lp_test_broken_game, LP_TYPE_TEST_GAME)

static LpGame *create_broken(GPtrArray *players, guint64 seed, gboolean option, GError **error)
{
    g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "the deck is missing");
    return NULL;
}

static void lp_test_broken_game_class_init(LpTestBrokenGameClass *klass)
{
    LpGameClass *game_class = LP_GAME_CLASS(klass);

    game_class->name = "Broken Game";
    game_class->description = NULL;
    game_class->create = create_broken;
}

static void lp_test_broken_game_init(LpTestBrokenGame *self)
{
}

struct _LpTestPage {
    LpGamePage parent_instance;
    guint turns; /* turns started while the page showed the game */
};

G_DEFINE_FINAL_TYPE(LpTestPage, lp_test_page, LP_TYPE_GAME_PAGE)

static const LpHowtoSection sections[] = {{"Playing", "Play."}};
static const LpHowto howto = {"A game for tests.", sections, G_N_ELEMENTS(sections)};

static void lp_test_page_class_init(LpTestPageClass *klass)
{
    LpGamePageClass *page_class = LP_GAME_PAGE_CLASS(klass);

    page_class->game_type = LP_TYPE_TEST_GAME;
    page_class->picture = "/io/github/landpartie/Landpartie/app/tile-minden.svg";
    page_class->howto = &howto;
}

static void on_turn_started(LpTestPage *self, guint seat)
{
    self->turns++;
}

static void lp_test_page_init(LpTestPage *self)
{
    gtk_widget_set_parent(gtk_label_new("the test game page"), GTK_WIDGET(self));
    g_signal_group_connect_swapped(lp_game_page_get_game_signals(LP_GAME_PAGE(self)),
                                   "turn-started", G_CALLBACK(on_turn_started), self);
}

guint lp_test_page_get_turns(LpTestPage *self)
{
    return self->turns;
}

static const LpGameRules test_rules = {.get_type = lp_test_game_get_type};
static const LpGameRules broken_rules = {.get_type = lp_test_broken_game_get_type};

static const LpGameUi *make_ui(const LpGameRules *rules, LpGameUi *ui)
{
    if (ui->rules == NULL) {
        ui->rules = rules;
        ui->game_class = lp_game_rules_get_class(rules);
        ui->page_type = LP_TYPE_TEST_PAGE;
        ui->page_class = g_type_class_ref(LP_TYPE_TEST_PAGE);
    }
    return ui;
}

const LpGameUi *lp_test_game_ui(void)
{
    static LpGameUi ui;
    return make_ui(&test_rules, &ui);
}

const LpGameUi *lp_test_broken_game_ui(void)
{
    static LpGameUi ui;
    return make_ui(&broken_rules, &ui);
}

LpGame *lp_test_game_new(guint humans, guint computers)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(LpRng) rng = lp_rng_new(7);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);

    for (guint i = 0; i < humans + computers; i++) {
        g_autofree char *name = g_strdup_printf("P%u", i + 1);
        g_ptr_array_add(players,
                        lp_player_new(name, 20 + (int)i, colours[i % n_colours].hex,
                                      i < humans ? LP_PLAYER_HUMAN : LP_PLAYER_COMPUTER,
                                      LP_LEVEL_NORMAL));
    }
    return g_object_new(LP_TYPE_TEST_GAME, "players", players, "rng", rng, NULL);
}
