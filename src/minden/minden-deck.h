/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden place cards (data/minden-cards.json): colour, names, solution points, fact. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MINDEN_DECK_RESOURCE "/io/github/landpartie/Landpartie/data/minden-cards.json"

typedef enum {
    MINDEN_YELLOW = 0, /* big cities */
    MINDEN_RED = 1,    /* cities and towns */
    MINDEN_BLUE = 2,   /* waters and natural areas */
    MINDEN_PURPLE = 3, /* sights (the "Profivariante") */
} MindenColour;

#define MINDEN_N_COLOURS 4

typedef struct {
    double lat;
    double lon;
} MindenPoint;

typedef struct {
    char *id;
    MindenColour colour;
    char *name_de;
    char *name_en;   /* never NULL: falls back to name_de */
    char *town_de;   /* purple only, else NULL */
    char *town_en;
    char *fact_de;   /* may be NULL */
    char *fact_en;
    MindenPoint *solutions;
    guint n_solutions;
    /* A reference city the board shows: not dealt in new games (the deck's "on_board"). */
    gboolean on_board;
} MindenCard;

#define MINDEN_TYPE_DECK (minden_deck_get_type())
G_DECLARE_FINAL_TYPE(MindenDeck, minden_deck, MINDEN, DECK, GObject)

/* Validates the whole file: version 1, unique ids with the colour's prefix, known colours,
 * names, at least one solution point inside 46–56°N, 4–16°E. Fails with LP_GAME_ERROR_DATA. */
MindenDeck *minden_deck_new_from_json(JsonNode *root, GError **error);
/* The deck compiled into the program. */
MindenDeck *minden_deck_new_default(GError **error);
/* A new reference to the deck that new and restored games use: the compiled-in one, loaded
 * once, unless tests replaced it with minden_deck_set_default (NULL goes back). Both may be
 * called from any thread. */
MindenDeck *minden_deck_get_default(GError **error);
void minden_deck_set_default(MindenDeck *deck);

guint minden_deck_get_n_cards(MindenDeck *self);
const MindenCard *minden_deck_get_card(MindenDeck *self, guint index);
/* The index of id, or -1. */
int minden_deck_lookup(MindenDeck *self, const char *id);
guint minden_deck_count_colour(MindenDeck *self, MindenColour colour);

/* "yellow", "red", "blue", "purple" */
const char *minden_colour_to_string(MindenColour colour);
gboolean minden_colour_from_string(const char *s, MindenColour *out);
/* RULES.md: keeping a card needs a right tip with at least 4 / 3 / 2 / 2 stones. */
guint minden_colour_stones_to_keep(MindenColour colour);

/* Whether texts should be German (the UI language starts with "de"). */
gboolean minden_prefer_german(void);
const char *minden_card_get_name(const MindenCard *card);
const char *minden_card_get_town(const MindenCard *card);
const char *minden_card_get_fact(const MindenCard *card);

G_END_DECLS
