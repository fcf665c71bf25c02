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
/* The longest name a save may hold (the setup page takes 24 characters). */
#define LP_PLAYER_NAME_MAX 40

#define LP_TYPE_PLAYER (lp_player_get_type())
G_DECLARE_FINAL_TYPE(LpPlayer, lp_player, LP, PLAYER, GObject)

/* colour is "#rrggbb"; age is LP_AGE_UNKNOWN or 0..150. */
LpPlayer *lp_player_new(const char *name, int age, const char *colour, LpPlayerKind kind,
                        LpLevel level);
const char *lp_player_get_name(LpPlayer *self);
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
