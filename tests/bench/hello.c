/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The yardstick of `build-aux/dev bench`: a bare GTK 4 window with one label, which quits
 * after its first painted frame when LANDPARTIE_BENCH_FIRST_FRAME is set, as the app.
 * It opens at the app's default size (the schema's window-width/-height, 1180×780), so both
 * paint as many pixels: a renderer's cost grows with the window's area.
 *
 * With LANDPARTIE_BENCH_FRAMES=<scenario> it is the frames' yardstick instead: a 1920×1080
 * window (as the app's frame scenarios), timed from the frame clock's before-paint to its
 * after-paint over LANDPARTIE_BENCH_FRAME_COUNT frames (180) after 10 warm-up frames, printed
 * as the app prints its scenarios ("LANDPARTIE_BENCH {json}"):
 *   label   its one small label changes on every frame. The damage is a few hundred pixels:
 *           what such a frame costs is what the renderer and the display charge for any
 *           change, however small (a renderer that cannot redraw part of a window repaints
 *           all of it).
 *   repaint the whole window changes colour on every frame: what a full repaint costs at
 *           this size. Next to `label` it tells whether this renderer, on this display,
 *           redraws only what changed or repaints the whole window for any change.
 *   resize  the window is resized every frame by the app's resize sweep (lp-bench-mode.c):
 *           what a full repaint at a new size costs with nothing in the window. */
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define WARM_UP_FRAMES 10

typedef struct {
    GtkWindow *window;
    GtkLabel *label;
    const char *scenario;
    GArray *times_ms, *cpu_ms;
    gint64 frame_start;
    double cpu_start;
    guint step, n_frames;
} Frames;

static void on_first_paint(GdkFrameClock *clock, gpointer app)
{
    /* When the first frame was painted, on the clock the bench started the program on
     * (CLOCK_MONOTONIC): the start-up ends here, not when the program has quit. */
    printf("LANDPARTIE_BENCH {\"first_frame_us\": %" G_GINT64_FORMAT "}\n",
           g_get_monotonic_time());
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, on_first_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static double cpu_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int compare_doubles(gconstpointer a, gconstpointer b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(GArray *sorted, double p)
{
    guint i = (guint)(p * (sorted->len - 1) + 0.5);
    return g_array_index(sorted, double, MIN(i, sorted->len - 1));
}

static void on_before_paint(GdkFrameClock *clock, Frames *f)
{
    (void)clock;
    f->frame_start = g_get_monotonic_time();
    f->cpu_start = cpu_now_ms();
}

static void on_update(GdkFrameClock *clock, Frames *f)
{
    char text[16];
    (void)clock;
    guint i = f->step++;
    if (g_str_equal(f->scenario, "resize")) {
        double t = 0.5 - 0.5 * cos(i * 0.1);
        gtk_window_set_default_size(f->window, 1280 + (int)(640 * t), 800 + (int)(280 * t));
        return;
    }
    if (g_str_equal(f->scenario, "repaint")) {
        /* The window's background, two shades in turn: every pixel changes. Only the one
         * class is swapped, so the window keeps its own (.background) as in `label`. */
        gtk_widget_remove_css_class(GTK_WIDGET(f->window), i % 2 ? "hello-a" : "hello-b");
        gtk_widget_add_css_class(GTK_WIDGET(f->window), i % 2 ? "hello-b" : "hello-a");
        return;
    }
    g_snprintf(text, sizeof text, "Frame %03u", i % 1000);
    gtk_label_set_text(f->label, text);
}

static void on_after_paint(GdkFrameClock *clock, Frames *f)
{
    if (f->frame_start == 0)
        return;
    double ms = (g_get_monotonic_time() - f->frame_start) / 1000.0;
    double cpu = cpu_now_ms() - f->cpu_start;
    f->frame_start = 0;
    if (f->step <= WARM_UP_FRAMES)
        return;
    g_array_append_val(f->times_ms, ms);
    g_array_append_val(f->cpu_ms, cpu);
    if (f->times_ms->len < f->n_frames)
        return;
    g_signal_handlers_disconnect_by_data(clock, f);
    gdk_frame_clock_end_updating(clock);
    g_array_sort(f->times_ms, compare_doubles);
    g_array_sort(f->cpu_ms, compare_doubles);
    printf("LANDPARTIE_BENCH {\"scenario\": \"%s\", \"frames\": %u, \"p50_ms\": %.3f, "
           "\"p95_ms\": %.3f, \"max_ms\": %.3f, \"cpu_p50_ms\": %.3f, \"cpu_p95_ms\": %.3f}\n",
           f->scenario, f->times_ms->len, percentile(f->times_ms, 0.5), percentile(f->times_ms, 0.95),
           percentile(f->times_ms, 1.0), percentile(f->cpu_ms, 0.5),
           percentile(f->cpu_ms, 0.95));
    fflush(stdout);
    g_application_quit(g_application_get_default());
}

static void start_frames(GtkWidget *window, GtkWidget *label, const char *scenario)
{
    const char *count = g_getenv("LANDPARTIE_BENCH_FRAME_COUNT");
    Frames *f = g_new0(Frames, 1);
    f->window = GTK_WINDOW(window);
    f->label = GTK_LABEL(label);
    f->scenario = scenario;
    f->n_frames = count != NULL && atoi(count) > 0 ? (guint)atoi(count) : 180;
    f->times_ms = g_array_new(FALSE, FALSE, sizeof(double));
    f->cpu_ms = g_array_new(FALSE, FALSE, sizeof(double));
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "before-paint", G_CALLBACK(on_before_paint), f);
    g_signal_connect(clock, "update", G_CALLBACK(on_update), f);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), f);
    gdk_frame_clock_begin_updating(clock);
    /* Freed with the process: the window quits once the frames are counted. */
}

static void on_activate(GtkApplication *app, gpointer data)
{
    GtkWidget *window = gtk_application_window_new(app);
    GtkWidget *label = gtk_label_new("Hello");
    const char *frames = g_getenv("LANDPARTIE_BENCH_FRAMES");
    const char *const scenarios[] = {"label", "repaint", "resize", NULL};
    gboolean timing = frames != NULL && g_strv_contains(scenarios, frames);
    (void)data;
    gtk_window_set_title(GTK_WINDOW(window), "Hello");
    if (timing)
        gtk_window_set_default_size(GTK_WINDOW(window), 1920, 1080);
    else
        gtk_window_set_default_size(GTK_WINDOW(window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(window), label);
    gtk_window_present(GTK_WINDOW(window));
    if (timing && g_str_equal(frames, "repaint")) {
        g_autoptr(GtkCssProvider) css = gtk_css_provider_new();
        gtk_css_provider_load_from_data(
            css, "window.hello-a { background: #f6f5f4; } window.hello-b { background: #ebeae9; }",
            -1);
        gtk_style_context_add_provider_for_display(gtk_widget_get_display(window),
                                                   GTK_STYLE_PROVIDER(css),
                                                   GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
    if (timing)
        start_frames(window, label, frames);
    else if (g_getenv("LANDPARTIE_BENCH_FIRST_FRAME") != NULL)
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
