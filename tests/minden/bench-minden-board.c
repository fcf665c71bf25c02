/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long one frame of the Minden map takes while the mouse sweeps over it (issue 14: map
 * frames), at the board size of a 1920×1080 window: (1) the window's real frames, timed from
 * the frame clock's before-paint to after-paint (snapshot, render with damage, present), and
 * (2) the board's snapshot alone and with a full render of its nodes into a new texture.
 * Prints p50/p95 in ms; run by `meson test --benchmark` (GSK_RENDERER picks the renderer). */
#include <gtk/gtk.h>

#include "minden-board.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double frame_ms(GtkWidget *board, GskRenderer *renderer)
{
    gint64 t0 = g_get_monotonic_time();
    GtkSnapshot *snapshot = gtk_snapshot_new();
    GTK_WIDGET_GET_CLASS(board)->snapshot(board, snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node != NULL) {
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, NULL);
        g_object_unref(texture);
        gsk_render_node_unref(node);
    }
    return (g_get_monotonic_time() - t0) / 1000.0;
}

static gint64 paint_start;
static double paint_ms = -1;

static void on_before_paint(GdkFrameClock *clock, gpointer data)
{
    paint_start = g_get_monotonic_time();
}

static void on_after_paint(GdkFrameClock *clock, gpointer data)
{
    paint_ms = (g_get_monotonic_time() - paint_start) / 1000.0;
}

static double snapshot_ms(GtkWidget *board)
{
    gint64 t0 = g_get_monotonic_time();
    GtkSnapshot *snapshot = gtk_snapshot_new();
    GTK_WIDGET_GET_CLASS(board)->snapshot(board, snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    double ms = (g_get_monotonic_time() - t0) / 1000.0;
    g_clear_pointer(&node, gsk_render_node_unref);
    return ms;
}

static void report(const char *what, double *times, guint n)
{
    qsort(times, n, sizeof(double), compare_double);
    g_print("  %-34s p50 %6.2f ms   p95 %6.2f ms   max %6.2f ms\n", what, times[n / 2],
            times[n * 95 / 100], times[n - 1]);
}

static GtkEventController *motion_of(GtkWidget *widget)
{
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(widget);
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION(c))
            return c;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 1494, h = argc > 2 ? atoi(argv[2]) : 978;
    guint n = 300;

    gtk_init();
    GtkWidget *window = gtk_window_new();
    GtkWidget *board = minden_board_new();
    gtk_window_set_child(GTK_WINDOW(window), board);
    gtk_window_set_default_size(GTK_WINDOW(window), w, h);
    minden_board_set_interactive(MINDEN_BOARD(board), TRUE);
    gtk_window_present(GTK_WINDOW(window));
    while (gtk_widget_get_width(board) < w / 2)
        g_main_context_iteration(NULL, TRUE);
    for (int i = 0; i < 50; i++)
        g_main_context_iteration(NULL, FALSE);

    GskRenderer *renderer = gsk_cairo_renderer_new();
    gsk_renderer_realize(renderer, NULL, NULL);
    GtkEventController *motion = motion_of(board);
    double bw = gtk_widget_get_width(board), bh = gtk_widget_get_height(board);
    g_autofree double *times = g_new(double, n);

    /* The first frame renders the map texture; what a family feels is every frame after. */
    frame_ms(board, renderer);
    for (int i = 0; i < 20; i++)
        g_main_context_iteration(NULL, FALSE);
    g_autofree double *frames = g_new(double, n);
    g_autofree double *snaps = g_new(double, n);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "before-paint", G_CALLBACK(on_before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
    guint n_frames = 0;
    for (guint i = 0; i < n; i++) {
        /* Across the map so that every move enters another section. */
        double x = bw * (0.12 + 0.76 * (i % 30) / 30.0) + (i / 30) * 3;
        double y = bh * (0.1 + 0.8 * ((i * 7) % 30) / 30.0);
        paint_ms = -1;
        g_signal_emit_by_name(motion, "motion", x, y);
        gint64 deadline = g_get_monotonic_time() + G_TIME_SPAN_SECOND / 2;
        while (paint_ms < 0 && g_get_monotonic_time() < deadline)
            g_main_context_iteration(NULL, FALSE);
        if (paint_ms >= 0)
            frames[n_frames++] = paint_ms;
        snaps[i] = snapshot_ms(board);
        times[i] = frame_ms(board, renderer);
    }
    g_print("minden map hover, %.0f×%.0f board, %u moves, %u frames painted, map renders %u:\n",
            bw, bh, n, n_frames, minden_board_get_render_count(MINDEN_BOARD(board)));
    if (n_frames > 0)
        report("window frame (before→after paint)", frames, n_frames);
    report("board snapshot only", snaps, n);
    report("snapshot + full render (cairo)", times, n);
    gsk_renderer_unrealize(renderer);
    g_object_unref(renderer);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}
