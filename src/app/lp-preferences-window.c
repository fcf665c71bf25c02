/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Preferences: language, style, animation speed, coordinates of revealed cards. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-preferences-window.h"

struct _LpPreferencesWindow {
    GtkWindow parent_instance;

    GtkWidget *language_dropdown;
    GtkWidget *style_dropdown;
    GtkWidget *speed_dropdown;
    GtkWidget *coordinates_switch;
    GtkWidget *restart_revealer;
    GtkWidget *restart_button;

    GSettings *settings;
    char *start_language; /* the language this process runs in */
};

G_DEFINE_FINAL_TYPE(LpPreferencesWindow, lp_preferences_window, GTK_TYPE_WINDOW)

/* Same order as the drop-down. */
static const char *const language_values[] = {"", "de", "en"};
static const char *const language_labels[] = {
    /* Translators: language preference: follow the system's language. */
    N_("System"),
    /* Language names are shown in their own language. */
    "Deutsch",
    "English",
};
static const char *const style_values[] = {"system", "light", "dark"};
static const char *const style_labels[] = {
    /* Translators: style preference: follow the desktop's light or dark style. */
    NC_("style", "System"),
    N_("Light"),
    N_("Dark"),
};
static const char *const speed_values[] = {"off", "slow", "normal", "fast"};
static const char *const speed_labels[] = {
    /* Translators: animation speed. */
    N_("Off"),
    N_("Slow"),
    N_("Normal"),
    N_("Fast"),
};

static guint index_of(const char *const *values, guint n, const char *value)
{
    for (guint i = 0; i < n; i++) {
        if (g_strcmp0(values[i], value) == 0)
            return i;
    }
    return 0;
}

static void sync_from_settings(LpPreferencesWindow *self)
{
    g_autofree char *language = g_settings_get_string(self->settings, "language");
    g_autofree char *speed = g_settings_get_string(self->settings, "animation-speed");
    g_autofree char *style = g_settings_get_string(self->settings, "style");

    gtk_drop_down_set_selected(GTK_DROP_DOWN(self->language_dropdown),
                               index_of(language_values, G_N_ELEMENTS(language_values),
                                        language));
    gtk_drop_down_set_selected(GTK_DROP_DOWN(self->speed_dropdown),
                               index_of(speed_values, G_N_ELEMENTS(speed_values), speed));
    gtk_drop_down_set_selected(GTK_DROP_DOWN(self->style_dropdown),
                               index_of(style_values, G_N_ELEMENTS(style_values), style));
    gtk_revealer_set_reveal_child(GTK_REVEALER(self->restart_revealer),
                                  g_strcmp0(language, self->start_language) != 0);
}

static void on_language_selected(GtkDropDown *dropdown, GParamSpec *pspec,
                                 LpPreferencesWindow *self)
{
    guint selected = gtk_drop_down_get_selected(dropdown);

    if (selected < G_N_ELEMENTS(language_values))
        g_settings_set_string(self->settings, "language", language_values[selected]);
    sync_from_settings(self);
}

static void on_speed_selected(GtkDropDown *dropdown, GParamSpec *pspec, LpPreferencesWindow *self)
{
    guint selected = gtk_drop_down_get_selected(dropdown);

    if (selected < G_N_ELEMENTS(speed_values))
        g_settings_set_string(self->settings, "animation-speed", speed_values[selected]);
}

static void on_style_selected(GtkDropDown *dropdown, GParamSpec *pspec, LpPreferencesWindow *self)
{
    guint selected = gtk_drop_down_get_selected(dropdown);

    if (selected < G_N_ELEMENTS(style_values))
        g_settings_set_string(self->settings, "style", style_values[selected]);
}

/* The first n_translated labels are translated; the rest are shown as they are. */
static GListModel *string_model(const char *const *labels, guint n, guint n_translated)
{
    GtkStringList *list = gtk_string_list_new(NULL);

    for (guint i = 0; i < n; i++)
        gtk_string_list_append(list, i < n_translated ? _(labels[i]) : labels[i]);
    return G_LIST_MODEL(list);
}

/* GTK 4.8 reads a control with a mnemonic label and its own name twice ("Language
 * Language"), and a drop-down's button, which takes the focus, by its class name
 * ("GtkToggleButton"). The control keeps its own name, and the button gets it too. */
static void name_control(GtkWidget *control)
{
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(control), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    if (!GTK_IS_DROP_DOWN(control))
        return;
    for (GtkWidget *c = gtk_widget_get_first_child(control); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_TOGGLE_BUTTON(c))
            gtk_accessible_update_relation(GTK_ACCESSIBLE(c),
                                           GTK_ACCESSIBLE_RELATION_LABELLED_BY, control, NULL,
                                           -1);
}

static void lp_preferences_window_dispose(GObject *object)
{
    LpPreferencesWindow *self = LP_PREFERENCES_WINDOW(object);

    g_clear_object(&self->settings);
    G_OBJECT_CLASS(lp_preferences_window_parent_class)->dispose(object);
}

static void lp_preferences_window_finalize(GObject *object)
{
    LpPreferencesWindow *self = LP_PREFERENCES_WINDOW(object);

    g_clear_pointer(&self->start_language, g_free);
    G_OBJECT_CLASS(lp_preferences_window_parent_class)->finalize(object);
}

static void lp_preferences_window_class_init(LpPreferencesWindowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_preferences_window_dispose;
    object_class->finalize = lp_preferences_window_finalize;

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-preferences-window.ui");
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, language_dropdown);
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, speed_dropdown);
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, style_dropdown);
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, coordinates_switch);
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, restart_revealer);
    gtk_widget_class_bind_template_child(widget_class, LpPreferencesWindow, restart_button);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void lp_preferences_window_init(LpPreferencesWindow *self)
{
    g_autoptr(GListModel) languages = NULL;
    g_autoptr(GListModel) speeds = NULL;
    g_autoptr(GListModel) styles = NULL;
    const char *running = g_getenv("LANDPARTIE_RUNNING_LANGUAGE");

    gtk_widget_init_template(GTK_WIDGET(self));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->restart_button));
    /* main.c records the language it applied, so the window knows whether a restart is
     * needed for the current choice. */
    self->start_language = g_strdup(running);

    languages = string_model(language_labels, G_N_ELEMENTS(language_labels), 1);
    speeds = string_model(speed_labels, G_N_ELEMENTS(speed_labels), G_N_ELEMENTS(speed_labels));
    GtkStringList *style_list = gtk_string_list_new(NULL);
    gtk_string_list_append(style_list, g_dpgettext2(GETTEXT_PACKAGE, "style", style_labels[0]));
    gtk_string_list_append(style_list, _(style_labels[1]));
    gtk_string_list_append(style_list, _(style_labels[2]));
    styles = G_LIST_MODEL(style_list);
    gtk_drop_down_set_model(GTK_DROP_DOWN(self->style_dropdown), styles);
    gtk_drop_down_set_model(GTK_DROP_DOWN(self->language_dropdown), languages);
    gtk_drop_down_set_model(GTK_DROP_DOWN(self->speed_dropdown), speeds);
    g_signal_connect(self->language_dropdown, "notify::selected",
                     G_CALLBACK(on_language_selected), self);
    g_signal_connect(self->speed_dropdown, "notify::selected", G_CALLBACK(on_speed_selected),
                     self);
    g_signal_connect(self->style_dropdown, "notify::selected", G_CALLBACK(on_style_selected),
                     self);
    name_control(self->language_dropdown);
    name_control(self->style_dropdown);
    name_control(self->speed_dropdown);
    name_control(self->coordinates_switch);
}

GtkWidget *lp_preferences_window_new(GtkWindow *parent, LpSettings *settings)
{
    g_return_val_if_fail(LP_IS_SETTINGS(settings), NULL);
    LpPreferencesWindow *self = g_object_new(LP_TYPE_PREFERENCES_WINDOW, "transient-for", parent,
                                             NULL);
    /* Only a window of the application reaches app.restart: without it Restart Now stayed
     * greyed out (issue 13). */
    if (parent != NULL && gtk_window_get_application(parent) != NULL)
        gtk_window_set_application(GTK_WINDOW(self), gtk_window_get_application(parent));
    self->settings = g_object_ref(lp_settings_get_gsettings(settings));
    if (self->start_language == NULL)
        self->start_language = g_strdup(lp_settings_get_language(settings));
    g_signal_handlers_block_by_func(self->language_dropdown, on_language_selected, self);
    g_signal_handlers_block_by_func(self->speed_dropdown, on_speed_selected, self);
    g_signal_handlers_block_by_func(self->style_dropdown, on_style_selected, self);
    sync_from_settings(self);
    g_signal_handlers_unblock_by_func(self->language_dropdown, on_language_selected, self);
    g_signal_handlers_unblock_by_func(self->speed_dropdown, on_speed_selected, self);
    g_signal_handlers_unblock_by_func(self->style_dropdown, on_style_selected, self);
    g_settings_bind(self->settings, "show-coordinates", self->coordinates_switch, "active",
                    G_SETTINGS_BIND_DEFAULT);
    return GTK_WIDGET(self);
}
