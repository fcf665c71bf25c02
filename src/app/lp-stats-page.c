/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The statistics page of the history of games (issue 15): players, figures, charts, head to
 * head, the last games; rename, merge and delete with confirmation. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-export.h"
#include "lp-game-ui.h"
#include "lp-message-dialog.h"
#include "lp-stats-page.h"
#include "lp-theme.h"

#define LAST_GAMES 20
#define CHART_PLAYERS 6
#define CONTENT_WIDTH 860

/* ---- a small chart: lines (wins over time) or grouped bars (hit rate by stones) ---- */

#define LP_TYPE_STATS_CHART (lp_stats_chart_get_type())
G_DECLARE_FINAL_TYPE(LpStatsChart, lp_stats_chart, LP, STATS_CHART, GtkWidget)

typedef struct {
    char *name;
    GdkRGBA colour;
    GArray *values; /* double */
} Series;

struct _LpStatsChart {
    GtkWidget parent_instance;
    gboolean bars;
    GPtrArray *series;
    GStrv groups; /* bars: one label per group */
    double max;
    guint n_games; /* lines: the number of the last game, under the x axis */
};

G_DEFINE_FINAL_TYPE(LpStatsChart, lp_stats_chart, GTK_TYPE_WIDGET)

static void series_free(gpointer data)
{
    Series *s = data;
    g_free(s->name);
    g_array_unref(s->values);
    g_free(s);
}

static void chart_text(GtkWidget *widget, cairo_t *cr, const char *text, double x, double y,
                       double align, const GdkRGBA *colour)
{
    PangoLayout *layout = gtk_widget_create_pango_layout(widget, text);
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    gdk_cairo_set_source_rgba(cr, colour);
    cairo_move_to(cr, x - align * w, y - h / 2.0);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

static void lp_stats_chart_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    LpStatsChart *self = LP_STATS_CHART(widget);
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    const double left = 56, right = self->bars ? 12 : 110, top = 12, bottom = 28;
    double pw = width - left - right, ph = height - top - bottom;
    GdkRGBA fg, grid;

    if (pw < 20 || ph < 20 || self->series->len == 0)
        return;
    lp_theme_get_color(widget, &fg);
    grid = fg;
    grid.alpha *= 0.25;
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, width, height));
    /* Lines count wins: an even top, so that the middle line is a whole number too. */
    double max = self->bars ? MAX(self->max, 1) : MAX(2, 2 * ceil(self->max / 2));

    /* Axes and a middle line, with their numbers. */
    cairo_set_line_width(cr, 1);
    gdk_cairo_set_source_rgba(cr, &grid);
    for (int k = 0; k <= 2; k++) {
        double y = top + ph - ph * k / 2.0;
        cairo_move_to(cr, left, y);
        cairo_line_to(cr, left + pw, y);
    }
    cairo_stroke(cr);
    for (int k = 0; k <= 2; k++) {
        g_autofree char *label = self->bars ? g_strdup_printf("%d %%", 50 * k)
                                            : g_strdup_printf("%g", max * k / 2.0);
        chart_text(widget, cr, label, left - 6, top + ph - ph * k / 2.0, 1.0, &fg);
    }

    if (self->bars) {
        guint n_groups = g_strv_length(self->groups);
        double gw = pw / MAX(n_groups, 1);
        double bw = (gw * 0.8) / self->series->len;
        for (guint g = 0; g < n_groups; g++) {
            for (guint s = 0; s < self->series->len; s++) {
                Series *se = self->series->pdata[s];
                double v = g < se->values->len ? g_array_index(se->values, double, g) : 0;
                double h = ph * MAX(v, 0) / max;
                gdk_cairo_set_source_rgba(cr, &se->colour);
                cairo_rectangle(cr, left + g * gw + gw * 0.1 + s * bw + 1, top + ph - h,
                                bw - 2, h);
                cairo_fill(cr);
            }
            chart_text(widget, cr, self->groups[g], left + g * gw + gw / 2,
                       top + ph + bottom / 2.0 + 2, 0.5, &fg);
        }
    } else {
        guint n_points = 0;
        for (guint s = 0; s < self->series->len; s++)
            n_points = MAX(n_points, ((Series *)self->series->pdata[s])->values->len);
        double dx = pw / MAX(n_points - 1, 1);
        guint n = self->series->len;
        g_autofree double *label_y = g_new0(double, n);
        g_autofree guint *order = g_new0(guint, n);
        cairo_set_line_width(cr, 2.5);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        for (guint s = 0; s < n; s++) {
            Series *se = self->series->pdata[s];
            order[s] = s;
            if (se->values->len == 0)
                continue;
            for (guint i = 0; i < se->values->len; i++) {
                double x = left + dx * i;
                double y = top + ph - ph * g_array_index(se->values, double, i) / max;
                if (i == 0)
                    cairo_move_to(cr, x, y);
                else
                    cairo_line_to(cr, x, y);
            }
            gdk_cairo_set_source_rgba(cr, &se->colour);
            cairo_stroke(cr);
            label_y[s] = top + ph - ph * g_array_index(se->values, double, se->values->len - 1) /
                                        max;
        }
        /* The names at the ends of their lines (no legend to match colours against), pushed
         * apart where lines end close together. */
        for (guint i = 1; i < n; i++) {
            for (guint j = i; j > 0 && label_y[order[j - 1]] > label_y[order[j]]; j--) {
                guint t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        }
        for (guint i = 1; i < n; i++)
            label_y[order[i]] = MAX(label_y[order[i]], label_y[order[i - 1]] + 16);
        for (guint s = 0; s < n; s++) {
            Series *se = self->series->pdata[s];
            gdk_cairo_set_source_rgba(cr, &se->colour);
            cairo_arc(cr, left + pw + 10, label_y[s], 4, 0, 2 * G_PI);
            cairo_fill(cr);
            chart_text(widget, cr, se->name, left + pw + 18, label_y[s], 0.0, &fg);
        }
        g_autofree char *last = g_strdup_printf("%u", MAX(self->n_games, 1));
        chart_text(widget, cr, "1", left, top + ph + bottom / 2.0 + 2, 0.5, &fg);
        if (self->n_games > 1)
            chart_text(widget, cr, last, left + pw, top + ph + bottom / 2.0 + 2, 0.5, &fg);
    }
    cairo_destroy(cr);
}

static void lp_stats_chart_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                   int *minimum, int *natural, int *min_baseline,
                                   int *nat_baseline)
{
    *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
    *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 600 : 200;
}

static void lp_stats_chart_finalize(GObject *object)
{
    LpStatsChart *self = LP_STATS_CHART(object);
    g_clear_pointer(&self->series, g_ptr_array_unref);
    g_clear_pointer(&self->groups, g_strfreev);
    G_OBJECT_CLASS(lp_stats_chart_parent_class)->finalize(object);
}

static void lp_stats_chart_class_init(LpStatsChartClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_stats_chart_finalize;
    GTK_WIDGET_CLASS(klass)->snapshot = lp_stats_chart_snapshot;
    GTK_WIDGET_CLASS(klass)->measure = lp_stats_chart_measure;
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_IMG);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "chart");
}

static void lp_stats_chart_init(LpStatsChart *self)
{
    self->series = g_ptr_array_new_with_free_func(series_free);
}

/* label and description are what a screen reader says: the numbers, not only the drawing. */
static LpStatsChart *chart_new(gboolean bars, const char *label, const char *description)
{
    LpStatsChart *self = g_object_new(LP_TYPE_STATS_CHART, NULL);
    self->bars = bars;
    gtk_widget_set_hexpand(GTK_WIDGET(self), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self), description);
    return self;
}

static Series *chart_add(LpStatsChart *self, const char *name, const char *colour)
{
    Series *s = g_new0(Series, 1);
    s->name = lp_bidi_isolate(name); /* a player's name, drawn beside others (issue 36) */
    if (!gdk_rgba_parse(&s->colour, colour))
        s->colour = (GdkRGBA){0.5, 0.5, 0.5, 1};
    s->values = g_array_new(FALSE, FALSE, sizeof(double));
    g_ptr_array_add(self->series, s);
    return s;
}

static void series_push(LpStatsChart *chart, Series *s, double v)
{
    g_array_append_val(s->values, v);
    chart->max = MAX(chart->max, v);
}

/* ---- the page ---- */

struct _LpStatsPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *kind_dropdown;
    GtkWidget *export_button;
    GtkWidget *content;
    GtkWidget *body;

    LpHistory *history;
    char *path;
    int kind;
    char *h2h[2];
    GPtrArray *h2h_keys; /* of the dropdowns, as shown */
    GtkWidget *h2h_drop[2];
    GtkWidget *h2h_result;
    gboolean building;
};

G_DEFINE_FINAL_TYPE(LpStatsPage, lp_stats_page, GTK_TYPE_WIDGET)

static void rebuild(LpStatsPage *self);

static const char *level_title(LpLevel level)
{
    switch (level) {
    case LP_LEVEL_EASY:
        return _("Computer (easy)");
    case LP_LEVEL_HARD:
        return _("Computer (hard)");
    case LP_LEVEL_NORMAL:
    default:
        return _("Computer (normal)");
    }
}

static const char *kind_title(int kind)
{
    if (kind < 0)
        return _("All games");
    const LpGameUi *info = lp_game_ui_lookup(lp_history_kind_to_string(kind));
    return info != NULL ? _(info->game_class->name) : lp_history_kind_to_string(kind);
}

static GtkWidget *heading_new(const char *text)
{
    GtkWidget *label = g_object_new(GTK_TYPE_LABEL, "label", text, "xalign", 0.0f,
                                    "wrap", TRUE, "accessible-role",
                                    GTK_ACCESSIBLE_ROLE_HEADING, NULL);
    gtk_widget_add_css_class(label, "heading");
    gtk_widget_set_margin_top(label, 12);
    return label;
}

static GtkWidget *text_new(const char *text, gboolean dim)
{
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_selectable(GTK_LABEL(label), FALSE);
    if (dim)
        gtk_widget_add_css_class(label, "dim-label");
    return label;
}

/* "a, b, c" from whole phrases, joined the way the window joins names. */
static char *join(GPtrArray *parts)
{
    g_autoptr(GString) s = g_string_new(NULL);
    for (guint i = 0; i < parts->len; i++) {
        if (i > 0)
            g_string_append(s, _(", "));
        g_string_append(s, parts->pdata[i]);
    }
    return g_string_free(g_steal_pointer(&s), FALSE);
}

static guint percent(gint64 part, gint64 whole)
{
    return whole <= 0 ? 0 : (guint)((part * 200 + whole) / (2 * whole));
}

/* The lines that say how someone did: games and wins, best result, streaks, figures. */
static GPtrArray *stats_lines(const LpHistoryStats *st, int kind)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    const gint64 *f = st->figures;

    g_ptr_array_add(lines, g_strdup_printf(ngettext("%u game, %u won (%u %%)",
                                                    "%u games, %u won (%u %%)", st->games),
                                           st->games, st->wins,
                                           lp_history_win_rate(st->wins, st->games)));
    if (kind == LP_HISTORY_BUXTEHUDE)
        g_ptr_array_add(lines, g_strdup_printf(ngettext("Best result: %d chip",
                                                        "Best result: %d chips", st->best),
                                               st->best));
    else if (kind == LP_HISTORY_MINDEN)
        g_ptr_array_add(lines, g_strdup_printf(_("Best result: field %d"), st->best));
    else if (kind == LP_HISTORY_AUFACHSE)
        g_ptr_array_add(lines, g_strdup_printf(_("Best result: %d km"), st->best));
    g_ptr_array_add(lines,
                    g_strdup_printf(_("Wins in a row now: %u; longest run: %u"), st->streak,
                                    st->best_streak));
    if (kind == LP_HISTORY_BUXTEHUDE) {
        g_ptr_array_add(lines, g_strdup_printf(_("Cards placed: %lld, right: %lld (%u %%)"),
                                               (long long)f[LP_FIG_BUX_PLACED],
                                               (long long)f[LP_FIG_BUX_RIGHT],
                                               percent(f[LP_FIG_BUX_RIGHT],
                                                       f[LP_FIG_BUX_PLACED])));
        g_ptr_array_add(lines, g_strdup_printf(_("“Wrong!” called: %lld, rightly: %lld"),
                                               (long long)f[LP_FIG_BUX_CALLED],
                                               (long long)f[LP_FIG_BUX_WON]));
        g_ptr_array_add(lines, g_strdup_printf(_("Estimates that hit exactly: %lld"),
                                               (long long)f[LP_FIG_BUX_HITS]));
    } else if (kind == LP_HISTORY_MINDEN) {
        g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func(g_free);
        gint64 tips = 0;
        for (guint k = 0; k < 4; k++) {
            gint64 t = f[LP_FIG_MINDEN_TIPS_1 + k], r = f[LP_FIG_MINDEN_RIGHT_1 + k];
            tips += t;
            if (t > 0)
                g_ptr_array_add(parts,
                                g_strdup_printf(ngettext("%u stone: %lld of %lld right (%u %%)",
                                                         "%u stones: %lld of %lld right (%u %%)",
                                                         k + 1),
                                                k + 1, (long long)r, (long long)t,
                                                percent(r, t)));
        }
        g_ptr_array_add(lines, g_strdup_printf(ngettext("%lld tip", "%lld tips", (gulong)tips),
                                               (long long)tips));
        if (parts->len > 0) {
            g_autofree char *list = join(parts);
            g_ptr_array_add(lines, g_strdup_printf(_("Right tips by stones: %s"), list));
        }
        g_ptr_array_add(lines,
                        g_strdup_printf(_("Cards kept: %lld yellow, %lld red, %lld blue, "
                                          "%lld purple"),
                                        (long long)f[LP_FIG_MINDEN_KEPT_YELLOW],
                                        (long long)f[LP_FIG_MINDEN_KEPT_RED],
                                        (long long)f[LP_FIG_MINDEN_KEPT_BLUE],
                                        (long long)f[LP_FIG_MINDEN_KEPT_PURPLE]));
    } else if (kind == LP_HISTORY_AUFACHSE && st->games > 0) {
        g_autoptr(GString) km = g_string_new(NULL);
        for (guint k = 0; k < 5; k++) {
            if (k > 0)
                g_string_append(km, _(", "));
            g_string_append_printf(km, "%lld",
                                   (long long)((f[LP_FIG_AA_STAGE_1 + k] + st->games / 2) /
                                               st->games));
        }
        g_ptr_array_add(lines, g_strdup_printf(_("Kilometres per stage on average: %s"),
                                               km->str));
        g_ptr_array_add(lines, g_strdup_printf(
                                   ngettext("Longest scoring route: %lld card",
                                            "Longest scoring route: %lld cards",
                                            (gulong)f[LP_FIG_AA_LONGEST]),
                                   (long long)f[LP_FIG_AA_LONGEST]));
    }
    return lines;
}

/* For Auf Achse the longest route is the longest of all games, not the sum. */
static void fix_longest(LpStatsPage *self, GPtrArray *stats, int kind)
{
    if (kind != LP_HISTORY_AUFACHSE)
        return;
    for (guint i = 0; i < stats->len; i++) {
        LpHistoryStats *st = stats->pdata[i];
        st->figures[LP_FIG_AA_LONGEST] = 0;
    }
    for (guint r = 0; r < lp_history_get_n_records(self->history); r++) {
        const LpHistoryRecord *rec = lp_history_get_record(self->history, r);
        if (rec->kind != LP_HISTORY_AUFACHSE)
            continue;
        for (guint s = 0; s < rec->n_seats; s++) {
            for (guint i = 0; i < stats->len; i++) {
                LpHistoryStats *st = stats->pdata[i];
                gboolean same = rec->seats[s].human
                                    ? st->human && g_strcmp0(st->key, rec->seats[s].key) == 0
                                    : !st->human && st->level == rec->seats[s].level;
                if (same)
                    st->figures[LP_FIG_AA_LONGEST] =
                        MAX(st->figures[LP_FIG_AA_LONGEST],
                            rec->seats[s].figures[LP_FIG_AA_LONGEST]);
            }
        }
    }
}

/* ---- dialogs ---- */

static void show_error(LpStatsPage *self, const char *heading, const GError *error)
{
    LpMessageDialog *d = lp_message_dialog_new(GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(self))),
                                               heading, error->message);
    lp_message_dialog_add_button(d, _("_OK"), "ok", LP_BUTTON_SUGGESTED, TRUE);
    gtk_window_present(GTK_WINDOW(d));
}

typedef struct {
    LpStatsPage *page;
    char *name;
    char *new_name;
    char *id;
} Pending;

static void pending_free(gpointer data)
{
    Pending *p = data;
    g_object_unref(p->page);
    g_free(p->name);
    g_free(p->new_name);
    g_free(p->id);
    g_free(p);
}

static Pending *pending_new(LpStatsPage *self, const char *name, const char *new_name,
                            const char *id)
{
    Pending *p = g_new0(Pending, 1);
    p->page = g_object_ref(self);
    p->name = g_strdup(name);
    p->new_name = g_strdup(new_name);
    p->id = g_strdup(id);
    return p;
}

static void do_rename(LpStatsPage *self, const char *name, const char *new_name)
{
    g_autoptr(GError) error = NULL;
    if (!lp_history_rename_player(self->history, name, new_name, &error))
        show_error(self, _("The Name Cannot Be Changed"), error);
    rebuild(self);
}

static void on_merge_response(LpMessageDialog *dialog, const char *response, Pending *p)
{
    if (g_strcmp0(response, "merge") == 0)
        do_rename(p->page, p->name, p->new_name);
}

static void ask_rename(LpStatsPage *self, const char *name, const char *new_name)
{
    /* Two people who sat at one game are not one: the refusal comes without asking. */
    if (!lp_history_is_merge(self->history, name, new_name) ||
        lp_history_games_together(self->history, name, new_name) > 0) {
        do_rename(self, name, new_name);
        return;
    }
    g_autofree char *key = lp_history_name_key(new_name);
    g_autofree char *other = lp_bidi_isolate(lp_history_get_display_name(self->history, key));
    g_autofree char *shown = lp_bidi_isolate(name);
    g_autofree char *body = g_strdup_printf(
        _("There is already a player called %s. The games of %s then count for %s. This "
          "cannot be undone."),
        other, shown, other);
    LpMessageDialog *d = lp_message_dialog_new(GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(self))),
                                               _("Merge the Two Players?"), body);
    lp_message_dialog_add_button(d, _("_Cancel"), "cancel", LP_BUTTON_NORMAL, TRUE);
    lp_message_dialog_add_button(d, _("_Merge"), "merge", LP_BUTTON_DESTRUCTIVE, FALSE);
    g_signal_connect_data(d, "response", G_CALLBACK(on_merge_response),
                          pending_new(self, name, new_name, NULL),
                          (GClosureNotify)(void (*)(void))pending_free, 0);
    gtk_window_present(GTK_WINDOW(d));
}

static void on_rename_activate(GtkWidget *widget, GtkWindow *window)
{
    Pending *p = g_object_get_data(G_OBJECT(window), "lp-pending");
    GtkEditable *entry = g_object_get_data(G_OBJECT(window), "lp-entry");
    g_autofree char *text = g_strdup(gtk_editable_get_text(entry));
    g_autoptr(LpStatsPage) page = g_object_ref(p->page);
    g_autofree char *name = g_strdup(p->name);
    gtk_window_destroy(window);
    g_strstrip(text);
    if (*text != '\0' && g_strcmp0(text, name) != 0)
        ask_rename(page, name, text);
}

static void show_rename(LpStatsPage *self, const char *name)
{
    GtkWindow *window = GTK_WINDOW(gtk_window_new());
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *entry = gtk_entry_new();
    GtkWidget *cancel = gtk_button_new_with_mnemonic(_("_Cancel"));
    GtkWidget *ok = gtk_button_new_with_mnemonic(_("_Rename"));
    g_autofree char *shown = lp_bidi_isolate(name);
    g_autofree char *heading = g_strdup_printf(_("Rename %s"), shown);
    GtkWidget *title = heading_new(heading);

    gtk_window_set_transient_for(window, GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(self))));
    gtk_window_set_modal(window, TRUE);
    gtk_window_set_title(window, heading);
    gtk_window_set_resizable(window, FALSE);
    gtk_widget_set_margin_top(box, 18);
    gtk_widget_set_margin_bottom(box, 18);
    gtk_widget_set_margin_start(box, 18);
    gtk_widget_set_margin_end(box, 18);
    gtk_widget_set_margin_top(title, 0);
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box),
                   text_new(_("The new name counts in every game of the history. Type the name "
                              "of another player to merge the two."),
                            TRUE));
    gtk_editable_set_text(GTK_EDITABLE(entry), name);
    gtk_entry_set_max_length(GTK_ENTRY(entry), LP_PLAYER_NAME_MAX);
    gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("New name"), -1);
    gtk_box_append(GTK_BOX(box), entry);
    gtk_widget_set_halign(buttons, GTK_ALIGN_END);
    gtk_widget_add_css_class(ok, "suggested-action");
    gtk_box_append(GTK_BOX(buttons), cancel);
    gtk_box_append(GTK_BOX(buttons), ok);
    gtk_box_append(GTK_BOX(box), buttons);
    gtk_window_set_child(window, box);
    gtk_window_set_default_widget(window, ok);
    g_object_set_data_full(G_OBJECT(window), "lp-pending", pending_new(self, name, NULL, NULL),
                           pending_free);
    g_object_set_data(G_OBJECT(window), "lp-entry", entry);
    g_signal_connect(ok, "clicked", G_CALLBACK(on_rename_activate), window);
    g_signal_connect_swapped(cancel, "clicked", G_CALLBACK(gtk_window_destroy), window);
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(
        GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0),
                         gtk_named_action_new("window.close")));
    gtk_widget_add_controller(GTK_WIDGET(window), keys);
    gtk_window_present(window);
    gtk_widget_grab_focus(entry);
}

static void on_delete_response(LpMessageDialog *dialog, const char *response, Pending *p)
{
    g_autoptr(GError) error = NULL;
    if (g_strcmp0(response, "delete") != 0)
        return;
    if (p->id != NULL && !lp_history_delete_game(p->page->history, p->id, &error))
        show_error(p->page, _("The Game Cannot Be Deleted"), error);
    else if (p->id == NULL && !lp_history_delete_player(p->page->history, p->name, &error))
        show_error(p->page, _("The Player Cannot Be Deleted"), error);
    rebuild(p->page);
}

static void ask_delete(LpStatsPage *self, const char *name, const char *id, const char *what)
{
    g_autofree char *body = NULL;
    const char *heading;
    if (id != NULL) {
        heading = _("Delete This Game?");
        body = g_strdup_printf(_("%s is removed from the history and from every statistic. "
                                 "This cannot be undone."),
                               what);
    } else {
        heading = _("Delete This Player?");
        g_autofree char *shown = lp_bidi_isolate(name);
        body = g_strdup_printf(_("The name %s is removed from every game of the history; the "
                                 "games stay for the others. This cannot be undone."),
                               shown);
    }
    LpMessageDialog *d = lp_message_dialog_new(GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(self))),
                                               heading, body);
    lp_message_dialog_add_button(d, _("_Cancel"), "cancel", LP_BUTTON_NORMAL, TRUE);
    lp_message_dialog_add_button(d, _("_Delete"), "delete", LP_BUTTON_DESTRUCTIVE, FALSE);
    g_signal_connect_data(d, "response", G_CALLBACK(on_delete_response),
                          pending_new(self, name, NULL, id),
                          (GClosureNotify)(void (*)(void))pending_free, 0);
    gtk_window_present(GTK_WINDOW(d));
}

static void on_rename_clicked(GtkButton *button, LpStatsPage *self)
{
    show_rename(self, g_object_get_data(G_OBJECT(button), "lp-name"));
}

static void on_delete_player_clicked(GtkButton *button, LpStatsPage *self)
{
    ask_delete(self, g_object_get_data(G_OBJECT(button), "lp-name"), NULL, NULL);
}

static void on_delete_game_clicked(GtkButton *button, LpStatsPage *self)
{
    ask_delete(self, NULL, g_object_get_data(G_OBJECT(button), "lp-id"),
               g_object_get_data(G_OBJECT(button), "lp-what"));
}

static GtkWidget *small_button(const char *icon, const char *label)
{
    GtkWidget *button = gtk_button_new_from_icon_name(icon);
    gtk_widget_add_css_class(button, "flat");
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER);
    gtk_widget_set_tooltip_text(button, label);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
    return button;
}

/* ---- building the page ---- */

static GtkWidget *boxed_list_new(const char *label)
{
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class(list, "boxed-list");
    gtk_accessible_update_property(GTK_ACCESSIBLE(list), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
    return list;
}

/* A row: a title, lines beneath, buttons at the end; its accessible name is all of it. */
static GtkWidget *row_new(const char *title, GPtrArray *lines, GtkWidget *buttons)
{
    GtkWidget *row = gtk_list_box_row_new();
    GtkWidget *hbox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *vbox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *t = text_new(title, FALSE);
    g_autoptr(GString) a11y = g_string_new(title);

    gtk_widget_add_css_class(t, "heading");
    gtk_box_append(GTK_BOX(vbox), t);
    for (guint i = 0; lines != NULL && i < lines->len; i++) {
        gtk_box_append(GTK_BOX(vbox), text_new(lines->pdata[i], TRUE));
        g_string_append_printf(a11y, ". %s", (const char *)lines->pdata[i]);
    }
    gtk_widget_set_hexpand(vbox, TRUE);
    gtk_widget_set_margin_top(hbox, 8);
    gtk_widget_set_margin_bottom(hbox, 8);
    gtk_widget_set_margin_start(hbox, 12);
    gtk_widget_set_margin_end(hbox, 6);
    gtk_box_append(GTK_BOX(hbox), vbox);
    if (buttons != NULL)
        gtk_box_append(GTK_BOX(hbox), buttons);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), hbox);
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y->str,
                                   -1);
    return row;
}

static const char *latest_colour(LpStatsPage *self, const LpHistoryStats *st)
{
    for (guint r = lp_history_get_n_records(self->history); r-- > 0;) {
        const LpHistoryRecord *rec = lp_history_get_record(self->history, r);
        for (guint s = 0; s < rec->n_seats; s++) {
            if (rec->seats[s].human && g_strcmp0(rec->seats[s].key, st->key) == 0)
                return rec->seats[s].colour;
        }
    }
    return "#808080";
}

static void add_players(LpStatsPage *self, GtkBox *body, GPtrArray *stats)
{
    GtkWidget *list = boxed_list_new(_("Players"));
    guint n = 0;
    for (guint i = 0; i < stats->len; i++) {
        LpHistoryStats *st = stats->pdata[i];
        if (!st->human)
            continue;
        g_autoptr(GPtrArray) lines = stats_lines(st, self->kind);
        GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
        g_autofree char *shown = lp_bidi_isolate(st->name);
        g_autofree char *rename_label = g_strdup_printf(_("Rename or merge %s"), shown);
        g_autofree char *delete_label = g_strdup_printf(_("Delete %s from the history"), shown);
        GtkWidget *rename = small_button("document-edit-symbolic", rename_label);
        GtkWidget *del = small_button("user-trash-symbolic", delete_label);
        g_object_set_data_full(G_OBJECT(rename), "lp-name", g_strdup(st->name), g_free);
        g_object_set_data_full(G_OBJECT(del), "lp-name", g_strdup(st->name), g_free);
        g_signal_connect(rename, "clicked", G_CALLBACK(on_rename_clicked), self);
        g_signal_connect(del, "clicked", G_CALLBACK(on_delete_player_clicked), self);
        gtk_box_append(GTK_BOX(buttons), rename);
        gtk_box_append(GTK_BOX(buttons), del);
        gtk_list_box_append(GTK_LIST_BOX(list), row_new(shown, lines, buttons));
        n++;
    }
    gtk_box_append(body, heading_new(_("Players")));
    if (n == 0)
        gtk_box_append(body, text_new(_("No games of people yet."), TRUE));
    else
        gtk_box_append(body, list);
}

static void add_computers(LpStatsPage *self, GtkBox *body, GPtrArray *stats)
{
    GtkWidget *list = boxed_list_new(_("Computer players"));
    guint n = 0;
    for (int level = LP_LEVEL_HARD; level >= LP_LEVEL_EASY; level--) {
        for (guint i = 0; i < stats->len; i++) {
            LpHistoryStats *st = stats->pdata[i];
            if (st->human || (int)st->level != level)
                continue;
            g_autoptr(GPtrArray) lines = stats_lines(st, self->kind);
            gtk_list_box_append(GTK_LIST_BOX(list), row_new(level_title(st->level), lines, NULL));
            n++;
        }
    }
    if (n == 0) {
        g_object_ref_sink(list);
        g_object_unref(list);
        return;
    }
    gtk_box_append(body, heading_new(_("Computer players")));
    gtk_box_append(body, list);
}

static gboolean record_in_kind(const LpHistoryRecord *r, int kind)
{
    return kind < 0 || (int)r->kind == kind;
}

#define MAX_POINTS 300
#define A11Y_SEQUENCE 20

static void add_win_chart(LpStatsPage *self, GtkBox *body, GPtrArray *stats)
{
    g_autoptr(GPtrArray) shown = g_ptr_array_new();
    for (guint i = 0; i < stats->len && shown->len < CHART_PLAYERS; i++) {
        LpHistoryStats *st = stats->pdata[i];
        if (st->human)
            g_ptr_array_add(shown, st);
    }
    if (shown->len == 0)
        return;
    /* One x for every game of the family (of the game shown), so the lines compare: each
     * player's count of wins after that game. */
    guint n_games = 0;
    for (guint r = 0; r < lp_history_get_n_records(self->history); r++)
        n_games += record_in_kind(lp_history_get_record(self->history, r), self->kind);
    guint step = MAX(1, (n_games + MAX_POINTS - 1) / MAX_POINTS);
    g_autoptr(GString) desc = g_string_new(NULL);
    LpStatsChart *chart = chart_new(FALSE, _("Wins over time"), "");
    for (guint p = 0; p < shown->len; p++) {
        LpHistoryStats *st = shown->pdata[p];
        Series *se = chart_add(chart, st->name, latest_colour(self, st));
        g_autoptr(GArray) own = g_array_new(FALSE, FALSE, sizeof(guint));
        guint wins = 0, index = 0;
        for (guint r = 0; r < lp_history_get_n_records(self->history); r++) {
            const LpHistoryRecord *rec = lp_history_get_record(self->history, r);
            if (!record_in_kind(rec, self->kind))
                continue;
            for (guint s = 0; s < rec->n_seats; s++) {
                if (rec->seats[s].human && g_strcmp0(rec->seats[s].key, st->key) == 0) {
                    wins += rec->seats[s].winner;
                    g_array_append_val(own, wins);
                }
            }
            if (index % step == 0 || index == n_games - 1)
                series_push(chart, se, wins);
            index++;
        }
        g_autoptr(GString) seq = g_string_new(NULL);
        for (guint i = own->len > A11Y_SEQUENCE ? own->len - A11Y_SEQUENCE : 0; i < own->len;
             i++) {
            if (seq->len > 0)
                g_string_append(seq, _(", "));
            g_string_append_printf(seq, "%u", g_array_index(own, guint, i));
        }
        if (desc->len > 0)
            g_string_append(desc, "\n");
        g_string_append_printf(desc,
                               ngettext("%s: %u win in %u games; wins after each of the last "
                                        "games: %s",
                                        "%s: %u wins in %u games; wins after each of the last "
                                        "games: %s",
                                        wins),
                               se->name, wins, own->len, seq->str);
    }
    chart->n_games = n_games;
    gtk_accessible_update_property(GTK_ACCESSIBLE(chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   desc->str, -1);
    gtk_widget_set_tooltip_text(GTK_WIDGET(chart), desc->str);
    gtk_box_append(body, heading_new(_("Wins over time")));
    gtk_box_append(body, GTK_WIDGET(chart));
}

static void add_minden_chart(LpStatsPage *self, GtkBox *body, GPtrArray *stats)
{
    if (self->kind != LP_HISTORY_MINDEN)
        return;
    g_autoptr(GString) desc = g_string_new(NULL);
    LpStatsChart *chart = chart_new(TRUE, _("Right tips by stones"), "");
    chart->max = 100;
    chart->groups = g_new0(char *, 5);
    for (guint k = 0; k < 4; k++)
        chart->groups[k] = g_strdup_printf(ngettext("%u stone", "%u stones", k + 1), k + 1);
    guint shown = 0;
    for (guint i = 0; i < stats->len && shown < CHART_PLAYERS; i++) {
        LpHistoryStats *st = stats->pdata[i];
        if (!st->human)
            continue;
        Series *se = chart_add(chart, st->name, latest_colour(self, st));
        g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func(g_free);
        for (guint k = 0; k < 4; k++) {
            gint64 t = st->figures[LP_FIG_MINDEN_TIPS_1 + k];
            gint64 r = st->figures[LP_FIG_MINDEN_RIGHT_1 + k];
            double v = percent(r, t);
            g_array_append_val(se->values, v);
            g_ptr_array_add(parts,
                            g_strdup_printf(ngettext("%u stone: %u %% (%lld of %lld)",
                                                     "%u stones: %u %% (%lld of %lld)", k + 1),
                                            k + 1, percent(r, t), (long long)r, (long long)t));
        }
        g_autofree char *list = join(parts);
        if (desc->len > 0)
            g_string_append(desc, "\n");
        g_string_append_printf(desc, _("%s: %s"), se->name, list);
        shown++;
    }
    if (shown == 0) {
        g_object_ref_sink(chart);
        g_object_unref(chart);
        return;
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   desc->str, -1);
    gtk_widget_set_tooltip_text(GTK_WIDGET(chart), desc->str);
    /* The colours of the bars are the players' in the order of this legend. */
    GtkWidget *legend = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    for (guint s = 0; s < chart->series->len; s++) {
        Series *se = chart->series->pdata[s];
        GtkWidget *item = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
        GtkWidget *swatch = gtk_label_new("■");
        g_autofree char *markup = g_strdup_printf(
            "<span foreground=\"#%02x%02x%02x\">■</span>", (int)(se->colour.red * 255),
            (int)(se->colour.green * 255), (int)(se->colour.blue * 255));
        gtk_label_set_markup(GTK_LABEL(swatch), markup);
        gtk_accessible_update_property(GTK_ACCESSIBLE(swatch), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                       -1);
        gtk_box_append(GTK_BOX(item), swatch);
        gtk_box_append(GTK_BOX(item), gtk_label_new(se->name));
        gtk_box_append(GTK_BOX(legend), item);
    }
    gtk_box_append(body, heading_new(_("Right tips by stones")));
    gtk_box_append(body, GTK_WIDGET(chart));
    gtk_box_append(body, legend);
}

static void update_h2h(LpStatsPage *self)
{
    if (self->h2h_result == NULL || self->h2h_keys == NULL)
        return;
    guint a = gtk_drop_down_get_selected(GTK_DROP_DOWN(self->h2h_drop[0]));
    guint b = gtk_drop_down_get_selected(GTK_DROP_DOWN(self->h2h_drop[1]));
    if (a >= self->h2h_keys->len || b >= self->h2h_keys->len)
        return;
    if (!self->building) {
        g_free(self->h2h[0]);
        g_free(self->h2h[1]);
        self->h2h[0] = g_strdup(self->h2h_keys->pdata[a]);
        self->h2h[1] = g_strdup(self->h2h_keys->pdata[b]);
    }
    const char *na = lp_history_get_display_name(self->history, self->h2h_keys->pdata[a]);
    const char *nb = lp_history_get_display_name(self->history, self->h2h_keys->pdata[b]);
    g_autofree char *ia = lp_bidi_isolate(na);
    g_autofree char *ib = lp_bidi_isolate(nb);
    g_autoptr(GString) text = g_string_new(NULL);
    if (a == b) {
        g_string_append(text, _("Pick two different players."));
    } else {
        LpHistoryHeadToHead h = lp_history_head_to_head(self->history, self->kind, na, nb);
        if (h.games == 0) {
            g_string_append_printf(text, _("%s and %s have not played together yet."), ia, ib);
        } else {
            g_string_append_printf(text, ngettext("%s and %s played %u game together.",
                                                  "%s and %s played %u games together.",
                                                  h.games),
                                   ia, ib, h.games);
            g_string_append_c(text, ' ');
            g_string_append_printf(text, ngettext("%s finished ahead in %u game.",
                                                  "%s finished ahead in %u games.", h.a_ahead),
                                   ia, h.a_ahead);
            g_string_append_c(text, ' ');
            g_string_append_printf(text, ngettext("%s finished ahead in %u game.",
                                                  "%s finished ahead in %u games.", h.b_ahead),
                                   ib, h.b_ahead);
            if (h.level > 0) {
                g_string_append_c(text, ' ');
                g_string_append_printf(text, ngettext("They finished level in %u game.",
                                                      "They finished level in %u games.",
                                                      h.level),
                                       h.level);
            }
        }
    }
    gtk_label_set_text(GTK_LABEL(self->h2h_result), text->str);
}

static guint key_index(GPtrArray *keys, const char *key, guint fallback)
{
    for (guint i = 0; key != NULL && i < keys->len; i++) {
        if (g_str_equal(keys->pdata[i], key))
            return i;
    }
    return MIN(fallback, keys->len - 1);
}

static void add_head_to_head(LpStatsPage *self, GtkBox *body, GPtrArray *stats)
{
    g_autoptr(GtkStringList) names = gtk_string_list_new(NULL);
    g_clear_pointer(&self->h2h_keys, g_ptr_array_unref);
    self->h2h_keys = g_ptr_array_new_with_free_func(g_free);
    self->h2h_result = NULL;
    for (guint i = 0; i < stats->len; i++) {
        LpHistoryStats *st = stats->pdata[i];
        if (!st->human)
            continue;
        g_ptr_array_add(self->h2h_keys, g_strdup(st->key));
        g_autofree char *shown = lp_bidi_isolate(st->name);
        gtk_string_list_append(names, shown);
    }
    if (self->h2h_keys->len < 2)
        return;
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    static const char *const labels[] = {N_("First player"), N_("Second player")};
    for (guint k = 0; k < 2; k++) {
        self->h2h_drop[k] = gtk_drop_down_new(G_LIST_MODEL(g_object_ref(names)), NULL);
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->h2h_drop[k]),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, _(labels[k]), -1);
        gtk_drop_down_set_selected(GTK_DROP_DOWN(self->h2h_drop[k]),
                                   key_index(self->h2h_keys, self->h2h[k], k));
        gtk_box_append(GTK_BOX(row), self->h2h_drop[k]);
        if (k == 0)
            gtk_box_append(GTK_BOX(row), gtk_label_new(C_("head to head", "against")));
    }
    /* Its text is what a screen reader says; the heading above names the section. */
    self->h2h_result = text_new("", FALSE);
    for (guint k = 0; k < 2; k++)
        g_signal_connect_swapped(self->h2h_drop[k], "notify::selected", G_CALLBACK(update_h2h),
                                 self);
    gtk_box_append(body, heading_new(_("Head to head")));
    gtk_box_append(body, row);
    gtk_box_append(body, self->h2h_result);
    update_h2h(self);
}

static char *seat_text(const LpHistoryRecord *r, const LpHistorySeat *seat)
{
    g_autofree char *name = lp_bidi_isolate(seat->name != NULL ? seat->name
                                                               : _("Removed player"));
    if (seat->human)
        /* Translators: a seat in the list of last games: rank, name, score. */
        return g_strdup_printf(_("%u. %s: %d"), seat->rank, name, seat->score);
    switch (seat->level) {
    case LP_LEVEL_EASY:
        /* Translators: a computer seat in the list of last games: rank, name, score. */
        return g_strdup_printf(_("%u. %s (computer, easy): %d"), seat->rank, name, seat->score);
    case LP_LEVEL_HARD:
        /* Translators: a computer seat in the list of last games: rank, name, score. */
        return g_strdup_printf(_("%u. %s (computer, hard): %d"), seat->rank, name, seat->score);
    case LP_LEVEL_NORMAL:
    default:
        /* Translators: a computer seat in the list of last games: rank, name, score. */
        return g_strdup_printf(_("%u. %s (computer, normal): %d"), seat->rank, name,
                               seat->score);
    }
}

static char *record_title(const LpHistoryRecord *r)
{
    g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc(r->date);
    g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local(utc) : NULL;
    /* Translators: when a game of the history ended; a g_date_time_format() string. */
    g_autofree char *when = local != NULL ? g_date_time_format(local, _("%-d %B %Y, %H:%M"))
                                          : g_strdup("?");
    guint minutes = (r->duration + 30) / 60;
    if (r->duration == 0)
        /* Translators: a game of the history: the game's name and when it ended. */
        return g_strdup_printf(_("%s, %s"), kind_title(r->kind), when);
    return g_strdup_printf(ngettext("%s, %s, %u minute", "%s, %s, %u minutes", minutes),
                           kind_title(r->kind), when, minutes);
}

static int compare_rank(gconstpointer a, gconstpointer b)
{
    const LpHistorySeat *x = *(LpHistorySeat *const *)a, *y = *(LpHistorySeat *const *)b;
    return (int)x->rank - (int)y->rank;
}

static void add_last_games(LpStatsPage *self, GtkBox *body)
{
    GtkWidget *list = boxed_list_new(_("Last games"));
    guint n = 0;
    for (guint i = lp_history_get_n_records(self->history); i-- > 0 && n < LAST_GAMES;) {
        const LpHistoryRecord *r = lp_history_get_record(self->history, i);
        if (!record_in_kind(r, self->kind))
            continue;
        g_autofree char *title = record_title(r);
        g_autoptr(GPtrArray) seats = g_ptr_array_new();
        g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func(g_free);
        for (guint s = 0; s < r->n_seats; s++)
            g_ptr_array_add(seats, &r->seats[s]);
        g_ptr_array_sort(seats, compare_rank);
        for (guint s = 0; s < seats->len; s++)
            g_ptr_array_add(parts, seat_text(r, seats->pdata[s]));
        g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_add(lines, join(parts));
        g_autofree char *delete_label = g_strdup_printf(_("Delete this game: %s"), title);
        GtkWidget *del = small_button("user-trash-symbolic", delete_label);
        g_object_set_data_full(G_OBJECT(del), "lp-id", g_strdup(r->id), g_free);
        g_object_set_data_full(G_OBJECT(del), "lp-what", g_strdup(title), g_free);
        g_signal_connect(del, "clicked", G_CALLBACK(on_delete_game_clicked), self);
        gtk_list_box_append(GTK_LIST_BOX(list), row_new(title, lines, del));
        n++;
    }
    gtk_box_append(body, heading_new(_("Last games")));
    if (n == 0) {
        g_object_ref_sink(list);
        g_object_unref(list);
        gtk_box_append(body, text_new(_("No finished games yet. Every game played to its end "
                                        "shows here."),
                                      TRUE));
    } else {
        gtk_box_append(body, list);
    }
}

static void rebuild(LpStatsPage *self)
{
    if (self->body != NULL)
        gtk_box_remove(GTK_BOX(self->content), self->body);
    self->body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    /* A margin inside the content, so that the saved picture has one. */
    gtk_widget_set_margin_start(self->body, 12);
    gtk_widget_set_margin_end(self->body, 12);
    gtk_widget_set_margin_top(self->body, 12);
    gtk_widget_set_margin_bottom(self->body, 12);
    self->building = TRUE;
    GtkBox *body = GTK_BOX(self->body);

    g_autofree char *title = g_strdup_printf(_("Statistics: %s"), kind_title(self->kind));
    GtkWidget *t = heading_new(title);
    gtk_widget_remove_css_class(t, "heading");
    gtk_widget_add_css_class(t, "title-2");
    gtk_widget_set_margin_top(t, 0);
    gtk_box_append(body, t);

    guint damaged = lp_history_get_n_damaged(self->history);
    if (damaged > 0) {
        g_autofree char *text = g_strdup_printf(
            ngettext("%u damaged line of the history was skipped; it stays in the file.",
                     "%u damaged lines of the history were skipped; they stay in the file.",
                     damaged),
            damaged);
        gtk_box_append(body, text_new(text, TRUE));
    }
    g_autoptr(GPtrArray) stats = lp_history_get_stats(self->history, self->kind);
    fix_longest(self, stats, self->kind);
    add_players(self, body, stats);
    add_win_chart(self, body, stats);
    add_minden_chart(self, body, stats);
    add_head_to_head(self, body, stats);
    add_computers(self, body, stats);
    add_last_games(self, body);
    gtk_box_append(GTK_BOX(self->content), self->body);
    self->building = FALSE;
}

static void load(LpStatsPage *self)
{
    g_autoptr(GError) error = NULL;
    if (!lp_history_load(self->history, &error) && gtk_widget_get_root(GTK_WIDGET(self)) != NULL)
        show_error(self, _("The History Cannot Be Read"), error);
    rebuild(self);
}

static void on_kind_changed(LpStatsPage *self)
{
    guint selected = gtk_drop_down_get_selected(GTK_DROP_DOWN(self->kind_dropdown));
    int kind = selected == 0 || selected == GTK_INVALID_LIST_POSITION ? -1 : (int)selected - 1;
    if (kind == self->kind)
        return;
    self->kind = kind;
    rebuild(self);
}

static void on_export_clicked(LpStatsPage *self)
{
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    lp_export_widget_png_async(self->content, GTK_IS_WINDOW(root) ? GTK_WINDOW(root) : NULL,
                               "landpartie-statistics.png");
}

static void lp_stats_page_dispose(GObject *object)
{
    LpStatsPage *self = LP_STATS_PAGE(object);
    g_clear_pointer(&self->scroller, gtk_widget_unparent);
    G_OBJECT_CLASS(lp_stats_page_parent_class)->dispose(object);
}

static void lp_stats_page_finalize(GObject *object)
{
    LpStatsPage *self = LP_STATS_PAGE(object);
    g_clear_object(&self->history);
    g_clear_pointer(&self->path, g_free);
    g_clear_pointer(&self->h2h[0], g_free);
    g_clear_pointer(&self->h2h[1], g_free);
    g_clear_pointer(&self->h2h_keys, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_stats_page_parent_class)->finalize(object);
}

/* The page takes the focus on its first control, the choice of game. */
static gboolean lp_stats_page_grab_focus(GtkWidget *widget)
{
    return gtk_widget_grab_focus(LP_STATS_PAGE(widget)->kind_dropdown);
}

static void lp_stats_page_class_init(LpStatsPageClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_stats_page_dispose;
    G_OBJECT_CLASS(klass)->finalize = lp_stats_page_finalize;
    GTK_WIDGET_CLASS(klass)->grab_focus = lp_stats_page_grab_focus;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "statspage");
}

static void lp_stats_page_init(LpStatsPage *self)
{
    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    g_autoptr(GtkStringList) kinds = gtk_string_list_new(NULL);
    GtkWidget *label;

    self->kind = -1;
    self->history = lp_history_new(NULL);
    gtk_string_list_append(kinds, kind_title(-1));
    for (int k = 0; k < LP_HISTORY_N_KINDS; k++)
        gtk_string_list_append(kinds, kind_title(k));
    self->kind_dropdown = gtk_drop_down_new(G_LIST_MODEL(g_object_ref(kinds)), NULL);
    label = gtk_label_new_with_mnemonic(_("_Game"));
    /* The mnemonic label names the drop-down for screen readers (a label of its own as well
     * would be read twice, "Game Game"). */
    gtk_label_set_mnemonic_widget(GTK_LABEL(label), self->kind_dropdown);
    g_signal_connect_swapped(self->kind_dropdown, "notify::selected",
                             G_CALLBACK(on_kind_changed), self);
    self->export_button = gtk_button_new_with_mnemonic(_("_Save as Image…"));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->export_button));
    gtk_widget_set_hexpand(self->export_button, TRUE);
    gtk_widget_set_halign(self->export_button, GTK_ALIGN_END);
    g_signal_connect_swapped(self->export_button, "clicked", G_CALLBACK(on_export_clicked), self);
    gtk_widget_set_margin_start(bar, 12);
    gtk_widget_set_margin_end(bar, 12);
    gtk_box_append(GTK_BOX(bar), label);
    gtk_box_append(GTK_BOX(bar), self->kind_dropdown);
    gtk_box_append(GTK_BOX(bar), self->export_button);

    self->content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(self->content, "background");
    gtk_box_append(GTK_BOX(outer), bar);
    gtk_box_append(GTK_BOX(outer), self->content);
    gtk_widget_set_margin_top(outer, 18);
    gtk_widget_set_margin_bottom(outer, 24);
    gtk_widget_set_margin_start(outer, 6);
    gtk_widget_set_margin_end(outer, 6);

    self->scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(self->scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller),
                                  lp_clamp_new(outer, CONTENT_WIDTH));
    gtk_widget_set_parent(self->scroller, GTK_WIDGET(self));
    rebuild(self);
}

GtkWidget *lp_stats_page_new(void)
{
    return g_object_new(LP_TYPE_STATS_PAGE, NULL);
}

void lp_stats_page_set_history_path(LpStatsPage *self, const char *path)
{
    g_return_if_fail(LP_IS_STATS_PAGE(self));
    g_clear_object(&self->history);
    self->history = lp_history_new(path);
    rebuild(self);
}

void lp_stats_page_reload(LpStatsPage *self)
{
    g_return_if_fail(LP_IS_STATS_PAGE(self));
    load(self);
}

LpHistory *lp_stats_page_get_history(LpStatsPage *self)
{
    g_return_val_if_fail(LP_IS_STATS_PAGE(self), NULL);
    return self->history;
}

void lp_stats_page_set_kind(LpStatsPage *self, int kind)
{
    g_return_if_fail(LP_IS_STATS_PAGE(self));
    g_return_if_fail(kind >= -1 && kind < LP_HISTORY_N_KINDS);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(self->kind_dropdown), (guint)(kind + 1));
}

int lp_stats_page_get_kind(LpStatsPage *self)
{
    g_return_val_if_fail(LP_IS_STATS_PAGE(self), -1);
    return self->kind;
}

GtkWidget *lp_stats_page_get_content(LpStatsPage *self)
{
    g_return_val_if_fail(LP_IS_STATS_PAGE(self), NULL);
    return self->content;
}

void lp_stats_page_record_game(GtkWindow *parent, const char *dir, LpGame *game)
{
    g_return_if_fail(LP_IS_GAME(game));
    /* A game object ends once; Play Again and Continue make new objects. */
    if (g_object_get_data(G_OBJECT(game), "lp-history-recorded") != NULL)
        return;
    g_autoptr(JsonNode) record = lp_history_record_new(game, NULL);
    if (record == NULL)
        return;
    g_object_set_data(G_OBJECT(game), "lp-history-recorded", GINT_TO_POINTER(1));
    g_autofree char *path = dir != NULL
                                ? g_build_filename(dir, LP_HISTORY_FILE_NAME, NULL)
                                : g_build_filename(g_get_user_data_dir(), "landpartie",
                                                   LP_HISTORY_FILE_NAME, NULL);
    g_autoptr(GError) error = NULL;
    if (!lp_history_append_to_file(path, record, &error) && parent != NULL) {
        LpMessageDialog *d = lp_message_dialog_new(parent, _("The Game Cannot Be Recorded"),
                                                   error->message);
        lp_message_dialog_add_button(d, _("_OK"), "ok", LP_BUTTON_SUGGESTED, TRUE);
        gtk_window_present(GTK_WINDOW(d));
    }
}
