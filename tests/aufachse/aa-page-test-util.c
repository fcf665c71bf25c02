/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Auf Achse page tests share under Xvfb: main-loop turns, a screenshot, a page in a
 * window. */
#include "config.h"

#include "aa-page-test-util.h"

#include "aa-ai.h"

void aa_page_test_iterate(guint ms)
{
    gint64 end = g_get_monotonic_time() + ms * 1000;
    do {
        while (g_main_context_iteration(NULL, FALSE))
            ;
        g_usleep(1000);
    } while (g_get_monotonic_time() < end);
}

/* On a loaded machine Xvfb maps a window late: wait for the widget to be mapped and
 * allocated (up to 5 s). */
void aa_page_test_wait_shown(GtkWidget *widget)
{
    for (int i = 0; i < 500 && (!gtk_widget_get_mapped(widget) ||
                                gtk_widget_get_width(widget) == 0);
         i++)
        aa_page_test_iterate(10);
}

void aa_page_test_shot(GtkWidget *window, const char *name)
{
    const char *dir = g_getenv("AA_SHOT_DIR");
    if (dir == NULL)
        return;
    aa_page_test_iterate(150);
    GdkPaintable *paintable = gtk_widget_paintable_new(window);
    int w = gtk_widget_get_width(window), h = gtk_widget_get_height(window);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, w, h);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node,
                                                      &GRAPHENE_RECT_INIT(0, 0, w, h));
    g_autofree char *path = g_build_filename(dir, name, NULL);
    gdk_texture_save_to_png(texture, path);
    g_object_unref(texture);
    gsk_render_node_unref(node);
    g_object_unref(paintable);
}

void aa_page_fixture_open(AaPageFixture *f, AaGame *game, LpSettings *settings)
{
    f->game = game;
    /* The window's pause between computer steps is the window's business; the tests take
     * none. */
    f->driver = lp_driver_new(LP_GAME(game), aa_ai_move);
    lp_driver_set_delay(f->driver, 0);
    f->settings = settings;
    f->page = AA_PAGE(lp_game_page_new(AA_TYPE_PAGE, LP_GAME(game), f->driver, settings));
    g_object_ref_sink(f->page);
    f->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(f->window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(f->window), GTK_WIDGET(f->page));
    gtk_window_present(GTK_WINDOW(f->window));
    aa_page_test_wait_shown(GTK_WIDGET(f->page));
    aa_page_test_iterate(50);
}

void aa_page_fixture_close(AaPageFixture *f)
{
    gtk_window_destroy(GTK_WINDOW(f->window));
    aa_page_test_iterate(20);
    g_assert_finalize_object(f->page);
    g_assert_finalize_object(f->driver);
    g_assert_finalize_object(f->settings);
    g_assert_finalize_object(f->game);
}
