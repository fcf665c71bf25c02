/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Auf Achse page: routes, the kilometre counter, the scoreboard and the hand; turns
 * picks into moves and holds the driver while a stage scoring is shown. */
#include "config.h"

#include "aa-page.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"
#include "aa-counter.h"
#include "aa-hand.h"
#include "aa-route-row.h"
#include "lp-a11y.h"
#include "lp-privacy-screen.h"

struct _AaPage {
    GtkWidget parent_instance;

    AaGame *game;
    LpDriver *driver;
    GSettings *settings;
    GtkCssProvider *seat_css;
    LpPrivacyScreen *privacy;
    gulong handlers[12];
    gulong settings_handler;

    GtkWidget *content;
    GtkLabel *status_label;
    GtkWidget *routes_box;
    GtkWidget *side_box;
    GtkGrid *score_grid;
    GtkStack *action_stack;
    GtkSpinner *spinner;
    GtkLabel *prompt_label;
    GtkWidget *play_button;
    GtkLabel *note_label;
    AaHand *hand;
    GtkLabel *scoring_label;
    GtkWidget *continue_button;
    GtkLabel *over_title;
    GtkWidget *ranking_box;
    GtkWidget *again_button;
    GtkWidget *back_button;
    AaCounter *counter;
    GPtrArray *rows;

    int revealed_for;        /* the human the privacy screen was lifted for, or -1 */
    int covered_for;         /* the human the cover currently waits for, or -1 */
    int turned;              /* the card turned over last on the counter, or -1 */
    gboolean scoring;        /* a stage scoring is on screen */
    guint revealed_routes;   /* routes turned over so far in that scoring */
    guint reveal_timer;
    guint refresh_id;
    gboolean holding;
    gboolean focus_hand;     /* move the keyboard focus into the hand at the next refresh */
    const char *mode;
};

G_DEFINE_FINAL_TYPE(AaPage, aa_page, LP_TYPE_GAME_PAGE)

static void update_view(AaPage *self);
static void refresh(AaPage *self);

/* ---- helpers ---- */

static LpPlayer *player_of(AaPage *self, guint seat)
{
    return lp_game_get_player(LP_GAME(self->game), seat);
}

static const char *seat_name(AaPage *self, guint seat)
{
    return lp_player_get_name(player_of(self, seat));
}

static gboolean seat_human(AaPage *self, int seat)
{
    return seat >= 0 && lp_player_is_human(player_of(self, seat));
}

static guint n_seats(AaPage *self)
{
    return lp_game_get_n_players(LP_GAME(self->game));
}

static void hold(AaPage *self)
{
    if (self->holding)
        return;
    self->holding = TRUE;
    lp_driver_hold(self->driver);
}

static void release(AaPage *self)
{
    if (!self->holding)
        return;
    self->holding = FALSE;
    lp_driver_release(self->driver);
}

/* Milliseconds per computer step and per route turned over at a scoring. */
static guint step_ms(AaPage *self)
{
    g_autofree char *speed = g_settings_get_string(self->settings, "animation-speed");
    if (g_strcmp0(speed, "off") == 0)
        return 0;
    if (g_strcmp0(speed, "slow") == 0)
        return 1600;
    if (g_strcmp0(speed, "fast") == 0)
        return 450;
    return 900;
}

static void on_speed_changed(AaPage *self)
{
    lp_driver_set_delay(self->driver, step_ms(self));
}

static void set_note(AaPage *self, const char *note)
{
    gtk_label_set_text(self->note_label, note != NULL ? note : "");
    gtk_widget_set_visible(GTK_WIDGET(self->note_label), note != NULL);
}

/* RULES.md hidden information: whose hand and route may be on screen now. */
static int viewer(AaPage *self)
{
    guint humans = lp_players_count_humans(lp_game_get_players(LP_GAME(self->game)));
    if (humans == 0)
        return -1;
    if (self->privacy == NULL) {
        for (guint s = 0; s < n_seats(self); s++) {
            if (seat_human(self, s))
                return s;
        }
    }
    if (self->privacy != NULL && lp_privacy_screen_is_covered(self->privacy))
        return -1;
    return self->revealed_for;
}

/* The order routes are turned over at a stage end: the start player first. */
static guint reveal_position(AaPage *self, guint seat)
{
    guint start = aa_game_get_start_seat(self->game);
    return (seat + n_seats(self) - start) % n_seats(self);
}

static char *step_prompt(AaPage *self, guint seat, gboolean for_cover)
{
    AaStep step = aa_game_get_step(self->game);
    guint left = aa_game_get_extra_left(self->game, seat);
    int action = aa_game_get_action(self->game);
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
    guint scored = aa_game_get_n_scored(self->game);
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
    g_autoptr(GArray) winners = aa_game_get_winners(self->game);
    for (guint s = 0; s < n; s++) {
        GtkWidget *name = gtk_label_new(seat_name(self, s));
        gtk_label_set_xalign(GTK_LABEL(name), 0);
        gtk_label_set_ellipsize(GTK_LABEL(name), PANGO_ELLIPSIZE_END);
        gtk_label_set_max_width_chars(GTK_LABEL(name), 12);
        gtk_grid_attach(self->score_grid, name, 0, s + 1, 1, 1);
        GString *spoken = g_string_new(NULL);
        for (guint st = 1; st <= AA_N_STAGES; st++) {
            g_autofree char *v = st <= scored
                ? g_strdup_printf("%d", aa_game_get_stage_score(self->game, st, s))
                : g_strdup("–");
            GtkWidget *cell = gtk_label_new(v);
            gtk_label_set_xalign(GTK_LABEL(cell), 1);
            gtk_grid_attach(self->score_grid, cell, st, s + 1, 1, 1);
            if (st <= scored)
                g_string_append_printf(spoken, _("stage %u: %s km; "), st, v);
        }
        int total = aa_game_get_total_score(self->game, s);
        g_autofree char *t = g_strdup_printf("%d", total);
        GtkWidget *cell = gtk_label_new(t);
        gtk_label_set_xalign(GTK_LABEL(cell), 1);
        gtk_widget_add_css_class(cell, "heading");
        gtk_grid_attach(self->score_grid, cell, AA_N_STAGES + 1, s + 1, 1, 1);
        g_autofree char *row_label = g_strdup_printf(_("%s: %stotal %d km"), seat_name(self, s),
                                                     spoken->str, total);
        gtk_accessible_update_property(GTK_ACCESSIBLE(name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       row_label, -1);
        g_string_free(spoken, TRUE);
        for (guint i = 0; i < winners->len; i++) {
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
        for (guint j = i; j > 0 && aa_game_get_total_score(self->game, order[j]) >
                                       aa_game_get_total_score(self->game, order[j - 1]); j--) {
            guint t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    guint place = 0;
    int last = G_MININT;
    for (guint i = 0; i < n; i++) {
        int total = aa_game_get_total_score(self->game, order[i]);
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
    g_autoptr(GArray) winners = aa_game_get_winners(self->game);
    g_autofree char *title = NULL;
    if (winners->len == 1) {
        title = g_strdup_printf(_("%s drove the farthest and wins!"),
                                seat_name(self, g_array_index(winners, guint, 0)));
    } else {
        GString *names = g_string_new(NULL);
        for (guint i = 0; i < winners->len; i++) {
            if (i > 0)
                g_string_append(names, i + 1 == winners->len ? _(" and ") : ", ");
            g_string_append(names, seat_name(self, g_array_index(winners, guint, i)));
        }
        title = g_strdup_printf(_("%s share the win!"), names->str);
        g_string_free(names, TRUE);
    }
    gtk_label_set_text(self->over_title, title);
}

static void show_mode(AaPage *self, const char *mode)
{
    gboolean changed = g_strcmp0(self->mode, mode) != 0;
    self->mode = mode;
    /* GTK 4.8 keeps the buttons of hidden stack pages in the accessibility tree as visible:
     * hide every page but the shown one. */
    GtkWidget *shown = gtk_stack_get_child_by_name(self->action_stack, mode);
    gtk_widget_set_visible(shown, TRUE);
    gtk_stack_set_visible_child(self->action_stack, shown);
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(self->action_stack)); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        gtk_widget_set_visible(c, c == shown);
    if (!changed)
        return;
    if (g_str_equal(mode, "scoring"))
        gtk_widget_grab_focus(self->continue_button);
    else if (g_str_equal(mode, "over"))
        gtk_widget_grab_focus(self->again_button);
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

static void refresh(AaPage *self)
{
    g_clear_handle_id(&self->refresh_id, g_source_remove);
    AaPhase phase = aa_game_get_phase(self->game);
    int cur = lp_game_get_current_seat(LP_GAME(self->game));
    gboolean over = phase == AA_PHASE_OVER;

    /* Privacy: cover before a human acts; nothing private while a computer acts. */
    if (self->privacy != NULL) {
        if (seat_human(self, cur) && self->revealed_for != cur) {
            if (self->covered_for != cur || !lp_privacy_screen_is_covered(self->privacy)) {
                g_autofree char *msg = step_prompt(self, cur, TRUE);
                self->covered_for = cur;
                lp_privacy_screen_cover(self->privacy, seat_name(self, cur), msg);
            }
        } else if (!seat_human(self, cur)) {
            self->revealed_for = -1;
            self->covered_for = -1;
            if (lp_privacy_screen_is_covered(self->privacy))
                lp_privacy_screen_uncover(self->privacy);
        }
    }
    int view = viewer(self);

    /* Status line. */
    g_autofree char *status = NULL;
    if (over)
        status = g_strdup(_("The journey is over after five stages."));
    else
        /* Translators: stage number, the goal of the counter, the start card holder. */
        status = g_strdup_printf(_("Stage %u of 5 · the stage ends at %d km · start card: %s"),
                                 aa_game_get_stage(self->game), aa_game_get_goal(self->game),
                                 seat_name(self, aa_game_get_start_seat(self->game)));
    gtk_label_set_text(self->status_label, status);

    /* Routes. */
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
    aa_counter_update(self->counter, self->turned);
    update_scoreboard(self);

    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.continue", self->scoring && !over);
    if (over || self->scoring) {
        /* No hand below a scoring: nothing to pick, nothing hidden left on a stack page. */
        aa_hand_set_cards(self->hand, NULL, 0, FALSE);
        gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play", FALSE);
    }
    if (over) {
        update_ranking(self);
        show_mode(self, "over");
        return;
    }
    if (self->scoring) {
        int total = aa_game_get_total(self->game);
        g_autofree char *text = g_strdup_printf(
            _("Stage %u is over: the counter reached %d of %d km. Routes are turned over; "
              "only the part after the last break counts."),
            aa_game_get_n_scored(self->game), total, aa_game_get_goal(self->game));
        gtk_label_set_text(self->scoring_label, text);
        show_mode(self, "scoring");
        return;
    }

    /* The hand: the viewer's own cards, playable when it is their step. */
    gboolean my_turn = view >= 0 && cur == view && aa_game_get_step(self->game) != AA_STEP_NONE;
    GArray *cards = NULL;
    if (view >= 0 && aa_game_get_hand(self->game, view, view, &cards)) {
        aa_hand_set_cards(self->hand, cards, 0, my_turn);
        g_autofree char *label = g_strdup_printf(_("Hand of %s"), seat_name(self, view));
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->hand),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    } else {
        guint count = cur >= 0 ? aa_game_get_hand_size(self->game, cur) : 0;
        aa_hand_set_cards(self->hand, NULL, count, FALSE);
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->hand),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hand"), -1);
    }
    g_autofree char *prompt = NULL;
    gboolean busy = FALSE;
    if (my_turn) {
        prompt = step_prompt(self, view, FALSE);
    } else if (cur >= 0) {
        prompt = g_strdup_printf(_("%s is choosing…"), seat_name(self, cur));
        busy = TRUE;
    } else if (phase == AA_PHASE_RESOLVE) {
        prompt = g_strdup(_("Turning over the kilometre counter, top card first…"));
        busy = TRUE;
    } else {
        prompt = g_strdup("");
    }
    gtk_label_set_text(self->prompt_label, prompt);
    gtk_spinner_set_spinning(self->spinner, busy);
    gtk_widget_set_visible(GTK_WIDGET(self->spinner), busy);
    AaStep step = aa_game_get_step(self->game);
    gtk_button_set_label(GTK_BUTTON(self->play_button),
                         step == AA_STEP_COUNTER ? _("Put on Counter") : _("Add to Route"));
    gtk_widget_set_visible(self->play_button, my_turn);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play",
                                  my_turn && aa_hand_get_selected(self->hand) >= 0);
    show_mode(self, "hand");
    /* Keyboard play: after a move or a reveal the focus goes back into the new hand. */
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    gboolean lost = root != NULL && gtk_root_get_focus(root) == NULL;
    if (my_turn && (self->focus_hand || lost)) {
        self->focus_hand = FALSE;
        aa_hand_focus_selected(self->hand);
    }
}

/* ---- scoring ---- */

static gboolean reveal_next(gpointer data)
{
    AaPage *self = data;
    self->revealed_routes++;
    update_view(self);
    if (self->revealed_routes >= n_seats(self)) {
        self->reveal_timer = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static void start_scoring(AaPage *self, gboolean animate)
{
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    if (aa_game_get_phase(self->game) == AA_PHASE_STAGE_END) {
        self->scoring = TRUE;
        hold(self);
    }
    guint ms = step_ms(self);
    if (animate && ms > 0) {
        /* The rulebook: the start player turns over first, then clockwise. */
        self->revealed_routes = 0;
        self->reveal_timer = g_timeout_add(ms, reveal_next, self);
    } else {
        self->revealed_routes = n_seats(self);
    }
    update_view(self);
}

static void on_stage_ended(AaPage *self, guint stage)
{
    self->turned = -1;
    start_scoring(self, TRUE);
}

static void continue_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    AaPage *self = AA_PAGE(widget);
    if (!self->scoring)
        return;
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    self->scoring = FALSE;
    self->revealed_routes = 0;
    update_view(self);
    release(self);
}

/* ---- moves ---- */

static void play_card(AaPage *self, guint card)
{
    int view = viewer(self);
    if (view < 0 || lp_game_get_current_seat(LP_GAME(self->game)) != view)
        return;
    g_autoptr(GError) error = NULL;
    gboolean ok = aa_game_get_step(self->game) == AA_STEP_COUNTER
                      ? aa_game_play_counter(self->game, view, card, &error)
                      : aa_game_play_route(self->game, view, card, &error);
    set_note(self, ok ? NULL : error->message);
    self->focus_hand = ok;
    lp_driver_kick(self->driver);
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
    gboolean my_turn = view >= 0 && lp_game_get_current_seat(LP_GAME(self->game)) == view;
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "aa.play",
                                  my_turn && aa_hand_get_selected(self->hand) >= 0);
}

static void on_revealed(AaPage *self)
{
    int cur = lp_game_get_current_seat(LP_GAME(self->game));
    /* Only the human the screen was passed to gets to see their cards. */
    if (!seat_human(self, cur) || cur != self->covered_for)
        return;
    self->revealed_for = cur;
    self->covered_for = -1;
    self->focus_hand = TRUE;
    refresh(self);
}

static void on_card_resolved(AaPage *self, guint card, int total)
{
    self->turned = card;
    update_view(self);
}

static void on_counter_played(AaPage *self, guint seat)
{
    /* A new round's pile: the last round's turned card is no longer news. */
    if (aa_game_get_pile_size(self->game) == 1)
        self->turned = -1;
    update_view(self);
}

/* ---- object ---- */

static void aa_page_dispose(GObject *object)
{
    AaPage *self = AA_PAGE(object);
    g_clear_handle_id(&self->reveal_timer, g_source_remove);
    g_clear_handle_id(&self->refresh_id, g_source_remove);
    if (self->game != NULL) {
        for (guint i = 0; i < G_N_ELEMENTS(self->handlers); i++)
            g_clear_signal_handler(&self->handlers[i], self->game);
    }
    if (self->settings != NULL)
        g_clear_signal_handler(&self->settings_handler, self->settings);
    if (self->driver != NULL)
        release(self);
    if (self->seat_css != NULL && gdk_display_get_default() != NULL)
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(),
                                                      GTK_STYLE_PROVIDER(self->seat_css));
    g_clear_object(&self->seat_css);
    if (self->privacy != NULL) {
        gtk_widget_unparent(GTK_WIDGET(self->privacy));
        self->privacy = NULL;
        self->content = NULL;
    }
    gtk_widget_dispose_template(GTK_WIDGET(self), AA_TYPE_PAGE);
    g_clear_pointer(&self->rows, g_ptr_array_unref);
    g_clear_object(&self->settings);
    g_clear_object(&self->driver);
    g_clear_object(&self->game);
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

    g_type_ensure(AA_TYPE_HAND);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/landpartie/Landpartie/ui/aa-page.ui");
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_bind_template_child(widget_class, AaPage, content);
    gtk_widget_class_bind_template_child(widget_class, AaPage, status_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, routes_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, side_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, score_grid);
    gtk_widget_class_bind_template_child(widget_class, AaPage, action_stack);
    gtk_widget_class_bind_template_child(widget_class, AaPage, spinner);
    gtk_widget_class_bind_template_child(widget_class, AaPage, prompt_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, play_button);
    gtk_widget_class_bind_template_child(widget_class, AaPage, note_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, hand);
    gtk_widget_class_bind_template_child(widget_class, AaPage, scoring_label);
    gtk_widget_class_bind_template_child(widget_class, AaPage, continue_button);
    gtk_widget_class_bind_template_child(widget_class, AaPage, over_title);
    gtk_widget_class_bind_template_child(widget_class, AaPage, ranking_box);
    gtk_widget_class_bind_template_child(widget_class, AaPage, again_button);
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
    self->settings = g_settings_new(APP_ID);
    self->revealed_for = -1;
    self->covered_for = -1;
    self->turned = -1;
    self->rows = g_ptr_array_new();
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->continue_button));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->again_button));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->back_button));
    g_signal_connect_swapped(self->hand, "card-activated", G_CALLBACK(on_card_activated), self);
    g_signal_connect_swapped(self->hand, "selection-changed", G_CALLBACK(on_selection_changed),
                             self);
}

static void add_seat_colours(AaPage *self)
{
    if (gdk_display_get_default() == NULL)
        return;
    GString *css = g_string_new(NULL);
    for (guint s = 0; s < n_seats(self); s++) {
        const char *colour = lp_player_get_colour(player_of(self, s));
        g_string_append_printf(css,
                               "aa-route-row.aa-seat-%u { border-left-color: %s; }\n"
                               ".aa-pile-card.aa-seat-%u { border-bottom-color: %s; }\n",
                               s, colour, s, colour);
    }
    self->seat_css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(self->seat_css, css->str, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
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
    AaGame *game = AA_GAME(lp_game_page_get_game(LP_GAME_PAGE(self)));
    LpDriver *driver = lp_game_page_get_driver(LP_GAME_PAGE(self));
    self->game = g_object_ref(game);
    self->driver = g_object_ref(driver);

    /* RULES.md hidden information: hands and routes go behind a "Pass to" cover. */
    self->privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(self));
    if (self->privacy != NULL)
        g_signal_connect_swapped(self->privacy, "revealed", G_CALLBACK(on_revealed), self);

    add_seat_colours(self);
    for (guint s = 0; s < n_seats(self); s++) {
        GtkWidget *row = aa_route_row_new(game, s);
        gtk_box_append(GTK_BOX(self->routes_box), row);
        g_ptr_array_add(self->rows, row);
    }
    self->counter = AA_COUNTER(aa_counter_new(game));
    gtk_box_prepend(GTK_BOX(self->side_box), GTK_WIDGET(self->counter));

    guint i = 0;
    const char *updates[] = {"notify::phase", "turn-started", "route-played",
                             "route-discarded", "hands-refilled", "stage-started"};
    for (guint k = 0; k < G_N_ELEMENTS(updates); k++)
        self->handlers[i++] = g_signal_connect_swapped(game, updates[k],
                                                       G_CALLBACK(update_view), self);
    self->handlers[i++] = g_signal_connect_swapped(game, "card-resolved",
                                                   G_CALLBACK(on_card_resolved), self);
    self->handlers[i++] = g_signal_connect_swapped(game, "counter-played",
                                                   G_CALLBACK(on_counter_played), self);
    self->handlers[i++] = g_signal_connect_swapped(game, "stage-ended",
                                                   G_CALLBACK(on_stage_ended), self);
    g_assert(i <= G_N_ELEMENTS(self->handlers));
    self->settings_handler = g_signal_connect_swapped(self->settings,
                                                      "changed::animation-speed",
                                                      G_CALLBACK(on_speed_changed), self);
    on_speed_changed(self);

    /* A save taken at a stage end resumes with the scoring on screen. */
    if (aa_game_get_phase(game) == AA_PHASE_STAGE_END ||
        aa_game_get_phase(game) == AA_PHASE_OVER)
        start_scoring(self, FALSE);
    refresh(self);
    lp_driver_kick(driver);
}

AaGame *aa_page_get_game(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), NULL);
    return self->game;
}

const char *aa_page_get_mode(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), NULL);
    return self->mode;
}

int aa_page_get_viewer(AaPage *self)
{
    g_return_val_if_fail(AA_IS_PAGE(self), -1);
    return viewer(self);
}
