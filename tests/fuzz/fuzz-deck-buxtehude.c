/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for the Buxtehude deck (data/buxtehude-cards.json): a deck the loader
 * accepts must hold only cards the game can show and look up. */
#include "fuzz-common.h"

#include <math.h>

#include "bux-deck.h"
#include "lp-json.h"

static void check_card(BuxDeck *deck, guint index)
{
    const BuxCard *card = bux_deck_get_card(deck, index);

    if (card == NULL || card->id == NULL || card->name_de == NULL)
        fuzz_fail("card %u was accepted without id or name", index);
    if (bux_deck_lookup(deck, card->id) != (int)index)
        fuzz_fail("card %u (%s) is not found by its id", index, card->id);
    fuzz_check_text(card->id, 0, "a card id");
    fuzz_check_text(card->name_de, 0, "a card name");
    fuzz_check_text(card->name_en, 0, "a card name");
    fuzz_check_text(card->state, 0, "a card's state");
    fuzz_check_text(card->description_de, 0, "a card description");
    fuzz_check_text(card->description_en, 0, "a card description");
    fuzz_check_text(bux_card_get_name(card), 0, "a card name");
    /* The cross compares coordinates; NaN would make every comparison false. */
    if (!isfinite(card->lat) || !isfinite(card->lon) || card->lat < 47.0 || card->lat > 55.5 ||
        card->lon < 5.5 || card->lon > 15.5)
        fuzz_fail("card %s lies at %f, %f, outside Germany", card->id, card->lat, card->lon);
    if (card->difficulty < 1 || card->difficulty > 3)
        fuzz_fail("card %s has difficulty %d", card->id, card->difficulty);
    {
        g_autofree char *lat = bux_format_latitude(card->lat);
        g_autofree char *lon = bux_format_longitude(card->lon);

        fuzz_check_text(lat, 0, "a printed latitude");
        fuzz_check_text(lon, 0, "a printed longitude");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = NULL;
    g_autoptr(BuxDeck) deck = NULL;

    fuzz_init();
    root = lp_json_parse((const char *)data, (gssize)size, &error);
    if (root == NULL) {
        fuzz_check_refusal(error, "the deck");
        return 0;
    }
    deck = bux_deck_new_from_json(root, &error);
    if (deck == NULL) {
        fuzz_check_refusal(error, "the deck");
        return 0;
    }
    for (guint i = 0; i < bux_deck_get_n_cards(deck); i++)
        check_card(deck, i);
    return 0;
}
