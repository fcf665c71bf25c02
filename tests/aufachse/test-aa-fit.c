/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 13, fit and finish of the Auf Achse page under Xvfb: five long routes fit a
 * 1024 x 600 screen and start at one x, cards grow on a big one, hand cards are 32 px targets,
 * the counter's log keeps a human's result until a human goes on (issue 10) and names a lost
 * route card to its owner only, whole sentences for screen readers, a real minus sign, and
 * Play Again once at the end. */
#include "config.h"

#include <string.h>

#include "aa-ai.h"
#include "aa-counter.h"
#include "aa-hand.h"
#include "aa-page.h"
#include "aa-page-test-util.h"
#include "aa-route-row.h"
#include "aa-test-util.h"
#include "lp-test-util.h"

/* The counter's log without the isolates around names (issue 36): the letters a person
 * reads. */
static char *log_text(AaCounter *counter)
{
    g_autofree char *text = aa_counter_get_log_text(counter);
    return lp_test_without_isolates(text);
}

/* The checks run without animation. */
static LpSettings *test_settings_new(void)
{
    LpSettings *settings = lp_settings_new();
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    return settings;
}

/* The window's pause between computer steps is the window's business; the tests take
 * none. The page must leave it so. */
static LpDriver *test_driver_new(AaGame *game)
{
    LpDriver *driver = lp_driver_new(LP_GAME(game), aa_ai_move);
    lp_driver_set_delay(driver, 0);
    return driver;
}

typedef AaPageFixture Fixture;

static void fixture_setup(Fixture *f, const char *kinds, guint64 seed)
{
    g_autoptr(GPtrArray) players = aa_test_players(strlen(kinds), kinds);
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    aa_page_fixture_open(f, aa_game_new(players, rng, NULL), test_settings_new());
}

static void fixture_teardown(Fixture *f)
{
    aa_page_fixture_close(f);
}

/* Let the driver run until seat may act or the page shows mode. */
static void run_until_human(Fixture *f)
{
    for (guint i = 0; i < 20000; i++) {
        int cur = lp_game_get_current_seat(LP_GAME(f->game));
        if (lp_game_is_over(LP_GAME(f->game)))
            return;
        if (g_strcmp0(aa_page_get_mode(f->page), "scoring") == 0)
            return;
        if (cur >= 0 && lp_player_is_human(lp_game_get_player(LP_GAME(f->game), cur)))
            return;
        /* Step as the driver would, without waiting for a frame per step (the first stage
         * goes through the driver itself). */
        if (aa_game_get_stage(f->game) > 1 && !lp_driver_is_held(f->driver))
            lp_game_computer_step(LP_GAME(f->game), aa_ai_move);
        else
            g_main_context_iteration(NULL, TRUE);
        while (g_main_context_iteration(NULL, FALSE))
            ;
    }
    g_assert_not_reached();
}

static GtkWidget *find_hand(GtkWidget *widget)
{
    if (AA_IS_HAND(widget))
        return widget;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_hand(c);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static void play_human_step(Fixture *f)
{
    AaHand *hand = AA_HAND(find_hand(GTK_WIDGET(f->page)));
    g_assert_nonnull(hand);
    g_assert_true(aa_hand_select_index(hand, 0));
    g_assert_cmpint(aa_hand_get_selected(hand), >=, 0);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->page), "aa.play", NULL));
    aa_page_test_iterate(5);
}

static void find_all(GtkWidget *widget, GType type, GPtrArray *out)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(widget, type))
        g_ptr_array_add(out, widget);
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        find_all(c, type, out);
}

static AaCounter *find_counter(GtkWidget *page)
{
    g_autoptr(GPtrArray) all = g_ptr_array_new();
    find_all(page, AA_TYPE_COUNTER, all);
    g_assert_cmpuint(all->len, ==, 1);
    return all->pdata[0];
}

/* A page for a game from a table, in a window of the given size. */
typedef struct {
    GtkWidget *window;
    AaGame *game;
    LpDriver *driver;
    LpSettings *settings;
    GtkWidget *page;
} Table;

/* A page for t->game, in a window of the given size. */
static void table_show(Table *t, int width, int height)
{
    t->driver = test_driver_new(t->game);
    t->settings = test_settings_new();
    t->page = lp_game_page_new(AA_TYPE_PAGE, LP_GAME(t->game), t->driver, t->settings);
    g_object_ref_sink(t->page);
    t->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(t->window), width, height);
    gtk_window_set_child(GTK_WINDOW(t->window), t->page);
    gtk_window_present(GTK_WINDOW(t->window));
    aa_page_test_wait_shown(t->page);
    aa_page_test_iterate(100);
}

static void table_open(Table *t, const AaTestTable *spec, int width, int height)
{
    g_autoptr(GError) error = NULL;
    t->game = aa_test_game_from_table(spec, &error);
    g_assert_no_error(error);
    table_show(t, width, height);
}

static void table_close(Table *t)
{
    gtk_window_destroy(GTK_WINDOW(t->window));
    aa_page_test_iterate(20);
    g_assert_finalize_object(t->page);
    g_assert_finalize_object(t->driver);
    g_assert_finalize_object(t->settings);
    g_assert_finalize_object(t->game);
}

/* Five players with 13-card routes and more, at a stage end: every route shows face up. */
static const AaTestTable long_routes = {
    .n_players = 5,
    .kinds = "hnnnn",
    .phase = "stage-end",
    .routes = {"10 20 30 R 40 50 60 70 -1 80 90 100 110",
               "20 30 40 50 40 60 70 80 90 R R 100 120",
               "30 10 40 50 60 70 80 90 100 110 120 R 70 20 30 40",
               "40 50 60 70 80 +1 90 100 110 120 R 30 10",
               "50 60 70 80 90 100 110 120 10 20 30 40 R"},
    .hands = {"10 60 80 R -50 +1 90", "20 -1 100 110 +2", "-50 -1 +1 60 R", "-50 +1 -1 10",
              "R -50 -1 +1 +2 10"},
    .counter = "110 50 120",
    .scores = "[[100, 137, 174, 211, 248]]",
};

static graphene_rect_t bounds_in(GtkWidget *widget, GtkWidget *target)
{
    graphene_rect_t r;
    g_assert_true(gtk_widget_compute_bounds(widget, target, &r));
    return r;
}

/* Issue 13: at 1024 × 600 with five players every card of every route shows inside its row
 * (no sideways scrolling that hides the scoring end), all rows start at the same x, break
 * marks keep to one line, and the page asks for no more height than the screen has. */
static void test_fits_small_screen(void)
{
    Table t;
    table_open(&t, &long_routes, 1024, 600);
    g_assert_cmpstr(aa_page_get_mode(AA_PAGE(t.page)), ==, "scoring");
    int min_height = 0;
    gtk_widget_measure(t.page, GTK_ORIENTATION_VERTICAL, 1024, &min_height, NULL, NULL, NULL);
    /* 600 px less the window's header bar. */
    g_assert_cmpint(min_height, <=, 550);
    g_autoptr(GPtrArray) rows = g_ptr_array_new();
    find_all(t.page, AA_TYPE_ROUTE_ROW, rows);
    g_assert_cmpuint(rows->len, ==, 5);
    double first_x = -1;
    for (guint r = 0; r < rows->len; r++) {
        GtkWidget *row = rows->pdata[r];
        graphene_rect_t row_box = bounds_in(row, row);
        guint cards = 0;
        for (GtkWidget *c = gtk_widget_get_first_child(row); c != NULL;
             c = gtk_widget_get_next_sibling(c)) {
            if (!gtk_widget_get_visible(c) || !gtk_widget_get_child_visible(c))
                continue;
            graphene_rect_t box = bounds_in(c, row);
            g_assert_true(graphene_rect_contains_rect(&row_box, &box));
            if (gtk_widget_has_css_class(c, "aa-route-card")) {
                if (cards == 0) {
                    graphene_rect_t in_page = bounds_in(c, t.page);
                    if (first_x < 0)
                        first_x = in_page.origin.x;
                    g_assert_cmpfloat_with_epsilon(in_page.origin.x, first_x, 0.5);
                }
                cards++;
                /* Readable, and each card keeps a visible strip. */
                g_assert_cmpfloat(box.size.width, >=, 30);
            }
            if (gtk_widget_has_css_class(c, "aa-break-mark")) {
                g_assert_false(gtk_label_get_wrap(GTK_LABEL(c)));
                int line = 0;
                gtk_widget_measure(c, GTK_ORIENTATION_VERTICAL, -1, NULL, &line, NULL, NULL);
                g_assert_cmpfloat(box.size.height, >=, line);
            }
        }
        g_assert_cmpuint(cards, ==, aa_game_get_route_length(t.game, r));
        graphene_rect_t in_window = bounds_in(row, t.window);
        g_assert_cmpfloat(in_window.origin.x + in_window.size.width, <=, 1024);
    }
    table_close(&t);
}

/* Issue 13: at 1920 × 1080 the cards grow instead of staying 38 px wide, and every hand card
 * is at least a 32 × 32 px target. */
static void test_grows_big_screen(void)
{
    AaTestTable spec = long_routes;
    spec.phase = "play";
    spec.scores = NULL;
    spec.n_players = 3;
    spec.routes[0] = "10 20 30 40 50 60";
    spec.routes[1] = "10 20 30 40 50";
    spec.routes[2] = "10 20 30 40 50";
    /* xvfb-run's screen may be smaller than asked for (1280 × 1024): sizes below hold there. */
    Table t;
    table_open(&t, &spec, 1920, 1080);
    g_autoptr(GPtrArray) cards = g_ptr_array_new();
    find_all(t.page, AA_TYPE_ROUTE_ROW, cards);
    GtkWidget *row = cards->pdata[0];
    for (GtkWidget *c = gtk_widget_get_first_child(row); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        if (gtk_widget_has_css_class(c, "aa-route-card") && gtk_widget_get_visible(c))
            g_assert_cmpint(gtk_widget_get_width(c), >=, 60);
    }
    g_autoptr(GPtrArray) buttons = g_ptr_array_new();
    find_all(t.page, GTK_TYPE_TOGGLE_BUTTON, buttons);
    g_assert_cmpuint(buttons->len, ==, 7);
    for (guint i = 0; i < buttons->len; i++) {
        g_assert_cmpint(gtk_widget_get_width(buttons->pdata[i]), >=, 70);
        g_assert_cmpint(gtk_widget_get_height(buttons->pdata[i]), >=, 32);
    }
    table_close(&t);
    /* And at 1024 × 600, ten cards in one line, none below 32 px. */
    spec.hands[0] = "10 20 30 40 50 60 70 80 90 100";
    spec.phase = "play";
    table_open(&t, &spec, 1024, 600);
    g_ptr_array_set_size(buttons, 0);
    find_all(t.page, GTK_TYPE_TOGGLE_BUTTON, buttons);
    g_assert_cmpuint(buttons->len, ==, 10);
    for (guint i = 0; i < buttons->len; i++) {
        graphene_rect_t box = bounds_in(buttons->pdata[i], t.window);
        g_assert_cmpfloat(box.size.width, >=, 32);
        g_assert_cmpfloat(box.size.height, >=, 32);
        g_assert_cmpfloat(box.origin.x + box.size.width, <=, 1024);
        g_assert_cmpfloat(box.origin.y + box.size.height, <=, 600);
    }
    table_close(&t);
}

/* Issue 13: an empty route is not read as "0 Karten: ; 0 km wert"; the value at the end of
 * every row has a name; a negative counter has a real minus sign. */
static void test_words(void)
{
    AaTestTable spec = {
        .n_players = 2,
        .kinds = "hn",
        .phase = "stage-end",
        .hands = {"10 20", "30 40"},
        .routes = {"", "50 60"},
        .counter = "-50 10",
        .scores = "[[0, 110]]",
    };
    Table t;
    table_open(&t, &spec, 1180, 780);
    g_autofree char *text = lp_test_widget_text(t.page);
    g_assert_nonnull(strstr(text, "Route of P0: no cards, worth 0 km"));
    g_assert_null(strstr(text, "0 cards:"));
    g_assert_nonnull(strstr(text, "Value of the route of P0: 0 km"));
    g_assert_nonnull(strstr(text, "Value of the route of P1: 110 km"));
    g_assert_nonnull(strstr(text, "Route of P1, 2 cards: 50 km, 60 km; worth 110 km"));
    g_assert_nonnull(strstr(text, "−40 of 150 km"));
    if (strstr(text, "-40") != NULL)
        g_error("a hyphen for a minus: %s", strstr(text, "-40") - 20);
    /* Whole sentences in the scoreboard's names. */
    g_assert_nonnull(strstr(text, "P1: stage 1: 110 km; total 110 km"));
    table_close(&t);
}

/* Issue 13: "Play Again" once on the end screen (the header's); the focus is on no button. */
static void test_over_screen(void)
{
    AaTestTable spec = long_routes;
    spec.phase = "over";
    spec.stage = 5;
    spec.scores = "[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]";
    Table t;
    table_open(&t, &spec, 1180, 780);
    g_assert_cmpstr(aa_page_get_mode(AA_PAGE(t.page)), ==, "over");
    g_autofree char *text = lp_test_widget_text(t.page);
    g_assert_null(strstr(text, "Play Again"));
    g_assert_null(strstr(text, "Play again"));
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(t.window));
    g_assert_nonnull(focus);
    g_assert_false(GTK_IS_BUTTON(focus));
    table_close(&t);
}

static GtkWidget *find_named(GtkWidget *widget, GType type, const char *name)
{
    g_autoptr(GPtrArray) all = g_ptr_array_new();
    find_all(widget, type, all);
    for (guint i = 0; i < all->len; i++) {
        if (gtk_test_accessible_check_property(all->pdata[i], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                               name) == NULL)
            return all->pdata[i];
    }
    return NULL;
}

/* Issue 13: at the end the kilometres per stage are in view at 1024×600, above the last
 * stage's counter, and no name in them is cut ("Oma G…"): a name wraps instead. */
static void test_over_stage_table(void)
{
    static const char *const names[] = {"Oma Gerda", "Tante Hildegard", "Opa Heinz", "Charlotte",
                                        "Anna"};
    AaTestTable spec = long_routes;
    spec.phase = "over";
    spec.stage = 5;
    spec.scores = "[[180,80,120,30,270],[170,30,120,20,30],[320,150,90,210,290],"
                  "[20,300,160,60,30],[310,350,10,150,380]]";
    JsonNode *state = aa_test_state_from_table(&spec);
    g_autoptr(JsonNode) root = aa_test_envelope(spec.n_players, spec.kinds, state);
    JsonArray *players = json_object_get_array_member(json_node_get_object(root), "players");
    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
        json_object_set_string_member(json_array_get_object_element(players, i), "name",
                                      names[i]);
    g_autoptr(GError) error = NULL;
    Table t;
    t.game = AA_GAME(lp_game_restore(AA_TYPE_GAME, root, &error));
    g_assert_no_error(error);
    t.driver = test_driver_new(t.game);
    t.settings = test_settings_new();
    t.page = g_object_ref_sink(lp_game_page_new(AA_TYPE_PAGE, LP_GAME(t.game), t.driver,
                                                t.settings));
    t.window = gtk_window_new();
    /* 600 px less the window's header bar. */
    gtk_window_set_default_size(GTK_WINDOW(t.window), 1024, 550);
    gtk_window_set_child(GTK_WINDOW(t.window), t.page);
    gtk_window_present(GTK_WINDOW(t.window));
    aa_page_test_iterate(150);
    g_assert_cmpstr(aa_page_get_mode(AA_PAGE(t.page)), ==, "over");

    GtkWidget *grid = find_named(t.page, GTK_TYPE_GRID, "Scoreboard");
    g_assert_nonnull(grid);
    GtkWidget *side = gtk_widget_get_ancestor(grid, GTK_TYPE_SCROLLED_WINDOW);
    graphene_rect_t r = bounds_in(grid, side);
    g_assert_cmpfloat(r.origin.y, >=, 0);
    g_assert_cmpfloat(r.origin.y + r.size.height, <=, gtk_widget_get_height(side));
    graphene_rect_t c = bounds_in(GTK_WIDGET(find_counter(t.page)), side);
    g_assert_cmpfloat(c.origin.y, >, r.origin.y);

    guint seen = 0;
    for (GtkWidget *l = gtk_widget_get_first_child(grid); l != NULL;
         l = gtk_widget_get_next_sibling(l)) {
        /* Names are isolated (issue 36): compare the letters. */
        g_autofree char *text = lp_test_without_isolates(gtk_label_get_text(GTK_LABEL(l)));
        for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
            if (strcmp(text, names[i]) != 0)
                continue;
            g_assert_false(pango_layout_is_ellipsized(gtk_label_get_layout(GTK_LABEL(l))));
            /* Not clipped by its cell either. */
            int min = 0;
            gtk_widget_measure(l, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
            g_assert_cmpint(gtk_widget_get_width(l), >=, min);
            seen++;
        }
    }
    g_assert_cmpuint(seen, ==, G_N_ELEMENTS(names));
    table_close(&t);
}

/* Issue 10: a human's own result stays until a human goes on. The log of the counter names
 * the human's card of the last round while the computers play the next one, and at a stage
 * end until Continue, at any pace. */
static void test_results_stay(void)
{
    Fixture f;
    fixture_setup(&f, "hnn", 5);
    AaCounter *counter = find_counter(GTK_WIDGET(f.page));
    guint checked_rounds = 0;
    gboolean checked_stage = FALSE;
    for (guint rounds = 0; rounds < 200 && !checked_stage; rounds++) {
        run_until_human(&f);
        g_autofree char *log = log_text(counter);
        if (g_strcmp0(aa_page_get_mode(f.page), "scoring") == 0) {
            /* The last round's cards, P0's among them when P0 had a card to play. */
            g_assert_cmpstr(log, !=, "");
            aa_page_test_iterate(300);
            g_autofree char *later = log_text(counter);
            g_assert_cmpstr(later, ==, log);
            g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f.page), "aa.continue", NULL));
            aa_page_test_iterate(5);
            g_autofree char *after = log_text(counter);
            g_assert_cmpstr(after, ==, "");
            checked_stage = TRUE;
            continue;
        }
        if (aa_game_get_step(f.game) == AA_STEP_ROUTE && *log != '\0') {
            /* The human's turn in a new round: the computers have played since the last
             * resolution, and P0's counter card of that round is still in the log. */
            g_assert_nonnull(strstr(log, "P0’s"));
            checked_rounds++;
        }
        play_human_step(&f);
    }
    g_assert_cmpuint(checked_rounds, >, 0);
    g_assert_true(checked_stage);
    fixture_teardown(&f);
}

/* Issue 13: the log says which card an obstacle took from a route, to that route's owner
 * only (route cards lie face down), and names every card's owner. */
/* Whether a shown label under widget reads text. */
static gboolean shows_label(GtkWidget *widget, const char *text)
{
    if (!gtk_widget_get_visible(widget))
        return FALSE;
    g_autofree char *shown =
        GTK_IS_LABEL(widget) ? lp_test_without_isolates(gtk_label_get_text(GTK_LABEL(widget)))
                             : NULL;
    if (shown != NULL && g_strcmp0(shown, text) == 0)
        return TRUE;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        if (shows_label(c, text))
            return TRUE;
    }
    return FALSE;
}

/* Issue 36: a game closed while it waits for a person's free-passage card shows, once
 * continued, the prompt together with the log that says whose free passage it was. */
static void test_resume_explains(void)
{
    AaTestTable spec = {
        .n_players = 3,
        .kinds = "hnn",
        .phase = "resolve",
        .play_index = 3,
        .hands = {"40 50", "20", "30 60"},
        .routes = {"10", "10", "10"},
        .pile = "+1 70",
        .pile_owners = "21",
    };
    g_autoptr(GError) error = NULL;
    AaGame *before = aa_test_game_from_table(&spec, &error);
    g_assert_no_error(error);
    g_assert_true(aa_game_resolve_next(before, &error));
    g_assert_true(aa_game_resolve_next(before, &error));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(before)), ==, 0);
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(before));
    g_assert_finalize_object(before);

    Table t;
    t.game = AA_GAME(lp_game_restore(AA_TYPE_GAME, root, &error));
    g_assert_no_error(error);
    table_show(&t, 1280, 800);
    g_assert_true(shows_label(t.page, "Free passage: add 1 more card to your route."));
    g_assert_true(shows_label(t.page, "Cards Turned Over"));
    g_assert_true(shows_label(t.page, "P2’s free passage: everyone adds one more card to their "
                                      "route."));
    g_autofree char *log = log_text(find_counter(t.page));
    g_assert_cmpstr(log, ==, "P1’s 70\u00a0km: the counter moves to 70\u00a0km.\n"
                             "P2’s free passage: everyone adds one more card to their route.\n");
    table_close(&t);
}

static void test_log_privacy(void)
{
    AaTestTable spec = {
        .n_players = 2,
        .kinds = "hh",
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20", "30 40"},
        .routes = {"20 30", "50 60"},
        .pile = "-1",
        .pile_owners = "1",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&spec, &error);
    g_assert_no_error(error);
    GtkWidget *counter = g_object_ref_sink(aa_counter_new(game));
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_no_error(error);
    aa_counter_update(AA_COUNTER(counter), 0);
    g_autofree char *owner = log_text(AA_COUNTER(counter));
    g_assert_nonnull(strstr(owner, "P1’s obstacle: every route loses its last card."));
    /* A no-break space keeps "km" with its number. */
    g_assert_nonnull(strstr(owner, "P0’s route loses its 30\u00a0km card."));
    g_assert_null(strstr(owner, "P1’s route loses"));
    aa_counter_update(AA_COUNTER(counter), LP_VIEWER_ONLOOKER);
    g_autofree char *onlooker = log_text(AA_COUNTER(counter));
    g_assert_null(strstr(onlooker, "30\u00a0km"));
    g_assert_null(strstr(onlooker, "60\u00a0km"));
    g_assert_finalize_object(counter);
    g_assert_finalize_object(game);
}

/* Issue 13: a screen reader says what each cell of the counter shows: the face of a card
 * that stays, and whose a face-down card is (never its face). GTK 4.8 called them all
 * "GtkFlowBoxChild". */
static void test_counter_names(void)
{
    AaTestTable spec = {
        .n_players = 2,
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .routes = {"40", "50"},
        .counter = "100 -50",
        .pile = "60 R",
        .pile_owners = "10",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&spec, &error);
    g_assert_no_error(error);
    GtkWidget *counter = g_object_ref_sink(aa_counter_new(game));
    g_autoptr(GPtrArray) cells = g_ptr_array_new();
    find_all(counter, GTK_TYPE_FLOW_BOX_CHILD, cells);
    GtkWidget *pile = find_named(counter, GTK_TYPE_FLOW_BOX, "Face-down pile");
    /* The pile first (what changes in a round), bottom card first; then the cards that
     * stay. */
    /* Names are isolated in what is read out (issue 36). */
    g_autofree char *p1 = lp_bidi_isolate("P1");
    g_autofree char *p0 = lp_bidi_isolate("P0");
    g_autofree char *card_p1 = g_strdup_printf("Face-down card of %s", p1);
    g_autofree char *card_p0 = g_strdup_printf("Face-down card of %s", p0);
    const char *const expected[] = {card_p1, card_p0, "100 km", "Lost cargo (−50 km)"};
    g_assert_cmpuint(cells->len, ==, G_N_ELEMENTS(expected));
    for (guint i = 0; i < cells->len; i++) {
        g_assert_true((gtk_widget_get_parent(cells->pdata[i]) == pile) == (i < 2));
        g_assert_null(gtk_test_accessible_check_property(cells->pdata[i],
                                                         GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                         expected[i]));
        g_assert_cmpstr(gtk_widget_get_tooltip_text(gtk_widget_get_first_child(cells->pdata[i])),
                        ==, expected[i]);
    }
    g_assert_finalize_object(counter);
    g_assert_finalize_object(game);
}

int main(int argc, char **argv)
{
    gtk_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/aufachse/fit/fits-small-screen", test_fits_small_screen);
    g_test_add_func("/aufachse/fit/grows-big-screen", test_grows_big_screen);
    g_test_add_func("/aufachse/fit/words", test_words);
    g_test_add_func("/aufachse/fit/over-screen", test_over_screen);
    g_test_add_func("/aufachse/fit/over-stage-table", test_over_stage_table);
    g_test_add_func("/aufachse/fit/results-stay", test_results_stay);
    g_test_add_func("/aufachse/fit/log-privacy", test_log_privacy);
    g_test_add_func("/aufachse/fit/resume-explains", test_resume_explains);
    g_test_add_func("/aufachse/fit/counter-names", test_counter_names);
    return g_test_run();
}
