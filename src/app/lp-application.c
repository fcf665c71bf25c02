/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The application: app actions, accelerators, style sheet, About and shortcuts windows. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-application.h"
#include "lp-bench-mode.h"
#include "lp-preferences-window.h"
#include "lp-window.h"

struct _LpApplication {
    GtkApplication parent_instance;

    gboolean restart_requested;
    LpSettings *settings; /* the one settings object, handed to every window */
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

    gtk_window_present(GTK_WINDOW(lp_preferences_window_new(parent, self->settings)));
}

GtkWidget *lp_shortcuts_window_new(GtkWindow *parent)
{
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource(
        "/io/github/landpartie/Landpartie/ui/lp-shortcuts-window.ui");
    GtkWindow *window = GTK_WINDOW(gtk_builder_get_object(builder, "shortcuts_window"));

    gtk_window_set_transient_for(window, parent);
    return GTK_WIDGET(window);
}

static void shortcuts_activated(GSimpleAction *action, GVariant *param, gpointer user_data)
{
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(user_data));

    gtk_window_present(GTK_WINDOW(lp_shortcuts_window_new(parent)));
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
    };

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
    gtk_window_set_default_icon_name(APP_ID);
}

/* Benchmarks (tests/bench/bench-startup.py): quit once the first frame is painted. */
static void on_first_paint(GdkFrameClock *clock, gpointer app)
{
    g_signal_handlers_disconnect_by_func(clock, on_first_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static void lp_application_activate(GApplication *app)
{
    GtkWindow *window = gtk_application_get_active_window(GTK_APPLICATION(app));

    if (window == NULL) {
        window = GTK_WINDOW(g_object_new(LP_TYPE_WINDOW, "application", app, "settings",
                                         LP_APPLICATION(app)->settings, NULL));
        /* tests/bench: frame times and memory of the real window (lp-bench-mode.c). */
        lp_bench_mode_start(LP_WINDOW(window));
    }
    gtk_window_present(window);
    if (g_getenv("LANDPARTIE_QUIT_AFTER_FIRST_FRAME") != NULL)
        g_signal_connect(gtk_widget_get_frame_clock(GTK_WIDGET(window)), "after-paint",
                         G_CALLBACK(on_first_paint), app);
}

static void lp_application_dispose(GObject *object)
{
    g_clear_object(&LP_APPLICATION(object)->settings);
    G_OBJECT_CLASS(lp_application_parent_class)->dispose(object);
}

static void lp_application_class_init(LpApplicationClass *klass)
{
    GApplicationClass *app_class = G_APPLICATION_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = lp_application_dispose;
    app_class->startup = lp_application_startup;
    app_class->activate = lp_application_activate;
}

static void lp_application_init(LpApplication *self)
{
}

LpApplication *lp_application_new(LpSettings *settings)
{
    g_return_val_if_fail(LP_IS_SETTINGS(settings), NULL);
    LpApplication *self = g_object_new(LP_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                                       G_APPLICATION_DEFAULT_FLAGS, "resource-base-path",
                                       "/io/github/landpartie/Landpartie", NULL);
    self->settings = g_object_ref(settings);

    /* Shown by --help. */
    g_application_set_option_context_summary(G_APPLICATION(self), _(lp_application_summary));
    return self;
}

gboolean lp_application_get_restart_requested(LpApplication *self)
{
    g_return_val_if_fail(LP_IS_APPLICATION(self), FALSE);
    return self->restart_requested;
}
