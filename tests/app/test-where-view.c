/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?": each finished game's places sit on the map where their cards say, can
 * be reached with Tab and tell their card, and the view saves as a picture. */
#include <gtk/gtk.h>
#include <math.h>

#include "lp-export.h"
#include "lp-games.h"
#include "lp-germany-map.h"
#include "lp-test-util.h"
#include "lp-where-view.h"
#include "minden-board.h"

static GPtrArray *computer_players(guint n)
{
    static const char *const names[] = { "Anna", "Ben", "Cem" };
    static const char *const colours[] = { "#e01b24", "#3584e4", "#f6d32d" };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);

    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], 30 + i, colours[i], LP_PLAYER_COMPUTER,
                                               LP_LEVEL_NORMAL));
    return players;
}

static LpGame *finished_game(const char *kind)
{
    const LpGameRules *rules = lp_games_lookup(kind);
    g_autoptr(GPtrArray) players = computer_players(3);
    g_autoptr(GError) error = NULL;
    LpGame *game = lp_game_new_of_type(rules->get_type(), players, 2026, FALSE, &error);

    g_assert_no_error(error);
    lp_game_run_computers(game, rules->computer_move);
    g_assert_true(lp_game_is_over(game));
    return game;
}

static gboolean is_laid_out(gpointer data)
{
    return gtk_widget_get_mapped(data) && gtk_widget_get_width(data) > 300;
}

/* Every mark realized and placed: GTK's focus chain skips children that are not realized yet,
 * which a loaded machine (the suite under ASan) can leave for a while after the view maps. */
static gboolean marks_are_placed(gpointer data)
{
    LpWhereView *view = data;

    for (guint i = 0; i < lp_where_view_get_n_markers(view); i++) {
        GtkWidget *mark = lp_where_view_get_marker(view, i);
        if (!gtk_widget_get_realized(mark) || !gtk_widget_get_mapped(mark) ||
            gtk_widget_get_width(mark) <= 0)
            return FALSE;
    }
    return TRUE;
}

/* The mark that should have the focus has it; if not, the message names what has it. */
static void assert_focus_on_mark(GtkWindow *window, LpWhereView *view, guint want)
{
    GtkWidget *focus = gtk_window_get_focus(window);
    if (focus == lp_where_view_get_marker(view, want))
        return;
    int index = -1;
    for (guint i = 0; i < lp_where_view_get_n_markers(view); i++)
        if (lp_where_view_get_marker(view, i) == focus)
            index = (int) i;
    g_autofree char *msg = g_strdup_printf(
        "focus should be on mark %u of %u, it is on %s (mark %d), window active: %d", want,
        lp_where_view_get_n_markers(view), focus != NULL ? G_OBJECT_TYPE_NAME(focus) : "nothing",
        index, gtk_window_is_active(window));
    g_assertion_message(G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
}

static GtkWindow *show_view(LpPlaceList *places, GtkWidget **view_out)
{
    GtkWindow *window = lp_where_window_new(NULL, places, "Test");
    gtk_window_present(window);
    GtkWidget *box = gtk_window_get_child(window);
    GtkWidget *view = gtk_widget_get_first_child(box);
    g_assert_true(LP_IS_WHERE_VIEW(view));
    g_assert_true(lp_test_wait_for(is_laid_out, view));
    g_assert_true(lp_test_wait_for(marks_are_placed, view));
    lp_test_iterate();
    *view_out = view;
    return window;
}

/* The centre of a mark in the map's coordinates against the projection of its place. */
static void check_marks_on_places(LpWhereView *view, LpPlaceList *places)
{
    guint n = lp_place_list_get_n_places(places);
    g_assert_cmpuint(lp_where_view_get_n_markers(view), ==, n);
    g_assert_cmpuint(n, >, 0);

    GtkWidget *map = gtk_widget_get_parent(lp_where_view_get_marker(view, 0));
    const LpMapProjection *p = lp_germany_map_get_projection();
    double w = gtk_widget_get_width(map), h = gtk_widget_get_height(map);
    double s = MIN(w / p->width, h / p->height);
    double ox = (w - p->width * s) / 2, oy = (h - p->height * s) / 2;

    for (guint i = 0; i < n; i++) {
        const LpPlace *place = lp_place_list_get_place(places, i);
        GtkWidget *mark = lp_where_view_get_marker(view, i);
        graphene_rect_t bounds;
        g_assert_true(gtk_widget_compute_bounds(mark, map, &bounds));
        double want_x = ox + s * (place->lon - p->lon_min) * p->px_lon;
        double want_y = oy + s * (p->lat_max - place->lat) * p->px_lat;
        double cx = bounds.origin.x + bounds.size.width / 2;
        double cy = bounds.origin.y + bounds.size.height / 2;
        g_assert_cmpfloat(fabs(cx - want_x), <=, 1.0);
        g_assert_cmpfloat(fabs(cy - want_y), <=, 1.0);
        if (place->is_area)
            g_assert_cmpfloat(fabs(bounds.size.width - s * (place->east - place->west) * p->px_lon),
                              <=, 2.0);
        g_assert_true(gtk_widget_get_focusable(mark));
        /* The screen reader's name of the mark names the place. */
        g_autofree char *describe = lp_place_describe(place, places);
        g_autofree char *wrong = gtk_test_accessible_check_property(
            GTK_ACCESSIBLE(mark), GTK_ACCESSIBLE_PROPERTY_LABEL, describe);
        g_assert_null(wrong);
    }
}

static gboolean is_active(gpointer window)
{
    return gtk_window_is_active(window);
}

/* Tab or an arrow key, as the window gets it: from a window that has the keyboard. An
 * inactive GTK window keeps its focus widget but not the chain of focus children above it,
 * so a Tab there starts again from its first widget; on the display the tests share, another
 * test's window can take the keyboard at any moment (the flake of test-where-view in CI,
 * "focus should be on mark 1 …, window active: 0"). */
static gboolean move_focus(GtkWindow *window, GtkDirectionType direction)
{
    if (!gtk_window_is_active(window)) {
        gtk_window_present(window);
        g_assert_true(lp_test_wait_for(is_active, window));
    }
    gboolean moved = gtk_widget_child_focus(GTK_WIDGET(window), direction);
    lp_test_iterate();
    return moved;
}

static void check_focus_tells_card(GtkWindow *window, LpWhereView *view, LpPlaceList *places)
{
    GtkWidget *first = lp_where_view_get_marker(view, 0);
    const LpPlace *p0 = lp_place_list_get_place(places, 0);

    /* The window opens with the first place focused, so the keyboard starts on the map. */
    assert_focus_on_mark(window, view, 0);
    g_assert_nonnull(strstr(lp_where_view_get_info(view), p0->name));
    /* Elsewhere: a hint. Focused: the place's name and its card's facts. */
    gtk_window_set_focus(window, NULL);
    lp_test_iterate();
    g_assert_null(strstr(lp_where_view_get_info(view), p0->name));
    gtk_widget_grab_focus(first);
    lp_test_iterate();
    g_assert_nonnull(strstr(lp_where_view_get_info(view), p0->name));
    if (p0->facts != NULL)
        g_assert_nonnull(strstr(lp_where_view_get_info(view), p0->facts));

    /* Tab goes to the next place in the list's order. */
    g_assert_true(move_focus(window, GTK_DIR_TAB_FORWARD));
    assert_focus_on_mark(window, view, 1);
    const LpPlace *p1 = lp_place_list_get_place(places, 1);
    g_assert_nonnull(strstr(lp_where_view_get_info(view), p1->name));
    /* And Shift+Tab back. */
    g_assert_true(move_focus(window, GTK_DIR_TAB_BACKWARD));
    assert_focus_on_mark(window, view, 0);
    /* The arrow keys walk the same order and stop at the first place. */
    g_assert_true(move_focus(window, GTK_DIR_RIGHT));
    assert_focus_on_mark(window, view, 1);
    g_assert_true(move_focus(window, GTK_DIR_UP));
    assert_focus_on_mark(window, view, 0);
    move_focus(window, GTK_DIR_LEFT);
    assert_focus_on_mark(window, view, 0);
}

static gboolean is_inactive(gpointer window)
{
    return !gtk_window_is_active(window);
}

/* Another test's window on the shared display takes the keyboard from ours. */
static void check_focus_after_losing_keyboard(GtkWindow *window, LpWhereView *view)
{
    gtk_widget_grab_focus(lp_where_view_get_marker(view, 0));
    lp_test_iterate();
    GtkWidget *other = gtk_window_new();
    gtk_window_present(GTK_WINDOW(other));
    if (!lp_test_wait_for(is_inactive, window))
        g_test_message("this display kept the window active");
    assert_focus_on_mark(window, view, 0);
    g_assert_true(move_focus(window, GTK_DIR_TAB_FORWARD));
    assert_focus_on_mark(window, view, 1);
    g_assert_true(move_focus(window, GTK_DIR_LEFT));
    assert_focus_on_mark(window, view, 0);
    gtk_window_destroy(GTK_WINDOW(other));
    lp_test_iterate();
}

static void check_export(GtkWidget *view)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "where.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) error = NULL;

    g_assert_true(lp_export_widget_png(view, file, &error));
    g_assert_no_error(error);
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_file(file, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(texture), ==,
                    gtk_widget_get_width(view) * gtk_widget_get_scale_factor(view));
}

static void test_game(gconstpointer data)
{
    const char *kind = data;
    g_autoptr(LpGame) game = finished_game(kind);
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);
    GtkWidget *view;
    GtkWindow *window = show_view(places, &view);

    check_marks_on_places(LP_WHERE_VIEW(view), places);
    check_focus_tells_card(window, LP_WHERE_VIEW(view), places);
    check_focus_after_losing_keyboard(window, LP_WHERE_VIEW(view));
    check_export(view);
    gtk_window_destroy(window);
    lp_test_iterate();
}

static void test_aufachse(void)
{
    g_autoptr(LpGame) game = finished_game("aufachse");
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);
    GtkWidget *view;
    GtkWindow *window = show_view(places, &view);

    /* No places: no map, the note and each player's kilometres instead. */
    g_assert_cmpuint(lp_where_view_get_n_markers(LP_WHERE_VIEW(view)), ==, 0);
    g_assert_nonnull(lp_test_find_label(view, lp_place_list_get_note(places)));
    for (guint i = 0; i < lp_place_list_get_n_lines(places); i++)
        g_assert_nonnull(lp_test_find_label(view, lp_place_list_get_line(places, i)));
    check_export(view);
    gtk_window_destroy(window);
    lp_test_iterate();
}

/* The Minden board and the view draw the same map texture: the SVG is rendered once for a
 * size, however many widgets show it. */
static void test_shared_map(void)
{
    const LpMapProjection *p = lp_germany_map_get_projection();
    int w = (int) ceil(p->width * 0.5), h = (int) ceil(p->height * 0.5);
    guint before = lp_germany_map_get_render_count();
    gint64 t0 = g_get_monotonic_time();
    g_autoptr(GdkTexture) a = lp_germany_map_get_texture(w, h);
    gint64 t1 = g_get_monotonic_time();
    g_autoptr(GdkTexture) b = lp_germany_map_get_texture(w, h);
    /* For the log only (speed is for tests/bench): a render and a cache hit. */
    g_test_message("map %d×%d: rendered in %.1f ms, from the cache in %.3f ms", w, h,
                   (t1 - t0) / 1000.0, (g_get_monotonic_time() - t1) / 1000.0);

    g_assert_nonnull(a);
    g_assert_true(a == b);
    g_assert_cmpuint(lp_germany_map_get_render_count(), ==, before + 1);
    g_assert_cmpint(gdk_texture_get_width(a), ==, w);
    /* Bremen's solution lies inside the map, in proportion. */
    double x, y;
    lp_germany_map_geo_to_map(53.0793, 8.8017, &x, &y);
    g_assert_cmpfloat(x, >, 0);
    g_assert_cmpfloat(x, <, p->width);
    g_assert_cmpfloat(y, >, 0);
    g_assert_cmpfloat(y, <, p->height);
    double lat, lon;
    lp_germany_map_map_to_geo(x, y, &lat, &lon);
    g_assert_cmpfloat(fabs(lat - 53.0793), <, 1e-9);
    g_assert_cmpfloat(fabs(lon - 8.8017), <, 1e-9);

    /* A Minden board of a size the cache holds renders no SVG of its own. */
    guint n_cities = 0;
    lp_germany_map_get_cities(&n_cities);
    g_assert_cmpuint(n_cities, >, 0);
}

static void test_button(void)
{
    g_autoptr(LpGame) game = finished_game("minden");
    GtkWidget *window = gtk_window_new();
    /* A winner screen: a ranking, then a suggested "Play Again". */
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *ranking = gtk_label_new("1. Anna");
    GtkWidget *again = gtk_button_new_with_label("Play Again");
    gtk_widget_add_css_class(again, "suggested-action");
    gtk_widget_add_css_class(again, "pill");
    gtk_widget_set_halign(again, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(box), ranking);
    gtk_box_append(GTK_BOX(box), again);
    GtkWidget *button = lp_where_button_add_after(ranking, game);

    /* Between the ranking and Play Again, shaped like it but not the suggested one. */
    g_assert_true(gtk_widget_get_next_sibling(ranking) == button);
    g_assert_true(gtk_widget_get_next_sibling(button) == again);
    g_assert_true(gtk_widget_has_css_class(button, "pill"));
    g_assert_false(gtk_widget_has_css_class(button, "suggested-action"));
    g_assert_cmpint(gtk_widget_get_halign(button), ==, GTK_ALIGN_START);
    gtk_window_set_child(GTK_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
    lp_test_iterate();
    g_assert_true(gtk_widget_get_sensitive(button));
    g_autofree char *wrong = gtk_test_accessible_check_property(
        GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Where Were They?");
    g_assert_null(wrong);

    g_signal_emit_by_name(button, "clicked");
    lp_test_iterate();
    /* A modal window over the game's window, with the map. */
    GtkWindow *where = NULL;
    GListModel *toplevels = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        g_autoptr(GtkWindow) w = g_list_model_get_item(toplevels, i);
        if (gtk_window_get_transient_for(w) == GTK_WINDOW(window))
            where = w;
    }
    g_assert_nonnull(where);
    g_assert_true(gtk_window_get_modal(where));
    g_assert_true(LP_IS_WHERE_VIEW(gtk_widget_get_first_child(gtk_window_get_child(where))));
    /* Escape closes it. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(where), "window.close", NULL));
    lp_test_iterate();
    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_data_func("/where/buxtehude", "buxtehude", test_game);
    g_test_add_data_func("/where/minden", "minden", test_game);
    g_test_add_func("/where/aufachse", test_aufachse);
    g_test_add_func("/where/shared-map", test_shared_map);
    g_test_add_func("/where/button", test_button);
    return g_test_run();
}
