/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden page on several devices (issue 31), under Xvfb: the host's window asks only the
 * people at its screen and waits for the others; with nobody at the host it is the shared
 * table; a joining window's page over a mirror asks its host through "action-requested",
 * keeps what the person entered until the host's next view, carries it over to the page of
 * that view and never shows another seat's secret. With MINDEN_SHOTS set to a folder, saves a
 * screenshot of a joining window's page there. */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <string.h>

#include "lp-json.h"
#include "lp-privacy-screen.h"
#include "lp-test-util.h"
#include "minden-ai.h"
#include "minden-board.h"
#include "minden-labels.h"
#include "minden-page.h"
#include "minden-tip-board.h"
#include "minden-widget-test-util.h"

/* Activates a page action as a button or shortcut would. GTK 4.8 answers TRUE for a disabled
 * action too (and does nothing): the effect is what the tests check. */
static gboolean activate(MindenPage *page, const char *name)
{
    return gtk_widget_activate_action(GTK_WIDGET(page), name, NULL);
}

static gboolean shows(MindenPage *page, const char *text)
{
    return lp_test_find_label(GTK_WIDGET(page), text) != NULL;
}

/* ---- the host's game ------------------------------------------------------------------- */

typedef enum { HERE, REMOTE, COMPUTER } Kind;

/* Anna, Ben, Cem … of the kinds given; the real deck. */
static MindenGame *host_new(guint64 seed, guint n, const Kind *kinds)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora" };
    static const char *const colours[] = { "#e01b24", "#1c71d8", "#2ec27e", "#f5c211" };
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], 9 + (int) i, colours[i],
                                               kinds[i] == COMPUTER ? LP_PLAYER_COMPUTER
                                                                    : LP_PLAYER_HUMAN,
                                               LP_LEVEL_NORMAL));
    LpGame *game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, seed, FALSE, &error);
    g_assert_no_error(error);
    for (guint i = 0; i < n; i++)
        lp_game_set_seat_remote(game, i, kinds[i] == REMOTE);
    return MINDEN_GAME(game);
}

static gboolean must_act(MindenGame *game, guint seat)
{
    MindenPhase phase = minden_game_get_phase(game);
    if (phase == MINDEN_PHASE_CHOOSE)
        return lp_game_get_current_seat(LP_GAME(game)) == (int) seat;
    return phase == MINDEN_PHASE_TIP && !minden_game_has_tipped(game, seat);
}

/* The person on another device decides, as landpartie-sim join's computer player would. */
static void remote_acts(MindenGame *host, guint seat)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(host), seat, minden_ai_move);
    g_assert_nonnull(action);
    g_assert_true(lp_game_apply_action(LP_GAME(host), seat, action, &error));
    g_assert_no_error(error);
}

static void on_action(LpGame *game, JsonNode *action, JsonNode **out)
{
    g_clear_pointer(out, json_node_unref);
    *out = json_node_copy(action);
}

/* What seat's device sends for tip: its own mirror's request. */
static JsonNode *tip_request(MindenGame *host, guint seat, const MindenTip *tip)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(host), (int) seat);
    g_autoptr(LpGame) mirror = lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    JsonNode *action = NULL;
    g_signal_connect(mirror, "action-requested", G_CALLBACK(on_action), &action);
    g_assert_true(minden_game_tip(MINDEN_GAME(mirror), seat, tip, &error));
    g_assert_no_error(error);
    g_assert_nonnull(action);
    return action;
}

/* The host plays its computers (and its own steps) until a remote seat must act. */
static void host_runs(MindenGame *host)
{
    lp_game_run_computers(LP_GAME(host), minden_ai_move);
}

/* The host's game, its remote seats played by remote_acts, until seat must tip. */
static void host_to_tip(MindenGame *host, guint seat)
{
    for (;;) {
        host_runs(host);
        if (minden_game_get_phase(host) == MINDEN_PHASE_TIP && must_act(host, seat))
            return;
        g_assert_false(lp_game_is_over(LP_GAME(host)));
        int current = lp_game_get_current_seat(LP_GAME(host));
        g_assert_cmpint(current, >=, 0);
        remote_acts(host, (guint) current);
    }
}

/* ---- a joining window -------------------------------------------------------------------- */

/* A joining window for seat: every view of the host becomes a new mirror and a new page,
 * which replaces the previous one after taking over what the person was doing. */
typedef struct {
    MindenGame *host;
    guint seat;
    GtkWidget *window;
    GtkWidget *box;
    MindenGame *mirror;
    LpDriver *driver;
    MindenPage *page;
    JsonNode *requested; /* the last "action-requested" of the shown mirror */
    guint n_requests;
} Joiner;

static void on_requested(LpGame *mirror, JsonNode *action, Joiner *j)
{
    g_clear_pointer(&j->requested, json_node_unref);
    j->requested = json_node_copy(action);
    j->n_requests++;
}

static void joiner_drop(MindenPage *page, LpDriver *driver, MindenGame *mirror)
{
    g_assert_finalize_object(page);
    g_assert_finalize_object(driver);
    g_assert_finalize_object(mirror);
}

/* The host's current view of j->seat, on a new page. */
static void joiner_show(Joiner *j)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(j->host), (int) j->seat);
    MindenGame *mirror = MINDEN_GAME(lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error));
    g_assert_no_error(error);
    g_assert_true(lp_game_is_mirror(LP_GAME(mirror)));
    LpDriver *driver = lp_driver_new(LP_GAME(mirror), minden_ai_move);
    lp_driver_set_delay(driver, 0);
    MindenPage *page = g_object_ref_sink(minden_page_new(mirror, driver));
    g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), j);
    gtk_box_append(GTK_BOX(j->box), GTK_WIDGET(page));
    if (j->page != NULL) {
        lp_game_page_carry_over(LP_GAME_PAGE(page), LP_GAME_PAGE(j->page));
        /* As the joining window does: a focus the new page could not take is let go of, so
         * that the old page goes (GTK 4.8 keeps a removed focus widget alive). */
        GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(j->window));
        if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(j->page)))
            gtk_root_set_focus(GTK_ROOT(j->window), NULL);
        gtk_box_remove(GTK_BOX(j->box), GTK_WIDGET(j->page));
        joiner_drop(j->page, j->driver, j->mirror);
    }
    j->page = page;
    j->driver = driver;
    j->mirror = mirror;
    g_clear_pointer(&j->requested, json_node_unref);
    j->n_requests = 0;
    lp_driver_kick(driver);
    iterate(30);
}

static void joiner_open(Joiner *j, MindenGame *host, guint seat)
{
    j->host = host;
    j->seat = seat;
    j->window = gtk_window_new();
    j->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_window_set_child(GTK_WINDOW(j->window), j->box);
    gtk_window_set_default_size(GTK_WINDOW(j->window), 1180, 780);
    gtk_window_present(GTK_WINDOW(j->window));
    joiner_show(j);
    iterate(100);
}

static void joiner_close(Joiner *j)
{
    gtk_box_remove(GTK_BOX(j->box), GTK_WIDGET(j->page));
    gtk_window_destroy(GTK_WINDOW(j->window));
    iterate(30);
    joiner_drop(j->page, j->driver, j->mirror);
    g_clear_pointer(&j->requested, json_node_unref);
}

/* The host plays the request the joining window sent, then shows its next view. */
static void joiner_send(Joiner *j)
{
    g_autoptr(GError) error = NULL;
    g_assert_nonnull(j->requested);
    g_assert_true(lp_game_apply_action(LP_GAME(j->host), j->seat, j->requested, &error));
    g_assert_no_error(error);
}

static MindenBoard *board_of(MindenPage *page)
{
    return MINDEN_BOARD(find_type(GTK_WIDGET(page), MINDEN_TYPE_BOARD));
}

static MindenTipBoard *tips_of(MindenPage *page)
{
    return MINDEN_TIP_BOARD(find_type(GTK_WIDGET(page), MINDEN_TYPE_TIP_BOARD));
}

static GPtrArray *offer_buttons(MindenPage *page)
{
    return lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_TOGGLE_BUTTON, "minden-offer");
}

/* The offered button of card, or NULL. */
static GtkToggleButton *offer_button(MindenPage *page, MindenGame *game, guint card)
{
    g_autoptr(GPtrArray) buttons = offer_buttons(page);
    GArray *offer = minden_game_get_offer(game);
    g_assert_cmpuint(buttons->len, ==, offer->len);
    for (guint i = 0; i < offer->len; i++)
        if (g_array_index(offer, guint, i) == card)
            return GTK_TOGGLE_BUTTON(buttons->pdata[i]);
    return NULL;
}

static const char *action_type(JsonNode *action)
{
    g_assert_nonnull(action);
    return json_object_get_string_member(json_node_get_object(action), "type");
}

/* ---- (a) the host's window --------------------------------------------------------------- */

typedef struct {
    MindenGame *game;
    LpDriver *driver;
    MindenPage *page;
    GtkWidget *window;
} Host;

static void host_open(Host *h, MindenGame *game)
{
    h->game = game;
    h->driver = lp_driver_new(LP_GAME(game), minden_ai_move);
    lp_driver_set_delay(h->driver, 0);
    h->page = g_object_ref_sink(minden_page_new(game, h->driver));
    h->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(h->window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(h->window), GTK_WIDGET(h->page));
    gtk_window_present(GTK_WINDOW(h->window));
    lp_driver_kick(h->driver);
    iterate(100);
}

static void host_close(Host *h)
{
    gtk_window_destroy(GTK_WINDOW(h->window));
    iterate(30);
    g_assert_finalize_object(h->page);
    g_assert_false(lp_driver_is_held(h->driver));
    g_assert_finalize_object(h->driver);
    g_assert_finalize_object(h->game);
}

/* Nothing on the page can be clicked for a seat: no card, no cell, no tip. */
static void assert_nothing_to_click(Host *h)
{
    g_autoptr(GPtrArray) buttons = offer_buttons(h->page);
    for (guint i = 0; i < buttons->len; i++)
        g_assert_false(gtk_widget_get_sensitive(buttons->pdata[i]));
    g_assert_false(minden_board_get_interactive(board_of(h->page)));
    guint64 before = lp_game_get_n_actions(LP_GAME(h->game));
    activate(h->page, "minden.take");
    activate(h->page, "minden.swap");
    activate(h->page, "minden.place-tip");
    g_assert_cmpuint(lp_game_get_n_actions(LP_GAME(h->game)), ==, before);
}

/* The driver stops for a remote person, a local one, a shown result or the end. */
static gboolean host_waits(Host *h)
{
    if (lp_game_is_over(LP_GAME(h->game)) || lp_driver_is_held(h->driver))
        return TRUE;
    for (guint i = 0; i < lp_game_get_n_players(LP_GAME(h->game)); i++)
        if (lp_player_is_human(lp_game_get_player(LP_GAME(h->game), i)) &&
            must_act(h->game, i))
            return TRUE;
    return FALSE;
}

/* Anna plays here, Ben on another device: Anna is asked, Ben is waited for — for his card
 * and for his tip — and nothing on the host's page decides for him. */
static void test_host_waits_for_remote(void)
{
    static const Kind kinds[] = { HERE, REMOTE, COMPUTER };
    Host h = { 0 };
    host_open(&h, host_new(5, 3, kinds));
    /* One person at this screen: no privacy screen. */
    g_assert_null(lp_game_page_get_privacy_screen(LP_GAME_PAGE(h.page)));
    guint waited_choose = 0, waited_tip = 0, asked = 0;
    while (!lp_game_is_over(LP_GAME(h.game)) && minden_game_get_round(h.game) < 3) {
        WAIT_FOR(host_waits(&h));
        MindenPhase phase = minden_game_get_phase(h.game);
        if (lp_driver_is_held(h.driver)) {
            g_assert_true(activate(h.page, "minden.continue"));
            continue;
        }
        g_assert_false(shows(h.page, "Ben, choose a card"));
        g_assert_false(shows(h.page, "Ben, where is it?"));
        if (phase == MINDEN_PHASE_CHOOSE && must_act(h.game, 1)) {
            g_assert_true(shows(h.page, "Waiting for Ben…"));
            assert_nothing_to_click(&h);
            remote_acts(h.game, 1);
            waited_choose++;
        } else if (phase == MINDEN_PHASE_CHOOSE) {
            g_assert_true(shows(h.page, "Anna, choose a card"));
            g_assert_true(activate(h.page, "minden.take"));
            asked++;
        } else if (must_act(h.game, 0)) {
            g_assert_true(shows(h.page, "Anna, where is it?"));
            g_assert_true(minden_board_get_interactive(board_of(h.page)));
            g_signal_emit_by_name(board_of(h.page), "cell-activated", 0, 1, 3, 2);
            g_assert_true(activate(h.page, "minden.place-tip"));
            g_assert_true(minden_game_has_tipped(h.game, 0));
            asked++;
        } else {
            g_assert_true(must_act(h.game, 1));
            g_assert_true(shows(h.page, "Waiting for Ben…"));
            assert_nothing_to_click(&h);
            remote_acts(h.game, 1);
            waited_tip++;
        }
    }
    g_assert_cmpuint(waited_choose, >=, 2);
    g_assert_cmpuint(waited_tip, >=, 2);
    g_assert_cmpuint(asked, >=, 4);
    host_close(&h);
}

/* Everybody at the table plays on another device: the host's window is the shared table,
 * without a privacy screen and without anything to click for a seat. */
static void test_shared_table(void)
{
    static const Kind kinds[] = { REMOTE, REMOTE, COMPUTER };
    Host h = { 0 };
    host_open(&h, host_new(6, 3, kinds));
    g_assert_cmpuint(lp_game_count_local_people(LP_GAME(h.game)), ==, 0);
    g_assert_null(lp_game_page_get_privacy_screen(LP_GAME_PAGE(h.page)));
    g_assert_null(find_type(GTK_WIDGET(h.page), LP_TYPE_PRIVACY_SCREEN));
    gboolean both = FALSE;
    guint waits = 0;
    while (!lp_game_is_over(LP_GAME(h.game)) && minden_game_get_round(h.game) < 3) {
        WAIT_FOR(host_waits(&h));
        if (lp_driver_is_held(h.driver)) {
            g_assert_true(activate(h.page, "minden.continue"));
            continue;
        }
        assert_nothing_to_click(&h);
        g_assert_null(find_type(GTK_WIDGET(h.page), LP_TYPE_PRIVACY_SCREEN));
        guint seat = must_act(h.game, 0) ? 0 : 1;
        g_assert_true(must_act(h.game, seat));
        if (minden_game_get_phase(h.game) == MINDEN_PHASE_TIP && must_act(h.game, 0) &&
            must_act(h.game, 1)) {
            g_assert_true(shows(h.page, "Waiting for Anna and Ben…"));
            both = TRUE;
        } else {
            g_autofree char *waiting = g_strdup_printf("Waiting for %s…", seat ? "Ben" : "Anna");
            g_assert_true(shows(h.page, waiting));
        }
        remote_acts(h.game, seat);
        waits++;
    }
    g_assert_true(both);
    g_assert_cmpuint(waits, >=, 8);
    host_close(&h);
}

/* ---- (b) a joining window ---------------------------------------------------------------- */

/* Anna's device: the card she picks and "Take Card" only ask the host, and the page keeps
 * her pick until the host's view comes back; the next view's page says whom it waits for. */
static void test_mirror_choose(void)
{
    static const Kind kinds[] = { REMOTE, REMOTE, COMPUTER };
    g_autoptr(MindenGame) host = host_new(7, 3, kinds);
    for (host_runs(host); !must_act(host, 0); host_runs(host))
        remote_acts(host, (guint) lp_game_get_current_seat(LP_GAME(host)));
    g_assert_cmpint(minden_game_get_phase(host), ==, MINDEN_PHASE_CHOOSE);
    Joiner j = { 0 };
    joiner_open(&j, host, 0);
    g_assert_true(shows(j.page, "Anna, choose a card"));
    GArray *offer = minden_game_get_offer(j.mirror);
    g_assert_cmpuint(offer->len, >=, 2);
    guint card = g_array_index(offer, guint, 1);
    gtk_toggle_button_set_active(offer_button(j.page, j.mirror, card), TRUE);
    g_assert_true(activate(j.page, "minden.take"));
    /* A request, not a move: the mirror is as before, the pick still shows. */
    g_assert_cmpuint(j.n_requests, ==, 1);
    g_assert_cmpstr(action_type(j.requested), ==, "choose");
    activate(j.page, "minden.take");
    g_assert_cmpuint(j.n_requests, ==, 1);
    g_assert_cmpint(minden_game_get_seat_card(j.mirror, 0), ==, -1);
    g_assert_true(gtk_toggle_button_get_active(offer_button(j.page, j.mirror, card)));
    g_assert_true(shows(j.page, "Anna, choose a card"));
    /* The same view again (the host sent it once more): the pick carries over. */
    g_autoptr(JsonNode) sent = json_node_copy(j.requested);
    joiner_show(&j);
    g_assert_true(gtk_toggle_button_get_active(offer_button(j.page, j.mirror, card)));
    /* The host plays it; the next view waits for Ben. */
    j.requested = g_steal_pointer(&sent);
    joiner_send(&j);
    g_assert_cmpint(minden_game_get_seat_card(host, 0), ==, (int) card);
    host_runs(host);
    joiner_show(&j);
    g_assert_cmpint(minden_game_get_seat_card(j.mirror, 0), ==, (int) card);
    if (must_act(host, 1)) {
        g_assert_true(shows(j.page, "Waiting for Ben…"));
        g_autoptr(GPtrArray) buttons = offer_buttons(j.page);
        for (guint i = 0; i < buttons->len; i++)
            g_assert_false(gtk_widget_get_sensitive(buttons->pdata[i]));
        activate(j.page, "minden.take");
        g_assert_cmpuint(j.n_requests, ==, 0);
    }
    joiner_close(&j);
}

/* Anna places her stones and presses Place Tip: the host is asked, the stones stay on the
 * tip board and the map until the host's view shows her tip; the page of that view no longer
 * asks her and waits for Ben. */
static void test_mirror_place_tip(void)
{
    static const Kind kinds[] = { REMOTE, REMOTE, COMPUTER };
    g_autoptr(MindenGame) host = host_new(8, 3, kinds);
    host_to_tip(host, 0);
    g_assert_true(must_act(host, 1));
    Joiner j = { 0 };
    joiner_open(&j, host, 0);
    MindenBoard *board = board_of(j.page);
    MindenTipBoard *tips = tips_of(j.page);
    g_assert_true(shows(j.page, "Anna, where is it?"));
    g_assert_true(minden_board_get_interactive(board));
    g_signal_emit_by_name(board, "cell-activated", 1, 0, 5, 1);
    MindenTip placed;
    minden_tip_board_get_tip(tips, &placed);
    g_assert_cmpint(placed.n_stones, ==, 4);
    g_assert_true(activate(j.page, "minden.place-tip"));
    g_assert_cmpuint(j.n_requests, ==, 1);
    g_assert_cmpstr(action_type(j.requested), ==, "tip");
    /* Asked once: a second press (a double click) asks nothing more. */
    activate(j.page, "minden.place-tip");
    g_assert_cmpuint(j.n_requests, ==, 1);
    /* Nothing half reset: the stones, the marked region, the map and the question stay. */
    MindenTip still;
    minden_tip_board_get_tip(tips, &still);
    g_assert_true(minden_tip_equal(&still, &placed));
    g_assert_true(minden_board_has_marks(board));
    g_assert_true(minden_board_get_interactive(board));
    g_assert_true(shows(j.page, "Anna, where is it?"));
    g_assert_false(minden_game_has_tipped(j.mirror, 0));
    shot(j.window, "minden-mirror-tip.png");

    joiner_send(&j);
    g_assert_true(minden_game_has_tipped(host, 0));
    iterate(30);
    joiner_show(&j);
    /* The tip is in: not asked again, the stones are gone, Ben is waited for; her own tip
     * stays marked on her map. */
    g_assert_false(shows(j.page, "Anna, where is it?"));
    g_assert_true(minden_board_has_marks(board_of(j.page)));
    g_assert_true(shows(j.page, "Waiting for Ben…"));
    g_assert_false(minden_board_get_interactive(board_of(j.page)));
    minden_tip_board_get_tip(tips_of(j.page), &still);
    g_assert_cmpint(still.n_stones, ==, 0);
    activate(j.page, "minden.place-tip");
    g_assert_cmpuint(j.n_requests, ==, 0);
    shot(j.window, "minden-mirror-waiting.png");
    joiner_close(&j);
}

/* A mirror is built from a view and never hears "scored": the page of the view after a
 * scoring shows that tip, its solution and the move, as the host's page does, and goes on
 * to the phase when the next view has nothing newly scored. */
static void test_mirror_scoring(void)
{
    static const Kind kinds[] = { REMOTE, COMPUTER, COMPUTER };
    g_autoptr(MindenGame) host = host_new(11, 3, kinds);
    host_to_tip(host, 0);
    Joiner j = { 0 };
    joiner_open(&j, host, 0);
    minden_tip_board_set_tip(tips_of(j.page), &(MindenTip) { 2, 0, 1, -1, -1 });
    g_assert_true(activate(j.page, "minden.place-tip"));
    joiner_send(&j);
    joiner_show(&j);
    g_assert_cmpint(minden_game_get_phase(j.mirror), ==, MINDEN_PHASE_SCORE);
    guint round = minden_game_get_round(host), shown = 0;
    while (minden_game_get_round(host) == round) {
        guint before = minden_game_get_history_length(host);
        g_assert_true(lp_game_computer_step(LP_GAME(host), minden_ai_move));
        joiner_show(&j);
        if (minden_game_get_history_length(host) == before) {
            /* Nothing newly scored: the page shows the phase. */
            g_assert_false(lp_test_find_label(GTK_WIDGET(j.page), " tipped ") != NULL &&
                           gtk_widget_get_visible(lp_test_find_label(GTK_WIDGET(j.page),
                                                                     " tipped ")));
            continue;
        }
        const MindenScoredTip *scored = minden_game_get_history_entry(host, before);
        const char *name = lp_player_get_display_name(lp_game_get_player(LP_GAME(host),
                                                                         scored->seat));
        g_autofree char *tip = minden_label_tip(&scored->tip);
        g_autofree char *title = g_strdup_printf("%s tipped %s", name, tip);
        g_assert_true(shows(j.page, title));
        g_assert_true(shows(j.page, scored->right ? "Right!" : "Wrong."));
        g_assert_true(minden_board_has_marks(board_of(j.page)));
        if (shown++ == 0)
            shot(j.window, "minden-mirror-score.png");
        /* Continue goes back to the phase. */
        g_assert_true(activate(j.page, "minden.continue"));
        g_assert_false(shows(j.page, title));
    }
    g_assert_cmpuint(shown, ==, 3);
    joiner_close(&j);
}

/* Nothing under page names the tip of seat; a tip of one stone is named by the tip board's
 * own buttons ("East") on every page and cannot be told apart, so it is not checked. */
static void assert_tip_unseen(MindenPage *page, MindenGame *host, guint seat)
{
    MindenTip tip;
    g_assert_true(minden_game_get_tip(host, (int) seat, seat, &tip));
    if (tip.n_stones < 2)
        return;
    g_autofree char *text = lp_test_widget_text(GTK_WIDGET(page));
    g_autofree char *lng = minden_label_tip_long(&tip);
    g_autofree char *shrt = minden_label_tip(&tip);
    if (names_region(text, lng) || names_region(text, shrt))
        g_error("the page tells seat %u's hidden tip “%s”:\n%s", seat, lng, text);
}

/* Anna is asked for her tip and nothing tells Ben's (three stones) or Cem's. */
static void assert_secrets_kept(MindenPage *page, MindenGame *host)
{
    g_assert_true(shows(page, "Anna, where is it?"));
    assert_tip_unseen(page, host, 1);
    assert_tip_unseen(page, host, 2);
}

/* Ben has tipped and Cem too: neither Anna's device nor the host's window, where Anna plays
 * at the screen, tells their tips before the scoring. */
static void test_secrets(void)
{
    /* Berlin's cell, three stones: a region no page names by chance. */
    MindenTip ben;
    minden_grid_locate(52.52, 13.405, &ben);
    ben.n_stones = 3;
    ben.section = -1;
    for (int here = 0; here < 2; here++) {
        const Kind kinds[] = { here ? HERE : REMOTE, REMOTE, COMPUTER };
        g_autoptr(MindenGame) host = host_new(9, 3, kinds);
        host_to_tip(host, 0);
        g_autoptr(JsonNode) action = tip_request(host, 1, &ben);
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_apply_action(LP_GAME(host), 1, action, &error));
        g_assert_no_error(error);
        host_runs(host);
        g_assert_true(minden_game_has_tipped(host, 2));
        g_assert_cmpint(minden_game_get_phase(host), ==, MINDEN_PHASE_TIP);
        if (here) {
            Host h = { 0 };
            host_open(&h, g_object_ref(host));
            assert_secrets_kept(h.page, host);
            gtk_window_destroy(GTK_WINDOW(h.window));
            iterate(30);
            g_assert_finalize_object(h.page);
            g_assert_finalize_object(h.driver);
            g_object_unref(host);
        } else {
            Joiner j = { 0 };
            joiner_open(&j, host, 0);
            assert_secrets_kept(j.page, host);
            /* Anna's own stones do show, to her. */
            g_signal_emit_by_name(board_of(j.page), "cell-activated", 0, 1, 3, 2);
            MindenTip own = { 4, 0, 1, 3, 2 };
            g_autofree char *text = lp_test_widget_text(GTK_WIDGET(j.page));
            g_autofree char *own_text = minden_label_tip_long(&own);
            g_assert_true(names_region(text, own_text));
            joiner_close(&j);
        }
    }
}

/* Anna walked the map's cursor and set three stones when Ben's tip reaches the host: the
 * page of the next view has her stones, the place-tip button and her cursor. */
static void test_carry_over(void)
{
    static const Kind kinds[] = { REMOTE, REMOTE, COMPUTER };
    g_autoptr(MindenGame) host = host_new(10, 3, kinds);
    host_to_tip(host, 0);
    g_assert_true(must_act(host, 1));
    Joiner j = { 0 };
    joiner_open(&j, host, 0);
    MindenBoard *board = board_of(j.page);
    MindenTip cell = { 0 }, fresh;
    minden_grid_locate(51.25, 10.25, &fresh);
    g_signal_connect(board, "cell-activated", G_CALLBACK(on_cell), &cell);
    gtk_widget_grab_focus(GTK_WIDGET(board));
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Up);
    board_key(board, GDK_KEY_Up);
    board_key(board, GDK_KEY_Return);
    g_assert_false(minden_tip_equal(&cell, &fresh));
    g_assert_true(activate(j.page, "minden.remove-stone"));
    MindenTip three;
    minden_tip_board_get_tip(tips_of(j.page), &three);
    g_assert_cmpint(three.n_stones, ==, 3);

    remote_acts(host, 1);
    joiner_show(&j);
    MindenTip carried;
    minden_tip_board_get_tip(tips_of(j.page), &carried);
    g_assert_true(minden_tip_equal(&carried, &three));
    g_assert_true(minden_board_has_marks(board_of(j.page)));
    g_assert_true(shows(j.page, "Anna, where is it?"));
    /* The keyboard cursor is where she left it. */
    MindenTip again = { 0 };
    g_signal_connect(board_of(j.page), "cell-activated", G_CALLBACK(on_cell), &again);
    board_key(board_of(j.page), GDK_KEY_Return);
    g_assert_true(minden_tip_equal(&again, &cell));
    /* And what she places is what she set. */
    g_assert_true(activate(j.page, "minden.remove-stone"));
    g_assert_true(activate(j.page, "minden.place-tip"));
    g_assert_cmpstr(action_type(j.requested), ==, "tip");
    /* Once her tip is in, the cursor is hers no longer: her tip of the next round starts
     * from the middle, as on the host's screen. */
    joiner_send(&j);
    g_assert_true(minden_game_has_tipped(host, 0));
    iterate(30);
    joiner_show(&j);
    host_to_tip(host, 0);
    g_assert_cmpuint(minden_game_get_round(host), ==, 2);
    joiner_show(&j);
    /* First the round's scoring, as the host's page shows it; then her next tip. */
    for (int i = 0; i < 10 && !minden_board_get_interactive(board_of(j.page)); i++)
        g_assert_true(activate(j.page, "minden.continue"));
    g_assert_true(minden_board_get_interactive(board_of(j.page)));
    MindenTip next = { 0 };
    g_signal_connect(board_of(j.page), "cell-activated", G_CALLBACK(on_cell), &next);
    gtk_widget_grab_focus(GTK_WIDGET(board_of(j.page)));
    board_key(board_of(j.page), GDK_KEY_Return);
    g_assert_true(minden_tip_equal(&next, &fresh));
    joiner_close(&j);
}

/* A whole hosted game: the host plays its computers, Anna plays on another device through
 * her page, one new page per view, each of her requests the same as her computer player's
 * action decided on a mirror of her view. */
static void test_hosted_game(void)
{
    static const Kind kinds[] = { REMOTE, COMPUTER, COMPUTER };
    g_autoptr(MindenGame) host = host_new(12, 3, kinds);
    Joiner j = { 0 };
    gboolean opened = FALSE;
    guint decisions = 0, finals = 0;
    while (!lp_game_is_over(LP_GAME(host))) {
        if (!must_act(host, 0)) {
            MindenPhase was = minden_game_get_phase(host);
            g_assert_true(lp_game_computer_step(LP_GAME(host), minden_ai_move));
            if (!opened || (was != MINDEN_PHASE_FINAL &&
                            minden_game_get_phase(host) != MINDEN_PHASE_FINAL))
                continue;
            /* From the final scoring on, every view on a page of its own, as a joining
             * window shows them: each step with who moved. */
            joiner_show(&j);
            if (was == MINDEN_PHASE_FINAL) {
                g_assert_true(shows(j.page, "moves from field") ||
                              shows(j.page, "Nobody moves."));
                if (finals++ == 0)
                    shot(j.window, "minden-mirror-final.png");
            }
            activate(j.page, "minden.continue");
            continue;
        }
        g_assert_true(must_act(host, 0));
        if (!opened)
            joiner_open(&j, host, 0);
        else
            joiner_show(&j);
        opened = TRUE;
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(host), 0);
        g_autoptr(LpGame) twin = lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error);
        g_assert_no_error(error);
        g_autoptr(JsonNode) expected = lp_game_computer_action(twin, 0, minden_ai_move);
        g_assert_nonnull(expected);
        /* A tip scored since the last view shows first (the host's page shows it too). */
        activate(j.page, "minden.continue");
        if (minden_game_get_phase(j.mirror) == MINDEN_PHASE_CHOOSE) {
            guint card;
            gboolean swap;
            minden_ai_choose(j.mirror, 0, &card, &swap);
            gtk_toggle_button_set_active(offer_button(j.page, j.mirror, card), TRUE);
            g_assert_true(activate(j.page, swap ? "minden.swap" : "minden.take"));
        } else {
            MindenTip tip;
            minden_ai_tip(j.mirror, 0, &tip);
            minden_tip_board_set_tip(tips_of(j.page), &tip);
            g_assert_true(activate(j.page, "minden.place-tip"));
        }
        g_assert_cmpuint(j.n_requests, ==, 1);
        g_autofree char *got = lp_json_to_string(j.requested, FALSE);
        g_autofree char *want = lp_json_to_string(expected, FALSE);
        g_assert_cmpstr(got, ==, want);
        joiner_send(&j);
        decisions++;
    }
    g_assert_true(opened);
    /* Yellow, red, blue, then the sets. */
    g_assert_cmpuint(finals, ==, 4);
    joiner_show(&j);
    activate(j.page, "minden.continue");
    g_assert_true(lp_game_is_over(LP_GAME(j.mirror)));
    g_assert_true(lp_game_page_get_finished(LP_GAME_PAGE(j.page)));
    g_assert_true(shows(j.page, "wins!") || shows(j.page, "share the win!"));
    g_assert_cmpuint(decisions, >=, 10);
    joiner_close(&j);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/minden/devices/host-waits-for-remote", test_host_waits_for_remote);
    g_test_add_func("/minden/devices/shared-table", test_shared_table);
    g_test_add_func("/minden/devices/mirror-choose", test_mirror_choose);
    g_test_add_func("/minden/devices/mirror-place-tip", test_mirror_place_tip);
    g_test_add_func("/minden/devices/mirror-scoring", test_mirror_scoring);
    g_test_add_func("/minden/devices/secrets", test_secrets);
    g_test_add_func("/minden/devices/carry-over", test_carry_over);
    g_test_add_func("/minden/devices/hosted-game", test_hosted_game);
    return g_test_run();
}
