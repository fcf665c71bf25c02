/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The join page (issue 31): found games, address, join code, name, Join. */
#include "config.h"

#include "lp-join-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-game-ui.h"
#include "lp-json.h"
#include "lp-net-discovery.h"

#define CONTENT_WIDTH 600
/* What was typed last, so that a person who quit takes the seat back without asking the
 * host again: the address, the code and the name (not secret; the seat token is kept
 * apart, in the tokens file, for this user only). */
#define LAST_FILE "join.json"

struct _LpJoinPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *content;
    GtkWidget *found_list;
    GtkWidget *discovery_label;
    GtkWidget *address_entry;
    GtkWidget *code_entry;
    GtkWidget *name_entry;
    GtkWidget *spinner;
    GtkWidget *status_label;
    GtkWidget *error_label;
    GtkWidget *join_button;

    LpNetBrowser *browser;
    GHashTable *rows; /* id → GtkListBoxRow of a found game */
    LpNetTable *table; /* a join under way */
    char *tokens_path;
    gboolean loaded_last;
};

G_DEFINE_FINAL_TYPE(LpJoinPage, lp_join_page, GTK_TYPE_WIDGET)

enum { JOINED, N_SIGNALS };
static guint signals[N_SIGNALS];

static char *last_path(void)
{
    return g_build_filename(g_get_user_data_dir(), "landpartie", LAST_FILE, NULL);
}

static void load_last(LpJoinPage *self)
{
    g_autofree char *path = last_path();
    g_autofree char *data = NULL;
    gsize length = 0;
    const char *address = NULL, *code = NULL, *name = NULL;
    g_autoptr(JsonNode) root = NULL;

    if (g_file_get_contents(path, &data, &length, NULL) && length < 4096)
        root = lp_json_parse(data, (gssize)length, NULL);
    if (root != NULL && JSON_NODE_HOLDS_OBJECT(root)) {
        JsonObject *obj = json_node_get_object(root);
        /* Each on its own: a broken member costs only that field. */
        if (json_object_has_member(obj, "address"))
            lp_json_get_string(obj, "address", &address, NULL);
        if (json_object_has_member(obj, "code"))
            lp_json_get_string(obj, "code", &code, NULL);
        if (json_object_has_member(obj, "name"))
            lp_json_get_string(obj, "name", &name, NULL);
    }
    gtk_editable_set_text(GTK_EDITABLE(self->address_entry), address != NULL ? address : "");
    gtk_editable_set_text(GTK_EDITABLE(self->code_entry), code != NULL ? code : "");
    g_autofree char *fallback = NULL;
    if (name == NULL) {
        const char *real = g_get_real_name();
        fallback = lp_net_clean_name(real != NULL && !g_str_equal(real, "Unknown")
                                         ? real
                                         : g_get_user_name());
        name = fallback;
    }
    gtk_editable_set_text(GTK_EDITABLE(self->name_entry), name != NULL ? name : "");
}

static void store_last(LpJoinPage *self)
{
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "address",
                                  gtk_editable_get_text(GTK_EDITABLE(self->address_entry)));
    json_object_set_string_member(obj, "code",
                                  gtk_editable_get_text(GTK_EDITABLE(self->code_entry)));
    json_object_set_string_member(obj, "name",
                                  gtk_editable_get_text(GTK_EDITABLE(self->name_entry)));
    g_autoptr(JsonNode) root = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(root, obj);
    g_autofree char *text = lp_json_to_string(root, TRUE);
    g_autofree char *path = last_path();
    g_autofree char *dir = g_path_get_dirname(path);
    /* Remembering is a convenience: a failure changes nothing else. */
    if (g_mkdir_with_parents(dir, 0700) == 0)
        g_file_set_contents_full(path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, NULL);
}

/* The code as digits only: "123 456" and "123-456" are how it is read out. */
static char *code_digits(const char *text)
{
    GString *digits = g_string_new(NULL);
    for (const char *c = text; *c; c++)
        if (*c != ' ' && *c != '-')
            g_string_append_c(digits, *c);
    return g_string_free(digits, FALSE);
}

static void update_join_action(LpJoinPage *self)
{
    const char *address = gtk_editable_get_text(GTK_EDITABLE(self->address_entry));
    g_autofree char *code = code_digits(gtk_editable_get_text(GTK_EDITABLE(self->code_entry)));
    g_autofree char *stripped = g_strstrip(g_strdup(address));
    gboolean busy = self->table != NULL;

    gtk_widget_action_set_enabled(GTK_WIDGET(self), "join-page.join",
                                  !busy && *stripped != '\0' && lp_net_code_is_valid(code));
}

static void show_status(LpJoinPage *self, const char *status)
{
    gtk_label_set_text(GTK_LABEL(self->status_label), status != NULL ? status : "");
    gtk_widget_set_visible(self->status_label, status != NULL);
    gtk_widget_set_visible(self->spinner, status != NULL);
    gtk_spinner_set_spinning(GTK_SPINNER(self->spinner), status != NULL);
}

void lp_join_page_show_error(LpJoinPage *self, const char *message)
{
    g_return_if_fail(LP_IS_JOIN_PAGE(self));
    gtk_label_set_text(GTK_LABEL(self->error_label), message != NULL ? message : "");
    gtk_widget_set_visible(self->error_label, message != NULL);
}

static void drop_table(LpJoinPage *self, gboolean leave)
{
    if (self->table == NULL)
        return;
    g_signal_handlers_disconnect_by_data(self->table, self);
    if (leave)
        lp_net_table_leave(self->table);
    g_clear_object(&self->table);
    show_status(self, NULL);
    update_join_action(self);
}

static void on_table_state(LpNetTable *table, LpJoinPage *self)
{
    switch (lp_net_table_get_state(table)) {
    case LP_NET_TABLE_CONNECTING:
        show_status(self, _("Connecting to the host…"));
        break;
    case LP_NET_TABLE_WAITING:
        show_status(self, _("You have a seat. The game starts when the host starts it…"));
        break;
    case LP_NET_TABLE_LOST:
        /* Seated, and the host went away before the game started: LpNetTable tries again. */
        show_status(self, _("Connection to the host lost. Trying again…"));
        break;
    default:
        break;
    }
}

static void on_table_mirror(LpNetTable *table, LpGame *mirror, LpJoinPage *self)
{
    g_autoptr(LpNetTable) joined = g_object_ref(table);

    drop_table(self, FALSE);
    g_signal_emit(self, signals[JOINED], 0, joined);
}

static void on_table_failed(LpNetTable *table, const char *message, LpJoinPage *self)
{
    drop_table(self, FALSE);
    lp_join_page_show_error(self, message);
    gtk_widget_grab_focus(self->code_entry);
}

static void join_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpJoinPage *self = LP_JOIN_PAGE(widget);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpNetTable) table = lp_net_table_new(self->tokens_path);

    if (self->table != NULL)
        return;
    lp_join_page_show_error(self, NULL);
    if (!lp_net_table_join(table, gtk_editable_get_text(GTK_EDITABLE(self->address_entry)),
                           gtk_editable_get_text(GTK_EDITABLE(self->code_entry)),
                           gtk_editable_get_text(GTK_EDITABLE(self->name_entry)), &error)) {
        lp_join_page_show_error(self, error->message);
        return;
    }
    store_last(self);
    self->table = g_steal_pointer(&table);
    g_signal_connect(self->table, "state-changed", G_CALLBACK(on_table_state), self);
    g_signal_connect(self->table, "mirror", G_CALLBACK(on_table_mirror), self);
    g_signal_connect(self->table, "failed", G_CALLBACK(on_table_failed), self);
    on_table_state(self->table, self);
    update_join_action(self);
}

static void on_entry_changed(LpJoinPage *self)
{
    update_join_action(self);
}

static void on_entry_activate(LpJoinPage *self)
{
    gtk_widget_activate_action(GTK_WIDGET(self), "join-page.join", NULL);
}

static void on_found_activated(LpJoinPage *self, GtkListBoxRow *row)
{
    const char *address = g_object_get_data(G_OBJECT(row), "lp-address");

    if (address == NULL)
        return;
    gtk_editable_set_text(GTK_EDITABLE(self->address_entry), address);
    /* The code is what the host's window shows; that is what comes next. */
    gtk_widget_grab_focus(self->code_entry);
}

static void update_discovery(LpJoinPage *self)
{
    const char *problem = self->browser != NULL ? lp_net_browser_get_problem(self->browser)
                                                : NULL;
    g_autofree char *text = NULL;

    /* The browser's problem is a whole sentence that says what to do instead. */
    if (self->browser != NULL && !lp_net_browser_is_available(self->browser))
        text = g_strdup(problem != NULL ? problem
                                        : _("Games on this network cannot be found from here. "
                                            "Type the address that the host’s window shows."));
    else if (g_hash_table_size(self->rows) == 0)
        text = g_strdup(_("No game found yet. If none appears, type the address that the "
                          "host’s window shows."));
    else
        text = g_strdup(_("Choose a game, or type the address that the host’s window shows."));
    gtk_label_set_text(GTK_LABEL(self->discovery_label), text);
    gtk_widget_set_visible(self->found_list, g_hash_table_size(self->rows) > 0);
}

static void on_found(LpNetBrowser *browser, const char *id, const char *name,
                     const char *address, guint port, const char *game, guint free_seats,
                     LpJoinPage *self)
{
    const LpGameUi *info = lp_game_ui_lookup(game);
    const char *game_name = info != NULL ? _(info->game_class->name) : game;
    GtkWidget *row = g_hash_table_lookup(self->rows, id);
    g_autofree char *seats = NULL;
    g_autofree char *subtitle = NULL;
    g_autofree char *typed = NULL;

    if (row != NULL) {
        gtk_list_box_remove(GTK_LIST_BOX(self->found_list), row);
        g_hash_table_remove(self->rows, id);
    }
    seats = g_strdup_printf(ngettext("%u free seat", "%u free seats", free_seats), free_seats);
    /* Translators: a game found on the network: the game's name, then its free seats. */
    subtitle = g_strdup_printf(_("%s · %s"), game_name, seats);
    typed = strchr(address, ':') != NULL ? g_strdup_printf("[%s]:%u", address, port)
                                         : g_strdup_printf("%s:%u", address, port);

    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3);
    gtk_widget_set_margin_top(box, 9);
    gtk_widget_set_margin_bottom(box, 9);
    gtk_widget_set_margin_start(box, 12);
    gtk_widget_set_margin_end(box, 12);
    GtkWidget *title = gtk_label_new(name);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    GtkWidget *sub = gtk_label_new(subtitle);
    gtk_label_set_xalign(GTK_LABEL(sub), 0);
    gtk_widget_add_css_class(sub, "dim-label");
    gtk_widget_add_css_class(sub, "caption");
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), sub);
    row = gtk_list_box_row_new();
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), box);
    g_autofree char *label = g_strdup_printf(_("%s, %s"), name, subtitle);
    gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
    g_object_set_data_full(G_OBJECT(row), "lp-address", g_steal_pointer(&typed), g_free);
    gtk_list_box_append(GTK_LIST_BOX(self->found_list), row);
    g_hash_table_insert(self->rows, g_strdup(id), row);
    update_discovery(self);
}

static void on_removed(LpNetBrowser *browser, const char *id, LpJoinPage *self)
{
    GtkWidget *row = g_hash_table_lookup(self->rows, id);

    if (row == NULL)
        return;
    gtk_list_box_remove(GTK_LIST_BOX(self->found_list), row);
    g_hash_table_remove(self->rows, id);
    update_discovery(self);
}

static void clear_found(LpJoinPage *self)
{
    GHashTableIter iter;
    gpointer row;

    g_hash_table_iter_init(&iter, self->rows);
    while (g_hash_table_iter_next(&iter, NULL, &row))
        gtk_list_box_remove(GTK_LIST_BOX(self->found_list), row);
    g_hash_table_remove_all(self->rows);
}

void lp_join_page_activate(LpJoinPage *self)
{
    g_return_if_fail(LP_IS_JOIN_PAGE(self));
    if (!self->loaded_last) {
        load_last(self);
        self->loaded_last = TRUE;
    }
    /* Only while the page is shown: nothing on the network is asked otherwise. */
    if (self->browser == NULL) {
        self->browser = lp_net_browser_new();
        g_signal_connect(self->browser, "found", G_CALLBACK(on_found), self);
        g_signal_connect(self->browser, "removed", G_CALLBACK(on_removed), self);
        g_signal_connect_swapped(self->browser, "availability-changed",
                                 G_CALLBACK(update_discovery), self);
    }
    update_discovery(self);
    update_join_action(self);
    const char *address = gtk_editable_get_text(GTK_EDITABLE(self->address_entry));
    gtk_widget_grab_focus(*address == '\0' ? self->address_entry : self->code_entry);
}

void lp_join_page_deactivate(LpJoinPage *self)
{
    g_return_if_fail(LP_IS_JOIN_PAGE(self));
    drop_table(self, TRUE);
    if (self->browser != NULL)
        g_signal_handlers_disconnect_by_data(self->browser, self);
    g_clear_object(&self->browser);
    clear_found(self);
}

void lp_join_page_set_tokens_path(LpJoinPage *self, const char *path)
{
    g_return_if_fail(LP_IS_JOIN_PAGE(self));
    g_free(self->tokens_path);
    self->tokens_path = g_strdup(path);
}

static void lp_join_page_dispose(GObject *object)
{
    LpJoinPage *self = LP_JOIN_PAGE(object);
    GtkWidget *child;

    lp_join_page_deactivate(self);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_join_page_parent_class)->dispose(object);
}

static void lp_join_page_finalize(GObject *object)
{
    LpJoinPage *self = LP_JOIN_PAGE(object);

    g_clear_pointer(&self->rows, g_hash_table_unref);
    g_free(self->tokens_path);
    G_OBJECT_CLASS(lp_join_page_parent_class)->finalize(object);
}

static void lp_join_page_class_init(LpJoinPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_join_page_dispose;
    object_class->finalize = lp_join_page_finalize;

    /**
     * LpJoinPage::joined:
     * @table: the LpNetTable, seated and with its first mirror
     *
     * A join succeeded; the page no longer holds the table.
     */
    signals[JOINED] = g_signal_new("joined", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, LP_TYPE_NET_TABLE);

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-join-page.ui");
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, scroller);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, content);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, found_list);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, discovery_label);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, address_entry);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, code_entry);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, name_entry);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, spinner);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, status_label);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, error_label);
    gtk_widget_class_bind_template_child(widget_class, LpJoinPage, join_button);
    gtk_widget_class_bind_template_callback(widget_class, on_entry_changed);
    gtk_widget_class_bind_template_callback(widget_class, on_entry_activate);
    gtk_widget_class_bind_template_callback(widget_class, on_found_activated);
    gtk_widget_class_install_action(widget_class, "join-page.join", NULL, join_activated);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "joinpage");
}

static void lp_join_page_init(LpJoinPage *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->rows = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_object_ref(self->content);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller), NULL);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller),
                                  lp_clamp_new(self->content, CONTENT_WIDTH));
    g_object_unref(self->content);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->join_button));
    /* GTK 4.8 names a field by its mnemonic label and its own label together ("Address
     * Address"); the field's own label alone is the name a screen reader should say. */
    GtkWidget *entries[] = {self->address_entry, self->code_entry, self->name_entry};
    for (guint i = 0; i < G_N_ELEMENTS(entries); i++)
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(entries[i]),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    update_join_action(self);
}

GtkWidget *lp_join_page_new(void)
{
    return g_object_new(LP_TYPE_JOIN_PAGE, NULL);
}
