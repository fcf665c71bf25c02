/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for the Minden deck (data/minden-cards.json): a deck the loader accepts
 * must hold only cards the game can show, and a game dealt from it must play to its end. */
#include "fuzz-common.h"

#include <math.h>

#include "lp-game.h"
#include "lp-json.h"
#include "minden-deck.h"
#include "minden-game.h"

static void check_card(MindenDeck *deck, guint index)
{
    const MindenCard *card = minden_deck_get_card(deck, index);

    if (card == NULL || card->id == NULL || card->name_de == NULL || card->name_en == NULL)
        fuzz_fail("card %u was accepted without id or names", index);
    if (minden_deck_lookup(deck, card->id) != (int)index)
        fuzz_fail("card %u (%s) is not found by its id", index, card->id);
    if ((int)card->colour < 0 || card->colour >= MINDEN_N_COLOURS)
        fuzz_fail("card %s has colour %d", card->id, (int)card->colour);
    fuzz_check_text(card->id, 0, "a card id");
    fuzz_check_text(card->name_de, 0, "a card name");
    fuzz_check_text(card->name_en, 0, "a card name");
    fuzz_check_text(card->town_de, 0, "a card's town");
    fuzz_check_text(card->town_en, 0, "a card's town");
    fuzz_check_text(card->fact_de, 0, "a card's fact");
    fuzz_check_text(card->fact_en, 0, "a card's fact");
    if (card->n_solutions == 0 || card->solutions == NULL)
        fuzz_fail("card %s has no solution point", card->id);
    for (guint i = 0; i < card->n_solutions; i++) {
        const MindenPoint *p = &card->solutions[i];

        if (!isfinite(p->lat) || !isfinite(p->lon) || p->lat < 46.0 || p->lat > 56.0 ||
            p->lon < 4.0 || p->lon > 16.0)
            fuzz_fail("card %s has its solution at %f, %f", card->id, p->lat, p->lon);
    }
}

/* A deck the loader accepts is one the game may be dealt from: two computers play it out,
 * with the purple cards, through the same save and reload as a save file. */
static void play_with(MindenDeck *deck)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = NULL;

    g_ptr_array_add(players, lp_player_new("Anna", 9, "#c01c28", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_HARD));
    g_ptr_array_add(players, lp_player_new("Ben", 41, "#1c71d8", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_EASY));
    minden_deck_set_default(deck);
    game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, 1, TRUE, &error);
    if (game == NULL)
        fuzz_check_refusal(error, "a game from the deck");
    else
        fuzz_play_on("minden", game);
    g_clear_object(&game);
    minden_deck_set_default(NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = NULL;
    g_autoptr(MindenDeck) deck = NULL;

    fuzz_init();
    root = lp_json_parse((const char *)data, (gssize)size, &error);
    if (root == NULL) {
        fuzz_check_refusal(error, "the deck");
        return 0;
    }
    deck = minden_deck_new_from_json(root, &error);
    if (deck == NULL) {
        fuzz_check_refusal(error, "the deck");
        return 0;
    }
    for (guint i = 0; i < minden_deck_get_n_cards(deck); i++)
        check_card(deck, i);
    play_with(deck);
    return 0;
}
