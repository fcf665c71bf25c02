/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The place cards of Ausgerechnet Buxtehude, read and checked from the deck JSON. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define BUX_DECK_RESOURCE "/io/github/landpartie/Landpartie/data/buxtehude-cards.json"

typedef enum {
    BUX_CARD_PLACE,
    BUX_CARD_LANDMARK,
} BuxCardKind;

typedef struct {
    char *id;
    BuxCardKind kind;
    char *name_de;
    char *name_en;        /* NULL where it equals name_de */
    double lat;
    double lon;
    char *state;          /* ISO 3166-2, "DE-NI" */
    gint64 population;    /* places; 0 for landmarks */
    double area_km2;      /* places; 0 for landmarks */
    char *description_de; /* landmarks */
    char *description_en; /* landmarks */
    int difficulty;       /* 1 well known .. 3 hard */
} BuxCard;

#define BUX_TYPE_DECK (bux_deck_get_type())
G_DECLARE_FINAL_TYPE(BuxDeck, bux_deck, BUX, DECK, GObject)

/* Validates the whole document (ids unique and well formed, coordinates inside Germany's
 * box, kinds, states, difficulty) and fails with LP_GAME_ERROR_DATA naming the card. */
BuxDeck *bux_deck_new_from_json(JsonNode *root, GError **error);
BuxDeck *bux_deck_new_from_resource(const char *resource_path, GError **error);
/* The shipped deck, loaded once per process (it never changes while the program runs);
 * may be called from any thread. */
BuxDeck *bux_deck_get_default(GError **error);

guint bux_deck_get_n_cards(BuxDeck *self);
const BuxCard *bux_deck_get_card(BuxDeck *self, guint index);
/* Index of the card with that id, or -1. */
int bux_deck_lookup(BuxDeck *self, const char *id);

/* Name and description in the language of the user interface (German or English). */
const char *bux_card_get_name(const BuxCard *card);
const char *bux_card_get_description(const BuxCard *card);
/* "53°28′ N" / "9°42′ E", rounded to whole minutes as a printed card shows them. */
char *bux_format_latitude(double lat);
char *bux_format_longitude(double lon);
/* TRUE when the user interface language is German. */
gboolean bux_ui_is_german(void);

G_END_DECLS
