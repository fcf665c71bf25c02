/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app's preferences as one object with typed properties, bound to GSettings; the one
 * place that opens the schema and the one table of how long things take at each speed. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The "animation-speed" key; the nicks are the key's values. */
typedef enum {
    LP_ANIMATION_SPEED_OFF,
    LP_ANIMATION_SPEED_SLOW,
    LP_ANIMATION_SPEED_NORMAL,
    LP_ANIMATION_SPEED_FAST,
} LpAnimationSpeed;

/* What a pause is for; each has its length per speed in one table (lp-settings.c). */
typedef enum {
    LP_PACE_COMPUTER,     /* between two computer steps (never 0: people follow the game) */
    LP_PACE_ANIMATION,    /* a card moving into place */
    LP_PACE_RESULT,       /* a result or verdict shown before play goes on */
    LP_PACE_SCORING_STEP, /* one route or card turned over in a step-by-step scoring */
    LP_PACE_READING,      /* a round's results that everybody reads before the next */
} LpPace;

#define LP_TYPE_SETTINGS (lp_settings_get_type())
G_DECLARE_FINAL_TYPE(LpSettings, lp_settings, LP, SETTINGS, GObject)

/* Properties, each bound to the key of the same name: "language" (string),
 * "animation-speed" (LpAnimationSpeed), "show-coordinates" (boolean), "last-lineup"
 * (string), "window-width", "window-height" (int), "window-maximized" (boolean). */

/* FALSE when the schema is not installed (lp_settings_new would abort). */
gboolean lp_settings_schema_available(void);
LpSettings *lp_settings_new(void);

const char *lp_settings_get_language(LpSettings *self);
LpAnimationSpeed lp_settings_get_animation_speed(LpSettings *self);
void lp_settings_set_animation_speed(LpSettings *self, LpAnimationSpeed speed);
gboolean lp_settings_get_show_coordinates(LpSettings *self);
const char *lp_settings_get_last_lineup(LpSettings *self);
void lp_settings_set_last_lineup(LpSettings *self, const char *lineup);
/* The GSettings underneath, for g_settings_bind to widgets (preferences, window size). */
GSettings *lp_settings_get_gsettings(LpSettings *self);

/* How long a pause of that kind lasts at the current speed, in milliseconds. */
guint lp_settings_get_pace_ms(LpSettings *self, LpPace pace);
/* The same for a given speed (the one pacing table). */
guint lp_pace_ms(LpAnimationSpeed speed, LpPace pace);

G_END_DECLS
