/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test modes of the real window for tests/bench/bench.py, chosen by the environment, in
 * landpartie-bench only (issue 35: the program a family runs holds none of this; issue 14: the
 * figures come from the app, the thresholds live in the benchmark):
 *
 *   LANDPARTIE_BENCH_FIRST_FRAME=1  the window quits once its first frame is painted and
 *     prints "LANDPARTIE_BENCH {json}" with what the start-up spent before the window was
 *     made (GTK's start-up, with GL the display's GL set-up in it), on the display's GL
 *     set-up where still due (gdk_display_prepare_gl) and in the window's realize, in which
 *     the renderer is made (with GL: its context and the compiling of its shaders), all in
 *     ms, the renderer's class and the GL renderer's name ("llvmpipe …": no GPU).
 *   LANDPARTIE_BENCH_FRAMES=<scenario>  a 1920×1080 window plays a scenario for
 *     LANDPARTIE_BENCH_FRAME_COUNT frames (default 180), one step per frame, and prints
 *     "LANDPARTIE_BENCH {json}" with the frame times (p50, p95, max in ms) read from the GDK
 *     frame clock: from its before-paint to its after-paint, so the step, the layout, the
 *     snapshot and the renderer are inside; also the process's CPU time over the same span
 *     (renderer threads included), steadier than the wall clock on a busy machine. Scenarios:
 *       cross-drag, cross-drag-big  the pointer moves over the Buxtehude cross (a cross of
 *                                   a dozen cards; the biggest of a game in a widget of
 *                                   3279×2552, scrolled, as issue 14 measured)
 *       resize                      the window is resized every frame on the Buxtehude page
 *       route-row                   every Auf Achse route row is updated every frame
 *       map-hover                   the pointer moves over the Minden map; the board is
 *                                   found by its type name and fed through its motion
 *                                   controller, the one hook every widget has
 *       empty-resize                the floor of resize: the empty Buxtehude page (below)
 *                                   in the same sweep, the window's own relayout and repaint
 *       drawn-buxtehude, drawn-minden, drawn-aufachse
 *                                   the floor of a scenario on a renderer that repaints the
 *                                   whole window: its page as the scenario shows it, with
 *                                   nothing updated, repainted every frame as the empty page
 *                                   is (below); what drawing those pixels costs at all
 *       empty-buxtehude, empty-minden, empty-aufachse
 *                                   the yardstick of the three above: the same page of the
 *                                   same game in the same window (header bar, side panel,
 *                                   CSS, size), its table empty (the cross, the map, the
 *                                   routes and hand draw nothing, with their room kept);
 *                                   every frame the page's background changes by a shade, so
 *                                   the page's whole area is repainted each frame, as much as
 *                                   any scenario repaints
 *   LANDPARTIE_BENCH_GAMES=<n>  the window plays n computer-only games, the three kinds in
 *     turn, with the driver at full speed, and prints "LANDPARTIE_BENCH {json}" with the
 *     resident memory (also split into anonymous and file-backed) and glibc's heap in use
 *     (mallinfo2) after each game.
 *     LANDPARTIE_BENCH_GAME_KINDS=<kind>[,<kind>…] plays only those kinds, in turn, to tell
 *     which game's page a growth comes from.
 *
 * The game is prepared by the computer players with a fixed seed (in Buxtehude a person at
 * seat 0 whose turn it is, so the cross takes a card as it does for a family), written to the
 * save folder and continued, so the window takes its ordinary path; the driver is then held
 * so the scene stays still. Settings change for the run (animations off): use it with
 * GSETTINGS_BACKEND=memory and a private XDG_DATA_HOME, as bench.py does. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <time.h>
#include <unistd.h>

#include <epoxy/gl.h>

#include "aa-game.h"
#include "aa-route-row.h"
#include "bux-ai.h"
#include "bux-cross.h"
#include "bux-game.h"
#include "lp-bench-mode.h"
#include "lp-game-page.h"
#include "lp-memory.h"

#define SEED 14
#define WARM_UP_FRAMES 10

typedef struct {
    LpWindow *window;
    char *scenario;
    GtkWidget *target;
    GdkFrameClock *clock;
    gulong handlers[3];
    gint64 frame_start;
    double cpu_start;
    GArray *cpu_ms;
    guint step;
    guint n_frames;
    GArray *times_ms;
    /* games mode */
    guint games_left;
    guint games_played;
    LpGame *game;
    GArray *rss_kb;
    GArray *heap_kb;
    GArray *anon_kb;
    GArray *file_kb;
    GStrv kinds;
    guint poll_id;
} Bench;

/* ---- preparing a game ------------------------------------------------------------------- */

static GPtrArray *players_new(guint n, gboolean human)
{
    static const char *const names[] = {"Robo", "Oma", "Kim", "Uli", "Pia"};
    static const LpLevel levels[] = {LP_LEVEL_EASY, LP_LEVEL_NORMAL, LP_LEVEL_HARD};
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(human && i == 0 ? "Anna" : names[i],
                                               human && i == 0 ? 9 : 30 + (int)i, "#3584e4",
                                               human && i == 0 ? LP_PLAYER_HUMAN
                                                               : LP_PLAYER_COMPUTER,
                                               levels[i % 3]));
    return players;
}

/* Buxtehude with a person at seat 0, who lets the computer's judgement choose for them
 * until the cross is as wanted: then the cross is theirs to drag a card over. */
static gboolean bux_person_step(LpGame *game)
{
    BuxGame *bux = BUX_GAME(game);
    switch (bux_game_get_phase(bux)) {
    case BUX_PHASE_PLACE: {
        BuxArm arm;
        guint index;
        bux_ai_choose_gap(bux, 0, &arm, &index);
        return bux_game_place(bux, arm, index, NULL);
    }
    case BUX_PHASE_CHALLENGE:
        return bux_game_pass(bux, 0, NULL);
    case BUX_PHASE_ESTIMATE:
        return bux_game_estimate(bux, 0, bux_ai_estimate(bux, 0), NULL);
    default:
        return FALSE;
    }
}

/* How far a game is towards the scene a scenario wants, or -1 where it must not stop. */
typedef int (*ProgressFunc)(LpGame *game);

static int cross_size(LpGame *game)
{
    BuxGame *bux = BUX_GAME(game);
    if (bux_game_get_phase(bux) != BUX_PHASE_PLACE || lp_game_get_current_seat(game) != 0)
        return -1;
    int n = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        n += bux_game_get_arm_length(bux, a);
    return n;
}

static int route_cards(LpGame *game)
{
    int n = 0;
    for (guint s = 0; s < lp_game_get_n_players(game); s++)
        n += aa_game_get_route_length(AA_GAME(game), s);
    return n;
}

static LpGame *new_game(const LpGameUi *info, guint n_players, gboolean human)
{
    g_autoptr(GPtrArray) players = players_new(n_players, human);
    return lp_game_new_of_type(info->rules->get_type(), players, SEED, FALSE, NULL);
}

/* The computers play until progress reaches target; a game that ends first is played again
 * to its furthest point. */
static gboolean play_step(LpGame *game, const LpGameUi *info, gboolean human)
{
    if (lp_game_computer_step(game, info->rules->computer_move))
        return TRUE;
    return human && bux_person_step(game);
}

static LpGame *prepare_game(const LpGameUi *info, guint n_players, ProgressFunc progress,
                            int target)
{
    /* Only in Buxtehude does a person sit at the table (no one else's thinking shows). */
    gboolean human = progress == cross_size;
    LpGame *game = new_game(info, n_players, human);
    int best = -1;
    guint best_step = 0, step = 0;
    while (!lp_game_is_over(game)) {
        /* Without a measure (Minden: the board does not grow), target counts steps. */
        int p = progress != NULL ? progress(game) : (int)step;
        if (p >= target)
            return game;
        if (p > best) {
            best = p;
            best_step = step;
        }
        if (!play_step(game, info, human))
            break;
        step++;
    }
    g_object_unref(game);
    game = new_game(info, n_players, human);
    for (guint i = 0; i < best_step; i++)
        play_step(game, info, human);
    return game;
}

static GtkWidget *find_widget(GtkWidget *root, GType type)
{
    if (g_type_is_a(G_OBJECT_TYPE(root), type))
        return root;
    for (GtkWidget *c = gtk_widget_get_first_child(root); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_widget(c, type);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static LpDriver *page_driver(LpWindow *window)
{
    GtkWidget *page = find_widget(GTK_WIDGET(window), LP_TYPE_GAME_PAGE);
    return page != NULL ? lp_game_page_get_driver(LP_GAME_PAGE(page)) : NULL;
}

/* Continues game in the window through its save, as a family's Continue does. */
static gboolean show_game(LpWindow *window, LpGame *game)
{
    g_autoptr(GError) error = NULL;
    if (!lp_save_store_write(lp_window_get_save_store(window), game, &error)) {
        g_printerr("bench: %s\n", error->message);
        return FALSE;
    }
    return lp_window_continue_game(window, lp_game_get_kind(game));
}

/* ---- frames ----------------------------------------------------------------------------- */

static double percentile(GArray *sorted, double p)
{
    if (sorted->len == 0)
        return 0;
    guint i = (guint)(p * (sorted->len - 1) + 0.5);
    return g_array_index(sorted, double, MIN(i, sorted->len - 1));
}

static int compare_doubles(gconstpointer a, gconstpointer b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void finish(Bench *self, const char *json)
{
    printf("LANDPARTIE_BENCH %s\n", json);
    fflush(stdout);
    GApplication *app = g_application_get_default();
    if (app != NULL)
        g_application_quit(app);
}

static void move_pointer(GtkWidget *target, double x, double y)
{
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(target);
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        g_autoptr(GObject) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION(c))
            g_signal_emit_by_name(c, "motion", x, y);
    }
}

static void step(Bench *self)
{
    guint i = self->step++;
    if (g_str_has_prefix(self->scenario, "cross-drag") ||
        g_str_equal(self->scenario, "map-hover")) {
        /* A slow zigzag over the widget, as a card carried across the cross. */
        double w = gtk_widget_get_width(self->target), h = gtk_widget_get_height(self->target);
        double t = (i % 120) / 119.0;
        double x = w * (0.1 + 0.8 * t), y = h * (0.5 + 0.35 * sin(i * 0.21));
        move_pointer(self->target, x, y);
        gtk_widget_queue_draw(self->target);
    } else if (g_str_equal(self->scenario, "resize") ||
               g_str_equal(self->scenario, "empty-resize")) {
        double t = 0.5 - 0.5 * cos(i * 0.1);
        gtk_window_set_default_size(GTK_WINDOW(self->window), 1280 + (int)(640 * t),
                                    800 + (int)(280 * t));
    } else if (g_str_has_prefix(self->scenario, "empty-") ||
               g_str_has_prefix(self->scenario, "drawn-")) {
        /* Two shades in turn, only the one class swapped (as hello.c's repaint). */
        gtk_widget_remove_css_class(self->target, i % 2 ? "bench-empty-a" : "bench-empty-b");
        gtk_widget_add_css_class(self->target, i % 2 ? "bench-empty-b" : "bench-empty-a");
    } else if (g_str_equal(self->scenario, "route-row")) {
        /* What the Auf Achse page does after every event: all rows, as one seat sees them;
         * every other round at a stage's scoring. */
        guint n = 0;
        for (GtkWidget *row = self->target; row != NULL; row = gtk_widget_get_next_sibling(row)) {
            if (!AA_IS_ROUTE_ROW(row))
                continue;
            guint seats = lp_game_get_n_players(lp_window_get_game(self->window));
            int viewer = (int)(i % seats);
            gboolean scoring = (i / seats) % 2 == 1;
            aa_route_row_update(AA_ROUTE_ROW(row), viewer, scoring || (guint)viewer == n,
                                scoring);
            n++;
        }
    }
}

/* CPU time of the whole process, renderer threads (llvmpipe) included, in ms. */
static double cpu_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void on_before_paint(GdkFrameClock *clock, Bench *self)
{
    self->frame_start = g_get_monotonic_time();
    self->cpu_start = cpu_now_ms();
}

static void on_update(GdkFrameClock *clock, Bench *self)
{
    step(self);
}

/* LANDPARTIE_BENCH_NODE=<file>: the window's last render node, serialised as GTK's
 * inspector saves it, to find what a renderer spends a frame on (tests/bench/node-cost.c). */
static void write_node(Bench *self)
{
    const char *path = g_getenv("LANDPARTIE_BENCH_NODE");
    if (path == NULL || *path == '\0')
        return;
    GtkWidget *widget = GTK_WIDGET(self->window);
    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new(widget);
    g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new();
    /* At its own size, so that nothing is scaled. */
    gdk_paintable_snapshot(paintable, snapshot, gdk_paintable_get_intrinsic_width(paintable),
                           gdk_paintable_get_intrinsic_height(paintable));
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(g_steal_pointer(&snapshot));
    g_autoptr(GError) error = NULL;
    if (node == NULL || !gsk_render_node_write_to_file(node, path, &error))
        g_printerr("bench: no render node written to %s: %s\n", path,
                   error != NULL ? error->message : "nothing drawn");
}

static void on_after_paint(GdkFrameClock *clock, Bench *self)
{
    if (self->frame_start == 0)
        return;
    double ms = (g_get_monotonic_time() - self->frame_start) / 1000.0;
    double cpu = cpu_now_ms() - self->cpu_start;
    self->frame_start = 0;
    if (self->step <= WARM_UP_FRAMES)
        return;
    g_array_append_val(self->times_ms, ms);
    g_array_append_val(self->cpu_ms, cpu);
    if (self->times_ms->len < self->n_frames)
        return;

    for (guint i = 0; i < G_N_ELEMENTS(self->handlers); i++)
        g_clear_signal_handler(&self->handlers[i], clock);
    gdk_frame_clock_end_updating(clock);
    g_array_sort(self->times_ms, compare_doubles);
    g_array_sort(self->cpu_ms, compare_doubles);
    write_node(self);
    int w = gtk_widget_get_width(self->target), h = gtk_widget_get_height(self->target);
    g_autofree char *json = g_strdup_printf(
        "{\"scenario\": \"%s\", \"frames\": %u, \"p50_ms\": %.3f, \"p95_ms\": %.3f, "
        "\"max_ms\": %.3f, \"cpu_p50_ms\": %.3f, \"cpu_p95_ms\": %.3f, \"target_width\": %d, \"target_height\": %d, \"mapped\": %s}",
        self->scenario, self->times_ms->len, percentile(self->times_ms, 0.5),
        percentile(self->times_ms, 0.95), percentile(self->times_ms, 1.0),
        percentile(self->cpu_ms, 0.5), percentile(self->cpu_ms, 0.95), w, h,
        gtk_widget_get_mapped(self->target) ? "true" : "false");
    finish(self, json);
}

static void start_frames(Bench *self)
{
    self->clock = gtk_widget_get_frame_clock(GTK_WIDGET(self->window));
    g_assert(self->clock != NULL);
    self->handlers[0] = g_signal_connect(self->clock, "before-paint",
                                         G_CALLBACK(on_before_paint), self);
    self->handlers[1] = g_signal_connect(self->clock, "update", G_CALLBACK(on_update), self);
    self->handlers[2] = g_signal_connect(self->clock, "after-paint",
                                         G_CALLBACK(on_after_paint), self);
    gdk_frame_clock_begin_updating(self->clock);
}

/* The empty page: what a game draws on its table is hidden (opacity 0: not drawn, its room
 * kept, so the side panel and scroll bars stand where they stand in a game), and the page
 * itself becomes what each frame changes. */
static GtkWidget *empty_table(LpWindow *window, const char *kind, gboolean hide)
{
    static const char *const tables[][3] = {{"buxtehude", "BuxCross", NULL},
                                            {"minden", "MindenBoard", NULL},
                                            {"aufachse", "AaRouteRow", "AaHand"}};
    GtkWidget *page = find_widget(GTK_WIDGET(window), LP_TYPE_GAME_PAGE);
    if (page == NULL)
        return NULL;
    for (guint i = 0; hide && i < G_N_ELEMENTS(tables); i++) {
        if (!g_str_equal(tables[i][0], kind))
            continue;
        for (guint j = 1; j < 3 && tables[i][j] != NULL; j++) {
            GType type = g_type_from_name(tables[i][j]);
            GtkWidget *table = type != 0 ? find_widget(page, type) : NULL;
            if (table == NULL)
                return NULL;
            /* The route rows stand in one box: all of them go. */
            gtk_widget_set_opacity(type == AA_TYPE_ROUTE_ROW ? gtk_widget_get_parent(table)
                                                             : table,
                                   0);
        }
    }
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
                                    ".bench-empty-a { background: mix(@theme_bg_color, black, 0.01); }"
                                    " .bench-empty-b { background: mix(@theme_bg_color, white, 0.01); }",
                                    -1);
    gtk_style_context_add_provider_for_display(gtk_widget_get_display(page),
                                               GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    return page;
}

static gboolean prepare_frames(Bench *self)
{
    gboolean empty = g_str_has_prefix(self->scenario, "empty-");
    gboolean drawn = g_str_has_prefix(self->scenario, "drawn-");
    const char *kind = g_str_equal(self->scenario, "empty-resize") ? "buxtehude"
                       : empty ? self->scenario + strlen("empty-")
                       : drawn ? self->scenario + strlen("drawn-")
                       : g_str_has_prefix(self->scenario, "cross-drag") ||
                               g_str_equal(self->scenario, "resize")
                           ? "buxtehude"
                       : g_str_equal(self->scenario, "route-row") ? "aufachse"
                       : g_str_equal(self->scenario, "map-hover") ? "minden"
                                                                   : NULL;
    if (kind != NULL && lp_game_ui_lookup(kind) == NULL)
        kind = NULL;
    if (kind == NULL) {
        g_printerr("bench: unknown scenario %s\n", self->scenario);
        return FALSE;
    }
    const LpGameUi *info = lp_game_ui_lookup(kind);
    g_autoptr(LpGame) game = NULL;
    if (g_str_equal(kind, "buxtehude"))
        game = prepare_game(info, 3, cross_size,
                            g_str_equal(self->scenario, "cross-drag-big") ? 1000 : 12);
    else if (g_str_equal(kind, "aufachse"))
        game = prepare_game(info, 4, route_cards, 28);
    else
        game = prepare_game(info, 3, NULL, 40);
    if (game == NULL || !show_game(self->window, game))
        return FALSE;
    LpDriver *driver = page_driver(self->window);
    if (driver != NULL)
        lp_driver_hold(driver);

    if (empty || drawn) {
        self->target = empty_table(self->window, kind, empty);
    } else if (g_str_equal(kind, "buxtehude")) {
        self->target = find_widget(GTK_WIDGET(self->window), BUX_TYPE_CROSS);
        /* Issue 14 measured a cross widget of 3279×2552 (inside the page's scrolled
         * window); no single cross of a game grows that far, so the widget is made so. */
        if (self->target != NULL && g_str_equal(self->scenario, "cross-drag-big"))
            gtk_widget_set_size_request(self->target, 3279, 2552);
    } else if (g_str_equal(kind, "aufachse")) {
        GtkWidget *row = find_widget(GTK_WIDGET(self->window), AA_TYPE_ROUTE_ROW);
        self->target = row;
    } else {
        GType board = g_type_from_name("MindenBoard");
        self->target = board != 0 ? find_widget(GTK_WIDGET(self->window), board) : NULL;
    }
    if (self->target == NULL) {
        g_printerr("bench: nothing to measure for %s\n", self->scenario);
        return FALSE;
    }
    return TRUE;
}

/* ---- games ------------------------------------------------------------------------------ */

static long rss_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL)
        return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* A line "Name:   N kB" of /proc/self/status: RssAnon is what the process wrote itself,
 * RssFile the files it maps (fonts, caches, libraries) that the kernel may drop. */
static long status_kb(const char *name)
{
    g_autofree char *text = NULL;
    if (!g_file_get_contents("/proc/self/status", &text, NULL, NULL))
        return 0;
    g_autofree char *key = g_strconcat("\n", name, ":", NULL);
    const char *at = strstr(text, key);
    return at != NULL ? strtol(at + strlen(key), NULL, 10) : 0;
}

/* glibc's heap in use, what the allocator has handed out and not got back: unlike the
 * resident size it does not count free holes that are still mapped. */
static long heap_kb(void)
{
#ifdef __GLIBC__
    struct mallinfo2 info = mallinfo2();
    return (long)((info.uordblks + info.hblkhd) / 1024);
#else
    return 0;
#endif
}

static void next_game(Bench *self);

/* Outside Bench: a game may be finalized after the window. */
static guint games_finalized;

static void on_game_finalized(gpointer data, GObject *where_the_game_was)
{
    games_finalized++;
}

static gboolean poll_game(gpointer data)
{
    Bench *self = data;
    LpGame *game = lp_window_get_game(self->window);
    if (game == NULL || lp_game_is_over(game)) {
        /* The window gives memory back at the game's end: measure after it. */
        if (lp_memory_giving_back())
            return G_SOURCE_CONTINUE;
        self->poll_id = 0;
        long kb = rss_kb(), heap = heap_kb(), anon = status_kb("RssAnon"),
             file = status_kb("RssFile");
        g_array_append_val(self->rss_kb, kb);
        g_array_append_val(self->heap_kb, heap);
        g_array_append_val(self->anon_kb, anon);
        g_array_append_val(self->file_kb, file);
        self->games_played++;
        next_game(self);
        return G_SOURCE_REMOVE;
    }
    /* Pages hold the driver while people read; a family would press Continue. */
    LpDriver *driver = page_driver(self->window);
    if (driver != NULL && lp_driver_is_held(driver)) {
        GtkWidget *page = find_widget(GTK_WIDGET(self->window), LP_TYPE_GAME_PAGE);
        static const char *const continues[] = {"aa.continue", "bux.continue",
                                                "minden.continue"};
        for (guint i = 0; i < G_N_ELEMENTS(continues); i++)
            gtk_widget_activate_action(page, continues[i], NULL);
    }
    return G_SOURCE_CONTINUE;
}

static void append_kb(GString *json, const char *name, GArray *kb)
{
    g_string_append_printf(json, ", \"%s\": [", name);
    for (guint i = 0; i < kb->len; i++)
        g_string_append_printf(json, "%s%ld", i > 0 ? ", " : "", g_array_index(kb, long, i));
    g_string_append(json, "]");
}

static void next_game(Bench *self)
{
    if (self->games_played == self->games_left) {
        GString *json = g_string_new("{\"games\": ");
        /* A model that outlives its game (a reference left behind) shows here. */
        g_string_append_printf(json, "%u, \"games_finalized\": %u", self->games_played,
                               games_finalized);
        g_autofree char *kinds = g_strjoinv(",", self->kinds);
        g_string_append_printf(json, ", \"kinds\": \"%s\"", kinds);
        /* The highest the resident size ever stood (the kernel's high-water mark). */
        g_string_append_printf(json, ", \"peak_rss_kb\": %ld", status_kb("VmHWM"));
        append_kb(json, "rss_kb", self->rss_kb);
        append_kb(json, "heap_kb", self->heap_kb);
        append_kb(json, "rss_anon_kb", self->anon_kb);
        append_kb(json, "rss_file_kb", self->file_kb);
        g_string_append(json, "}");
        finish(self, json->str);
        g_string_free(json, TRUE);
        return;
    }
    const LpGameUi *info =
        lp_game_ui_lookup(self->kinds[self->games_played % g_strv_length(self->kinds)]);
    g_autoptr(GPtrArray) players = players_new(3, FALSE);
    g_autoptr(GError) error = NULL;
    if (!lp_window_start_game(self->window, info, players, SEED + self->games_played, FALSE,
                              &error)) {
        g_printerr("bench: %s\n", error->message);
        exit(1);
    }
    LpDriver *driver = page_driver(self->window);
    if (driver != NULL)
        lp_driver_set_delay(driver, 0);
    g_object_weak_ref(G_OBJECT(lp_window_get_game(self->window)), on_game_finalized, NULL);
    self->poll_id = g_timeout_add(5, poll_game, self);
}

static gboolean start_games(gpointer data)
{
    next_game(data);
    return G_SOURCE_REMOVE;
}

/* ---- the first frame -------------------------------------------------------------------- */

typedef struct {
    double before_window_ms;
    double prepare_gl_ms;
    double realize_ms;
    gboolean gl;
} FirstFrame;

/* The name of the GL renderer a context of this display gets ("llvmpipe (LLVM 15 …)" where
 * Mesa draws on the CPU), or NULL without GL. Asked after the first frame, outside its time. */
static char *gl_renderer_name(GdkDisplay *display)
{
    g_autoptr(GdkGLContext) context = gdk_display_create_gl_context(display, NULL);
    if (context == NULL || !gdk_gl_context_realize(context, NULL))
        return NULL;
    gdk_gl_context_make_current(context);
    const char *name = (const char *)glGetString(GL_RENDERER);
    char *copy = g_strdup(name);
    gdk_gl_context_clear_current();
    return copy;
}

static void on_first_frame(GdkFrameClock *clock, GtkWidget *window)
{
    /* The start-up ends here (CLOCK_MONOTONIC, the bench's clock), before the GL renderer's
     * name is asked and the app quits. */
    gint64 first_frame_us = g_get_monotonic_time();
    FirstFrame *first = g_object_get_data(G_OBJECT(window), "lp-bench-first-frame");
    g_signal_handlers_disconnect_by_func(clock, on_first_frame, window);
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    g_autofree char *gl_name = first->gl ? gl_renderer_name(gtk_widget_get_display(window))
                                         : NULL;
    g_autofree char *quoted = gl_name != NULL ? g_strescape(gl_name, NULL) : NULL;
    g_autofree char *json = g_strdup_printf(
        "{\"first_frame_us\": %" G_GINT64_FORMAT ", \"before_window_ms\": %.3f, "
        "\"prepare_gl_ms\": %.3f, \"realize_ms\": %.3f, "
        "\"renderer\": \"%s\", \"gl_renderer\": %s%s%s}",
        first_frame_us, first->before_window_ms, first->prepare_gl_ms, first->realize_ms,
        renderer != NULL ? G_OBJECT_TYPE_NAME(renderer) : "", quoted != NULL ? "\"" : "",
        quoted != NULL ? quoted : "null", quoted != NULL ? "\"" : "");
    finish(NULL, json);
}

/* The start-up as a family's, with the renderer's part timed: GTK would set up the display's
 * GL and make the renderer at the window's realize inside the present that follows; here
 * the same happens a moment earlier, on a clock. */
static void start_first_frame(LpWindow *window, gint64 started)
{
    FirstFrame *first = g_new0(FirstFrame, 1);
    g_object_set_data_full(G_OBJECT(window), "lp-bench-first-frame", first, g_free);
    gint64 t0 = g_get_monotonic_time();
    first->before_window_ms = (t0 - started) / 1000.0;
    first->gl = gdk_display_prepare_gl(gtk_widget_get_display(GTK_WIDGET(window)), NULL);
    gint64 t1 = g_get_monotonic_time();
    gtk_widget_realize(GTK_WIDGET(window));
    gint64 t2 = g_get_monotonic_time();
    first->prepare_gl_ms = (t1 - t0) / 1000.0;
    first->realize_ms = (t2 - t1) / 1000.0;
    g_signal_connect(gtk_widget_get_frame_clock(GTK_WIDGET(window)), "after-paint",
                     G_CALLBACK(on_first_frame), window);
}

/* ---- entry ------------------------------------------------------------------------------ */

static void bench_free(gpointer data)
{
    Bench *self = data;
    g_clear_handle_id(&self->poll_id, g_source_remove);
    if (self->clock != NULL) {
        for (guint i = 0; i < G_N_ELEMENTS(self->handlers); i++)
            g_clear_signal_handler(&self->handlers[i], self->clock);
    }
    g_clear_pointer(&self->times_ms, g_array_unref);
    g_clear_pointer(&self->cpu_ms, g_array_unref);
    g_clear_pointer(&self->rss_kb, g_array_unref);
    g_clear_pointer(&self->heap_kb, g_array_unref);
    g_clear_pointer(&self->anon_kb, g_array_unref);
    g_clear_pointer(&self->file_kb, g_array_unref);
    g_strfreev(self->kinds);
    g_free(self->scenario);
    g_free(self);
}

gboolean lp_bench_mode_start(LpWindow *window, gint64 started)
{
    g_return_val_if_fail(LP_IS_WINDOW(window), FALSE);
    const char *first_frame = g_getenv("LANDPARTIE_BENCH_FIRST_FRAME");
    if (first_frame != NULL && *first_frame != '\0') {
        start_first_frame(window, started);
        return TRUE;
    }
    const char *scenario = g_getenv("LANDPARTIE_BENCH_FRAMES");
    const char *games = g_getenv("LANDPARTIE_BENCH_GAMES");
    if ((scenario == NULL || *scenario == '\0') && (games == NULL || *games == '\0'))
        return FALSE;

    Bench *self = g_new0(Bench, 1);
    self->window = window;
    g_object_set_data_full(G_OBJECT(window), "lp-bench-mode", self, bench_free);
    lp_settings_set_animation_speed(lp_window_get_settings(window), LP_ANIMATION_SPEED_OFF);
    if (games != NULL && *games != '\0') {
        self->games_left = (guint)g_ascii_strtoull(games, NULL, 10);
        self->rss_kb = g_array_new(FALSE, FALSE, sizeof(long));
        self->heap_kb = g_array_new(FALSE, FALSE, sizeof(long));
        self->anon_kb = g_array_new(FALSE, FALSE, sizeof(long));
        self->file_kb = g_array_new(FALSE, FALSE, sizeof(long));
        const char *kinds = g_getenv("LANDPARTIE_BENCH_GAME_KINDS");
        self->kinds = g_strsplit(kinds != NULL && *kinds != '\0' ? kinds
                                                                 : "buxtehude,minden,aufachse",
                                 ",", -1);
        for (guint i = 0; self->kinds[i] != NULL; i++) {
            if (lp_game_ui_lookup(self->kinds[i]) == NULL) {
                g_printerr("bench: unknown game %s\n", self->kinds[i]);
                exit(3);
            }
        }
        g_idle_add(start_games, self);
        return TRUE;
    }

    self->scenario = g_strdup(scenario);
    const char *count = g_getenv("LANDPARTIE_BENCH_FRAME_COUNT");
    self->n_frames = count != NULL ? (guint)g_ascii_strtoull(count, NULL, 10) : 180;
    self->n_frames = MAX(self->n_frames, 1);
    self->times_ms = g_array_new(FALSE, FALSE, sizeof(double));
    self->cpu_ms = g_array_new(FALSE, FALSE, sizeof(double));
    gtk_window_unmaximize(GTK_WINDOW(window));
    gtk_window_set_default_size(GTK_WINDOW(window), 1920, 1080);
    if (!prepare_frames(self)) {
        printf("LANDPARTIE_BENCH {\"scenario\": \"%s\", \"not_measured\": true}\n", scenario);
        fflush(stdout);
        exit(3);
    }
    /* The frame clock exists once the window is realized. */
    g_signal_connect_swapped(window, "map", G_CALLBACK(start_frames), self);
    return TRUE;
}
