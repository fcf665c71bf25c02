/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The player-setup page: seats within the game's range, each with name, age, colour and
 * kind, the game's option, and the remembered line-up. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-json.h"
#include "lp-lesson.h"
#include "lp-player.h"
#include "lp-setup-page.h"
#include "lp-start-page.h"

#define MAX_AGE 150
/* The page's width at most, seats and Start alike. */
#define CONTENT_WIDTH 728

/* The controls of one seat; owned by its GtkListBoxRow. */
typedef struct {
    GtkWidget *row;
    GtkWidget *number_label;
    GtkWidget *name_entry;
    GtkWidget *age_entry;
    GtkWidget *colour_dropdown;
    GtkWidget *kind_dropdown;
    GtkWidget *remove_button;
    GtkWidget *error_label; /* under the entries: what is wrong with this seat */
    guint colour;
} Seat;

struct _LpSetupPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *content;
    GtkWidget *subtitle_label;
    GtkListBox *seat_list;
    GtkWidget *add_button;
    GtkWidget *option_list;
    GtkWidget *option_label;
    GtkWidget *option_description;
    GtkWidget *option_switch;
    GtkWidget *bar;
    GtkWidget *error_label;
    GtkWidget *start_button;
    /* Learn to Play (issue 33): the button beside Start, and the banner that suggests the
     * lesson the first time a game is opened. */
    GtkWidget *learn_button;
    GtkWidget *lesson_banner;

    LpSettings *settings;
    const LpGameUi *info;
    GPtrArray *seats; /* Seat*, owned by the rows */
    gboolean updating;
    Seat *error_seat; /* the seat the last error of build_players() is about, or NULL */
};

G_DEFINE_FINAL_TYPE(LpSetupPage, lp_setup_page, GTK_TYPE_WIDGET)

static const char *const kind_labels[] = {
    N_("Human"),
    /* Translators: a player kind in the setup page. */
    N_("Computer – easy"),
    N_("Computer – normal"),
    N_("Computer – hard"),
    /* Translators: a player kind in the setup page: the person plays on their own phone,
     * tablet or computer (issue 31). */
    N_("On another device"),
};

static void update_seats(LpSetupPage *self);

/* Only a game that can send each seat its own view can be played on several devices. */
static gboolean supports_remote(LpSetupPage *self)
{
    return self->info != NULL && self->info->game_class->view_state != NULL &&
           self->info->game_class->apply_action != NULL;
}

static void colour_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    GtkWidget *label = gtk_label_new(NULL);

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}

static void colour_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    guint position = gtk_list_item_get_position(item);
    g_autofree char *markup = NULL;

    if (position >= n_colours)
        return;
    markup = g_markup_printf_escaped("<span foreground=\"%s\" size=\"large\">%s</span>  %s",
                                     colours[position].hex, colours[position].symbol,
                                     _(colours[position].name));
    gtk_label_set_markup(GTK_LABEL(gtk_list_item_get_child(item)), markup);
}

static guint seat_index(LpSetupPage *self, Seat *seat)
{
    guint index = 0;

    g_assert(g_ptr_array_find(self->seats, seat, &index));
    return index;
}

static void on_colour_selected(GtkDropDown *dropdown, GParamSpec *pspec, LpSetupPage *self)
{
    Seat *seat = g_object_get_data(G_OBJECT(dropdown), "lp-seat");
    guint colour = gtk_drop_down_get_selected(dropdown);

    if (self->updating || colour == GTK_INVALID_LIST_POSITION || colour == seat->colour)
        return;
    /* Colours stay distinct: the seat that had this colour takes the old one. */
    for (guint i = 0; i < self->seats->len; i++) {
        Seat *other = self->seats->pdata[i];

        if (other != seat && other->colour == colour) {
            other->colour = seat->colour;
            self->updating = TRUE;
            gtk_drop_down_set_selected(GTK_DROP_DOWN(other->colour_dropdown), other->colour);
            self->updating = FALSE;
        }
    }
    seat->colour = colour;
}

static void on_remove_clicked(GtkButton *button, LpSetupPage *self)
{
    Seat *seat = g_object_get_data(G_OBJECT(button), "lp-seat");

    lp_setup_page_remove_seat(self, seat_index(self, seat));
}

static void on_add_clicked(LpSetupPage *self)
{
    if (lp_setup_page_add_seat(self)) {
        Seat *seat = g_ptr_array_index(self->seats, self->seats->len - 1);

        gtk_widget_grab_focus(seat->name_entry);
    }
}

static guint first_free_colour(LpSetupPage *self)
{
    guint n_colours;

    lp_player_colours(&n_colours);
    for (guint c = 0; c < n_colours; c++) {
        gboolean used = FALSE;

        for (guint i = 0; i < self->seats->len; i++)
            used = used || ((Seat *)self->seats->pdata[i])->colour == c;
        if (!used)
            return c;
    }
    return 0;
}

static GtkWidget *labelled_dropdown(const char *const *strings, guint n, gboolean translate)
{
    g_autoptr(GtkStringList) list = gtk_string_list_new(NULL);

    for (guint i = 0; i < n; i++)
        gtk_string_list_append(list, translate ? _(strings[i]) : strings[i]);
    return gtk_drop_down_new(G_LIST_MODEL(g_steal_pointer(&list)), NULL);
}

/* A name takes LP_PLAYER_NAME_TYPED_MAX characters a person sees: a letter with its
 * accents or an emoji with its joined parts counts once, so an Arabic name with its vowel
 * marks is not cut short where a German one is not (issue 36). */
static void on_name_insert(GtkEditable *editable, const char *text, int length, int *position,
                           gpointer data)
{
    const char *now = gtk_editable_get_text(editable);
    const char *at = g_utf8_offset_to_pointer(now, *position);
    g_autoptr(GString) after = g_string_new_len(now, at - now);
    g_string_append_len(after, text, length);
    g_string_append(after, at);
    if (lp_player_name_length(after->str) > LP_PLAYER_NAME_TYPED_MAX) {
        g_signal_stop_emission_by_name(editable, "insert-text");
        gtk_widget_error_bell(GTK_WIDGET(editable));
    }
}

static void clear_seat_error(Seat *seat)
{
    gtk_widget_remove_css_class(seat->name_entry, "error");
    gtk_widget_remove_css_class(seat->age_entry, "error");
    gtk_widget_set_visible(seat->error_label, FALSE);
}

/* A drop-down's button takes the focus; GTK 4.8 names it by its class ("GtkToggleButton").
 * It is named by its drop-down instead (issue 13). */
static void name_dropdown_button(GtkWidget *dropdown)
{
    for (GtkWidget *c = gtk_widget_get_first_child(dropdown); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_TOGGLE_BUTTON(c))
            gtk_accessible_update_relation(GTK_ACCESSIBLE(c),
                                           GTK_ACCESSIBLE_RELATION_LABELLED_BY, dropdown, NULL,
                                           -1);
}

static Seat *append_seat(LpSetupPage *self)
{
    Seat *seat = g_new0(Seat, 1);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new();
    g_autoptr(GtkStringList) colour_names = gtk_string_list_new(NULL);

    gtk_widget_add_css_class(box, "seat-row");
    seat->row = gtk_list_box_row_new();
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(seat->row), FALSE);
    gtk_widget_set_focusable(seat->row, FALSE);
    g_object_set_data_full(G_OBJECT(seat->row), "lp-seat", seat, g_free);

    seat->number_label = gtk_label_new(NULL);
    gtk_widget_add_css_class(seat->number_label, "seat-number");
    gtk_widget_add_css_class(seat->number_label, "numeric");
    gtk_label_set_width_chars(GTK_LABEL(seat->number_label), 2);
    gtk_widget_set_valign(seat->number_label, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(box), seat->number_label);

    seat->name_entry = gtk_entry_new();
    /* The entry counts code points; a name's limit counts what a person sees (issue 36),
     * which on_name_insert keeps. */
    gtk_entry_set_max_length(GTK_ENTRY(seat->name_entry), LP_PLAYER_NAME_TYPED_CODEPOINTS);
    g_signal_connect(gtk_editable_get_delegate(GTK_EDITABLE(seat->name_entry)), "insert-text",
                     G_CALLBACK(on_name_insert), NULL);
    gtk_widget_set_hexpand(seat->name_entry, TRUE);
    gtk_widget_set_valign(seat->name_entry, GTK_ALIGN_CENTER);
    gtk_entry_set_activates_default(GTK_ENTRY(seat->name_entry), TRUE);
    gtk_box_append(GTK_BOX(box), seat->name_entry);

    seat->age_entry = gtk_entry_new();
    gtk_entry_set_max_length(GTK_ENTRY(seat->age_entry), 3);
    gtk_editable_set_width_chars(GTK_EDITABLE(seat->age_entry), 4);
    gtk_editable_set_max_width_chars(GTK_EDITABLE(seat->age_entry), 4);
    gtk_widget_set_size_request(seat->age_entry, 72, -1);
    gtk_entry_set_input_purpose(GTK_ENTRY(seat->age_entry), GTK_INPUT_PURPOSE_DIGITS);
    /* Translators: placeholder of the optional age field of a seat. */
    gtk_entry_set_placeholder_text(GTK_ENTRY(seat->age_entry), _("Age"));
    gtk_entry_set_activates_default(GTK_ENTRY(seat->age_entry), TRUE);
    gtk_widget_set_valign(seat->age_entry, GTK_ALIGN_CENTER);
    gtk_widget_set_tooltip_text(seat->age_entry,
                                _("Optional: the youngest player begins"));
    gtk_box_append(GTK_BOX(box), seat->age_entry);

    for (guint i = 0; i < n_colours; i++)
        gtk_string_list_append(colour_names, _(colours[i].name));
    g_signal_connect(factory, "setup", G_CALLBACK(colour_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(colour_bind), NULL);
    seat->colour_dropdown = gtk_drop_down_new(G_LIST_MODEL(g_steal_pointer(&colour_names)),
                                              NULL);
    gtk_drop_down_set_factory(GTK_DROP_DOWN(seat->colour_dropdown), factory);
    gtk_widget_set_valign(seat->colour_dropdown, GTK_ALIGN_CENTER);
    gtk_widget_set_size_request(seat->colour_dropdown, 120, -1);
    seat->colour = first_free_colour(self);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(seat->colour_dropdown), seat->colour);
    g_object_set_data(G_OBJECT(seat->colour_dropdown), "lp-seat", seat);
    g_signal_connect(seat->colour_dropdown, "notify::selected", G_CALLBACK(on_colour_selected),
                     self);
    gtk_box_append(GTK_BOX(box), seat->colour_dropdown);

    seat->kind_dropdown = labelled_dropdown(
        kind_labels, supports_remote(self) ? G_N_ELEMENTS(kind_labels) : LP_SEAT_REMOTE, TRUE);
    gtk_widget_set_valign(seat->kind_dropdown, GTK_ALIGN_CENTER);
    gtk_widget_set_size_request(seat->kind_dropdown, 190, -1);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(seat->kind_dropdown),
                               self->seats->len == 0 ? LP_SEAT_HUMAN : LP_SEAT_COMPUTER_NORMAL);
    gtk_box_append(GTK_BOX(box), seat->kind_dropdown);
    name_dropdown_button(seat->colour_dropdown);
    name_dropdown_button(seat->kind_dropdown);

    seat->remove_button = gtk_button_new_from_icon_name("user-trash-symbolic");
    gtk_widget_add_css_class(seat->remove_button, "flat");
    gtk_widget_set_valign(seat->remove_button, GTK_ALIGN_CENTER);
    g_object_set_data(G_OBJECT(seat->remove_button), "lp-seat", seat);
    g_signal_connect(seat->remove_button, "clicked", G_CALLBACK(on_remove_clicked), self);
    gtk_box_append(GTK_BOX(box), seat->remove_button);

    /* The seat's own error shows under its entries, where the focus goes (issue 13). */
    seat->error_label = g_object_new(GTK_TYPE_LABEL, "accessible-role",
                                     GTK_ACCESSIBLE_ROLE_ALERT, NULL);
    gtk_label_set_wrap(GTK_LABEL(seat->error_label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(seat->error_label), 0);
    gtk_widget_add_css_class(seat->error_label, "error");
    gtk_widget_add_css_class(seat->error_label, "seat-error");
    gtk_widget_set_margin_start(seat->error_label, 12);
    gtk_widget_set_margin_end(seat->error_label, 12);
    gtk_widget_set_margin_bottom(seat->error_label, 8);
    gtk_widget_set_visible(seat->error_label, FALSE);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(column), box);
    gtk_box_append(GTK_BOX(column), seat->error_label);
    g_signal_connect_swapped(seat->name_entry, "changed", G_CALLBACK(clear_seat_error), seat);
    g_signal_connect_swapped(seat->age_entry, "changed", G_CALLBACK(clear_seat_error), seat);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(seat->row), column);
    gtk_list_box_append(self->seat_list, seat->row);
    g_ptr_array_add(self->seats, seat);
    return seat;
}

/* Numbers, placeholders, accessible names and the add/remove sensitivity follow the seat
 * positions and the game's range. */
static void update_seats(LpSetupPage *self)
{
    guint min = self->info != NULL ? self->info->game_class->min_players : 2;
    guint max = self->info != NULL ? self->info->game_class->max_players : 6;

    for (guint i = 0; i < self->seats->len; i++) {
        Seat *seat = self->seats->pdata[i];
        g_autofree char *number = g_strdup_printf("%u", i + 1);
        /* Translators: the default name of seat N. */
        g_autofree char *placeholder = g_strdup_printf(_("Player %u"), i + 1);
        g_autofree char *name_label = g_strdup_printf(_("Name of player %u"), i + 1);
        g_autofree char *age_label = g_strdup_printf(_("Age of player %u (optional)"), i + 1);
        g_autofree char *colour_label = g_strdup_printf(_("Colour of player %u"), i + 1);
        g_autofree char *kind_label = g_strdup_printf(_("Player %u is played by"), i + 1);
        g_autofree char *remove_label = g_strdup_printf(_("Remove player %u"), i + 1);

        gtk_label_set_text(GTK_LABEL(seat->number_label), number);
        gtk_entry_set_placeholder_text(GTK_ENTRY(seat->name_entry), placeholder);
        gtk_accessible_update_property(GTK_ACCESSIBLE(seat->name_entry),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, name_label, -1);
        gtk_accessible_update_property(GTK_ACCESSIBLE(seat->age_entry),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, age_label, -1);
        gtk_accessible_update_property(GTK_ACCESSIBLE(seat->colour_dropdown),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, colour_label, -1);
        gtk_accessible_update_property(GTK_ACCESSIBLE(seat->kind_dropdown),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, kind_label, -1);
        gtk_accessible_update_property(GTK_ACCESSIBLE(seat->remove_button),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
        gtk_widget_set_tooltip_text(seat->remove_button, remove_label);
        gtk_widget_set_sensitive(seat->remove_button, self->seats->len > min);
    }
    gtk_widget_set_sensitive(self->add_button, self->seats->len < max);
}

static void clear_seats(LpSetupPage *self)
{
    self->error_seat = NULL;
    while (self->seats->len > 0) {
        Seat *seat = g_ptr_array_steal_index(self->seats, self->seats->len - 1);

        gtk_list_box_remove(self->seat_list, seat->row);
    }
}

static LpSeatKind seat_kind_of(LpPlayer *player)
{
    if (lp_player_is_human(player))
        return LP_SEAT_HUMAN;
    switch (lp_player_get_level(player)) {
    case LP_LEVEL_EASY:
        return LP_SEAT_COMPUTER_EASY;
    case LP_LEVEL_HARD:
        return LP_SEAT_COMPUTER_HARD;
    case LP_LEVEL_NORMAL:
    default:
        return LP_SEAT_COMPUTER_NORMAL;
    }
}

/* The remembered line-up: {"players": [player…], "options": {"buxtehude": true, …}}.
 * Anything unreadable is ignored: this is a convenience, not a save. */
static LpSettings *settings_of(LpSetupPage *self)
{
    /* A page on its own (tests) opens the settings itself; in a window it gets the window's. */
    if (self->settings == NULL)
        self->settings = lp_settings_new();
    return self->settings;
}

static JsonNode *read_lineup(LpSetupPage *self)
{
    const char *text = lp_settings_get_last_lineup(settings_of(self));
    JsonNode *root;

    if (text == NULL || *text == '\0')
        return NULL;
    root = lp_json_parse(text, -1, NULL);
    if (root != NULL && !JSON_NODE_HOLDS_OBJECT(root))
        g_clear_pointer(&root, json_node_unref);
    return root;
}

static void load_lineup(LpSetupPage *self)
{
    g_autoptr(JsonNode) root = read_lineup(self);
    JsonArray *players = NULL;
    JsonObject *options = NULL;
    guint n_colours;

    lp_player_colours(&n_colours);
    if (root != NULL) {
        JsonObject *obj = json_node_get_object(root);
        JsonNode *node = json_object_get_member(obj, "players");

        if (node != NULL && JSON_NODE_HOLDS_ARRAY(node))
            players = json_node_get_array(node);
        node = json_object_get_member(obj, "options");
        if (node != NULL && JSON_NODE_HOLDS_OBJECT(node))
            options = json_node_get_object(node);
    }

    for (guint i = 0; players != NULL && i < json_array_get_length(players) &&
                      self->seats->len < self->info->game_class->max_players; i++) {
        g_autoptr(LpPlayer) player =
            lp_player_from_json(json_array_get_element(players, i), NULL);
        g_autofree char *age = NULL;
        int colour;
        LpSeatKind kind;

        if (player == NULL)
            continue;
        kind = seat_kind_of(player);
        /* "remote": true and nothing else marks a seat on another device; any other value
         * is ignored like the rest of a line-up that cannot be read. */
        JsonNode *element = json_array_get_element(players, i);
        JsonNode *remote = json_object_get_member(json_node_get_object(element), "remote");
        if (remote != NULL && JSON_NODE_HOLDS_VALUE(remote) &&
            json_node_get_value_type(remote) == G_TYPE_BOOLEAN && json_node_get_boolean(remote) &&
            lp_player_is_human(player))
            kind = LP_SEAT_REMOTE;
        append_seat(self);
        colour = lp_player_colour_index(lp_player_get_colour(player));
        age = lp_player_get_age(player) == LP_AGE_UNKNOWN
                  ? g_strdup("")
                  : g_strdup_printf("%d", lp_player_get_age(player));
        lp_setup_page_set_seat(self, self->seats->len - 1, lp_player_get_name(player), age,
                               colour >= 0 ? (guint)colour
                                           : ((Seat *)self->seats->pdata[self->seats->len - 1])
                                                 ->colour,
                               kind);
    }
    while (self->seats->len < MAX(self->info->game_class->min_players, 2))
        append_seat(self);

    if (options != NULL && self->info->game_class->kind != NULL) {
        JsonNode *node = json_object_get_member(options, self->info->game_class->kind);

        lp_setup_page_set_option(self, node != NULL &&
                                           json_node_get_value_type(node) == G_TYPE_BOOLEAN &&
                                           json_node_get_boolean(node));
    } else {
        lp_setup_page_set_option(self, FALSE);
    }
}

/* Enter in a name or age field starts the game. */
static void on_map(GtkWidget *widget, gpointer data)
{
    LpSetupPage *self = LP_SETUP_PAGE(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    if (GTK_IS_WINDOW(root))
        gtk_window_set_default_widget(GTK_WINDOW(root), self->start_button);
}

static void on_unmap(GtkWidget *widget, gpointer data)
{
    LpSetupPage *self = LP_SETUP_PAGE(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    if (GTK_IS_WINDOW(root) &&
        gtk_window_get_default_widget(GTK_WINDOW(root)) == self->start_button)
        gtk_window_set_default_widget(GTK_WINDOW(root), NULL);
}

static void lp_setup_page_dispose(GObject *object)
{
    LpSetupPage *self = LP_SETUP_PAGE(object);
    GtkWidget *child;

    if (self->seats != NULL)
        g_ptr_array_set_size(self->seats, 0);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    g_clear_object(&self->settings);
    G_OBJECT_CLASS(lp_setup_page_parent_class)->dispose(object);
}

static void lp_setup_page_finalize(GObject *object)
{
    LpSetupPage *self = LP_SETUP_PAGE(object);

    g_clear_pointer(&self->seats, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_setup_page_parent_class)->finalize(object);
}

static void lp_setup_page_class_init(LpSetupPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_setup_page_dispose;
    object_class->finalize = lp_setup_page_finalize;

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-setup-page.ui");
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, scroller);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, content);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, subtitle_label);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, seat_list);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, add_button);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, option_list);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, option_label);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, option_description);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, option_switch);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, bar);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, error_label);
    gtk_widget_class_bind_template_child(widget_class, LpSetupPage, start_button);
    gtk_widget_class_bind_template_callback(widget_class, on_add_clicked);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "setuppage");
}

static void on_banner_closed(LpSetupPage *self)
{
    gtk_widget_set_visible(self->lesson_banner, FALSE);
    gtk_widget_set_visible(self->learn_button, TRUE);
}

/* Issue 33: "Learn to Play" beside Start, and above the seats the banner that suggests it the
 * first time a game is opened. Both start the game's lesson (win.learn-to-play). */
static void add_lesson_widgets(LpSetupPage *self)
{
    GtkWidget *text, *banner_button, *close_button, *title_box;

    self->learn_button = gtk_button_new_with_mnemonic(_("_Learn to Play"));
    gtk_widget_set_valign(self->learn_button, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class(self->learn_button, "pill");
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->learn_button));
    gtk_box_prepend(GTK_BOX(self->bar), self->learn_button);

    self->lesson_banner = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(self->lesson_banner, "card");
    gtk_widget_add_css_class(self->lesson_banner, "lesson-banner");
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->lesson_banner),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, _("Learn to Play"), -1);
    text = gtk_label_new(_("New to this game? Learn to Play takes you through a short first "
                           "game against the computer, one step at a time."));
    gtk_label_set_wrap(GTK_LABEL(text), TRUE);
    gtk_label_set_xalign(GTK_LABEL(text), 0);
    gtk_widget_set_hexpand(text, TRUE);
    gtk_widget_set_margin_start(text, 12);
    gtk_widget_set_margin_top(text, 9);
    gtk_widget_set_margin_bottom(text, 9);
    gtk_box_append(GTK_BOX(self->lesson_banner), text);
    /* Translators: the button of the setup page's banner that suggests the lesson. */
    banner_button = gtk_button_new_with_mnemonic(_("Show _Me How"));
    gtk_widget_add_css_class(banner_button, "suggested-action");
    gtk_widget_set_valign(banner_button, GTK_ALIGN_CENTER);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(banner_button));
    gtk_box_append(GTK_BOX(self->lesson_banner), banner_button);
    close_button = gtk_button_new_from_icon_name("window-close-symbolic");
    /* Not "flat": that is what the seats' remove buttons are found by (test-setup-page). */
    gtk_widget_add_css_class(close_button, "circular");
    gtk_widget_set_valign(close_button, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_end(close_button, 6);
    gtk_widget_set_tooltip_text(close_button, _("Not Now"));
    gtk_accessible_update_property(GTK_ACCESSIBLE(close_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Not Now"), -1);
    g_signal_connect_swapped(close_button, "clicked", G_CALLBACK(on_banner_closed), self);
    gtk_box_append(GTK_BOX(self->lesson_banner), close_button);
    gtk_widget_set_visible(self->lesson_banner, FALSE);
    /* Under the page's title, above the seats. */
    title_box = gtk_widget_get_parent(self->subtitle_label);
    gtk_box_insert_child_after(GTK_BOX(self->content), self->lesson_banner, title_box);
}

static void lp_setup_page_init(LpSetupPage *self)
{
    GtkWidget *page_box;

    gtk_widget_init_template(GTK_WIDGET(self));
    /* Centred and at most this wide in every language; German words used to widen the
     * page to the window's edges (issue 13). The bar below keeps Start under the seats'
     * right edge. */
    g_object_ref(self->content);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller), NULL);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller),
                                  lp_clamp_new(self->content, CONTENT_WIDTH));
    g_object_unref(self->content);
    page_box = gtk_widget_get_parent(self->bar);
    g_object_ref(self->bar);
    gtk_box_remove(GTK_BOX(page_box), self->bar);
    gtk_box_append(GTK_BOX(page_box), lp_clamp_new(self->bar, CONTENT_WIDTH));
    g_object_unref(self->bar);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->start_button));
    add_lesson_widgets(self);
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(self, "unmap", G_CALLBACK(on_unmap), NULL);
    self->seats = g_ptr_array_new();
}

void lp_setup_page_set_settings(LpSetupPage *self, LpSettings *settings)
{
    g_return_if_fail(LP_IS_SETUP_PAGE(self));
    g_return_if_fail(LP_IS_SETTINGS(settings));
    g_set_object(&self->settings, settings);
}

GtkWidget *lp_setup_page_new(void)
{
    return g_object_new(LP_TYPE_SETUP_PAGE, NULL);
}

/* The first time a game's setup page shows ever, the page suggests its lesson (issue 33);
 * GSettings "opened-games" remembers the games shown before. */
static gboolean first_time(LpSetupPage *self, const char *kind)
{
    GSettings *gsettings = lp_settings_get_gsettings(settings_of(self));
    g_auto(GStrv) opened = NULL;
    g_autoptr(GStrvBuilder) builder = NULL;
    g_auto(GStrv) now = NULL;

    if (gsettings == NULL)
        return FALSE;
    opened = g_settings_get_strv(gsettings, "opened-games");
    if (g_strv_contains((const char *const *)opened, kind))
        return FALSE;
    builder = g_strv_builder_new();
    g_strv_builder_addv(builder, (const char **)opened);
    g_strv_builder_add(builder, kind);
    now = g_strv_builder_end(builder);
    g_settings_set_strv(gsettings, "opened-games", (const char *const *)now);
    return TRUE;
}

static void update_lesson(LpSetupPage *self)
{
    const char *kind = self->info->game_class->kind;
    gboolean lesson = lp_lesson_exists(kind);
    gboolean suggest = first_time(self, kind) && lesson;
    GtkWidget *banner_button =
        gtk_widget_get_next_sibling(gtk_widget_get_first_child(self->lesson_banner));

    /* The action takes the kind: the name only once the target is there (GTK warns). */
    gtk_actionable_set_action_target(GTK_ACTIONABLE(self->learn_button), "s", kind);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(self->learn_button), "win.learn-to-play");
    gtk_actionable_set_action_target(GTK_ACTIONABLE(banner_button), "s", kind);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(banner_button), "win.learn-to-play");
    gtk_widget_set_visible(self->lesson_banner, suggest);
    gtk_widget_set_visible(self->learn_button, lesson && !suggest);
}

gboolean lp_setup_page_get_suggests_lesson(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    return gtk_widget_get_visible(self->lesson_banner);
}

void lp_setup_page_set_game(LpSetupPage *self, const LpGameUi *info)
{
    g_autofree char *range = NULL;
    g_autofree char *subtitle = NULL;

    g_return_if_fail(LP_IS_SETUP_PAGE(self));
    g_return_if_fail(info != NULL);

    self->info = info;
    range = lp_format_player_range(info->game_class->min_players, info->game_class->max_players);
    /* Translators: under "Who Is Playing?": game name · player range. */
    subtitle = g_strdup_printf(_("%s · %s · The youngest player begins."), _(info->game_class->name), range);
    gtk_label_set_text(GTK_LABEL(self->subtitle_label), subtitle);

    gtk_widget_set_visible(self->option_list, info->game_class->option_label != NULL);
    if (info->game_class->option_label != NULL) {
        g_autofree char *clean = lp_a11y_strip_mnemonic(_(info->game_class->option_label));

        gtk_label_set_text_with_mnemonic(GTK_LABEL(self->option_label), _(info->game_class->option_label));
        /* The mnemonic label also labels the switch; GTK 4.8 would read both ("Easy Cards
         * Easy Cards"), so the switch keeps only its own clean name. */
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(self->option_switch),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->option_switch),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, clean, -1);
    }
    if (info->game_class->option_description != NULL) {
        gtk_label_set_text(GTK_LABEL(self->option_description), _(info->game_class->option_description));
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->option_switch),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       _(info->game_class->option_description), -1);
    }
    gtk_widget_set_visible(self->option_description, info->game_class->option_description != NULL);

    lp_setup_page_show_error(self, NULL);
    clear_seats(self);
    load_lineup(self);
    update_seats(self);
    update_lesson(self);
}

const LpGameUi *lp_setup_page_get_game(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), NULL);
    return self->info;
}

guint lp_setup_page_get_n_seats(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), 0);
    return self->seats->len;
}

gboolean lp_setup_page_add_seat(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    g_return_val_if_fail(self->info != NULL, FALSE);

    if (self->seats->len >= self->info->game_class->max_players)
        return FALSE;
    append_seat(self);
    update_seats(self);
    return TRUE;
}

gboolean lp_setup_page_remove_seat(LpSetupPage *self, guint index)
{
    Seat *seat;

    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    g_return_val_if_fail(self->info != NULL, FALSE);
    g_return_val_if_fail(index < self->seats->len, FALSE);

    if (self->seats->len <= self->info->game_class->min_players)
        return FALSE;
    seat = g_ptr_array_steal_index(self->seats, index);
    if (self->error_seat == seat)
        lp_setup_page_show_error(self, NULL);
    gtk_list_box_remove(self->seat_list, seat->row);
    update_seats(self);
    if (self->seats->len > 0) {
        Seat *next = self->seats->pdata[MIN(index, self->seats->len - 1)];

        gtk_widget_grab_focus(next->name_entry);
    }
    return TRUE;
}

void lp_setup_page_set_seat(LpSetupPage *self, guint index, const char *name,
                            const char *age_text, guint colour, LpSeatKind kind)
{
    Seat *seat;
    guint n_colours;

    g_return_if_fail(LP_IS_SETUP_PAGE(self));
    g_return_if_fail(index < self->seats->len);
    lp_player_colours(&n_colours);
    g_return_if_fail(colour < n_colours);
    g_return_if_fail(kind <= LP_SEAT_REMOTE);
    /* A line-up from a game with remote seats, now for one without them. */
    if (kind == LP_SEAT_REMOTE && !supports_remote(self))
        kind = LP_SEAT_HUMAN;

    seat = self->seats->pdata[index];
    gtk_editable_set_text(GTK_EDITABLE(seat->name_entry), name != NULL ? name : "");
    gtk_editable_set_text(GTK_EDITABLE(seat->age_entry), age_text != NULL ? age_text : "");
    gtk_drop_down_set_selected(GTK_DROP_DOWN(seat->colour_dropdown), colour);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(seat->kind_dropdown), kind);
}

guint lp_setup_page_get_seat_colour(LpSetupPage *self, guint index)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), 0);
    g_return_val_if_fail(index < self->seats->len, 0);
    return ((Seat *)self->seats->pdata[index])->colour;
}

gboolean lp_setup_page_get_option(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    return self->info != NULL && self->info->game_class->option_label != NULL &&
           gtk_switch_get_active(GTK_SWITCH(self->option_switch));
}

void lp_setup_page_set_option(LpSetupPage *self, gboolean option)
{
    g_return_if_fail(LP_IS_SETUP_PAGE(self));
    gtk_switch_set_active(GTK_SWITCH(self->option_switch), option);
}

static gboolean parse_age(const char *text, int *age)
{
    g_autofree char *stripped = g_strstrip(g_strdup(text));
    guint64 value;

    if (*stripped == '\0') {
        *age = LP_AGE_UNKNOWN;
        return TRUE;
    }
    if (!g_ascii_string_to_unsigned(stripped, 10, 0, MAX_AGE, &value, NULL))
        return FALSE;
    *age = (int)value;
    return TRUE;
}

/* A name as typed, cleaned as every name is (lp_player_name_clean: a pasted tab, U+2028 or
 * a bidi override is no part of a name, nor 35 accents on one letter, nor spaces around
 * it). */
static char *clean_name(const char *text)
{
    return lp_player_name_clean(text, LP_PLAYER_NAME_TYPED_MAX);
}

GPtrArray *lp_setup_page_build_players(LpSetupPage *self, GError **error)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);

    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), NULL);
    g_return_val_if_fail(self->info != NULL, NULL);

    /* Start pressed: the person chose a real game, and an error about a seat needs the room
     * the lesson's banner took (issue 13: six seats at 1024×600). */
    if (gtk_widget_get_visible(self->lesson_banner))
        on_banner_closed(self);
    self->error_seat = NULL;
    for (guint i = 0; i < self->seats->len; i++) {
        Seat *seat = self->seats->pdata[i];
        g_autofree char *name = clean_name(gtk_editable_get_text(GTK_EDITABLE(seat->name_entry)));
        guint kind = gtk_drop_down_get_selected(GTK_DROP_DOWN(seat->kind_dropdown));
        int age;

        if (*name == '\0') {
            g_free(name);
            /* Saved in English; LpPlayer shows it in the program's language. */
            name = g_strdup_printf("Player %u", i + 1);
        }
        g_autofree char *shown = lp_bidi_isolate(name);
        if (!parse_age(gtk_editable_get_text(GTK_EDITABLE(seat->age_entry)), &age)) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                        _("The age of %s must be a whole number from 0 to %d, or empty if "
                          "unknown."),
                        shown, MAX_AGE);
            self->error_seat = seat;
            gtk_widget_add_css_class(seat->age_entry, "error");
            gtk_widget_grab_focus(seat->age_entry);
            return NULL;
        }
        for (guint j = 0; j < players->len; j++) {
            if (g_utf8_collate(lp_player_get_name(players->pdata[j]), name) == 0) {
                g_set_error(error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                            _("Two players are called “%s”. Please give every player their "
                              "own name."),
                            shown);
                self->error_seat = seat;
                gtk_widget_add_css_class(seat->name_entry, "error");
                gtk_widget_grab_focus(seat->name_entry);
                return NULL;
            }
        }
        g_ptr_array_add(players,
                        lp_player_new(name, age, colours[seat->colour % n_colours].hex,
                                      kind == LP_SEAT_HUMAN || kind == LP_SEAT_REMOTE
                                          ? LP_PLAYER_HUMAN
                                          : LP_PLAYER_COMPUTER,
                                      kind == LP_SEAT_COMPUTER_EASY   ? LP_LEVEL_EASY
                                      : kind == LP_SEAT_COMPUTER_HARD ? LP_LEVEL_HARD
                                                                      : LP_LEVEL_NORMAL));
    }
    if (players->len < self->info->game_class->min_players || players->len > self->info->game_class->max_players) {
        g_autofree char *range =
            lp_format_player_range(self->info->game_class->min_players, self->info->game_class->max_players);

        /* Translators: %s is the game name, the second a range such as "2–6 players". */
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("%s is played by %s."),
                    _(self->info->game_class->name), range);
        return NULL;
    }
    return g_steal_pointer(&players);
}

void lp_setup_page_remember_lineup(LpSetupPage *self, GPtrArray *players)
{
    g_autoptr(JsonNode) root = read_lineup(self);
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    JsonObject *obj = json_object_new();
    JsonArray *array = json_array_new();
    JsonObject *options = json_object_new();
    g_autofree char *text = NULL;

    g_return_if_fail(LP_IS_SETUP_PAGE(self));
    g_return_if_fail(players != NULL);

    for (guint i = 0; i < players->len; i++) {
        JsonNode *player = lp_player_to_json(players->pdata[i]);

        if (i < self->seats->len && lp_setup_page_seat_is_remote(self, i))
            json_object_set_boolean_member(json_node_get_object(player), "remote", TRUE);
        json_array_add_element(array, player);
    }
    /* Keep the options of the other games. */
    if (root != NULL) {
        JsonNode *old = json_object_get_member(json_node_get_object(root), "options");

        if (old != NULL && JSON_NODE_HOLDS_OBJECT(old)) {
            JsonObjectIter iter;
            const char *member;
            JsonNode *value;

            json_object_iter_init(&iter, json_node_get_object(old));
            while (json_object_iter_next(&iter, &member, &value)) {
                if (json_node_get_value_type(value) == G_TYPE_BOOLEAN)
                    json_object_set_boolean_member(options, member, json_node_get_boolean(value));
            }
        }
    }
    if (self->info != NULL && self->info->game_class->option_label != NULL)
        json_object_set_boolean_member(options, self->info->game_class->kind,
                                       lp_setup_page_get_option(self));
    json_object_set_array_member(obj, "players", array);
    json_object_set_object_member(obj, "options", options);
    json_node_take_object(node, obj);
    text = lp_json_to_string(node, FALSE);
    lp_settings_set_last_lineup(settings_of(self), text);
}

gboolean lp_setup_page_seat_is_remote(LpSetupPage *self, guint index)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    g_return_val_if_fail(index < self->seats->len, FALSE);
    Seat *seat = self->seats->pdata[index];
    return gtk_drop_down_get_selected(GTK_DROP_DOWN(seat->kind_dropdown)) == LP_SEAT_REMOTE;
}

gboolean lp_setup_page_has_remote_seats(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), FALSE);
    for (guint i = 0; i < self->seats->len; i++)
        if (lp_setup_page_seat_is_remote(self, i))
            return TRUE;
    return FALSE;
}

/* An error about one seat (build_players() just failed on it, and the focus went to its
 * entry) shows under that seat, where the person now looks; any other beside Start. */
void lp_setup_page_show_error(LpSetupPage *self, const char *message)
{
    g_return_if_fail(LP_IS_SETUP_PAGE(self));

    for (guint i = 0; i < self->seats->len; i++) {
        Seat *seat = self->seats->pdata[i];
        if (message == NULL || seat != self->error_seat)
            clear_seat_error(seat);
    }
    if (message != NULL && self->error_seat != NULL) {
        gtk_label_set_text(GTK_LABEL(self->error_seat->error_label), message);
        gtk_widget_set_visible(self->error_seat->error_label, TRUE);
        gtk_widget_set_visible(self->error_label, FALSE);
        return;
    }
    if (message == NULL)
        self->error_seat = NULL;
    gtk_label_set_text(GTK_LABEL(self->error_label), message != NULL ? message : "");
    gtk_widget_set_visible(self->error_label, message != NULL);
}

const char *lp_setup_page_get_error(LpSetupPage *self)
{
    g_return_val_if_fail(LP_IS_SETUP_PAGE(self), NULL);
    if (self->error_seat != NULL && gtk_widget_get_visible(self->error_seat->error_label))
        return gtk_label_get_text(GTK_LABEL(self->error_seat->error_label));
    return gtk_widget_get_visible(self->error_label)
               ? gtk_label_get_text(GTK_LABEL(self->error_label))
               : NULL;
}
