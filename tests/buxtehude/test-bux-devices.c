/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buxtehude page on several devices (issue 31), under Xvfb: the host's window waits for
 * the people at other devices and offers them nothing; with nobody at it, it is a shared
 * table that needs no click and no privacy screen; a joining window's page over a mirror asks
 * the host for its moves, never shows another seat's secret and keeps the person's place from
 * view to view; and a hosted game goes to its end through views and mirrors. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "bux-ai.h"
#include "bux-cross.h"
#include "bux-page.h"
#include "bux-test-util.h"
#include "lp-privacy-screen.h"
#include "lp-test-util.h"

enum { ANNA, BEN, CEM };

/* One window showing one game page; a joining window replaces the page for every view. */
typedef struct {
    GtkWidget *window;
    GtkWidget *box;
    BuxPage *page;
    LpDriver *driver;
    LpSettings *settings;
} Screen;

static void iterate(void)
{
    for (int i = 0; i < 50 && g_main_context_pending(NULL); i++)
        g_main_context_iteration(NULL, FALSE);
}

static BuxPage *page_new(Screen *s, BuxGame *game)
{
    g_clear_object(&s->driver);
    s->driver = lp_driver_new(LP_GAME(game), bux_ai_move);
    lp_driver_set_delay(s->driver, 0);
    return g_object_ref_sink(BUX_PAGE(lp_game_page_new(BUX_TYPE_PAGE, LP_GAME(game), s->driver,
                                                       s->settings)));
}

static void screen_open(Screen *s, BuxGame *game)
{
    s->settings = lp_settings_new();
    lp_settings_set_animation_speed(s->settings, LP_ANIMATION_SPEED_OFF);
    s->page = page_new(s, game);
    gtk_widget_set_vexpand(GTK_WIDGET(s->page), TRUE);
    s->window = gtk_window_new();
    s->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(s->box), GTK_WIDGET(s->page));
    gtk_window_set_child(GTK_WINDOW(s->window), s->box);
    gtk_window_set_default_size(GTK_WINDOW(s->window), 1200, 800);
    gtk_window_present(GTK_WINDOW(s->window));
    lp_driver_kick(s->driver);
    iterate();
}

/* What a joining window does with every view: a new page over the new mirror, shown, what
 * the person was doing carried over, the old page gone. */
static void screen_show(Screen *s, BuxGame *mirror)
{
    BuxPage *old = s->page;
    LpDriver *old_driver = g_object_ref(s->driver);
    s->page = page_new(s, mirror);
    gtk_widget_set_vexpand(GTK_WIDGET(s->page), TRUE);
    gtk_box_append(GTK_BOX(s->box), GTK_WIDGET(s->page));
    lp_game_page_carry_over(LP_GAME_PAGE(s->page), LP_GAME_PAGE(old));
    gtk_box_remove(GTK_BOX(s->box), GTK_WIDGET(old));
    iterate();
    /* Nothing keeps the old page or its mirror alive: no timeout, no handler, no hold. */
    g_assert_finalize_object(old);
    g_assert_finalize_object(old_driver);
}

static void screen_close(Screen *s)
{
    gtk_window_destroy(GTK_WINDOW(s->window));
    iterate();
    g_assert_finalize_object(s->page);
    g_assert_finalize_object(s->driver);
    g_assert_finalize_object(s->settings);
}

/* With BUX_SHOT_DIR set, a picture of the window for people to look at. */
static void shot(Screen *s, const char *name)
{
    const char *dir = g_getenv("BUX_SHOT_DIR");
    if (dir == NULL)
        return;
    for (int i = 0; i < 20; i++) {
        g_usleep(20000);
        iterate();
    }
    GtkWidget *w = s->window;
    int width = gtk_widget_get_width(w), height = gtk_widget_get_height(w);
    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new(w);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    if (node == NULL)
        return;
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(w));
    g_autoptr(GdkTexture) texture =
        gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
    g_autofree char *path = g_strdup_printf("%s/devices-%s.png", dir, name);
    gdk_texture_save_to_png(texture, path);
}

static BuxCross *cross_of(BuxPage *page)
{
    g_autoptr(GPtrArray) all = lp_test_find_all(GTK_WIDGET(page), BUX_TYPE_CROSS, NULL);
    g_assert_cmpuint(all->len, ==, 1);
    return all->pdata[0];
}

static LpPrivacyScreen *privacy_of(BuxPage *page)
{
    GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(page));
    return LP_IS_PRIVACY_SCREEN(child) ? LP_PRIVACY_SCREEN(child) : NULL;
}

/* The labels of the buttons a person could press now, one a line. */
static char *shown_buttons(BuxPage *page)
{
    g_autoptr(GPtrArray) all = lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_BUTTON, NULL);
    GString *out = g_string_new(NULL);
    for (guint i = 0; i < all->len; i++) {
        GtkWidget *b = all->pdata[i];
        if (gtk_widget_get_mapped(b) && gtk_button_get_label(GTK_BUTTON(b)) != NULL)
            g_string_append_printf(out, "%s\n", gtk_button_get_label(GTK_BUTTON(b)));
    }
    g_autofree char *text = g_string_free(out, FALSE);
    return lp_test_without_isolates(text);
}

static gboolean says(BuxPage *page, const char *text)
{
    return lp_test_find_label(GTK_WIDGET(page), text) != NULL;
}

static void act(BuxPage *page, const char *action, GVariant *param)
{
    g_assert_true(gtk_widget_activate_action_variant(GTK_WIDGET(page), action, param));
    iterate();
}

static void type_estimate(BuxPage *page, const char *text)
{
    g_autoptr(GPtrArray) spins = lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_SPIN_BUTTON, NULL);
    g_assert_cmpuint(spins->len, ==, 1);
    gtk_editable_set_text(GTK_EDITABLE(spins->pdata[0]), text);
}

static const char *typed_estimate(BuxPage *page)
{
    g_autoptr(GPtrArray) spins = lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_SPIN_BUTTON, NULL);
    return gtk_editable_get_text(GTK_EDITABLE(spins->pdata[0]));
}

/* ---- the host's game ---------------------------------------------------------------------- */

/* Anna, Ben, Cem …: the first humans people, the rest computers; remote[] are played on
 * other devices. youngest begins. */
static BuxGame *host_new(guint n, guint humans, int youngest, guint64 seed,
                         const gboolean *remote)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(n, humans, LP_LEVEL_HARD, youngest);
    BuxGame *game = bux_test_game(deck, players, seed);
    for (guint i = 0; i < n; i++)
        lp_game_set_seat_remote(LP_GAME(game), i, remote[i]);
    return game;
}

static BuxGame *mirror_of(BuxGame *host, int seat)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(host), seat);
    LpGame *mirror = lp_game_mirror_new(BUX_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_true(lp_game_is_mirror(mirror));
    return BUX_GAME(mirror);
}

static void apply_node(BuxGame *host, guint seat, JsonNode *action)
{
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_game_apply_action(LP_GAME(host), seat, action, &error));
    g_assert_no_error(error);
}

/* A move of a person at another device, as it arrives at the host. */
static void apply(BuxGame *host, guint seat, const char *json)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) action = json_from_string(json, &error);
    g_assert_no_error(error);
    apply_node(host, seat, action);
}

/* A gap where the card in hand lies right (the north arm's first when there is none), so
 * that the computers at the table seldom challenge the people's cards. */
static void good_gap(BuxGame *game, BuxArm *arm, guint *index)
{
    BuxDeck *deck = bux_game_get_deck(game);
    int card = bux_game_get_hand(game);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        guint len = bux_game_get_arm_length(game, a);
        for (guint i = 0; i <= len; i++) {
            int inner = i == 0 ? bux_game_get_start_card(game)
                               : bux_game_get_arm_card(game, a, i - 1);
            int outer = i < len ? bux_game_get_arm_card(game, a, i) : -1;
            if (bux_pair_is_correct(deck, a, inner, card) &&
                (outer < 0 || bux_pair_is_correct(deck, a, card, outer))) {
                *arm = a;
                *index = i;
                return;
            }
        }
    }
    *arm = BUX_ARM_NORTH;
    *index = 0;
}

static void remote_place(BuxGame *host, guint seat)
{
    BuxArm arm;
    guint index;
    good_gap(host, &arm, &index);
    g_autofree char *json = g_strdup_printf("{\"type\": \"place\", \"arm\": \"%s\", "
                                            "\"index\": %u}", bux_arm_to_string(arm), index);
    apply(host, seat, json);
}

/* The decision a person at another device owes now, taken: place well, let the card stand,
 * compare with the inner neighbour, estimate 1. FALSE when seat owes none. */
static gboolean remote_decides(BuxGame *host, guint seat)
{
    switch (bux_game_get_phase(host)) {
    case BUX_PHASE_PLACE:
        if (bux_game_get_turn_seat(host) != seat)
            return FALSE;
        remote_place(host, seat);
        return TRUE;
    case BUX_PHASE_CHALLENGE:
        if (bux_game_get_turn_seat(host) == seat || bux_game_has_decided(host, seat))
            return FALSE;
        apply(host, seat, "{\"type\": \"pass\"}");
        return TRUE;
    case BUX_PHASE_NEIGHBOUR:
        if (bux_game_get_challenger(host) != (int)seat)
            return FALSE;
        apply(host, seat, "{\"type\": \"neighbour\", \"side\": \"inner\"}");
        return TRUE;
    case BUX_PHASE_ESTIMATE: {
        int next = bux_game_get_estimating_seat(host);
        if (next < 0 || !lp_player_is_human(lp_game_get_player(LP_GAME(host), next)) ||
            bux_game_has_estimated(host, seat))
            return FALSE;
        apply(host, seat, "{\"type\": \"estimate\", \"estimate\": 1}");
        return TRUE;
    }
    default:
        return FALSE;
    }
}

static void on_requested(LpGame *mirror, JsonNode *action, JsonNode **out)
{
    g_assert_null(*out);
    *out = json_node_copy(action);
}

static const char *type_of(JsonNode *action)
{
    return json_object_get_string_member(json_node_get_object(action), "type");
}

/* ---- the host's window --------------------------------------------------------------------- */

/* Anna plays at the host, Ben on another device, Cem is a computer at the host; Ben begins.
 * Wherever Ben decides, Anna's page says "Waiting for Ben…" and offers nothing for him; she
 * estimates without waiting for him. */
static void test_host_waits(void)
{
    const gboolean remote[] = { FALSE, TRUE, FALSE };
    g_autoptr(BuxOwnedGame) host = host_new(3, 2, BEN, 7, remote);
    Screen s = { 0 };
    screen_open(&s, host);
    /* One person at this screen: nothing to hide from the screen. */
    g_assert_null(privacy_of(s.page));
    gboolean seen_place = FALSE, seen_challenge = FALSE, seen_estimate = FALSE;
    for (guint round = 0; round < 20000 && !(seen_place && seen_challenge && seen_estimate);
         round++) {
        iterate();
        g_assert_cmpint(bux_game_get_phase(host), !=, BUX_PHASE_OVER);
        const char *mode = bux_page_get_mode(s.page);
        g_autofree char *buttons = shown_buttons(s.page);
        /* Never a control in Ben's name, never a privacy screen for him. */
        g_assert_null(strstr(buttons, "Ben"));
        g_assert_cmpstr(mode, !=, "covered");
        guint turn = bux_game_get_turn_seat(host);
        if (g_str_equal(mode, "result") || g_str_equal(mode, "scoring")) {
            act(s.page, "bux.continue", NULL);
            continue;
        }
        switch (bux_game_get_phase(host)) {
        case BUX_PHASE_PLACE:
            if (turn == BEN) {
                g_assert_cmpstr(mode, ==, "waiting");
                g_assert_true(says(s.page, "Waiting for Ben…"));
                g_assert_false(bux_cross_get_interactive(cross_of(s.page)));
                if (!seen_place)
                    shot(&s, "host-waiting");
                /* Anna's Enter does not place Ben's card. */
                guint placed = bux_game_get_n_placed(host);
                act(s.page, "bux.place-selected", NULL);
                g_assert_cmpuint(bux_game_get_n_placed(host), ==, placed);
                seen_place = TRUE;
                remote_place(host, BEN);
            } else if (g_str_equal(mode, "place")) {
                g_assert_cmpuint(turn, ==, ANNA);
                act(s.page, "bux.place-selected", NULL);
            } else {
                g_main_context_iteration(NULL, TRUE);
            }
            break;
        case BUX_PHASE_CHALLENGE:
            if (turn != BEN && !bux_game_has_decided(host, BEN) &&
                g_str_equal(mode, "challenge")) {
                /* RULES.md: people come first; Ben calls at his own screen. */
                g_assert_true(says(s.page, "Waiting for Ben…"));
                if (!seen_challenge)
                    shot(&s, "host-challenge-waiting");
                seen_challenge = TRUE;
                remote_decides(host, BEN);
            } else if (turn != ANNA && !bux_game_has_decided(host, ANNA) &&
                       g_str_equal(mode, "challenge")) {
                g_assert_nonnull(strstr(buttons, "Wrong! (Anna)"));
                act(s.page, "bux.no-objection", NULL);
            } else {
                g_main_context_iteration(NULL, TRUE);
            }
            break;
        case BUX_PHASE_NEIGHBOUR:
            if (bux_game_get_challenger(host) == BEN) {
                g_assert_true(says(s.page, "Waiting for Ben…"));
                remote_decides(host, BEN);
            } else if (g_str_equal(mode, "neighbour")) {
                act(s.page, "bux.neighbour", g_variant_new_uint32(0));
            } else {
                g_main_context_iteration(NULL, TRUE);
            }
            break;
        case BUX_PHASE_ESTIMATE:
            if (g_str_equal(mode, "estimate")) {
                g_assert_false(bux_game_has_estimated(host, ANNA));
                type_estimate(s.page, "1");
                act(s.page, "bux.estimate", NULL);
            } else if (bux_game_has_estimated(host, ANNA) &&
                       !bux_game_has_estimated(host, BEN)) {
                g_assert_cmpstr(mode, ==, "waiting");
                g_assert_true(says(s.page, "Waiting for Ben…"));
                seen_estimate = TRUE;
                remote_decides(host, BEN);
            } else {
                g_main_context_iteration(NULL, TRUE);
            }
            break;
        default:
            g_main_context_iteration(NULL, TRUE);
        }
    }
    g_assert_true(seen_place && seen_challenge && seen_estimate);
    screen_close(&s);
}

static gboolean stop_waiting(gpointer data)
{
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Every person sits at another device: the host's window is the shared table. No privacy
 * screen, nothing to press for a seat, and a result or a scoring goes on by itself, so the
 * computer at the host plays on with nobody clicking. */
static void test_shared_table(void)
{
    const gboolean remote[] = { TRUE, TRUE, FALSE };
    g_autoptr(BuxOwnedGame) host = host_new(3, 2, ANNA, 3, remote);
    Screen s = { 0 };
    screen_open(&s, host);
    g_assert_null(privacy_of(s.page));
    gboolean timeout = FALSE;
    guint id = g_timeout_add_seconds(25, stop_waiting, &timeout);
    gboolean scored = FALSE;
    /* Up to the second cross, its Intermezzo read: whatever challenges came before, and the
     * scoring, each went on by itself. */
    while (!timeout) {
        iterate();
        const char *mode = bux_page_get_mode(s.page);
        if (scored && bux_game_get_cross_number(host) >= 2 && !g_str_equal(mode, "scoring"))
            break;
        g_assert_true(g_str_equal(mode, "waiting") || g_str_equal(mode, "challenge") ||
                      g_str_equal(mode, "result") || g_str_equal(mode, "scoring"));
        scored |= g_str_equal(mode, "scoring");
        g_assert_false(bux_cross_get_interactive(cross_of(s.page)));
        g_autofree char *buttons = shown_buttons(s.page);
        g_assert_null(strstr(buttons, "Wrong!"));
        g_assert_null(strstr(buttons, "_No Objection"));
        if (!remote_decides(host, ANNA) && !remote_decides(host, BEN))
            g_main_context_iteration(NULL, TRUE);
    }
    g_assert_false(timeout);
    g_source_remove(id);
    g_assert_true(scored);
    screen_close(&s);
}

/* ---- a joining window ---------------------------------------------------------------------- */

/* Anna plays on another device with two computers at the host. Her window shows every view
 * on a new page over a new mirror; what she does there reaches the mirror's move functions,
 * which ask the host ("action-requested") and change nothing; the host plays the action and
 * the next view's page shows it. To the end of the game. */
static void test_mirror_plays_through(void)
{
    const gboolean remote[] = { TRUE, FALSE, FALSE };
    g_autoptr(BuxOwnedGame) host = host_new(3, 1, ANNA, 11, remote);
    Screen s = { 0 };
    g_autoptr(BuxGame) first = mirror_of(host, ANNA);
    screen_open(&s, first);
    guint placed = 0, challenged = 0, passed = 0, picked = 0, estimated = 0, results = 0;
    for (guint round = 0; round < 2000; round++) {
        /* Her window gets a view after every action at the host. */
        while (lp_game_computer_step(LP_GAME(host), bux_ai_move)) {
            g_autoptr(BuxGame) mirror = mirror_of(host, ANNA);
            screen_show(&s, mirror);
        }
        if (lp_game_is_over(LP_GAME(host)))
            break;
        BuxPage *page = s.page;
        BuxGame *mirror = bux_page_get_game(page);
        const char *mode = bux_page_get_mode(page);
        g_autofree char *buttons = shown_buttons(page);
        /* Only Anna's decisions: never a button for a computer's. */
        g_assert_null(strstr(buttons, "(Ben)"));
        g_assert_null(strstr(buttons, "(Cem)"));
        if (g_str_equal(mode, "result") || g_str_equal(mode, "scoring")) {
            results += mode[0] == 'r';
            /* What she reads stays when the view comes again (a reconnection). */
            g_autofree char *reading = lp_test_widget_text(GTK_WIDGET(page));
            g_autoptr(BuxGame) again = mirror_of(host, ANNA);
            screen_show(&s, again);
            g_assert_cmpstr(bux_page_get_mode(s.page), ==, mode);
            if (mode[0] == 'r') {
                g_autofree char *still = lp_test_widget_text(GTK_WIDGET(s.page));
                g_assert_cmpstr(still, ==, reading);
            }
            act(s.page, "bux.continue", NULL);
            continue;
        }
        JsonNode *request = NULL;
        gulong handler = g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested),
                                          &request);
        guint64 actions = lp_game_get_n_actions(LP_GAME(mirror));
        BuxPhase phase = bux_game_get_phase(mirror);
        int hand = bux_game_get_hand(mirror);
        BuxArm arm = BUX_ARM_NORTH;
        guint index = 0;
        if (g_str_equal(mode, "place")) {
            g_assert_true(bux_cross_get_interactive(cross_of(page)));
            if (placed == 6)
                shot(&s, "mirror-place");
            /* A click on a gap. */
            good_gap(mirror, &arm, &index);
            g_signal_emit_by_name(cross_of(page), "gap-activated", (guint)arm, index);
            iterate();
            g_assert_nonnull(request);
            g_assert_cmpstr(type_of(request), ==, "place");
            g_assert_cmpstr(json_object_get_string_member(json_node_get_object(request), "arm"),
                            ==, bux_arm_to_string(arm));
            /* A second click (a double click) asks nothing more: the host's answer is the
             * next view. */
            JsonNode *first_request = request;
            request = NULL;
            g_signal_emit_by_name(cross_of(page), "gap-activated", (guint)arm, index);
            iterate();
            g_assert_null(request);
            request = first_request;
            placed++;
        } else if (g_str_equal(mode, "challenge")) {
            g_assert_nonnull(strstr(buttons, "Wrong! (Anna)"));
            if (challenged + passed == 6)
                shot(&s, "mirror-challenge");
            gboolean call = (challenged + passed) % 3 == 1;
            if (call)
                act(page, "bux.challenge", g_variant_new_uint32(ANNA));
            else
                act(page, "bux.no-objection", NULL);
            g_assert_nonnull(request);
            g_assert_cmpstr(type_of(request), ==, call ? "challenge" : "pass");
            challenged += call;
            passed += !call;
        } else if (g_str_equal(mode, "neighbour")) {
            act(page, "bux.neighbour", g_variant_new_uint32(1));
            g_assert_nonnull(request);
            g_assert_cmpstr(type_of(request), ==, "neighbour");
            picked++;
        } else if (g_str_equal(mode, "estimate")) {
            type_estimate(page, "2");
            act(page, "bux.estimate", NULL);
            g_assert_nonnull(request);
            g_assert_cmpstr(type_of(request), ==, "estimate");
            estimated++;
        } else {
            g_error("the host waits for Anna, but her page shows “%s”", mode);
        }
        g_signal_handler_disconnect(mirror, handler);
        /* The mirror asked and changed nothing: the page is as it was, without a crash. */
        iterate();
        g_assert_cmpuint(lp_game_get_n_actions(LP_GAME(mirror)), ==, actions);
        g_assert_cmpint(bux_game_get_phase(mirror), ==, phase);
        g_assert_cmpint(bux_game_get_hand(mirror), ==, hand);
        g_assert_cmpstr(bux_page_get_mode(page), ==, mode);

        apply_node(host, ANNA, request);
        json_node_unref(request);
        g_autoptr(BuxGame) next = mirror_of(host, ANNA);
        screen_show(&s, next);
        if (hand >= 0) {
            /* The next view's page shows the card where Anna put it. */
            g_assert_cmpint(bux_game_get_arm_card(next, arm, index), ==, hand);
            g_autofree char *text = lp_test_widget_text(GTK_WIDGET(s.page));
            const char *name = bux_card_get_name(bux_deck_get_card(bux_game_get_deck(next),
                                                                   hand));
            g_assert_nonnull(strstr(text, name));
            g_assert_cmpstr(bux_page_get_mode(s.page), !=, "place");
        }
    }
    g_assert_true(lp_game_is_over(LP_GAME(host)));
    g_autoptr(BuxGame) last = mirror_of(host, ANNA);
    screen_show(&s, last);
    for (guint i = 0; i < 100 && g_strcmp0(bux_page_get_mode(s.page), "over") != 0; i++)
        act(s.page, "bux.continue", NULL);
    g_assert_cmpstr(bux_page_get_mode(s.page), ==, "over");
    g_assert_cmpuint(placed, >=, 10);
    g_assert_cmpuint(challenged, >, 0);
    g_assert_cmpuint(passed, >, 0);
    g_assert_cmpuint(estimated, ==, 3);
    /* The challenge results Anna was part of came with the next view. */
    g_assert_cmpuint(results, >, 0);
    g_test_message("Anna placed %u, called %u, passed %u, picked %u, estimated %u, read %u "
                   "results", placed, challenged, passed, picked, estimated, results);
    screen_close(&s);
}

/* Plays host until Anna and Ben (both at other devices) are to estimate, computers done. */
static void host_to_estimates(BuxGame *host)
{
    for (guint round = 0; round < 2000; round++) {
        lp_game_run_computers(LP_GAME(host), bux_ai_move);
        if (bux_game_get_phase(host) == BUX_PHASE_ESTIMATE)
            return;
        g_assert_true(remote_decides(host, ANNA) || remote_decides(host, BEN));
    }
    g_assert_not_reached();
}

static BuxGame *copy_of(BuxGame *host)
{
    g_autoptr(GError) error = NULL;
    gsize length;
    g_autofree char *data = lp_game_save_to_data(LP_GAME(host), &length);
    LpGame *copy = lp_game_restore_from_data(BUX_TYPE_GAME, data, length, &error);
    g_assert_no_error(error);
    return BUX_GAME(copy);
}

/* Everything Anna's window could show or tell of the view after, on the page that replaced
 * the one of the view before. */
static char *page_text_of(BuxGame *before, BuxGame *after)
{
    Screen s = { 0 };
    screen_open(&s, before);
    if (after != NULL)
        screen_show(&s, after);
    char *text = lp_test_widget_text(GTK_WIDGET(s.page));
    screen_close(&s);
    return text;
}

/* RULES.md hidden information: Ben's estimate is his until all are in. Two tables alike but
 * for Ben's estimate give Anna's joining window the same page, word for word; once the
 * scoring makes the estimates public, they do not. */
static void test_mirror_hides(void)
{
    const gboolean remote[] = { TRUE, TRUE, FALSE };
    g_autoptr(BuxOwnedGame) host = host_new(3, 2, ANNA, 5, remote);
    host_to_estimates(host);
    g_autoptr(BuxOwnedGame) seven = copy_of(host);
    g_autoptr(BuxOwnedGame) two = copy_of(host);
    apply(seven, BEN, "{\"type\": \"estimate\", \"estimate\": 7}");
    apply(two, BEN, "{\"type\": \"estimate\", \"estimate\": 2}");

    g_autoptr(BuxGame) anna_seven = mirror_of(seven, ANNA);
    g_autoptr(BuxGame) anna_two = mirror_of(two, ANNA);
    int estimate;
    g_assert_false(bux_game_get_estimate(anna_seven, ANNA, BEN, &estimate));
    g_assert_cmpint(estimate, ==, -1);
    g_autofree char *text_seven = page_text_of(anna_seven, NULL);
    g_autofree char *text_two = page_text_of(anna_two, NULL);
    g_assert_cmpstr(text_seven, ==, text_two);
    /* She is asked for hers. */
    g_assert_nonnull(strstr(text_seven, "Anna, how many cards"));

    /* Ben's own window knows his. */
    g_autoptr(BuxGame) ben = mirror_of(seven, BEN);
    g_assert_true(bux_game_get_estimate(ben, BEN, BEN, &estimate));
    g_assert_cmpint(estimate, ==, 7);

    /* The comparison sees estimates once they are public. */
    apply(seven, ANNA, "{\"type\": \"estimate\", \"estimate\": 1}");
    apply(two, ANNA, "{\"type\": \"estimate\", \"estimate\": 1}");
    g_autoptr(BuxGame) after_seven = mirror_of(seven, ANNA);
    g_autoptr(BuxGame) after_two = mirror_of(two, ANNA);
    g_autofree char *public_seven = page_text_of(anna_seven, after_seven);
    g_autofree char *public_two = page_text_of(anna_two, after_two);
    g_assert_nonnull(strstr(public_seven, "Estimates: "));
    g_assert_cmpstr(public_seven, !=, public_two);
}

static void press_key(GtkWidget *widget, guint keyval)
{
    GListModel *controllers = gtk_widget_observe_controllers(widget);
    gboolean handled = FALSE;
    for (guint i = 0, n = g_list_model_get_n_items(controllers); i < n && !handled; i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_KEY(c))
            g_signal_emit_by_name(c, "key-pressed", keyval, 0, (GdkModifierType)0, &handled);
    }
    g_object_unref(controllers);
    g_assert_true(handled);
    iterate();
}

/* A new page over a newer view keeps what Anna was in the middle of: the gap she walked to
 * with the arrow keys, the focus on the cross, and the estimate she typed but did not send
 * yet. */
static void test_carry_over(void)
{
    const gboolean remote[] = { TRUE, TRUE, FALSE };
    g_autoptr(BuxOwnedGame) host = host_new(3, 2, ANNA, 9, remote);
    Screen s = { 0 };
    g_autoptr(BuxGame) first = mirror_of(host, ANNA);
    screen_open(&s, first);
    g_assert_cmpstr(bux_page_get_mode(s.page), ==, "place");
    BuxCross *cross = cross_of(s.page);
    gtk_widget_grab_focus(GTK_WIDGET(cross));
    BuxArm before_arm, arm;
    guint before_index, index;
    g_assert_true(bux_cross_get_selected_gap(cross, &before_arm, &before_index));
    press_key(GTK_WIDGET(cross), GDK_KEY_Right);
    press_key(GTK_WIDGET(cross), GDK_KEY_Down);
    g_assert_true(bux_cross_get_selected_gap(cross, &arm, &index));
    g_assert_true(arm != before_arm || index != before_index);

    /* The same seat's next view (the same state, sent again after a reconnection). */
    g_autoptr(BuxGame) again = mirror_of(host, ANNA);
    screen_show(&s, again);
    BuxArm carried_arm;
    guint carried_index;
    g_assert_true(bux_cross_get_selected_gap(cross_of(s.page), &carried_arm, &carried_index));
    g_assert_cmpint(carried_arm, ==, arm);
    g_assert_cmpuint(carried_index, ==, index);
    g_assert_true(gtk_root_get_focus(GTK_ROOT(s.window)) == GTK_WIDGET(cross_of(s.page)));
    g_autofree char *gap = bux_cross_describe_gap(again, arm, index);
    g_autofree char *selected = g_strdup_printf("Selected gap: %s", gap);
    g_assert_true(says(s.page, selected));

    /* The typed estimate outlives Ben's. */
    host_to_estimates(host);
    g_autoptr(BuxGame) asked = mirror_of(host, ANNA);
    screen_show(&s, asked);
    /* The window skipped the views between: what it learnt of them is read first. */
    for (guint i = 0; i < 10 && (g_str_equal(bux_page_get_mode(s.page), "result") ||
                                 g_str_equal(bux_page_get_mode(s.page), "scoring")); i++)
        act(s.page, "bux.continue", NULL);
    g_assert_cmpstr(bux_page_get_mode(s.page), ==, "estimate");
    type_estimate(s.page, "4");
    apply(host, BEN, "{\"type\": \"estimate\", \"estimate\": 3}");
    g_autoptr(BuxGame) later = mirror_of(host, ANNA);
    screen_show(&s, later);
    g_assert_cmpstr(bux_page_get_mode(s.page), ==, "estimate");
    g_assert_cmpstr(typed_estimate(s.page), ==, "4");
    JsonNode *request = NULL;
    g_signal_connect(later, "action-requested", G_CALLBACK(on_requested), &request);
    act(s.page, "bux.estimate", NULL);
    g_assert_nonnull(request);
    g_assert_cmpint(json_object_get_int_member(json_node_get_object(request), "estimate"), ==, 4);
    json_node_unref(request);
    screen_close(&s);
}

/* One turn of the main loop, or 20 ms when nothing is due (a page's timeout). */
static void wait_a_moment(void)
{
    gboolean done = FALSE;
    guint id = g_timeout_add(20, stop_waiting, &done);
    g_main_context_iteration(NULL, TRUE);
    if (!done)
        g_source_remove(id);
}

/* A whole hosted game through views and mirrors: two computers and the shared table at the
 * host, and Anna's seat played on another device by a computer player that decides on the
 * mirror of her view, whose window shows each view on a new page. */
static void test_hosted_game(void)
{
    gint64 start = g_get_monotonic_time();
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_autoptr(GPtrArray) players = bux_test_players(3, 0, LP_LEVEL_NORMAL, ANNA);
    g_autoptr(BuxOwnedGame) host = bux_test_game(deck, players, 21);
    lp_game_set_seat_remote(LP_GAME(host), ANNA, TRUE);
    Screen table = { 0 }, anna = { 0 };
    screen_open(&table, host);
    g_assert_null(privacy_of(table.page));
    g_autoptr(BuxGame) first = mirror_of(host, ANNA);
    screen_open(&anna, first);
    guint64 shown = lp_game_get_n_actions(LP_GAME(host));
    guint moves = 0;
    while (!lp_game_is_over(LP_GAME(host))) {
        g_assert_cmpint(g_get_monotonic_time() - start, <, 60 * G_USEC_PER_SEC);
        iterate();
        if (lp_game_get_n_actions(LP_GAME(host)) != shown) {
            g_autoptr(BuxGame) mirror = mirror_of(host, ANNA);
            screen_show(&anna, mirror);
            shown = lp_game_get_n_actions(LP_GAME(host));
            /* Her window offers nothing: her seat is played by a computer there. */
            g_autofree char *buttons = shown_buttons(anna.page);
            g_assert_null(strstr(buttons, "Wrong!"));
            g_assert_false(bux_cross_get_interactive(cross_of(anna.page)));
        }
        if (lp_game_get_computer_seat(LP_GAME(host)) == ANNA) {
            /* The host's own steps (a reveal, a scoring) move the game without an action:
             * her device gets the view of the game at rest, as the host sends it, before
             * her computer player decides (on a busy machine the steps' timers may have run
             * since the last view shown). */
            g_autoptr(BuxGame) at_rest = mirror_of(host, ANNA);
            screen_show(&anna, at_rest);
            BuxGame *mirror = bux_page_get_game(anna.page);
            g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(mirror), ANNA,
                                                                 bux_ai_move);
            g_assert_nonnull(action);
            apply_node(host, ANNA, action);
            moves++;
        } else {
            wait_a_moment();
        }
    }
    g_autoptr(BuxGame) last = mirror_of(host, ANNA);
    screen_show(&anna, last);
    /* Both windows come to the end by themselves. */
    for (guint i = 0; i < 400 && (g_strcmp0(bux_page_get_mode(table.page), "over") != 0 ||
                                  g_strcmp0(bux_page_get_mode(anna.page), "over") != 0);
         i++)
        wait_a_moment();
    g_assert_cmpstr(bux_page_get_mode(table.page), ==, "over");
    g_assert_cmpstr(bux_page_get_mode(anna.page), ==, "over");
    g_assert_cmpuint(moves, >=, 15);
    g_test_message("hosted game: %u moves from the other device, %.1f s", moves,
                   (g_get_monotonic_time() - start) / 1e6);
    screen_close(&anna);
    screen_close(&table);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/buxtehude/devices/host-waits", test_host_waits);
    g_test_add_func("/buxtehude/devices/shared-table", test_shared_table);
    g_test_add_func("/buxtehude/devices/mirror-plays-through", test_mirror_plays_through);
    g_test_add_func("/buxtehude/devices/mirror-hides", test_mirror_hides);
    g_test_add_func("/buxtehude/devices/carry-over", test_carry_over);
    g_test_add_func("/buxtehude/devices/hosted-game", test_hosted_game);
    return g_test_run();
}
