/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reads the Buxtehude deck and checks every card before a game may use it. */
#include "config.h"

#include "bux-deck.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "lp-error.h"
#include "lp-json.h"

struct _BuxDeck {
    GObject parent_instance;
    GArray *cards;      /* BuxCard */
    GHashTable *by_id;  /* id → index + 1 */
};

G_DEFINE_FINAL_TYPE(BuxDeck, bux_deck, G_TYPE_OBJECT)

static const char *const states[] = {
    "DE-BW", "DE-BY", "DE-BE", "DE-BB", "DE-HB", "DE-HH", "DE-HE", "DE-MV",
    "DE-NI", "DE-NW", "DE-RP", "DE-SL", "DE-SN", "DE-ST", "DE-SH", "DE-TH",
};

static void card_clear(gpointer data)
{
    BuxCard *card = data;
    g_free(card->id);
    g_free(card->name_de);
    g_free(card->name_en);
    g_free(card->state);
    g_free(card->description_de);
    g_free(card->description_en);
}

static void bux_deck_finalize(GObject *object)
{
    BuxDeck *self = BUX_DECK(object);
    g_clear_pointer(&self->cards, g_array_unref);
    g_clear_pointer(&self->by_id, g_hash_table_unref);
    G_OBJECT_CLASS(bux_deck_parent_class)->finalize(object);
}

static void bux_deck_class_init(BuxDeckClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = bux_deck_finalize;
}

static void bux_deck_init(BuxDeck *self)
{
    self->cards = g_array_new(FALSE, TRUE, sizeof(BuxCard));
    g_array_set_clear_func(self->cards, card_clear);
    self->by_id = g_hash_table_new(g_str_hash, g_str_equal);
}

static gboolean id_is_valid(const char *id)
{
    if (*id == '\0')
        return FALSE;
    for (const char *p = id; *p != '\0'; p++) {
        if (!(g_ascii_islower(*p) || g_ascii_isdigit(*p) || *p == '-'))
            return FALSE;
    }
    return TRUE;
}

static gboolean state_is_valid(const char *state)
{
    for (guint i = 0; i < G_N_ELEMENTS(states); i++) {
        if (strcmp(states[i], state) == 0)
            return TRUE;
    }
    return FALSE;
}

static char *optional_string(JsonObject *obj, const char *member)
{
    if (!json_object_has_member(obj, member))
        return NULL;
    JsonNode *node = json_object_get_member(obj, member);
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING)
        return NULL;
    const char *s = json_node_get_string(node);
    return (s != NULL && *s != '\0') ? g_strdup(s) : NULL;
}

static gboolean read_card(JsonObject *obj, BuxCard *card, GError **error)
{
    const char *s;

    if (!lp_json_get_string(obj, "id", &s, error))
        return FALSE;
    if (!id_is_valid(s)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“id” must use only a–z, 0–9 and “-”, not “%s”"), s);
        return FALSE;
    }
    card->id = g_strdup(s);

    if (!lp_json_get_string(obj, "kind", &s, error))
        return FALSE;
    if (strcmp(s, "place") == 0) {
        card->kind = BUX_CARD_PLACE;
    } else if (strcmp(s, "landmark") == 0) {
        card->kind = BUX_CARD_LANDMARK;
    } else {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“kind” must be “place” or “landmark”, not “%s”"), s);
        return FALSE;
    }

    if (!lp_json_get_string(obj, "name_de", &s, error))
        return FALSE;
    card->name_de = g_strdup(s);
    card->name_en = optional_string(obj, "name_en");

    /* Germany lies within 47–55.1°N and 5.8–15.1°E; a little margin for islands. */
    if (!lp_json_get_double(obj, "lat", 47.0, 55.2, &card->lat, error) ||
        !lp_json_get_double(obj, "lon", 5.5, 15.2, &card->lon, error))
        return FALSE;

    if (!lp_json_get_string(obj, "state", &s, error))
        return FALSE;
    if (!state_is_valid(s)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“state” must be a German state code such as “DE-NI”, not “%s”"), s);
        return FALSE;
    }
    card->state = g_strdup(s);

    gint64 difficulty;
    if (!lp_json_get_int(obj, "difficulty", 1, 3, &difficulty, error))
        return FALSE;
    card->difficulty = (int)difficulty;

    if (card->kind == BUX_CARD_PLACE) {
        if (!lp_json_get_int(obj, "population", 1, 10000000, &card->population, error) ||
            !lp_json_get_double(obj, "area_km2", 0.01, 2000.0, &card->area_km2, error))
            return FALSE;
    } else {
        if (!lp_json_get_string(obj, "description_de", &s, error))
            return FALSE;
        card->description_de = g_strdup(s);
        if (!lp_json_get_string(obj, "description_en", &s, error))
            return FALSE;
        card->description_en = g_strdup(s);
    }
    return TRUE;
}

BuxDeck *bux_deck_new_from_json(JsonNode *root, GError **error)
{
    g_return_val_if_fail(root != NULL, NULL);

    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "%s",
                    _("The Buxtehude deck is not a JSON object"));
        return NULL;
    }
    JsonObject *top = json_node_get_object(root);
    JsonArray *cards;
    gint64 version;
    g_autoptr(GError) local = NULL;
    if (!lp_json_get_int(top, "version", 1, 1, &version, &local) ||
        !lp_json_get_array(top, "cards", &cards, &local)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("The Buxtehude deck: %s"),
                    local->message);
        return NULL;
    }

    g_autoptr(BuxDeck) self = g_object_new(BUX_TYPE_DECK, NULL);
    guint n = json_array_get_length(cards);
    g_array_set_size(self->cards, n);
    for (guint i = 0; i < n; i++) {
        BuxCard *card = &g_array_index(self->cards, BuxCard, i);
        JsonNode *node = json_array_get_element(cards, i);
        if (!JSON_NODE_HOLDS_OBJECT(node)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                        _("The Buxtehude deck: card %u is not an object"), i + 1);
            return NULL;
        }
        if (!read_card(json_node_get_object(node), card, &local)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                        _("The Buxtehude deck: card %u (%s): %s"), i + 1,
                        card->id != NULL ? card->id : "?", local->message);
            return NULL;
        }
        if (g_hash_table_contains(self->by_id, card->id)) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                        _("The Buxtehude deck: the id “%s” occurs twice"), card->id);
            return NULL;
        }
        g_hash_table_insert(self->by_id, card->id, GUINT_TO_POINTER(i + 1));
    }
    return g_steal_pointer(&self);
}

BuxDeck *bux_deck_new_from_resource(const char *resource_path, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(JsonNode) root = lp_json_load_resource(resource_path, &local);
    if (root == NULL) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("The Buxtehude deck cannot be read: %s"), local->message);
        return NULL;
    }
    return bux_deck_new_from_json(root, error);
}

BuxDeck *bux_deck_get_default(GError **error)
{
    /* Immutable card data shared by all games of the process, not game state. The lock
     * lets the app load it on a worker thread while the window is built (lp-games.c). */
    static BuxDeck *deck = NULL;
    static GMutex lock;
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new(&lock);
    if (deck == NULL)
        deck = bux_deck_new_from_resource(BUX_DECK_RESOURCE, error);
    return deck != NULL ? g_object_ref(deck) : NULL;
}

guint bux_deck_get_n_cards(BuxDeck *self)
{
    g_return_val_if_fail(BUX_IS_DECK(self), 0);
    return self->cards->len;
}

const BuxCard *bux_deck_get_card(BuxDeck *self, guint index)
{
    g_return_val_if_fail(BUX_IS_DECK(self), NULL);
    g_return_val_if_fail(index < self->cards->len, NULL);
    return &g_array_index(self->cards, BuxCard, index);
}

int bux_deck_lookup(BuxDeck *self, const char *id)
{
    g_return_val_if_fail(BUX_IS_DECK(self), -1);
    if (id == NULL)
        return -1;
    return GPOINTER_TO_INT(g_hash_table_lookup(self->by_id, id)) - 1;
}

gboolean bux_ui_is_german(void)
{
    const char *const *names = g_get_language_names();
    for (guint i = 0; names[i] != NULL; i++) {
        if (g_str_has_prefix(names[i], "de"))
            return TRUE;
        if (g_str_has_prefix(names[i], "en") || strcmp(names[i], "C") == 0)
            return FALSE;
    }
    return FALSE;
}

const char *bux_card_get_name(const BuxCard *card)
{
    g_return_val_if_fail(card != NULL, NULL);
    if (card->name_en != NULL && !bux_ui_is_german())
        return card->name_en;
    return card->name_de;
}

const char *bux_card_get_description(const BuxCard *card)
{
    g_return_val_if_fail(card != NULL, NULL);
    if (card->kind != BUX_CARD_LANDMARK)
        return NULL;
    return bux_ui_is_german() ? card->description_de : card->description_en;
}

static char *format_angle(double value, const char *positive, const char *negative)
{
    long minutes = lround(fabs(value) * 60.0);
    /* Translators: degrees and minutes of a coordinate, then N/S/E/W, as on the card:
     * 53°28′ N */
    return g_strdup_printf(_("%ld°%02ld′ %s"), minutes / 60, minutes % 60,
                           value >= 0 ? positive : negative);
}

char *bux_format_latitude(double lat)
{
    /* Translators: compass letters of a latitude */
    return format_angle(lat, C_("compass", "N"), C_("compass", "S"));
}

char *bux_format_longitude(double lon)
{
    /* Translators: compass letters of a longitude; German uses O for Ost */
    return format_angle(lon, C_("compass", "E"), C_("compass", "W"));
}
