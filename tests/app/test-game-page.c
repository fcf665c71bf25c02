/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpGamePage, the base of the game pages, and LpSettings, the one settings object: what a
 * page gets from its base (game, driver, settings, privacy screen, holds, model signals) and
 * that it lets all of it go; the pacing table and the settings' binding to GSettings. */
#include <string.h>

#include "lp-game-page.h"
#include "lp-test-game.h"
#include "lp-test-util.h"

static void test_base(void)
{
    LpGame *game = lp_test_game_new(1, 1);
    LpDriver *driver = lp_driver_new(game, NULL);
    LpSettings *settings = lp_settings_new();
    GtkWidget *page = lp_game_page_new(LP_TYPE_TEST_PAGE, game, driver, settings);

    g_object_ref_sink(page);
    g_assert_true(lp_game_page_get_game(LP_GAME_PAGE(page)) == game);
    g_assert_true(lp_game_page_get_driver(LP_GAME_PAGE(page)) == driver);
    g_assert_true(lp_game_page_get_settings(LP_GAME_PAGE(page)) == settings);
    /* One human: nothing is secret from the screen, so no cover. */
    g_assert_null(lp_game_page_get_privacy_screen(LP_GAME_PAGE(page)));

    /* The signal group the page connected in its init follows the model. */
    lp_game_emit_turn_started(game, 1);
    g_assert_cmpuint(lp_test_page_get_turns(LP_TEST_PAGE(page)), ==, 1);

    /* Holds nest and the page gives back what it still holds when it goes. */
    lp_game_page_hold(LP_GAME_PAGE(page));
    lp_game_page_hold(LP_GAME_PAGE(page));
    lp_game_page_release(LP_GAME_PAGE(page));
    g_assert_true(lp_driver_is_held(driver));
    g_assert_cmpuint(lp_game_page_get_holds(LP_GAME_PAGE(page)), ==, 1);

    /* Nothing of the page is left on the model once it is gone. */
    gpointer was = page; /* only compared, never used once the page is gone */
    g_assert_cmpuint(g_signal_handler_find(game, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, was),
                     !=, 0);
    g_assert_finalize_object(page);
    g_assert_false(lp_driver_is_held(driver));
    g_assert_cmpuint(g_signal_handler_find(game, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, was),
                     ==, 0);
    g_assert_finalize_object(driver);
    g_assert_finalize_object(game);
    g_assert_finalize_object(settings);
}

static void test_privacy(void)
{
    LpGame *game = lp_test_game_new(2, 1);
    LpDriver *driver = lp_driver_new(game, NULL);
    GtkWidget *page = lp_game_page_new(LP_TYPE_TEST_PAGE, game, driver, NULL);

    g_object_ref_sink(page);
    /* Two humans share the screen: the page's content goes behind a privacy screen. */
    LpPrivacyScreen *privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(page));
    g_assert_nonnull(privacy);
    g_assert_true(gtk_widget_get_parent(GTK_WIDGET(privacy)) == page);
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(privacy), "the test game page"));
    /* Without settings given, the page has its own. */
    g_assert_true(LP_IS_SETTINGS(lp_game_page_get_settings(LP_GAME_PAGE(page))));
    g_assert_finalize_object(page);
    g_assert_finalize_object(driver);
    g_assert_finalize_object(game);
}

static void iterate(void)
{
    for (int i = 0; i < 20; i++)
        while (g_main_context_iteration(NULL, FALSE))
            ;
}

static void undo(GtkWidget *editable)
{
    /* Ctrl+Z reaches the GtkText inside an entry or spin button. */
    GtkEditable *text = gtk_editable_get_delegate(GTK_EDITABLE(editable));
    gtk_widget_activate_action(text != NULL ? GTK_WIDGET(text) : editable, "text.undo", NULL);
}

/* Issue 10: nothing the previous person did in the page survives the hand-over, whatever
 * the game: typed text and its undo history, selections, scroll positions, open popovers,
 * hover, and what a screen reader was told of a seat's view. The base does it for every
 * widget of the page when the cover goes up. */
static void test_forget_seat(void)
{
    LpGame *game = lp_test_game_new(2, 1);
    LpDriver *driver = lp_driver_new(game, NULL);
    GtkWidget *page = lp_game_page_new(LP_TYPE_TEST_PAGE, game, driver, NULL);
    LpPrivacyScreen *privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(page));
    GtkWidget *window = gtk_window_new();

    /* A page with one of everything a person can leave a trace in. */
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    GtkWidget *tall = gtk_label_new("a long list");
    gtk_widget_set_size_request(tall, 200, 3000);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), tall);
    gtk_widget_set_size_request(scrolled, 200, 100);
    gtk_box_append(GTK_BOX(box), scrolled);
    GtkWidget *entry = gtk_entry_new();
    gtk_box_append(GTK_BOX(box), entry);
    GtkAdjustment *adjustment = gtk_adjustment_new(-1, -1, 45, 1, 5, 0);
    GtkWidget *spin = gtk_spin_button_new(adjustment, 1, 0);
    gtk_box_append(GTK_BOX(box), spin);
    GtkWidget *view = gtk_text_view_new();
    gtk_box_append(GTK_BOX(box), view);
    GtkWidget *label = gtk_label_new("Görlitz: East, South");
    gtk_label_set_selectable(GTK_LABEL(label), TRUE);
    gtk_box_append(GTK_BOX(box), label);
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_append(GTK_LIST_BOX(list), gtk_label_new("Hamburg"));
    gtk_list_box_append(GTK_LIST_BOX(list), gtk_label_new("Minden"));
    gtk_box_append(GTK_BOX(box), list);
    GtkWidget *menu = gtk_menu_button_new();
    GtkWidget *popover = gtk_popover_new();
    gtk_popover_set_child(GTK_POPOVER(popover), gtk_label_new("what Anna looked up"));
    gtk_menu_button_set_popover(GTK_MENU_BUTTON(menu), popover);
    gtk_box_append(GTK_BOX(box), menu);
    GtkWidget *card = gtk_button_new_with_label("Bremen");
    gtk_box_append(GTK_BOX(box), card);
    /* A hand: what a screen reader hears of it is Anna's alone. */
    GtkWidget *hand = gtk_button_new_with_label("Hand");
    lp_game_page_mark_seat_private(hand);
    gtk_box_append(GTK_BOX(box), hand);
    /* The map's name is the same for everybody: it stays. */
    GtkWidget *map = gtk_drawing_area_new();
    gtk_accessible_update_property(GTK_ACCESSIBLE(map), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   "Map of Germany", -1);
    gtk_box_append(GTK_BOX(box), map);
    /* A seat-private canvas that asks for its tooltip when shown keeps asking. */
    GtkWidget *canvas = gtk_drawing_area_new();
    lp_game_page_mark_seat_private(canvas);
    gtk_widget_set_has_tooltip(canvas, TRUE);
    gtk_box_append(GTK_BOX(box), canvas);

    g_assert_nonnull(privacy);
    lp_privacy_screen_set_child(privacy, NULL);
    lp_privacy_screen_set_child(privacy, box);
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 500);
    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    iterate();

    /* Anna's traces. */
    GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    g_assert_cmpfloat(gtk_adjustment_get_upper(vadj), >, 1000);
    gtk_adjustment_set_value(vadj, 900);
    int pos = 0;
    gtk_editable_insert_text(GTK_EDITABLE(entry), "Anna: 3", -1, &pos);
    gtk_editable_select_region(GTK_EDITABLE(entry), 0, 4);
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(spin), 3);
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    GtkTextIter end;
    gtk_text_buffer_get_end_iter(buffer, &end);
    gtk_text_buffer_insert(buffer, &end, "Anna thinks 3", -1);
    gtk_label_select_region(GTK_LABEL(label), 0, 7);
    gtk_list_box_select_row(GTK_LIST_BOX(list),
                            gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 1));
    gtk_menu_button_popup(GTK_MENU_BUTTON(menu));
    gtk_widget_set_state_flags(card, GTK_STATE_FLAG_PRELIGHT, FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(hand), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   "Hand of Anna: 120 km, Rest",
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Anna's turn", -1);
    gtk_widget_set_tooltip_text(hand, "Anna keeps 120 km for the last stage");
    iterate();
    g_assert_true(gtk_widget_get_visible(popover));
    int start_sel, end_sel;
    g_assert_true(gtk_label_get_selection_bounds(GTK_LABEL(label), &start_sel, &end_sel));

    lp_privacy_screen_cover(privacy, "P2", NULL);
    iterate();

    g_assert_cmpfloat(gtk_adjustment_get_value(vadj), ==, 0);
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(entry)), ==, "");
    g_assert_false(gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), NULL, NULL));
    g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin)), ==, -1);
    g_assert_cmpint(gtk_text_buffer_get_char_count(buffer), ==, 0);
    g_assert_false(gtk_label_get_selection_bounds(GTK_LABEL(label), &start_sel, &end_sel));
    g_assert_null(gtk_list_box_get_selected_row(GTK_LIST_BOX(list)));
    g_assert_false(gtk_widget_get_visible(popover));
    g_assert_false(gtk_widget_get_state_flags(card) & GTK_STATE_FLAG_PRELIGHT);
    /* Nothing a screen reader could be told of the hand is Anna's, should the page not say
     * it again for Ben; the map keeps its name. */
    g_autofree char *told = lp_test_widget_text(hand);
    g_assert_null(strstr(told, "Anna"));
    g_assert_false(gtk_test_accessible_has_property(GTK_ACCESSIBLE(hand),
                                                    GTK_ACCESSIBLE_PROPERTY_LABEL));
    g_assert_false(gtk_test_accessible_has_property(GTK_ACCESSIBLE(hand),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
    g_assert_null(gtk_widget_get_tooltip_text(hand));
    g_assert_true(gtk_widget_get_has_tooltip(canvas));
    g_assert_null(gtk_test_accessible_check_property(GTK_ACCESSIBLE(map),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     "Map of Germany"));

    /* Ben looks: Ctrl+Z brings nothing of Anna's back. */
    lp_privacy_screen_uncover(privacy);
    iterate();
    undo(entry);
    undo(spin);
    gtk_widget_activate_action(view, "text.undo", NULL);
    iterate();
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(entry)), ==, "");
    g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin)), ==, -1);
    g_assert_cmpint(gtk_text_buffer_get_char_count(buffer), ==, 0);
    g_assert_false(gtk_widget_get_visible(popover));

    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
    g_assert_finalize_object(driver);
    g_assert_finalize_object(game);
}

static void on_notify(guint *count)
{
    (*count)++;
}

/* A page's content for the carry-over: a long list, a field, a spin button, a button. */
static GtkWidget *carry_content(GtkWidget *page, gboolean spin_sensitive)
{
    GtkWidget *old = gtk_widget_get_first_child(page);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    GtkWidget *tall = gtk_label_new("a long list");
    gtk_widget_set_size_request(tall, 200, 3000);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), tall);
    gtk_widget_set_size_request(scrolled, 200, 100);
    gtk_box_append(GTK_BOX(box), scrolled);
    gtk_box_append(GTK_BOX(box), gtk_entry_new());
    GtkWidget *spin = gtk_spin_button_new(gtk_adjustment_new(-1, -1, 45, 1, 5, 0), 1, 0);
    gtk_widget_set_sensitive(spin, spin_sensitive);
    gtk_box_append(GTK_BOX(box), spin);
    gtk_box_append(GTK_BOX(box), gtk_button_new_with_label("Place Tip"));
    gtk_widget_unparent(old);
    gtk_widget_set_parent(box, page);
    return box;
}

static GtkWidget *nth(GtkWidget *box, guint n)
{
    GtkWidget *child = gtk_widget_get_first_child(box);
    while (n-- > 0)
        child = gtk_widget_get_next_sibling(child);
    return child;
}

/* Issue 31: a joining window puts up a new page for every view of its seat. What the person
 * was doing carries over to the same widget of the new page: the focus, where they scrolled
 * to, what they typed; a field the new view no longer asks for keeps its own value. */
static void test_carry_over(void)
{
    LpGame *game = lp_test_game_new(1, 1);
    LpDriver *driver = lp_driver_new(game, NULL);
    GtkWidget *window = gtk_window_new();
    GtkWidget *stack = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *before = lp_game_page_new(LP_TYPE_TEST_PAGE, game, driver, NULL);
    GtkWidget *box = carry_content(before, TRUE);

    gtk_box_append(GTK_BOX(stack), before);
    gtk_window_set_child(GTK_WINDOW(window), stack);
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 400);
    gtk_window_present(GTK_WINDOW(window));
    iterate();
    GtkAdjustment *vadj =
        gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(nth(box, 0)));
    gtk_adjustment_set_value(vadj, 900);
    gtk_editable_set_text(GTK_EDITABLE(nth(box, 1)), "Minden?");
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(nth(box, 2)), 12);
    gtk_widget_grab_focus(nth(box, 3));

    /* The next view: the same page, the spin button no longer asked for. */
    GtkWidget *after = lp_game_page_new(LP_TYPE_TEST_PAGE, game, driver, NULL);
    GtkWidget *next = carry_content(after, FALSE);
    gtk_box_append(GTK_BOX(stack), after);
    lp_game_page_carry_over(LP_GAME_PAGE(after), LP_GAME_PAGE(before));
    gtk_box_remove(GTK_BOX(stack), before);
    iterate();
    g_assert_true(gtk_window_get_focus(GTK_WINDOW(window)) == nth(next, 3));
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(nth(next, 1))), ==, "Minden?");
    g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(nth(next, 2))), ==, -1);
    vadj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(nth(next, 0)));
    /* The scroll position waits for the new page's first layout. */
    for (int i = 0; i < 50 && gtk_adjustment_get_value(vadj) < 900; i++) {
        g_usleep(10000);
        iterate();
    }
    g_assert_cmpfloat(gtk_adjustment_get_value(vadj), ==, 900);

    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
    g_assert_finalize_object(driver);
    g_assert_finalize_object(game);
}

static void test_settings(void)
{
    LpSettings *settings = lp_settings_new();
    GSettings *gsettings = lp_settings_get_gsettings(settings);
    guint notified = 0;

    g_signal_connect_swapped(settings, "notify::animation-speed", G_CALLBACK(on_notify),
                             &notified);
    /* A change of the key reaches the typed property, and the other way round. */
    g_settings_set_string(gsettings, "animation-speed", "slow");
    g_assert_cmpint(lp_settings_get_animation_speed(settings), ==, LP_ANIMATION_SPEED_SLOW);
    g_assert_cmpuint(notified, ==, 1);
    g_assert_cmpuint(lp_settings_get_pace_ms(settings, LP_PACE_COMPUTER), ==, 1400);
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    g_autofree char *speed = g_settings_get_string(gsettings, "animation-speed");
    g_assert_cmpstr(speed, ==, "off");
    g_assert_cmpuint(notified, ==, 2);
    /* Setting the same value again notifies nobody. */
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    g_assert_cmpuint(notified, ==, 2);
    /* Animations off means no waiting, but computers still pause so people can follow. */
    g_assert_cmpuint(lp_settings_get_pace_ms(settings, LP_PACE_ANIMATION), ==, 0);
    g_assert_cmpuint(lp_settings_get_pace_ms(settings, LP_PACE_COMPUTER), >, 0);

    g_settings_set_boolean(gsettings, "show-coordinates", FALSE);
    g_assert_false(lp_settings_get_show_coordinates(settings));
    lp_settings_set_last_lineup(settings, "{\"players\":[]}");
    g_autofree char *lineup = g_settings_get_string(gsettings, "last-lineup");
    g_assert_cmpstr(lineup, ==, "{\"players\":[]}");

    g_settings_reset(gsettings, "animation-speed");
    g_settings_reset(gsettings, "show-coordinates");
    g_settings_reset(gsettings, "last-lineup");
    g_assert_finalize_object(settings);
}

/* Every pause at every speed comes from the one table, and slower is never shorter. */
static void test_pacing_table(void)
{
    for (LpPace pace = LP_PACE_COMPUTER; pace <= LP_PACE_READING; pace++) {
        guint slow = lp_pace_ms(LP_ANIMATION_SPEED_SLOW, pace);
        guint normal = lp_pace_ms(LP_ANIMATION_SPEED_NORMAL, pace);
        guint fast = lp_pace_ms(LP_ANIMATION_SPEED_FAST, pace);
        g_assert_cmpuint(slow, >=, normal);
        g_assert_cmpuint(normal, >=, fast);
        g_assert_cmpuint(fast, >=, lp_pace_ms(LP_ANIMATION_SPEED_OFF, pace));
        g_assert_cmpuint(slow, >, 0);
    }
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/game-page/base", test_base);
    g_test_add_func("/game-page/privacy", test_privacy);
    g_test_add_func("/game-page/forget-seat", test_forget_seat);
    g_test_add_func("/game-page/carry-over", test_carry_over);
    g_test_add_func("/settings/binding", test_settings);
    g_test_add_func("/settings/pacing-table", test_pacing_table);
    return g_test_run();
}
