/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The page of a Finden Sie Minden game: the map board, a side panel that follows the phase
 * (choose, tip, scoring, final scoring, ranking), the players and the victory track. Views
 * redraw from the model; secrets (tips, solutions) are shown only as the rules allow. */
#include "config.h"

#include "minden-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-privacy-screen.h"
#include "lp-theme.h"
#include "lp-where-view.h"
#include "minden-board.h"
#include "minden-history.h"
#include "minden-labels.h"
#include "minden-table.h"
#include "minden-tip-board.h"
#include "minden-track.h"

typedef enum {
    SHOW_PHASE,  /* whatever the phase asks for */
    SHOW_SCORE,  /* one tip's scoring, until Continue */
    SHOW_FINAL,  /* one step of the final scoring, until Continue */
} Showing;

/* The game, the driver, the settings, the privacy screen and the holds are LpGamePage's;
 * the page keeps only what it shows and what a human is entering. */
struct _MindenPage {
    LpGamePage parent_instance;

    GtkWidget *track;

    /* Template children. */
    GtkWidget *content;
    GtkWidget *board;
    GtkWidget *side_scroller;
    GtkWidget *side;
    GtkWidget *round_label;
    GtkWidget *status_title;
    GtkWidget *status_detail;
    GtkWidget *side_stack;
    GtkWidget *offer_box;
    GtkWidget *choose_buttons;
    GtkWidget *swap_button;
    GtkWidget *tip_card_box;
    GtkWidget *tip_board;
    GtkWidget *wait_card_box;
    GtkWidget *score_card_box;
    GtkWidget *score_result;
    GtkWidget *score_fact;
    GtkWidget *continue_button;
    GtkWidget *final_moves;
    GtkWidget *final_continue_button;
    GtkWidget *ranking;
    GtkWidget *play_again_button;
    GtkWidget *players_box;
    GtkWidget *track_box;

    int selected_card;   /* the offered card a human chooser has picked, or -1 */
    int viewer;          /* the human whose tip is being entered now, or -1 */
    int covered_for;     /* whom the privacy screen waits for, or -1 */
    int tip_board_seat;  /* whose stones the tip board holds, or -1 */

    Showing showing;
    guint hold_timeout;  /* while a result is shown: the page holds the driver until then */
    GString *final_text;
    guint final_moves_count;
};

G_DEFINE_FINAL_TYPE(MindenPage, minden_page, LP_TYPE_GAME_PAGE)

static void update_view(MindenPage *self);

static MindenGame *game_of(MindenPage *self)
{
    return MINDEN_GAME(lp_game_page_get_game(LP_GAME_PAGE(self)));
}

/* NULL when at most one human plays. */
static LpPrivacyScreen *privacy_of(MindenPage *self)
{
    return lp_game_page_get_privacy_screen(LP_GAME_PAGE(self));
}

static const char *seat_name(MindenPage *self, guint seat)
{
    return lp_player_get_display_name(lp_game_get_player(LP_GAME(game_of(self)), seat));
}

static const char *seat_colour(MindenPage *self, guint seat)
{
    return lp_player_get_colour(lp_game_get_player(LP_GAME(game_of(self)), seat));
}

static void clear_box(GtkWidget *box)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(box)) != NULL)
        gtk_box_remove(GTK_BOX(box), child);
}

/* ---- cards ------------------------------------------------------------------------------ */

static char *card_accessible(const MindenCard *card)
{
    const char *name = minden_card_get_name(card);

    /* A whole sentence per colour (issue 13): no colour word put into a sentence. */
    switch (card->colour) {
    case MINDEN_YELLOW:
        /* Translators: a card for screen readers, e.g. "Hamburg, yellow card: big city". */
        return g_strdup_printf(_("%s, yellow card: big city"), name);
    case MINDEN_RED:
        return g_strdup_printf(_("%s, red card: city or town"), name);
    case MINDEN_BLUE:
        return g_strdup_printf(_("%s, blue card: water or landscape"), name);
    case MINDEN_PURPLE:
    default:
        return g_strdup_printf(_("%s, purple card: sight"), name);
    }
}

/* The task side (name and colour) or, with solution, also where it lies. */
static GtkWidget *card_widget(MindenPage *self, guint index, gboolean large, gboolean solution)
{
    MindenGame *game = game_of(self);
    const MindenCard *card = minden_deck_get_card(minden_game_get_deck(game), index);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    static const char *const classes[] = { "minden-yellow", "minden-red", "minden-blue",
                                           "minden-purple" };

    gtk_widget_add_css_class(box, "minden-card");
    gtk_widget_add_css_class(box, classes[card->colour]);
    if (large)
        gtk_widget_add_css_class(box, "large");

    g_autofree char *colour = g_strdup_printf("%s %s",
                                              minden_label_colour_symbol(card->colour),
                                              minden_label_card_kind(card->colour));
    GtkWidget *l = gtk_label_new(colour);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_widget_add_css_class(l, "minden-card-colour");
    gtk_box_append(GTK_BOX(box), l);

    l = gtk_label_new(minden_card_get_name(card));
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_widget_add_css_class(l, "minden-card-name");
    gtk_box_append(GTK_BOX(box), l);

    const MindenPoint *points = NULL;
    guint n_points = 0;
    if (solution &&
        minden_game_get_solutions(game, LP_VIEWER_ONLOOKER, index, &points, &n_points)) {
        g_autoptr(GString) s = g_string_new(NULL);
        if (minden_card_get_town(card) != NULL)
            /* Translators: where a sight stands, e.g. "in Cologne". */
            g_string_append_printf(s, _("in %s"), minden_card_get_town(card));
        gboolean coords = lp_settings_get_show_coordinates(
            lp_game_page_get_settings(LP_GAME_PAGE(self)));
        for (guint i = 0; i < n_points; i++) {
            MindenTip cell;
            minden_grid_locate(points[i].lat, points[i].lon, &cell);
            g_autofree char *cell_text = minden_label_tip(&cell);
            if (s->len > 0)
                g_string_append_c(s, '\n');
            if (coords) {
                g_autofree char *where = minden_label_coordinates(points[i].lat,
                                                                  points[i].lon);
                g_string_append_printf(s, "%s  →  %s", where, cell_text);
            } else
                g_string_append(s, cell_text);
        }
        l = gtk_label_new(s->str);
        gtk_label_set_xalign(GTK_LABEL(l), 0);
        gtk_label_set_wrap(GTK_LABEL(l), TRUE);
        gtk_box_append(GTK_BOX(box), l);
    }
    g_autofree char *acc = card_accessible(card);
    gtk_accessible_update_property(GTK_ACCESSIBLE(box), GTK_ACCESSIBLE_PROPERTY_LABEL, acc, -1);
    return box;
}

/* ---- players ---------------------------------------------------------------------------- */

static void update_players(MindenPage *self)
{
    MindenGame *game = game_of(self);
    guint n = lp_game_get_n_players(LP_GAME(game));
    guint n_colours = minden_game_get_purple(game) ? 4 : 3;
    int current = lp_game_get_current_seat(LP_GAME(game));
    MindenPhase phase = minden_game_get_phase(game);

    clear_box(self->players_box);
    for (guint i = 0; i < n; i++) {
        LpPlayer *p = lp_game_get_player(LP_GAME(game), i);
        g_autoptr(GString) s = g_string_new(NULL);
        guint nc = 0;
        const LpPlayerColour *palette = lp_player_colours(&nc);
        int ci = lp_player_colour_index(lp_player_get_colour(p));
        g_autofree char *name = g_markup_escape_text(lp_player_get_display_name(p), -1);

        g_autofree char *who = g_strdup_printf(
            "<span foreground=\"%s\">%s</span> %s", lp_player_get_colour(p),
            ci >= 0 && (guint) ci < nc ? palette[ci].symbol : "●", name);
        guint field = minden_game_get_position(game, i);
        /* Whole lines (issue 13); the name comes with its seat's symbol as markup. */
        if (lp_player_is_human(p))
            /* Translators: a player and their place on the victory track. */
            g_string_append_printf(s, _("%s — field %u"), who, field);
        else
            /* Translators: a computer player and its place on the victory track; keep the
             * <small> markup around the word for computer. */
            g_string_append_printf(s, _("%s <small>(computer)</small> — field %u"), who, field);
        /* The card chosen this round lies open in front of its player, as on the table. */
        int card = minden_game_get_seat_card(game, i);
        if (card >= 0) {
            const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), (guint) card);
            g_autofree char *cname = g_markup_escape_text(minden_card_get_name(c), -1);
            g_string_append_printf(s, "\n<span foreground=\"%s\">▌</span>%s <b>%s</b>",
                                   minden_colour_hex(c->colour),
                                   minden_label_colour_symbol(c->colour), cname);
        }
        g_string_append(s, "\n<small>");
        /* Kept cards as small stacks by colour, so majorities and sets can be followed. */
        for (guint c = 0; c < n_colours; c++) {
            guint k = minden_game_count_kept(game, i, (MindenColour) c);
            g_string_append_printf(s, "%s%s <span foreground=\"%s\">", c ? "  " : "",
                                   minden_label_colour_symbol((MindenColour) c),
                                   minden_colour_hex((MindenColour) c));
            for (guint j = 0; j < MIN(k, 6u); j++)
                g_string_append(s, "▮");
            g_string_append_printf(s, "</span>%s%u", k > 0 ? " " : "", k);
        }
        guint swaps = minden_game_get_swaps_left(game, i);
        g_autofree char *swaps_text = g_strdup_printf(
            ngettext("%u swap token", "%u swap tokens", swaps), swaps);
        g_string_append_printf(s, "   ·   %s", swaps_text);
        if (phase == MINDEN_PHASE_TIP && minden_game_has_tipped(game, i))
            g_string_append_printf(s, "   ·   %s", _("tip placed"));
        /* RULES.md: tips are revealed together when the scoring begins. The list is
         * public, so it shows what an onlooker may see. */
        MindenTip tip;
        gboolean tip_open = minden_game_get_tip(game, LP_VIEWER_ONLOOKER, i, &tip);
        if (tip_open) {
            g_autofree char *text = minden_label_tip(&tip);
            g_autofree char *line = g_strdup_printf(_("tip: %s"), text);
            /* Right and wrong only once scored, in words, symbols and colours; from the
             * model's history, so a continued game shows them too. */
            const MindenScoredTip *scored = minden_game_get_scored_tip(game, i);
            /* On a line of its own: the row stays narrow (issue 13). */
            g_string_append_printf(s, "\n<b>%s</b>", line);
            if (scored != NULL)
                g_string_append_printf(
                    s, "  <span foreground=\"%s\" weight=\"bold\">%s %s</span>",
                    minden_label_result_hex(scored->right,
                                            lp_theme_is_dark(self->players_box)),
                    scored->right ? "✔" : "✘",
                    /* Translators: a scored tip. */
                    scored->right ? _("right") : _("wrong"));
        }
        g_string_append(s, "</small>");

        GtkWidget *l = gtk_label_new(NULL);
        gtk_label_set_markup(GTK_LABEL(l), s->str);
        gtk_label_set_xalign(GTK_LABEL(l), 0);
        gtk_label_set_wrap(GTK_LABEL(l), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(l), PANGO_WRAP_WORD_CHAR);
        gtk_widget_add_css_class(l, "minden-player-row");
        if ((int) i == current)
            gtk_widget_add_css_class(l, "current");
        /* Kept cards and positions are public, tips are not. */
        char *acc = g_strdup_printf(
            _("%s: field %u, kept cards: %u yellow, %u red, %u blue, %u purple"),
            lp_player_get_display_name(p), minden_game_get_position(game, i),
            minden_game_count_kept(game, i, MINDEN_YELLOW),
            minden_game_count_kept(game, i, MINDEN_RED),
            minden_game_count_kept(game, i, MINDEN_BLUE),
            minden_game_count_kept(game, i, MINDEN_PURPLE));
        if (tip_open) {
            g_autofree char *text = minden_label_tip_long(&tip);
            g_autofree char *with_tip = g_strdup_printf(_("%s; tip: %s"), acc, text);
            g_free(acc);
            acc = g_steal_pointer(&with_tip);
        }
        gtk_accessible_update_property(GTK_ACCESSIBLE(l), GTK_ACCESSIBLE_PROPERTY_LABEL, acc,
                                       -1);
        /* The counts by colour in words for the pointer too (issue 36: "☼ 0 ⌂ 0 ≈ 0"). */
        gtk_widget_set_tooltip_text(l, acc);
        g_free(acc);
        gtk_box_append(GTK_BOX(self->players_box), l);
    }
}

/* ---- holding the driver while people read ---------------------------------------------- */

static gboolean is_holding(MindenPage *self)
{
    return lp_game_page_get_holds(LP_GAME_PAGE(self)) > 0;
}

static void continue_now(MindenPage *self)
{
    g_clear_handle_id(&self->hold_timeout, g_source_remove);
    self->showing = SHOW_PHASE;
    /* The solution and the tip stay on the map until the next round starts. */
    update_view(self);
    if (is_holding(self))
        lp_game_page_release(LP_GAME_PAGE(self));
}

static gboolean on_hold_timeout(gpointer data)
{
    MindenPage *self = data;

    self->hold_timeout = 0;
    continue_now(self);
    return G_SOURCE_REMOVE;
}

/* Everybody reads a result before play goes on: one hold, and a new result only restarts
 * the reading time. */
static void hold(MindenPage *self)
{
    LpSettings *settings = lp_game_page_get_settings(LP_GAME_PAGE(self));

    if (!is_holding(self))
        lp_game_page_hold(LP_GAME_PAGE(self));
    g_clear_handle_id(&self->hold_timeout, g_source_remove);
    self->hold_timeout = g_timeout_add(lp_settings_get_pace_ms(settings, LP_PACE_READING),
                                       on_hold_timeout, self);
}

/* ---- the phases ------------------------------------------------------------------------- */

static void set_status(MindenPage *self, const char *title, const char *detail)
{
    gtk_label_set_text(GTK_LABEL(self->status_title), title);
    gtk_label_set_text(GTK_LABEL(self->status_detail), detail != NULL ? detail : "");
    gtk_widget_set_visible(self->status_detail, detail != NULL && *detail != '\0');
}

/* A person at this screen (issue 31): a human seat that is not played on another device, and
 * on a joining window only its own seat. Decisions and secrets are offered to these alone. */
static gboolean seat_is_here(MindenPage *self, int seat)
{
    return seat >= 0 && lp_game_seat_is_local(LP_GAME(game_of(self)), (guint) seat);
}

/* A person who decides elsewhere: on another device, or at the host's screen as seen from a
 * joining window. Their decisions are waited for, never asked here. */
static gboolean seat_is_elsewhere(MindenPage *self, guint seat)
{
    LpGame *game = LP_GAME(game_of(self));
    return lp_player_is_human(lp_game_get_player(game, seat)) &&
           !lp_game_seat_is_local(game, seat);
}

/* Take and Swap, as far as the person choosing now may use them. */
static void enable_choice(MindenPage *self, gboolean human)
{
    MindenGame *game = game_of(self);
    int seat = lp_game_get_current_seat(LP_GAME(game));
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.take",
                                  human && self->selected_card >= 0);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.swap",
                                  human && self->selected_card >= 0 &&
                                      minden_game_get_swaps_left(game, (guint) seat) > 0 &&
                                      minden_game_get_draw_pile(game)->len > 0);
}

static void on_offer_toggled(GtkToggleButton *button, MindenPage *self)
{
    if (gtk_toggle_button_get_active(button)) {
        self->selected_card = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "card"));
        int seat = lp_game_get_current_seat(LP_GAME(game_of(self)));
        enable_choice(self, seat_is_here(self, seat));
    }
}

static void update_choose(MindenPage *self)
{
    MindenGame *game = game_of(self);
    int seat = lp_game_get_current_seat(LP_GAME(game));
    gboolean human = seat_is_here(self, seat);
    GArray *offer = minden_game_get_offer(game);
    GtkWidget *group = NULL;
    gboolean selected_ok = FALSE;

    for (guint i = 0; i < offer->len; i++)
        if ((int) g_array_index(offer, guint, i) == self->selected_card)
            selected_ok = TRUE;
    if (!selected_ok)
        self->selected_card = offer->len > 0 ? (int) g_array_index(offer, guint, 0) : -1;

    clear_box(self->offer_box);
    for (guint i = 0; i < offer->len; i++) {
        guint card = g_array_index(offer, guint, i);
        GtkWidget *b = gtk_toggle_button_new();
        gtk_widget_add_css_class(b, "minden-offer");
        gtk_button_set_child(GTK_BUTTON(b), card_widget(self, card, FALSE, FALSE));
        g_object_set_data(G_OBJECT(b), "card", GINT_TO_POINTER(card));
        if (group != NULL)
            gtk_toggle_button_set_group(GTK_TOGGLE_BUTTON(b), GTK_TOGGLE_BUTTON(group));
        else
            group = b;
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(b),
                                     human && (int) card == self->selected_card);
        g_signal_connect(b, "toggled", G_CALLBACK(on_offer_toggled), self);
        gtk_widget_set_sensitive(b, human);
        g_autofree char *acc = card_accessible(
            minden_deck_get_card(minden_game_get_deck(game), card));
        gtk_accessible_update_property(GTK_ACCESSIBLE(b), GTK_ACCESSIBLE_PROPERTY_LABEL, acc,
                                       -1);
        gtk_box_append(GTK_BOX(self->offer_box), b);
    }
    gtk_widget_set_visible(self->choose_buttons, human);
    if (human) {
        guint swaps = minden_game_get_swaps_left(game, (guint) seat);
        g_autofree char *swap = g_strdup_printf(
            ngettext("_Swap It (%u Token Left)", "_Swap It (%u Tokens Left)", swaps), swaps);
        gtk_button_set_label(GTK_BUTTON(self->swap_button), swap);
        lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->swap_button));
        g_autofree char *title = g_strdup_printf(_("%s, choose a card"), seat_name(self, seat));
        set_status(self, title,
                   offer->len > 1
                       ? _("Who is furthest back chooses first. Swapping puts the card and a "
                           "swap token out of the game; you get the top card of the pile.")
                       : _("The leader takes the last card, or swaps it."));
    } else if (seat >= 0 && seat_is_elsewhere(self, (guint) seat)) {
        /* Translators: a person who decides on another device; the others wait. */
        g_autofree char *title = g_strdup_printf(_("Waiting for %s…"), seat_name(self, seat));
        set_status(self, title, NULL);
    } else if (seat >= 0) {
        g_autofree char *title = g_strdup_printf(_("%s is choosing a card…"),
                                                 seat_name(self, seat));
        set_status(self, title, NULL);
    }
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "choose");
    enable_choice(self, human);
}

/* The next person at this screen who still has to tip, or -1. */
static int next_human_to_tip(MindenPage *self)
{
    MindenGame *game = game_of(self);
    guint n = lp_game_get_n_players(LP_GAME(game));
    for (guint i = 0; i < n; i++)
        if (seat_is_here(self, (int) i) && !minden_game_has_tipped(game, i))
            return (int) i;
    return -1;
}

/* The names of the people elsewhere who still have to tip ("Anna and Ben"), or NULL. */
static char *people_elsewhere_to_tip(MindenPage *self)
{
    MindenGame *game = game_of(self);
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_autoptr(GPtrArray) names = g_ptr_array_new();
    for (guint i = 0; i < n; i++)
        if (seat_is_elsewhere(self, i) && !minden_game_has_tipped(game, i))
            g_ptr_array_add(names, (gpointer) seat_name(self, i));
    if (names->len == 0)
        return NULL;
    return minden_label_join_names((const char *const *) names->pdata, names->len);
}

static void sync_board_tip(MindenPage *self)
{
    MindenTip tip;
    minden_tip_board_get_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
    minden_board_set_tip(MINDEN_BOARD(self->board), &tip,
                         self->viewer >= 0 ? seat_colour(self, (guint) self->viewer) : NULL);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.place-tip",
                                  self->viewer >= 0 && tip.n_stones > 0);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.remove-stone",
                                  self->viewer >= 0 && tip.n_stones > 0);
}

static void update_tip(MindenPage *self)
{
    MindenGame *game = game_of(self);
    int next = next_human_to_tip(self);

    if (next < 0) {
        self->viewer = -1;
        minden_board_set_interactive(MINDEN_BOARD(self->board), FALSE);
        /* One person at this screen (or a joining window's own seat) keeps their tip in
         * view while the others tip; between several people it is nobody else's to see. */
        MindenTip own = MINDEN_TIP_INIT;
        const char *own_colour = NULL;
        guint n = lp_game_get_n_players(LP_GAME(game));
        for (guint i = 0; i < n && privacy_of(self) == NULL && own_colour == NULL; i++)
            if (seat_is_here(self, (int) i) && minden_game_get_tip(game, (int) i, i, &own))
                own_colour = seat_colour(self, i);
        minden_board_set_tip(MINDEN_BOARD(self->board), own_colour != NULL ? &own : NULL,
                             own_colour);
        clear_box(self->wait_card_box);
        g_autofree char *elsewhere = people_elsewhere_to_tip(self);
        g_autofree char *waiting = elsewhere != NULL ? g_strdup_printf(_("Waiting for %s…"),
                                                                       elsewhere)
                                                     : NULL;
        set_status(self, waiting != NULL ? waiting : _("The computers are tipping…"),
                   _("All tips are revealed together at the scoring."));
        lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "wait");
        return;
    }
    LpPrivacyScreen *screen = privacy_of(self);
    if (screen != NULL && self->viewer != next) {
        /* RULES.md: with more than one human, each enters the tip on a privacy screen. */
        self->viewer = -1;
        minden_board_set_interactive(MINDEN_BOARD(self->board), FALSE);
        minden_board_set_tip(MINDEN_BOARD(self->board), NULL, NULL);
        if (self->covered_for != next || !lp_privacy_screen_is_covered(screen)) {
            self->covered_for = next;
            lp_privacy_screen_cover(screen, seat_name(self, next),
                                    _("Your turn to tip where your card lies. The others "
                                      "look away."));
        }
        return;
    }
    self->viewer = next;
    if (self->tip_board_seat != next) {
        self->tip_board_seat = next;
        minden_tip_board_set_tip(MINDEN_TIP_BOARD(self->tip_board), NULL);
    }
    int card = minden_game_get_seat_card(game, (guint) next);
    const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), (guint) card);
    minden_tip_board_set_colour(MINDEN_TIP_BOARD(self->tip_board), c->colour);
    clear_box(self->tip_card_box);
    gtk_box_append(GTK_BOX(self->tip_card_box), card_widget(self, (guint) card, TRUE, FALSE));
    g_autofree char *title = g_strdup_printf(_("%s, where is it?"), seat_name(self, next));
    set_status(self, title, _("Click the map for a full tip, or set fewer stones below."));
    minden_board_set_interactive(MINDEN_BOARD(self->board), TRUE);
    sync_board_tip(self);
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "tip");
}

/* The final scoring and the end are about the track: the last round's region and places
 * leave the map (issue 36). */
static void clear_map_marks(MindenPage *self)
{
    minden_board_set_solutions(MINDEN_BOARD(self->board), NULL, 0);
    minden_board_set_tip(MINDEN_BOARD(self->board), NULL, NULL);
}

static void update_over(MindenPage *self)
{
    MindenGame *game = game_of(self);
    clear_map_marks(self);
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_autoptr(GArray) order = minden_game_back_to_front(game);
    g_autoptr(GString) s = g_string_new(NULL);
    g_autoptr(GPtrArray) winners = g_ptr_array_new();
    guint best = 0;

    for (guint i = 0; i < n; i++)
        best = MAX(best, minden_game_get_position(game, i));
    for (guint i = 0; i < n; i++)
        if (minden_game_get_position(game, i) == best)
            g_ptr_array_add(winners, (gpointer) seat_name(self, i));
    /* Ranking from the front; figures on the same field share a rank. */
    guint rank = 0, prev = G_MAXUINT, shown = 0;
    for (int k = (int) order->len - 1; k >= 0; k--) {
        guint pos = minden_game_get_position(game, g_array_index(order, guint, k));
        if (pos == prev)
            continue;
        prev = pos;
        rank = shown + 1;
        /* The seats on this field, youngest first as the rules order ties. */
        for (guint j = 0; j < order->len; j++) {
            guint seat = g_array_index(order, guint, j);
            if (minden_game_get_position(game, seat) != pos)
                continue;
            g_autofree char *name = g_markup_escape_text(seat_name(self, seat), -1);
            g_autofree char *line = g_strdup_printf(_("%u. %s — field %u"), rank, name, pos);
            g_string_append_printf(s, "%s%s%s%s", s->len ? "\n" : "", pos == best ? "<b>" : "",
                                   line, pos == best ? "</b>" : "");
            shown++;
        }
    }
    gtk_label_set_markup(GTK_LABEL(self->ranking), s->str);
    g_autofree char *title = NULL;
    if (winners->len == 1) {
        title = g_strdup_printf(_("%s wins!"), (const char *) winners->pdata[0]);
    } else {
        g_autofree char *names = minden_label_join_names((const char *const *) winners->pdata,
                                                         winners->len);
        /* RULES.md: only figures that never left the start field can share the win. */
        title = g_strdup_printf(_("%s share the win!"), names);
    }
    set_status(self, title, _("The figure furthest ahead wins."));
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "over");
    lp_game_page_set_finished(LP_GAME_PAGE(self), TRUE);
}

/* What every mode shows: the round, the players, the track; actions off until the mode's
 * update enables its own. */
static void update_common(MindenPage *self)
{
    MindenGame *game = game_of(self);
    guint pile = minden_game_get_draw_pile(game)->len;
    g_autofree char *round = g_strdup_printf(ngettext("Round %u · %u card left in the pile",
                                                      "Round %u · %u cards left in the pile",
                                                      pile),
                                             minden_game_get_round(game), pile);

    gtk_label_set_text(GTK_LABEL(self->round_label), round);
    update_players(self);
    minden_track_refresh(MINDEN_TRACK(self->track));
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.continue",
                                  self->showing != SHOW_PHASE);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.take", FALSE);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.swap", FALSE);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.place-tip", FALSE);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.remove-stone", FALSE);
}

/* Outside the tip phase nobody enters stones and nothing is secret on the screen. */
static void leave_tipping(MindenPage *self)
{
    LpPrivacyScreen *screen = privacy_of(self);

    self->viewer = -1;
    self->tip_board_seat = -1;
    minden_board_set_interactive(MINDEN_BOARD(self->board), FALSE);
    if (screen != NULL && lp_privacy_screen_is_covered(screen))
        lp_privacy_screen_uncover(screen);
    self->covered_for = -1;
}

/* Reveal, scoring and final scoring between their shown steps: the game goes on by itself. */
static void update_waiting(MindenPage *self, const char *title, const char *detail)
{
    clear_box(self->wait_card_box);
    set_status(self, title, detail);
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "wait");
}

static void update_view(MindenPage *self)
{
    update_common(self);
    /* A shown score or final step stays until Continue or its reading time is over. */
    if (self->showing != SHOW_PHASE)
        return;

    MindenPhase phase = minden_game_get_phase(game_of(self));
    if (phase != MINDEN_PHASE_TIP)
        leave_tipping(self);
    switch (phase) {
    case MINDEN_PHASE_CHOOSE:
        update_choose(self);
        break;
    case MINDEN_PHASE_TIP:
        update_tip(self);
        break;
    case MINDEN_PHASE_REVEAL:
        update_waiting(self, _("A new round"),
                       _("As many cards are revealed as there are players."));
        break;
    case MINDEN_PHASE_SCORE:
        update_waiting(self, _("Scoring"), _("From the player furthest back to the leader."));
        break;
    case MINDEN_PHASE_FINAL:
        update_waiting(self, _("Final scoring"),
                       _("Majorities by colour, then complete sets: from the back to the "
                         "front."));
        break;
    case MINDEN_PHASE_OVER:
    default:
        update_over(self);
        break;
    }
}

/* ---- model signals ---------------------------------------------------------------------- */

static void on_changed(MindenPage *self)
{
    update_view(self);
}

/* A new round: last round's tip, solution, results and move leave the screen. */
static void on_round_started(MindenPage *self)
{
    clear_map_marks(self);
    minden_track_show_move(MINDEN_TRACK(self->track), -1, 0, 0);
    update_view(self);
}

/* Typing a tip (issue 12): W or E/O, then N/M/S, the sector number, then A–D; Backspace
 * takes the last stone off (a binding). Enter on an offered card takes it. */
static gboolean on_key_pressed(GtkEventControllerKey *key, guint keyval, guint keycode,
                               GdkModifierType state, MindenPage *self)
{
    if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
        return FALSE;
    MindenPhase phase = minden_game_get_phase(game_of(self));
    if (phase == MINDEN_PHASE_CHOOSE &&
        (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)) {
        GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(GTK_WIDGET(self)));
        GtkWidget *b = focus;
        while (b != NULL && !GTK_IS_TOGGLE_BUTTON(b))
            b = gtk_widget_get_parent(b);
        if (b == NULL || !gtk_widget_is_ancestor(b, self->offer_box))
            return FALSE;
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(b), TRUE);
        gtk_widget_activate_action(GTK_WIDGET(self), "minden.take", NULL);
        return TRUE;
    }
    if (phase != MINDEN_PHASE_TIP || self->viewer < 0)
        return FALSE;
    MindenTip tip;
    minden_tip_board_get_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
    guint32 c = g_unichar_toupper(gdk_keyval_to_unicode(keyval));
    if (c == 'W' || c == 'E' || c == 'O') {
        tip = (MindenTip) MINDEN_TIP_INIT;
        tip.n_stones = 1;
        tip.east_west = c == 'W' ? MINDEN_WEST : MINDEN_EAST;
    } else if ((c == 'N' || c == 'M' || c == 'S') && tip.n_stones >= 1) {
        tip.n_stones = 2;
        tip.band = c == 'N' ? MINDEN_NORTH : c == 'M' ? MINDEN_MIDDLE : MINDEN_SOUTH;
    } else if (c >= '0' && c <= '9' && tip.n_stones >= 2) {
        guint d = c - '0';
        guint max = minden_grid_n_sectors(tip.band);
        /* "1" then "5" is sector 15 where the area has one. */
        if (tip.n_stones == 3 && tip.sector == 1 && 10 + d <= max)
            tip.sector = (gint8) (10 + d);
        else if (d >= 1 && d <= max)
            tip.sector = (gint8) d;
        else
            return TRUE;
        tip.n_stones = 3;
    } else if (c >= 'A' && c <= 'D' && tip.n_stones >= 3) {
        tip.n_stones = 4;
        tip.section = (gint8) (c - 'A');
    } else {
        return FALSE;
    }
    minden_tip_board_set_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
    return TRUE;
}

static void on_card_chosen(MindenGame *game, guint seat, guint card, int swapped,
                           MindenPage *self)
{
    self->selected_card = -1;
    update_view(self);
    if (minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE ||
        minden_game_get_phase(game) == MINDEN_PHASE_TIP) {
        const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), card);
        g_autofree char *what = NULL;
        if (swapped >= 0) {
            const MindenCard *old = minden_deck_get_card(minden_game_get_deck(game),
                                                         (guint) swapped);
            what = g_strdup_printf(_("%s swapped %s for %s."), seat_name(self, seat),
                                   minden_card_get_name(old), minden_card_get_name(c));
        } else {
            what = g_strdup_printf(_("%s took %s."), seat_name(self, seat),
                                   minden_card_get_name(c));
        }
        if (!gtk_widget_get_visible(self->status_detail) ||
            minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE) {
            gtk_label_set_text(GTK_LABEL(self->status_detail), what);
            gtk_widget_set_visible(self->status_detail, TRUE);
        }
    }
}

/* One scored tip, until Continue or the reading time is over. The history holds nothing
 * secret: once scored, tip and solution are everybody's. */
static void show_scored(MindenPage *self, const MindenScoredTip *scored)
{
    MindenGame *game = game_of(self);
    guint seat = scored->seat, card = scored->card, from = scored->from, to = scored->to;
    gboolean right = scored->right, kept = scored->kept;
    const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), card);
    const MindenPoint *solutions;
    guint n_solutions;
    MindenTip tip = scored->tip;

    minden_game_get_solutions(game, LP_VIEWER_ONLOOKER, card, &solutions, &n_solutions);
    self->showing = SHOW_SCORE;
    /* RULES.md: the tip is shown on the map, then the card's solution. */
    minden_board_set_tip(MINDEN_BOARD(self->board), &tip, seat_colour(self, seat));
    minden_board_set_solutions(MINDEN_BOARD(self->board), solutions, n_solutions);
    minden_board_set_interactive(MINDEN_BOARD(self->board), FALSE);
    minden_track_show_move(MINDEN_TRACK(self->track), right ? (int) seat : -1, from, to);

    g_autofree char *tip_text = minden_label_tip(&tip);
    g_autofree char *title = g_strdup_printf(_("%s tipped %s"), seat_name(self, seat), tip_text);
    set_status(self, title, NULL);
    clear_box(self->score_card_box);
    gtk_box_append(GTK_BOX(self->score_card_box), card_widget(self, card, TRUE, TRUE));

    g_autofree char *result = NULL;
    if (right) {
        g_autofree char *moved = g_strdup_printf(
            ngettext("Right! %d stone: from field %u to %u.",
                     "Right! %d stones: from field %u to %u.", tip.n_stones),
            tip.n_stones, from, to);
        const char *keep = kept ? _("The card is kept.")
                                : _("Too few stones to keep the card; it is discarded.");
        result = g_strdup_printf("<span weight=\"bold\" foreground=\"%s\">%s</span> %s",
                                 minden_label_result_hex(TRUE,
                                                         lp_theme_is_dark(self->score_result)),
                                 moved, keep);
    } else {
        result = g_strdup_printf("<span weight=\"bold\" foreground=\"%s\">%s</span> %s",
                                 minden_label_result_hex(FALSE,
                                                         lp_theme_is_dark(self->score_result)),
                                 _("Wrong."),
                                 _("No fields, and the card is discarded."));
    }
    gtk_label_set_markup(GTK_LABEL(self->score_result), result);
    const char *fact = minden_card_get_fact(c);
    gtk_label_set_text(GTK_LABEL(self->score_fact), fact != NULL ? fact : "");
    gtk_widget_set_visible(self->score_fact, fact != NULL);
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "score");
    update_view(self);
    hold(self);
    gtk_widget_grab_focus(self->continue_button);
}

static void on_scored(MindenGame *game, guint seat, guint card, gboolean right, guint from,
                      guint to, gboolean kept, MindenPage *self)
{
    /* The history's newest entry is this tip: "scored" comes after it was added. */
    guint n = minden_game_get_history_length(game);
    g_assert(n > 0);
    show_scored(self, minden_game_get_history_entry(game, n - 1));
}

static const char *final_step_title(MindenFinalStep step)
{
    switch (step) {
    case MINDEN_FINAL_MAJORITY_YELLOW:
        return _("Majority of yellow cards");
    case MINDEN_FINAL_MAJORITY_RED:
        return _("Majority of red cards");
    case MINDEN_FINAL_MAJORITY_BLUE:
        return _("Majority of blue cards");
    case MINDEN_FINAL_MAJORITY_PURPLE:
        return _("Majority of purple cards");
    case MINDEN_FINAL_SETS:
    default:
        return _("Complete sets");
    }
}

static void on_final_step(MindenGame *game, guint step, MindenPage *self)
{
    guint n = lp_game_get_n_players(LP_GAME(game));

    self->showing = SHOW_FINAL;
    self->final_moves_count = 0;
    clear_map_marks(self);
    g_string_truncate(self->final_text, 0);
    if (step < MINDEN_FINAL_SETS) {
        /* Who holds how many, so the moves can be checked. */
        for (guint i = 0; i < n; i++) {
            g_autofree char *name = g_markup_escape_text(seat_name(self, i), -1);
            g_string_append_printf(self->final_text, "%s %s: %u\n",
                                   minden_label_colour_symbol((MindenColour) step), name,
                                   minden_game_count_kept(game, i, (MindenColour) step));
        }
        g_string_append(self->final_text, "\n");
    }
    set_status(self, final_step_title((MindenFinalStep) step),
               step < MINDEN_FINAL_SETS
                   ? _("A sole first moves 3 fields, a sole second 2; tied firsts 2 each and no "
                       "second; tied seconds behind a sole first 1 each.")
                   : _("Each set of one card per colour is given up for 3 fields."));
    lp_a11y_stack_show_child_name(GTK_STACK(self->side_stack), "final");
}

static void on_final_moved(MindenGame *game, guint seat, guint step, guint from, guint to,
                           MindenPage *self)
{
    g_autofree char *name = g_markup_escape_text(seat_name(self, seat), -1);
    g_autofree char *line = g_strdup_printf(_("<b>%s</b> moves from field %u to %u"), name,
                                            from, to);
    g_string_append_printf(self->final_text, "%s\n", line);
    self->final_moves_count++;
    minden_track_show_move(MINDEN_TRACK(self->track), (int) seat, from, to);
}

/* After the model finished an action: show the final step's moves, hold while read. */
static void on_action_completed(MindenPage *self)
{
    if (self->showing == SHOW_FINAL && !is_holding(self)) {
        if (self->final_moves_count == 0)
            g_string_append(self->final_text, _("Nobody moves."));
        gtk_label_set_markup(GTK_LABEL(self->final_moves), self->final_text->str);
        update_view(self);
        hold(self);
        gtk_widget_grab_focus(self->final_continue_button);
    }
}

/* LpGamePage::forget_seat: the map's cursor and hover belong to the previous person. */
static void minden_page_forget_seat(LpGamePage *page)
{
    minden_board_reset_cursor(MINDEN_BOARD(MINDEN_PAGE(page)->board));
}

/* LpGamePage::carry_over: a joining window shows the next view of its seat on a new page
 * (issue 31). What the person was in the middle of goes on there, as far as the new view
 * still asks for it: the card picked from the offer, the stones set on the tip board, the
 * map's keyboard cursor, without rebuilding a widget the base has carried the focus to. What
 * the host's page shows from signals a mirror never emits (a scored tip, a final step) shows
 * here too, and takes the focus to its Continue as there. */
static void minden_page_carry_over(LpGamePage *page, LpGamePage *previous)
{
    MindenPage *self = MINDEN_PAGE(page);
    MindenPage *old = MINDEN_PAGE(previous);
    MindenGame *game = game_of(self);

    /* The cursor goes on while this window's person is still tipping in the same round; once
     * their tip is in, their next tip starts from the middle, as on the host's screen, where
     * the tip itself forgets the cursor (issue 10). */
    MindenGame *before = game_of(old);
    gboolean tip_done = minden_game_get_round(before) != minden_game_get_round(game);
    for (guint i = 0; i < lp_game_get_n_players(LP_GAME(before)); i++)
        if (lp_game_seat_is_local(LP_GAME(before), i) && minden_game_has_tipped(before, i))
            tip_done = TRUE;
    if (!tip_done)
        minden_board_take_cursor(MINDEN_BOARD(self->board), MINDEN_BOARD(old->board));
    /* A step of the final scoring was taken between the two views: the new page shows it
     * and who moved, as the host's page does on "final-step" and "final-moved". */
    if (minden_game_get_phase(before) == MINDEN_PHASE_FINAL &&
        (minden_game_get_phase(game) == MINDEN_PHASE_OVER ||
         minden_game_get_final_step(game) != minden_game_get_final_step(before))) {
        guint step = minden_game_get_final_step(before);
        on_final_step(game, step, self);
        for (guint i = 0; i < lp_game_get_n_players(LP_GAME(game)); i++) {
            guint from = minden_game_get_position(before, i);
            guint to = minden_game_get_position(game, i);
            if (to != from)
                on_final_moved(game, i, step, from, to, self);
        }
        on_action_completed(self);
        return;
    }
    /* A tip was scored between the two views: the new page shows it, as the host's page
     * shows it when its model says "scored" (a mirror is built from a view and never
     * does). */
    guint scored = minden_game_get_history_length(game);
    if (scored > minden_game_get_history_length(game_of(old))) {
        show_scored(self, minden_game_get_history_entry(game, scored - 1));
        return;
    }
    if (self->showing != SHOW_PHASE)
        return;
    MindenPhase phase = minden_game_get_phase(game);
    int seat = lp_game_get_current_seat(LP_GAME(game));
    if (phase == MINDEN_PHASE_CHOOSE && old->selected_card >= 0 && seat_is_here(self, seat) &&
        minden_game_get_phase(game_of(old)) == MINDEN_PHASE_CHOOSE &&
        lp_game_get_current_seat(LP_GAME(game_of(old))) == seat) {
        /* The same person still chooses: the picked card, while it is still offered. */
        for (GtkWidget *b = gtk_widget_get_first_child(self->offer_box); b != NULL;
             b = gtk_widget_get_next_sibling(b))
            if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(b), "card")) == old->selected_card)
                gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(b), TRUE);
    }
    if (phase == MINDEN_PHASE_TIP && self->viewer >= 0 &&
        old->tip_board_seat == self->viewer && old->viewer == self->viewer) {
        /* The same person still tips (the host has not got the tip yet): their stones. */
        MindenTip tip;
        minden_tip_board_get_tip(MINDEN_TIP_BOARD(old->tip_board), &tip);
        if (tip.n_stones > 0)
            minden_tip_board_set_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
    }
}

static void minden_page_revealed(LpGamePage *page)
{
    MindenPage *self = MINDEN_PAGE(page);

    /* The human the screen waited for is now alone at the screen. */
    if (self->covered_for >= 0 && minden_game_get_phase(game_of(self)) == MINDEN_PHASE_TIP) {
        self->viewer = self->covered_for;
        update_view(self);
    }
}

/* ---- user input ------------------------------------------------------------------------- */

static void on_cell_activated(MindenBoard *board, int ew, int band, int sector, int section,
                              MindenPage *self)
{
    MindenTip tip = { 4, (gint8) ew, (gint8) band, (gint8) sector, (gint8) section };

    if (self->viewer < 0)
        return;
    minden_tip_board_set_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
}

static void on_tip_board_changed(MindenPage *self)
{
    if (self->viewer >= 0)
        sync_board_tip(self);
}

static void show_error(MindenPage *self, GError *error)
{
    gtk_label_set_text(GTK_LABEL(self->status_detail), error->message);
    gtk_widget_set_visible(self->status_detail, TRUE);
}

static void choose(MindenPage *self, gboolean swap)
{
    MindenGame *game = game_of(self);
    g_autoptr(GError) error = NULL;
    int seat = lp_game_get_current_seat(LP_GAME(game));

    if (!seat_is_here(self, seat) || self->selected_card < 0)
        return;
    guint64 actions = lp_game_get_n_actions(LP_GAME(game));
    if (!minden_game_choose(game, (guint) seat, (guint) self->selected_card, swap, &error))
        show_error(self, error);
    else if (lp_game_get_n_actions(LP_GAME(game)) == actions)
        /* Only asked for (a joining window): once is enough until the host's view comes, or
         * until another card is picked. */
        enable_choice(self, FALSE);
}

static void take_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    choose(MINDEN_PAGE(widget), FALSE);
}

static void swap_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    choose(MINDEN_PAGE(widget), TRUE);
}

static void place_tip_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    MindenPage *self = MINDEN_PAGE(widget);
    MindenGame *game = game_of(self);
    g_autoptr(GError) error = NULL;
    MindenTip tip;

    if (self->viewer < 0)
        return;
    minden_tip_board_get_tip(MINDEN_TIP_BOARD(self->tip_board), &tip);
    guint seat = (guint) self->viewer;
    if (!minden_game_tip(game, seat, &tip, &error)) {
        show_error(self, error);
        return;
    }
    /* A game played from another device only asks its host (issue 31): until the host's
     * next view shows the tip, the stones stay where the person put them, and the same tip
     * is not asked for twice (a new stone asks again). */
    if (!minden_game_has_tipped(game, seat)) {
        gtk_widget_action_set_enabled(GTK_WIDGET(self), "minden.place-tip", FALSE);
        return;
    }
    /* The tip is in: forget the stones. A privacy screen for the next person went up while
     * the model announced the tip, so nobody else saw them. */
    self->viewer = -1;
    self->tip_board_seat = -1;
    minden_tip_board_set_tip(MINDEN_TIP_BOARD(self->tip_board), NULL);
    minden_board_set_tip(MINDEN_BOARD(self->board), NULL, NULL);
    /* Also where the map's cursor was: the next person (or this one next round, when no
     * cover goes up) starts from the middle (issue 10). */
    lp_game_page_forget_seat(LP_GAME_PAGE(self));
}

static void remove_stone_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    MindenPage *self = MINDEN_PAGE(widget);
    if (self->viewer >= 0)
        minden_tip_board_remove_last(MINDEN_TIP_BOARD(self->tip_board));
}

static void continue_activated(GtkWidget *widget, const char *name, GVariant *param)
{
    MindenPage *self = MINDEN_PAGE(widget);
    if (self->showing != SHOW_PHASE)
        continue_now(self);
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void on_show_coordinates(MindenPage *self)
{
    LpSettings *settings = lp_game_page_get_settings(LP_GAME_PAGE(self));
    minden_board_set_show_coordinates(MINDEN_BOARD(self->board),
                                      lp_settings_get_show_coordinates(settings));
}

static void minden_page_dispose(GObject *object)
{
    MindenPage *self = MINDEN_PAGE(object);
    LpSettings *settings = lp_game_page_get_settings(LP_GAME_PAGE(self));

    g_clear_handle_id(&self->hold_timeout, g_source_remove);
    /* The settings may outlive the page (the window shares them). */
    if (settings != NULL)
        g_signal_handlers_disconnect_by_data(settings, self);
    gtk_widget_dispose_template(GTK_WIDGET(self), MINDEN_TYPE_PAGE);
    self->track = NULL;
    /* LpGamePage drops the game's handlers, the holds and the content. */
    G_OBJECT_CLASS(minden_page_parent_class)->dispose(object);
}

static void minden_page_finalize(GObject *object)
{
    MindenPage *self = MINDEN_PAGE(object);

    g_string_free(self->final_text, TRUE);
    G_OBJECT_CLASS(minden_page_parent_class)->finalize(object);
}

static void minden_page_constructed(GObject *object);

static void minden_page_class_init(MindenPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = minden_page_dispose;
    object_class->finalize = minden_page_finalize;
    object_class->constructed = minden_page_constructed;

    LpGamePageClass *page_class = LP_GAME_PAGE_CLASS(klass);
    page_class->game_type = MINDEN_TYPE_GAME;
    page_class->picture = "/io/github/landpartie/Landpartie/app/tile-minden.svg";
    page_class->howto = &minden_howto;
    page_class->css_resource = "/io/github/landpartie/Landpartie/minden/minden.css";
    page_class->revealed = minden_page_revealed;
    page_class->forget_seat = minden_page_forget_seat;
    page_class->carry_over = minden_page_carry_over;

    g_type_ensure(MINDEN_TYPE_BOARD);
    g_type_ensure(MINDEN_TYPE_TIP_BOARD);
    g_type_ensure(MINDEN_TYPE_TABLE);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/landpartie/Landpartie/ui/"
                                                "minden-page.ui");
    gtk_widget_class_bind_template_child(widget_class, MindenPage, content);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, board);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, side_scroller);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, side);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, round_label);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, status_title);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, status_detail);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, side_stack);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, offer_box);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, choose_buttons);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, swap_button);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, tip_card_box);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, tip_board);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, wait_card_box);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, score_card_box);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, score_result);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, score_fact);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, continue_button);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, final_moves);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, final_continue_button);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, ranking);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, play_again_button);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, players_box);
    gtk_widget_class_bind_template_child(widget_class, MindenPage, track_box);

    gtk_widget_class_install_action(widget_class, "minden.take", NULL, take_activated);
    gtk_widget_class_install_action(widget_class, "minden.swap", NULL, swap_activated);
    gtk_widget_class_install_action(widget_class, "minden.place-tip", NULL, place_tip_activated);
    gtk_widget_class_install_action(widget_class, "minden.remove-stone", NULL,
                                    remove_stone_activated);
    gtk_widget_class_install_action(widget_class, "minden.continue", NULL, continue_activated);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_BackSpace, 0,
                                        "minden.remove-stone", NULL);

    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "mindenpage");
}

static void minden_page_init(MindenPage *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    /* GTK 4.8 names mnemonic buttons twice ("_Take Card Take Card"), and keeps the side
     * panel's hidden pages in the accessibility tree (issue 13). */
    g_autoptr(GPtrArray) todo = g_ptr_array_new();
    g_ptr_array_add(todo, self->content);
    while (todo->len > 0) {
        GtkWidget *w = g_ptr_array_steal_index(todo, todo->len - 1);
        if (GTK_IS_BUTTON(w) && gtk_button_get_use_underline(GTK_BUTTON(w)))
            lp_a11y_fix_mnemonic_button(GTK_BUTTON(w));
        for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL;
             c = gtk_widget_get_next_sibling(c))
            g_ptr_array_add(todo, c);
    }
    lp_a11y_stack_hide_inactive_pages(GTK_STACK(self->side_stack));
    /* The panel is at most as wide as the table lays it out, whatever its texts' natural
     * widths: they wrap instead (issue 13). The table caps it at its current size step. */
    g_object_ref(self->side);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->side_scroller), NULL);
    gtk_scrolled_window_set_child(
        GTK_SCROLLED_WINDOW(self->side_scroller),
        lp_clamp_new(self->side,
                     minden_table_get_largest_panel_width(MINDEN_TABLE(self->content))));
    g_object_unref(self->side);
    self->selected_card = -1;
    self->viewer = -1;
    self->covered_for = -1;
    self->tip_board_seat = -1;
    self->final_text = g_string_new(NULL);
    g_signal_connect(self->board, "cell-activated", G_CALLBACK(on_cell_activated), self);
    g_signal_connect_swapped(self->tip_board, "changed", G_CALLBACK(on_tip_board_changed), self);
    /* Issue 36: Ctrl+Enter places the tip wherever the focus is on the page. In the capture
     * phase, before the map (whose Enter marks a cell) or a button takes the key; while the
     * action is disabled (no tip, or covered) the key goes on as before. */
    GtkEventController *shortcuts = gtk_shortcut_controller_new();
    gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE);
    static const guint enter_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter };
    for (guint i = 0; i < G_N_ELEMENTS(enter_keys); i++)
        gtk_shortcut_controller_add_shortcut(
            GTK_SHORTCUT_CONTROLLER(shortcuts),
            gtk_shortcut_new(gtk_keyval_trigger_new(enter_keys[i], GDK_CONTROL_MASK),
                             gtk_named_action_new("minden.place-tip")));
    gtk_widget_add_controller(GTK_WIDGET(self), shortcuts);
    GtkEventController *key = gtk_event_controller_key_new();
    /* Capture: before an offered card's own Enter, before the map's arrow keys. */
    gtk_event_controller_set_propagation_phase(key, GTK_PHASE_CAPTURE);
    g_signal_connect(key, "key-pressed", G_CALLBACK(on_key_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), key);

    /* The group follows the game once LpGamePage has it and lets go with the page. */
    GSignalGroup *signals = lp_game_page_get_game_signals(LP_GAME_PAGE(self));
    g_signal_group_connect_swapped(signals, "round-started", G_CALLBACK(on_round_started),
                                   self);
    g_signal_group_connect_swapped(signals, "tip-entered", G_CALLBACK(on_changed), self);
    g_signal_group_connect_swapped(signals, "phase-changed", G_CALLBACK(on_changed), self);
    g_signal_group_connect_swapped(signals, "turn-started", G_CALLBACK(on_changed), self);
    g_signal_group_connect_swapped(signals, "game-over", G_CALLBACK(on_changed), self);
    g_signal_group_connect(signals, "card-chosen", G_CALLBACK(on_card_chosen), self);
    g_signal_group_connect(signals, "scored", G_CALLBACK(on_scored), self);
    g_signal_group_connect(signals, "final-step", G_CALLBACK(on_final_step), self);
    g_signal_group_connect(signals, "final-moved", G_CALLBACK(on_final_moved), self);
    g_signal_group_connect_swapped(signals, "action-completed",
                                   G_CALLBACK(on_action_completed), self);
}

MindenPage *minden_page_new(MindenGame *game, LpDriver *driver)
{
    g_return_val_if_fail(MINDEN_IS_GAME(game), NULL);
    g_return_val_if_fail(LP_IS_DRIVER(driver), NULL);
    return MINDEN_PAGE(lp_game_page_new(MINDEN_TYPE_PAGE, LP_GAME(game), driver, NULL));
}

/* Issue 36: the symbols of the kept cards in the player rows ("☼ 0 ⌂ 0 ≈ 0") named where a
 * newcomer sees them, above the rows: "Kept cards: ☼ Yellow · Big city  ⌂ Red · …", one label
 * that wraps between the colours only. */
static void add_colour_legend(MindenPage *self)
{
    guint n_colours = minden_game_get_purple(game_of(self)) ? 4 : 3;
    /* Translators: before the list of card colours and their symbols in the player rows. */
    g_autofree char *title = g_markup_escape_text(_("Kept cards:"), -1);
    g_autoptr(GString) markup = g_string_new(title);
    g_autoptr(GString) words = g_string_new(_("Kept cards:"));
    for (guint c = 0; c < n_colours; c++) {
        const char *kind = minden_label_card_kind((MindenColour) c);
        g_autofree char *escaped = g_markup_escape_text(kind, -1);
        g_autoptr(GString) whole = g_string_new(escaped);
        /* No-break spaces: a line breaks between two colours, never inside one. */
        g_string_replace(whole, " ", "\u00a0", 0);
        g_string_append_printf(markup, "   <span foreground=\"%s\">%s</span>\u00a0%s",
                               minden_colour_hex((MindenColour) c),
                               minden_label_colour_symbol((MindenColour) c), whole->str);
        g_string_append_printf(words, "%s %s", c > 0 ? "," : "", kind);
    }
    GtkWidget *legend = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(legend), markup->str);
    gtk_label_set_wrap(GTK_LABEL(legend), TRUE);
    gtk_label_set_xalign(GTK_LABEL(legend), 0);
    gtk_widget_add_css_class(legend, "caption");
    gtk_widget_add_css_class(legend, "minden-legend");
    /* A screen reader says the kinds, not the symbols' Unicode names. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(legend), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   words->str, -1);
    gtk_widget_set_tooltip_text(legend, words->str);
    GtkWidget *box = gtk_widget_get_parent(self->players_box);
    gtk_box_insert_child_after(GTK_BOX(box), legend,
                               gtk_widget_get_prev_sibling(self->players_box));
}

static void minden_page_constructed(GObject *object)
{
    MindenPage *self = MINDEN_PAGE(object);

    G_OBJECT_CLASS(minden_page_parent_class)->constructed(object);
    g_signal_connect_object(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                            "notify::show-coordinates", G_CALLBACK(on_show_coordinates), self,
                            G_CONNECT_SWAPPED);
    on_show_coordinates(self);

    lp_where_button_add_after(self->ranking, LP_GAME(game_of(self)));
    add_colour_legend(self);
    self->track = minden_track_new(game_of(self));
    gtk_widget_set_hexpand(self->track, TRUE);
    gtk_box_append(GTK_BOX(self->track_box), self->track);

    /* Issue 12: the round history, one click away under the round number. */
    GtkWidget *history = gtk_menu_button_new();
    gtk_menu_button_set_label(GTK_MENU_BUTTON(history), _("Round History"));
    /* GTK 4.8 names the menu button by its class ("GtkMenuButton"), its inner button by
     * the label: both are called as the label reads (issue 13). */
    gtk_accessible_update_property(GTK_ACCESSIBLE(history), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Round History"), -1);
    gtk_menu_button_set_popover(GTK_MENU_BUTTON(history), minden_history_new(game_of(self)));
    gtk_widget_set_halign(history, GTK_ALIGN_START);
    gtk_widget_add_css_class(history, "minden-history-button");
    gtk_box_insert_child_after(GTK_BOX(gtk_widget_get_parent(self->round_label)), history,
                               self->round_label);
    update_view(self);
}

MindenGame *minden_page_get_game(MindenPage *self)
{
    g_return_val_if_fail(MINDEN_IS_PAGE(self), NULL);
    return game_of(self);
}
