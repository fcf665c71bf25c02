/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Auf Achse page: routes, the kilometre counter, the scoreboard and the hand; turns
 * picks into moves and holds the driver while a stage scoring is shown. Game, driver,
 * settings, the privacy screen and the signal group come from LpGamePage.
 *
 * Several devices (issue 31): the page shows secrets and offers decisions only to the seats
 * the model calls local (lp_game_seat_is_local): people at this screen, or on a mirror the
 * mirror's own seat. Every other person's decision is waited for. It never asks whether it
 * is a host's or a joiner's page beyond that, and a mirror's moves only request. */
#include "config.h"

#include "aa-page.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"
#include "aa-counter.h"
#include "aa-hand.h"
#include "aa-route-row.h"
#include "lp-a11y.h"
#include "lp-privacy-screen.h"
#include "lp-where-view.h"

struct _AaPage {
    LpGamePage parent_instance;

    /* On a joining window's mirror: this page asked its host already (issue 31). */
    gboolean asked;

    GtkCssProvider *seat_css;

    GtkLabel *status_label;
    GtkWidget *routes_box;
    GtkWidget *side_box;
    GtkWidget *score_box;
    GtkGrid *score_grid;
    GtkStack *action_stack;
    GtkWidget *hand_box;
    GtkWidget *scoring_box;
    GtkSpinner *spinner;
    GtkLabel *prompt_label;
    GtkWidget *play_button;
    GtkLabel *note_label;
    AaHand *hand;
    GtkLabel *scoring_label;
    GtkWidget *continue_button;
    GtkLabel *host_deals_label;
    GtkLabel *over_title;
    GtkWidget *over_box;
    GtkWidget *ranking_box;
    GtkWidget *back_button;
    AaCounter *counter;
    GPtrArray *rows;
    GtkSizeGroup *name_group;

    int revealed_for;        /* the human the privacy screen was lifted for, or -1 */
    int covered_for;         /* the human the cover currently waits for, or -1 */
    gboolean scoring;        /* a stage scoring is on screen */
    guint revealed_routes;   /* routes turned over so far in that scoring */
    guint reveal_timer;
    guint continue_timer;    /* nobody here to press Continue: the next stage comes by itself */
    guint refresh_id;
    gboolean focus_hand;     /* move the keyboard focus into the hand at the next refresh */
    const char *mode;
};

G_DEFINE_FINAL_TYPE(AaPage, aa_page, LP_TYPE_GAME_PAGE)

static void update_view(AaPage *self);
static void refresh(AaPage *self);

/* ---- helpers ---- */

static AaGame *game_of(AaPage *self)
{
    return AA_GAME(lp_game_page_get_game(LP_GAME_PAGE(self)));
}

static LpPrivacyScreen *privacy_of(AaPage *self)
{
    return lp_game_page_get_privacy_screen(LP_GAME_PAGE(self));
}

static LpPlayer *player_of(AaPage *self, guint seat)
{
    return lp_game_get_player(LP_GAME(game_of(self)), seat);
}

static const char *seat_name(AaPage *self, guint seat)
{
    return lp_player_get_display_name(player_of(self, seat));
}

/* A person who plays at this screen (issue 31): only they see their secrets here and decide
 * here. */
static gboolean seat_local(AaPage *self, int seat)
{
    return seat >= 0 && lp_game_seat_is_local(LP_GAME(game_of(self)), (guint)seat);
}

/* A person whose decision is taken on another device (or, on a joiner's screen, at the host's
 * or another joiner's): the page waits for them and offers nothing. */
static gboolean seat_elsewhere(AaPage *self, int seat)
{
    return seat >= 0 && lp_player_is_human(player_of(self, seat)) && !seat_local(self, seat);
}

static gboolean is_mirror(AaPage *self)
{
    return lp_game_is_mirror(LP_GAME(game_of(self)));
}

static guint n_seats(AaPage *self)
{
    return lp_game_get_n_players(LP_GAME(game_of(self)));
}

/* Milliseconds per route turned over at a scoring (0: all at once). The pause between
 * computer steps is the window's, the same for every game. */
static guint reveal_ms(AaPage *self)
{
    return lp_settings_get_pace_ms(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                                   LP_PACE_SCORING_STEP);
}

static void set_note(AaPage *self, const char *note)
{
    gtk_label_set_text(self->note_label, note != NULL ? note : "");
    gtk_widget_set_visible(GTK_WIDGET(self->note_label), note != NULL);
}

/* RULES.md hidden information: whose hand and route may be on screen now (a seat, or
 * LP_VIEWER_ONLOOKER when only what lies open may be). */
static int viewer(AaPage *self)
{
    /* Nobody plays at this screen (every person at another device): a shared table. */
    if (lp_game_count_local_people(LP_GAME(game_of(self))) == 0)
        return LP_VIEWER_ONLOOKER;
    LpPrivacyScreen *privacy = privacy_of(self);
    if (privacy == NULL) {
        /* One person here (on a mirror: its seat): the screen is theirs. */
        for (guint s = 0; s < n_seats(self); s++) {
            if (seat_local(self, s))
                return s;
        }
    }
    if (privacy != NULL && lp_privacy_screen_is_covered(privacy))
        return LP_VIEWER_ONLOOKER;
    return self->revealed_for;
}

/* The order routes are turned over at a stage end: the start player first. */
static guint reveal_position(AaPage *self, guint seat)
{
    guint start = aa_game_get_start_seat(game_of(self));
    return (seat + n_seats(self) - start) % n_seats(self);
}

static char *step_prompt(AaPage *self, guint seat, gboolean for_cover)
{
    AaStep step = aa_game_get_step(game_of(self));
    guint left = aa_game_get_extra_left(game_of(self), seat);
    int action = aa_game_get_action(game_of(self));
    switch (step) {
    case AA_STEP_ROUTE:
        return for_cover ? g_strdup(_("Your turn: a card for your route, then one for the "
                                      "kilometre counter."))
                         : g_strdup_printf(_("%s, pick a card for your route."),
                                           seat_name(self, seat));
    case AA_STEP_COUNTER:
        return g_strdup_printf(_("%s, now pick a card for the kilometre counter."),
                               seat_name(self, seat));
    case AA_STEP_EXTRA:
        if (action >= 0 && aa_card_face(action) == AA_FACE_PLUS2)
            return g_strdup_printf(ngettext("Step on the gas: add %u more card to your route.",
                                            "Step on the gas: add %u more cards to your route.",
                                            left),
                                   left);
        return g_strdup_printf(ngettext("Free passage: add %u more card to your route.",
                                        "Free passage: add %u more cards to your route.", left),
                               left);
    default:
        return g_strdup("");
    }
}

/* ---- parts of the view ---- */

static void update_scoreboard(AaPage *self)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->score_grid))) != NULL)
        gtk_grid_remove(self->score_grid, child);
    guint n = n_seats(self);
    guint scored = aa_game_get_n_scored(game_of(self));
    gboolean table_scoring = self->scoring || aa_game_get_phase(game_of(self)) == AA_PHASE_OVER;
    for (guint st = 1; st <= AA_N_STAGES; st++) {
        g_autofree char *head = g_strdup_printf("%u", st);
        GtkWidget *label = gtk_label_new(head);
        gtk_widget_add_css_class(label, "dim-label");
        gtk_widget_set_tooltip_text(label, _("Stage"));
        gtk_grid_attach(self->score_grid, label, st, 0, 1, 1);
    }
    /* Translators: column head of the scoreboard, the sum of all stages. */
    GtkWidget *total_head = gtk_label_new(_("Total"));
    gtk_widget_add_css_class(total_head, "dim-label");
    gtk_grid_attach(self->score_grid, total_head, AA_N_STAGES + 1, 0, 1, 1);
    g_autoptr(GArray) winners = aa_game_get_winners(game_of(self));
    for (guint s = 0; s < n; s++) {
        GtkWidget *name = gtk_label_new(seat_name(self, s));
        gtk_label_set_xalign(GTK_LABEL(name), 0);
        /* The panel is narrow: a name goes onto two lines ("Oma / Gerda") rather than being
         * cut ("Oma G…", issue 13); a single long word widens the panel a little. */
        gtk_label_set_wrap(GTK_LABEL(name), TRUE);
        gtk_label_set_natural_wrap_mode(GTK_LABEL(name), GTK_NATURAL_WRAP_WORD);
        gtk_label_set_max_width_chars(GTK_LABEL(name), 12);
        gtk_grid_attach(self->score_grid, name, 0, s + 1, 1, 1);
        GString *spoken = g_string_new(NULL);   /* "stage 1: 120 km, stage 2: 80 km" */
        /* Issue 10: results are revealed in order. The stage being scored shows a seat's
         * kilometres only once its route is turned over. */
        guint known = scored;
        if (table_scoring && scored > 0 && reveal_position(self, s) >= self->revealed_routes)
            known = scored - 1;
        for (guint st = 1; st <= AA_N_STAGES; st++) {
            g_autofree char *v = st <= known
                ? g_strdup_printf("%d", aa_game_get_stage_score(game_of(self), st, s))
                : g_strdup("–");
            GtkWidget *cell = gtk_label_new(v);
            gtk_label_set_xalign(GTK_LABEL(cell), 1);
            gtk_grid_attach(self->score_grid, cell, st, s + 1, 1, 1);
            if (st <= known) {
                if (spoken->len > 0)
                    g_string_append(spoken, ", ");
                /* Translators: an item of the list of a player's stage results. */
                g_string_append_printf(spoken, _("stage %u: %s km"), st, v);
            }
        }
        int total = aa_game_get_total_score(game_of(self), s);
        if (known < scored)
            total -= aa_game_get_stage_score(game_of(self), scored, s);
        g_autofree char *t = g_strdup_printf("%d", total);
        GtkWidget *cell = gtk_label_new(t);
        gtk_label_set_xalign(GTK_LABEL(cell), 1);
        gtk_widget_add_css_class(cell, "heading");
        gtk_grid_attach(self->score_grid, cell, AA_N_STAGES + 1, s + 1, 1, 1);
        g_autofree char *row_label =
            known == 0 ? g_strdup_printf(_("%s: no stage scored yet"), seat_name(self, s))
                       /* Translators: a player, their stage results, their total. */
                       : g_strdup_printf(_("%1$s: %2$s; total %3$d km"), seat_name(self, s),
                                         spoken->str, total);
        gtk_accessible_update_property(GTK_ACCESSIBLE(name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       row_label, -1);
        g_string_free(spoken, TRUE);
        for (guint i = 0; i < winners->len && self->revealed_routes >= n; i++) {
            if (g_array_index(winners, guint, i) == s) {
                gtk_widget_add_css_class(name, "aa-winner");
                gtk_widget_add_css_class(cell, "aa-winner");
            }
        }
    }
}

static void update_ranking(AaPage *self)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(self->ranking_box)) != NULL)
        gtk_box_remove(GTK_BOX(self->ranking_box), child);
    guint n = n_seats(self);
    guint order[AA_MAX_PLAYERS];
    for (guint s = 0; s < n; s++)
        order[s] = s;
    /* Highest total first; equal totals keep seat order. */
    for (guint i = 1; i < n; i++) {
        for (guint j = i; j > 0 && aa_game_get_total_score(game_of(self), order[j]) >
                                       aa_game_get_total_score(game_of(self), order[j - 1]); j--) {
            guint t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    guint place = 0;
    int last = G_MININT;
    for (guint i = 0; i < n; i++) {
        int total = aa_game_get_total_score(game_of(self), order[i]);
        if (total != last)
            place = i + 1;
        last = total;
        /* Translators: a line of the final ranking: place, name, kilometres. */
        g_autofree char *line = g_strdup_printf(_("%u. %s — %d km"), place,
                                                seat_name(self, order[i]), total);
        GtkWidget *label = gtk_label_new(line);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        if (place == 1)
            gtk_widget_add_css_class(label, "aa-winner");
        gtk_box_append(GTK_BOX(self->ranking_box), label);
    }
    g_autoptr(GArray) winners = aa_game_get_winners(game_of(self));
    g_autofree char *title = NULL;
    if (winners->len == 1) {
        title = g_strdup_printf(_("%s drove the farthest and wins!"),
                                seat_name(self, g_array_index(winners, guint, 0)));
    } else if (winners->len == 2) {
        title = g_strdup_printf(_("%1$s and %2$s share the win!"),
                                seat_name(self, g_array_index(winners, guint, 0)),
                                seat_name(self, g_array_index(winners, guint, 1)));
    } else {
        GString *names = g_string_new(NULL);
        for (guint i = 0; i < winners->len; i++) {
            if (i > 0)
                g_string_append(names, ", ");
            g_string_append(names, seat_name(self, g_array_index(winners, guint, i)));
        }
        /* Translators: a comma-separated list of three or more names. */
        title = g_strdup_printf(_("Shared win: %s!"), names->str);
        g_string_free(names, TRUE);
    }
    gtk_label_set_text(self->over_title, title);
}

/* A scoring or the end has just come on screen: where the focus waits. */
static void focus_mode(AaPage *self)
{
    /* Issue 10: never Continue, which deals the next stage for everybody, nor a button that
     * starts anew or leaves. */
    if (g_strcmp0(self->mode, "scoring") == 0)
        gtk_widget_grab_focus(self->scoring_box);
    else if (g_strcmp0(self->mode, "over") == 0)
        gtk_widget_grab_focus(self->over_box);
}

static void show_mode(AaPage *self, const char *mode)
{
    gboolean changed = g_strcmp0(self->mode, mode) != 0;
    self->mode = mode;
    /* GTK 4.8 keeps the buttons of hidden stack pages in the accessibility tree as visible:
     * hide every page but the shown one. */
    lp_a11y_stack_show_only(self->action_stack,
                            gtk_stack_get_child_by_name(self->action_stack, mode));
    if (changed)
        focus_mode(self);
}

/* Several model signals come with each action: redraw once, before the next frame. */
static gboolean refresh_idle(gpointer data)
{
    AaPage *self = data;
    self->refresh_id = 0;
    refresh(self);
    return G_SOURCE_REMOVE;
}

static void update_view(AaPage *self)
{
    if (self->refresh_id == 0)
        self->refresh_id = g_idle_add_full(G_PRIORITY_HIGH_IDLE, refresh_idle, self, NULL);
}

/* Privacy: cover before a human acts; nothing private while a computer acts. */
static void update_privacy(AaPage *self, int cur)
{
    LpPrivacyScreen *privacy = privacy_of(self);
    if (privacy == NULL)
        return;
    if (seat_local(self, cur) && self->revealed_for != cur) {
        if (self->covered_for != cur || !lp_privacy_screen_is_covered(privacy)) {
            g_autofree char *msg = step_prompt(self, cur, TRUE);
            self->covered_for = cur;
            lp_privacy_screen_cover(privacy, seat_name(self, cur), msg);
        }
    } else if (!seat_local(self, cur)) {
        self->revealed_for = -1;
        self->covered_for = -1;
        if (lp_privacy_screen_is_covered(privacy))
            lp_privacy_screen_uncover(privacy);
    }
}

/* What every mode shows: the status line, the routes, the counter and the scoreboard. */
static void update_table(AaPage *self, int view, int cur)
{
    AaGame *game = game_of(self);
    gboolean over = aa_game_get_phase(game) == AA_PHASE_OVER;
    g_autofree char *status = NULL;
    if (over)
        status = g_strdup(_("The journey is over after five stages."));
    else
        /* Translators: stage number, the goal of the counter, the start card holder. */
        status = g_strdup_printf(_("Stage %u of 5 · the stage ends at %d km · start card: %s"),
                                 aa_game_get_stage(game), aa_game_get_goal(game),
                                 seat_name(self, aa_game_get_start_seat(game)));
    gtk_label_set_text(self->status_label, status);

    /* At a scoring the routes turn over one by one; before, only the viewer's own is up. */
    gboolean table_scoring = self->scoring || over;
    for (guint s = 0; s < n_seats(self); s++) {
        AaRouteRow *row = self->rows->pdata[s];
        gboolean shown = table_scoring && reveal_position(self, s) < self->revealed_routes;
        aa_route_row_update(row, view, shown || (view >= 0 && (guint)view == s), shown);
        if ((int)s == cur)
            gtk_widget_add_css_class(GTK_WIDGET(row), "aa-current");
        else
            gtk_widget_remove_css_class(GTK_WIDGET(row), "aa-current");
    }
    aa_counter_update(self->counter, view);
    update_scoreboard(self);
    /* At the end the kilometres per stage come first, in view on a small screen; the last
     * stage's counter is no longer news. */
    if (over)
        gtk_box_reorder_child_after(GTK_BOX(self->side_box), GTK_WIDGET(self->counter),
                                    self->score_box);
    else
        gtk_box_reorder_child_after(GTK_BOX(self->side_box), self->score_box,
                                    GTK_WIDGET(self->counter));

    /* Continue only once every route is turned over (issue 10); on a joiner's screen never:
     * only the host deals the next stage. */
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.continue",
                                  self->scoring && !over && !is_mirror(self) &&
                                      self->revealed_routes >= n_seats(self));
    if (table_scoring) {
        /* No hand below a scoring: nothing to pick, nothing hidden left on a stack page. */
        aa_hand_set_cards(self->hand, NULL, 0, FALSE);
        gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play", FALSE);
    }
}

/* Mode "over": the final ranking. */
static void update_over(AaPage *self)
{
    update_ranking(self);
    show_mode(self, "over");
    lp_game_page_set_finished(LP_GAME_PAGE(self), TRUE);
}

/* Mode "scoring": a stage's routes are turned over; Continue deals the next stage. */
static void update_scoring(AaPage *self)
{
    AaGame *game = game_of(self);
    g_autofree char *total = aa_counter_format_km(aa_game_get_total(game));
    g_autofree char *text = g_strdup_printf(
        _("Stage %u is over: the counter reached %s of %d km. Routes are turned over; "
          "only the part after the last break counts."),
        aa_game_get_n_scored(game), total, aa_game_get_goal(game));
    gtk_label_set_text(self->scoring_label, text);
    gtk_widget_set_visible(self->continue_button, !is_mirror(self));
    gtk_widget_set_visible(GTK_WIDGET(self->host_deals_label), is_mirror(self));
    show_mode(self, "scoring");
}

/* Mode "hand": the viewer's own cards, playable when it is their step, and what the table
 * waits for. */
static void update_hand(AaPage *self, int view, int cur)
{
    AaGame *game = game_of(self);
    AaStep step = aa_game_get_step(game);
    gboolean my_turn = view >= 0 && cur == view && step != AA_STEP_NONE;
    GArray *cards = NULL;
    if (view >= 0 && aa_game_get_hand(game, view, view, &cards)) {
        aa_hand_set_cards(self->hand, cards, 0, my_turn);
        g_autofree char *label = g_strdup_printf(_("Hand of %s"), seat_name(self, view));
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->hand),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    } else {
        guint count = cur >= 0 ? aa_game_get_hand_size(game, cur) : 0;
        aa_hand_set_cards(self->hand, NULL, count, FALSE);
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->hand),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hand"), -1);
    }
    g_autofree char *prompt = NULL;
    gboolean busy = FALSE;
    if (my_turn) {
        prompt = step_prompt(self, view, FALSE);
    } else if (seat_elsewhere(self, cur)) {
        /* Translators: a person plays on another device; the game waits for their card. */
        prompt = g_strdup_printf(_("Waiting for %s…"), seat_name(self, cur));
        busy = TRUE;
    } else if (cur >= 0) {
        prompt = g_strdup_printf(_("%s is choosing…"), seat_name(self, cur));
        busy = TRUE;
    } else if (aa_game_get_phase(game) == AA_PHASE_RESOLVE) {
        prompt = g_strdup(_("Turning over the kilometre counter, top card first…"));
        busy = TRUE;
    } else {
        prompt = g_strdup("");
    }
    gtk_label_set_text(self->prompt_label, prompt);
    gtk_spinner_set_spinning(self->spinner, busy);
    gtk_widget_set_visible(GTK_WIDGET(self->spinner), busy);
    gtk_button_set_label(GTK_BUTTON(self->play_button),
                         step == AA_STEP_COUNTER ? _("Put on Counter") : _("Add to Route"));
    gtk_widget_set_visible(self->play_button, my_turn);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play",
                                  my_turn && aa_hand_get_selected(self->hand) >= 0);
    show_mode(self, "hand");
    /* Keyboard play: after a move or a reveal the focus goes back into the new hand. */
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    gboolean lost = root != NULL && gtk_root_get_focus(root) == NULL;
    if (my_turn && (self->focus_hand || lost) && root != NULL &&
        gtk_widget_get_mapped(GTK_WIDGET(self))) {
        self->focus_hand = FALSE;
        aa_hand_focus_selected(self->hand);
    }
}

static void refresh(AaPage *self)
{
    g_clear_handle_id(&self->refresh_id, g_source_remove);
    int cur = lp_game_get_current_seat(LP_GAME(game_of(self)));
    update_privacy(self, cur);
    int view = viewer(self);
    update_table(self, view, cur);
    /* The ranking names the winner: not before the last route is turned over. */
    if (aa_game_get_phase(game_of(self)) == AA_PHASE_OVER &&
        self->revealed_routes < n_seats(self))
        update_scoring(self);
    else if (aa_game_get_phase(game_of(self)) == AA_PHASE_OVER)
        update_over(self);
    else if (self->scoring)
        update_scoring(self);
    else
        update_hand(self, view, cur);
}

/* ---- scoring ---- */

static void arm_auto_continue(AaPage *self);

static gboolean reveal_next(gpointer data)
{
    AaPage *self = data;
    self->revealed_routes++;
    update_view(self);
    if (self->revealed_routes >= n_seats(self)) {
        self->reveal_timer = 0;
        arm_auto_continue(self);
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/* Turn the remaining routes over one per pace step, or all at once when animations are off. */
static void schedule_reveal(AaPage *self)
{
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    guint ms = reveal_ms(self);
    if (ms > 0 && self->revealed_routes < n_seats(self))
        self->reveal_timer = g_timeout_add(ms, reveal_next, self);
    else
        self->revealed_routes = n_seats(self);
    update_view(self);
    arm_auto_continue(self);
}

static void start_scoring(AaPage *self, gboolean animate)
{
    /* The driver waits while people read a scoring, until Continue. */
    if (aa_game_get_phase(game_of(self)) == AA_PHASE_STAGE_END && !self->scoring) {
        self->scoring = TRUE;
        lp_game_page_hold(LP_GAME_PAGE(self));
    }
    /* The rulebook: the start player turns over first, then clockwise. */
    self->revealed_routes = animate ? 0 : n_seats(self);
    schedule_reveal(self);
}

static void on_animation_speed(AaPage *self)
{
    /* A scoring being turned over goes on at the new pace (or at once, when turned off). */
    if (self->reveal_timer != 0)
        schedule_reveal(self);
}

static void on_stage_ended(AaPage *self, guint stage)
{
    start_scoring(self, TRUE);
}

/* Leave the scoring: the driver deals the next stage (aa_game_continue, the game's own
 * step). A mirror cannot deal: its page leaves the scoring when the host's next view comes,
 * on a new page, so it keeps showing the scoring until then. */
static void continue_now(AaPage *self)
{
    if (!self->scoring || is_mirror(self))
        return;
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    g_clear_handle_id(&self->continue_timer, g_source_remove);
    self->scoring = FALSE;
    self->revealed_routes = 0;
    update_view(self);
    lp_game_page_release(LP_GAME_PAGE(self));
}

static void continue_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    continue_now(AA_PAGE(widget));
}

static gboolean auto_continue_timeout(gpointer data)
{
    AaPage *self = data;
    self->continue_timer = 0;
    continue_now(self);
    return G_SOURCE_REMOVE;
}

/* Issue 31: when every person plays on another device, nobody at the host's screen presses
 * Continue and the remote seats cannot (only the host deals): once every route is turned
 * over, everybody gets the reading pause, then the next stage is dealt. A person here
 * still decides when to go on, as before. */
static void arm_auto_continue(AaPage *self)
{
    LpGame *game = LP_GAME(game_of(self));
    if (!self->scoring || self->revealed_routes < n_seats(self) || self->continue_timer != 0 ||
        lp_game_is_mirror(game) || lp_game_count_local_people(game) > 0)
        return;
    guint ms = lp_settings_get_pace_ms(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                                       LP_PACE_READING);
    self->continue_timer = g_timeout_add(ms, auto_continue_timeout, self);
}

/* ---- moves ---- */

static void play_card(AaPage *self, guint card)
{
    AaGame *game = game_of(self);
    int view = viewer(self);
    if (view < 0 || lp_game_get_current_seat(LP_GAME(game)) != view)
        return;
    g_autoptr(GError) error = NULL;
    /* The card's button goes when the hand is dealt again: the focus waits on the hand's
     * pane, not on whatever GTK finds next (the header's Back, issue 10). */
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (focus == NULL || gtk_widget_is_ancestor(focus, self->hand_box))
        gtk_widget_grab_focus(self->hand_box);
    /* A game played from another device only asks its host (issue 31): once per view, so
     * that a double click does not ask twice; the host's next view is a new page. */
    if (is_mirror(self) && self->asked)
        return;
    gboolean ok = aa_game_get_step(game) == AA_STEP_COUNTER
                      ? aa_game_play_counter(game, view, card, &error)
                      : aa_game_play_route(game, view, card, &error);
    if (ok && is_mirror(self))
        self->asked = TRUE;
    set_note(self, ok ? NULL : error->message);
    self->focus_hand = ok;
    lp_driver_kick(lp_game_page_get_driver(LP_GAME_PAGE(self)));
}

static void play_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    AaPage *self = AA_PAGE(widget);
    int card = aa_hand_get_selected(self->hand);
    if (card >= 0)
        play_card(self, card);
}

static void select_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    AaPage *self = AA_PAGE(widget);
    aa_hand_select_index(self->hand, g_variant_get_int32(param));
}

static void on_card_activated(AaPage *self, guint card)
{
    play_card(self, card);
}

static void on_selection_changed(AaPage *self)
{
    int view = viewer(self);
    gboolean my_turn = view >= 0 && lp_game_get_current_seat(LP_GAME(game_of(self))) == view;
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play",
                                  my_turn && aa_hand_get_selected(self->hand) >= 0);
}

static void aa_page_revealed(LpGamePage *page)
{
    AaPage *self = AA_PAGE(page);
    int cur = lp_game_get_current_seat(LP_GAME(game_of(self)));
    /* Only the human the screen was passed to gets to see their cards. */
    if (!seat_local(self, cur) || cur != self->covered_for)
        return;
    self->revealed_for = cur;
    self->covered_for = -1;
    self->focus_hand = TRUE;
    refresh(self);
}

/* Routes are being turned over, or lie open at the end. */
static gboolean table_scoring(AaPage *self)
{
    return self->scoring || aa_game_get_phase(game_of(self)) == AA_PHASE_OVER;
}

/* Issue 31: a joiner's window puts up a new page over a new mirror for every view. The base
 * carried the focus over; this carries what only the page knows: the card the person picked
 * and has not played yet, whether the focus goes back into the hand when their turn comes,
 * and a stage scoring being turned over (it goes on where it was; one that this very view
 * brings is turned over in order, as at the host, not shown all at once). */
static void aa_page_carry_over(LpGamePage *page, LpGamePage *previous)
{
    AaPage *self = AA_PAGE(page);
    AaPage *prev = AA_PAGE(previous);
    self->focus_hand = prev->focus_hand;

    int card = aa_hand_get_selected(prev->hand);
    if (card >= 0 && aa_hand_select_card(self->hand, (guint)card)) {
        GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
        GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
        if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(self->hand)))
            aa_hand_focus_selected(self->hand);
    }

    if (table_scoring(self)) {
        gboolean same = table_scoring(prev) &&
                        aa_game_get_n_scored(game_of(prev)) == aa_game_get_n_scored(game_of(self));
        self->revealed_routes = same ? prev->revealed_routes : 0;
        schedule_reveal(self);
        refresh(self);
    }
    /* The page was made away from the window: what show_mode does when a scoring or the end
     * comes on screen, it does now that it is there. */
    if (g_strcmp0(prev->mode, self->mode) != 0)
        focus_mode(self);
}

/* ---- object ---- */

static void aa_page_dispose(GObject *object)
{
    AaPage *self = AA_PAGE(object);
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    g_clear_handle_id(&self->continue_timer, g_source_remove);
    g_clear_handle_id(&self->refresh_id, g_source_remove);
    if (self->seat_css != NULL)
        gtk_style_context_remove_provider_for_display(gtk_widget_get_display(GTK_WIDGET(self)),
                                                      GTK_STYLE_PROVIDER(self->seat_css));
    g_clear_object(&self->seat_css);
    gtk_widget_dispose_template(GTK_WIDGET(self), AA_TYPE_PAGE);
    g_clear_pointer(&self->rows, g_ptr_array_unref);
    g_clear_object(&self->name_group);
    G_OBJECT_CLASS(aa_page_parent_class)->dispose(object);
}

static void aa_page_constructed(GObject *object);

static void aa_page_class_init(AaPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = aa_page_dispose;
    object_class->constructed = aa_page_constructed;

    LpGamePageClass *page_class = LP_GAME_PAGE_CLASS(klass);
    page_class->game_type = AA_TYPE_GAME;
    page_class->picture = "/io/github/landpartie/Landpartie/app/tile-aufachse.svg";
    page_class->howto = &aa_howto;
    page_class->css_resource = "/io/github/landpartie/Landpartie/aufachse/aa-page.css";
    page_class->revealed = aa_page_revealed;
    page_class->carry_over = aa_page_carry_over;

    g_type_ensure(AA_TYPE_HAND);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/landpartie/Landpartie/ui/aa-page.ui");
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_bind_template_child(widget_class, AaPage, status_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, routes_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, side_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, score_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, score_grid);
    gtk_widget_class_bind_template_child(widget_class, AaPage, action_stack);
    gtk_widget_class_bind_template_child(widget_class, AaPage, hand_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, scoring_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, spinner);
    gtk_widget_class_bind_template_child(widget_class, AaPage, prompt_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, play_button);
    gtk_widget_class_bind_template_child(widget_class, AaPage, note_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, hand);
    gtk_widget_class_bind_template_child(widget_class, AaPage, scoring_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, continue_button);
    gtk_widget_class_bind_template_child(widget_class, AaPage, host_deals_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, over_title);
    gtk_widget_class_bind_template_child(widget_class, AaPage, ranking_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, over_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, back_button);

    gtk_widget_class_install_action(widget_class, "aa.play", NULL, play_activated);
    gtk_widget_class_install_action(widget_class, "aa.continue", NULL, continue_activated);
    gtk_widget_class_install_action(widget_class, "aa.select", "i", select_activated);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                        "aa.play", NULL);
    /* Digits 1…9 and 0 pick the first to tenth card of the hand. */
    for (int i = 0; i < 10; i++)
        gtk_widget_class_add_binding_action(widget_class, GDK_KEY_1 + i, 0, "aa.select", "i",
                                            i);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_0, 0, "aa.select", "i", 9);
    gtk_widget_class_set_css_name(widget_class, "aa-page");
}

static void aa_page_init(AaPage *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->revealed_for = -1;
    self->covered_for = -1;
    self->rows = g_ptr_array_new();
    self->name_group = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->continue_button));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->back_button));
    g_signal_connect_swapped(self->hand, "card-activated", G_CALLBACK(on_card_activated), self);
    g_signal_connect_swapped(self->hand, "selection-changed", G_CALLBACK(on_selection_changed),
                             self);

    /* The model's signals; the group follows the game the base class is given. */
    GSignalGroup *game = lp_game_page_get_game_signals(LP_GAME_PAGE(self));
    /* The counter's log is the model's: a redraw shows what it holds. */
    const char *updates[] = {"turn-started", "route-played", "hands-refilled", "card-resolved",
                             "counter-played", "notify::phase", "route-discarded",
                             "stage-started"};
    for (guint k = 0; k < G_N_ELEMENTS(updates); k++)
        g_signal_group_connect_swapped(game, updates[k], G_CALLBACK(update_view), self);
    g_signal_group_connect_swapped(game, "stage-ended", G_CALLBACK(on_stage_ended), self);
}

/* The seats' colours as stripes on pile cards: made per game, as the players' colours are
 * (route rows draw their stripe themselves, aa-route-row.c). */
static void add_seat_colours(AaPage *self)
{
    GString *css = g_string_new(NULL);
    for (guint s = 0; s < n_seats(self); s++) {
        const char *colour = lp_player_get_colour(player_of(self, s));
        g_string_append_printf(css,
                               ".aa-pile-card.aa-seat-%u { border-bottom-color: %s; }\n",
                               s, colour);
    }
    self->seat_css = gtk_css_provider_new();
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(self->seat_css, css->str);
#else
    gtk_css_provider_load_from_data(self->seat_css, css->str, -1);
#endif
    gtk_style_context_add_provider_for_display(gtk_widget_get_display(GTK_WIDGET(self)),
                                               GTK_STYLE_PROVIDER(self->seat_css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
    g_string_free(css, TRUE);
}

GtkWidget *aa_page_new(AaGame *game, LpDriver *driver)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    g_return_val_if_fail(LP_IS_DRIVER(driver), NULL);
    return lp_game_page_new(AA_TYPE_PAGE, LP_GAME(game), driver, NULL);
}

static void aa_page_constructed(GObject *object)
{
    AaPage *self = AA_PAGE(object);
    G_OBJECT_CLASS(aa_page_parent_class)->constructed(object);
    AaGame *game = game_of(self);

    add_seat_colours(self);
    lp_where_button_add_after(self->back_button, LP_GAME(game));
    for (guint s = 0; s < n_seats(self); s++) {
        GtkWidget *row = aa_route_row_new(game, s);
        aa_route_row_set_name_group(AA_ROUTE_ROW(row), self->name_group);
        gtk_box_append(GTK_BOX(self->routes_box), row);
        g_ptr_array_add(self->rows, row);
    }
    self->counter = AA_COUNTER(aa_counter_new(game));
    /* Learn to Play points at it (issue 33: data/lessons/aufachse.json). */
    gtk_widget_set_name(GTK_WIDGET(self->counter), "counter");
    gtk_box_prepend(GTK_BOX(self->side_box), GTK_WIDGET(self->counter));
    g_signal_connect_object(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                            "notify::animation-speed", G_CALLBACK(on_animation_speed), self,
                            G_CONNECT_SWAPPED);

    /* The first human to play finds the focus in their hand once the page shows (not on
     * whatever the window's focus fell back to when the start page went). */
    self->focus_hand = TRUE;
    g_signal_connect(self, "map", G_CALLBACK(update_view), NULL);
    /* A save taken at a stage end resumes with the scoring on screen. */
    if (aa_game_get_phase(game) == AA_PHASE_STAGE_END ||
        aa_game_get_phase(game) == AA_PHASE_OVER)
        start_scoring(self, FALSE);
    refresh(self);
    lp_driver_kick(lp_game_page_get_driver(LP_GAME_PAGE(self)));
}

AaGame *aa_page_get_game(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), NULL);
    return game_of(self);
}

const char *aa_page_get_mode(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), NULL);
    return self->mode;
}

int aa_page_get_viewer(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), LP_VIEWER_ONLOOKER);
    return viewer(self);
}
