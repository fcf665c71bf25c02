/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden place cards: loading and validating data/minden-cards.json. */
#include "minden-deck.h"

#include <glib/gi18n.h>

#include "lp-error.h"
#include "lp-json.h"

struct _MindenDeck {
    GObject parent_instance;

    GArray *cards; /* MindenCard */
    GHashTable *by_id; /* id → index + 1 */
};

G_DEFINE_FINAL_TYPE(MindenDeck, minden_deck, G_TYPE_OBJECT)

static const char *const colour_names[] = { "yellow", "red", "blue", "purple" };
static const char *const colour_prefixes[] = { "y-", "r-", "b-", "p-" };

static void card_clear(gpointer data)
{
    MindenCard *card = data;

    g_free(card->id);
    g_free(card->name_de);
    g_free(card->name_en);
    g_free(card->town_de);
    g_free(card->town_en);
    g_free(card->fact_de);
    g_free(card->fact_en);
    g_free(card->solutions);
}

static void minden_deck_finalize(GObject *object)
{
    MindenDeck *self = MINDEN_DECK(object);

    g_clear_pointer(&self->by_id, g_hash_table_unref);
    g_clear_pointer(&self->cards, g_array_unref);
    G_OBJECT_CLASS(minden_deck_parent_class)->finalize(object);
}

static void minden_deck_class_init(MindenDeckClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = minden_deck_finalize;
}

static void minden_deck_init(MindenDeck *self)
{
    self->cards = g_array_new(FALSE, TRUE, sizeof(MindenCard));
    g_array_set_clear_func(self->cards, card_clear);
    self->by_id = g_hash_table_new(g_str_hash, g_str_equal);
}

const char *minden_colour_to_string(MindenColour colour)
{
    return colour_names[CLAMP((int) colour, 0, MINDEN_N_COLOURS - 1)];
}

gboolean minden_colour_from_string(const char *s, MindenColour *out)
{
    for (int i = 0; i < MINDEN_N_COLOURS; i++) {
        if (g_strcmp0(s, colour_names[i]) == 0) {
            *out = (MindenColour) i;
            return TRUE;
        }
    }
    return FALSE;
}

guint minden_colour_stones_to_keep(MindenColour colour)
{
    /* RULES.md: yellow 4 stones, red 3, blue 2, purple 2. */
    static const guint need[] = { 4, 3, 2, 2 };
    return need[CLAMP((int) colour, 0, MINDEN_N_COLOURS - 1)];
}

static gboolean id_is_valid(const char *id)
{
    for (const char *p = id; *p; p++) {
        if (!g_ascii_islower(*p) && !g_ascii_isdigit(*p) && *p != '-')
            return FALSE;
    }
    return *id != '\0';
}

static char *opt_string(JsonObject *obj, const char *member)
{
    if (!json_object_has_member(obj, member))
        return NULL;
    JsonNode *n = json_object_get_member(obj, member);
    if (!JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_STRING)
        return NULL;
    const char *s = json_node_get_string(n);
    return (s != NULL && *s != '\0') ? g_strdup(s) : NULL;
}

static gboolean parse_card(JsonNode *node, guint index, MindenCard *card, GError **error)
{
    g_autoptr(GError) local = NULL;
    const char *id = NULL, *colour = NULL, *name_de = NULL;
    JsonArray *solutions = NULL;

    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("Minden card %u is not a JSON object"), index + 1);
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(node);
    if (!lp_json_get_string(obj, "id", &id, &local) ||
        !lp_json_get_string(obj, "colour", &colour, &local) ||
        !lp_json_get_string(obj, "name_de", &name_de, &local) ||
        !lp_json_get_array(obj, "solutions", &solutions, &local)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("Minden card %u%s%s%s: %s"),
                    index + 1, id ? " (“" : "", id ? id : "", id ? "”)" : "", local->message);
        return FALSE;
    }
    if (!id_is_valid(id)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("Minden card id “%s” may only hold a–z, 0–9 and “-”"), id);
        return FALSE;
    }
    if (!minden_colour_from_string(colour, &card->colour)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("Minden card “%s”: unknown colour “%s”"), id, colour);
        return FALSE;
    }
    if (!g_str_has_prefix(id, colour_prefixes[card->colour])) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("Minden card “%s”: a %s card's id must start with “%s”"), id, colour,
                    colour_prefixes[card->colour]);
        return FALSE;
    }
    guint n = json_array_get_length(solutions);
    if (n == 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("Minden card “%s” has no solution point"), id);
        return FALSE;
    }
    card->solutions = g_new0(MindenPoint, n);
    card->n_solutions = n;
    for (guint i = 0; i < n; i++) {
        JsonNode *pn = json_array_get_element(solutions, i);
        if (!JSON_NODE_HOLDS_OBJECT(pn) ||
            !lp_json_get_double(json_node_get_object(pn), "lat", 46.0, 56.0,
                                &card->solutions[i].lat, &local) ||
            !lp_json_get_double(json_node_get_object(pn), "lon", 4.0, 16.0,
                                &card->solutions[i].lon, &local)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                        _("Minden card “%s”, solution %u: %s"), id, i + 1,
                        local ? local->message : "not an object with “lat” and “lon”");
            return FALSE;
        }
    }
    card->id = g_strdup(id);
    card->name_de = g_strdup(name_de);
    card->name_en = opt_string(obj, "name_en");
    if (card->name_en == NULL)
        card->name_en = g_strdup(name_de);
    card->town_de = opt_string(obj, "town_de");
    card->town_en = opt_string(obj, "town_en");
    if (card->town_en == NULL && card->town_de != NULL)
        card->town_en = g_strdup(card->town_de);
    card->fact_de = opt_string(obj, "fact_de");
    card->fact_en = opt_string(obj, "fact_en");
    return TRUE;
}

MindenDeck *minden_deck_new_from_json(JsonNode *root, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(MindenDeck) self = g_object_new(MINDEN_TYPE_DECK, NULL);
    JsonArray *cards = NULL;
    gint64 version = 0;

    g_return_val_if_fail(root != NULL, NULL);

    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("The Minden deck is not a JSON object"));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(root);
    if (!lp_json_get_int(obj, "version", 1, 1, &version, &local) ||
        !lp_json_get_array(obj, "cards", &cards, &local)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("The Minden deck: %s"),
                    local->message);
        return NULL;
    }
    guint n = json_array_get_length(cards);
    g_array_set_size(self->cards, n);
    for (guint i = 0; i < n; i++) {
        MindenCard *card = &g_array_index(self->cards, MindenCard, i);
        if (!parse_card(json_array_get_element(cards, i), i, card, error))
            return NULL;
        if (g_hash_table_contains(self->by_id, card->id)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                        _("Minden card id “%s” appears twice"), card->id);
            return NULL;
        }
        g_hash_table_insert(self->by_id, card->id, GUINT_TO_POINTER(i + 1));
    }
    /* The reference cities the board shows (issue 12): their cards stay in the deck so
     * older saves load, but new games leave them out. Optional. */
    if (json_object_has_member(obj, "on_board")) {
        JsonArray *on_board = NULL;
        if (!lp_json_get_array(obj, "on_board", &on_board, &local)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("The Minden deck: %s"),
                        local->message);
            return NULL;
        }
        for (guint i = 0; i < json_array_get_length(on_board); i++) {
            JsonNode *n = json_array_get_element(on_board, i);
            const char *id = JSON_NODE_HOLDS_VALUE(n) &&
                                     json_node_get_value_type(n) == G_TYPE_STRING
                                 ? json_node_get_string(n)
                                 : NULL;
            int k = id != NULL ? minden_deck_lookup(self, id) : -1;
            if (k < 0) {
                g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                            _("The Minden deck: “on_board” names no card of the deck"));
                return NULL;
            }
            g_array_index(self->cards, MindenCard, k).on_board = TRUE;
        }
    }
    return g_steal_pointer(&self);
}

MindenDeck *minden_deck_new_default(GError **error)
{
    g_autoptr(JsonNode) root = lp_json_load_resource(MINDEN_DECK_RESOURCE, error);

    if (root == NULL)
        return NULL;
    return minden_deck_new_from_json(root, error);
}

/* Immutable card data, shared by all games of the process; no game state. The lock
 * lets the app load it on a worker thread while the window is built (lp-games.c):
 * whoever asks first loads it, and a second caller waits for that load. */
static MindenDeck *default_deck;
static GMutex default_lock;

MindenDeck *minden_deck_get_default(GError **error)
{
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new(&default_lock);

    if (default_deck == NULL)
        default_deck = minden_deck_new_default(error);
    return default_deck != NULL ? g_object_ref(default_deck) : NULL;
}

void minden_deck_set_default(MindenDeck *deck)
{
    g_return_if_fail(deck == NULL || MINDEN_IS_DECK(deck));
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new(&default_lock);
    g_set_object(&default_deck, deck);
}

guint minden_deck_get_n_cards(MindenDeck *self)
{
    g_return_val_if_fail(MINDEN_IS_DECK(self), 0);
    return self->cards->len;
}

const MindenCard *minden_deck_get_card(MindenDeck *self, guint index)
{
    g_return_val_if_fail(MINDEN_IS_DECK(self), NULL);
    g_return_val_if_fail(index < self->cards->len, NULL);
    return &g_array_index(self->cards, MindenCard, index);
}

int minden_deck_lookup(MindenDeck *self, const char *id)
{
    g_return_val_if_fail(MINDEN_IS_DECK(self), -1);
    if (id == NULL)
        return -1;
    return GPOINTER_TO_INT(g_hash_table_lookup(self->by_id, id)) - 1;
}

guint minden_deck_count_colour(MindenDeck *self, MindenColour colour)
{
    guint n = 0;

    for (guint i = 0; i < self->cards->len; i++)
        if (g_array_index(self->cards, MindenCard, i).colour == colour)
            n++;
    return n;
}

gboolean minden_prefer_german(void)
{
    const char *const *langs = g_get_language_names();

    return langs != NULL && langs[0] != NULL && g_str_has_prefix(langs[0], "de");
}

const char *minden_card_get_name(const MindenCard *card)
{
    return minden_prefer_german() ? card->name_de : card->name_en;
}

const char *minden_card_get_town(const MindenCard *card)
{
    return minden_prefer_german() ? card->town_de : card->town_en;
}

const char *minden_card_get_fact(const MindenCard *card)
{
    if (minden_prefer_german())
        return card->fact_de != NULL ? card->fact_de : card->fact_en;
    return card->fact_en != NULL ? card->fact_en : card->fact_de;
}
