/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The base of the game pages: game, driver, settings, privacy screen, holds, CSS, signals. */
#include "config.h"

#include "lp-game-page.h"

typedef struct {
    LpGame *game;
    LpDriver *driver;
    LpSettings *settings;
    GSignalGroup *game_signals;
    LpPrivacyScreen *privacy;
    guint holds;
    gboolean finished;
} LpGamePagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE(LpGamePage, lp_game_page, GTK_TYPE_WIDGET)

enum {
    PROP_0,
    PROP_GAME,
    PROP_DRIVER,
    PROP_SETTINGS,
    PROP_FINISHED,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* Each page's style sheet once per display: the provider stays with the display. */
static void load_css(LpGamePage *self)
{
    LpGamePageClass *klass = LP_GAME_PAGE_GET_CLASS(self);
    GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(self));
    if (klass->css_resource == NULL || display == NULL)
        return;
    g_autofree char *key = g_strdup_printf("lp-game-page-css:%s", klass->css_resource);
    if (g_object_get_data(G_OBJECT(display), key) != NULL)
        return;
    g_autoptr(GtkCssProvider) provider = gtk_css_provider_new();
    gtk_css_provider_load_from_resource(provider, klass->css_resource);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_set_data_full(G_OBJECT(display), key, g_object_ref(provider), g_object_unref);
}

static void on_revealed(LpGamePage *self)
{
    LpGamePageClass *klass = LP_GAME_PAGE_GET_CLASS(self);
    if (klass->revealed != NULL)
        klass->revealed(self);
}

static GQuark seat_private_quark(void)
{
    return g_quark_from_static_string("lp-game-page-seat-private");
}

void lp_game_page_mark_seat_private(GtkWidget *widget)
{
    g_return_if_fail(GTK_IS_WIDGET(widget));
    g_object_set_qdata(G_OBJECT(widget), seat_private_quark(), GINT_TO_POINTER(TRUE));
}

/* Issue 10: nothing of the previous seat survives the hand-over. One walk over every widget
 * of the page puts back what a person leaves in a view by using it, whatever the game:
 * - typed text (GtkEditable, editable GtkTextView) and its undo history, which the next
 *   person could bring back with Ctrl+Z; a spin button goes back to its lowest value;
 * - selected text (selectable labels, entries, text views) and selected list rows;
 * - scroll positions: where the previous person scrolled to can say what they looked at;
 * - open popovers and menus, and the hover highlight (a hovered card, cell or gap);
 * - the accessible name and description and the tooltip of every widget marked
 *   seat-private: what a screen reader said of one seat's view is gone, whether or not the
 *   page rebuilds it for the next. Only marked ones: a page's fixed names ("Map of Germany
 *   with the game grid") must stay, and GTK 4.8 cannot tell them from names set for a seat.
 * What the game shows in its labels is the page's to rebuild for the next seat. Returns
 * whether to walk on into widget's children. */
static gboolean forget_widget(GtkWidget *widget)
{
    gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_PRELIGHT | GTK_STATE_FLAG_DROP_ACTIVE);

    if (g_object_get_qdata(G_OBJECT(widget), seat_private_quark()) != NULL) {
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
        /* A set text only: one a canvas gives in "query-tooltip" asks for the new seat, and
         * clearing the text would turn that off too. */
        if (gtk_widget_get_tooltip_text(widget) != NULL)
            gtk_widget_set_tooltip_text(widget, NULL);
    }

    /* A canvas draws its hover from its motion controller: it hears the pointer leave. */
    GListModel *controllers = gtk_widget_observe_controllers(widget);
    for (guint i = 0, n = g_list_model_get_n_items(controllers); i < n; i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION(c) &&
            gtk_event_controller_motion_contains_pointer(GTK_EVENT_CONTROLLER_MOTION(c)))
            g_signal_emit_by_name(c, "leave");
    }
    g_object_unref(controllers);

    if (GTK_IS_POPOVER(widget))
        gtk_popover_popdown(GTK_POPOVER(widget));

    if (GTK_IS_SCROLLED_WINDOW(widget)) {
        GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW(widget);
        GtkAdjustment *adjustments[] = { gtk_scrolled_window_get_hadjustment(sw),
                                         gtk_scrolled_window_get_vadjustment(sw) };
        for (guint i = 0; i < G_N_ELEMENTS(adjustments); i++)
            gtk_adjustment_set_value(adjustments[i], gtk_adjustment_get_lower(adjustments[i]));
    }

    if (GTK_IS_LABEL(widget) && gtk_label_get_selectable(GTK_LABEL(widget)))
        gtk_label_select_region(GTK_LABEL(widget), 0, 0);

    if (GTK_IS_LIST_BOX(widget))
        gtk_list_box_unselect_all(GTK_LIST_BOX(widget));
    else if (GTK_IS_FLOW_BOX(widget))
        gtk_flow_box_unselect_all(GTK_FLOW_BOX(widget));
    else if (GTK_IS_LIST_VIEW(widget) || GTK_IS_GRID_VIEW(widget) || GTK_IS_COLUMN_VIEW(widget)) {
        GtkSelectionModel *model = NULL;
        g_object_get(widget, "model", &model, NULL);
        if (model != NULL)
            gtk_selection_model_unselect_all(model);
        g_clear_object(&model);
    }

    if (GTK_IS_TEXT_VIEW(widget)) {
        GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(widget));
        gboolean undo = gtk_text_buffer_get_enable_undo(buffer);
        GtkTextIter start;
        if (gtk_text_view_get_editable(GTK_TEXT_VIEW(widget)))
            gtk_text_buffer_set_text(buffer, "", 0);
        gtk_text_buffer_get_start_iter(buffer, &start);
        gtk_text_buffer_place_cursor(buffer, &start);
        /* Turning undo off empties its history. */
        gtk_text_buffer_set_enable_undo(buffer, FALSE);
        gtk_text_buffer_set_enable_undo(buffer, undo);
    }

    if (GTK_IS_EDITABLE(widget)) {
        GtkEditable *editable = GTK_EDITABLE(widget);
        gboolean undo = gtk_editable_get_enable_undo(editable);
        if (GTK_IS_SPIN_BUTTON(widget)) {
            GtkSpinButton *spin = GTK_SPIN_BUTTON(widget);
            gtk_spin_button_set_value(spin,
                                      gtk_adjustment_get_lower(gtk_spin_button_get_adjustment(spin)));
        } else if (gtk_editable_get_editable(editable)) {
            gtk_editable_set_text(editable, "");
        }
        gtk_editable_select_region(editable, 0, 0);
        gtk_editable_set_enable_undo(editable, FALSE);
        gtk_editable_set_enable_undo(editable, undo);
        /* Its parts (the GtkText inside an entry) are done with it. */
        return FALSE;
    }
    return TRUE;
}

static void forget_all(GtkWidget *widget)
{
    if (!forget_widget(widget))
        return;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        forget_all(c);
}

void lp_game_page_forget_seat(LpGamePage *self)
{
    g_return_if_fail(LP_IS_GAME_PAGE(self));
    LpGamePageClass *klass = LP_GAME_PAGE_GET_CLASS(self);
    forget_all(GTK_WIDGET(self));
    /* An open tooltip belongs to what the pointer was over: ask again, the cover is there. */
    gtk_widget_trigger_tooltip_query(GTK_WIDGET(self));
    if (klass->forget_seat != NULL)
        klass->forget_seat(self);
}

static void lp_game_page_constructed(GObject *object)
{
    LpGamePage *self = LP_GAME_PAGE(object);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);

    G_OBJECT_CLASS(lp_game_page_parent_class)->constructed(object);
    g_assert(priv->game != NULL && priv->driver != NULL);
    g_assert(G_TYPE_CHECK_INSTANCE_TYPE(priv->game, LP_GAME_PAGE_GET_CLASS(self)->game_type));
    if (priv->settings == NULL)
        priv->settings = lp_settings_new();
    load_css(self);

    GtkWidget *content = gtk_widget_get_first_child(GTK_WIDGET(self));
    if (content != NULL && lp_privacy_needed(priv->game)) {
        /* RULES.md hidden information: what one seat may see goes behind a "Pass to" cover
         * whenever the screen changes hands between humans. */
        priv->privacy = lp_privacy_screen_wrap(GTK_WIDGET(self), content);
        g_signal_connect_object(priv->privacy, "revealed", G_CALLBACK(on_revealed), self,
                                G_CONNECT_SWAPPED);
        g_signal_connect_object(priv->privacy, "handing-over",
                                G_CALLBACK(lp_game_page_forget_seat), self, G_CONNECT_SWAPPED);
    }
    g_signal_group_set_target(lp_game_page_get_game_signals(self), priv->game);
}

static void lp_game_page_dispose(GObject *object)
{
    LpGamePage *self = LP_GAME_PAGE(object);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);

    if (priv->game_signals != NULL)
        g_signal_group_set_target(priv->game_signals, NULL);
    g_clear_object(&priv->game_signals);
    while (priv->holds > 0)
        lp_game_page_release(self);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    priv->privacy = NULL;
    g_clear_object(&priv->driver);
    g_clear_object(&priv->game);
    g_clear_object(&priv->settings);
    G_OBJECT_CLASS(lp_game_page_parent_class)->dispose(object);
}

static void lp_game_page_get_property(GObject *object, guint prop_id, GValue *value,
                                      GParamSpec *pspec)
{
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(LP_GAME_PAGE(object));
    switch (prop_id) {
    case PROP_GAME:
        g_value_set_object(value, priv->game);
        break;
    case PROP_DRIVER:
        g_value_set_object(value, priv->driver);
        break;
    case PROP_SETTINGS:
        g_value_set_object(value, priv->settings);
        break;
    case PROP_FINISHED:
        g_value_set_boolean(value, priv->finished);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_game_page_set_property(GObject *object, guint prop_id, const GValue *value,
                                      GParamSpec *pspec)
{
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(LP_GAME_PAGE(object));
    switch (prop_id) {
    case PROP_GAME:
        priv->game = g_value_dup_object(value);
        break;
    case PROP_DRIVER:
        priv->driver = g_value_dup_object(value);
        break;
    case PROP_SETTINGS:
        priv->settings = g_value_dup_object(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_game_page_class_init(LpGamePageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = lp_game_page_constructed;
    object_class->dispose = lp_game_page_dispose;
    object_class->get_property = lp_game_page_get_property;
    object_class->set_property = lp_game_page_set_property;

    klass->game_type = LP_TYPE_GAME;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);

    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                              G_PARAM_STATIC_STRINGS;
    properties[PROP_GAME] = g_param_spec_object("game", NULL, NULL, LP_TYPE_GAME, flags);
    properties[PROP_DRIVER] = g_param_spec_object("driver", NULL, NULL, LP_TYPE_DRIVER, flags);
    properties[PROP_SETTINGS] = g_param_spec_object("settings", NULL, NULL, LP_TYPE_SETTINGS,
                                                    flags);
    properties[PROP_FINISHED] = g_param_spec_boolean("finished", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                         G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void lp_game_page_init(LpGamePage *self)
{
}

GtkWidget *lp_game_page_new(GType page_type, LpGame *game, LpDriver *driver,
                            LpSettings *settings)
{
    g_return_val_if_fail(g_type_is_a(page_type, LP_TYPE_GAME_PAGE), NULL);
    g_return_val_if_fail(LP_IS_GAME(game), NULL);
    g_return_val_if_fail(LP_IS_DRIVER(driver), NULL);
    g_return_val_if_fail(settings == NULL || LP_IS_SETTINGS(settings), NULL);
    return g_object_new(page_type, "game", game, "driver", driver, "settings", settings, NULL);
}

LpGame *lp_game_page_get_game(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), NULL);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->game;
}

LpDriver *lp_game_page_get_driver(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), NULL);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->driver;
}

LpSettings *lp_game_page_get_settings(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), NULL);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->settings;
}

GSignalGroup *lp_game_page_get_game_signals(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), NULL);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    /* Made on first use: in a subclass's init the class is already the subclass's, so the
     * group knows the model's own signals ("card-placed" …). */
    if (priv->game_signals == NULL)
        priv->game_signals = g_signal_group_new(LP_GAME_PAGE_GET_CLASS(self)->game_type);
    return priv->game_signals;
}

LpPrivacyScreen *lp_game_page_get_privacy_screen(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), NULL);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->privacy;
}

/* Scroll positions wait for the new page's first layout: before it, an adjustment's upper
 * bound is 0 and every value would be clamped to the start. */
typedef struct {
    GtkAdjustment *adjustment;
    double value;
} Scroll;

static gboolean restore_scrolls(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    GArray *scrolls = data;
    for (guint i = 0; i < scrolls->len; i++) {
        Scroll *s = &g_array_index(scrolls, Scroll, i);
        gtk_adjustment_set_value(s->adjustment, s->value);
    }
    /* Ticks come before a frame's layout: the second one follows the first layout. */
    gpointer second = g_object_get_data(G_OBJECT(widget), "lp-carry-second-tick");
    if (second == NULL) {
        g_object_set_data(G_OBJECT(widget), "lp-carry-second-tick", GINT_TO_POINTER(1));
        return G_SOURCE_CONTINUE;
    }
    g_object_set_data(G_OBJECT(widget), "lp-carry-second-tick", NULL);
    return G_SOURCE_REMOVE;
}

static void clear_scroll(gpointer data)
{
    g_object_unref(((Scroll *)data)->adjustment);
}

static void carry_widget(GtkWidget *from, GtkWidget *to, GtkWidget *focus, GArray *scrolls)
{
    if (G_OBJECT_TYPE(from) != G_OBJECT_TYPE(to))
        return;
    if (from == focus && gtk_widget_get_focusable(to) && gtk_widget_is_sensitive(to) &&
        gtk_widget_get_visible(to))
        gtk_widget_grab_focus(to);
    if (GTK_IS_SCROLLED_WINDOW(from)) {
        GtkAdjustment *pairs[2][2] = {
            {gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(from)),
             gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(to))},
            {gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(from)),
             gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(to))}};
        for (guint i = 0; i < 2; i++) {
            Scroll s = {g_object_ref(pairs[i][1]), gtk_adjustment_get_value(pairs[i][0])};
            g_array_append_val(scrolls, s);
        }
    }
    if (GTK_IS_SPIN_BUTTON(from)) {
        if (gtk_widget_is_sensitive(to))
            gtk_spin_button_set_value(GTK_SPIN_BUTTON(to),
                                      gtk_spin_button_get_value(GTK_SPIN_BUTTON(from)));
    } else if (GTK_IS_EDITABLE(from) && gtk_editable_get_editable(GTK_EDITABLE(to)) &&
               gtk_widget_is_sensitive(to)) {
        const char *text = gtk_editable_get_text(GTK_EDITABLE(from));
        if (g_strcmp0(text, gtk_editable_get_text(GTK_EDITABLE(to))) != 0)
            gtk_editable_set_text(GTK_EDITABLE(to), text);
    }
    GtkWidget *a = gtk_widget_get_first_child(from);
    GtkWidget *b = gtk_widget_get_first_child(to);
    for (; a != NULL && b != NULL;
         a = gtk_widget_get_next_sibling(a), b = gtk_widget_get_next_sibling(b))
        carry_widget(a, b, focus, scrolls);
}

void lp_game_page_carry_over(LpGamePage *self, LpGamePage *previous)
{
    g_return_if_fail(LP_IS_GAME_PAGE(self) && LP_IS_GAME_PAGE(previous));
    g_return_if_fail(G_OBJECT_TYPE(self) == G_OBJECT_TYPE(previous));
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(previous));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (focus != NULL && !gtk_widget_is_ancestor(focus, GTK_WIDGET(previous)))
        focus = NULL;
    GArray *scrolls = g_array_new(FALSE, FALSE, sizeof(Scroll));
    g_array_set_clear_func(scrolls, clear_scroll);
    carry_widget(GTK_WIDGET(previous), GTK_WIDGET(self), focus, scrolls);
    if (scrolls->len > 0)
        gtk_widget_add_tick_callback(GTK_WIDGET(self), restore_scrolls, scrolls,
                                     (GDestroyNotify)g_array_unref);
    else
        g_array_unref(scrolls);
    LpGamePageClass *klass = LP_GAME_PAGE_GET_CLASS(self);
    if (klass->carry_over != NULL)
        klass->carry_over(self, previous);
}

gboolean lp_game_page_get_finished(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), FALSE);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->finished;
}

void lp_game_page_set_finished(LpGamePage *self, gboolean finished)
{
    g_return_if_fail(LP_IS_GAME_PAGE(self));
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    finished = !!finished;
    if (priv->finished == finished)
        return;
    priv->finished = finished;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_FINISHED]);
}

void lp_game_page_hold(LpGamePage *self)
{
    g_return_if_fail(LP_IS_GAME_PAGE(self));
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    priv->holds++;
    lp_driver_hold(priv->driver);
}

void lp_game_page_release(LpGamePage *self)
{
    g_return_if_fail(LP_IS_GAME_PAGE(self));
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    if (priv->holds == 0)
        return;
    priv->holds--;
    lp_driver_release(priv->driver);
}

guint lp_game_page_get_holds(LpGamePage *self)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(self), 0);
    LpGamePagePrivate *priv = lp_game_page_get_instance_private(self);
    return priv->holds;
}
