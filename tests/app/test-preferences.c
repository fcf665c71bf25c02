/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Preferences window in the running application: Restart Now reaches app.restart, the
 * Style preference switches GTK's dark style, and controls are named once, by their names. */
#include "config.h"

#include <gtk/gtk.h>

#include "lp-application.h"
#include "lp-preferences-window.h"
#include "lp-test-util.h"

/* One application per process: GApplication registers once. */
static LpApplication *app;
static LpSettings *settings;
static GTestDBus *bus;

static GtkWidget *open_preferences(void)
{
    GtkWindow *prefs;

    g_action_group_activate_action(G_ACTION_GROUP(app), "preferences", NULL);
    lp_test_iterate();
    prefs = lp_test_find_toplevel(LP_TYPE_PREFERENCES_WINDOW);
    g_assert_nonnull(prefs);
    return GTK_WIDGET(prefs);
}

static GtkWidget *find_button(GtkWidget *root, const char *label)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(root, GTK_TYPE_BUTTON, NULL);

    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), label) == 0)
            return buttons->pdata[i];
    return NULL;
}

/* Issue 13: Restart Now was always greyed out, since the window was only transient-for the
 * main window and app.restart could not be reached. A click now asks for the restart. */
static void test_restart_now(void)
{
    GSettings *gsettings = lp_settings_get_gsettings(settings);
    GtkWidget *parent = gtk_application_window_new(GTK_APPLICATION(app));
    GtkWidget *prefs;
    GtkWidget *restart;
    g_autoptr(GPtrArray) dropdowns = NULL;

    gtk_window_present(GTK_WINDOW(parent));
    prefs = open_preferences();
    g_assert_true(gtk_window_get_application(GTK_WINDOW(prefs)) == GTK_APPLICATION(app));
    restart = find_button(prefs, "_Restart Now");
    g_assert_nonnull(restart);

    /* Another language than the running one: the bar says a restart is needed. */
    dropdowns = lp_test_find_all(prefs, GTK_TYPE_DROP_DOWN, NULL);
    gtk_drop_down_set_selected(dropdowns->pdata[0], 1);
    lp_test_iterate();
    g_assert_true(gtk_revealer_get_reveal_child(
        GTK_REVEALER(gtk_widget_get_ancestor(restart, GTK_TYPE_REVEALER))));
    g_assert_true(gtk_widget_is_sensitive(restart));
    g_assert_false(lp_application_get_restart_requested(app));

    g_signal_emit_by_name(restart, "clicked");
    lp_test_iterate();
    g_assert_true(lp_application_get_restart_requested(app));
    /* app.restart closes the windows first, so that they save their state. */
    g_assert_null(lp_test_find_toplevel(LP_TYPE_PREFERENCES_WINDOW));
    g_settings_reset(gsettings, "language");
}

static gboolean prefers_dark(void)
{
    gboolean dark = FALSE;

    g_object_get(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
}

/* The "style" preference: Light and Dark as chosen; System follows the desktop's colour
 * scheme (org.freedesktop.appearance), light when nobody answers, as here. */
static void test_style(void)
{
    GSettings *gsettings = lp_settings_get_gsettings(settings);
    g_autoptr(GPtrArray) dropdowns = NULL;
    GtkWidget *prefs;

    g_assert_true(lp_application_style_is_dark("dark", 0));
    g_assert_true(lp_application_style_is_dark("dark", 2));
    g_assert_false(lp_application_style_is_dark("light", 1));
    g_assert_true(lp_application_style_is_dark("system", 1));
    g_assert_false(lp_application_style_is_dark("system", 2));
    g_assert_false(lp_application_style_is_dark("system", 0));

    g_assert_false(prefers_dark());
    g_settings_set_string(gsettings, "style", "dark");
    g_assert_true(prefers_dark());
    g_settings_set_string(gsettings, "style", "light");
    g_assert_false(prefers_dark());

    /* The window's drop-down: System, Light, Dark. */
    prefs = open_preferences();
    dropdowns = lp_test_find_all(prefs, GTK_TYPE_DROP_DOWN, NULL);
    g_assert_cmpuint(dropdowns->len, ==, 3);
    g_assert_cmpuint(gtk_drop_down_get_selected(dropdowns->pdata[2]), ==, 1);
    gtk_drop_down_set_selected(dropdowns->pdata[2], 2);
    g_assert_true(prefers_dark());
    g_autofree char *style = g_settings_get_string(gsettings, "style");
    g_assert_cmpstr(style, ==, "dark");
    gtk_drop_down_set_selected(dropdowns->pdata[2], 0);
    g_assert_false(prefers_dark());
    gtk_window_destroy(GTK_WINDOW(prefs));
    g_settings_reset(gsettings, "style");
}

/* Issue 13: "Language Language" (a mnemonic label and the control's own name) and
 * "GtkToggleButton" (the drop-down's button, which takes the focus). */
static void test_names(void)
{
    GtkWidget *prefs = open_preferences();
    g_autoptr(GPtrArray) dropdowns = lp_test_find_all(prefs, GTK_TYPE_DROP_DOWN, NULL);
    g_autoptr(GPtrArray) switches = lp_test_find_all(prefs, GTK_TYPE_SWITCH, NULL);
    static const char *const names[] = {"Language", "Animation Speed", "Style"};

    g_assert_cmpuint(dropdowns->len, ==, G_N_ELEMENTS(names));
    for (guint i = 0; i < dropdowns->len; i++) {
        GtkAccessible *dropdown = dropdowns->pdata[i];
        char *wrong = gtk_test_accessible_check_property(dropdown, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                         names[i]);
        if (wrong != NULL)
            g_error("drop-down %u is named “%s”, not “%s”", i, wrong, names[i]);
        g_assert_false(gtk_test_accessible_has_relation(dropdown,
                                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY));
        g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(dropdown),
                                                        GTK_TYPE_TOGGLE_BUTTON, NULL);
        g_assert_cmpuint(buttons->len, >, 0);
        g_assert_true(gtk_test_accessible_has_relation(buttons->pdata[0],
                                                       GTK_ACCESSIBLE_RELATION_LABELLED_BY));
        g_assert_null(gtk_test_accessible_check_relation(
            buttons->pdata[0], GTK_ACCESSIBLE_RELATION_LABELLED_BY, dropdown, NULL));
    }
    g_assert_cmpuint(switches->len, ==, 1);
    g_assert_false(gtk_test_accessible_has_relation(switches->pdata[0],
                                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY));
    GtkWidget *restart = find_button(prefs, "_Restart Now");
    g_assert_null(gtk_test_accessible_check_property(GTK_ACCESSIBLE(restart),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     "Restart Now"));
    gtk_window_destroy(GTK_WINDOW(prefs));
}

int main(int argc, char **argv)
{
    int status;
    /* A private session bus: the application registers on it, and no portal answers there,
     * so the desktop's colour scheme is unknown (light). */
    bus = g_test_dbus_new(G_TEST_DBUS_NONE);

    g_autofree char *display = g_strdup(g_getenv("DISPLAY"));

    g_test_dbus_up(bus);
    /* GTestDBus unsets DISPLAY, which Xvfb's GTK needs. */
    if (display != NULL)
        g_setenv("DISPLAY", display, TRUE);
    /* No accessibility bus on the private bus: GTK's test contexts hold the names. */
    g_setenv("GTK_A11Y", "test", TRUE);
    lp_test_init(&argc, &argv);
    settings = lp_settings_new();
    app = lp_application_new(settings);
    g_application_set_flags(G_APPLICATION(app), G_APPLICATION_NON_UNIQUE);
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));

    g_test_add_func("/preferences/names", test_names);
    g_test_add_func("/preferences/style", test_style);
    g_test_add_func("/preferences/restart-now", test_restart_now);
    status = g_test_run();
    lp_test_close_all_windows();
    g_clear_object(&app);
    g_clear_object(&settings);
    /* Not g_test_dbus_down(): it waits for every connection to go, and GApplication keeps
     * its own until exit. GTestDBus's watcher stops the bus when this process ends. */
    return status;
}
