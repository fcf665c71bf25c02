/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpSettings: GSettings behind typed properties, and the pacing table. */
#include "config.h"

#include "lp-settings.h"

#include "lp-core-enums.h"

struct _LpSettings {
    GObject parent_instance;
    GSettings *settings;
    char *language;
    LpAnimationSpeed animation_speed;
    gboolean show_coordinates;
    char *last_lineup;
    int window_width;
    int window_height;
    gboolean window_maximized;
};

G_DEFINE_FINAL_TYPE(LpSettings, lp_settings, G_TYPE_OBJECT)

enum {
    PROP_0,
    PROP_LANGUAGE,
    PROP_ANIMATION_SPEED,
    PROP_SHOW_COORDINATES,
    PROP_LAST_LINEUP,
    PROP_WINDOW_WIDTH,
    PROP_WINDOW_HEIGHT,
    PROP_WINDOW_MAXIMIZED,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* Milliseconds per pause and speed: off, slow, normal, fast. Computers always pause a
 * little, even with animations off, so people can follow who did what. */
static const guint pace_table[][4] = {
    [LP_PACE_COMPUTER] = {250, 1400, 800, 350},
    [LP_PACE_ANIMATION] = {0, 900, 500, 250},
    [LP_PACE_RESULT] = {0, 2200, 1400, 800},
    [LP_PACE_SCORING_STEP] = {0, 1600, 900, 450},
    [LP_PACE_READING] = {3500, 9000, 6000, 3500},
};

guint lp_pace_ms(LpAnimationSpeed speed, LpPace pace)
{
    g_return_val_if_fail(pace < G_N_ELEMENTS(pace_table), 0);
    g_return_val_if_fail(speed <= LP_ANIMATION_SPEED_FAST, 0);
    return pace_table[pace][speed];
}

static void set_string(char **field, const char *value, LpSettings *self, guint prop)
{
    if (g_strcmp0(*field, value) == 0)
        return;
    g_free(*field);
    *field = g_strdup(value != NULL ? value : "");
    g_object_notify_by_pspec(G_OBJECT(self), properties[prop]);
}

static void set_int(int *field, int value, LpSettings *self, guint prop)
{
    if (*field == value)
        return;
    *field = value;
    g_object_notify_by_pspec(G_OBJECT(self), properties[prop]);
}

static void lp_settings_get_property(GObject *object, guint prop_id, GValue *value,
                                     GParamSpec *pspec)
{
    LpSettings *self = LP_SETTINGS(object);
    switch (prop_id) {
    case PROP_LANGUAGE:
        g_value_set_string(value, self->language);
        break;
    case PROP_ANIMATION_SPEED:
        g_value_set_enum(value, self->animation_speed);
        break;
    case PROP_SHOW_COORDINATES:
        g_value_set_boolean(value, self->show_coordinates);
        break;
    case PROP_LAST_LINEUP:
        g_value_set_string(value, self->last_lineup);
        break;
    case PROP_WINDOW_WIDTH:
        g_value_set_int(value, self->window_width);
        break;
    case PROP_WINDOW_HEIGHT:
        g_value_set_int(value, self->window_height);
        break;
    case PROP_WINDOW_MAXIMIZED:
        g_value_set_boolean(value, self->window_maximized);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_settings_set_property(GObject *object, guint prop_id, const GValue *value,
                                     GParamSpec *pspec)
{
    LpSettings *self = LP_SETTINGS(object);
    switch (prop_id) {
    case PROP_LANGUAGE:
        set_string(&self->language, g_value_get_string(value), self, prop_id);
        break;
    case PROP_ANIMATION_SPEED:
        set_int((int *)&self->animation_speed, g_value_get_enum(value), self, prop_id);
        break;
    case PROP_SHOW_COORDINATES:
        set_int(&self->show_coordinates, g_value_get_boolean(value), self, prop_id);
        break;
    case PROP_LAST_LINEUP:
        set_string(&self->last_lineup, g_value_get_string(value), self, prop_id);
        break;
    case PROP_WINDOW_WIDTH:
        set_int(&self->window_width, g_value_get_int(value), self, prop_id);
        break;
    case PROP_WINDOW_HEIGHT:
        set_int(&self->window_height, g_value_get_int(value), self, prop_id);
        break;
    case PROP_WINDOW_MAXIMIZED:
        set_int(&self->window_maximized, g_value_get_boolean(value), self, prop_id);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_settings_dispose(GObject *object)
{
    LpSettings *self = LP_SETTINGS(object);
    if (self->settings != NULL)
        g_settings_unbind(self, NULL);
    g_clear_object(&self->settings);
    G_OBJECT_CLASS(lp_settings_parent_class)->dispose(object);
}

static void lp_settings_finalize(GObject *object)
{
    LpSettings *self = LP_SETTINGS(object);
    g_clear_pointer(&self->language, g_free);
    g_clear_pointer(&self->last_lineup, g_free);
    G_OBJECT_CLASS(lp_settings_parent_class)->finalize(object);
}

static void lp_settings_class_init(LpSettingsClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->get_property = lp_settings_get_property;
    object_class->set_property = lp_settings_set_property;
    object_class->dispose = lp_settings_dispose;
    object_class->finalize = lp_settings_finalize;

    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                              G_PARAM_EXPLICIT_NOTIFY;
    properties[PROP_LANGUAGE] = g_param_spec_string("language", NULL, NULL, "", flags);
    properties[PROP_ANIMATION_SPEED] = g_param_spec_enum(
        "animation-speed", NULL, NULL, LP_TYPE_ANIMATION_SPEED, LP_ANIMATION_SPEED_NORMAL,
        flags);
    properties[PROP_SHOW_COORDINATES] = g_param_spec_boolean("show-coordinates", NULL, NULL,
                                                             TRUE, flags);
    properties[PROP_LAST_LINEUP] = g_param_spec_string("last-lineup", NULL, NULL, "", flags);
    properties[PROP_WINDOW_WIDTH] = g_param_spec_int("window-width", NULL, NULL, 0, G_MAXINT,
                                                     1180, flags);
    properties[PROP_WINDOW_HEIGHT] = g_param_spec_int("window-height", NULL, NULL, 0,
                                                      G_MAXINT, 780, flags);
    properties[PROP_WINDOW_MAXIMIZED] = g_param_spec_boolean("window-maximized", NULL, NULL,
                                                             FALSE, flags);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void lp_settings_init(LpSettings *self)
{
    self->language = g_strdup("");
    self->last_lineup = g_strdup("");
    self->animation_speed = LP_ANIMATION_SPEED_NORMAL;
    self->show_coordinates = TRUE;
}

gboolean lp_settings_schema_available(void)
{
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL)
        return FALSE;
    g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup(source, APP_ID, TRUE);
    return schema != NULL;
}

LpSettings *lp_settings_new(void)
{
    LpSettings *self = g_object_new(LP_TYPE_SETTINGS, NULL);
    self->settings = g_settings_new(APP_ID);
    static const char *const keys[] = {"language",      "animation-speed", "show-coordinates",
                                       "last-lineup",   "window-width",    "window-height",
                                       "window-maximized"};
    for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
        g_settings_bind(self->settings, keys[i], self, keys[i], G_SETTINGS_BIND_DEFAULT);
    return self;
}

const char *lp_settings_get_language(LpSettings *self)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), "");
    return self->language;
}

LpAnimationSpeed lp_settings_get_animation_speed(LpSettings *self)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), LP_ANIMATION_SPEED_NORMAL);
    return self->animation_speed;
}

void lp_settings_set_animation_speed(LpSettings *self, LpAnimationSpeed speed)
{
    g_return_if_fail(LP_IS_SETTINGS(self));
    g_object_set(self, "animation-speed", speed, NULL);
}

gboolean lp_settings_get_show_coordinates(LpSettings *self)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), TRUE);
    return self->show_coordinates;
}

const char *lp_settings_get_last_lineup(LpSettings *self)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), "");
    return self->last_lineup;
}

void lp_settings_set_last_lineup(LpSettings *self, const char *lineup)
{
    g_return_if_fail(LP_IS_SETTINGS(self));
    g_object_set(self, "last-lineup", lineup, NULL);
}

GSettings *lp_settings_get_gsettings(LpSettings *self)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), NULL);
    return self->settings;
}

guint lp_settings_get_pace_ms(LpSettings *self, LpPace pace)
{
    g_return_val_if_fail(LP_IS_SETTINGS(self), 0);
    return lp_pace_ms(self->animation_speed, pace);
}
