/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lobby of a hosted game (issue 31): how to join, the seats, Start and Cancel. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-game-ui.h"
#include "lp-lobby-page.h"
#include "lp-qr-code.h"

/* As wide as the setup page the lobby comes from. */
#define CONTENT_WIDTH 728

/* One row: named by its title for a screen reader; its first label is the value (what an
 * e2e test reads), a caption under it says what it is to the eye. */
typedef struct {
    GtkWidget *row;
    GtkWidget *value;
    GtkWidget *caption;
    GtkWidget *name; /* seat rows: the player's name */
} Row;

struct _LpLobbyPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *content;
    GtkListBox *join_list;
    GtkWidget *note_label;
    GtkListBox *seat_list;
    GtkWidget *bar;
    GtkWidget *cancel_button;
    GtkWidget *start_button;

    GtkWidget *phone_box; /* the phone page: its QR code and address */
    GtkWidget *qr_code;
    GtkWidget *phone_address;

    LpHostSession *session;
    gulong changed_id;
    Row code_row, address_row, port_row;
    GArray *seat_rows; /* Row */
    guint auto_start;
};

G_DEFINE_FINAL_TYPE(LpLobbyPage, lp_lobby_page, GTK_TYPE_WIDGET)

enum { START, CANCEL, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkWidget *new_label(const char *css_class, gboolean wrap)
{
    GtkWidget *label = gtk_label_new(NULL);

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_wrap(GTK_LABEL(label), wrap);
    gtk_label_set_selectable(GTK_LABEL(label), FALSE);
    if (css_class != NULL)
        gtk_widget_add_css_class(label, css_class);
    return label;
}

static Row info_row(GtkListBox *list, const char *title, const char *value_class)
{
    Row r = {0};
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);

    r.row = gtk_list_box_row_new();
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(r.row), FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(r.row), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                   -1);
    gtk_widget_add_css_class(box, "lobby-row");
    r.value = new_label(value_class, TRUE);
    gtk_widget_add_css_class(r.value, "lobby-value");
    r.caption = new_label("caption", TRUE);
    gtk_widget_add_css_class(r.caption, "dim-label");
    gtk_label_set_text(GTK_LABEL(r.caption), title);
    gtk_box_append(GTK_BOX(box), r.value);
    gtk_box_append(GTK_BOX(box), r.caption);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(r.row), box);
    gtk_list_box_append(list, r.row);
    return r;
}

/* The value to the eye and, as the row's description, to the ear. */
static void set_value(Row *r, const char *value, const char *spoken)
{
    gtk_label_set_text(GTK_LABEL(r->value), value);
    gtk_accessible_update_property(GTK_ACCESSIBLE(r->row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   spoken != NULL ? spoken : value, -1);
}

/* "123 456", as a phone number is grouped, and as the join page takes it typed. */
static void set_code(LpLobbyPage *self, const char *code)
{
    g_autoptr(GString) spoken = g_string_new(NULL);
    g_autoptr(GString) shown = g_string_new(code);
    gsize half = strlen(code) / 2;

    /* Read digit by digit, not as a number in the hundred thousands. */
    for (const char *c = code; *c != '\0'; c++) {
        if (c != code)
            g_string_append_c(spoken, ' ');
        g_string_append_c(spoken, *c);
    }
    g_string_insert_c(shown, (gssize)half, ' ');
    set_value(&self->code_row, shown->str, spoken->str);
}

static const char *kind_text(LpPlayer *player)
{
    if (lp_player_is_human(player))
        /* Translators: in the lobby, a seat played by a person at the hosting computer. */
        return _("Here");
    switch (lp_player_get_level(player)) {
    case LP_LEVEL_EASY:
        return _("Computer – easy");
    case LP_LEVEL_HARD:
        return _("Computer – hard");
    case LP_LEVEL_NORMAL:
    default:
        return _("Computer – normal");
    }
}

static char *seat_status(LpLobbyPage *self, guint seat)
{
    LpNetHost *host = lp_host_session_get_net_host(self->session);
    const char *device;
    gboolean connected;

    if (!lp_host_session_seat_is_remote(self->session, seat))
        return g_strdup(kind_text(lp_host_session_get_player(self->session, seat)));
    if (!lp_net_host_seat_is_taken(host, seat))
        return g_strdup(_("Waiting for a device…"));
    device = lp_net_host_get_seat_name(host, seat);
    connected = lp_net_host_seat_is_connected(host, seat);
    if (device == NULL)
        /* A device that gave no name (landpartie-sim join). */
        return g_strdup(connected ? _("Taken by a device") : _("Taken by a device, not connected"));
    g_autofree char *isolated = lp_bidi_isolate(device);
    g_autofree char *shown = lp_net_host_seat_is_phone(host, seat)
                                 /* Translators: a player who plays on a phone's browser, in
                                  * the window's subtitle and the lobby; %s is the name. */
                                 ? g_strdup_printf(_("%s · phone"), isolated)
                                 : g_strdup(isolated);
    if (connected)
        /* Translators: %s is the name the other device gave. */
        return g_strdup_printf(_("Taken by %s"), shown);
    /* Translators: %s is the name the other device gave; it left and may come back. */
    return g_strdup_printf(_("Taken by %s, not connected"), shown);
}

static Row seat_row(LpLobbyPage *self, guint seat)
{
    Row r = {0};
    GtkWidget *grid = gtk_grid_new();
    LpPlayer *player = lp_host_session_get_player(self->session, seat);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    int colour = lp_player_colour_index(lp_player_get_colour(player));
    g_autofree char *markup = NULL;

    r.row = gtk_list_box_row_new();
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(r.row), FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(r.row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   lp_player_get_name(player), -1);
    gtk_widget_add_css_class(grid, "lobby-row");
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    /* The status is the grid's first child (the row's value), shown on the right. */
    r.value = new_label("lobby-status", TRUE);
    gtk_label_set_xalign(GTK_LABEL(r.value), 1);
    gtk_widget_set_hexpand(r.value, TRUE);
    gtk_widget_set_halign(r.value, GTK_ALIGN_END);
    gtk_grid_attach(GTK_GRID(grid), r.value, 1, 0, 1, 2);
    r.name = new_label("lobby-seat-name", FALSE);
    gtk_label_set_ellipsize(GTK_LABEL(r.name), PANGO_ELLIPSIZE_END);
    if (colour >= 0 && (guint)colour < n_colours)
        markup = g_markup_printf_escaped("<span foreground=\"%s\">%s</span>  %s",
                                         colours[colour].hex, colours[colour].symbol,
                                         lp_player_get_display_name(player));
    else
        markup = g_markup_escape_text(lp_player_get_display_name(player), -1);
    gtk_label_set_markup(GTK_LABEL(r.name), markup);
    gtk_grid_attach(GTK_GRID(grid), r.name, 0, 0, 1, 1);
    r.caption = new_label("caption", FALSE);
    gtk_widget_add_css_class(r.caption, "dim-label");
    gtk_label_set_text(GTK_LABEL(r.caption), _("On another device"));
    gtk_widget_set_visible(r.caption, lp_host_session_seat_is_remote(self->session, seat));
    gtk_grid_attach(GTK_GRID(grid), r.caption, 0, 1, 1, 1);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(r.row), grid);
    gtk_list_box_append(self->seat_list, r.row);
    return r;
}

static gboolean auto_start_idle(gpointer data)
{
    LpLobbyPage *self = data;

    self->auto_start = 0;
    if (self->session != NULL && lp_host_session_can_start(self->session))
        g_signal_emit(self, signals[START], 0);
    return G_SOURCE_REMOVE;
}

static void update(LpLobbyPage *self)
{
    gboolean can_start = self->session != NULL && lp_host_session_can_start(self->session);

    gtk_widget_action_set_enabled(GTK_WIDGET(self), "lobby.start", can_start);
    if (self->session == NULL)
        return;
    for (guint i = 0; i < self->seat_rows->len; i++) {
        Row *r = &g_array_index(self->seat_rows, Row, i);
        g_autofree char *status = seat_status(self, i);

        set_value(r, status, NULL);
    }
    /* A saved game goes on by itself once its devices are all back: they rejoined without
     * anybody's help, and the host may be across the room. */
    if (can_start && lp_host_session_is_resumed(self->session) &&
        lp_host_session_all_connected(self->session) && self->auto_start == 0)
        self->auto_start = g_idle_add(auto_start_idle, self);
}

static void clear_rows(LpLobbyPage *self)
{
    GtkWidget *child;
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));

    /* GTK 4.8 keeps pointing at a focused row that was removed (the window's clear_game
     * knows it too): the focus leaves the rows first. */
    if (GTK_IS_WINDOW(root)) {
        GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(root));
        if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(self)))
            gtk_window_set_focus(GTK_WINDOW(root), NULL);
    }

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->join_list))) != NULL)
        gtk_list_box_remove(self->join_list, child);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->seat_list))) != NULL)
        gtk_list_box_remove(self->seat_list, child);
    g_array_set_size(self->seat_rows, 0);
    memset(&self->code_row, 0, sizeof self->code_row);
}

void lp_lobby_page_set_session(LpLobbyPage *self, LpHostSession *session)
{
    g_return_if_fail(LP_IS_LOBBY_PAGE(self));
    g_return_if_fail(session == NULL || LP_IS_HOST_SESSION(session));

    if (self->session == session)
        return;
    if (self->session != NULL)
        g_clear_signal_handler(&self->changed_id, self->session);
    g_clear_handle_id(&self->auto_start, g_source_remove);
    g_set_object(&self->session, session);
    clear_rows(self);
    if (session == NULL) {
        update(self);
        return;
    }

    g_auto(GStrv) addresses = lp_host_session_get_addresses(session);
    g_autofree char *port = g_strdup_printf("%u", lp_host_session_get_port(session));
    const char *note = lp_host_session_get_note(session);

    /* Translators: the six digits another device must give to join. */
    self->code_row = info_row(self->join_list, _("Join code"), "lobby-code");
    set_code(self, lp_host_session_get_code(session));
    /* Translators: this computer's network address, to type on another device. */
    self->address_row = info_row(self->join_list, _("Address"), "lobby-address");
    set_value(&self->address_row, addresses[0], NULL);
    if (g_strv_length(addresses) > 2) {
        /* The others (but the loopback, which is last) go under the first, small. */
        g_autofree char *others = g_strjoinv("  ", addresses + 1);
        char *loopback = g_strrstr(others, "  127.0.0.1");
        if (loopback != NULL)
            *loopback = '\0';
        g_autofree char *caption = g_strdup_printf(_("Address (also %s)"), others);
        gtk_label_set_text(GTK_LABEL(self->address_row.caption), caption);
    }
    /* Translators: the network port the game listens on. */
    self->port_row = info_row(self->join_list, _("Port"), "lobby-address");
    set_value(&self->port_row, port, NULL);

    /* The phone page (issue 32): the code travels in the fragment, which the browser keeps
     * to itself; the page sends it in its join. */
    g_autofree char *page = g_strdup_printf("http://%s:%u/", addresses[0],
                                            lp_host_session_get_port(session));
    g_autofree char *page_with_code =
        g_strdup_printf("%s#code=%s", page, lp_host_session_get_code(session));
    /* Translators: what a screen reader says of the QR code in the lobby; %s is the
     * address of the page a phone opens. */
    g_autofree char *qr_description = g_strdup_printf(_("QR code of the address %s"), page);
    gboolean has_qr = lp_qr_code_set_text(LP_QR_CODE(self->qr_code), page_with_code,
                                          qr_description);
    gtk_widget_set_visible(self->qr_code, has_qr);
    gtk_label_set_text(GTK_LABEL(self->phone_address), page);

    gtk_label_set_text(GTK_LABEL(self->note_label), note != NULL ? note : "");
    gtk_widget_set_visible(self->note_label, note != NULL);

    for (guint i = 0; i < lp_host_session_get_n_seats(session); i++) {
        Row r = seat_row(self, i);
        g_array_append_val(self->seat_rows, r);
    }
    self->changed_id = g_signal_connect_swapped(session, "changed", G_CALLBACK(update), self);
    update(self);
}

LpHostSession *lp_lobby_page_get_session(LpLobbyPage *self)
{
    g_return_val_if_fail(LP_IS_LOBBY_PAGE(self), NULL);
    return self->session;
}

static void start_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(widget);

    if (self->session != NULL && lp_host_session_can_start(self->session))
        g_signal_emit(self, signals[START], 0);
}

static void cancel_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    g_signal_emit(widget, signals[CANCEL], 0);
}

/* Enter starts the game once it can. */
static void on_map(GtkWidget *widget, gpointer data)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    if (GTK_IS_WINDOW(root))
        gtk_window_set_default_widget(GTK_WINDOW(root), self->start_button);
}

static void on_unmap(GtkWidget *widget, gpointer data)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    if (GTK_IS_WINDOW(root) &&
        gtk_window_get_default_widget(GTK_WINDOW(root)) == self->start_button)
        gtk_window_set_default_widget(GTK_WINDOW(root), NULL);
}

/* Focus goes to the join code: what a screen reader says first is what to tell the others. */
static gboolean lp_lobby_page_grab_focus(GtkWidget *widget)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(widget);

    if (self->code_row.row != NULL && gtk_widget_get_parent(self->code_row.row) != NULL)
        return gtk_widget_grab_focus(self->code_row.row);
    return gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD);
}

static void lp_lobby_page_dispose(GObject *object)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(object);
    GtkWidget *child;

    if (self->session != NULL)
        g_clear_signal_handler(&self->changed_id, self->session);
    g_clear_handle_id(&self->auto_start, g_source_remove);
    g_clear_object(&self->session);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_lobby_page_parent_class)->dispose(object);
}

static void lp_lobby_page_finalize(GObject *object)
{
    LpLobbyPage *self = LP_LOBBY_PAGE(object);

    g_clear_pointer(&self->seat_rows, g_array_unref);
    G_OBJECT_CLASS(lp_lobby_page_parent_class)->finalize(object);
}

static void lp_lobby_page_class_init(LpLobbyPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_lobby_page_dispose;
    object_class->finalize = lp_lobby_page_finalize;
    widget_class->grab_focus = lp_lobby_page_grab_focus;

    /**
     * LpLobbyPage::start:
     *
     * Start was pressed once every remote seat was taken, or the devices of a resumed game
     * are all back: the window deals (or resumes) the game.
     */
    signals[START] = g_signal_new("start", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * LpLobbyPage::cancel:
     *
     * Cancel was pressed: stop hosting and go back to the players.
     */
    signals[CANCEL] = g_signal_new("cancel", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-lobby-page.ui");
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, scroller);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, content);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, join_list);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, note_label);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, seat_list);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, bar);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, cancel_button);
    gtk_widget_class_bind_template_child(widget_class, LpLobbyPage, start_button);
    gtk_widget_class_install_action(widget_class, "lobby.start", NULL, start_activated);
    gtk_widget_class_install_action(widget_class, "lobby.cancel", NULL, cancel_activated);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "lobbypage");
}

/* Beside the code for another Landpartie: the same seat from a phone's browser, by its
 * camera (the QR code holds the address and the code) or by typing the address. */
static void build_phone_box(LpLobbyPage *self)
{
    GtkWidget *text_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *heading = g_object_new(GTK_TYPE_LABEL, "accessible-role",
                                      GTK_ACCESSIBLE_ROLE_HEADING, "xalign", 0.0f, "wrap", TRUE,
                                      NULL);
    GtkWidget *hint = new_label("dim-label", TRUE);

    self->phone_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18);
    gtk_widget_add_css_class(self->phone_box, "lobby-phone");
    self->qr_code = lp_qr_code_new();
    gtk_widget_set_valign(self->qr_code, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(self->phone_box), self->qr_code);
    gtk_widget_add_css_class(heading, "heading");
    gtk_label_set_text(GTK_LABEL(heading), _("On a Phone or Tablet"));
    gtk_box_append(GTK_BOX(text_box), heading);
    gtk_label_set_text(GTK_LABEL(hint),
                       _("Scan this code with the phone’s camera, or open this address in its "
                         "browser and enter the join code. Nothing needs to be installed."));
    gtk_label_set_natural_wrap_mode(GTK_LABEL(hint), GTK_NATURAL_WRAP_WORD);
    gtk_box_append(GTK_BOX(text_box), hint);
    self->phone_address = new_label("lobby-address", TRUE);
    gtk_label_set_selectable(GTK_LABEL(self->phone_address), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->phone_address),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   /* Translators: the address a phone's browser opens. */
                                   _("Address for a phone"), -1);
    gtk_box_append(GTK_BOX(text_box), self->phone_address);
    gtk_widget_set_valign(text_box, GTK_ALIGN_CENTER);
    gtk_widget_set_hexpand(text_box, TRUE);
    gtk_box_append(GTK_BOX(self->phone_box), text_box);
    gtk_box_insert_child_after(GTK_BOX(self->content), self->phone_box,
                               GTK_WIDGET(self->join_list));
}

static void lp_lobby_page_init(LpLobbyPage *self)
{
    GtkWidget *page_box;

    gtk_widget_init_template(GTK_WIDGET(self));
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
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->cancel_button));
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(self, "unmap", G_CALLBACK(on_unmap), NULL);
    self->seat_rows = g_array_new(FALSE, TRUE, sizeof(Row));
    build_phone_box(self);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "lobby.start", FALSE);
}

GtkWidget *lp_lobby_page_new(void)
{
    return g_object_new(LP_TYPE_LOBBY_PAGE, NULL);
}
