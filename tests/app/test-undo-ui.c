/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Undo in the window (issue 33): two people and a computer play Minden at one screen; the
 * header's Undo takes a person's choice back to the very state before, says so for
 * everyone, is gone once the computer has moved, and the "Pass to" cover's Take Back gives
 * a tip back to the person who entered it. */
#include <gtk/gtk.h>
#include <string.h>

#include "lp-game-ui.h"
#include "lp-test-util.h"
#include "lp-window.h"
#include "minden-game.h"

typedef struct {
    char *dir;
    LpSaveStore *store;
    LpWindow *window;
} Fixture;

static void fixture_set_up(Fixture *f, gconstpointer data)
{
    g_autoptr(LpSettings) settings = lp_settings_new();

    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    f->dir = lp_test_make_temp_dir();
    f->store = lp_save_store_new(f->dir);
    f->window = g_object_new(LP_TYPE_WINDOW, "save-store", f->store, "settings", settings,
                             NULL);
    gtk_window_present(GTK_WINDOW(f->window));
    lp_test_iterate();
}

static void fixture_tear_down(Fixture *f, gconstpointer data)
{
    lp_test_close_all_windows();
    g_clear_object(&f->store);
    g_free(f->dir);
}

static LpGame *game_of(Fixture *f)
{
    return lp_window_get_game(f->window);
}

/* The save without the times it carries: what a person would find changed. */
static char *save_text(LpGame *game)
{
    g_autoptr(JsonNode) save = lp_game_save(game);
    JsonObject *obj = json_node_get_object(save);

    json_object_remove_member(obj, "saved");
    json_object_remove_member(obj, "played");
    return json_to_string(save, FALSE);
}

static GtkWidget *undo_button(Fixture *f)
{
    g_autoptr(GPtrArray) buttons =
        lp_test_find_all(gtk_window_get_titlebar(GTK_WINDOW(f->window)), GTK_TYPE_BUTTON, NULL);

    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_icon_name(buttons->pdata[i]), "edit-undo-symbolic") == 0)
            return buttons->pdata[i];
    g_assert_not_reached();
}

/* What a person sees of the action: the header's button, sensitive or not. */
static gboolean undo_offered(Fixture *f)
{
    lp_test_iterate();
    return gtk_widget_get_visible(undo_button(f)) && gtk_widget_get_sensitive(undo_button(f));
}

static LpPrivacyScreen *privacy(Fixture *f)
{
    return lp_game_page_get_privacy_screen(LP_GAME_PAGE(lp_window_get_game_page(f->window)));
}

static GtkWidget *button_labelled(GtkWidget *root, const char *label)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(root, GTK_TYPE_BUTTON, NULL);

    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), label) == 0)
            return buttons->pdata[i];
    return NULL;
}

static gboolean person_chooses(gpointer data)
{
    LpGame *game = data;
    int seat = lp_game_get_current_seat(game);

    return minden_game_get_phase(MINDEN_GAME(game)) == MINDEN_PHASE_CHOOSE && seat >= 0 &&
           lp_player_get_kind(lp_game_get_player(game, (guint)seat)) == LP_PLAYER_HUMAN;
}

static gboolean tipping(gpointer data)
{
    return minden_game_get_phase(MINDEN_GAME(data)) == MINDEN_PHASE_TIP;
}

static gboolean computer_chose(gpointer data)
{
    return minden_game_get_seat_card(MINDEN_GAME(data), 2) >= 0;
}

static gboolean covered(gpointer data)
{
    return lp_privacy_screen_is_covered(data);
}

/* The person the cover is up for presses Show. */
static void show(Fixture *f)
{
    LpPrivacyScreen *screen = privacy(f);

    g_assert_true(lp_test_wait_for(covered, screen));
    lp_privacy_screen_set_guard_time(screen, 0);
    g_signal_emit_by_name(button_labelled(GTK_WIDGET(screen), "_Show"), "clicked");
    lp_test_iterate();
    g_assert_false(lp_privacy_screen_is_covered(screen));
}

static int tipper(Fixture *f)
{
    g_autofree char *name =
        lp_test_without_isolates(lp_privacy_screen_get_player_name(privacy(f)));

    return g_strcmp0(name, "Anna") == 0 ? 0 : g_strcmp0(name, "Ben") == 0 ? 1 : -1;
}

static void test_undo(Fixture *f, gconstpointer data)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;
    const MindenTip tip = {1, 0, -1, -1, -1};

    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN, LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Ben", 11, "#3584e4", LP_PLAYER_HUMAN, LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma", 72, "#f6d32d", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_NORMAL));
    g_assert_true(lp_window_start_game(f->window, lp_game_ui_lookup("minden"), players, 7,
                                       FALSE, &error));
    g_assert_no_error(error);
    LpGame *game = game_of(f);
    g_assert_nonnull(privacy(f));
    g_assert_false(undo_offered(f));

    /* A person chooses a card from the open offer: Undo is offered, and takes it back. */
    g_assert_true(lp_test_wait_for(person_chooses, game));
    guint seat = (guint)lp_game_get_current_seat(game);
    g_autofree char *before = save_text(game);
    guint card = g_array_index(minden_game_get_offer(MINDEN_GAME(game)), guint, 0);
    lp_game_page_hold(LP_GAME_PAGE(lp_window_get_game_page(f->window)));
    g_assert_true(minden_game_choose(MINDEN_GAME(game), seat, card, FALSE, &error));
    g_assert_no_error(error);
    g_assert_true(undo_offered(f));
    GtkWidget *page = lp_window_get_game_page(f->window);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.undo", NULL));
    lp_test_iterate();
    g_assert_true(game_of(f) == game);
    g_autofree char *after = save_text(game);
    g_assert_cmpstr(after, ==, before);
    /* A new page shows the state before, and everyone reads who took back what. */
    g_assert_true(lp_window_get_game_page(f->window) != page);
    g_autofree char *news = g_strdup_printf("%s took back a choice.",
                                            seat == 0 ? "Anna" : "Ben");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(f->window), news));
    g_assert_false(undo_offered(f));

    /* Chosen again; once the computer has chosen, the choice stays. */
    g_assert_true(minden_game_choose(MINDEN_GAME(game), seat, card, FALSE, &error));
    g_assert_null(lp_test_find_label(GTK_WIDGET(f->window), news));
    while (!computer_chose(game)) {
        if (person_chooses(game)) {
            seat = (guint)lp_game_get_current_seat(game);
            card = g_array_index(minden_game_get_offer(MINDEN_GAME(game)), guint, 0);
            g_assert_true(minden_game_choose(MINDEN_GAME(game), seat, card, FALSE, &error));
        }
        g_assert_true(lp_test_wait_for(computer_chose, game) || person_chooses(game));
    }
    if (lp_game_get_undo_seat(game) < 0)
        g_assert_false(undo_offered(f));
    if (person_chooses(game)) {
        seat = (guint)lp_game_get_current_seat(game);
        card = g_array_index(minden_game_get_offer(MINDEN_GAME(game)), guint, 0);
        g_assert_true(minden_game_choose(MINDEN_GAME(game), seat, card, FALSE, &error));
    }

    /* Tips: the first person tips behind the cover, and the cover for the next offers
     * the first Take Back; pressing it gives the tip back, uncovered. */
    g_assert_true(lp_test_wait_for(tipping, game));
    show(f);
    int first = tipper(f);
    g_assert_cmpint(first, >=, 0);
    g_autofree char *untipped = save_text(game);
    /* The computer waits while the page holds it (the page's hold ends with the page). */
    lp_game_page_hold(LP_GAME_PAGE(lp_window_get_game_page(f->window)));
    g_assert_true(minden_game_tip(MINDEN_GAME(game), (guint)first, &tip, &error));
    g_assert_no_error(error);
    g_assert_true(lp_test_wait_for(covered, privacy(f)));
    g_assert_cmpint(tipper(f), ==, 1 - first);
    g_assert_true(lp_privacy_screen_get_take_back(privacy(f)));
    g_assert_true(undo_offered(f));
    lp_privacy_screen_set_guard_time(privacy(f), 0);
    g_signal_emit_by_name(button_labelled(GTK_WIDGET(privacy(f)), "_Take Back"), "clicked");
    /* Before the computer may tip in its turn: the new page holds nothing. */
    g_autofree char *taken_back = save_text(game);
    g_assert_cmpstr(taken_back, ==, untipped);
    lp_test_iterate();
    g_assert_false(minden_game_has_tipped(MINDEN_GAME(game), (guint)first));
    g_assert_false(lp_privacy_screen_is_covered(privacy(f)));
    g_assert_cmpint(tipper(f), ==, first);
    g_autofree char *tip_news = g_strdup_printf("%s took back a tip.",
                                                first == 0 ? "Anna" : "Ben");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(f->window), tip_news));

    /* Tipped again: once the next person has pressed Show, it is theirs to play. */
    lp_game_page_hold(LP_GAME_PAGE(lp_window_get_game_page(f->window)));
    g_assert_true(minden_game_tip(MINDEN_GAME(game), (guint)first, &tip, &error));
    show(f);
    g_assert_cmpint(tipper(f), ==, 1 - first);
    g_assert_cmpint(lp_game_get_undo_seat(game), ==, first);
    g_assert_false(undo_offered(f));
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add("/undo-ui/minden", Fixture, NULL, fixture_set_up, test_undo, fixture_tear_down);
    return g_test_run();
}
