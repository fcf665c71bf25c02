/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A seat at the table; immutable once made, so a running game can share it. */
#include "lp-player.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-error.h"
#include "lp-core-enums.h"
#include "lp-json.h"

struct _LpPlayer {
    GObject parent_instance;
    char *name;
    char *shown_name;   /* the name in the language of the program, see default_name() */
    int age;
    char *colour;
    LpPlayerKind kind;
    LpLevel level;
};

G_DEFINE_FINAL_TYPE(LpPlayer, lp_player, G_TYPE_OBJECT)

static void lp_player_finalize(GObject *object)
{
    LpPlayer *self = LP_PLAYER(object);
    g_clear_pointer(&self->name, g_free);
    g_clear_pointer(&self->shown_name, g_free);
    g_clear_pointer(&self->colour, g_free);
    G_OBJECT_CLASS(lp_player_parent_class)->finalize(object);
}

static void lp_player_class_init(LpPlayerClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_player_finalize;
}

static void lp_player_init(LpPlayer *self)
{
    self->age = LP_AGE_UNKNOWN;
}

static const LpPlayerColour palette[] = {
    /* Colours from the GNOME palette; the symbols let colour-blind players tell seats
     * apart. */
    {"#e01b24", N_("Red"), "●"},
    {"#3584e4", N_("Blue"), "■"},
    {"#f6d32d", N_("Yellow"), "▲"},
    {"#33d17a", N_("Green"), "◆"},
    {"#9141ac", N_("Purple"), "★"},
    {"#ff7800", N_("Orange"), "✚"},
};

const LpPlayerColour *lp_player_colours(guint *n_colours)
{
    if (n_colours != NULL)
        *n_colours = G_N_ELEMENTS(palette);
    return palette;
}

int lp_player_colour_index(const char *hex)
{
    for (guint i = 0; i < G_N_ELEMENTS(palette); i++) {
        if (hex != NULL && g_ascii_strcasecmp(palette[i].hex, hex) == 0)
            return (int)i;
    }
    return -1;
}

static gboolean colour_is_valid(const char *colour)
{
    if (colour == NULL || strlen(colour) != 7 || colour[0] != '#')
        return FALSE;
    for (int i = 1; i < 7; i++) {
        if (!g_ascii_isxdigit(colour[i]))
            return FALSE;
    }
    return TRUE;
}

/* A seat nobody named is saved as the English "Player 3" and shown in the language of the
 * program ("Spieler 3"), whatever the language was when the game began. NULL for a real
 * name. */
static char *default_name(const char *name)
{
    const char *prefix = "Player ";
    if (!g_str_has_prefix(name, prefix))
        return NULL;
    const char *digits = name + strlen(prefix);
    guint64 number = 0;
    if (*digits == '0' || !g_ascii_string_to_unsigned(digits, 10, 1, 99, &number, NULL))
        return NULL;
    /* Translators: the name of a player nobody named, by seat number. */
    return g_strdup_printf(_("Player %u"), (guint)number);
}

LpPlayer *lp_player_new(const char *name, int age, const char *colour, LpPlayerKind kind,
                        LpLevel level)
{
    g_return_val_if_fail(name != NULL && *name != '\0', NULL);
    g_return_val_if_fail(age == LP_AGE_UNKNOWN || (age >= 0 && age <= 150), NULL);
    g_return_val_if_fail(colour_is_valid(colour), NULL);
    g_return_val_if_fail(kind == LP_PLAYER_HUMAN || kind == LP_PLAYER_COMPUTER, NULL);
    g_return_val_if_fail(level <= LP_LEVEL_HARD, NULL);

    LpPlayer *self = g_object_new(LP_TYPE_PLAYER, NULL);
    self->name = g_strdup(name);
    self->shown_name = default_name(name);
    self->age = age;
    self->colour = g_ascii_strdown(colour, -1);
    self->kind = kind;
    self->level = level;
    return self;
}

const char *lp_player_get_name(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), NULL);
    return self->shown_name != NULL ? self->shown_name : self->name;
}

int lp_player_get_age(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), LP_AGE_UNKNOWN);
    return self->age;
}

const char *lp_player_get_colour(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), NULL);
    return self->colour;
}

LpPlayerKind lp_player_get_kind(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), LP_PLAYER_HUMAN);
    return self->kind;
}

gboolean lp_player_is_human(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), TRUE);
    return self->kind == LP_PLAYER_HUMAN;
}

LpLevel lp_player_get_level(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), LP_LEVEL_NORMAL);
    return self->level;
}

const char *lp_level_to_string(LpLevel level)
{
    const char *nick = lp_enum_to_nick(LP_TYPE_LEVEL, level);
    return nick != NULL ? nick : "normal";
}

gboolean lp_level_from_string(const char *s, LpLevel *out)
{
    int value;
    if (!lp_enum_from_nick(LP_TYPE_LEVEL, s, &value))
        return FALSE;
    *out = (LpLevel)value;
    return TRUE;
}

JsonNode *lp_player_to_json(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), NULL);
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "name", self->name);
    if (self->age == LP_AGE_UNKNOWN)
        json_object_set_null_member(obj, "age");
    else
        json_object_set_int_member(obj, "age", self->age);
    json_object_set_string_member(obj, "colour", self->colour);
    json_object_set_string_member(obj, "kind",
                                  self->kind == LP_PLAYER_HUMAN ? "human" : "computer");
    if (self->kind == LP_PLAYER_COMPUTER)
        json_object_set_string_member(obj, "level", lp_level_to_string(self->level));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

LpPlayer *lp_player_from_json(JsonNode *node, GError **error)
{
    if (node == NULL || !JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS, _("a player is not an object"));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(node);
    const char *name, *colour, *kind;
    if (!lp_json_get_string(obj, "name", &name, error) ||
        !lp_json_get_string(obj, "colour", &colour, error) ||
        !lp_json_get_string(obj, "kind", &kind, error))
        return NULL;
    if (!g_utf8_validate(name, -1, NULL)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("a player name is not UTF-8 text"));
        return NULL;
    }
    for (const char *c = name; *c; c = g_utf8_next_char(c)) {
        if (g_unichar_iscntrl(g_utf8_get_char(c))) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                        _("a player name holds a control character"));
            return NULL;
        }
    }
    if (g_utf8_strlen(name, -1) > LP_PLAYER_NAME_MAX) {
        /* Cut at a character, never inside one: the message is shown and read aloud. */
        g_autofree char *start = g_utf8_substring(name, 0, 20);
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("the player name “%s…” is longer than %d characters"), start,
                    LP_PLAYER_NAME_MAX);
        return NULL;
    }
    if (!colour_is_valid(colour)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("the colour of %s is not a #rrggbb colour"), name);
        return NULL;
    }
    gint64 age = LP_AGE_UNKNOWN;
    JsonNode *age_node = json_object_get_member(obj, "age");
    if (age_node != NULL && !JSON_NODE_HOLDS_NULL(age_node) &&
        !lp_json_get_int(obj, "age", 0, 150, &age, error))
        return NULL;
    LpPlayerKind k;
    LpLevel level = LP_LEVEL_NORMAL;
    if (g_strcmp0(kind, "human") == 0) {
        k = LP_PLAYER_HUMAN;
    } else if (g_strcmp0(kind, "computer") == 0) {
        const char *lvl;
        k = LP_PLAYER_COMPUTER;
        if (!lp_json_get_string(obj, "level", &lvl, error))
            return NULL;
        if (!lp_level_from_string(lvl, &level)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                        _("the level of %s must be easy, normal or hard"), name);
            return NULL;
        }
    } else {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("%s must be a human or a computer player"), name);
        return NULL;
    }
    return lp_player_new(name, (int)age, colour, k, level);
}

int lp_players_compare_youngest(LpPlayer *a, guint seat_a, LpPlayer *b, guint seat_b)
{
    /* RULES.md: unknown ages count as older than any known age; ties by seat order. */
    int age_a = lp_player_get_age(a), age_b = lp_player_get_age(b);
    gboolean known_a = age_a != LP_AGE_UNKNOWN, known_b = age_b != LP_AGE_UNKNOWN;
    if (known_a != known_b)
        return known_a ? -1 : 1;
    if (known_a && age_a != age_b)
        return age_a < age_b ? -1 : 1;
    return seat_a < seat_b ? -1 : (seat_a > seat_b ? 1 : 0);
}

guint lp_players_youngest(GPtrArray *players)
{
    g_return_val_if_fail(players != NULL && players->len > 0, 0);
    guint best = 0;
    for (guint i = 1; i < players->len; i++) {
        if (lp_players_compare_youngest(players->pdata[i], i, players->pdata[best], best) < 0)
            best = i;
    }
    return best;
}

guint lp_players_count_humans(GPtrArray *players)
{
    guint n = 0;
    for (guint i = 0; players != NULL && i < players->len; i++)
        n += lp_player_is_human(players->pdata[i]) ? 1 : 0;
    return n;
}
