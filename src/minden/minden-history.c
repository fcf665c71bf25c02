/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The round history popover (issue 12: "who took which card, each tip, the solution cell,
 * right or wrong, and fields moved"), built from the model's history of scored tips. */
#include "config.h"

#include "minden-history.h"

#include <glib/gi18n.h>

#include "lp-theme.h"
#include "minden-labels.h"

struct _MindenHistory {
    GtkPopover parent_instance;

    MindenGame *game;
    GtkWidget *list;        /* round sections, newest first */
    GtkWidget *placeholder; /* shown while nothing is scored */
    GtkWidget *section;     /* the newest round's section, or NULL */
    guint section_round;
    guint shown;            /* history entries shown so far */
};

G_DEFINE_FINAL_TYPE(MindenHistory, minden_history, GTK_TYPE_POPOVER)

enum {
    PROP_0,
    PROP_GAME,
    N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The distinct cells the card's solution points lie in, each as a full tip of 4 stones, those
 * inside the tip first (they made it right). The card was scored, so the rules show its
 * solution to everybody. */
static GArray *solution_cells(MindenGame *game, guint card, const MindenTip *tip)
{
    const MindenPoint *points = NULL;
    guint n = 0;
    GArray *cells = g_array_new(FALSE, FALSE, sizeof(MindenTip));

    if (!minden_game_get_solutions(game, LP_VIEWER_ONLOOKER, card, &points, &n))
        return cells;
    for (guint i = 0; i < n; i++) {
        MindenTip cell;
        gboolean seen = FALSE;
        minden_grid_locate(points[i].lat, points[i].lon, &cell);
        for (guint k = 0; k < cells->len && !seen; k++)
            seen = minden_tip_equal(&g_array_index(cells, MindenTip, k), &cell);
        if (seen)
            continue;
        if (minden_tip_contains_cell(tip, &cell))
            g_array_prepend_val(cells, cell);
        else
            g_array_append_val(cells, cell);
    }
    return cells;
}

/* Areas like the Eifel lie in many cells: two are enough to see where, the rest would make
 * the line hard to read. */
#define MAX_CELLS 2

static char *join_cells(GArray *cells, gboolean spoken)
{
    g_autoptr(GString) s = g_string_new(NULL);
    for (guint i = 0; i < MIN(cells->len, MAX_CELLS); i++) {
        const MindenTip *cell = &g_array_index(cells, MindenTip, i);
        g_autofree char *text = spoken ? minden_label_tip_long(cell) : minden_label_tip(cell);
        if (i > 0)
            g_string_append(s, " / ");
        g_string_append(s, text);
    }
    if (cells->len > MAX_CELLS)
        g_string_append(s, " / …");
    return g_string_free(g_steal_pointer(&s), FALSE);
}

static char *move_text(const MindenScoredTip *t, gboolean spoken)
{
    if (t->to == t->from)
        /* Translators: a tip's result in the round history: the figure did not move. */
        return g_strdup_printf(_("stays on field %u"), t->to);
    if (spoken)
        /* Translators: a tip's result in the round history, for screen readers. */
        return g_strdup_printf(_("from field %u to %u"), t->from, t->to);
    /* Translators: a tip's result in the round history: the figure moved from … to … */
    return g_strdup_printf(_("field %u → %u"), t->from, t->to);
}

/* One scored tip: a line of markup, and the same in words for screen readers. */
static GtkWidget *entry_line(MindenHistory *self, const MindenScoredTip *t)
{
    LpPlayer *player = lp_game_get_player(LP_GAME(self->game), t->seat);
    const MindenCard *card = minden_deck_get_card(minden_game_get_deck(self->game), t->card);
    guint n_palette = 0;
    const LpPlayerColour *palette = lp_player_colours(&n_palette);
    int ci = lp_player_colour_index(lp_player_get_colour(player));
    g_autoptr(GArray) cells = solution_cells(self->game, t->card, &t->tip);

    g_autofree char *name = g_markup_escape_text(lp_player_get_display_name(player), -1);
    g_autofree char *card_name = g_markup_escape_text(minden_card_get_name(card), -1);
    g_autofree char *tip = minden_label_tip(&t->tip);
    g_autofree char *tip_line = g_strdup_printf(_("tip: %s"), tip);
    g_autofree char *cells_text = join_cells(cells, FALSE);
    g_autofree char *solution = g_strdup_printf(
        /* Translators: the cell where a card's place lies, in the round history. */
        _("solution: %s"), cells_text);
    g_autofree char *move = move_text(t, FALSE);
    /* Right and wrong in words, symbols and colours, as in the players panel. */
    g_autofree char *markup = g_strdup_printf(
        "<span foreground=\"%s\">%s</span> <b>%s</b> · <span foreground=\"%s\">%s</span> %s\n"
        "%s → %s   <span foreground=\"%s\" weight=\"bold\">%s %s</span> · %s",
        lp_player_get_colour(player),
        ci >= 0 && (guint) ci < n_palette ? palette[ci].symbol : "●", name,
        minden_colour_hex(card->colour), minden_label_colour_symbol(card->colour), card_name,
        tip_line, solution, minden_label_result_hex(t->right, lp_theme_is_dark(GTK_WIDGET(self))),
        t->right ? "✔" : "✘",
        t->right ? _("right") : _("wrong"), move);

    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(label), markup);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_selectable(GTK_LABEL(label), FALSE);
    gtk_widget_add_css_class(label, "minden-history-line");

    g_autofree char *spoken_tip = minden_label_tip_long(&t->tip);
    g_autofree char *spoken_cells = join_cells(cells, TRUE);
    g_autofree char *spoken_move = move_text(t, TRUE);
    g_autofree char *spoken = g_strdup_printf(
        /* Translators: one scored tip of the round history for screen readers, e.g. "Round 3,
         * Anna, Hamburg: tip West, North; solution West, North, sector 9, section C; right;
         * from field 4 to 6." */
        _("Round %u, %s, %s: tip %s; solution %s; %s; %s."), t->round,
        lp_player_get_display_name(player), minden_card_get_name(card), spoken_tip, spoken_cells,
        t->right ? _("right") : _("wrong"), spoken_move);
    gtk_accessible_update_property(GTK_ACCESSIBLE(label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                   -1);
    return label;
}

static void add_entry(MindenHistory *self, const MindenScoredTip *t)
{
    if (self->section == NULL || t->round != self->section_round) {
        self->section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
        gtk_widget_add_css_class(self->section, "minden-history-round");
        g_autofree char *title = g_strdup_printf(_("Round %u"), t->round);
        GtkWidget *heading = gtk_label_new(title);
        gtk_label_set_xalign(GTK_LABEL(heading), 0);
        gtk_widget_add_css_class(heading, "heading");
        gtk_box_append(GTK_BOX(self->section), heading);
        /* Newest round first: what was just scored is what people look for. */
        gtk_box_insert_child_after(GTK_BOX(self->list), self->section, self->placeholder);
        self->section_round = t->round;
    }
    gtk_box_append(GTK_BOX(self->section), entry_line(self, t));
}

/* Shows the entries the model gained since the last call (one per "scored"). */
static void sync(MindenHistory *self)
{
    guint n = minden_game_get_history_length(self->game);

    for (; self->shown < n; self->shown++)
        add_entry(self, minden_game_get_history_entry(self->game, self->shown));
    gtk_widget_set_visible(self->placeholder, n == 0);
}

GtkWidget *minden_history_new(MindenGame *game)
{
    g_return_val_if_fail(MINDEN_IS_GAME(game), NULL);
    return g_object_new(MINDEN_TYPE_HISTORY, "game", game, NULL);
}

static void minden_history_constructed(GObject *object)
{
    MindenHistory *self = MINDEN_HISTORY(object);

    G_OBJECT_CLASS(minden_history_parent_class)->constructed(object);
    g_assert(self->game != NULL);
    g_signal_connect_object(self->game, "scored", G_CALLBACK(sync), self, G_CONNECT_SWAPPED);
    sync(self);
}

static void minden_history_set_property(GObject *object, guint prop_id, const GValue *value,
                                        GParamSpec *pspec)
{
    MindenHistory *self = MINDEN_HISTORY(object);

    switch (prop_id) {
    case PROP_GAME:
        self->game = g_value_dup_object(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void minden_history_get_property(GObject *object, guint prop_id, GValue *value,
                                        GParamSpec *pspec)
{
    MindenHistory *self = MINDEN_HISTORY(object);

    switch (prop_id) {
    case PROP_GAME:
        g_value_set_object(value, self->game);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void minden_history_dispose(GObject *object)
{
    MindenHistory *self = MINDEN_HISTORY(object);

    g_clear_object(&self->game);
    G_OBJECT_CLASS(minden_history_parent_class)->dispose(object);
}

static void minden_history_class_init(MindenHistoryClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);

    object_class->constructed = minden_history_constructed;
    object_class->set_property = minden_history_set_property;
    object_class->get_property = minden_history_get_property;
    object_class->dispose = minden_history_dispose;

    properties[PROP_GAME] = g_param_spec_object(
        "game", NULL, NULL, MINDEN_TYPE_GAME,
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

/* Built in code, not from a template: all it holds is rows made from the model. */
static void minden_history_init(MindenHistory *self)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    GtkWidget *title = gtk_label_new(_("Round History"));
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_add_css_class(title, "title-4");
    gtk_box_append(GTK_BOX(box), title);

    self->list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    self->placeholder = gtk_label_new(_("No tip has been scored yet."));
    gtk_label_set_xalign(GTK_LABEL(self->placeholder), 0);
    gtk_widget_add_css_class(self->placeholder, "dim-label");
    gtk_box_append(GTK_BOX(self->list), self->placeholder);

    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scroller), TRUE);
    gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(scroller), 480);
    gtk_widget_set_size_request(scroller, 380, -1);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), self->list);
    gtk_box_append(GTK_BOX(box), scroller);

    gtk_popover_set_child(GTK_POPOVER(self), box);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Round History"), -1);
}
