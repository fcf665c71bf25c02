/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The round history popover under Xvfb: it lists each tip once scored, newest round first,
 * with a sentence for screen readers, shows nothing of a round before its scoring, and lists
 * a continued game's earlier rounds; the page's button opens it and its ✔/✘ marks survive
 * Continue. */
#include <gtk/gtk.h>
#include <string.h>

#include "lp-test-util.h"
#include "minden-history.h"
#include "lp-driver.h"
#include "minden-labels.h"
#include "minden-page.h"
#include "minden-test-util.h"

/* The accessible label of w: the checker answers with the real value when it differs. */
static char *accessible_label(GtkWidget *w)
{
    g_assert_true(gtk_test_accessible_has_property(GTK_ACCESSIBLE(w),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL));
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              "");
}

/* Whether a label below root that is not hidden itself shows text (the popover may be
 * closed). */
static gboolean shows(GtkWidget *root, const char *text)
{
    if (GTK_IS_LABEL(root) && strstr(gtk_label_get_text(GTK_LABEL(root)), text) != NULL)
        return TRUE;
    for (GtkWidget *c = gtk_widget_get_first_child(root); c; c = gtk_widget_get_next_sibling(c))
        if (gtk_widget_get_visible(c) && shows(c, text))
            return TRUE;
    return FALSE;
}

static GPtrArray *lines_of(GtkWidget *history)
{
    return lp_test_find_all(history, GTK_TYPE_LABEL, "minden-history-line");
}

/* The round headings in the order shown. */
static char *headings(GtkWidget *history)
{
    g_autoptr(GPtrArray) all = lp_test_find_all(history, GTK_TYPE_LABEL, "heading");
    g_autoptr(GString) s = g_string_new(NULL);
    for (guint i = 0; i < all->len; i++)
        g_string_append_printf(s, "%s%s", i ? "|" : "", gtk_label_get_text(all->pdata[i]));
    return g_string_free(g_steal_pointer(&s), FALSE);
}

static void step(MindenGame *game)
{
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
}

static void step_until(MindenGame *game, guint round, MindenPhase phase, guint done)
{
    for (int i = 0; i < 500; i++) {
        if (minden_game_get_round(game) == round && minden_game_get_phase(game) == phase &&
            minden_game_get_order_done(game) == done)
            return;
        step(game);
    }
    g_assert_not_reached();
}

/* What a screen reader says for a scored tip names its round, seat, card, tip, solution and
 * result, and the line shows the same with symbols. */
static void assert_line(GtkWidget *line, MindenGame *game, const MindenScoredTip *t)
{
    /* The name isolated (issue 36): an Arabic name must not turn the line around. */
    const char *name = lp_player_get_display_name(lp_game_get_player(LP_GAME(game), t->seat));
    const MindenCard *card = minden_deck_get_card(minden_game_get_deck(game), t->card);
    g_autofree char *spoken = accessible_label(line);
    g_autofree char *prefix = g_strdup_printf("Round %u, %s, %s: tip ", t->round, name,
                                              minden_card_get_name(card));
    g_autofree char *tip_long = minden_label_tip_long(&t->tip);
    g_assert_true(g_str_has_prefix(spoken, prefix));
    g_assert_nonnull(strstr(spoken, tip_long));
    g_assert_nonnull(strstr(spoken, "; solution "));
    g_assert_nonnull(strstr(spoken, t->right ? "; right; " : "; wrong; "));
    g_autofree char *moved = t->to == t->from ? g_strdup_printf("stays on field %u.", t->to)
                                              : g_strdup_printf("from field %u to %u.", t->from,
                                                                t->to);
    g_assert_true(g_str_has_suffix(spoken, moved));

    const char *shown = gtk_label_get_text(GTK_LABEL(line));
    g_autofree char *tip = minden_label_tip(&t->tip);
    g_assert_nonnull(strstr(shown, name));
    g_assert_nonnull(strstr(shown, minden_card_get_name(card)));
    g_assert_nonnull(strstr(shown, tip));
    g_assert_nonnull(strstr(shown, "solution: "));
    g_assert_nonnull(strstr(shown, t->right ? "✔ right" : "✘ wrong"));
}

static void test_lists_scored_rounds(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    minden_deck_set_default(deck);
    g_autoptr(TestGame) game = test_new_game(deck, 3, NULL, TRUE, FALSE, 4);
    GtkWidget *history = g_object_ref_sink(minden_history_new(game));

    /* Nothing scored: the placeholder says so. */
    g_assert_true(shows(history, "No tip has been scored yet."));
    step_until(game, 1, MINDEN_PHASE_SCORE, 0);
    {
        /* Every tip is placed and open, yet none is scored: nothing of the round shows. */
        g_autoptr(GPtrArray) lines = lines_of(history);
        g_assert_cmpuint(lines->len, ==, 0);
        g_autofree char *h = headings(history);
        g_assert_cmpstr(h, ==, "");
    }
    step(game);
    {
        g_autoptr(GPtrArray) lines = lines_of(history);
        g_assert_cmpuint(lines->len, ==, 1);
        assert_line(lines->pdata[0], game, minden_game_get_history_entry(game, 0));
        g_assert_false(shows(history, "No tip has been scored yet."));
    }
    /* Round 2 chosen and tipped, not scored: still round 1 alone. */
    step_until(game, 2, MINDEN_PHASE_SCORE, 0);
    {
        g_autoptr(GPtrArray) lines = lines_of(history);
        g_assert_cmpuint(lines->len, ==, 3);
        g_autofree char *h = headings(history);
        g_assert_cmpstr(h, ==, "Round 1");
    }
    step_until(game, 2, MINDEN_PHASE_SCORE, 2);
    {
        /* Newest round first, its tips in the order of scoring. */
        g_autoptr(GPtrArray) lines = lines_of(history);
        g_assert_cmpuint(lines->len, ==, 5);
        g_autofree char *h = headings(history);
        g_assert_cmpstr(h, ==, "Round 2|Round 1");
        assert_line(lines->pdata[0], game, minden_game_get_history_entry(game, 3));
        assert_line(lines->pdata[1], game, minden_game_get_history_entry(game, 4));
        assert_line(lines->pdata[2], game, minden_game_get_history_entry(game, 0));
        assert_line(lines->pdata[4], game, minden_game_get_history_entry(game, 2));
    }

    /* Continue: the restored game's history lists the same lines, the current round's
     * scored tips included. */
    g_autoptr(TestGame) copy = test_roundtrip(game);
    GtkWidget *again = g_object_ref_sink(minden_history_new(copy));
    {
        g_autoptr(GPtrArray) a = lines_of(history);
        g_autoptr(GPtrArray) b = lines_of(again);
        g_assert_cmpuint(a->len, ==, b->len);
        for (guint i = 0; i < a->len; i++) {
            g_autofree char *sa = accessible_label(a->pdata[i]);
            g_autofree char *sb = accessible_label(b->pdata[i]);
            g_assert_cmpstr(sa, ==, sb);
            g_assert_cmpstr(gtk_label_get_text(a->pdata[i]), ==,
                            gtk_label_get_text(b->pdata[i]));
        }
    }

    /* Shown from a button in a window, and let go with it. */
    GtkWidget *window = gtk_window_new();
    GtkWidget *button = gtk_menu_button_new();
    gtk_menu_button_set_popover(GTK_MENU_BUTTON(button), again);
    gtk_window_set_child(GTK_WINDOW(window), button);
    gtk_window_present(GTK_WINDOW(window));
    gtk_menu_button_popup(GTK_MENU_BUTTON(button));
    lp_test_iterate();
    g_assert_true(gtk_widget_get_mapped(again));
    g_assert_nonnull(lp_test_find_label(again, "Round 2"));
    gtk_menu_button_popdown(GTK_MENU_BUTTON(button));
    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
    g_assert_finalize_object(again);
    g_assert_finalize_object(history);
    minden_deck_set_default(NULL);
}

/* The players row of the seat named name on page. */
static const char *player_row(GtkWidget *page, const char *name)
{
    g_autoptr(GPtrArray) rows = lp_test_find_all(page, GTK_TYPE_LABEL, "minden-player-row");
    for (guint i = 0; i < rows->len; i++)
        if (strstr(gtk_label_get_text(rows->pdata[i]), name) != NULL)
            return gtk_label_get_text(rows->pdata[i]);
    g_error("no players row for %s", name);
}

/* Continue in the middle of a scoring: the page shows ✔/✘ for the tips scored before the
 * save (they come from the model), none for the tip still to score, and its history button
 * opens the rounds so far. */
static void test_page_after_continue(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    minden_deck_set_default(deck);
    g_autoptr(TestGame) game = test_new_game(deck, 3, NULL, TRUE, FALSE, 4);
    step_until(game, 2, MINDEN_PHASE_SCORE, 2);
    g_autoptr(TestGame) copy = test_roundtrip(game);
    LpDriver *driver = lp_driver_new(LP_GAME(copy), minden_ai_move);
    /* Nobody moves the game on while the test looks. */
    lp_driver_hold(driver);
    MindenPage *page = g_object_ref_sink(minden_page_new(copy, driver));
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(page));
    gtk_window_present(GTK_WINDOW(window));
    lp_test_iterate();

    GArray *order = minden_game_get_order(copy);
    for (guint k = 0; k < order->len; k++) {
        guint seat = g_array_index(order, guint, k);
        const char *name = lp_player_get_name(lp_game_get_player(LP_GAME(copy), seat));
        const char *row = player_row(GTK_WIDGET(page), name);
        const MindenScoredTip *t = minden_game_get_scored_tip(copy, seat);
        g_assert_nonnull(strstr(row, "tip: "));
        if (k < 2) {
            g_assert_nonnull(t);
            g_assert_nonnull(strstr(row, t->right ? "✔ right" : "✘ wrong"));
            g_assert_null(strstr(row, t->right ? "✘" : "✔"));
        } else {
            g_assert_null(t);
            g_assert_null(strstr(row, "✔"));
            g_assert_null(strstr(row, "✘"));
        }
    }

    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_MENU_BUTTON,
                                                    "minden-history-button");
    g_assert_cmpuint(buttons->len, ==, 1);
    g_assert_true(gtk_widget_is_visible(buttons->pdata[0]));
    gtk_menu_button_popup(buttons->pdata[0]);
    lp_test_iterate();
    GtkPopover *popover = gtk_menu_button_get_popover(buttons->pdata[0]);
    g_assert_true(MINDEN_IS_HISTORY(popover));
    g_assert_true(gtk_widget_get_mapped(GTK_WIDGET(popover)));
    g_autoptr(GPtrArray) lines = lines_of(GTK_WIDGET(popover));
    g_assert_cmpuint(lines->len, ==, 5);
    gtk_menu_button_popdown(buttons->pdata[0]);

    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
    g_assert_finalize_object(page);
    lp_driver_release(driver);
    g_object_unref(driver);
    minden_deck_set_default(NULL);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/minden/history/lists-scored-rounds", test_lists_scored_rounds);
    g_test_add_func("/minden/history/page-after-continue", test_page_after_continue);
    return g_test_run();
}
