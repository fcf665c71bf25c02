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
    char *display_name; /* the name as shown, isolated (lp_bidi_isolate) */
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
    g_clear_pointer(&self->display_name, g_free);
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

/* ---- names (issue 36) ---- */

static gboolean is_mark(gunichar u)
{
    GUnicodeType t = g_unichar_type(u);
    return t == G_UNICODE_NON_SPACING_MARK || t == G_UNICODE_SPACING_MARK ||
           t == G_UNICODE_ENCLOSING_MARK;
}

#define ZWNJ 0x200C
#define ZWJ 0x200D

static gboolean is_regional_indicator(gunichar u)
{
    return u >= 0x1F1E6 && u <= 0x1F1FF;
}

/* Pictographs a zero-width joiner glues into one emoji (UAX #29 GB11, roughly its
 * Extended_Pictographic: the symbol blocks and the emoji planes). */
static gboolean is_pictograph(gunichar u)
{
    return (u >= 0x2600 && u <= 0x27BF) || (u >= 0x1F000 && u <= 0x1FAFF) || u == 0x2640 ||
           u == 0x2642;
}

/* Whether u belongs to the character a person sees that prev began or continued
 * (prev 0: u is the first); *ri counts regional indicators in a row, for flags. */
static gboolean extends(gunichar prev, gunichar u, guint *ri)
{
    if (prev == 0) {
        *ri = is_regional_indicator(u);
        return FALSE;
    }
    if (is_regional_indicator(u)) {
        gboolean pair = is_regional_indicator(prev) && *ri % 2 == 1;
        *ri = is_regional_indicator(prev) ? *ri + 1 : 1;
        return pair;
    }
    *ri = 0;
    if (is_mark(u) || u == ZWJ || u == ZWNJ)
        return TRUE;
    if (u >= 0x1F3FB && u <= 0x1F3FF) /* skin tones */
        return TRUE;
    if (u >= 0xE0020 && u <= 0xE007F) /* tag characters of subdivision flags */
        return TRUE;
    return prev == ZWJ && is_pictograph(u);
}

guint lp_player_name_length(const char *text)
{
    g_return_val_if_fail(text != NULL, 0);
    guint n = 0, ri = 0;
    gunichar prev = 0;
    for (const char *c = text; *c; c = g_utf8_next_char(c)) {
        gunichar u = g_utf8_get_char(c);
        if (!extends(prev, u, &ri))
            n++;
        prev = u;
    }
    return n;
}

char *lp_player_name_clean(const char *name, guint max_length)
{
    g_return_val_if_fail(name != NULL, NULL);
    /* Most names are printable ASCII without spaces around: clean already (the history
     * cleans every name of every game it reads). */
    gsize n = 0;
    while (name[n] >= 0x20 && name[n] < 0x7f)
        n++;
    if (name[n] == '\0' && (n == 0 || (name[0] != ' ' && name[n - 1] != ' ')) &&
        (max_length == 0 || n <= max_length))
        return g_strdup(name);
    g_autofree char *valid = g_utf8_make_valid(name, -1);
    /* Separators and controls first, so that NFC sees the letters and marks they split. */
    g_autoptr(GString) kept = g_string_sized_new(strlen(valid));
    for (const char *c = valid; *c; c = g_utf8_next_char(c)) {
        gunichar u = g_utf8_get_char(c);
        GUnicodeType t = g_unichar_type(u);
        if (t == G_UNICODE_LINE_SEPARATOR || t == G_UNICODE_PARAGRAPH_SEPARATOR ||
            (t == G_UNICODE_CONTROL && g_unichar_isspace(u)))
            g_string_append_c(kept, ' ');
        else if (t == G_UNICODE_CONTROL || (t == G_UNICODE_FORMAT && u != ZWJ && u != ZWNJ))
            continue;
        else
            g_string_append_unichar(kept, u);
    }
    g_autofree char *nfc = g_utf8_normalize(kept->str, -1, G_NORMALIZE_NFC);
    /* Marks beyond the few a letter may carry go; then the white space around, and what is
     * past the limit, cut between two characters a person sees. */
    g_autoptr(GString) out = g_string_sized_new(strlen(nfc));
    guint marks = 0, length = 0, ri = 0;
    gunichar prev = 0;
    const char *start = nfc;
    while (*start && g_unichar_isspace(g_utf8_get_char(start)))
        start = g_utf8_next_char(start);
    for (const char *c = start; *c; c = g_utf8_next_char(c)) {
        gunichar u = g_utf8_get_char(c);
        gboolean joined = extends(prev, u, &ri);
        prev = u;
        if (!joined) {
            marks = 0;
            if (max_length > 0 && length == max_length)
                break;
            length++;
        }
        if (is_mark(u) && ++marks > LP_PLAYER_NAME_MARKS)
            continue;
        g_string_append_unichar(out, u);
    }
    while (out->len > 0) {
        const char *last = g_utf8_find_prev_char(out->str, out->str + out->len);
        if (!g_unichar_isspace(g_utf8_get_char(last)))
            break;
        g_string_truncate(out, (gsize)(last - out->str));
    }
    return g_string_free(g_steal_pointer(&out), FALSE);
}

char *lp_bidi_isolate(const char *text)
{
    g_return_val_if_fail(text != NULL, NULL);
    /* Pango takes a paragraph's direction from its first strong letter and does not skip
     * isolates when it looks for it: "⁨דנה⁩ and ⁨Jürgen⁩ played…" became a right-to-left
     * paragraph. A mark of the program's own direction (GTK's "default:LTR" convention)
     * before the isolate gives the sentence its direction back, whatever the names are. */
    gboolean rtl = g_str_equal(g_dgettext("gtk40", "default:LTR"), "default:RTL");
    return g_strconcat(rtl ? "\u200F\u2068" : "\u200E\u2068", text, "\u2069", NULL);
}

LpPlayer *lp_player_new(const char *name, int age, const char *colour, LpPlayerKind kind,
                        LpLevel level)
{
    g_return_val_if_fail(name != NULL && *name != '\0', NULL);
    g_return_val_if_fail(age == LP_AGE_UNKNOWN || (age >= 0 && age <= 150), NULL);
    g_return_val_if_fail(colour_is_valid(colour), NULL);
    g_return_val_if_fail(kind == LP_PLAYER_HUMAN || kind == LP_PLAYER_COMPUTER, NULL);
    g_return_val_if_fail(level <= LP_LEVEL_HARD, NULL);

    g_autofree char *clean = lp_player_name_clean(name, 0);
    g_return_val_if_fail(*clean != '\0', NULL);

    LpPlayer *self = g_object_new(LP_TYPE_PLAYER, NULL);
    self->name = g_steal_pointer(&clean);
    self->shown_name = default_name(self->name);
    self->display_name = lp_bidi_isolate(self->shown_name != NULL ? self->shown_name
                                                                   : self->name);
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

const char *lp_player_get_display_name(LpPlayer *self)
{
    g_return_val_if_fail(LP_IS_PLAYER(self), NULL);
    return self->display_name;
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
    /* A name saved before names were cleaned (issue 36) is cleaned as it is read: a line
     * separator or a bidi override in an old save must not break today's layout. */
    g_autofree char *clean = lp_player_name_clean(name, 0);
    if (lp_player_name_length(clean) > LP_PLAYER_NAME_MAX) {
        /* Cut between characters, never inside one: the message is shown and read aloud. */
        g_autofree char *start = lp_player_name_clean(clean, 20);
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("the player name “%s…” is longer than %d characters"), start,
                    LP_PLAYER_NAME_MAX);
        return NULL;
    }
    if (*clean == '\0') {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("a player name holds no letter, only spaces or invisible characters"));
        return NULL;
    }
    name = clean;
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
