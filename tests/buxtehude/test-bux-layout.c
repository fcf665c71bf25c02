/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The layout of the Buxtehude cross and its cards (issue 13): the zoom that fits the cross to
 * its space, gaps large enough to hit and clear of the compass, the scroll position that keeps
 * the card just placed in sight, and card text that breaks between words, shrinks before it
 * is cut and keeps numbers with their units. The cross itself under Xvfb: five cards north
 * at a netbook's size still show the starting card and the south arm without scrolling. */
#include "config.h"

#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <math.h>
#include <string.h>

#include "bux-card-text.h"
#include "bux-cross.h"
#include "bux-test-util.h"
#include "lp-test-util.h"

#define NBSP "\302\240"

/* ---- zoom, gaps, scrolling -------------------------------------------------------------- */

static void test_zoom(void)
{
    /* A small cross on a big screen grows, up to the largest zoom. */
    g_assert_cmpfloat(bux_cross_fit_zoom(1560, 1030, 570, 440), ==, BUX_CROSS_MAX_ZOOM);
    /* A long arm on a netbook shrinks, and still fits. */
    double zoom = bux_cross_fit_zoom(650, 545, 580, 1080);
    g_assert_cmpfloat(zoom, >=, BUX_CROSS_MIN_ZOOM);
    g_assert_cmpfloat(zoom * 1080, <=, 545);
    g_assert_cmpfloat(zoom * 580, <=, 650);
    /* In steps of 2^(1/12), rounded down: the next step up would not fit. */
    double k = 12 * log2(zoom);
    g_assert_cmpfloat(fabs(k - round(k)), <, 1e-9);
    g_assert_true(zoom * exp2(1.0 / 12) * 1080 > 545);
    /* A space that fits a step exactly gets that step, not the one below. */
    g_assert_cmpfloat(fabs(bux_cross_fit_zoom(1000, 1000, 1000, 1000) - 1.0), <, 1e-12);
    g_assert_cmpfloat(fabs(bux_cross_fit_zoom(1000 * exp2(-5.0 / 12), 1000, 1000, 1000) -
                           exp2(-5.0 / 12)), <, 1e-12);
    /* Few sizes: every zoom a game asks for is one of 26 steps or a bound. */
    GHashTable *steps = g_hash_table_new_full(g_double_hash, g_double_equal, g_free, NULL);
    for (double w = 100; w <= 3000; w += 0.5) {
        double *z = g_new(double, 1);
        *z = bux_cross_fit_zoom(w, 4000, 1000, 1000);
        g_hash_table_add(steps, z);
    }
    g_assert_cmpuint(g_hash_table_size(steps), ==, 28);
    g_hash_table_destroy(steps);
    /* Never below the smallest readable zoom: beyond it the scrolled window scrolls. */
    g_assert_cmpfloat(bux_cross_fit_zoom(300, 200, 1000, 2000), ==, BUX_CROSS_MIN_ZOOM);
    g_assert_cmpfloat(bux_cross_fit_zoom(0, 0, 10, 10), ==, BUX_CROSS_MIN_ZOOM);
    /* Growing the space never shrinks the cross. */
    double last = 0;
    for (double w = 300; w <= 3000; w += 50) {
        double z = bux_cross_fit_zoom(w, w * 0.6, 700, 500);
        g_assert_cmpfloat(z, >=, last);
        last = z;
    }
}

static void test_gap_areas(void)
{
    graphene_rect_t direction = bux_cross_direction_area();
    for (BuxArm arm = 0; arm < BUX_N_ARMS; arm++) {
        for (guint len = 0; len <= 8; len++) {
            for (guint g = 0; g <= len; g++) {
                graphene_rect_t r = bux_cross_gap_area(arm, len, g);
                /* At least 32 × 32 pixels even at the smallest zoom. */
                g_assert_cmpfloat(r.size.width * BUX_CROSS_MIN_ZOOM, >=, 32);
                g_assert_cmpfloat(r.size.height * BUX_CROSS_MIN_ZOOM, >=, 32);
                /* Never on the Direction card and its arrows. */
                g_assert_false(graphene_rect_intersection(&r, &direction, NULL));
                /* No two gaps share a point. */
                for (BuxArm arm2 = 0; arm2 < BUX_N_ARMS; arm2++) {
                    for (guint g2 = 0; g2 <= len; g2++) {
                        if (arm2 == arm && g2 == g)
                            continue;
                        graphene_rect_t r2 = bux_cross_gap_area(arm2, len, g2);
                        graphene_rect_t both;
                        if (graphene_rect_intersection(&r, &r2, &both))
                            g_assert_cmpfloat(both.size.width * both.size.height, <, 1e-6);
                    }
                }
            }
        }
    }
}

/* Issue 36: every gap takes clicks and drops over at least 44 × 44 pixels at every zoom,
 * the first one of an arm grown towards the starting card where it has to; the targets of
 * one zoom never share a point, and none reaches the middle third of the starting card. */
static void test_gap_targets(void)
{
    const double zooms[] = { BUX_CROSS_MIN_ZOOM, 0.45, 0.5, 0.63, 0.8, 1.0, BUX_CROSS_MAX_ZOOM };
    for (guint z = 0; z < G_N_ELEMENTS(zooms); z++) {
        double zoom = zooms[z];
        for (BuxArm arm = 0; arm < BUX_N_ARMS; arm++) {
            for (guint len = 0; len <= 8; len++) {
                for (guint g = 0; g <= len; g++) {
                    graphene_rect_t r = bux_cross_gap_target(arm, len, g, zoom);
                    graphene_rect_t area = bux_cross_gap_area(arm, len, g);
                    g_assert_cmpfloat(r.size.width * zoom, >=, BUX_CROSS_MIN_TARGET - 1e-3);
                    g_assert_cmpfloat(r.size.height * zoom, >=, BUX_CROSS_MIN_TARGET - 1e-3);
                    /* Grown, never shrunk: the layout's own area is inside. */
                    g_assert_true(graphene_rect_contains_rect(&r, &area));
                    if (g > 0)
                        g_assert_true(graphene_rect_equal(&r, &area));
                    /* The starting card's middle (a third each way) takes no clicks. */
                    graphene_rect_t middle = GRAPHENE_RECT_INIT(-140.0 / 6, -96.0 / 6,
                                                                140.0 / 3, 96.0 / 3);
                    g_assert_false(graphene_rect_intersection(&r, &middle, NULL));
                    for (BuxArm arm2 = 0; arm2 < BUX_N_ARMS; arm2++) {
                        for (guint g2 = 0; g2 <= len; g2++) {
                            if (arm2 == arm && g2 == g)
                                continue;
                            graphene_rect_t r2 = bux_cross_gap_target(arm2, len, g2, zoom);
                            graphene_rect_t both;
                            if (graphene_rect_intersection(&r, &r2, &both))
                                g_assert_cmpfloat(both.size.width * both.size.height, <, 1e-6);
                        }
                    }
                }
            }
        }
    }
    /* At a large zoom nothing grows. */
    graphene_rect_t a = bux_cross_gap_area(BUX_ARM_NORTH, 3, 0);
    graphene_rect_t t = bux_cross_gap_target(BUX_ARM_NORTH, 3, 0, 1.0);
    g_assert_true(graphene_rect_equal(&a, &t));
}

static void test_scroll(void)
{
    /* Both in sight already: nothing moves. */
    g_assert_cmpfloat(bux_cross_scroll_value(100, 500, 0, 1000, 150, 250, 400, 500), ==, 100);
    /* The card placed far north, the start below: both fit, both are shown. */
    double v = bux_cross_scroll_value(400, 500, 0, 1200, 100, 200, 500, 600);
    g_assert_cmpfloat(v, <=, 100);
    g_assert_cmpfloat(v + 500, >=, 600);
    /* They do not fit together: the card, and as much towards the start as fits. */
    v = bux_cross_scroll_value(900, 400, 0, 1500, 100, 200, 1000, 1100);
    g_assert_cmpfloat(v, <=, 100);
    g_assert_cmpfloat(v + 400, >=, 200);
    g_assert_cmpfloat(v + 400, >, 450);
    /* Never beyond the ends. */
    g_assert_cmpfloat(bux_cross_scroll_value(0, 500, 0, 600, 550, 600, 0, 50), <=, 100);
}

/* ---- card text -------------------------------------------------------------------------- */

static void test_keep_together(void)
{
    g_autofree char *area = bux_text_keep_together("40,150 inhabitants · 76.4 km²");
    g_assert_cmpstr(area, ==, "40,150" NBSP "inhabitants" NBSP "· 76.4" NBSP "km²");
    g_autofree char *coords = bux_text_keep_together("53°29′ N, 9°42′ E");
    g_assert_cmpstr(coords, ==, "53°29′" NBSP "N, 9°42′" NBSP "E");
    g_autofree char *words = bux_text_keep_together("Highest mountain (1,493 m)");
    g_assert_cmpstr(words, ==, "Highest mountain (1,493" NBSP "m)");
    g_autofree char *plain = bux_text_keep_together("Bad Segeberg");
    g_assert_cmpstr(plain, ==, "Bad Segeberg");
}

static PangoLayout *new_layout(gboolean bold)
{
    PangoFontMap *map = pango_cairo_font_map_get_default();
    PangoContext *context = pango_font_map_create_context(map);
    PangoLayout *layout = pango_layout_new(context);
    g_object_unref(context);
    PangoFontDescription *font = pango_font_description_from_string("Sans");
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    return layout;
}

/* The lines of layout, "|"-separated. */
static char *lines_of(PangoLayout *layout)
{
    const char *text = pango_layout_get_text(layout);
    GString *out = g_string_new(NULL);
    for (GSList *l = pango_layout_get_lines_readonly(layout); l != NULL; l = l->next) {
        PangoLayoutLine *line = l->data;
        if (out->len > 0)
            g_string_append_c(out, '|');
        g_string_append_len(out, text + line->start_index, line->length);
    }
    return g_string_free(out, FALSE);
}

static void test_words_whole(void)
{
    /* A long one-word name shrinks rather than breaking ("Kaiserslauter-n"). */
    g_autoptr(PangoLayout) layout = new_layout(TRUE);
    gboolean fits = FALSE;
    double size = bux_text_fit(layout, "Kaiserslautern", 126, 3, 84, 22, 8, &fits);
    g_assert_true(fits);
    g_assert_cmpfloat(size, <, 22);
    g_assert_cmpint(pango_layout_get_line_count(layout), ==, 1);
    g_assert_false(pango_layout_is_ellipsized(layout));

    /* A hyphen the word has is a place to break; a hyphen of Pango's own is not. */
    for (double width = 60; width <= 200; width += 4) {
        const char *names[] = { "Mecklenburg-Vorpommern", "Garmisch-Partenkirchen",
                                "Rothenburg ob der Tauber", "Brandenburg an der Havel",
                                "Monument to the Battle of the Nations", "Gelsenkirchen" };
        for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
            bux_text_fit(layout, names[i], width, 3, 200, 22, 6, &fits);
            g_autofree char *lines = lines_of(layout);
            if (fits) {
                g_assert_true(bux_text_breaks_between_words(layout));
                g_assert_false(pango_layout_is_ellipsized(layout));
                /* Every line ends at a space or a hyphen of the name itself. */
                g_auto(GStrv) parts = g_strsplit(lines, "|", -1);
                for (guint k = 0; parts[k + 1] != NULL; k++) {
                    g_assert_true(g_str_has_suffix(parts[k], " ") ||
                                  g_str_has_suffix(parts[k], "-"));
                }
            }
        }
    }
    /* "Mecklenburg-Vorpommern" in a narrow place: broken at its hyphen. */
    g_assert_true(bux_text_set_at(layout, "Mecklenburg-Vorpommern", 100, 12, 2, 100));
    g_autofree char *mv = lines_of(layout);
    g_assert_cmpstr(mv, ==, "Mecklenburg-|Vorpommern");
}

static void test_shrink_before_cut(void)
{
    /* The whole text at a smaller size rather than "Monument to th…". */
    g_autoptr(PangoLayout) layout = new_layout(TRUE);
    gboolean fits = FALSE;
    bux_text_fit(layout, "Monument to the Battle of the Nations", 130, 3, 50, 15, 8, &fits);
    g_assert_true(fits);
    g_assert_false(pango_layout_is_ellipsized(layout));
    g_autofree char *lines = lines_of(layout);
    g_assert_nonnull(strstr(lines, "Nations"));

    /* Too much for the room even at the smallest size: cut, within the room. */
    bux_text_fit(layout, "Monument to the Battle of the Nations", 40, 2, 20, 15, 12, &fits);
    g_assert_false(fits);
    g_assert_true(pango_layout_is_ellipsized(layout));
    g_assert_cmpint(pango_layout_get_line_count(layout), <=, 2);
}

static void test_units_stay(void)
{
    /* "km²" never starts a line, nor does the "·" between the figures. */
    g_autoptr(PangoLayout) layout = new_layout(FALSE);
    g_autofree char *text = bux_text_keep_together("126,329 inhabitants · 118.7 km²");
    for (double width = 30; width <= 260; width += 2) {
        bux_text_set_at(layout, text, width, 11, 12, 400);
        g_autofree char *lines = lines_of(layout);
        g_assert_null(strstr(lines, "|km²"));
        g_assert_null(strstr(lines, "|·"));
    }
}

/* ---- the cross on a netbook --------------------------------------------------------------- */

static void iterate(void)
{
    for (int i = 0; i < 200 && g_main_context_pending(NULL); i++)
        g_main_context_iteration(NULL, FALSE);
}

/* Lets the main loop run for ms milliseconds. */
static void wait_ms(int ms)
{
    gint64 until = g_get_monotonic_time() + ms * G_TIME_SPAN_MILLISECOND;
    while (g_get_monotonic_time() < until) {
        g_usleep(10000);
        iterate();
    }
}

static gboolean window_is_active(gpointer window)
{
    return gtk_window_is_active(GTK_WINDOW(window));
}

/* Waits until window is the active one, so that its focus widget has the keyboard focus: the
 * GTK test programs share one X display, and another's new window takes the focus from it. */
static void wait_active(GtkWidget *window)
{
    for (int i = 0; i < 3 && !window_is_active(window); i++) {
        gtk_window_present(GTK_WINDOW(window));
        lp_test_wait_for(window_is_active, window);
    }
    g_assert_true(window_is_active(window));
}

/* A cross in a scrolled window of the given size, as the page holds it. */
static GtkWidget *cross_window(BuxGame *game, int width, int height, GtkWidget **cross)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *scrolled = gtk_scrolled_window_new();
    *cross = bux_cross_new();
    bux_cross_set_game(BUX_CROSS(*cross), game);
    bux_cross_set_interactive(BUX_CROSS(*cross), TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), *cross);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_window_present(GTK_WINDOW(window));
    for (int i = 0; i < 20 && gtk_widget_get_height(*cross) == 0; i++) {
        g_usleep(20000);
        iterate();
    }
    iterate();
    g_assert_cmpint(gtk_widget_get_height(*cross), >, 0);
    return window;
}

static void test_cross_fits_both_arms(void)
{
    /* Three cards north, three south, two west and two east, with six players at 1024 × 600
     * (the space beside the side panel): every gap is in sight without scrolling, and the
     * cards are no smaller than the smallest zoom. */
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(6, 6, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, players, 11);
    static const BuxArm arms[] = { BUX_ARM_NORTH, BUX_ARM_SOUTH, BUX_ARM_WEST, BUX_ARM_EAST };
    for (guint k = 0; k < 10; k++)
        bux_test_place_at_end(game, arms[k < 6 ? k % 2 : 2 + k % 2]);
    g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_NORTH), ==, 3);
    g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_SOUTH), ==, 3);
    GtkWidget *cross;
    GtkWidget *window = cross_window(game, 630, 535, &cross);
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW(gtk_widget_get_parent(
        gtk_widget_get_parent(cross)));
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(scrolled);
    GtkAdjustment *h = gtk_scrolled_window_get_hadjustment(scrolled);
    g_assert_cmpfloat(gtk_adjustment_get_upper(v), <=, gtk_adjustment_get_page_size(v) + 0.5);
    g_assert_cmpfloat(gtk_adjustment_get_upper(h), <=, gtk_adjustment_get_page_size(h) + 0.5);
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

static void test_cross_fits_netbook(void)
{
    /* Five cards north, in the space a 1024 × 600 window leaves the cross: no scrolling,
     * so the starting card and the south arm are in sight. */
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(3, 3, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, players, 7);
    for (guint k = 0; k < 5; k++)
        bux_test_place_at_end(game, BUX_ARM_NORTH);
    GtkWidget *cross;
    GtkWidget *window = cross_window(game, 650, 545, &cross);
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW(gtk_widget_get_parent(
        gtk_widget_get_parent(cross)));
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(scrolled);
    g_assert_cmpfloat(gtk_adjustment_get_upper(v), <=, gtk_adjustment_get_page_size(v) + 0.5);

    /* The dragged card is a small picture beside the pointer, not a big card over the gap. */
    g_autoptr(GdkPaintable) icon = bux_cross_make_drag_icon(BUX_CROSS(cross),
                                                            bux_game_get_hand(game));
    g_assert_nonnull(icon);
    g_assert_cmpint(gdk_paintable_get_intrinsic_width(icon), <=, 100);
    g_assert_cmpint(gdk_paintable_get_intrinsic_height(icon), <=, 75);

    /* With a much longer arm it scrolls rather than shrink the cards below the smallest
     * zoom. */
    for (guint k = 0; k < 6; k++)
        bux_test_place_at_end(game, BUX_ARM_NORTH);
    for (int i = 0; i < 10; i++) {
        g_usleep(20000);
        iterate();
    }
    g_assert_cmpfloat(gtk_adjustment_get_upper(v), >, gtk_adjustment_get_page_size(v));
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

/* The cross as drawn, in cairo's byte order (blue, green, red, alpha), w × h pixels. */
static guchar *draw_cross(GtkWidget *cross, int *w, int *h)
{
    for (int i = 0; i < 10; i++) {
        g_usleep(20000);
        iterate();
    }
    *w = gtk_widget_get_width(cross);
    *h = gtk_widget_get_height(cross);
    g_assert_cmpint(*w, >, 4);
    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new(cross);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, *w, *h);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    g_assert_nonnull(node);
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(cross));
    g_autoptr(GdkTexture) texture =
        gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, *w, *h));
    guchar *pixels = g_malloc((gsize)*w * *h * 4);
    gdk_texture_download(texture, pixels, (gsize)*w * 4);
    return pixels;
}

/* The luminance of the cross's table, as drawn. */
static double table_luminance(GtkWidget *cross)
{
    int w, h;
    g_autofree guchar *pixels = draw_cross(cross, &w, &h);
    /* A corner: the table, never a card. */
    const guchar *px = pixels + ((gsize)2 * w + 2) * 4;
    return (0.0722 * px[0] + 0.7152 * px[1] + 0.2126 * px[2]) / 255.0;
}

/* Whether anything but the table is drawn on cross: a pixel that differs from its corner. */
static gboolean anything_drawn(GtkWidget *cross)
{
    int w, h;
    g_autofree guint32 *pixels = (guint32 *)draw_cross(cross, &w, &h);
    for (gsize i = 0; i < (gsize)w * h; i++) {
        if (pixels[i] != pixels[0])
            return TRUE;
    }
    return FALSE;
}

static void test_cross_follows_style(void)
{
    /* Colours come from the theme: the dark style gives a dark table (STYLE.md: canvases
     * take colours and fonts from the widget). */
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, players, 3);
    GtkWidget *window = gtk_window_new();
    GtkWidget *cross = bux_cross_new();
    bux_cross_set_game(BUX_CROSS(cross), game);
    gtk_window_set_child(GTK_WINDOW(window), cross);
    gtk_window_set_default_size(GTK_WINDOW(window), 600, 450);
    gtk_window_present(GTK_WINDOW(window));
    GtkSettings *settings = gtk_settings_get_default();
    g_object_set(settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
    double light = table_luminance(cross);
    g_object_set(settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
    double dark = table_luminance(cross);
    g_object_set(settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
    g_assert_cmpfloat(light, >, 0.6);
    g_assert_cmpfloat(dark, <, 0.4);
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

static void test_final_cross_stays(void)
{
    /* At the end every card has left the game, but the checked last cross stays on the table
     * beside the ranking, as the page asks for with the scoring's last step. */
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, players, 5);
    for (guint turn = 0; turn < 500 && bux_game_get_phase(game) != BUX_PHASE_OVER; turn++) {
        if (bux_game_get_phase(game) == BUX_PHASE_ESTIMATE) {
            for (guint s = 0; s < 2; s++) {
                if (!bux_game_has_estimated(game, s))
                    g_assert_true(bux_game_estimate(game, s, 0, &error));
            }
        } else {
            bux_test_place_at_end(game, turn % BUX_N_ARMS);
        }
    }
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_OVER);
    g_assert_cmpint(bux_game_get_start_card(game), <, 0);
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    g_assert_nonnull(sc);
    GtkWidget *cross;
    GtkWidget *window = cross_window(game, 800, 600, &cross);
    bux_cross_set_interactive(BUX_CROSS(cross), FALSE);
    g_assert_false(anything_drawn(cross));
    bux_cross_set_scoring_step(BUX_CROSS(cross), (int)sc->wrong->len + 1);
    g_assert_true(anything_drawn(cross));
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

/* Lets the cross draw (and its idle work run). */
static void settle(void)
{
    for (int i = 0; i < 10; i++) {
        g_usleep(20000);
        iterate();
    }
}

/* Issue 36: on a crowded cross a revealed card's details would be about 7 px high; below a
 * legible size (about 9 pt) they are left out and shown on hover, focus and click instead.
 * On a roomy cross they stay on the card. */
static void test_details_legible(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);

    /* Roomy: the starting card and one challenged card, face up while the result shows. */
    g_autoptr(GPtrArray) two = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) small = bux_test_game(deck, two, 3);
    g_assert_true(bux_game_place(small, BUX_ARM_NORTH, 0, &error));
    guint other = (bux_game_get_turn_seat(small) + 1) % 2;
    g_assert_true(bux_game_challenge(small, other, &error));
    g_assert_no_error(error);
    const BuxChallenge *c = bux_game_get_last_challenge(small);
    g_assert_nonnull(c);
    GtkWidget *cross;
    GtkWidget *window = cross_window(small, 630, 535, &cross);
    bux_cross_set_interactive(BUX_CROSS(cross), FALSE);
    bux_cross_set_show_revealed(BUX_CROSS(cross), TRUE);
    settle();
    g_assert_null(bux_cross_get_card_details_text(BUX_CROSS(cross), c->card));
    g_assert_null(bux_cross_get_card_details_text(BUX_CROSS(cross),
                                                  bux_game_get_start_card(small)));
    g_assert_false(bux_cross_show_card_details(BUX_CROSS(cross), c->card));
    g_assert_false(gtk_widget_get_focusable(cross));
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();

    /* Crowded: a scoring's cross of many cards, every one revealed. */
    g_autoptr(GPtrArray) six = bux_test_players(6, 6, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(deck, six, 11);
    for (guint turn = 0; turn < 500 && bux_game_get_last_scoring(game) == NULL; turn++) {
        if (bux_game_get_phase(game) == BUX_PHASE_ESTIMATE) {
            for (guint s = 0; s < 6; s++) {
                if (!bux_game_has_estimated(game, s))
                    g_assert_true(bux_game_estimate(game, s, 0, &error));
            }
        } else {
            bux_test_place_at_end(game, turn % BUX_N_ARMS);
        }
    }
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    g_assert_nonnull(sc);
    window = cross_window(game, 630, 535, &cross);
    bux_cross_set_interactive(BUX_CROSS(cross), FALSE);
    bux_cross_set_scoring_step(BUX_CROSS(cross), 0);
    settle();
    int terse = -1;
    guint n_terse = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        for (guint i = 0; i < sc->arms[a]->len; i++) {
            int card = g_array_index(sc->arms[a], int, i);
            g_autofree char *text = bux_cross_get_card_details_text(BUX_CROSS(cross), card);
            if (text == NULL)
                continue;
            const BuxCard *bc = bux_deck_get_card(deck, card);
            g_autofree char *details = bux_card_details(bc);
            g_assert_nonnull(strstr(text, bux_card_get_name(bc)));
            g_assert_nonnull(strstr(text, details));
            g_assert_nonnull(strstr(text, bux_state_name(bc->state)));
            if (terse < 0)
                terse = card;
            n_terse++;
        }
    }
    g_test_message("%u cards show their details on hover, focus and click", n_terse);
    g_assert_cmpint(terse, >=, 0);
    /* The keyboard reaches them: the cross stays focusable, keeps the focus it had while
     * the person placed cards, and the first such card shows its details at once. */
    g_assert_true(gtk_widget_get_focusable(cross));
    g_assert_true(gtk_window_get_focus(GTK_WINDOW(window)) == cross);
    wait_active(window);
    g_assert_true(gtk_widget_has_focus(cross));
    g_assert_cmpint(bux_cross_get_details_card(BUX_CROSS(cross)), >=, 0);
    /* A click (and the same call) shows a card's in a popover. */
    g_assert_true(bux_cross_show_card_details(BUX_CROSS(cross), terse));
    g_assert_cmpint(bux_cross_get_details_card(BUX_CROSS(cross)), ==, terse);
    /* A larger window: the popover goes with its card, and points where it would if it were
     * opened now. */
    g_autoptr(GPtrArray) popovers = lp_test_find_all(cross, GTK_TYPE_POPOVER, NULL);
    g_assert_cmpuint(popovers->len, ==, 1);
    GtkPopover *popover = popovers->pdata[0];
    GdkRectangle before, after, opened;
    g_assert_true(gtk_popover_get_pointing_to(popover, &before));
    gtk_widget_set_size_request(gtk_widget_get_parent(gtk_widget_get_parent(cross)), 900, 700);
    wait_ms(800);
    g_assert_cmpint(gtk_widget_get_width(cross), >=, 900);
    g_assert_cmpint(bux_cross_get_details_card(BUX_CROSS(cross)), ==, terse);
    g_assert_true(gtk_popover_get_pointing_to(popover, &after));
    g_assert_true(bux_cross_show_card_details(BUX_CROSS(cross), terse));
    g_assert_true(gtk_popover_get_pointing_to(popover, &opened));
    g_assert_cmpint(after.width, >, before.width);
    g_assert_true(gdk_rectangle_equal(&after, &opened));
    /* A new state of the game takes them away. */
    bux_cross_set_scoring_step(BUX_CROSS(cross), -1);
    settle();
    g_assert_cmpint(bux_cross_get_details_card(BUX_CROSS(cross)), ==, -1);
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

/* ---- text at its size on screen ----------------------------------------------------------- */

typedef struct {
    guint texts;
    guint scaled;            /* text nodes under a scale */
    guint off_scale;         /* sizes not on the card text's scale, 2^(k/12) pixels */
    GHashTable *sizes;       /* "weight size" on screen, every size a font of cairo's */
} TextSeen;

/* Every text node in node, with the transform it is drawn under. */
static void walk_text(GskRenderNode *node, GskTransform *above, TextSeen *seen)
{
    switch (gsk_render_node_get_node_type(node)) {
    case GSK_CONTAINER_NODE:
        for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
            walk_text(gsk_container_node_get_child(node, i), above, seen);
        break;
    case GSK_TRANSFORM_NODE: {
        GskTransform *t = gsk_transform_transform(gsk_transform_ref(above),
                                                  gsk_transform_node_get_transform(node));
        walk_text(gsk_transform_node_get_child(node), t, seen);
        gsk_transform_unref(t);
        break;
    }
    case GSK_CLIP_NODE:
        walk_text(gsk_clip_node_get_child(node), above, seen);
        break;
    case GSK_ROUNDED_CLIP_NODE:
        walk_text(gsk_rounded_clip_node_get_child(node), above, seen);
        break;
    case GSK_OPACITY_NODE:
        walk_text(gsk_opacity_node_get_child(node), above, seen);
        break;
    case GSK_DEBUG_NODE:
        walk_text(gsk_debug_node_get_child(node), above, seen);
        break;
    case GSK_TEXT_NODE: {
        float xx = 1, yx = 0, xy = 0, yy = 1, dx = 0, dy = 0;
        if (above != NULL)
            gsk_transform_to_2d(above, &xx, &yx, &xy, &yy, &dx, &dy);
        seen->texts++;
        seen->scaled += xx != 1 || yy != 1 || yx != 0 || xy != 0;
        PangoFontDescription *font = pango_font_describe_with_absolute_size(
            gsk_text_node_get_font(node));
        double px = (double)pango_font_description_get_size(font) / PANGO_SCALE;
        double step = 12 * log2(px);
        seen->off_scale += fabs(step - round(step)) > 0.01; /* in Pango units */
        g_hash_table_add(seen->sizes,
                         g_strdup_printf("%d %.2f", pango_font_description_get_weight(font),
                                         px * xx));
        pango_font_description_free(font);
        break;
    }
    default:
        break;
    }
}

/* The cross, as it draws now, at w × h. */
static void see_text(GtkWidget *cross, int w, int h, TextSeen *seen)
{
    int min, nat;
    gtk_widget_measure(cross, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_measure(cross, GTK_ORIENTATION_VERTICAL, w, &min, &nat, NULL, NULL);
    gtk_widget_size_allocate(cross, &(GtkAllocation){ 0, 0, w, h }, -1);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    GTK_WIDGET_GET_CLASS(cross)->snapshot(cross, snapshot);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    g_assert_nonnull(node);
    walk_text(node, NULL, seen);
}

/* Issue 35: card text is set and drawn at its size on screen, under no scale: cairo keeps a
 * font, and the glyphs drawn with it, for every size and scale a text is drawn at, and text
 * set in the cross's units and scaled by the zoom made each card size a new font at each of
 * the zooms (a thousand of them, where the screen shows some sixty). While the window is
 * being resized the cards keep the text of the zoom before, scaled; a quarter of a second
 * after the last new size it is at its size on screen again. */
/* Plays game until its cross shows n cards, or its first scoring if n is 0. */
static void play_until(BuxGame *game, guint n_players, guint n)
{
    g_autoptr(GError) error = NULL;
    for (guint turn = 0; turn < 500 && bux_game_get_last_scoring(game) == NULL; turn++) {
        guint shown = 1;
        for (guint a = 0; a < BUX_N_ARMS; a++)
            shown += bux_game_get_arm_length(game, a);
        if (n > 0 && shown >= n)
            return;
        if (bux_game_get_phase(game) == BUX_PHASE_ESTIMATE) {
            for (guint s = 0; s < n_players; s++) {
                if (!bux_game_has_estimated(game, s))
                    g_assert_true(bux_game_estimate(game, s, 0, &error));
            }
        } else {
            bux_test_place_at_end(game, turn % BUX_N_ARMS);
        }
    }
    g_assert_true(n == 0 && bux_game_get_last_scoring(game) != NULL);
}

static void test_text_at_screen_size(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    /* The faces of a cross being played, and a scoring's cross: every card revealed, with
     * name, details and state. */
    g_autoptr(GPtrArray) six = bux_test_players(6, 6, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) playing = bux_test_game(deck, six, 11);
    play_until(playing, 6, 13);
    g_autoptr(BuxOwnedGame) scored = bux_test_game(deck, six, 11);
    play_until(scored, 6, 0);
    GtkWidget *window = gtk_window_new();
    GtkWidget *cross = bux_cross_new();
    gtk_window_set_child(GTK_WINDOW(window), cross);
    gtk_widget_realize(window);

    TextSeen seen = { 0, 0, 0, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL) };
    static const int sizes[][2] = { { 520, 400 }, { 800, 600 }, { 1100, 800 }, { 1600, 1000 } };
    for (int step = 0; step < 2; step++) {
        bux_cross_set_game(BUX_CROSS(cross), step == 0 ? playing : scored);
        bux_cross_set_scoring_step(BUX_CROSS(cross), step == 0 ? -1 : 1);
        for (guint i = 0; i < G_N_ELEMENTS(sizes); i++) {
            TextSeen now = { 0, 0, 0, seen.sizes };
            see_text(cross, sizes[i][0], sizes[i][1], &now);
            /* A new size: the text of the zoom before, scaled ... */
            if (i > 0)
                g_assert_cmpuint(now.scaled, >, 0);
            /* ... and at its size on screen once the window keeps its size. */
            wait_ms(400);
            now.texts = now.scaled = now.off_scale = 0;
            see_text(cross, sizes[i][0], sizes[i][1], &now);
            g_assert_cmpuint(now.texts, >, 16);
            g_assert_cmpuint(now.scaled, ==, 0);
            g_assert_cmpuint(now.off_scale, ==, 0);
            seen.texts += now.texts;
        }
    }
    g_test_message("%u texts at %u sizes of window: %u sizes of font on screen", seen.texts,
                   (guint)G_N_ELEMENTS(sizes), g_hash_table_size(seen.sizes));
    g_hash_table_unref(seen.sizes);
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
}

int main(int argc, char **argv)
{
    gtk_init();
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/layout/zoom", test_zoom);
    g_test_add_func("/buxtehude/layout/gap-areas", test_gap_areas);
    g_test_add_func("/buxtehude/layout/gap-targets", test_gap_targets);
    g_test_add_func("/buxtehude/layout/scroll", test_scroll);
    g_test_add_func("/buxtehude/layout/keep-together", test_keep_together);
    g_test_add_func("/buxtehude/layout/words-whole", test_words_whole);
    g_test_add_func("/buxtehude/layout/shrink-before-cut", test_shrink_before_cut);
    g_test_add_func("/buxtehude/layout/units-stay", test_units_stay);
    g_test_add_func("/buxtehude/layout/cross-fits-netbook", test_cross_fits_netbook);
    g_test_add_func("/buxtehude/layout/cross-fits-both-arms", test_cross_fits_both_arms);
    g_test_add_func("/buxtehude/layout/cross-follows-style", test_cross_follows_style);
    g_test_add_func("/buxtehude/layout/final-cross-stays", test_final_cross_stays);
    g_test_add_func("/buxtehude/layout/details-legible", test_details_legible);
    g_test_add_func("/buxtehude/layout/text-at-screen-size", test_text_at_screen_size);
    return g_test_run();
}
