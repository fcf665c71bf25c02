/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The yardstick of `build-aux/dev bench`: a bare GTK 4 window with one label, which quits
 * after its first painted frame when LANDPARTIE_QUIT_AFTER_FIRST_FRAME is set, as the app.
 * It opens at the app's default size (the schema's window-width/-height, 1180×780), so both
 * paint as many pixels: a renderer's cost grows with the window's area. */
#include <gtk/gtk.h>

static void on_first_paint(GdkFrameClock *clock, gpointer app)
{
    g_signal_handlers_disconnect_by_func(clock, on_first_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static void on_activate(GtkApplication *app, gpointer data)
{
    GtkWidget *window = gtk_application_window_new(app);
    (void)data;
    gtk_window_set_title(GTK_WINDOW(window), "Hello");
    gtk_window_set_default_size(GTK_WINDOW(window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Hello"));
    gtk_window_present(GTK_WINDOW(window));
    if (g_getenv("LANDPARTIE_QUIT_AFTER_FIRST_FRAME") != NULL)
        g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint",
                         G_CALLBACK(on_first_paint), app);
}

int main(int argc, char **argv)
{
    g_autoptr(GtkApplication) app =
        gtk_application_new("io.github.landpartie.BenchHello", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    return g_application_run(G_APPLICATION(app), argc, argv);
}
