/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-bench: the Landpartie application with the benchmark's test modes
 * (lp-bench-mode.c), for tests/bench/bench.py only and never installed, so that the program
 * a family runs holds no benchmark code (issue 35). */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "lp-application.h"
#include "lp-bench-mode.h"

/* When main() began, for the start-up's parts. */
static gint64 started;

/* GtkApplication announces every window it is given: the application's first window is the
 * one a family sees, taken here before it is presented. */
static void on_window_added(GtkApplication *app, GtkWindow *window, gpointer data)
{
    if (!LP_IS_WINDOW(window))
        return;
    g_signal_handlers_disconnect_by_func(app, on_window_added, data);
    lp_bench_mode_start(LP_WINDOW(window), started);
}

int main(int argc, char **argv)
{
    g_autoptr(LpApplication) app = NULL;
    g_autoptr(LpSettings) settings = NULL;

    started = g_get_monotonic_time();
    /* What main.c does before the application runs, in the default language. */
    setlocale(LC_ALL, "");
    if (!lp_settings_schema_available()) {
        g_printerr("landpartie-bench: the settings schema %s is not installed; run it "
                   "through build-aux/dev bench.\n",
                   APP_ID);
        return 1;
    }
    bindtextdomain(GETTEXT_PACKAGE, LOCALEDIR);
    bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    textdomain(GETTEXT_PACKAGE);
    gtk_disable_setlocale();

    g_set_application_name("Landpartie");
    settings = lp_settings_new();
    app = lp_application_new(settings);
    g_signal_connect(app, "window-added", G_CALLBACK(on_window_added), NULL);
    return g_application_run(G_APPLICATION(app), argc, argv);
}
