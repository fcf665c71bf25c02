/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cross's cards as textures with a GL renderer (issue 35, bux-cross.c's stamps): a card
 * or gap drawn a second time at the same zoom comes from its texture, and looks as its nodes did; a
 * window being resized draws its cards from the textures it has, scaled, and a quarter of a
 * second after the last new size draws them sharp again. Runs with GSK_RENDERER=gl (Mesa's
 * llvmpipe under Xvfb); a display without GL fails the test rather than skipping it. */
#include "config.h"

#include <gtk/gtk.h>
#include <gsk/gl/gskglrenderer.h>
#include <math.h>

#include "bux-cross.h"
#include "bux-test-util.h"

static void iterate(void)
{
    for (int i = 0; i < 200 && g_main_context_pending(NULL); i++)
        g_main_context_iteration(NULL, FALSE);
}

static void wait_ms(guint ms)
{
    gint64 until = g_get_monotonic_time() + ms * G_TIME_SPAN_MILLISECOND;
    while (g_get_monotonic_time() < until) {
        g_usleep(10000);
        iterate();
    }
}

/* The textures drawn in node, and how many of them are drawn at a size other than their
 * pixels' (scaled). */
static void count_textures(GskRenderNode *node, guint *textures, guint *scaled)
{
    switch (gsk_render_node_get_node_type(node)) {
    case GSK_CONTAINER_NODE:
        for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
            count_textures(gsk_container_node_get_child(node, i), textures, scaled);
        break;
    case GSK_TRANSFORM_NODE:
        count_textures(gsk_transform_node_get_child(node), textures, scaled);
        break;
    case GSK_CLIP_NODE:
        count_textures(gsk_clip_node_get_child(node), textures, scaled);
        break;
    case GSK_ROUNDED_CLIP_NODE:
        count_textures(gsk_rounded_clip_node_get_child(node), textures, scaled);
        break;
    case GSK_OPACITY_NODE:
        count_textures(gsk_opacity_node_get_child(node), textures, scaled);
        break;
    case GSK_DEBUG_NODE:
        count_textures(gsk_debug_node_get_child(node), textures, scaled);
        break;
    case GSK_TEXTURE_NODE: {
        GdkTexture *texture = gsk_texture_node_get_texture(node);
        graphene_rect_t b;
        gsk_render_node_get_bounds(node, &b);
        (*textures)++;
        if (fabs(b.size.width - gdk_texture_get_width(texture)) > 0.01 ||
            fabs(b.size.height - gdk_texture_get_height(texture)) > 0.01)
            (*scaled)++;
        break;
    }
    default:
        break;
    }
}

/* One drawing of the cross, as the window would ask for it. */
static GskRenderNode *draw(GtkWidget *cross, guint *textures, guint *scaled)
{
    GtkSnapshot *snapshot = gtk_snapshot_new();
    GTK_WIDGET_GET_CLASS(cross)->snapshot(cross, snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_assert_nonnull(node);
    *textures = *scaled = 0;
    count_textures(node, textures, scaled);
    return node;
}

/* node's pixels, w × h, by the window's renderer. */
static guchar *pixels_of(GtkWidget *cross, GskRenderNode *node, int w, int h)
{
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(cross));
    g_autoptr(GdkTexture) texture =
        gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
    guchar *pixels = g_malloc((gsize)w * h * 4);
    gdk_texture_download(texture, pixels, (gsize)w * 4);
    return pixels;
}

/* The cross at w × h. */
static void allocate(GtkWidget *cross, int w, int h)
{
    int min, nat;
    gtk_widget_measure(cross, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_measure(cross, GTK_ORIENTATION_VERTICAL, w, &min, &nat, NULL, NULL);
    gtk_widget_size_allocate(cross, &(GtkAllocation){ 0, 0, w, h }, -1);
    g_assert_cmpint(gtk_widget_get_width(cross), ==, w);
}

/* The cross in a window that is realized with a GL renderer but never shown: it draws no
 * frame of its own, so each drawing here is the cross's next one. One window for the tests
 * (GTK 4.8 does not take a window that was only realized down cleanly). */
static GtkWidget *cross_window(BuxGame *game, int width, int height, GtkWidget **cross)
{
    static GtkWidget *window;
    if (window == NULL) {
        window = gtk_window_new();
        gtk_widget_realize(window);
    }
    *cross = bux_cross_new();
    bux_cross_set_game(BUX_CROSS(*cross), game);
    bux_cross_set_interactive(BUX_CROSS(*cross), TRUE);
    gtk_window_set_child(GTK_WINDOW(window), *cross);
    gtk_widget_realize(*cross);
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    if (renderer == NULL || !GSK_IS_GL_RENDERER(renderer))
        g_error("the window's renderer is %s, not GL: this test needs GL (Mesa under Xvfb)",
                renderer != NULL ? G_OBJECT_TYPE_NAME(renderer) : "missing");
    allocate(*cross, width, height);
    return window;
}

/* What the cross of ten_card_game() draws from textures: the ten cards, the starting card and
 * the Direction card, and its 14 gaps (one before each card of an arm and the free place at
 * its end). */
#define N_STAMPS (12 + 14)

static BuxOwnedGame *ten_card_game(BuxDeck *deck, GPtrArray *players)
{
    BuxOwnedGame *game = bux_test_game(deck, players, 3);
    const BuxArm arms[] = { BUX_ARM_NORTH, BUX_ARM_SOUTH, BUX_ARM_WEST, BUX_ARM_EAST,
                            BUX_ARM_NORTH, BUX_ARM_SOUTH, BUX_ARM_WEST, BUX_ARM_EAST,
                            BUX_ARM_NORTH, BUX_ARM_SOUTH };
    for (guint i = 0; i < G_N_ELEMENTS(arms); i++)
        bux_test_place_at_end(game, arms[i]);
    return game;
}

static void test_textures_look_as_nodes(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = ten_card_game(deck, players);
    GtkWidget *cross;
    GtkWidget *window = cross_window(game, 900, 700, &cross);
    int w = 900, h = 700;

    /* Drawn first as nodes (a gap's look drawn a second time in the same drawing comes from
     * its texture already), the second time from textures, one for each card and gap, none
     * scaled. */
    guint textures, scaled;
    g_autoptr(GskRenderNode) nodes = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, <, N_STAMPS - 12);
    g_autoptr(GskRenderNode) again = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, ==, N_STAMPS);
    g_assert_cmpuint(scaled, ==, 0);
    g_autoptr(GskRenderNode) flat = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, ==, N_STAMPS);

    /* Both look the same: the textures lie on the pixels the nodes were drawn on. */
    g_autofree guchar *a = pixels_of(cross, nodes, w, h);
    g_autofree guchar *b = pixels_of(cross, again, w, h);
    g_autofree guchar *c = pixels_of(cross, flat, w, h);
    gsize differ = 0, differ_flat = 0, drawn = 0;
    int worst = 0;
    for (gsize i = 0; i < (gsize)w * h * 4; i += 4) {
        int d = 0;
        for (int k = 0; k < 4; k++)
            d = MAX(d, abs((int)a[i + k] - (int)b[i + k]));
        worst = MAX(worst, d);
        differ += d > 2;
        differ_flat += memcmp(b + i, c + i, 4) != 0;
        drawn += memcmp(a + i, a, 4) != 0;
    }
    g_test_message("%zu of %d pixels differ by more than 2 (at most %d); %zu drawn", differ,
                   w * h, worst, drawn);
    /* Something was drawn at all (not only the table), and the same thing both times. */
    g_assert_cmpuint(drawn, >, (gsize)w * h / 20);
    g_assert_cmpuint(differ, <=, (gsize)w * h / 1000);
    g_assert_cmpint(worst, <=, 16);
    g_assert_cmpuint(differ_flat, ==, 0);
    gtk_window_set_child(GTK_WINDOW(window), NULL);
    iterate();
}

static void test_resize_draws_textures_scaled(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = ten_card_game(deck, players);
    GtkWidget *cross;
    GtkWidget *window = cross_window(game, 900, 700, &cross);
    guint textures, scaled;
    g_autoptr(GskRenderNode) first = draw(cross, &textures, &scaled);
    g_autoptr(GskRenderNode) before = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, ==, N_STAMPS);
    g_assert_cmpuint(scaled, ==, 0);

    /* A smaller window, a smaller zoom: while the size changes, the cards come from the
     * textures they have, scaled down, frame after frame. */
    for (int step = 0; step < 4; step++) {
        allocate(cross, 700 - 10 * step, 520 - 5 * step);
        g_autoptr(GskRenderNode) resizing = draw(cross, &textures, &scaled);
        g_assert_cmpuint(textures, ==, N_STAMPS);
        g_assert_cmpuint(scaled, ==, N_STAMPS);
    }

    /* A quarter of a second after the last new size: sharp, as nodes once, then from new
     * textures at the new zoom. */
    wait_ms(400);
    g_autoptr(GskRenderNode) settled = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, <, N_STAMPS - 12);
    g_autoptr(GskRenderNode) sharp = draw(cross, &textures, &scaled);
    g_assert_cmpuint(textures, ==, N_STAMPS);
    g_assert_cmpuint(scaled, ==, 0);
    gtk_window_set_child(GTK_WINDOW(window), NULL);
    iterate();
}

int main(int argc, char **argv)
{
    g_setenv("GSK_RENDERER", "gl", TRUE);
    g_unsetenv("GDK_DEBUG");
    gtk_init();
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/stamps/textures-look-as-nodes", test_textures_look_as_nodes);
    g_test_add_func("/buxtehude/stamps/resize-draws-textures-scaled",
                    test_resize_draws_textures_scaled);
    return g_test_run();
}
