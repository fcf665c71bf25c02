/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden page under Xvfb: a human chooses, tips by clicking the map and the keyboard,
 * sees the scoring and plays to the ranking; privacy screens with two humans; the map is not
 * re-rendered per frame. With MINDEN_SHOTS set to a folder, saves screenshots there. */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "lp-privacy-screen.h"
#include "lp-test-util.h"
#include "lp-where-view.h"
#include "minden-ai.h"
#include "minden-board.h"
#include "minden-labels.h"
#include "minden-page.h"
#include "minden-table.h"
#include "minden-tip-board.h"
#include "minden-track.h"
#include "minden-widget-test-util.h"

static GtkWidget *find_css(GtkWidget *w, const char *css_class)
{
    if (gtk_widget_has_css_class(w, css_class))
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_css(c, css_class);
        if (found)
            return found;
    }
    return NULL;
}

/* Whether some label under w shows text containing needle. */
static gboolean label_contains(GtkWidget *w, const char *needle)
{
    if (GTK_IS_LABEL(w) && strstr(gtk_label_get_text(GTK_LABEL(w)), needle) != NULL)
        return TRUE;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c))
        if (label_contains(c, needle))
            return TRUE;
    return FALSE;
}

static GPtrArray *players(guint n_humans, guint n_computers)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil" };
    static const char *const colours[] = { "#e01b24", "#1c71d8", "#2ec27e", "#f5c211",
                                           "#9141ac" };
    GPtrArray *p = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n_humans + n_computers; i++)
        g_ptr_array_add(p, lp_player_new(names[i], 9 + (int) i, colours[i],
                                         i < n_humans ? LP_PLAYER_HUMAN : LP_PLAYER_COMPUTER,
                                         LP_LEVEL_NORMAL));
    return p;
}

typedef struct {
    GtkWidget *window;
    MindenPage *page;
    MindenGame *game;
    LpDriver *driver;
    int width, height;       /* the window's size; 0: 1180×780 */
    gboolean long_names;     /* names of the longest kind the setup page allows */
    /* > 0: the page at this size, scrolled in the window (larger than the X screen of the
     * suite may be). */
    int page_width, page_height;
} Fixture;

static void fixture_setup(Fixture *f, guint humans, guint computers, gboolean purple,
                          guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) p = players(humans, computers);
    if (f->long_names) {
        /* 24 characters, the setup page's limit. */
        static const char *const names[] = { "Annabella-Josephine Wolf", "Bartholomäus Friedemann",
                                             "Cornelius Maximilian Uhl", "Dorothea-Wilhelmine Ost",
                                             "Emil Konstantin Lüdtke-W" };
        GPtrArray *named = g_ptr_array_new_with_free_func(g_object_unref);
        for (guint i = 0; i < p->len; i++)
            g_ptr_array_add(named, lp_player_new(names[i], 9 + (int) i,
                                                 lp_player_get_colour(p->pdata[i]),
                                                 i < humans ? LP_PLAYER_HUMAN
                                                            : LP_PLAYER_COMPUTER,
                                                 LP_LEVEL_NORMAL));
        g_ptr_array_unref(p);
        p = named;
    }
    g_autoptr(MindenDeck) deck = minden_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    f->game = minden_game_new(p, rng, deck, purple, &error);
    g_assert_no_error(error);
    f->driver = lp_driver_new(LP_GAME(f->game), minden_ai_move);
    lp_driver_set_delay(f->driver, 0);
    /* The test keeps its own reference, to see the page go with the window. */
    f->page = g_object_ref_sink(minden_page_new(f->game, f->driver));
    f->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(f->window), f->width > 0 ? f->width : 1180,
                                f->height > 0 ? f->height : 780);
    if (f->page_width > 0) {
        GtkWidget *scrolled = gtk_scrolled_window_new();
        gtk_widget_set_size_request(GTK_WIDGET(f->page), f->page_width, f->page_height);
        gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), GTK_WIDGET(f->page));
        gtk_window_set_child(GTK_WINDOW(f->window), scrolled);
    } else {
        gtk_window_set_child(GTK_WINDOW(f->window), GTK_WIDGET(f->page));
    }
    gtk_window_present(GTK_WINDOW(f->window));
    lp_driver_kick(f->driver);
    iterate(200);
}

static void fixture_teardown(Fixture *f)
{
    gtk_window_destroy(GTK_WINDOW(f->window));
    iterate(50);
    /* The page lets go of the game, the driver and its holds; then the game is free. */
    g_assert_finalize_object(f->page);
    g_assert_false(lp_driver_is_held(f->driver));
    g_clear_object(&f->driver);
    g_assert_finalize_object(f->game);
}

/* Activates a page action as a button or shortcut would; its effect is checked afterwards
 * (GTK 4.8 has no public query for whether a widget action is enabled). */
static gboolean action_enabled(MindenPage *page, const char *name)
{
    return gtk_widget_activate_action(GTK_WIDGET(page), name, NULL);
}

static gboolean human_must_act(Fixture *f)
{
    MindenPhase phase = minden_game_get_phase(f->game);
    int seat = lp_game_get_current_seat(LP_GAME(f->game));
    if (phase == MINDEN_PHASE_CHOOSE && seat >= 0 &&
        lp_player_is_human(lp_game_get_player(LP_GAME(f->game), (guint) seat)))
        return TRUE;
    if (phase == MINDEN_PHASE_TIP) {
        for (guint i = 0; i < lp_game_get_n_players(LP_GAME(f->game)); i++)
            if (lp_player_is_human(lp_game_get_player(LP_GAME(f->game), i)) &&
                !minden_game_has_tipped(f->game, i))
                return TRUE;
    }
    return lp_game_is_over(LP_GAME(f->game)) || lp_driver_is_held(f->driver);
}

static void count_final_step(MindenGame *game, guint step, guint *count)
{
    (*count)++;
}

static void test_play_through(void)
{
    Fixture f = { 0 };
    fixture_setup(&f, 1, 2, FALSE, 3);
    MindenBoard *board = MINDEN_BOARD(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD));
    MindenTipBoard *tips = MINDEN_TIP_BOARD(find_type(GTK_WIDGET(f.page),
                                                      MINDEN_TYPE_TIP_BOARD));
    g_assert_nonnull(board);
    g_assert_nonnull(tips);
    /* One human: no privacy screen. */
    g_assert_null(find_type(GTK_WIDGET(f.page), LP_TYPE_PRIVACY_SCREEN));
    guint renders_start = minden_board_get_render_count(board);
    gboolean shot_tip = FALSE, shot_score = FALSE, shot_final = FALSE;
    guint turns = 0, final_steps = 0;
    g_signal_connect(f.game, "final-step", G_CALLBACK(count_final_step), &final_steps);

    while (!lp_game_is_over(LP_GAME(f.game))) {
        WAIT_FOR(human_must_act(&f));
        MindenPhase phase = minden_game_get_phase(f.game);
        if (lp_driver_is_held(f.driver)) {
            /* A scoring or final step is shown: Continue goes on. */
            if (final_steps > 0) {
                if (!shot_final) {
                    shot(f.window, "minden-final.png");
                    shot_final = TRUE;
                }
                if (phase == MINDEN_PHASE_OVER)
                    shot(f.window, "minden-final-sets.png");
            } else if (!shot_score) {
                /* At scoring all tips are open. */
                g_assert_true(label_contains(GTK_WIDGET(f.page), "tip: "));
                shot(f.window, "minden-score.png");
                shot_score = TRUE;
            }
            g_assert_true(action_enabled(f.page, "minden.continue"));
            g_assert_false(lp_driver_is_held(f.driver));
            iterate(5);
            continue;
        }
        if (lp_game_is_over(LP_GAME(f.game)))
            break;
        if (phase == MINDEN_PHASE_CHOOSE) {
            guint before = minden_game_get_offer(f.game)->len;
            g_assert_true(action_enabled(f.page, "minden.take"));
            g_assert_cmpint(minden_game_get_seat_card(f.game, 0), >=, 0);
            g_assert_cmpuint(minden_game_get_offer(f.game)->len, ==, before - 1);
        } else {
            /* Tip: nothing placed yet, so "place" does nothing. */
            g_assert_true(minden_board_get_interactive(board));
            action_enabled(f.page, "minden.place-tip");
            g_assert_false(minden_game_has_tipped(f.game, 0));
            /* Click the map where the card lies (a full tip), then take one stone off. */
            int card = minden_game_get_seat_card(f.game, 0);
            const MindenCard *c = minden_deck_get_card(minden_game_get_deck(f.game),
                                                       (guint) card);
            MindenTip cell;
            minden_grid_locate(c->solutions[0].lat, c->solutions[0].lon, &cell);
            g_signal_emit_by_name(board, "cell-activated", (int) cell.east_west,
                                  (int) cell.band, (int) cell.sector, (int) cell.section);
            MindenTip t;
            minden_tip_board_get_tip(tips, &t);
            g_assert_true(minden_tip_equal(&t, &cell));
            g_assert_nonnull(strstr(minden_tip_board_get_summary(tips), "4 fields"));
            if (turns % 2 == 1) {
                g_assert_true(action_enabled(f.page, "minden.remove-stone"));
                minden_tip_board_get_tip(tips, &t);
                g_assert_cmpint(t.n_stones, ==, 3);
            }
            if (!shot_tip) {
                shot(f.window, "minden-tip.png");
                shot_tip = TRUE;
            }
            g_assert_true(action_enabled(f.page, "minden.place-tip"));
            g_assert_true(minden_game_has_tipped(f.game, 0));
            turns++;
        }
    }
    if (lp_driver_is_held(f.driver))
        action_enabled(f.page, "minden.continue");
    iterate(100);
    shot(f.window, "minden-over.png");
    g_assert_true(lp_game_is_over(LP_GAME(f.game)));
    /* Issue 36: the end is about the track; the last round's region and places are gone. */
    g_assert_false(minden_board_has_marks(board));
    g_assert_true(lp_game_page_get_finished(LP_GAME_PAGE(f.page)));
    g_assert_cmpuint(turns, >, 3);
    /* The map was rendered once per size, not per frame. */
    g_assert_cmpuint(minden_board_get_render_count(board) - renders_start, <=, 2);
    fixture_teardown(&f);
}

static void test_privacy(void)
{
    Fixture f = { 0 };
    fixture_setup(&f, 2, 1, TRUE, 8);
    LpPrivacyScreen *screen = LP_PRIVACY_SCREEN(find_type(GTK_WIDGET(f.page),
                                                          LP_TYPE_PRIVACY_SCREEN));
    g_assert_nonnull(screen);
    /* Choosing is public; both humans choose. */
    for (int k = 0; k < 2; k++) {
        WAIT_FOR(minden_game_get_phase(f.game) == MINDEN_PHASE_TIP ||
                 (minden_game_get_phase(f.game) == MINDEN_PHASE_CHOOSE &&
                  lp_player_is_human(lp_game_get_player(
                      LP_GAME(f.game), (guint) lp_game_get_current_seat(LP_GAME(f.game))))));
        if (minden_game_get_phase(f.game) == MINDEN_PHASE_CHOOSE) {
            g_assert_false(lp_privacy_screen_is_covered(screen));
            g_assert_true(action_enabled(f.page, "minden.take"));
        }
    }
    WAIT_FOR(minden_game_get_phase(f.game) == MINDEN_PHASE_TIP);
    iterate(50);
    /* Tips: covered for Anna first. */
    g_assert_true(lp_privacy_screen_is_covered(screen));
    action_enabled(f.page, "minden.place-tip");
    g_assert_false(minden_game_has_tipped(f.game, 0));
    shot(f.window, "minden-privacy.png");
    lp_privacy_screen_uncover(screen);
    g_signal_emit_by_name(screen, "revealed");
    iterate(50);
    MindenBoard *board = MINDEN_BOARD(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD));
    g_assert_true(minden_board_get_interactive(board));
    g_signal_emit_by_name(board, "cell-activated", 0, 1, 3, 2);
    g_assert_true(action_enabled(f.page, "minden.place-tip"));
    g_assert_true(minden_game_has_tipped(f.game, 0));
    iterate(50);
    /* Covered again for Ben; Anna's stones are gone from the board. */
    g_assert_true(lp_privacy_screen_is_covered(screen));
    g_assert_false(minden_board_get_interactive(board));
    MindenTipBoard *tips = MINDEN_TIP_BOARD(find_type(GTK_WIDGET(f.page),
                                                      MINDEN_TYPE_TIP_BOARD));
    MindenTip t;
    minden_tip_board_get_tip(tips, &t);
    g_assert_cmpint(t.n_stones, ==, 0);
    /* Nothing on the page tells Anna's tip before the scoring. */
    g_assert_false(label_contains(GTK_WIDGET(f.page), "tip: "));
    g_assert_false(label_contains(GTK_WIDGET(f.page), "W, M, 3"));
    fixture_teardown(&f);
}


/* Issue 10: at every hand-over of a whole game, the covered page's text holds no tip placed
 * so far in the round, of a human or a computer. */
static void test_leak_tips(void)
{
    Fixture f = { 0 };
    fixture_setup(&f, 2, 1, FALSE, 11);
    LpPrivacyScreen *screen = LP_PRIVACY_SCREEN(find_type(GTK_WIDGET(f.page),
                                                          LP_TYPE_PRIVACY_SCREEN));
    MindenBoard *board = MINDEN_BOARD(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD));
    guint covers = 0, checked = 0;
    static const MindenTip cells[] = { { 4, 0, 1, 3, 2 }, { 4, 1, 0, 5, 1 } };
    while (!lp_game_is_over(LP_GAME(f.game)) && covers < 12) {
        WAIT_FOR(human_must_act(&f) || lp_privacy_screen_is_covered(screen));
        if (lp_game_is_over(LP_GAME(f.game)))
            break;
        if (lp_privacy_screen_is_covered(screen)) {
            covers++;
            g_autofree char *all = lp_test_widget_text(GTK_WIDGET(f.page));
            /* Tips of earlier rounds are open to everybody once scored, and always shown
             * with their solution: those lines may name the same region. */
            g_auto(GStrv) lines = g_strsplit(all, "\n", -1);
            GString *kept = g_string_new(NULL);
            for (guint i = 0; lines[i] != NULL; i++) {
                if (strstr(lines[i], "solution") == NULL)
                    g_string_append_printf(kept, "%s\n", lines[i]);
            }
            g_autofree char *text = g_string_free(kept, FALSE);
            for (guint s = 0; s < lp_game_get_n_players(LP_GAME(f.game)); s++) {
                MindenTip tip;
                if (!minden_game_has_tipped(f.game, s) ||
                    !minden_game_get_tip(f.game, (int) s, s, &tip))
                    continue;
                /* A tip of one stone is named by the words of the tip board's own buttons
                 * ("East", "W"), which every page shows: the text cannot tell them apart. */
                if (tip.n_stones == 1)
                    continue;

                g_autofree char *lng = minden_label_tip_long(&tip);
                g_autofree char *shrt = minden_label_tip(&tip);
                if (names_region(text, lng) || names_region(text, shrt))
                    g_error("behind the cover the page tells seat %u's tip “%s”:\n%s", s, lng,
                            text);
                checked++;
            }
            lp_privacy_screen_uncover(screen);
            g_signal_emit_by_name(screen, "revealed");
            iterate(20);
            continue;
        }
        if (lp_driver_is_held(f.driver)) {
            action_enabled(f.page, "minden.continue");
            iterate(5);
            continue;
        }
        MindenPhase phase = minden_game_get_phase(f.game);
        if (phase == MINDEN_PHASE_CHOOSE) {
            g_assert_true(action_enabled(f.page, "minden.take"));
        } else if (phase == MINDEN_PHASE_TIP && minden_board_get_interactive(board)) {
            guint k = covers % 2;
            g_signal_emit_by_name(board, "cell-activated", (int) cells[k].east_west,
                                  (int) cells[k].band, (int) cells[k].sector,
                                  (int) cells[k].section);
            g_assert_true(action_enabled(f.page, "minden.place-tip"));
            iterate(20);
        } else {
            g_main_context_iteration(NULL, FALSE);
        }
    }
    g_assert_cmpuint(covers, >=, 4);
    g_assert_cmpuint(checked, >=, 2);
    fixture_teardown(&f);
}

/* Issue 10: Anna walks the map's keyboard cursor to her cell and places her tip; after the
 * hand-over Ben's cursor sat on Anna's cell. It starts in the middle, as on a new board. */
static void test_cursor_after_hand_over(void)
{
    Fixture f = { 0 };
    fixture_setup(&f, 2, 1, FALSE, 8);
    LpPrivacyScreen *screen = LP_PRIVACY_SCREEN(find_type(GTK_WIDGET(f.page),
                                                          LP_TYPE_PRIVACY_SCREEN));
    MindenBoard *board = MINDEN_BOARD(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD));
    MindenTip fresh, got = { 0 };
    minden_grid_locate(51.25, 10.25, &fresh);
    g_signal_connect(board, "cell-activated", G_CALLBACK(on_cell), &got);
    for (int k = 0; k < 2; k++) {
        WAIT_FOR(minden_game_get_phase(f.game) == MINDEN_PHASE_TIP ||
                 (minden_game_get_phase(f.game) == MINDEN_PHASE_CHOOSE &&
                  lp_player_is_human(lp_game_get_player(
                      LP_GAME(f.game), (guint) lp_game_get_current_seat(LP_GAME(f.game))))));
        if (minden_game_get_phase(f.game) == MINDEN_PHASE_CHOOSE)
            g_assert_true(action_enabled(f.page, "minden.take"));
    }
    WAIT_FOR(minden_game_get_phase(f.game) == MINDEN_PHASE_TIP);
    iterate(50);
    lp_privacy_screen_uncover(screen);
    g_signal_emit_by_name(screen, "revealed");
    iterate(50);
    /* Anna: three cells west, two north, Enter. */
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Left);
    board_key(board, GDK_KEY_Up);
    board_key(board, GDK_KEY_Up);
    board_key(board, GDK_KEY_Return);
    MindenTip anna = got;
    g_assert_false(minden_tip_equal(&anna, &fresh));
    g_assert_true(action_enabled(f.page, "minden.place-tip"));
    g_assert_true(minden_game_has_tipped(f.game, 0));
    iterate(50);
    g_assert_true(lp_privacy_screen_is_covered(screen));
    lp_privacy_screen_uncover(screen);
    g_signal_emit_by_name(screen, "revealed");
    iterate(50);
    /* Ben presses Enter at once: the middle of the map, not Anna's cell. */
    g_assert_true(minden_board_get_interactive(board));
    board_key(board, GDK_KEY_Return);
    g_assert_true(minden_tip_equal(&got, &fresh));
    fixture_teardown(&f);
}

/* Issue 13: nothing of the side panel leaves the window or is wider than the panel. */
static void assert_inside(GtkWidget *widget, GtkWidget *area, const char *what)
{
    graphene_rect_t r;
    g_assert_true(gtk_widget_compute_bounds(widget, area, &r));
    if (r.origin.x < -0.5 || r.origin.y < -0.5 ||
        r.origin.x + r.size.width > gtk_widget_get_width(area) + 0.5 ||
        r.origin.y + r.size.height > gtk_widget_get_height(area) + 0.5)
        g_error("%s (%s) lies at %.0f,%.0f %.0f×%.0f, outside %d×%d", what,
                G_OBJECT_TYPE_NAME(widget), r.origin.x, r.origin.y, r.size.width,
                r.size.height, gtk_widget_get_width(area), gtk_widget_get_height(area));
}

/* A board alone at that size (scrolled in its window: the suite's X screen may be smaller),
 * drawn at least once. */
static GtkWidget *board_window(int width, int height, MindenBoard **board)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *scrolled = gtk_scrolled_window_new();
    *board = MINDEN_BOARD(minden_board_new());
    gtk_widget_set_size_request(GTK_WIDGET(*board), width, height);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), GTK_WIDGET(*board));
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    /* Smaller than every board here: the board gets its own size, not the window's. */
    gtk_window_set_default_size(GTK_WINDOW(window), 200, 200);
    gtk_window_present(GTK_WINDOW(window));
    WAIT_FOR(minden_board_get_render_count(*board) > 0 &&
             gtk_widget_get_width(GTK_WIDGET(*board)) == width &&
             gtk_widget_get_height(GTK_WIDGET(*board)) == height);
    iterate(100);
    return window;
}

/* Issue 13: the sector numbers keep off the reference cities' names (English and German
 * ones), from the smallest board (1024×600) to a large screen's. */
static void test_board_names_free(void)
{
    static const int sizes[][2] = { { 300, 435 }, { 360, 450 }, { 480, 600 }, { 760, 940 } };
    static const char *const languages[] = { "en", "de" };
    g_autofree char *saved = g_strdup(g_getenv("LANGUAGE"));

    for (guint l = 0; l < G_N_ELEMENTS(languages); l++) {
        g_setenv("LANGUAGE", languages[l], TRUE);
        for (guint i = 0; i < G_N_ELEMENTS(sizes); i++) {
            MindenBoard *board;
            GtkWidget *window = board_window(sizes[i][0], sizes[i][1], &board);
            double hidden = minden_board_get_hidden_name_area(board);
            g_test_message("%s, board %d×%d: %.1f map units² of names under numbers",
                           languages[l], gtk_widget_get_width(GTK_WIDGET(board)),
                           gtk_widget_get_height(GTK_WIDGET(board)), hidden);
            g_assert_cmpfloat(hidden, ==, 0);
            gtk_window_destroy(GTK_WINDOW(window));
        }
    }
    if (saved != NULL)
        g_setenv("LANGUAGE", saved, TRUE);
    else
        g_unsetenv("LANGUAGE");
}

extern int _nl_msg_cat_cntr;

/* Issue 36: the last move's arcs never cover the "past the goal →" label, in English and
 * German ("hinter dem Ziel →" was cut), and the label lies whole inside the track, at a large
 * and the smallest window. */
static void test_track_label_free(void)
{
    static const int sizes[][2] = { { 1180, 780 }, { 1024, 600 } };
    static const guint moves[][2] = { { 30, 50 }, { 38, 44 }, { 40, 41 }, { 0, 12 } };
    static const char *const languages[] = { "en", "de" };
    g_autofree char *saved = g_strdup(g_getenv("LANGUAGE"));
    g_autofree char *localedir = g_build_filename(g_getenv("LANDPARTIE_BUILD_DIR"), "po", NULL);

    /* The German of the built catalogue (the label is longer there). */
    bindtextdomain(GETTEXT_PACKAGE, localedir);
    bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    textdomain(GETTEXT_PACKAGE);
    setlocale(LC_MESSAGES, "C.UTF-8");
    for (guint z = 0; z < G_N_ELEMENTS(sizes); z++) {
        Fixture f = { .width = sizes[z][0], .height = sizes[z][1] };
        fixture_setup(&f, 1, 2, FALSE, 3);
        MindenTrack *track = MINDEN_TRACK(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_TRACK));
        double width = gtk_widget_get_width(GTK_WIDGET(track));
        double label_width[G_N_ELEMENTS(languages)];
        for (guint l = 0; l < G_N_ELEMENTS(languages); l++) {
            g_setenv("LANGUAGE", languages[l], TRUE);
            /* GNU gettext's way to drop the translations it has looked up (the manual's
             * "Being a gettext grok"). */
            ++_nl_msg_cat_cntr;
            graphene_rect_t seen;
            minden_track_get_label_bounds(track, &seen);
            label_width[l] = seen.size.width;
            for (guint m = 0; m < G_N_ELEMENTS(moves); m++) {
                graphene_rect_t label, move, both;
                minden_track_show_move(track, 0, moves[m][0], moves[m][1]);
                minden_track_get_label_bounds(track, &label);
                minden_track_get_move_bounds(track, &move);
                g_test_message("%s, %d px wide, move %u→%u: label %.0f+%.0f×%.0f+%.0f, move "
                               "%.0f+%.0f×%.0f+%.0f", languages[l], (int) width, moves[m][0],
                               moves[m][1], label.origin.x, label.size.width, label.origin.y,
                               label.size.height, move.origin.x, move.size.width,
                               move.origin.y, move.size.height);
                g_assert_cmpfloat(move.size.width, >, 0);
                g_assert_false(graphene_rect_intersection(&label, &move, &both));
                g_assert_cmpfloat(label.origin.x, >=, 0);
                g_assert_cmpfloat(label.origin.x + label.size.width, <=, width);
                /* Past the goal: in the right third of the track. */
                g_assert_cmpfloat(label.origin.x, >, width * 0.6);
            }
        }
        /* The German label was read from the catalogue: "hinter dem Ziel →" is longer. */
        g_assert_cmpfloat(label_width[1], >, label_width[0]);
        fixture_teardown(&f);
    }
    if (saved != NULL)
        g_setenv("LANGUAGE", saved, TRUE);
    else
        g_unsetenv("LANGUAGE");
    ++_nl_msg_cat_cntr;
}

/* Issue 36: the kept cards' symbols in the player rows are named on the page: a legend
 * with each colour's kind, and every row's tooltip says the counts in words. */
static void test_colour_legend(void)
{
    Fixture f = { 0 };
    fixture_setup(&f, 1, 2, FALSE, 3);
    GtkWidget *legend = find_css(GTK_WIDGET(f.page), "minden-legend");
    g_assert_nonnull(legend);
    g_assert_true(gtk_widget_get_visible(legend));
    const char *text = gtk_label_get_text(GTK_LABEL(legend));
    g_assert_true(g_str_has_prefix(text, "Kept cards:"));
    for (guint c = MINDEN_YELLOW; c <= MINDEN_BLUE; c++) {
        /* The symbol of the rows, then its colour and kind, kept on one line. */
        g_autoptr(GString) item = g_string_new(minden_label_card_kind(c));
        g_string_replace(item, " ", "\u00a0", 0);
        g_autofree char *whole = g_strdup_printf("%s\u00a0%s", minden_label_colour_symbol(c),
                                                 item->str);
        g_assert_nonnull(strstr(text, whole));
    }
    g_assert_cmpstr(gtk_widget_get_tooltip_text(legend), ==,
                    "Kept cards: Yellow · Big city, Red · City or town, Blue · Water or "
                    "landscape");
    /* Purple is not played in this game: not in the legend either. */
    g_assert_false(label_contains(GTK_WIDGET(f.page), minden_label_card_kind(MINDEN_PURPLE)));
    GtkWidget *row = find_css(GTK_WIDGET(f.page), "minden-player-row");
    g_assert_nonnull(row);
    const char *tooltip = gtk_widget_get_tooltip_text(row);
    g_assert_nonnull(tooltip);
    g_assert_nonnull(strstr(tooltip, "kept cards: 0 yellow, 0 red, 0 blue"));
    fixture_teardown(&f);
}

/* The mean luminance (0 … 1) of what widget draws. */
static double mean_luminance(GtkWidget *widget)
{
    g_autoptr(GdkTexture) texture = render_widget(widget);
    int w = gdk_texture_get_width(texture), h = gdk_texture_get_height(texture);
    g_autofree guchar *data = g_malloc((gsize) w * h * 4);
    double sum = 0;

    gdk_texture_download(texture, data, (gsize) w * 4);
    /* Cairo's ARGB32 in memory: B, G, R, A, premultiplied, over nothing (black). */
    for (gsize i = 0; i < (gsize) w * h; i++)
        sum += (0.0722 * data[4 * i] + 0.7152 * data[4 * i + 1] + 0.2126 * data[4 * i + 2]) /
               255.0;
    return sum / ((double) w * h);
}

static void set_dark(gboolean dark)
{
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
    iterate(100);
}

/* Issue 13: the map follows the style (sea, land, lines, names: the widget's colours), on
 * the board and in "Where Were They?", which share the map's texture cache: a dark board
 * never shows a light map of its size. */
static void test_map_follows_style(void)
{
    MindenBoard *board;
    GtkWidget *window = board_window(360, 450, &board);
    double light = mean_luminance(GTK_WIDGET(board));
    guint renders = minden_board_get_render_count(board);

    set_dark(TRUE);
    double dark = mean_luminance(GTK_WIDGET(board));
    g_assert_cmpuint(minden_board_get_render_count(board), >, renders);
    set_dark(FALSE);
    double light_again = mean_luminance(GTK_WIDGET(board));
    g_test_message("board: mean luminance %.2f light, %.2f dark, %.2f light again", light,
                   dark, light_again);
    g_assert_cmpfloat(light, >, 0.6);
    g_assert_cmpfloat(dark, <, 0.4);
    g_assert_cmpfloat(fabs(light_again - light), <, 0.01);
    gtk_window_destroy(GTK_WINDOW(window));

    /* The Where view of a finished game: its map, sea beside it included. */
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) p = players(0, 3);
    g_autoptr(MindenDeck) deck = minden_deck_get_default(&error);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    g_autoptr(MindenGame) game = minden_game_new(p, rng, deck, FALSE, &error);
    g_assert_no_error(error);
    lp_game_run_computers(LP_GAME(game), minden_ai_move);
    g_autoptr(LpPlaceList) places = lp_game_get_places(LP_GAME(game));
    GtkWindow *where = lp_where_window_new(NULL, places, "Test");
    gtk_window_set_default_size(where, 1024, 600);
    gtk_window_present(where);
    GtkWidget *view = gtk_widget_get_first_child(gtk_window_get_child(where));
    g_assert_true(LP_IS_WHERE_VIEW(view));
    g_assert_cmpuint(lp_where_view_get_n_markers(LP_WHERE_VIEW(view)), >, 0);
    GtkWidget *map = gtk_widget_get_parent(lp_where_view_get_marker(LP_WHERE_VIEW(view), 0));
    WAIT_FOR(gtk_widget_get_width(map) > 200);
    iterate(100);
    light = mean_luminance(map);
    set_dark(TRUE);
    dark = mean_luminance(map);
    set_dark(FALSE);
    g_test_message("where view: mean luminance %.2f light, %.2f dark", light, dark);
    g_assert_cmpfloat(light, >, 0.6);
    g_assert_cmpfloat(dark, <, 0.4);
    gtk_window_destroy(where);
    iterate(50);
}

/* The side panel's scrolled window (the map may have one of its own). */
static GtkWidget *side_scroller(MindenPage *page)
{
    GtkWidget *tips = find_type(GTK_WIDGET(page), MINDEN_TYPE_TIP_BOARD);
    return gtk_widget_get_ancestor(tips, GTK_TYPE_SCROLLED_WINDOW);
}

static gboolean count_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (*(guint *) data)++;
    return G_SOURCE_CONTINUE;
}

/* Until GTK has laid the window out again (a slow build, such as ASan's, may check between
 * a change and the next frame's layout). */
static void wait_for_layout(GtkWidget *window)
{
    guint ticks = 0;
    guint id = gtk_widget_add_tick_callback(window, count_tick, &ticks, NULL);
    WAIT_FOR(ticks >= 3);
    gtk_widget_remove_tick_callback(window, id);
}

static void assert_panel_fits(Fixture *f)
{
    iterate(30);
    wait_for_layout(f->window);
    GtkWidget *scrolled = side_scroller(f->page);
    GtkWidget *side = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(scrolled));
    /* Text wraps instead of widening: the panel is as wide as its scrolled window, and the
     * scrolled window lies in the window. */
    g_assert_cmpint(gtk_widget_get_width(side), <=, gtk_widget_get_width(scrolled));
    /* Never wider than planned (it used to follow the longest text, up to 560 px). */
    GtkWidget *table = gtk_widget_get_parent(scrolled);
    g_assert_true(MINDEN_IS_TABLE(table));
    g_assert_cmpint(gtk_widget_get_width(scrolled), <=,
                    minden_table_get_panel_width(MINDEN_TABLE(table)));
    assert_inside(scrolled, f->window, "the side panel");
    g_autoptr(GPtrArray) labels = lp_test_find_all(side, GTK_TYPE_LABEL, NULL);
    for (guint i = 0; i < labels->len; i++)
        if (gtk_widget_get_mapped(labels->pdata[i]))
            g_assert_cmpint(gtk_widget_get_width(labels->pdata[i]), <=,
                            gtk_widget_get_width(scrolled));
}

static GtkWidget *button_with_label(GtkWidget *root, const char *label)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(root, GTK_TYPE_BUTTON, NULL);
    for (guint i = 0; i < buttons->len; i++) {
        const char *l = gtk_button_get_label(buttons->pdata[i]);
        if (l != NULL && strcmp(l, label) == 0)
            return buttons->pdata[i];
    }
    return NULL;
}

/* Issue 13: at 1024×600 the tip board, all its stones (at least 32×32 px) and Place Tip are
 * in view without scrolling after a click on the map; the panel never runs past the window
 * edge, also with the longest names; buttons are named without their mnemonic; the side
 * panel's hidden pages are hidden from screen readers. */
static void test_fits_small_screen(void)
{
    Fixture f = { .width = 1024, .height = 600, .long_names = TRUE };
    fixture_setup(&f, 1, 4, TRUE, 11);
    MindenBoard *board = MINDEN_BOARD(find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD));
    GtkWidget *tips = find_type(GTK_WIDGET(f.page), MINDEN_TYPE_TIP_BOARD);
    GtkWidget *scrolled = side_scroller(f.page);
    GtkWidget *stack = gtk_widget_get_ancestor(tips, GTK_TYPE_STACK);
    GtkWidget *take = button_with_label(GTK_WIDGET(f.page), "_Take Card");
    GtkWidget *place = button_with_label(GTK_WIDGET(f.page), "_Place Tip");
    g_assert_nonnull(take);
    g_assert_nonnull(place);
    g_assert_cmpint(gtk_widget_get_width(f.window), <=, 1024);
    g_assert_cmpint(gtk_widget_get_height(f.window), <=, 600);

    /* "_Take Card Take Card" was read before. */
    char *wrong = gtk_test_accessible_check_property(GTK_ACCESSIBLE(take),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, "Take Card");
    g_assert_null(wrong);
    g_assert_false(gtk_test_accessible_has_relation(GTK_ACCESSIBLE(take),
                                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY));

    guint tips_checked = 0, rounds = 0;
    while (!lp_game_is_over(LP_GAME(f.game)) && rounds < 4) {
        WAIT_FOR(human_must_act(&f));
        MindenPhase phase = minden_game_get_phase(f.game);
        assert_panel_fits(&f);
        /* Only the shown page of the side stack is visible to screen readers (once the
         * idle that hides the others has run). */
        for (guint k = 0; k < 100 && g_main_context_iteration(NULL, FALSE); k++)
            ;
        GtkWidget *shown = gtk_stack_get_visible_child(GTK_STACK(stack));
        for (GtkWidget *c = gtk_widget_get_first_child(stack); c != NULL;
             c = gtk_widget_get_next_sibling(c))
            if (c != shown && gtk_widget_get_visible(c))
                g_error("page %s is visible while %s is shown",
                        gtk_stack_page_get_name(gtk_stack_get_page(GTK_STACK(stack), c)),
                        gtk_stack_get_visible_child_name(GTK_STACK(stack)));
        if (lp_driver_is_held(f.driver)) {
            g_assert_true(action_enabled(f.page, "minden.continue"));
            iterate(5);
            continue;
        }
        if (lp_game_is_over(LP_GAME(f.game)))
            break;
        if (phase == MINDEN_PHASE_CHOOSE) {
            assert_inside(take, scrolled, "Take Card");
            g_assert_true(action_enabled(f.page, "minden.take"));
            continue;
        }
        /* A click on the map: four stones. The south and north bands have 15 sectors. */
        gint8 band = (gint8) (rounds % 3);
        g_signal_emit_by_name(board, "cell-activated", (int) MINDEN_EAST, (int) band,
                              (int) minden_grid_n_sectors(band), 3);
        iterate(30);
        assert_panel_fits(&f);
        assert_inside(place, scrolled, "Place Tip");
        g_autoptr(GPtrArray) stones = lp_test_find_all(tips, GTK_TYPE_TOGGLE_BUTTON,
                                                       "minden-stone");
        g_assert_cmpuint(stones->len, ==, 2 + 3 + 15 + 4);
        for (guint i = 0; i < stones->len; i++) {
            GtkWidget *stone = stones->pdata[i];
            if (!gtk_widget_get_visible(stone))
                continue;
            g_assert_cmpint(gtk_widget_get_width(stone), >=, 32);
            g_assert_cmpint(gtk_widget_get_height(stone), >=, 32);
            assert_inside(stone, scrolled, gtk_button_get_label(GTK_BUTTON(stone)));
        }
        tips_checked++;
        g_assert_true(action_enabled(f.page, "minden.place-tip"));
        rounds++;
    }
    g_assert_cmpuint(tips_checked, >=, 3);
    /* Nothing is set larger at this size. */
    GtkWidget *table = gtk_widget_get_parent(scrolled);
    g_assert_cmpfloat(minden_table_get_size_step(MINDEN_TABLE(table)), ==, 1.0);
    g_assert_false(gtk_widget_has_css_class(table, "minden-large"));
    shot(f.window, "minden-1024.png");
    fixture_teardown(&f);
}

/* The size of a widget's text in px (GTK sets it as an absolute size). */
static double font_px(GtkWidget *widget)
{
    const PangoFontDescription *font =
        pango_context_get_font_description(gtk_widget_get_pango_context(widget));
    g_assert_true(pango_font_description_get_size_is_absolute(font));
    return pango_font_description_get_size(font) / (double) PANGO_SCALE;
}

/* Issue 13: at 1920×1080 the board uses its space. The map is as high as the room above the
 * track allows; the side panel is set larger (text, cards, stones, Place Tip: CSS, not a scale
 * transform) and still shows the tip controls without scrolling; the width left over is shared
 * on both sides. */
static void test_fills_large_screen(void)
{
    /* A maximized window at 1920×1080 leaves the page about 1920×1030. */
    Fixture f = { .width = 1024, .height = 600, .page_width = 1920, .page_height = 1030 };
    fixture_setup(&f, 1, 4, TRUE, 11);
    GtkWidget *board = find_type(GTK_WIDGET(f.page), MINDEN_TYPE_BOARD);
    GtkWidget *table = find_type(GTK_WIDGET(f.page), MINDEN_TYPE_TABLE);
    GtkWidget *tips = find_type(GTK_WIDGET(f.page), MINDEN_TYPE_TIP_BOARD);
    GtkWidget *scrolled = side_scroller(f.page);
    GtkWidget *place = button_with_label(GTK_WIDGET(f.page), "_Place Tip");

    for (;;) {
        WAIT_FOR(human_must_act(&f));
        g_assert_false(lp_game_is_over(LP_GAME(f.game)));
        if (lp_driver_is_held(f.driver))
            action_enabled(f.page, "minden.continue");
        else if (minden_game_get_phase(f.game) == MINDEN_PHASE_CHOOSE)
            action_enabled(f.page, "minden.take");
        else
            break;
        iterate(5);
    }
    g_signal_emit_by_name(board, "cell-activated", (int) MINDEN_EAST, (int) MINDEN_SOUTH, 15, 3);
    iterate(30);
    wait_for_layout(f.window);

    double scale = minden_table_get_size_step(MINDEN_TABLE(table));
    graphene_rect_t map, side;
    g_assert_true(gtk_widget_compute_bounds(board, table, &map));
    g_assert_true(gtk_widget_compute_bounds(scrolled, table, &side));
    int table_w = gtk_widget_get_width(table), table_h = gtk_widget_get_height(table);
    g_test_message("table %d×%d: map %.0f×%.0f at %.0f, panel %.0f×%.0f at %.0f, scale %.2f",
                   table_w, table_h, map.size.width, map.size.height, map.origin.x,
                   side.size.width, side.size.height, side.origin.x, scale);
    g_assert_cmpfloat(scale, >=, 1.35);
    g_assert_true(gtk_widget_has_css_class(table, "minden-large"));
    /* The text: Place Tip and the card's name (12pt, 16 px at step 1) larger. */
    GtkWidget *place_label = gtk_button_get_child(GTK_BUTTON(place));
    g_autoptr(GPtrArray) names = lp_test_find_all(scrolled, GTK_TYPE_LABEL, "minden-card-name");
    g_assert_cmpuint(names->len, >, 0);
    g_test_message("text: window %.1f px, Place Tip %.1f px, card name %.1f px",
                   font_px(f.window), font_px(place_label), font_px(names->pdata[0]));
    g_assert_cmpfloat(font_px(place_label), >=, 1.35 * font_px(f.window));
    g_assert_cmpfloat(font_px(names->pdata[0]), >=, 1.35 * 16);
    /* The map: all the height above the track, in its proportions (margins aside). */
    g_assert_cmpfloat(map.size.height, >=, 0.85 * table_h);
    g_assert_cmpfloat(map.size.width, >=, 0.78 * map.size.height);
    /* The panel: wider than the map's side of the window used to give it (420 px). */
    g_assert_cmpfloat(side.size.width, >=, 1.3 * 420);
    g_assert_cmpfloat(side.size.height, >=, map.size.height - 1);
    /* (The map has a margin of 6 px.) */
    g_assert_cmpfloat(fabs(map.origin.x - (table_w - side.origin.x - side.size.width)), <=, 8);
    /* Place Tip and every stone in view without scrolling, larger than at 1024×600. */
    assert_inside(place, scrolled, "Place Tip");
    g_autoptr(GPtrArray) stones = lp_test_find_all(tips, GTK_TYPE_TOGGLE_BUTTON, "minden-stone");
    for (guint i = 0; i < stones->len; i++) {
        graphene_rect_t r;
        if (!gtk_widget_get_visible(stones->pdata[i]))
            continue;
        assert_inside(stones->pdata[i], scrolled, gtk_button_get_label(stones->pdata[i]));
        g_assert_true(gtk_widget_compute_bounds(stones->pdata[i], table, &r));
        g_assert_cmpfloat(r.size.width, >=, 1.3 * 32);
        g_assert_cmpfloat(r.size.height, >=, 1.3 * 32);
    }
    shot(f.window, "minden-1920.png");
    fixture_teardown(&f);
}

int main(int argc, char **argv)
{
    /* The page opens the settings: private XDG folders per test case. */
    lp_test_init(&argc, &argv);
    g_test_add_func("/minden/page/play-through", test_play_through);
    g_test_add_func("/minden/page/privacy", test_privacy);
    g_test_add_func("/minden/page/cursor-after-hand-over", test_cursor_after_hand_over);
    g_test_add_func("/minden/page/leak-tips", test_leak_tips);
    g_test_add_func("/minden/page/fits-small-screen", test_fits_small_screen);
    g_test_add_func("/minden/page/fills-large-screen", test_fills_large_screen);
    g_test_add_func("/minden/board/names-free", test_board_names_free);
    g_test_add_func("/minden/track/label-free", test_track_label_free);
    g_test_add_func("/minden/page/colour-legend", test_colour_legend);
    g_test_add_func("/minden/board/map-follows-style", test_map_follows_style);
    return g_test_run();
}
