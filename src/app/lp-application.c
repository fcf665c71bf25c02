/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The application: app actions, accelerators, style sheet, About and shortcuts windows. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-application.h"
#include "lp-games.h"
#include "lp-howto-page.h"
#include "lp-preferences-window.h"
#include "lp-setup-page.h"
#include "lp-window.h"

struct _LpApplication {
    GtkApplication parent_instance;

    gboolean restart_requested;
    LpSettings *settings; /* the one settings object, handed to every window */

    /* The desktop's colour scheme for the "system" style: the portal's
     * org.freedesktop.appearance color-scheme (0 none, 1 dark, 2 light). */
    guint color_scheme;
    GDBusConnection *bus;
    guint scheme_subscription;
    GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE(LpApplication, lp_application, GTK_TYPE_APPLICATION)

const char *const lp_application_summary =
    N_("Three German family games about places, maps and journeys");

GtkWidget *lp_about_dialog_new(GtkWindow *parent)
{
    static const char *authors[] = {"The Landpartie contributors", NULL};
    /* The original games these are based on: design and publisher. */
    static const char *original_games[] = {
        "Ausgerechnet Buxtehude – Bernhard Lach, Uwe Rapp; Huch &amp; friends (2005)",
        "Deutschland – Finden Sie Minden? – Günter Burkhardt; Kosmos (2007)",
        "Auf Achse – Das Kartenspiel – Wolfgang Kramer; F.X. Schmid (1995)",
        NULL,
    };
    static const char *data_sources[] = {
        "GeoNames (CC BY 4.0) https://www.geonames.org",
        "Statistisches Bundesamt (Destatis), landkreise-deutschland",
        "Natural Earth (public domain) https://www.naturalearthdata.com",
        "GSHHG (LGPL) https://www.soest.hawaii.edu/pwessel/gshhg/",
        NULL,
    };
    GtkWidget *about = gtk_about_dialog_new();

    gtk_window_set_transient_for(GTK_WINDOW(about), parent);
    gtk_window_set_modal(GTK_WINDOW(about), TRUE);
    g_object_set(about,
                 "program-name", "Landpartie",
                 "logo-icon-name", APP_ID,
                 "version", PACKAGE_VERSION,
                 "comments", _(lp_application_summary),
                 "website", "https://github.com/landpartie/landpartie",
                 "license-type", GTK_LICENSE_GPL_3_0,
                 "authors", authors,
                 /* Translators: put your names here, one per line. */
                 "translator-credits", _("translator-credits"),
                 NULL);
    gtk_about_dialog_add_credit_section(GTK_ABOUT_DIALOG(about), _("Original games"),
                                        original_games);
    gtk_about_dialog_add_credit_section(GTK_ABOUT_DIALOG(about), _("Map and place data"),
                                        data_sources);
    return about;
}

static void quit_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    GApplication *app = G_APPLICATION(user_data);
    GList *windows = gtk_application_get_windows(GTK_APPLICATION(app));

    /* Closing the windows saves their size; the games are saved after every action. */
    while (windows != NULL) {
        GList *next = windows->next;

        gtk_window_close(GTK_WINDOW(windows->data));
        windows = next;
    }
    g_application_quit(app);
}

static void restart_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    LP_APPLICATION(user_data)->restart_requested = TRUE;
    quit_activated(action, param, user_data);
}

static void about_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(user_data));

    gtk_window_present(GTK_WINDOW(lp_about_dialog_new(parent)));
}

static void preferences_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    LpApplication *self = LP_APPLICATION(user_data);
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(user_data));
    GtkWidget *prefs = lp_preferences_window_new(parent, self->settings);

    /* A window of the app: its buttons reach app.restart (issue 13). */
    gtk_window_set_application(GTK_WINDOW(prefs), GTK_APPLICATION(self));
    gtk_window_present(GTK_WINDOW(prefs));
}

/* The game the window shows or sets up, whose keys the shortcuts window opens at. */
static const char *shown_game(GtkWindow *parent)
{
    LpWindow *window;
    const char *page;

    if (!LP_IS_WINDOW(parent))
        return NULL;
    window = LP_WINDOW(parent);
    page = lp_window_get_page_name(window);
    if (g_strcmp0(page, "game") == 0 && lp_window_get_game(window) != NULL)
        return lp_game_get_kind(lp_window_get_game(window));
    if (g_strcmp0(page, "howto") == 0)
        return lp_howto_page_get_kind(LP_HOWTO_PAGE(lp_window_get_howto_page(window)));
    if (g_strcmp0(page, "setup") == 0) {
        const LpGameUi *info = lp_setup_page_get_game(LP_SETUP_PAGE(lp_window_get_setup_page(window)));

        return info != NULL ? info->game_class->kind : NULL;
    }
    return NULL;
}

static void name_by_label(GtkMenuButton *button)
{
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   gtk_menu_button_get_label(button), -1);
}

/* A section lays its groups out on pages, each titled "_1", "_2" …, which a screen reader
 * reads aloud, and lays them out again when it is mapped; each section here has one page,
 * which needs no name. */
static void unname_pages(GtkWidget *section)
{
    for (GtkWidget *c = gtk_widget_get_first_child(section); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        if (GTK_IS_STACK(c)) {
            g_autoptr(GListModel) pages = G_LIST_MODEL(gtk_stack_get_pages(GTK_STACK(c)));

            for (guint i = 0; i < g_list_model_get_n_items(pages); i++) {
                GtkStackPage *page = g_list_model_get_item(pages, i);

                gtk_stack_page_set_title(page, NULL);
                g_object_unref(page);
            }
        }
    }
}

/* GTK 4.8 leaves its own controls of the shortcuts window unnamed: a screen reader would say
 * "GtkSearchEntry", "GtkImage" (the search button) and "GtkMenuButton" (issue 13). */
static void name_shortcuts_controls(GtkWidget *widget)
{
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        if (GTK_IS_SEARCH_ENTRY(c)) {
            gtk_accessible_update_property(GTK_ACCESSIBLE(c), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           _("Search Shortcuts"), -1);
        } else if (GTK_IS_TOGGLE_BUTTON(c) &&
                   g_strcmp0(gtk_button_get_icon_name(GTK_BUTTON(c)), "edit-find-symbolic") == 0) {
            gtk_accessible_update_property(GTK_ACCESSIBLE(c), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           _("Search Shortcuts"), -1);
        } else if (GTK_IS_MENU_BUTTON(c)) {
            /* It shows the title of the section on view and opens the list of sections. */
            name_by_label(GTK_MENU_BUTTON(c));
            g_signal_connect(c, "notify::label", G_CALLBACK(name_by_label), NULL);
        } else if (GTK_IS_SHORTCUTS_SECTION(c)) {
            unname_pages(c);
            g_signal_connect_after(c, "map", G_CALLBACK(unname_pages), NULL);
        }
        name_shortcuts_controls(c);
    }
}

GtkWidget *lp_shortcuts_window_new(GtkWindow *parent)
{
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource(
        "/io/github/landpartie/Landpartie/ui/lp-shortcuts-window.ui");
    GtkWindow *window = GTK_WINDOW(gtk_builder_get_object(builder, "shortcuts_window"));
    const char *game = shown_game(parent);

    gtk_window_set_transient_for(window, parent);
    name_shortcuts_controls(GTK_WIDGET(window));
    /* One section per game (so that each fits a small screen): the one in use comes first. */
    if (game != NULL)
        g_object_set(window, "section-name", game, NULL);
    return GTK_WIDGET(window);
}

static void shortcuts_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(user_data));

    gtk_window_present(GTK_WINDOW(lp_shortcuts_window_new(parent)));
}

/* ---- style: System / Light / Dark ----------------------------------------------------- */

gboolean lp_application_style_is_dark(const char *style, guint color_scheme)
{
    if (g_strcmp0(style, "dark") == 0)
        return TRUE;
    if (g_strcmp0(style, "light") == 0)
        return FALSE;
    /* "system": dark only when the desktop asks for it; no answer means light. */
    return color_scheme == 1;
}

static void apply_style(LpApplication *self)
{
    GSettings *gsettings = lp_settings_get_gsettings(self->settings);
    g_autofree char *style = g_settings_get_string(gsettings, "style");
    GtkSettings *gtk = gtk_settings_get_default();

    gboolean dark = lp_application_style_is_dark(style, self->color_scheme);
    gboolean was_dark = FALSE;

    if (gtk == NULL)
        return;
    /* Setting it reloads the whole theme even to the same value: at start-up that was a
     * second theme load, 80 M instructions before the first frame (callgrind, issue 14). */
    g_object_get(gtk, "gtk-application-prefer-dark-theme", &was_dark, NULL);
    if (dark != was_dark)
        g_object_set(gtk, "gtk-application-prefer-dark-theme", dark, NULL);
}

/* Read answers "v" holding the value, some portals one level deeper. */
static void take_color_scheme(LpApplication *self, GVariant *value)
{
    g_autoptr(GVariant) inner = g_variant_ref(value);

    while (inner != NULL && g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    if (inner != NULL && g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32))
        self->color_scheme = g_variant_get_uint32(inner);
    apply_style(self);
}

static void on_setting_changed(GDBusConnection *bus, const char *sender, const char *path,
                               const char *interface, const char *signal, GVariant *params,
                               gpointer data)
{
    const char *ns = NULL, *key = NULL;
    g_autoptr(GVariant) value = NULL;

    if (!g_variant_is_of_type(params, G_VARIANT_TYPE("(ssv)")))
        return;
    g_variant_get(params, "(&s&sv)", &ns, &key, &value);
    if (g_strcmp0(ns, "org.freedesktop.appearance") == 0 && g_strcmp0(key, "color-scheme") == 0)
        take_color_scheme(LP_APPLICATION(data), value);
}

static void on_scheme_read(GObject *source, GAsyncResult *result, gpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GVariant) reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result,
                                                              &error);

    /* No portal (or no answer): the "system" style stays light. */
    if (reply == NULL || !g_variant_is_of_type(reply, G_VARIANT_TYPE("(v)")))
        return;
    g_autoptr(GVariant) value = NULL;
    g_variant_get(reply, "(v)", &value);
    take_color_scheme(LP_APPLICATION(data), value);
}

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_SETTINGS "org.freedesktop.portal.Settings"

static void on_bus(GObject *source, GAsyncResult *result, gpointer data)
{
    g_autoptr(GError) error = NULL;
    GDBusConnection *bus = g_bus_get_finish(result, &error);
    LpApplication *self;

    if (bus == NULL)
        return; /* cancelled, or no session bus: light */
    self = LP_APPLICATION(data);
    self->bus = bus;
    self->scheme_subscription = g_dbus_connection_signal_subscribe(
        bus, PORTAL_NAME, PORTAL_SETTINGS, "SettingChanged", PORTAL_PATH,
        "org.freedesktop.appearance", G_DBUS_SIGNAL_FLAGS_NONE, on_setting_changed, self, NULL);
    g_dbus_connection_call(bus, PORTAL_NAME, PORTAL_PATH, PORTAL_SETTINGS, "Read",
                           g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
                           G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000,
                           self->cancellable, on_scheme_read, self);
}

static void follow_desktop_style(LpApplication *self)
{
    GSettings *gsettings = lp_settings_get_gsettings(self->settings);

    g_signal_connect_object(gsettings, "changed::style", G_CALLBACK(apply_style), self,
                            G_CONNECT_SWAPPED);
    apply_style(self);
    g_bus_get(G_BUS_TYPE_SESSION, self->cancellable, on_bus, self);
}

static const GActionEntry app_actions[] = {
    {"quit", quit_activated, NULL, NULL, NULL, {0}},
    {"restart", restart_activated, NULL, NULL, NULL, {0}},
    {"about", about_activated, NULL, NULL, NULL, {0}},
    {"preferences", preferences_activated, NULL, NULL, NULL, {0}},
    {"shortcuts", shortcuts_activated, NULL, NULL, NULL, {0}},
};

static void lp_application_startup(GApplication *app)
{
    g_autoptr(GtkCssProvider) css = NULL;
    static const struct {
        const char *action;
        const char *accels[3];
    } accels[] = {
        {"app.quit", {"<Primary>q", NULL}},
        {"app.preferences", {"<Primary>comma", NULL}},
        {"app.shortcuts", {"<Primary>question", NULL}},
        {"win.how-to-current", {"F1", NULL}},
        {"win.show-start", {"<Primary>n", NULL}},
        {"win.undo", {"<Primary>z", NULL}},
    };

    /* Parsed on the second core while GTK opens the display and the window is built. */
    lp_games_load_decks_in_background();
    G_APPLICATION_CLASS(lp_application_parent_class)->startup(app);

    g_action_map_add_action_entries(G_ACTION_MAP(app), app_actions, G_N_ELEMENTS(app_actions),
                                    app);
    for (guint i = 0; i < G_N_ELEMENTS(accels); i++)
        gtk_application_set_accels_for_action(GTK_APPLICATION(app), accels[i].action,
                                              accels[i].accels);

    css = gtk_css_provider_new();
    gtk_css_provider_load_from_resource(css, "/io/github/landpartie/Landpartie/style.css");
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    follow_desktop_style(LP_APPLICATION(app));
}

/* The windows' icon is named once the first frame is on the screen. On X11 naming it makes
 * GTK draw the app's SVG icon into the window's icon property, and that opens gdk-pixbuf's
 * SVG loader and librsvg: about 10 ms of a start the family waits for, for an icon that
 * may as well follow a frame later (issue 35). Wayland shows no window icons at all. */
static gboolean name_icon(gpointer data)
{
    gtk_window_set_default_icon_name(APP_ID);
    gtk_window_set_icon_name(GTK_WINDOW(data), APP_ID);
    return G_SOURCE_REMOVE;
}

static void on_first_paint(GdkFrameClock *clock, GtkWindow *window)
{
    g_signal_handlers_disconnect_by_func(clock, on_first_paint, window);
    g_idle_add_full(G_PRIORITY_LOW, name_icon, g_object_ref(window), g_object_unref);
}

static void on_window_realize(GtkWidget *window, gpointer data)
{
    g_signal_handlers_disconnect_by_func(window, on_window_realize, data);
    g_signal_connect_object(gtk_widget_get_frame_clock(window), "after-paint",
                            G_CALLBACK(on_first_paint), window, 0);
}

static void lp_application_activate(GApplication *app)
{
    GtkWindow *window = gtk_application_get_active_window(GTK_APPLICATION(app));

    if (window == NULL) {
        window = GTK_WINDOW(g_object_new(LP_TYPE_WINDOW, "application", app, "settings",
                                         LP_APPLICATION(app)->settings, NULL));
        if (gtk_widget_get_realized(GTK_WIDGET(window)))
            on_window_realize(GTK_WIDGET(window), NULL);
        else
            g_signal_connect(window, "realize", G_CALLBACK(on_window_realize), NULL);
    }
    gtk_window_present(window);
}

static void lp_application_dispose(GObject *object)
{
    LpApplication *self = LP_APPLICATION(object);

    g_cancellable_cancel(self->cancellable);
    g_clear_object(&self->cancellable);
    if (self->bus != NULL && self->scheme_subscription != 0)
        g_dbus_connection_signal_unsubscribe(self->bus, self->scheme_subscription);
    self->scheme_subscription = 0;
    g_clear_object(&self->bus);
    g_clear_object(&LP_APPLICATION(object)->settings);
    G_OBJECT_CLASS(lp_application_parent_class)->dispose(object);
}

/* Runs in the first process after the options are parsed, before the display is opened or
 * a window needs the settings: --help and --version work without either (issue 34). */
static int lp_application_handle_local_options(GApplication *app, GVariantDict *options)
{
    if (g_variant_dict_contains(options, "version")) {
        g_print("landpartie %s\n", PACKAGE_VERSION);
        return 0;
    }
    if (LP_APPLICATION(app)->settings == NULL) {
        g_printerr("landpartie: the settings schema %s is not installed.\n"
                   "Install Landpartie (meson install) or run it from the source tree with "
                   "build-aux/dev run, which sets GSETTINGS_SCHEMA_DIR.\n",
                   APP_ID);
        return 1;
    }
    return -1;
}

static void lp_application_class_init(LpApplicationClass *klass)
{
    GApplicationClass *app_class = G_APPLICATION_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = lp_application_dispose;
    app_class->handle_local_options = lp_application_handle_local_options;
    app_class->startup = lp_application_startup;
    app_class->activate = lp_application_activate;
}

static void lp_application_init(LpApplication *self)
{
    self->cancellable = g_cancellable_new();
}

LpApplication *lp_application_new(LpSettings *settings)
{
    g_return_val_if_fail(settings == NULL || LP_IS_SETTINGS(settings), NULL);
    LpApplication *self = g_object_new(LP_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                                       G_APPLICATION_DEFAULT_FLAGS, "resource-base-path",
                                       "/io/github/landpartie/Landpartie", NULL);
    if (settings != NULL)
        self->settings = g_object_ref(settings);

    /* Shown by --help. */
    g_application_set_option_context_summary(G_APPLICATION(self), _(lp_application_summary));
    g_application_add_main_option(G_APPLICATION(self), "version", 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_NONE, _("Print the version and exit"), NULL);
    return self;
}

gboolean lp_application_get_restart_requested(LpApplication *self)
{
    g_return_val_if_fail(LP_IS_APPLICATION(self), FALSE);
    return self->restart_requested;
}
