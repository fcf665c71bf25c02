/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden tip board (RULES.md: Tipping): stones in a fixed order, each later stone needs
 * all earlier ones. */
#include "minden-tip-board.h"

#include <glib/gi18n.h>

#include "minden-labels.h"

struct _MindenTipBoard {
    GtkWidget parent_instance;

    MindenTip tip;
    MindenColour colour;
    gboolean syncing;

    GtkWidget *rows[4];        /* the box of each row, made insensitive until it may be used */
    GtkWidget *ew_buttons[2];
    GtkWidget *band_buttons[3];
    GtkWidget *sector_buttons[15];
    GtkWidget *section_buttons[4];
    GtkWidget *summary;
};

G_DEFINE_FINAL_TYPE(MindenTipBoard, minden_tip_board, GTK_TYPE_WIDGET)

enum {
    SIGNAL_CHANGED,
    N_SIGNALS
};

static guint signals[N_SIGNALS];

static void sync(MindenTipBoard *self)
{
    const MindenTip *t = &self->tip;

    self->syncing = TRUE;
    for (int i = 0; i < 2; i++)
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(self->ew_buttons[i]),
                                     t->n_stones >= 1 && t->east_west == i);
    for (int i = 0; i < 3; i++)
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(self->band_buttons[i]),
                                     t->n_stones >= 2 && t->band == i);
    /* The middle band has 10 sectors, the others 15; before a band is set, show 15. */
    guint n_sectors = t->n_stones >= 2 ? minden_grid_n_sectors(t->band) : 15;
    for (int i = 0; i < 15; i++) {
        gtk_widget_set_visible(self->sector_buttons[i], (guint) i < n_sectors);
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(self->sector_buttons[i]),
                                     t->n_stones >= 3 && t->sector == i + 1);
    }
    for (int i = 0; i < 4; i++)
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(self->section_buttons[i]),
                                     t->n_stones >= 4 && t->section == i);
    /* RULES.md: a later stone needs all earlier ones. */
    for (int r = 0; r < 4; r++)
        gtk_widget_set_sensitive(self->rows[r], t->n_stones >= r);
    self->syncing = FALSE;

    g_autofree char *text = NULL;
    guint need = minden_colour_stones_to_keep(self->colour);
    int n = t->n_stones;
    /* Whole sentences, one per colour where the colour is named (issue 13). The number of
     * stones a card needs is at least 2. */
    if (n == 0)
        text = g_strdup(_("Place at least the East or West stone."));
    else if ((guint) n >= need)
        text = g_strdup_printf(ngettext("If right: %d field forward, and you keep the card.",
                                        "If right: %d fields forward, and you keep the card.",
                                        n),
                               n);
    else if (self->colour == MINDEN_YELLOW)
        text = g_strdup_printf(ngettext("If right: %d field forward, but the card is not kept: "
                                        "a yellow card needs %u stones.",
                                        "If right: %d fields forward, but the card is not "
                                        "kept: a yellow card needs %u stones.",
                                        n),
                               n, need);
    else if (self->colour == MINDEN_RED)
        text = g_strdup_printf(ngettext("If right: %d field forward, but the card is not kept: "
                                        "a red card needs %u stones.",
                                        "If right: %d fields forward, but the card is not "
                                        "kept: a red card needs %u stones.",
                                        n),
                               n, need);
    else if (self->colour == MINDEN_BLUE)
        text = g_strdup_printf(ngettext("If right: %d field forward, but the card is not kept: "
                                        "a blue card needs %u stones.",
                                        "If right: %d fields forward, but the card is not "
                                        "kept: a blue card needs %u stones.",
                                        n),
                               n, need);
    else
        text = g_strdup_printf(ngettext("If right: %d field forward, but the card is not kept: "
                                        "a purple card needs %u stones.",
                                        "If right: %d fields forward, but the card is not "
                                        "kept: a purple card needs %u stones.",
                                        n),
                               n, need);
    gtk_label_set_text(GTK_LABEL(self->summary), text);
}

static void set_tip(MindenTipBoard *self, const MindenTip *tip)
{
    self->tip = *tip;
    sync(self);
    g_signal_emit(self, signals[SIGNAL_CHANGED], 0);
}

/* A stone of row was clicked: set that row, keep later stones while they still fit. */
static void on_stone(GtkToggleButton *button, MindenTipBoard *self)
{
    if (self->syncing)
        return;
    int row = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "row"));
    int value = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "value"));
    MindenTip t = self->tip;

    if (!gtk_toggle_button_get_active(button)) {
        /* Clicking a set stone again takes it and every later one off. */
        t = minden_tip_truncate(&self->tip, (guint) row);
        set_tip(self, &t);
        return;
    }
    if (t.n_stones < row) {
        sync(self);
        return;
    }
    switch (row) {
    case 0:
        t.east_west = (gint8) value;
        break;
    case 1:
        t.band = (gint8) value;
        break;
    case 2:
        t.sector = (gint8) value;
        break;
    default:
        t.section = (gint8) value;
        break;
    }
    t.n_stones = MAX(t.n_stones, row + 1);
    /* A sector beyond the new band's count makes it and later stones fall off. */
    while (t.n_stones > 0 && !minden_tip_is_valid(&t))
        t = minden_tip_truncate(&t, (guint) t.n_stones - 1);
    set_tip(self, &t);
}

static GtkWidget *stone(MindenTipBoard *self, int row, int value, const char *label,
                        const char *accessible)
{
    GtkWidget *b = gtk_toggle_button_new_with_label(label);

    gtk_widget_add_css_class(b, "minden-stone");
    g_object_set_data(G_OBJECT(b), "row", GINT_TO_POINTER(row));
    g_object_set_data(G_OBJECT(b), "value", GINT_TO_POINTER(value));
    g_signal_connect(b, "toggled", G_CALLBACK(on_stone), self);
    gtk_accessible_update_property(GTK_ACCESSIBLE(b), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                   -1);
    return b;
}

static GtkWidget *row_box(MindenTipBoard *self, int row, const char *title, GtkWidget *stones)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *label = gtk_label_new(title);

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    /* The heading wraps rather than widen the side panel (issue 13). */
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_widget_add_css_class(label, "caption");
    gtk_widget_add_css_class(label, "dim-label");
    gtk_box_append(GTK_BOX(box), label);
    gtk_widget_set_halign(stones, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(box), stones);
    self->rows[row] = box;
    return box;
}

/* Two rows side by side, so that all four fit beside the map at 1024×600 (issue 13). */
static GtkWidget *pair(GtkWidget *first, GtkWidget *second)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18);
    gtk_box_append(GTK_BOX(box), first);
    gtk_box_append(GTK_BOX(box), second);
    return box;
}

GtkWidget *minden_tip_board_new(void)
{
    return g_object_new(MINDEN_TYPE_TIP_BOARD, NULL);
}

void minden_tip_board_get_tip(MindenTipBoard *self, MindenTip *out)
{
    g_return_if_fail(MINDEN_IS_TIP_BOARD(self) && out != NULL);
    *out = self->tip;
}

void minden_tip_board_set_tip(MindenTipBoard *self, const MindenTip *tip)
{
    g_return_if_fail(MINDEN_IS_TIP_BOARD(self));
    MindenTip t = MINDEN_TIP_INIT;
    if (tip != NULL && tip->n_stones > 0 && minden_tip_is_valid(tip))
        t = *tip;
    set_tip(self, &t);
}

gboolean minden_tip_board_remove_last(MindenTipBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_TIP_BOARD(self), FALSE);
    if (self->tip.n_stones == 0)
        return FALSE;
    MindenTip t = minden_tip_truncate(&self->tip, (guint) self->tip.n_stones - 1);
    set_tip(self, &t);
    return TRUE;
}

void minden_tip_board_set_colour(MindenTipBoard *self, MindenColour colour)
{
    g_return_if_fail(MINDEN_IS_TIP_BOARD(self));
    self->colour = colour;
    sync(self);
}

const char *minden_tip_board_get_summary(MindenTipBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_TIP_BOARD(self), NULL);
    return gtk_label_get_text(GTK_LABEL(self->summary));
}

static void minden_tip_board_dispose(GObject *object)
{
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(minden_tip_board_parent_class)->dispose(object);
}

static void minden_tip_board_class_init(MindenTipBoardClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = minden_tip_board_dispose;
    /**
     * MindenTipBoard::changed:
     *
     * The stones changed (by a click, the keyboard, or minden_tip_board_set_tip()).
     */
    signals[SIGNAL_CHANGED] = g_signal_new("changed", G_TYPE_FROM_CLASS(klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           0);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BOX_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "mindentipboard");
}

static void minden_tip_board_init(MindenTipBoard *self)
{
    GtkWidget *w = GTK_WIDGET(self);
    GtkLayoutManager *layout = gtk_widget_get_layout_manager(w);

    gtk_orientable_set_orientation(GTK_ORIENTABLE(layout), GTK_ORIENTATION_VERTICAL);
    gtk_box_layout_set_spacing(GTK_BOX_LAYOUT(layout), 6);
    self->tip = (MindenTip) MINDEN_TIP_INIT;

    GtkWidget *ew = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(ew, "linked");
    self->ew_buttons[MINDEN_WEST] = stone(self, 0, MINDEN_WEST,
                                          minden_label_east_west(MINDEN_WEST), _("West"));
    self->ew_buttons[MINDEN_EAST] = stone(self, 0, MINDEN_EAST,
                                          minden_label_east_west(MINDEN_EAST), _("East"));
    gtk_box_append(GTK_BOX(ew), self->ew_buttons[MINDEN_WEST]);
    gtk_box_append(GTK_BOX(ew), self->ew_buttons[MINDEN_EAST]);

    static const char *const band_names[] = { N_("North"), N_("Middle"), N_("South") };
    GtkWidget *bands = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(bands, "linked");
    for (int i = 0; i < 3; i++) {
        self->band_buttons[i] = stone(self, 1, i, minden_label_band(i), _(band_names[i]));
        gtk_box_append(GTK_BOX(bands), self->band_buttons[i]);
    }
    gtk_widget_set_parent(pair(row_box(self, 0, _("1. East or West (required)"), ew),
                               row_box(self, 1, _("2. North, Middle or South"), bands)),
                          w);

    /* Sector stones laid out like the sectors on the board: five per row. */
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 4);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 4);
    for (int i = 0; i < 15; i++) {
        char num[4];
        g_snprintf(num, sizeof num, "%d", i + 1);
        g_autofree char *acc = g_strdup_printf(_("Sector %d"), i + 1);
        self->sector_buttons[i] = stone(self, 2, i + 1, num, acc);
        gtk_grid_attach(GTK_GRID(grid), self->sector_buttons[i], i % 5, i / 5, 1, 1);
    }

    /* Sections as they lie in a cell: A B over C D. */
    GtkWidget *sections = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(sections), 4);
    gtk_grid_set_column_spacing(GTK_GRID(sections), 4);
    static const char *const quarter[] = {
        /* Translators: a section of a cell for screen readers, with its letter. */
        N_("Section A (north-west)"),
        N_("Section B (north-east)"),
        N_("Section C (south-west)"),
        N_("Section D (south-east)"),
    };
    for (int i = 0; i < 4; i++) {
        self->section_buttons[i] = stone(self, 3, i, minden_label_section(i), _(quarter[i]));
        gtk_grid_attach(GTK_GRID(sections), self->section_buttons[i], i % 2, i / 2, 1, 1);
    }
    gtk_widget_set_parent(pair(row_box(self, 2, _("3. Sector"), grid),
                               row_box(self, 3, _("4. Section"), sections)),
                          w);

    self->summary = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(self->summary), TRUE);
    gtk_label_set_xalign(GTK_LABEL(self->summary), 0);
    gtk_widget_add_css_class(self->summary, "minden-tip-summary");
    gtk_widget_set_parent(self->summary, w);
    gtk_accessible_update_relation(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                   self->summary, NULL, -1);
    sync(self);
}
