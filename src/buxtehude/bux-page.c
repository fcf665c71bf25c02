/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buxtehude page: shows the model's state, turns clicks into moves, explains challenges
 * and scorings, and holds the driver while people read. */
#include "config.h"

#include "bux-page.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bux-card-text.h"
#include "bux-cross.h"
#include "lp-a11y.h"
#include "lp-privacy-screen.h"
#include "lp-where-view.h"

struct _BuxPage {
    LpGamePage parent_instance;

    /* On a joining window's mirror: this page asked its host already (issue 31). */
    gboolean asked;

    GtkWidget *content;
    BuxCross *cross;
    GtkWidget *side_scroller;
    GtkLabel *progress_label;
    GtkWidget *players_box;
    GtkLabel *supply_label;
    GtkLabel *note_label;
    GtkStack *action_stack;
    GtkSpinner *waiting_spinner;
    GtkLabel *waiting_label;
    GtkLabel *place_title;
    GtkWidget *hand_card;
    GtkLabel *gap_label;
    GtkWidget *challenge_box;
    GtkLabel *challenge_label;
    GtkWidget *wrong_box;
    GtkWidget *no_objection_button;
    GtkWidget *thinking_box;
    GtkSpinner *thinking_spinner;
    GtkLabel *thinking_label;
    GtkLabel *neighbour_label;
    GtkWidget *inner_button;
    GtkWidget *outer_button;
    GtkLabel *result_title;
    GtkLabel *result_label;
    GtkWidget *result_continue;
    GtkLabel *estimate_label;
    GtkWidget *estimate_spin;
    GtkAdjustment *estimate_adjustment;
    GtkLabel *scoring_title;
    GtkLabel *scoring_label;
    GtkWidget *scoring_continue;
    GtkWidget *play_again_button;
    GtkLabel *over_title;
    GtkWidget *ranking_box;

    gboolean showing_result;
    guint result_timeout;
    gint64 result_due;       /* when result_timeout fires (monotonic µs) */
    GString *exchanges;      /* bonus card exchanges of the running challenge, for its text */
    gboolean in_scoring;     /* between "cross-checked" and "scored" */
    GString *scoring_exchanges; /* the same for the scoring shown */
    guint scoring_bonus[8];  /* bonus cards each seat took during the scoring shown */
    int scoring_step;   /* -1: no scoring shown; else 0 .. n_wrong + 1 */
    guint scoring_timer;
    int revealed_for;   /* the human the privacy screen was lifted for, or -1 */
    char *note;
    const char *mode;
    gboolean large;     /* a big screen: the side panel wider, its text larger */
    guint large_idle;
    guint map_focus;    /* the mode's focus once the page is shown, unless carried over */
};

G_DEFINE_FINAL_TYPE(BuxPage, bux_page, LP_TYPE_GAME_PAGE)

static void update_view(BuxPage *self);

/* ---- small helpers ---------------------------------------------------------------------- */

static BuxGame *game_of(BuxPage *self)
{
    return BUX_GAME(lp_game_page_get_game(LP_GAME_PAGE(self)));
}

static const char *seat_name(BuxPage *self, guint seat)
{
    return lp_player_get_display_name(lp_game_get_player(LP_GAME(game_of(self)), seat));
}

static gboolean seat_human(BuxPage *self, guint seat)
{
    return lp_player_is_human(lp_game_get_player(LP_GAME(game_of(self)), seat));
}

/* Issue 31: a person who plays at this screen. Only these see their secrets and get the
 * controls for their decisions; on a joining device that is its own seat alone. */
static gboolean seat_local(BuxPage *self, guint seat)
{
    return lp_game_seat_is_local(LP_GAME(game_of(self)), seat);
}

/* A person who decides at another screen (another device, or the host's): the page waits
 * for them, offering nothing in their place. */
static gboolean seat_away(BuxPage *self, guint seat)
{
    return seat_human(self, seat) && !seat_local(self, seat);
}

static char *names_list(BuxPage *self, const int *flags, guint n);

/* What the page says where it would ask a person at this screen: "Waiting for Ben…", or
 * "Waiting for Ben and Cem…" (flags: one per seat). */
static char *waiting_text(BuxPage *self, const int *flags)
{
    g_autofree char *names = names_list(self, flags, lp_game_get_n_players(LP_GAME(game_of(self))));
    /* Translators: a person who plays on another device decides now; %s is a name, or
     * names joined as in “Ben and Cem” */
    return g_strdup_printf(_("Waiting for %s…"), names);
}

static char *waiting_for(BuxPage *self, guint seat)
{
    g_autofree int *flags = g_new0(int, lp_game_get_n_players(LP_GAME(game_of(self))));
    flags[seat] = TRUE;
    return waiting_text(self, flags);
}

static const BuxCard *card_of(BuxPage *self, int card)
{
    return bux_deck_get_card(bux_game_get_deck(game_of(self)), card);
}

static const char *name_of(BuxPage *self, int card)
{
    return bux_card_get_name(card_of(self, card));
}

/* The page holds the driver while a result or a scoring is read (one hold each). */
static void hold(BuxPage *self)
{
    lp_game_page_hold(LP_GAME_PAGE(self));
}

static void release(BuxPage *self)
{
    lp_game_page_release(LP_GAME_PAGE(self));
}

static guint step_ms(BuxPage *self)
{
    return lp_settings_get_pace_ms(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                                   LP_PACE_RESULT);
}

static void set_note(BuxPage *self, const char *note)
{
    g_free(self->note);
    self->note = g_strdup(note);
    gtk_label_set_text(self->note_label, note != NULL ? note : "");
    gtk_widget_set_visible(GTK_WIDGET(self->note_label), note != NULL);
}

static void focus_mode(BuxPage *self);

static void show_mode(BuxPage *self, const char *mode)
{
    gboolean changed = g_strcmp0(self->mode, mode) != 0;
    self->mode = mode;
    if (g_strcmp0(mode, "covered") == 0)
        return;
    /* Only the current part is visible, so that hidden buttons are neither focusable nor in
     * the accessibility tree (GtkStack 4.8 leaves them there). */
    lp_a11y_stack_show_only(self->action_stack,
                            gtk_stack_get_child_by_name(self->action_stack, mode));
    gtk_spinner_set_spinning(self->waiting_spinner, g_str_equal(mode, "waiting"));
    if (!changed)
        return;
    focus_mode(self);
}

/* The focus of each part of the action stack: never on a control that acts on the game
 * for somebody who did not choose it (issue 10). */
static void focus_mode(BuxPage *self)
{
    const char *mode = self->mode;
    if (mode == NULL || g_str_equal(mode, "covered"))
        return;
    if (g_str_equal(mode, "place"))
        gtk_widget_grab_focus(GTK_WIDGET(self->cross));
    else if (g_str_equal(mode, "estimate"))
        gtk_widget_grab_focus(self->estimate_spin);
    else if (g_str_equal(mode, "result"))
        gtk_widget_grab_focus(self->result_continue);
    else if (g_str_equal(mode, "scoring"))
        gtk_widget_grab_focus(self->scoring_continue);
    /* The focus must not stay on the cross (no longer a target) or on a button that was
     * just hidden; neither may the placer's next Enter let the card stand or challenge it
     * (issue 10): the question itself holds the focus, Tab reaches the buttons. */
    else if (g_str_equal(mode, "challenge"))
        gtk_widget_grab_focus(self->challenge_box);
    else if (g_str_equal(mode, "neighbour"))
        gtk_widget_grab_focus(self->inner_button);
    else if (g_str_equal(mode, "over"))
        gtk_widget_grab_focus(self->play_again_button);
}

/* A game played from another device only asks its host (issue 31): once per view, so that
 * a double click does not ask twice; the host's next view is a new page. */
static gboolean asked_already(BuxPage *self)
{
    return self->asked && lp_game_is_mirror(LP_GAME(game_of(self)));
}

static void report(BuxPage *self, gboolean ok, GError *error)
{
    if (ok && lp_game_is_mirror(LP_GAME(game_of(self))))
        self->asked = TRUE;
    if (!ok && error != NULL)
        set_note(self, error->message);
    lp_driver_kick(lp_game_page_get_driver(LP_GAME_PAGE(self)));
}

/* ---- side panel ------------------------------------------------------------------------- */

/* A scoring shown step by step shows no later result before its step (issue 10): until
 * its last step the chips it awarded are not counted yet. */
static gboolean scoring_unpaid(BuxPage *self, guint seat)
{
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    return self->scoring_step >= 0 && sc != NULL && self->scoring_step <= (int)sc->wrong->len &&
           seat < sc->n_players;
}

static guint shown_chips(BuxPage *self, guint seat)
{
    gint64 chips = bux_game_get_chips(game_of(self), seat);
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    if (scoring_unpaid(self, seat)) {
        /* Before the payment, and before the bonus cards the payment needed. */
        chips -= sc->received[seat];
        if (seat < G_N_ELEMENTS(self->scoring_bonus))
            chips += (gint64)BUX_BONUS_VALUE * self->scoring_bonus[seat];
    }
    return (guint)MAX(chips, 0);
}

static guint shown_bonus(BuxPage *self, guint seat)
{
    guint bonus = bux_game_get_n_bonus(game_of(self), seat);
    if (scoring_unpaid(self, seat) && seat < G_N_ELEMENTS(self->scoring_bonus))
        bonus -= MIN(bonus, self->scoring_bonus[seat]);
    return bonus;
}

static char *chips_text(BuxPage *self, guint seat)
{
    guint chips = shown_chips(self, seat);
    guint bonus = shown_bonus(self, seat);
    g_autofree char *c = g_strdup_printf(ngettext("%u chip", "%u chips", chips), chips);
    if (bonus == 0)
        return g_steal_pointer(&c);
    g_autofree char *b = g_strdup_printf(ngettext("%u bonus card", "%u bonus cards", bonus),
                                         bonus);
    return g_strdup_printf("%s · %s", c, b);
}

static void update_players(BuxPage *self)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(self->players_box)) != NULL)
        gtk_box_remove(GTK_BOX(self->players_box), child);

    guint n = lp_game_get_n_players(LP_GAME(game_of(self)));
    BuxPhase phase = bux_game_get_phase(game_of(self));
    guint turn = bux_game_get_turn_seat(game_of(self));
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    for (guint s = 0; s < n; s++) {
        LpPlayer *p = lp_game_get_player(LP_GAME(game_of(self)), s);
        int ci = lp_player_colour_index(lp_player_get_colour(p));
        const char *symbol = ci >= 0 ? colours[ci].symbol : "●";
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        gtk_widget_add_css_class(row, "bux-player-row");
        gboolean current = phase != BUX_PHASE_OVER && phase != BUX_PHASE_START &&
                           phase != BUX_PHASE_ESTIMATE && self->scoring_step < 0 &&
                           !self->showing_result && s == turn;
        if (current)
            gtk_widget_add_css_class(row, "current");

        g_autofree char *mark = g_markup_printf_escaped("<span foreground=\"%s\" size=\"large\">%s"
                                                        "</span>", lp_player_get_colour(p),
                                                        symbol);
        GtkWidget *sym = gtk_label_new(NULL);
        gtk_label_set_markup(GTK_LABEL(sym), mark);
        gtk_accessible_update_property(GTK_ACCESSIBLE(sym), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                       -1);
        gtk_box_append(GTK_BOX(row), sym);

        g_autofree char *name = lp_player_is_human(p)
                                    ? g_strdup(lp_player_get_display_name(p))
                                    /* Translators: a computer player's name and level */
                                    : g_strdup_printf(_("%s (computer, %s)"),
                                                      lp_player_get_display_name(p),
                                                      lp_player_get_level(p) == LP_LEVEL_EASY
                                                          ? _("easy")
                                                      : lp_player_get_level(p) == LP_LEVEL_HARD
                                                          ? _("hard")
                                                          : _("normal"));
        GtkWidget *name_label = gtk_label_new(name);
        gtk_label_set_xalign(GTK_LABEL(name_label), 0);
        /* A long name (a computer's level, a long language, a bonus card beside it) wraps
         * onto a second line rather than being cut or widening the panel. */
        gtk_label_set_wrap(GTK_LABEL(name_label), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(name_label), PANGO_WRAP_WORD_CHAR);
        gtk_widget_set_hexpand(name_label, TRUE);
        gtk_box_append(GTK_BOX(row), name_label);

        g_autofree char *chips = chips_text(self, s);
        GtkWidget *chips_label = gtk_label_new(chips);
        gtk_widget_add_css_class(chips_label, "bux-chips");
        gtk_box_append(GTK_BOX(row), chips_label);

        g_autofree char *access =
            current
                /* Translators: a player row for screen readers: "Anna, 4 chips, has the
                 * turn" */
                ? g_strdup_printf(_("%s, %s, has the turn"), name, chips)
                /* Translators: a player row for screen readers: "Anna, 4 chips" */
                : g_strdup_printf(C_("player row", "%s, %s"), name, chips);
        gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       access, -1);
        gtk_box_append(GTK_BOX(self->players_box), row);
    }
    gint64 supply = bux_game_get_supply(game_of(self));
    /* The chips the scoring paid out come from the supply: not before its last step. */
    for (guint s = 0; s < n; s++)
        supply += (gint64)bux_game_get_chips(game_of(self), s) - shown_chips(self, s);
    supply = MAX(supply, 0);
    g_autofree char *s = g_strdup_printf(ngettext("Supply: %u chip", "Supply: %u chips",
                                                  (gulong)supply),
                                         (guint)supply);
    gtk_label_set_text(self->supply_label, s);
}

static void update_progress(BuxPage *self)
{
    /* While a scoring is shown its panel has the heading ("Intermezzo · Cross 1 of 3"); the
     * line above goes on telling the cross it checks and the stack (issue 36: not the
     * heading twice). */
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    guint cross = self->scoring_step >= 0 && sc != NULL ? sc->cross
                                                        : bux_game_get_cross_number(game_of(self));
    /* The card in hand has left the stack, though the model draws it only when it is
     * placed. */
    guint left = bux_game_get_stack_remaining(game_of(self));
    if (bux_game_get_hand(game_of(self)) >= 0 && left > 0)
        left--;
    g_autofree char *stack = g_strdup_printf(ngettext("%u card left in the stack",
                                                      "%u cards left in the stack", left),
                                             left);
    /* Translators: "Cross 2 of 3 · 12 cards left in the stack" */
    g_autofree char *text = g_strdup_printf(_("Cross %u of 3 · %s"), cross, stack);
    gtk_label_set_text(self->progress_label, text);
}

/* ---- placing ---------------------------------------------------------------------------- */

static void update_gap_label(BuxPage *self)
{
    BuxArm arm;
    guint index;
    if (!bux_cross_get_selected_gap(self->cross, &arm, &index)) {
        gtk_label_set_text(self->gap_label, "");
        return;
    }
    g_autofree char *gap = bux_cross_describe_gap(game_of(self), arm, index);
    g_autofree char *text = g_strdup_printf(_("Selected gap: %s"), gap);
    gtk_label_set_text(self->gap_label, text);
}

static void on_selection_changed(BuxPage *self)
{
    update_gap_label(self);
}

static void place(BuxPage *self, BuxArm arm, guint index)
{
    g_autoptr(GError) error = NULL;
    if (bux_game_get_phase(game_of(self)) != BUX_PHASE_PLACE ||
        !seat_local(self, bux_game_get_turn_seat(game_of(self))) || asked_already(self))
        return;
    /* On a mirror the move goes to the host ("action-requested") and the card stays in hand
     * until the host's next view comes back as a new page. */
    report(self, bux_game_place(game_of(self), arm, index, &error), error);
}

static void on_gap_activated(BuxPage *self, guint arm, guint index)
{
    place(self, arm, index);
}

static void place_selected_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    BuxArm arm;
    guint index;
    if (bux_cross_get_selected_gap(self->cross, &arm, &index))
        place(self, arm, index);
}

static GdkContentProvider *on_drag_prepare(GtkDragSource *source, double x, double y,
                                           BuxPage *self)
{
    int card = bux_game_get_hand(game_of(self));
    if (card < 0 || !bux_cross_get_interactive(self->cross))
        return NULL;
    /* A small card beside the pointer, not the big one over the gap aimed at. */
    g_autoptr(GdkPaintable) icon = bux_cross_make_drag_icon(self->cross, card);
    if (icon != NULL)
        gtk_drag_source_set_icon(source, icon, 0, 0);
    return gdk_content_provider_new_typed(G_TYPE_STRING, card_of(self, card)->id);
}

/* ---- challenges ------------------------------------------------------------------------- */

static char *placement_sentence(BuxPage *self, guint placer, int card, BuxArm arm, int inner,
                                int outer)
{
    const char *p = seat_name(self, placer), *c = name_of(self, card), *i = name_of(self, inner);
    if (outer < 0) {
        switch (arm) {
        case BUX_ARM_NORTH:
            return g_strdup_printf(_("%s placed %s north of %s."), p, c, i);
        case BUX_ARM_SOUTH:
            return g_strdup_printf(_("%s placed %s south of %s."), p, c, i);
        case BUX_ARM_WEST:
            return g_strdup_printf(_("%s placed %s west of %s."), p, c, i);
        default:
            return g_strdup_printf(_("%s placed %s east of %s."), p, c, i);
        }
    }
    const char *o = name_of(self, outer);
    switch (arm) {
    case BUX_ARM_NORTH:
        return g_strdup_printf(_("%s placed %s north of %s and south of %s."), p, c, i, o);
    case BUX_ARM_SOUTH:
        return g_strdup_printf(_("%s placed %s south of %s and north of %s."), p, c, i, o);
    case BUX_ARM_WEST:
        return g_strdup_printf(_("%s placed %s west of %s and east of %s."), p, c, i, o);
    default:
        return g_strdup_printf(_("%s placed %s east of %s and west of %s."), p, c, i, o);
    }
}

static void challenge_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    g_autoptr(GError) error = NULL;
    if (asked_already(self))
        return;
    report(self, bux_game_challenge(game_of(self), g_variant_get_uint32(param), &error), error);
}

static void no_objection_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    g_autoptr(GError) error = NULL;
    if (asked_already(self))
        return;
    report(self, bux_game_pass_humans(game_of(self), &error), error);
}

static void neighbour_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    g_autoptr(GError) error = NULL;
    BuxSide side = g_variant_get_uint32(param) == 0 ? BUX_SIDE_INNER : BUX_SIDE_OUTER;
    report(self, bux_game_choose_neighbour(game_of(self), side, &error), error);
}

static void update_challenge(BuxPage *self)
{
    BuxArm arm;
    guint index;
    bux_game_get_placed(game_of(self), &arm, &index);
    guint placer = bux_game_get_turn_seat(game_of(self));
    int card = bux_game_get_arm_card(game_of(self), arm, index);
    g_autofree char *sentence = placement_sentence(
        self, placer, card, arm, bux_game_get_neighbour(game_of(self), BUX_SIDE_INNER),
        bux_game_get_neighbour(game_of(self), BUX_SIDE_OUTER));
    g_autofree char *text = g_strdup_printf("%s %s", sentence, _("Is that right?"));
    gtk_label_set_text(self->challenge_label, text);

    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(self->wrong_box)) != NULL)
        gtk_box_remove(GTK_BOX(self->wrong_box), child);
    guint n = lp_game_get_n_players(LP_GAME(game_of(self)));
    gboolean any = FALSE;
    g_autofree int *away = g_new0(int, n);
    gboolean any_away = FALSE;
    for (guint k = 1; k < n; k++) {
        guint s = (placer + k) % n;
        if (!seat_human(self, s) || bux_game_has_decided(game_of(self), s))
            continue;
        /* RULES.md: people come first. A person at another screen calls there; the call
         * reaches the model as that seat's action, and the page only waits for it. */
        if (!seat_local(self, s)) {
            away[s] = any_away = TRUE;
            continue;
        }
        /* Translators: the button a player presses to challenge: "Wrong! (Anna)" */
        g_autofree char *label = g_strdup_printf(_("Wrong! (%s)"), seat_name(self, s));
        GtkWidget *button = gtk_button_new_with_label(label);
        gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "bux.challenge");
        gtk_actionable_set_action_target(GTK_ACTIONABLE(button), "u", s);
        gtk_widget_add_css_class(button, "destructive-action");
        gtk_box_append(GTK_BOX(self->wrong_box), button);
        any = TRUE;
    }
    gtk_widget_set_visible(self->no_objection_button, any);
    int thinker = bux_game_get_deciding_computer(game_of(self));
    gboolean busy = thinker >= 0 || any_away;
    gtk_widget_set_visible(self->thinking_box, busy);
    gtk_spinner_set_spinning(self->thinking_spinner, busy);
    g_autoptr(GString) t = g_string_new(NULL);
    if (thinker >= 0)
        g_string_append_printf(t, _("%s is thinking…"), seat_name(self, thinker));
    if (any_away) {
        g_autofree char *waiting = waiting_text(self, away);
        if (t->len > 0)
            g_string_append_c(t, '\n');
        g_string_append(t, waiting);
    }
    gtk_label_set_text(self->thinking_label, t->str);
}

static void update_neighbour(BuxPage *self)
{
    int challenger = bux_game_get_challenger(game_of(self));
    BuxArm arm;
    guint index;
    bux_game_get_placed(game_of(self), &arm, &index);
    int card = bux_game_get_arm_card(game_of(self), arm, index);
    g_autofree char *text = g_strdup_printf(_("%s, which neighbour should %s be compared "
                                              "with?"), seat_name(self, challenger),
                                            name_of(self, card));
    gtk_label_set_text(self->neighbour_label, text);
    g_autofree char *inner = g_strdup_printf(
        _("_Inner: %s"), name_of(self, bux_game_get_neighbour(game_of(self), BUX_SIDE_INNER)));
    g_autofree char *outer = g_strdup_printf(
        _("_Outer: %s"), name_of(self, bux_game_get_neighbour(game_of(self), BUX_SIDE_OUTER)));
    gtk_button_set_label(GTK_BUTTON(self->inner_button), inner);
    gtk_button_set_use_underline(GTK_BUTTON(self->inner_button), TRUE);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->inner_button));
    gtk_button_set_label(GTK_BUTTON(self->outer_button), outer);
    gtk_button_set_use_underline(GTK_BUTTON(self->outer_button), TRUE);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->outer_button));
}

static char *coordinate_text(const BuxCard *card, BuxArm arm)
{
    gboolean lat = arm == BUX_ARM_NORTH || arm == BUX_ARM_SOUTH;
    double v = lat ? card->lat : card->lon;
    g_autofree char *dm = lat ? bux_format_latitude(v) : bux_format_longitude(v);
    g_autofree char *dec = g_strdup_printf("%.4f", v);
    if (bux_ui_is_german())
        g_strdelimit(dec, ".", ',');
    return g_strdup_printf("%s (%s°)", dm, dec);
}

static const char *rule_sentence(BuxArm arm)
{
    switch (arm) {
    case BUX_ARM_NORTH:
        return _("In the north arm each card must lie at least as far north as the card inside "
                 "it (latitude).");
    case BUX_ARM_SOUTH:
        return _("In the south arm each card must lie at least as far south as the card inside "
                 "it (latitude).");
    case BUX_ARM_WEST:
        return _("In the west arm each card must lie at least as far west as the card inside "
                 "it (longitude).");
    default:
        return _("In the east arm each card must lie at least as far east as the card inside it "
                 "(longitude).");
    }
}

static char *verdict_sentence(BuxPage *self, BuxArm arm, int outer, int inner, gboolean right)
{
    const char *o = name_of(self, outer), *i = name_of(self, inner);
    static const char *const dirs_right[] = { N_("%s lies at least as far north as %s: right."),
                                              N_("%s lies at least as far south as %s: right."),
                                              N_("%s lies at least as far west as %s: right."),
                                              N_("%s lies at least as far east as %s: right.") };
    static const char *const dirs_wrong[] = { N_("%s lies further south than %s: wrong."),
                                              N_("%s lies further north than %s: wrong."),
                                              N_("%s lies further east than %s: wrong."),
                                              N_("%s lies further west than %s: wrong.") };
    return g_strdup_printf(_(right ? dirs_right[arm] : dirs_wrong[arm]), o, i);
}

static gboolean show_coordinates(BuxPage *self)
{
    LpSettings *settings = lp_game_page_get_settings(LP_GAME_PAGE(self));
    return settings != NULL && lp_settings_get_show_coordinates(settings);
}

static void finish_result(BuxPage *self)
{
    if (!self->showing_result)
        return;
    self->showing_result = FALSE;
    /* The rightly challenged card stayed in sight, marked, while its result was read; now
     * it leaves. */
    const BuxChallenge *c = bux_game_get_last_challenge(game_of(self));
    if (c != NULL && c->rightful)
        bux_cross_animate_leaving(self->cross, &c->card, 1);
    g_clear_handle_id(&self->result_timeout, g_source_remove);
    update_view(self);
    release(self);
}

static void finish_scoring(BuxPage *self);

static gboolean result_timeout_cb(gpointer data)
{
    BuxPage *self = data;
    self->result_timeout = 0;
    if (self->scoring_step >= 0)
        finish_scoring(self);
    else
        finish_result(self);
    return G_SOURCE_REMOVE;
}

static gboolean any_human(BuxPage *self)
{
    return lp_players_count_humans(lp_game_get_players(LP_GAME(game_of(self)))) > 0;
}

/* Somebody at this screen who can press Continue (issue 31: none at the shared table). */
static gboolean any_local(BuxPage *self)
{
    return lp_game_count_local_people(LP_GAME(game_of(self))) > 0;
}

/* A result that concerns a person stays until a person presses Continue (issue 10); one
 * among computers only shows for a while and goes on, at the pace of the settings: long
 * enough to read when people watch, short when nobody does. */
static void auto_continue(BuxPage *self, gboolean human_involved)
{
    g_clear_handle_id(&self->result_timeout, g_source_remove);
    if (human_involved)
        return;
    guint ms = MAX(step_ms(self) * 2, 300);
    if (any_human(self))
        ms = MAX(ms, lp_settings_get_pace_ms(lp_game_page_get_settings(LP_GAME_PAGE(self)),
                                             LP_PACE_READING));
    self->result_timeout = g_timeout_add(ms, result_timeout_cb, self);
    self->result_due = g_get_monotonic_time() + (gint64)ms * 1000;
}

/* The going on of a result or scoring that goes on by itself, when the previous page's
 * would have: at the same moment, not later with every view (issue 31). */
static void continue_as(BuxPage *self, BuxPage *prev)
{
    if (prev->result_timeout == 0 || self->result_timeout == 0)
        return;
    g_clear_handle_id(&self->result_timeout, g_source_remove);
    gint64 left = (prev->result_due - g_get_monotonic_time()) / 1000;
    self->result_timeout = g_timeout_add((guint)CLAMP(left, 1, G_MAXINT), result_timeout_cb, self);
    self->result_due = prev->result_due;
}

/* RULES.md, Chips and the supply: a bonus card exchange, told with the rule. */
static void on_bonus_exchanged(BuxPage *self, guint seat, int card)
{
    GString *out = self->in_scoring ? self->scoring_exchanges : self->exchanges;
    if (self->in_scoring && seat < G_N_ELEMENTS(self->scoring_bonus))
        self->scoring_bonus[seat]++;
    if (out->len > 0)
        g_string_append_c(out, ' ');
    g_string_append_printf(out, _("The supply was short, so %s, who had the most chips, gave "
                                  "5 chips back to the supply for a bonus card (%s). A bonus "
                                  "card counts 5 chips at the end; the 36 chips stay 36."),
                           seat_name(self, seat), name_of(self, card));
}

static void on_cross_checked(BuxPage *self)
{
    self->in_scoring = TRUE;
    g_string_truncate(self->scoring_exchanges, 0);
    memset(self->scoring_bonus, 0, sizeof self->scoring_bonus);
}

static void on_challenge_resolved(BuxPage *self)
{
    const BuxChallenge *c = bux_game_get_last_challenge(game_of(self));
    int outer = c->side == BUX_SIDE_INNER ? c->card : c->neighbour;
    int inner = c->side == BUX_SIDE_INNER ? c->neighbour : c->card;
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, c->side == BUX_SIDE_INNER
                                  ? _("%s challenged %s (placed by %s) and compared it with "
                                      "its inner neighbour %s.")
                                  : _("%s challenged %s (placed by %s) and compared it with "
                                      "its outer neighbour %s."),
                           seat_name(self, c->challenger), name_of(self, c->card),
                           seat_name(self, c->placer), name_of(self, c->neighbour));
    g_string_append_printf(s, "\n\n%s\n", rule_sentence(c->arm));
    /* "Show coordinates" off keeps them out of the text, too. */
    if (show_coordinates(self)) {
        g_autofree char *oc = coordinate_text(card_of(self, outer), c->arm);
        g_autofree char *ic = coordinate_text(card_of(self, inner), c->arm);
        g_string_append_printf(s, "%s: %s\n%s: %s\n", name_of(self, outer), oc,
                               name_of(self, inner), ic);
    }
    g_string_append_c(s, '\n');
    g_autofree char *verdict = verdict_sentence(self, c->arm, outer, inner, !c->rightful);
    g_string_append(s, verdict);
    g_string_append_c(s, ' ');
    if (c->rightful)
        g_string_append_printf(s, _("%s leaves the game."), name_of(self, c->card));
    else
        g_string_append_printf(s, _("%s stays."), name_of(self, c->card));
    g_string_append(s, "\n\n");
    if (!c->from_supply)
        g_string_append_printf(s, _("%s pays %s one chip."), seat_name(self, c->payer),
                               seat_name(self, c->payee));
    else if (c->paid)
        g_string_append_printf(s, _("%s has no chips, so %s takes one from the supply."),
                               seat_name(self, c->payer), seat_name(self, c->payee));
    else
        g_string_append_printf(s, _("%s has no chips and the supply cannot pay: nobody pays."),
                               seat_name(self, c->payer));
    if (self->exchanges->len > 0)
        g_string_append_printf(s, "\n\n%s", self->exchanges->str);
    g_string_truncate(self->exchanges, 0);

    gtk_label_set_text(self->result_title, c->rightful ? _("Rightly Challenged!")
                                                       : _("The Card Was Right!"));
    g_autofree char *body = g_string_free(s, FALSE);
    gtk_label_set_text(self->result_label, body);

    if (!self->showing_result) {
        self->showing_result = TRUE;
        hold(self);
    }
    /* Only a person at this screen can press Continue: the host's shared table, where every
     * person sits at another device, must not wait for one. */
    auto_continue(self, seat_local(self, c->placer) || seat_local(self, c->challenger));
    set_note(self, NULL);
    update_view(self);
}

static void on_no_challenge(BuxPage *self)
{
    /* Emitted while the placed card is still the one under question. */
    BuxArm arm;
    guint index;
    if (!bux_game_get_placed(game_of(self), &arm, &index))
        return;
    g_autofree char *note = g_strdup_printf(_("Nobody objected: %s stays."),
                                            name_of(self, bux_game_get_arm_card(game_of(self), arm,
                                                                                index)));
    set_note(self, note);
}

/* ---- estimates and scoring -------------------------------------------------------------- */

/* The person at this screen asked for an estimate now, or -1. RULES.md: the computers
 * estimate first, then the people one at a time (they share the screen). A person at
 * another device estimates there, at the same time: the people here do not wait for them. */
static int asked_estimate(BuxPage *self)
{
    BuxGame *game = game_of(self);
    int next = bux_game_get_estimating_seat(game);
    if (next < 0 || !seat_human(self, next))
        return -1;
    guint n = lp_game_get_n_players(LP_GAME(game));
    for (guint k = 0; k < n; k++) {
        guint s = (bux_game_get_turn_seat(game) + k) % n;
        if (seat_local(self, s) && !bux_game_has_estimated(game, s))
            return s;
    }
    return -1;
}

/* An estimate nobody typed is not a 0 (issue 10): the field starts empty, at the value -1
 * below every estimate, and "Done" waits for a number (typed, stepped to or set by a screen
 * reader). */
static void update_estimate_action(BuxPage *self)
{
    const char *text = gtk_editable_get_text(GTK_EDITABLE(self->estimate_spin));
    gboolean typed = gtk_adjustment_get_value(self->estimate_adjustment) >= 0 ||
                     (text != NULL && g_ascii_isdigit(text[0]));
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "bux.estimate", typed);
}

static void clear_estimate(BuxPage *self)
{
    gtk_adjustment_set_value(self->estimate_adjustment, -1);
    gtk_editable_set_text(GTK_EDITABLE(self->estimate_spin), "");
    update_estimate_action(self);
}

/* -1 shows as an empty field. */
static gboolean on_estimate_output(GtkSpinButton *spin, BuxPage *self)
{
    if (gtk_adjustment_get_value(self->estimate_adjustment) >= 0)
        return FALSE;
    gtk_editable_set_text(GTK_EDITABLE(spin), "");
    return TRUE;
}

/* An empty field is -1, not the 0 GTK reads from it (when it loses the focus, too). */
static int on_estimate_input(GtkSpinButton *spin, double *value, BuxPage *self)
{
    const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
    for (const char *c = text; c != NULL && *c != '\0'; c++) {
        if (!g_ascii_isspace(*c))
            return FALSE;
    }
    *value = -1;
    return TRUE;
}

static void estimate_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    int seat = asked_estimate(self);
    if (seat < 0 || asked_already(self))
        return;
    g_autoptr(GError) error = NULL;
    gtk_spin_button_update(GTK_SPIN_BUTTON(self->estimate_spin));
    int value = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(self->estimate_spin));
    if (value < 0)
        return;
    report(self, bux_game_estimate(game_of(self), seat, value, &error), error);
}

static const char *arm_name(BuxArm arm)
{
    static const char *const names[] = { N_("North arm"), N_("South arm"), N_("West arm"),
                                         N_("East arm") };
    return _(names[arm]);
}

static BuxArm arm_of(const BuxScoring *sc, int card)
{
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        for (guint i = 0; i < sc->arms[a]->len; i++) {
            if (g_array_index(sc->arms[a], int, i) == card)
                return a;
        }
    }
    return BUX_ARM_NORTH;
}

static char *names_list(BuxPage *self, const int *flags, guint n)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new();
    for (guint i = 0; i < n; i++) {
        if (flags[i])
            g_ptr_array_add(names, (gpointer)seat_name(self, i));
    }
    if (names->len == 0)
        return g_strdup("");
    /* Whole patterns, from the end: "Ben and Cem", then "Anna, Ben and Cem". */
    char *list = g_strdup(g_ptr_array_index(names, names->len - 1));
    for (guint k = names->len - 1; k-- > 0;) {
        char *longer = k == names->len - 2
                           /* Translators: the last two names of a list: "Ben and Cem" */
                           ? g_strdup_printf(_("%s and %s"), (char *)g_ptr_array_index(names, k),
                                             list)
                           /* Translators: a name before the rest of a list: "Anna, Ben and
                            * Cem" */
                           : g_strdup_printf(C_("list", "%s, %s"),
                                             (char *)g_ptr_array_index(names, k), list);
        g_free(list);
        list = longer;
    }
    return list;
}

static void update_scoring_text(BuxPage *self)
{
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    int n_wrong = sc->wrong->len;
    guint n = sc->n_players;
    g_autofree char *title = sc->final ? g_strdup(_("Final Scoring"))
                                       : g_strdup_printf(_("Intermezzo · Cross %u of 3"), sc->cross);
    gtk_label_set_text(self->scoring_title, title);

    g_autoptr(GString) list = g_string_new(NULL);
    for (guint i = 0; i < n; i++) {
        if (i > 0)
            g_string_append(list, ", ");
        /* Translators: one entry of the list of estimates: "Anna 3" */
        g_string_append_printf(list, C_("estimate", "%s %d"), seat_name(self, i),
                               sc->estimates[i]);
    }
    GString *s = g_string_new(NULL);
    /* Translators: "Estimates: Anna 3, Ben 2" */
    g_string_append_printf(s, _("Estimates: %s"), list->str);
    g_string_append(s, "\n\n");
    if (self->scoring_step == 0) {
        g_string_append(s, _("Checking every arm from the starting card outward; a wrong card "
                             "is set aside at once and no longer serves as a reference."));
    } else if (self->scoring_step <= n_wrong) {
        int k = self->scoring_step - 1;
        int card = g_array_index(sc->wrong, int, k);
        int ref = g_array_index(sc->wrong_ref, int, k);
        BuxArm arm = arm_of(sc, card);
        g_autofree char *verdict = verdict_sentence(self, arm, card, ref, FALSE);
        /* Translators: "North arm: Kiel lies further south than Hamburg: wrong." */
        g_string_append_printf(s, C_("arm verdict", "%s: %s"), arm_name(arm), verdict);
        g_string_append_c(s, '\n');
        if (show_coordinates(self)) {
            g_autofree char *cc = coordinate_text(card_of(self, card), arm);
            g_autofree char *rc = coordinate_text(card_of(self, ref), arm);
            g_string_append_printf(s, "%s: %s\n%s: %s\n", name_of(self, card), cc,
                                   name_of(self, ref), rc);
        }
        g_string_append_c(s, '\n');
        g_string_append_printf(s, ngettext("%d wrong card so far.", "%d wrong cards so far.",
                                           k + 1), k + 1);
    } else {
        g_string_append_printf(s, ngettext("%d card was wrong.", "%d cards were wrong.",
                                           sc->count), sc->count);
        g_string_append(s, " ");
        g_autofree char *who = names_list(self, sc->award, n);
        guint winners = 0;
        for (guint i = 0; i < n; i++)
            winners += sc->award[i] != 0;
        if (sc->exact)
            g_string_append_printf(s, ngettext("%s guessed it exactly and gets 2 chips.",
                                               "%s guessed it exactly and get 2 chips each.",
                                               winners), who);
        else
            g_string_append_printf(s, ngettext("Nobody guessed it exactly; %s came closest and "
                                               "gets 1 chip.",
                                               "Nobody guessed it exactly; %s came closest and "
                                               "get 1 chip each.", winners), who);
        gboolean short_paid = FALSE;
        for (guint i = 0; i < n; i++)
            short_paid |= sc->received[i] < sc->award[i];
        if (short_paid)
            g_string_append_printf(s, " %s", _("The supply could not pay everything."));
        if (self->scoring_exchanges->len > 0)
            g_string_append_printf(s, "\n\n%s", self->scoring_exchanges->str);
        g_string_append(s, "\n\n");
        g_string_append(s, sc->final ? _("That was the last card: the game is over.")
                                     : _("The whole cross leaves the game and a new starting "
                                         "card is laid."));
    }
    g_autofree char *text = g_string_free(s, FALSE);
    gtk_label_set_text(self->scoring_label, text);
    gboolean at_end = self->scoring_step > n_wrong;
    gtk_button_set_label(GTK_BUTTON(self->scoring_continue),
                         at_end ? C_("advance", "_Continue") : _("_Skip to Result"));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->scoring_continue));
}

/* Shows step of the running scoring on the cross and in its text. At its last step, where
 * the text tells who gets chips, the players' chips and the supply show them paid at once
 * (issue 36), as a challenge's do. */
static void show_scoring_step(BuxPage *self, int step)
{
    self->scoring_step = step;
    bux_cross_set_scoring_step(self->cross, step);
    update_scoring_text(self);
    update_players(self);
}

static gboolean scoring_tick(gpointer data)
{
    BuxPage *self = data;
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    int step = self->scoring_step + 1;
    if (step > (int)sc->wrong->len) {
        step = sc->wrong->len + 1;
        self->scoring_timer = 0;
        auto_continue(self, any_local(self));
    }
    show_scoring_step(self, step);
    return self->scoring_timer != 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void on_scored(BuxPage *self)
{
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    self->in_scoring = FALSE;
    if (self->scoring_step < 0)
        hold(self);
    g_clear_handle_id(&self->scoring_timer, g_source_remove);
    int step = 0;
    guint ms = step_ms(self);
    if (ms == 0) {
        step = sc->wrong->len + 1;
        auto_continue(self, any_local(self));
    } else
        self->scoring_timer = g_timeout_add(ms, scoring_tick, self);
    show_scoring_step(self, step);
    set_note(self, NULL);
    update_view(self);
}

static void finish_scoring(BuxPage *self)
{
    g_clear_handle_id(&self->result_timeout, g_source_remove);
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    g_autoptr(GArray) cards = g_array_new(FALSE, FALSE, sizeof(int));
    g_array_append_val(cards, sc->start);
    for (guint a = 0; a < BUX_N_ARMS; a++)
        g_array_append_vals(cards, sc->arms[a]->data, sc->arms[a]->len);
    /* RULES.md: every card of the cross leaves the game; the last cross stays on the table
     * beside the ranking. */
    if (!sc->final)
        bux_cross_animate_leaving(self->cross, (int *)cards->data, cards->len);
    self->scoring_step = -1;
    g_clear_handle_id(&self->scoring_timer, g_source_remove);
    bux_cross_set_scoring_step(self->cross, -1);
    update_view(self);
    release(self);
}

static void continue_activated(GtkWidget *widget, const char *action, GVariant *param)
{
    BuxPage *self = BUX_PAGE(widget);
    if (self->scoring_step >= 0) {
        const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
        if (self->scoring_step <= (int)sc->wrong->len) {
            g_clear_handle_id(&self->scoring_timer, g_source_remove);
            show_scoring_step(self, sc->wrong->len + 1);
        } else {
            finish_scoring(self);
        }
        return;
    }
    finish_result(self);
}

/* ---- the end ---------------------------------------------------------------------------- */

static void update_over(BuxPage *self)
{
    guint n = lp_game_get_n_players(LP_GAME(game_of(self)));
    g_autofree guint *order = g_new(guint, n);
    for (guint i = 0; i < n; i++)
        order[i] = i;
    for (guint i = 1; i < n; i++) {
        for (guint j = i; j > 0 && bux_game_get_score(game_of(self), order[j]) >
                                       bux_game_get_score(game_of(self), order[j - 1]);
             j--) {
            guint t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    guint best = bux_game_get_score(game_of(self), order[0]);
    g_autofree int *winners = g_new0(int, n);
    guint n_winners = 0;
    for (guint i = 0; i < n; i++) {
        winners[i] = bux_game_get_score(game_of(self), i) == best;
        n_winners += winners[i];
    }
    g_autofree char *who = names_list(self, winners, n);
    g_autofree char *title = n_winners == 1 ? g_strdup_printf(_("%s wins!"), who)
                                            : g_strdup_printf(_("%s share the win!"), who);
    gtk_label_set_text(self->over_title, title);

    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(self->ranking_box)) != NULL)
        gtk_box_remove(GTK_BOX(self->ranking_box), child);
    guint rank = 1;
    for (guint i = 0; i < n; i++) {
        guint s = order[i];
        guint score = bux_game_get_score(game_of(self), s);
        if (i > 0 && score < bux_game_get_score(game_of(self), order[i - 1]))
            rank = i + 1;
        g_autofree char *chips = chips_text(self, s);
        g_autofree char *line =
            bux_game_get_n_bonus(game_of(self), s) == 0
                /* Translators: a line of the final ranking: "1. Anna: 17 chips" */
                ? g_strdup_printf(_("%u. %s: %s"), rank, seat_name(self, s), chips)
                /* Translators: "1. Anna: 17 (12 chips · 1 bonus card)" */
                : g_strdup_printf(_("%u. %s: %u (%s)"), rank, seat_name(self, s), score, chips);
        GtkWidget *label = gtk_label_new(line);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_label_set_wrap(GTK_LABEL(label), TRUE);
        gtk_label_set_max_width_chars(GTK_LABEL(label), 30);
        if (winners[s])
            gtk_widget_add_css_class(label, "heading");
        gtk_box_append(GTK_BOX(self->ranking_box), label);
    }
}

/* ---- the view --------------------------------------------------------------------------- */

static LpPrivacyScreen *privacy_of(BuxPage *self)
{
    return lp_game_page_get_privacy_screen(LP_GAME_PAGE(self));
}

static void uncover(BuxPage *self)
{
    LpPrivacyScreen *privacy = privacy_of(self);
    if (privacy != NULL && lp_privacy_screen_is_covered(privacy))
        lp_privacy_screen_uncover(privacy);
    self->revealed_for = -1;
}

static void show_waiting(BuxPage *self, const char *text)
{
    gtk_label_set_text(self->waiting_label, text);
    show_mode(self, "waiting");
}

static gboolean human_places(BuxPage *self)
{
    return bux_game_get_phase(game_of(self)) == BUX_PHASE_PLACE &&
           seat_local(self, bux_game_get_turn_seat(game_of(self))) && !self->showing_result &&
           self->scoring_step < 0;
}

static void show_place(BuxPage *self)
{
    guint turn = bux_game_get_turn_seat(game_of(self));
    int card = bux_game_get_hand(game_of(self));
    if (!human_places(self) && seat_away(self, turn)) {
        /* The card drawn is read aloud (RULES.md): everybody may know it. */
        g_autofree char *waiting = waiting_for(self, turn);
        g_autofree char *hand = g_strdup_printf(_("Card in hand: %s"), name_of(self, card));
        g_autofree char *text = g_strdup_printf("%s\n%s", waiting, hand);
        show_waiting(self, text);
        return;
    }
    if (!human_places(self)) {
        g_autofree char *text = g_strdup_printf(_("%s is placing %s…"), seat_name(self, turn),
                                                name_of(self, card));
        show_waiting(self, text);
        return;
    }
    g_autofree char *title = g_strdup_printf(_("%s, where does this card go?"),
                                             seat_name(self, turn));
    gtk_label_set_text(self->place_title, title);
    gtk_label_set_text(GTK_LABEL(self->hand_card), name_of(self, card));
    g_autofree char *access = g_strdup_printf(_("Card in hand: %s"), name_of(self, card));
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->hand_card),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, access, -1);
    update_gap_label(self);
    show_mode(self, "place");
}

static void show_challenge(BuxPage *self)
{
    update_challenge(self);
    show_mode(self, "challenge");
}

static void show_neighbour(BuxPage *self)
{
    int challenger = bux_game_get_challenger(game_of(self));
    if (!seat_local(self, challenger)) {
        g_autofree char *text = g_strdup_printf(_("%s calls “Wrong!” and picks a "
                                                  "neighbour…"),
                                                seat_name(self, challenger));
        if (seat_away(self, challenger)) {
            g_autofree char *waiting = waiting_for(self, challenger);
            g_autofree char *both = g_strdup_printf("%s\n%s", waiting, text);
            show_waiting(self, both);
        } else {
            show_waiting(self, text);
        }
        return;
    }
    update_neighbour(self);
    show_mode(self, "neighbour");
}

static void show_estimate(BuxPage *self)
{
    int next = bux_game_get_estimating_seat(game_of(self));
    if (next < 0) {
        show_waiting(self, "");
        return;
    }
    if (!seat_human(self, next)) {
        uncover(self);
        g_autofree char *text = g_strdup_printf(_("Intermezzo! %s is estimating…"),
                                                seat_name(self, next));
        show_waiting(self, text);
        return;
    }
    int seat = asked_estimate(self);
    if (seat < 0) {
        /* Every person here has estimated; the others do so at their own screens. */
        uncover(self);
        guint n = lp_game_get_n_players(LP_GAME(game_of(self)));
        g_autofree int *away = g_new0(int, n);
        for (guint s = 0; s < n; s++)
            away[s] = seat_away(self, s) && !bux_game_has_estimated(game_of(self), s);
        g_autofree char *text = waiting_text(self, away);
        show_waiting(self, text);
        return;
    }
    /* RULES.md hidden information: estimates are entered one human at a time. */
    LpPrivacyScreen *privacy = privacy_of(self);
    if (privacy != NULL && self->revealed_for != seat) {
        if (!lp_privacy_screen_is_covered(privacy) || g_strcmp0(self->mode, "covered"))
            lp_privacy_screen_cover(privacy, seat_name(self, seat),
                                    _("Intermezzo: estimate secretly how many cards of the "
                                      "cross are wrong."));
        self->mode = "covered";
        self->revealed_for = -2;
        return;
    }
    int max = bux_game_get_max_estimate(game_of(self));
    if (g_strcmp0(self->mode, "estimate") != 0)
        clear_estimate(self);
    gtk_adjustment_set_upper(self->estimate_adjustment, max);
    g_autofree char *text = g_strdup_printf(_("Intermezzo! %s, how many cards of the cross "
                                              "are wrong? (0 to %d)"),
                                            seat_name(self, seat), max);
    gtk_label_set_text(self->estimate_label, text);
    show_mode(self, "estimate");
}

static void show_over(BuxPage *self)
{
    /* The last cross stays on the table, checked, beside the ranking. */
    const BuxScoring *sc = bux_game_get_last_scoring(game_of(self));
    if (sc != NULL)
        bux_cross_set_scoring_step(self->cross, sc->wrong->len + 1);
    update_over(self);
    show_mode(self, "over");
    lp_game_page_set_finished(LP_GAME_PAGE(self), TRUE);
}

/* Everything the page shows follows from the model and from what the page is showing of
 * its own (a challenge result, a scoring); one function per part of the action stack. */
static void update_view(BuxPage *self)
{
    if (game_of(self) == NULL)
        return;
    update_players(self);
    update_progress(self);
    bux_cross_set_interactive(self->cross, human_places(self));
    /* The challenged pair is face up while its result is read, then face down again: the next
     * player must not see its coordinates (RULES.md: hidden information). */
    bux_cross_set_show_revealed(self->cross, self->showing_result);

    if (self->scoring_step >= 0) {
        uncover(self);
        show_mode(self, "scoring");
        return;
    }
    if (self->showing_result) {
        uncover(self);
        show_mode(self, "result");
        return;
    }
    BuxPhase phase = bux_game_get_phase(game_of(self));
    if (phase != BUX_PHASE_ESTIMATE)
        uncover(self);
    switch (phase) {
    case BUX_PHASE_START:
        show_waiting(self, _("Laying the starting card…"));
        break;
    case BUX_PHASE_PLACE:
        show_place(self);
        break;
    case BUX_PHASE_CHALLENGE:
        show_challenge(self);
        break;
    case BUX_PHASE_NEIGHBOUR:
        show_neighbour(self);
        break;
    case BUX_PHASE_ESTIMATE:
        show_estimate(self);
        break;
    case BUX_PHASE_OVER:
        show_over(self);
        break;
    }
}

static gboolean map_focus_cb(gpointer data)
{
    BuxPage *self = data;
    self->map_focus = 0;
    focus_mode(self);
    return G_SOURCE_REMOVE;
}

/* Not at once: a page that replaces another (issue 31, lp_game_page_carry_over()) is shown
 * before the focus is carried over from the page it replaces. */
static void on_map(GtkWidget *widget, gpointer user_data)
{
    BuxPage *self = BUX_PAGE(widget);
    if (self->map_focus == 0)
        self->map_focus = g_idle_add(map_focus_cb, self);
}

/* ---- a newer view (issue 31) ------------------------------------------------------------ */

static gboolean same_challenge(const BuxChallenge *a, const BuxChallenge *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return a->placer == b->placer && a->challenger == b->challenger && a->card == b->card &&
           a->neighbour == b->neighbour && a->arm == b->arm && a->index == b->index &&
           a->side == b->side;
}

static gboolean same_scoring(const BuxScoring *a, const BuxScoring *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return a->cross == b->cross && a->final == b->final && a->start == b->start;
}

/* LpGamePage::carry_over: a joining window shows each view of its seat on a new page over a
 * new mirror. A mirror is built from the view and tells nothing by signals, so what a page
 * at home learns from them ("challenge-resolved", "scored", "no-challenge") this page finds
 * by comparing its game with the previous page's; and what the person was reading or
 * typing stays. Nothing here waits for anybody but the person at this screen: the host's
 * game goes on without the page. */
static void bux_page_carry_over(LpGamePage *page, LpGamePage *previous)
{
    BuxPage *self = BUX_PAGE(page), *prev = BUX_PAGE(previous);
    BuxGame *game = game_of(self), *was = game_of(prev);
    g_clear_handle_id(&self->map_focus, g_source_remove);

    bux_cross_carry_over(self->cross, prev->cross);
    g_string_assign(self->exchanges, prev->exchanges->str);

    /* A note stays until the next card is placed, as at home. */
    gboolean placed_since = bux_game_get_n_placed(game) != bux_game_get_n_placed(was) ||
                            bux_game_get_cross_number(game) != bux_game_get_cross_number(was);
    if (prev->note != NULL && !placed_since)
        set_note(self, prev->note);

    const BuxChallenge *before = bux_game_get_last_challenge(was);
    const BuxChallenge *now = bux_game_get_last_challenge(game);
    BuxArm arm;
    guint index;
    if (now != NULL && !same_challenge(before, now) && bux_game_is_revealed(game, now->card)) {
        on_challenge_resolved(self);
    } else if (now != NULL && prev->showing_result) {
        /* Still being read: with the text as it was (it told the bonus exchanges). */
        on_challenge_resolved(self);
        gtk_label_set_text(self->result_label, gtk_label_get_text(prev->result_label));
        continue_as(self, prev);
    } else if (bux_game_get_phase(was) == BUX_PHASE_CHALLENGE &&
               bux_game_get_phase(game) != BUX_PHASE_CHALLENGE &&
               bux_game_get_phase(game) != BUX_PHASE_NEIGHBOUR && same_challenge(before, now) &&
               !placed_since && bux_game_get_placed(was, &arm, &index)) {
        g_autofree char *note = g_strdup_printf(_("Nobody objected: %s stays."),
                                                name_of(self, bux_game_get_arm_card(was, arm,
                                                                                    index)));
        set_note(self, note);
    }

    const BuxScoring *scored = bux_game_get_last_scoring(game);
    if (scored != NULL && !same_scoring(bux_game_get_last_scoring(was), scored)) {
        /* The scoring came after the challenge: its result is no longer what happens now. */
        if (self->showing_result) {
            self->showing_result = FALSE;
            g_clear_handle_id(&self->result_timeout, g_source_remove);
            release(self);
        }
        on_cross_checked(self);
        on_scored(self);
    } else if (scored != NULL && prev->scoring_step >= 0) {
        /* The steps go on from where they were. */
        hold(self);
        g_string_assign(self->scoring_exchanges, prev->scoring_exchanges->str);
        memcpy(self->scoring_bonus, prev->scoring_bonus, sizeof self->scoring_bonus);
        if (prev->scoring_timer != 0)
            self->scoring_timer = g_timeout_add(MAX(step_ms(self), 1), scoring_tick, self);
        else if (prev->result_timeout != 0) {
            auto_continue(self, FALSE);
            continue_as(self, prev);
        }
        show_scoring_step(self, prev->scoring_step);
        update_view(self);
    }

    /* The typed estimate: the spin button keeps its text only once it is read as a value. */
    if (g_strcmp0(self->mode, "estimate") == 0 && g_strcmp0(prev->mode, "estimate") == 0 &&
        asked_estimate(self) == asked_estimate(prev)) {
        const char *typed = gtk_editable_get_text(GTK_EDITABLE(prev->estimate_spin));
        if (g_strcmp0(typed, gtk_editable_get_text(GTK_EDITABLE(self->estimate_spin))) != 0)
            gtk_editable_set_text(GTK_EDITABLE(self->estimate_spin), typed);
        update_estimate_action(self);
    }

    /* A part of the page that changed takes the focus as at home; the same part keeps what
     * the base carried over, or else gets its own. */
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (g_strcmp0(prev->mode, self->mode) != 0 || focus == NULL ||
        !gtk_widget_is_ancestor(focus, GTK_WIDGET(self)))
        focus_mode(self);
    /* Never left on the page that goes: the window would keep it, and the keys would go to
     * it (GTK 4.8 does not move a focus from a removed widget). */
    focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(prev)) &&
        !gtk_widget_child_focus(GTK_WIDGET(self), GTK_DIR_TAB_FORWARD))
        gtk_root_set_focus(root, NULL);
}

/* LpGamePage::forget_seat: the cover went up; the next person's field starts empty. */
static void bux_page_forget_seat(LpGamePage *page)
{
    clear_estimate(BUX_PAGE(page));
}

/* LpGamePage::revealed: the seat the privacy screen was covered for now looks. */
static void bux_page_revealed(LpGamePage *page)
{
    BuxPage *self = BUX_PAGE(page);
    self->revealed_for = asked_estimate(self);
    self->mode = NULL;
    update_view(self);
}

static void on_card_placed(BuxPage *self, guint arm, guint index)
{
    set_note(self, NULL);
    bux_cross_keep_in_view(self->cross, bux_game_get_arm_card(game_of(self), arm, index));
}

static void on_cross_started(BuxPage *self, int card)
{
    bux_cross_keep_in_view(self->cross, card);
}

/* ---- class ------------------------------------------------------------------------------ */

/* ---- big screens ------------------------------------------------------------------------ */

/* From this size on the side panel grows with the cross (issue 13: the board scales to its
 * space), so that its text is read from where the cross is read. */
#define LARGE_WIDTH 1600
#define LARGE_HEIGHT 900
#define SIDE_WIDTH 360
#define SIDE_WIDTH_LARGE 540

static gboolean is_large(int width, int height)
{
    return width >= LARGE_WIDTH && height >= LARGE_HEIGHT;
}

static gboolean apply_large(gpointer data)
{
    BuxPage *self = data;
    self->large_idle = 0;
    self->large = is_large(gtk_widget_get_width(GTK_WIDGET(self)),
                           gtk_widget_get_height(GTK_WIDGET(self)));
    if (self->large)
        gtk_widget_add_css_class(self->content, "large");
    else
        gtk_widget_remove_css_class(self->content, "large");
    gtk_widget_set_size_request(self->side_scroller,
                                self->large ? SIDE_WIDTH_LARGE : SIDE_WIDTH, -1);
    return G_SOURCE_REMOVE;
}

/* The page lays its children out as a GtkBinLayout would (the content, and the privacy
 * screen over it), but sees its own size go by: a layout manager would hide it. */
static void bux_page_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                             int *minimum, int *natural, int *minimum_baseline,
                             int *natural_baseline)
{
    *minimum = *natural = 0;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        int min, nat;
        if (!gtk_widget_should_layout(c))
            continue;
        gtk_widget_measure(c, orientation, for_size, &min, &nat, NULL, NULL);
        *minimum = MAX(*minimum, min);
        *natural = MAX(*natural, nat);
    }
}

static void bux_page_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    BuxPage *self = BUX_PAGE(widget);
    /* A new style and width change the layout: not in the middle of this allocation. */
    if (is_large(width, height) != self->large && self->large_idle == 0)
        self->large_idle = g_idle_add(apply_large, self);
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        if (gtk_widget_should_layout(c))
            gtk_widget_allocate(c, width, height, baseline, NULL);
    }
}

static void bux_page_dispose(GObject *object)
{
    BuxPage *self = BUX_PAGE(object);
    g_clear_handle_id(&self->large_idle, g_source_remove);
    g_clear_handle_id(&self->map_focus, g_source_remove);
    /* The base class drops the model's handlers, releases the holds and unparents the
     * privacy screen. */
    g_clear_handle_id(&self->result_timeout, g_source_remove);
    g_clear_handle_id(&self->scoring_timer, g_source_remove);
    gtk_widget_dispose_template(GTK_WIDGET(self), BUX_TYPE_PAGE);
    G_OBJECT_CLASS(bux_page_parent_class)->dispose(object);
}

static void bux_page_finalize(GObject *object)
{
    BuxPage *self = BUX_PAGE(object);
    g_free(self->note);
    g_string_free(self->exchanges, TRUE);
    g_string_free(self->scoring_exchanges, TRUE);
    G_OBJECT_CLASS(bux_page_parent_class)->finalize(object);
}

static void bux_page_constructed(GObject *object);

static void bux_page_class_init(BuxPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = bux_page_dispose;
    object_class->finalize = bux_page_finalize;
    object_class->constructed = bux_page_constructed;

    widget_class->measure = bux_page_measure;
    widget_class->size_allocate = bux_page_size_allocate;

    LpGamePageClass *page_class = LP_GAME_PAGE_CLASS(klass);
    page_class->game_type = BUX_TYPE_GAME;
    page_class->picture = "/io/github/landpartie/Landpartie/app/tile-buxtehude.svg";
    page_class->howto = &bux_howto;
    page_class->css_resource = "/io/github/landpartie/Landpartie/buxtehude/bux-page.css";
    page_class->revealed = bux_page_revealed;
    page_class->forget_seat = bux_page_forget_seat;
    page_class->carry_over = bux_page_carry_over;

    g_type_ensure(BUX_TYPE_CROSS);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/landpartie/Landpartie/ui/"
                                                "bux-page.ui");
#define CHILD(name) gtk_widget_class_bind_template_child(widget_class, BuxPage, name)
    CHILD(content);
    CHILD(cross);
    CHILD(side_scroller);
    CHILD(progress_label);
    CHILD(players_box);
    CHILD(supply_label);
    CHILD(note_label);
    CHILD(action_stack);
    CHILD(waiting_spinner);
    CHILD(waiting_label);
    CHILD(place_title);
    CHILD(hand_card);
    CHILD(gap_label);
    CHILD(challenge_box);
    CHILD(challenge_label);
    CHILD(wrong_box);
    CHILD(no_objection_button);
    CHILD(thinking_box);
    CHILD(thinking_spinner);
    CHILD(thinking_label);
    CHILD(neighbour_label);
    CHILD(inner_button);
    CHILD(outer_button);
    CHILD(result_title);
    CHILD(result_label);
    CHILD(result_continue);
    CHILD(estimate_label);
    CHILD(estimate_spin);
    CHILD(estimate_adjustment);
    CHILD(scoring_title);
    CHILD(scoring_label);
    CHILD(scoring_continue);
    CHILD(over_title);
    CHILD(ranking_box);
    CHILD(play_again_button);
#undef CHILD
    gtk_widget_class_bind_template_callback(widget_class, on_gap_activated);
    gtk_widget_class_bind_template_callback(widget_class, on_selection_changed);

    gtk_widget_class_install_action(widget_class, "bux.place-selected", NULL,
                                    place_selected_activated);
    gtk_widget_class_install_action(widget_class, "bux.no-objection", NULL,
                                    no_objection_activated);
    gtk_widget_class_install_action(widget_class, "bux.challenge", "u", challenge_activated);
    gtk_widget_class_install_action(widget_class, "bux.neighbour", "u", neighbour_activated);
    gtk_widget_class_install_action(widget_class, "bux.estimate", NULL, estimate_activated);
    gtk_widget_class_install_action(widget_class, "bux.continue", NULL, continue_activated);
}

static void bux_page_init(BuxPage *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    /* LpGamePage gives its pages a GtkBinLayout; this one measures and allocates itself. */
    gtk_widget_set_layout_manager(GTK_WIDGET(self), NULL);
    self->exchanges = g_string_new(NULL);
    self->scoring_exchanges = g_string_new(NULL);
    self->scoring_step = -1;
    self->revealed_for = -1;

    /* GTK 4.8 names mnemonic buttons twice ("_Done Done"). */
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

    GtkDragSource *drag = gtk_drag_source_new();
    gtk_drag_source_set_actions(drag, GDK_ACTION_MOVE);
    g_signal_connect(drag, "prepare", G_CALLBACK(on_drag_prepare), self);
    gtk_widget_add_controller(self->hand_card, GTK_EVENT_CONTROLLER(drag));

    /* Enter in the estimate field means Done (GtkSpinButton::activate is GTK 4.14+). */
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut(
        GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_alternative_trigger_new(gtk_keyval_trigger_new(GDK_KEY_Return, 0),
                                                     gtk_keyval_trigger_new(GDK_KEY_KP_Enter,
                                                                            0)),
                         gtk_named_action_new("bux.estimate")));
    gtk_widget_add_controller(self->estimate_spin, keys);
    g_signal_connect_swapped(self->estimate_spin, "changed", G_CALLBACK(update_estimate_action),
                             self);
    g_signal_connect_swapped(self->estimate_spin, "value-changed",
                             G_CALLBACK(update_estimate_action), self);
    g_signal_connect(self->estimate_spin, "output", G_CALLBACK(on_estimate_output), self);
    g_signal_connect(self->estimate_spin, "input", G_CALLBACK(on_estimate_input), self);
    clear_estimate(self);
    /* A restored game's page gets its window later: the mode's focus then, not the first
     * button GTK finds (the red "Wrong!", issue 10). */
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);

    /* The model's signals, through the base class's group: it gets its target once the
     * "game" property is set and drops every handler when the page goes. */
    GSignalGroup *game_signals = lp_game_page_get_game_signals(LP_GAME_PAGE(self));
    const char *updates[] = { "phase-changed", "turn-started", "chips-changed", "decided",
                              "estimate-entered", "game-over" };
    for (guint k = 0; k < G_N_ELEMENTS(updates); k++)
        g_signal_group_connect_swapped(game_signals, updates[k], G_CALLBACK(update_view), self);
    g_signal_group_connect_swapped(game_signals, "challenge-resolved",
                                   G_CALLBACK(on_challenge_resolved), self);
    g_signal_group_connect_swapped(game_signals, "no-challenge", G_CALLBACK(on_no_challenge),
                                   self);
    g_signal_group_connect_swapped(game_signals, "scored", G_CALLBACK(on_scored), self);
    g_signal_group_connect_swapped(game_signals, "cross-checked", G_CALLBACK(on_cross_checked),
                                   self);
    g_signal_group_connect_swapped(game_signals, "bonus-exchanged",
                                   G_CALLBACK(on_bonus_exchanged), self);
    g_signal_group_connect_swapped(game_signals, "card-placed", G_CALLBACK(on_card_placed),
                                   self);
    g_signal_group_connect_swapped(game_signals, "cross-started", G_CALLBACK(on_cross_started),
                                   self);
}

BuxPage *bux_page_new(BuxGame *game, LpDriver *driver)
{
    g_return_val_if_fail(BUX_IS_GAME(game), NULL);
    g_return_val_if_fail(LP_IS_DRIVER(driver), NULL);
    return BUX_PAGE(lp_game_page_new(BUX_TYPE_PAGE, LP_GAME(game), driver, NULL));
}

static void bux_page_constructed(GObject *object)
{
    BuxPage *self = BUX_PAGE(object);
    G_OBJECT_CLASS(bux_page_parent_class)->constructed(object);
    bux_cross_set_settings(self->cross, lp_game_page_get_settings(LP_GAME_PAGE(self)));
    bux_cross_set_game(self->cross, game_of(self));
    lp_where_button_add_after(self->ranking_box, LP_GAME(game_of(self)));
    /* A resumed game with a long arm opens on the starting card. */
    int start = bux_game_get_start_card(game_of(self));
    if (start >= 0)
        bux_cross_keep_in_view(self->cross, start);
    update_view(self);
}

BuxGame *bux_page_get_game(BuxPage *self)
{
    g_return_val_if_fail(BUX_IS_PAGE(self), NULL);
    return game_of(self);
}

const char *bux_page_get_mode(BuxPage *self)
{
    g_return_val_if_fail(BUX_IS_PAGE(self), NULL);
    return self->mode;
}
