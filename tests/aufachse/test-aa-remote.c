/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Auf Achse page on several devices (issue 31), under Xvfb: the host's window waits for a
 * seat played elsewhere and offers it nothing; with nobody at the host it is a shared table
 * that deals the next stage by itself; a joiner's page over a mirror sends its moves as
 * requests, cannot deal, shows only its own seat's secrets, carries a picked card and a
 * scoring being turned over to the page of the next view, and a hosted game goes to its end
 * through views and mirrors. With AA_SHOT_DIR set, it writes screenshots of a joiner's page
 * and of the host's window waiting. */
#include "config.h"

#include <string.h>

#include "aa-ai.h"
#include "aa-hand.h"
#include "aa-page.h"
#include "aa-page-test-util.h"
#include "aa-test-util.h"
#include "lp-privacy-screen.h"
#include "lp-test-util.h"

static LpSettings *test_settings_new(void)
{
    LpSettings *settings = lp_settings_new();
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    return settings;
}

static AaGame *host_new(const char *kinds, guint64 seed, int remote)
{
    g_autoptr(GPtrArray) players = aa_test_players(strlen(kinds), kinds);
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    AaGame *game = aa_game_new(players, rng, NULL);
    if (remote >= 0)
        lp_game_set_seat_remote(LP_GAME(game), (guint)remote, TRUE);
    return game;
}

static GtkWidget *find_type(GtkWidget *widget, GType type)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(widget, type))
        return widget;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_type(c, type);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static AaHand *hand_of(AaPage *page)
{
    return AA_HAND(find_type(GTK_WIDGET(page), AA_TYPE_HAND));
}

/* The cards the hand shows face up (ids), and how many it shows in all. */
static GArray *hand_faces(AaPage *page, guint *n_shown, guint *n_sensitive)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(hand_of(page)),
                                                    GTK_TYPE_TOGGLE_BUTTON, "aa-hand-card");
    GArray *cards = g_array_new(FALSE, FALSE, sizeof(int));
    *n_shown = buttons->len;
    *n_sensitive = 0;
    for (guint i = 0; i < buttons->len; i++) {
        int card = GPOINTER_TO_INT(g_object_get_data(buttons->pdata[i], "aa-card")) - 1;
        if (card >= 0)
            g_array_append_val(cards, card);
        if (gtk_widget_get_sensitive(buttons->pdata[i]))
            (*n_sensitive)++;
    }
    return cards;
}

/* The "play" button a person would press is on screen. */
static gboolean play_offered(AaPage *page)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(page), GTK_TYPE_BUTTON,
                                                    "suggested-action");
    for (guint i = 0; i < buttons->len; i++) {
        const char *action = gtk_actionable_get_action_name(buttons->pdata[i]);
        if (g_strcmp0(action, "aa.play") == 0 && gtk_widget_is_visible(buttons->pdata[i]))
            return TRUE;
    }
    return FALSE;
}

/* Issue 10 and 31: the page's text names no other seat's hand and no other seat's route face
 * up while the stage is played. */
static GArray *hand_faces(AaPage *page, guint *n_shown, guint *n_sensitive);

static void assert_no_secret_of_others(AaPage *page, AaGame *game, int own)
{
    /* The hand shows own's cards face up, or none. */
    guint shown, sensitive;
    g_autoptr(GArray) faces = hand_faces(page, &shown, &sensitive);
    GArray *hand = NULL;
    if (faces->len > 0) {
        g_assert_cmpint(own, >=, 0);
        g_assert_true(aa_game_get_hand(game, own, own, &hand));
        g_assert_cmpuint(faces->len, ==, hand->len);
        for (guint i = 0; i < faces->len; i++)
            g_assert_cmpint(g_array_index(faces, int, i), ==, g_array_index(hand, guint8, i));
    }

    g_autofree char *text = lp_test_widget_text(GTK_WIDGET(page));
    AaPhase phase = aa_game_get_phase(game);
    gboolean scoring = phase == AA_PHASE_STAGE_END || phase == AA_PHASE_OVER;
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++) {
        if ((int)s == own)
            continue;
        g_autofree char *hand = g_strdup_printf("Hand of P%u", s);
        if (strstr(text, hand) != NULL)
            g_error("the page names the hand of seat %u:\n%s", s, text);
        if (scoring)
            continue;
        g_autofree char *route = g_strdup_printf("Route of P%u, ", s);
        for (const char *at = strstr(text, route); at != NULL; at = strstr(at + 1, route)) {
            const char *colon = strchr(at, ':'), *end = strchr(at, '\n');
            if (colon != NULL && (end == NULL || colon < end))
                g_error("the page shows the route of seat %u: %.80s", s, at);
        }
    }
}

/* A person at another device plays like a computer of normal level (a test's stand-in):
 * decided on the mirror of their own view, through the mirror's public moves. */
static gboolean person_move(LpGame *mirror)
{
    AaGame *game = AA_GAME(mirror);
    int seat = lp_game_get_current_seat(mirror);
    if (seat < 0 || aa_game_get_step(game) == AA_STEP_NONE ||
        seat != lp_game_get_viewer(mirror))
        return FALSE;
    guint card = aa_ai_choose(game, (guint)seat, LP_LEVEL_NORMAL);
    g_autoptr(GError) error = NULL;
    gboolean ok = aa_game_get_step(game) == AA_STEP_COUNTER
                      ? aa_game_play_counter(game, (guint)seat, card, &error)
                      : aa_game_play_route(game, (guint)seat, card, &error);
    g_assert_no_error(error);
    return ok;
}

/* Let the host's computers act (no page in between) until seat must decide or the game is
 * over. */
static void host_run_until(AaGame *host, int seat)
{
    for (guint i = 0; i < 5000; i++) {
        if (lp_game_is_over(LP_GAME(host)) || lp_game_get_current_seat(LP_GAME(host)) == seat)
            return;
        g_assert_true(lp_game_computer_step(LP_GAME(host), aa_ai_move));
    }
    g_assert_not_reached();
}

/* ---- the host's window ---- */

typedef AaPageFixture Host;

static void host_window(Host *h, AaGame *game)
{
    aa_page_fixture_open(h, game, test_settings_new());
}

static void host_close(Host *h)
{
    aa_page_fixture_close(h);
}

/* The page's hand when seat 0, the one person here, must act: play its first card. */
static void play_first(AaPage *page)
{
    g_assert_true(aa_hand_select_index(hand_of(page), 0));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(page), "aa.play", NULL));
    aa_page_test_iterate(5);
}

/* Seat 1 plays on another device: while it chooses, the host's window says so, shows no card
 * of its hand and offers nothing; seat 0, the one person here, sees only their own hand and
 * no privacy screen stands between them. */
static void test_host_waits_for_remote(void)
{
    Host h;
    host_window(&h, host_new("hhn", 5, 1));
    g_assert_null(find_type(GTK_WIDGET(h.page), LP_TYPE_PRIVACY_SCREEN));
    g_assert_cmpint(aa_page_get_viewer(h.page), ==, 0);
    guint waits = 0;
    for (guint round = 0; round < 6 && !lp_game_is_over(LP_GAME(h.game)); round++) {
        /* The driver runs the computer and stops at a person's turn. */
        for (guint i = 0; i < 200; i++) {
            int cur = lp_game_get_current_seat(LP_GAME(h.game));
            if ((cur == 0 || cur == 1) && aa_game_get_step(h.game) != AA_STEP_NONE)
                break;
            if (g_strcmp0(aa_page_get_mode(h.page), "scoring") == 0)
                gtk_widget_activate_action(GTK_WIDGET(h.page), "aa.continue", NULL);
            aa_page_test_iterate(5);
        }
        int cur = lp_game_get_current_seat(LP_GAME(h.game));
        assert_no_secret_of_others(h.page, h.game, 0);
        if (cur == 0) {
            play_first(h.page);
            continue;
        }
        g_assert_cmpint(cur, ==, 1);
        aa_page_test_iterate(30);
        /* The driver does not play the remote seat, and the page asks nobody. */
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(h.game)), ==, 1);
        g_assert_nonnull(lp_test_find_label(GTK_WIDGET(h.page), "Waiting for P1…"));
        g_assert_null(lp_test_find_label(GTK_WIDGET(h.page), "P1 is choosing"));
        if (waits == 0)
            aa_page_test_shot(h.window, "aa-host-waiting.png");
        /* Seat 0 still sees their own hand, not P1's, and can pick nothing. */
        assert_no_secret_of_others(h.page, h.game, 0);
        guint shown, sensitive;
        g_autoptr(GArray) faces = hand_faces(h.page, &shown, &sensitive);
        g_assert_cmpuint(faces->len, ==, aa_game_get_hand_size(h.game, 0));
        g_assert_cmpuint(sensitive, ==, 0);
        g_assert_false(play_offered(h.page));
        /* Ctrl+Enter here plays nothing for seat 1. */
        guint route = aa_game_get_route_length(h.game, 1);
        gtk_widget_activate_action(GTK_WIDGET(h.page), "aa.play", NULL);
        aa_page_test_iterate(5);
        g_assert_cmpuint(aa_game_get_route_length(h.game, 1), ==, route);
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(h.game)), ==, 1);
        waits++;
        /* The request from seat 1's device, as the host plays it. */
        g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(h.game), 1, person_move);
        g_assert_nonnull(action);
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_apply_action(LP_GAME(h.game), 1, action, &error));
        g_assert_no_error(error);
        aa_page_test_iterate(5);
    }
    g_assert_cmpuint(waits, >=, 2);
    host_close(&h);
}

static gboolean in_stage_two(gpointer data)
{
    return aa_game_get_stage(AA_GAME(data)) >= 2;
}

/* Every person plays on another device: the host's window is the shared table (no privacy
 * screen, no hand, nothing to pick), and at a stage end, where no person here presses
 * Continue, it deals the next stage by itself once the routes are read. */
static void test_no_local_people(void)
{
    Host h;
    host_window(&h, host_new("hnn", 7, 0));
    g_assert_cmpuint(lp_game_count_local_people(LP_GAME(h.game)), ==, 0);
    g_assert_null(find_type(GTK_WIDGET(h.page), LP_TYPE_PRIVACY_SCREEN));
    g_assert_null(lp_game_page_get_privacy_screen(LP_GAME_PAGE(h.page)));
    g_assert_cmpint(aa_page_get_viewer(h.page), ==, LP_VIEWER_ONLOOKER);
    gboolean waited = FALSE;
    for (guint i = 0; i < 20000 && aa_game_get_phase(h.game) != AA_PHASE_STAGE_END; i++) {
        int cur = lp_game_get_current_seat(LP_GAME(h.game));
        if (cur == 0 && aa_game_get_step(h.game) != AA_STEP_NONE) {
            aa_page_test_iterate(2);
            if (!waited) {
                g_assert_nonnull(lp_test_find_label(GTK_WIDGET(h.page), "Waiting for P0…"));
                waited = TRUE;
            }
            g_assert_false(play_offered(h.page));
            guint shown, sensitive;
            g_autoptr(GArray) faces = hand_faces(h.page, &shown, &sensitive);
            g_assert_cmpuint(faces->len, ==, 0);
            g_autoptr(JsonNode) action = lp_game_computer_action(LP_GAME(h.game), 0,
                                                                  person_move);
            g_assert_true(lp_game_apply_action(LP_GAME(h.game), 0, action, NULL));
        }
        aa_page_test_iterate(1);
    }
    g_assert_true(waited);
    g_assert_cmpint(aa_game_get_phase(h.game), ==, AA_PHASE_STAGE_END);
    aa_page_test_iterate(5);
    g_assert_cmpstr(aa_page_get_mode(h.page), ==, "scoring");
    g_autofree char *text = lp_test_widget_text(GTK_WIDGET(h.page));
    g_assert_null(strstr(text, "Hand of"));
    /* Everybody reads first: the stage is not dealt at once. */
    aa_page_test_iterate(500);
    g_assert_cmpuint(aa_game_get_stage(h.game), ==, 1);
    /* Then it is, without anybody pressing Continue (the reading pace: 3.5 s). */
    gint64 end = g_get_monotonic_time() + 8 * G_USEC_PER_SEC;
    while (!in_stage_two(h.game) && g_get_monotonic_time() < end)
        aa_page_test_iterate(20);
    g_assert_cmpuint(aa_game_get_stage(h.game), ==, 2);
    aa_page_test_iterate(20);
    g_assert_cmpstr(aa_page_get_mode(h.page), ==, "hand");
    g_assert_false(lp_driver_is_held(h.driver));
    host_close(&h);
}

/* ---- a joining window ---- */

typedef struct {
    GtkWidget *window;
    GtkWidget *box;
    LpSettings *settings;
    AaGame *host;
    guint seat;
    AaPage *page;          /* the page on screen, over a mirror of the newest view */
    JsonNode *requested;   /* the last action the page's mirror asked for */
    guint n_requests;
    guint n_pages;
    guint n_gone;
} Joiner;

static void count_gone(gpointer data, GObject *where_the_object_was)
{
    (*(guint *)data)++;
}

static void on_requested(LpGame *mirror, JsonNode *action, Joiner *j)
{
    g_clear_pointer(&j->requested, json_node_unref);
    j->requested = json_node_copy(action);
    j->n_requests++;
}

static AaGame *mirror_of(Joiner *j)
{
    return AA_GAME(lp_game_page_get_game(LP_GAME_PAGE(j->page)));
}

/* What a joining window does with every view: a new mirror, a new page over it, what the
 * person was doing carried over, the old page gone (and with it its mirror and driver). */
static void joiner_show(Joiner *j)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(j->host), (int)j->seat);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), j);
    g_autoptr(LpDriver) driver = lp_driver_new(mirror, NULL);
    GtkWidget *page = lp_game_page_new(AA_TYPE_PAGE, mirror, driver, j->settings);
    /* The whole window, as in a joining window's stack. */
    gtk_widget_set_vexpand(page, TRUE);
    gtk_box_append(GTK_BOX(j->box), page);
    if (j->page != NULL) {
        lp_game_page_carry_over(LP_GAME_PAGE(page), LP_GAME_PAGE(j->page));
        gtk_box_remove(GTK_BOX(j->box), GTK_WIDGET(j->page));
    }
    /* Every page goes, with its mirror and driver (GTK may keep the one that had the focus
     * until its next turn of the main loop). */
    g_object_weak_ref(G_OBJECT(page), count_gone, &j->n_gone);
    j->page = AA_PAGE(page);
    j->n_pages++;
}

static void joiner_open(Joiner *j, AaGame *host, guint seat)
{
    memset(j, 0, sizeof *j);
    j->host = host;
    j->seat = seat;
    j->settings = test_settings_new();
    j->window = gtk_window_new();
    j->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_window_set_default_size(GTK_WINDOW(j->window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(j->window), j->box);
    joiner_show(j);
    gtk_window_present(GTK_WINDOW(j->window));
    aa_page_test_iterate(50);
}

static void joiner_close(Joiner *j)
{
    gtk_window_destroy(GTK_WINDOW(j->window));
    aa_page_test_iterate(20);
    g_assert_cmpuint(j->n_gone, ==, j->n_pages);
    g_clear_pointer(&j->requested, json_node_unref);
    g_assert_finalize_object(j->settings);
    g_assert_finalize_object(j->host);
}

/* Seat 1 plays on a joining device: its page picks a card, the mirror only asks for the move
 * (action-requested) and nothing on the page is undone before the host answers; the host
 * plays the request, and the page of the next view shows the card on the route. */
static void test_mirror_play(void)
{
    AaGame *host = host_new("nhn", 3, 1);
    host_run_until(host, 1);
    Joiner j;
    joiner_open(&j, host, 1);
    g_assert_null(find_type(GTK_WIDGET(j.page), LP_TYPE_PRIVACY_SCREEN));
    g_assert_cmpint(aa_page_get_viewer(j.page), ==, 1);
    g_assert_cmpint(aa_game_get_step(mirror_of(&j)), ==, AA_STEP_ROUTE);
    assert_no_secret_of_others(j.page, mirror_of(&j), 1);
    aa_page_test_shot(j.window, "aa-mirror.png");

    for (guint step = 0; step < 2; step++) {
        AaStep want = step == 0 ? AA_STEP_ROUTE : AA_STEP_COUNTER;
        g_assert_cmpint(aa_game_get_step(mirror_of(&j)), ==, want);
        guint route = aa_game_get_route_length(mirror_of(&j), 1);
        guint hand = aa_game_get_hand_size(mirror_of(&j), 1);
        g_assert_true(aa_hand_select_index(hand_of(j.page), 1));
        int card = aa_hand_get_selected(hand_of(j.page));
        g_assert_cmpint(card, >=, 0);
        guint before = j.n_requests;
        g_assert_true(gtk_widget_activate_action(GTK_WIDGET(j.page), "aa.play", NULL));
        aa_page_test_iterate(20);
        /* One request, for the picked card; the mirror and the page stay as they were. */
        g_assert_cmpuint(j.n_requests, ==, before + 1);
        /* A second press (a double click) asks nothing more: the host's answer is the next
         * view. */
        gtk_widget_activate_action(GTK_WIDGET(j.page), "aa.play", NULL);
        aa_page_test_iterate(20);
        g_assert_cmpuint(j.n_requests, ==, before + 1);
        JsonObject *obj = json_node_get_object(j.requested);
        g_assert_cmpstr(json_object_get_string_member(obj, "type"), ==,
                        step == 0 ? "route" : "counter");
        g_assert_cmpint(json_object_get_int_member(obj, "card"), ==, card);
        g_assert_cmpuint(aa_game_get_route_length(mirror_of(&j), 1), ==, route);
        g_assert_cmpuint(aa_game_get_hand_size(mirror_of(&j), 1), ==, hand);
        g_assert_cmpstr(aa_page_get_mode(j.page), ==, "hand");
        g_assert_cmpint(aa_hand_get_selected(hand_of(j.page)), ==, card);
        /* The host plays it; the next view's page shows it. */
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_apply_action(LP_GAME(host), 1, j.requested, &error));
        g_assert_no_error(error);
        joiner_show(&j);
        aa_page_test_iterate(20);
        GArray *cards = NULL;
        if (step == 0) {
            g_assert_true(aa_game_get_route(mirror_of(&j), 1, 1, &cards));
            g_assert_cmpuint(cards->len, ==, route + 1);
            g_assert_cmpint(g_array_index(cards, guint8, cards->len - 1), ==, card);
            /* The route row says it to a screen reader: the card face up on the own route. */
            g_autofree char *text = lp_test_widget_text(GTK_WIDGET(j.page));
            g_autofree char *name = g_strdup_printf("Route of P1, %u card", route + 1);
            g_assert_nonnull(strstr(text, name));
        } else {
            g_assert_cmpuint(aa_game_get_pile_size(mirror_of(&j)), >=, 1);
        }
        g_assert_true(aa_game_get_hand(mirror_of(&j), 1, 1, &cards));
        for (guint i = 0; i < cards->len; i++)
            g_assert_cmpint(g_array_index(cards, guint8, i), !=, card);
    }
    /* Not seat 1's turn any more: nothing offered. */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(mirror_of(&j))), !=, 1);
    g_assert_false(play_offered(j.page));
    joiner_close(&j);
}

/* A joiner's page at a stage end: the scoring is shown, no Continue is offered (only the host
 * deals), and the page says so. */
static void test_mirror_stage_end(void)
{
    AaTestTable t = {
        .n_players = 2,
        .kinds = "hh",
        .phase = "stage-end",
        .hands = {"10 20 30 40 50 60 70 80 90 100", "10 20 30 40 50 60 70 80 90 100"},
        .routes = {"20 30 R 40", "50 -1 60"},
        .counter = "110 50",
        .scores = "[[90, 60]]",
    };
    g_autoptr(GError) error = NULL;
    AaGame *host = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    lp_game_set_seat_remote(LP_GAME(host), 1, TRUE);
    Joiner j;
    joiner_open(&j, host, 1);
    g_assert_cmpstr(aa_page_get_mode(j.page), ==, "scoring");
    GtkWidget *label = lp_test_find_label(GTK_WIDGET(j.page), "The host deals the next stage.");
    g_assert_nonnull(label);
    aa_page_test_shot(j.window, "aa-mirror-stage-end.png");
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(j.page), GTK_TYPE_BUTTON,
                                                    "suggested-action");
    for (guint i = 0; i < buttons->len; i++) {
        if (g_strcmp0(gtk_actionable_get_action_name(buttons->pdata[i]), "aa.continue") == 0)
            g_assert_false(gtk_widget_is_visible(buttons->pdata[i]));
    }
    /* Even the key binding does not leave the scoring half-way. */
    gtk_widget_activate_action(GTK_WIDGET(j.page), "aa.continue", NULL);
    aa_page_test_iterate(20);
    g_assert_cmpstr(aa_page_get_mode(j.page), ==, "scoring");
    g_assert_cmpuint(j.n_requests, ==, 0);
    /* The host deals; the next view's page plays stage 2. */
    g_assert_true(aa_game_continue(host, NULL));
    joiner_show(&j);
    aa_page_test_iterate(20);
    g_assert_cmpstr(aa_page_get_mode(j.page), ==, "hand");
    g_assert_cmpuint(aa_game_get_stage(mirror_of(&j)), ==, 2);
    joiner_close(&j);
}

/* A card picked on one view's page is still picked on the next view's page, with the focus
 * on it: a move of another seat or a view sent again does not take it away. */
static void test_carry_over_selection(void)
{
    AaGame *host = host_new("nhn", 3, 1);
    host_run_until(host, 1);
    Joiner j;
    joiner_open(&j, host, 1);
    AaHand *hand = hand_of(j.page);
    g_assert_true(aa_hand_select_index(hand, 2));
    int card = aa_hand_get_selected(hand);
    g_assert_cmpint(card, >=, 0);
    aa_page_test_iterate(10);
    joiner_show(&j);
    aa_page_test_iterate(20);
    hand = hand_of(j.page);

    g_assert_cmpint(aa_hand_get_selected(hand), ==, card);
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(j.window));
    g_assert_nonnull(focus);
    g_assert_true(gtk_widget_is_ancestor(focus, GTK_WIDGET(hand)));
    g_assert_cmpint(GPOINTER_TO_INT(g_object_get_data(G_OBJECT(focus), "aa-card")) - 1, ==,
                    card);
    /* And it plays from there. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(j.page), "aa.play", NULL));
    g_assert_cmpuint(j.n_requests, ==, 1);
    g_assert_cmpint(json_object_get_int_member(json_node_get_object(j.requested), "card"), ==,
                    card);
    joiner_close(&j);
}

/* Play the hosted game on (every view a new page) until the host is in phase, seat 1's
 * decisions taken on its mirror. */
static void play_hosted_until(Joiner *j, AaPhase phase)
{
    gulong id = g_signal_connect_swapped(j->host, "action-completed", G_CALLBACK(joiner_show), j);
    while (aa_game_get_phase(j->host) != phase && !lp_game_is_over(LP_GAME(j->host))) {
        if (lp_game_computer_step(LP_GAME(j->host), aa_ai_move))
            continue;
        g_autoptr(JsonNode) action =
            lp_game_computer_action(LP_GAME(mirror_of(j)), 1, person_move);
        g_assert_nonnull(action);
        g_assert_true(lp_game_apply_action(LP_GAME(j->host), 1, action, NULL));
    }
    g_signal_handler_disconnect(j->host, id);
}

static const char *score_cell(AaPage *page, guint stage, guint seat)
{
    GtkWidget *grid = find_type(GTK_WIDGET(page), GTK_TYPE_GRID);
    GtkWidget *cell = gtk_grid_get_child_at(GTK_GRID(grid), (int)stage, (int)seat + 1);
    return gtk_label_get_text(GTK_LABEL(cell));
}

/* Issue 10 on a joiner's screen: the view that ends a stage comes on a new page, and the
 * routes are still turned over one by one, as at the host; a view sent again in between
 * goes on where the turning over was, and does not start it again. */
static void test_mirror_scoring_in_order(void)
{
    AaGame *host = host_new("nhe", 21, 1);
    Joiner j;
    joiner_open(&j, host, 1);
    lp_settings_set_animation_speed(j.settings, LP_ANIMATION_SPEED_NORMAL);
    play_hosted_until(&j, AA_PHASE_STAGE_END);
    g_assert_cmpint(aa_game_get_phase(host), ==, AA_PHASE_STAGE_END);
    g_assert_cmpstr(aa_page_get_mode(j.page), ==, "scoring");
    for (guint s = 0; s < 3; s++)
        g_assert_cmpstr(score_cell(j.page, 1, s), ==, "–");
    /* The start seat's route is turned over first. */
    guint first = aa_game_get_start_seat(host), last = (first + 2) % 3;
    gint64 end = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
    while (g_strcmp0(score_cell(j.page, 1, first), "–") == 0 && g_get_monotonic_time() < end)
        aa_page_test_iterate(10);
    g_assert_cmpstr(score_cell(j.page, 1, last), ==, "–");
    joiner_show(&j);
    aa_page_test_iterate(20);
    g_assert_cmpstr(score_cell(j.page, 1, first), !=, "–");
    g_assert_cmpstr(score_cell(j.page, 1, last), ==, "–");
    while (g_strcmp0(score_cell(j.page, 1, last), "–") == 0 && g_get_monotonic_time() < end)
        aa_page_test_iterate(10);
    g_autofree char *want = g_strdup_printf("%d", aa_game_get_stage_score(host, 1, last));
    g_assert_cmpstr(score_cell(j.page, 1, last), ==, want);
    joiner_close(&j);
}

/* A hosted game to its end: the host's computers, and seat 1 on a joining device whose
 * decisions are taken on its mirror and played on the host. Every view gets a new page; no
 * page ever shows another seat's hand or face-down route, and the last one shows the same
 * end as the host. */
static void test_hosted_game(void)
{
    AaGame *host = host_new("nhe", 21, 1);
    Joiner j;
    joiner_open(&j, host, 1);
    guint decisions = 0;
    gboolean saw_scoring = FALSE;
    gulong id = g_signal_connect_swapped(host, "action-completed", G_CALLBACK(joiner_show), &j);
    while (!lp_game_is_over(LP_GAME(host))) {
        aa_page_test_iterate(0);
        assert_no_secret_of_others(j.page, mirror_of(&j), 1);
        if (g_strcmp0(aa_page_get_mode(j.page), "scoring") == 0) {
            saw_scoring = TRUE;
            g_assert_nonnull(lp_test_find_label(GTK_WIDGET(j.page),
                                                "The host deals the next stage."));
        }
        if (lp_game_computer_step(LP_GAME(host), aa_ai_move))
            continue;
        /* The host waits for seat 1, and so does its page until it is asked. */
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(host)), ==, 1);
        g_assert_true(play_offered(j.page));
        g_autoptr(JsonNode) action =
            lp_game_computer_action(LP_GAME(mirror_of(&j)), 1, person_move);
        g_assert_nonnull(action);
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_apply_action(LP_GAME(host), 1, action, &error));
        g_assert_no_error(error);
        decisions++;
    }
    g_signal_handler_disconnect(host, id);
    aa_page_test_iterate(30);
    g_assert_true(saw_scoring);
    g_assert_cmpuint(decisions, >, 20);
    g_assert_true(lp_game_is_over(LP_GAME(mirror_of(&j))));
    g_assert_cmpstr(aa_page_get_mode(j.page), ==, "over");
    g_assert_true(lp_game_page_get_finished(LP_GAME_PAGE(j.page)));
    for (guint s = 0; s < 3; s++)
        g_assert_cmpint(aa_game_get_total_score(mirror_of(&j), s), ==,
                        aa_game_get_total_score(host, s));
    g_test_message("%u pages, %u decisions of the joining seat", j.n_pages, decisions);
    joiner_close(&j);
}

int main(int argc, char **argv)
{
    gtk_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/aufachse/remote/host-waits-for-remote", test_host_waits_for_remote);
    g_test_add_func("/aufachse/remote/no-local-people", test_no_local_people);
    g_test_add_func("/aufachse/remote/mirror-play", test_mirror_play);
    g_test_add_func("/aufachse/remote/mirror-stage-end", test_mirror_stage_end);
    g_test_add_func("/aufachse/remote/carry-over-selection", test_carry_over_selection);
    g_test_add_func("/aufachse/remote/mirror-scoring-in-order", test_mirror_scoring_in_order);
    g_test_add_func("/aufachse/remote/hosted-game", test_hosted_game);
    return g_test_run();
}
