/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A seat at the table: name, age, colour, and human or computer with a level. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum {
    LP_PLAYER_HUMAN,
    LP_PLAYER_COMPUTER,
} LpPlayerKind;

typedef enum {
    LP_LEVEL_EASY,
    LP_LEVEL_NORMAL,
    LP_LEVEL_HARD,
} LpLevel;

#define LP_AGE_UNKNOWN (-1)
/* The longest name a save may hold, and the longest the setup page takes, in characters a
 * person sees (lp_player_name_length). */
#define LP_PLAYER_NAME_MAX 40
#define LP_PLAYER_NAME_TYPED_MAX 24
/* Combining marks kept on one letter: enough for Vietnamese, Hebrew points or Arabic
 * harakat, not for a tower of 35 accents drawn over the rows above (issue 36). */
#define LP_PLAYER_NAME_MARKS 3
/* The most bytes a name of LP_PLAYER_NAME_TYPED_MAX characters can take in an entry that
 * counts code points: a letter, its marks, and a joiner each. */
#define LP_PLAYER_NAME_TYPED_CODEPOINTS (LP_PLAYER_NAME_TYPED_MAX * (LP_PLAYER_NAME_MARKS + 2))

#define LP_TYPE_PLAYER (lp_player_get_type())
G_DECLARE_FINAL_TYPE(LpPlayer, lp_player, LP, PLAYER, GObject)

/* A name as Landpartie keeps it (issue 36), from the setup page, a save, the settings or
 * the history: valid UTF-8, NFC; line and paragraph separators and white-space controls
 * become spaces, other control and format characters (bidi overrides and isolates, marks
 * of direction, soft hyphens) are removed, but the zero-width joiner and non-joiner that
 * scripts need stay; at most LP_PLAYER_NAME_MARKS combining marks on a letter; no spaces
 * around it; at most max_length characters a person sees (0: no limit). May be "".
 * Cleaning a clean name gives the same name. */
char *lp_player_name_clean(const char *name, guint max_length);
/* The characters a person sees in text: a letter with its marks, an emoji with its
 * modifiers and joined parts, a flag's pair of letters each count once (grapheme clusters,
 * close to Unicode's UAX #29). */
guint lp_player_name_length(const char *text);
/* text between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, after a
 * mark of the program's direction (U+200E, or U+200F in a right-to-left language): a name
 * put into a sentence or a list this way takes its own direction and leaves the text around
 * it alone, so an Arabic or Hebrew name does not turn a line of results around, not even
 * when it begins the line (issue 36). */
char *lp_bidi_isolate(const char *text);

/* colour is "#rrggbb"; age is LP_AGE_UNKNOWN or 0..150. name is cleaned
 * (lp_player_name_clean) and must not be empty then. */
LpPlayer *lp_player_new(const char *name, int age, const char *colour, LpPlayerKind kind,
                        LpLevel level);
const char *lp_player_get_name(LpPlayer *self);
/* The name as shown, isolated for putting into a sentence or a list (lp_bidi_isolate):
 * every label and message that shows a player's name uses this one. */
const char *lp_player_get_display_name(LpPlayer *self);
int lp_player_get_age(LpPlayer *self);
const char *lp_player_get_colour(LpPlayer *self);
LpPlayerKind lp_player_get_kind(LpPlayer *self);
gboolean lp_player_is_human(LpPlayer *self);
LpLevel lp_player_get_level(LpPlayer *self);

JsonNode *lp_player_to_json(LpPlayer *self);
LpPlayer *lp_player_from_json(JsonNode *node, GError **error);

const char *lp_level_to_string(LpLevel level);   /* "easy", "normal", "hard" */
gboolean lp_level_from_string(const char *s, LpLevel *out);

/* RULES.md: the youngest by age begins; unknown ages count as older than any
 * known age; remaining ties go by seat order. players holds LpPlayer*. */
guint lp_players_youngest(GPtrArray *players);
/* The seat order "youngest first, then by seat" used for ties on Minden's start field. */
int lp_players_compare_youngest(LpPlayer *a, guint seat_a, LpPlayer *b, guint seat_b);
guint lp_players_count_humans(GPtrArray *players);

/* A fixed palette of player colours, each with a letter/shape for colour-blind players. */
typedef struct {
    const char *hex;     /* "#rrggbb" */
    const char *name;    /* translatable with N_(), e.g. "Red" */
    const char *symbol;  /* a shape glyph that tells seats apart without colour */
} LpPlayerColour;
const LpPlayerColour *lp_player_colours(guint *n_colours);
/* The palette index of hex, or -1. */
int lp_player_colour_index(const char *hex);

G_END_DECLS
