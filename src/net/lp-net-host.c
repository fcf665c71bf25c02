/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host of a game played on several devices (docs/protocol.md). */
#include "lp-net-host.h"

#include <glib/gi18n.h>
#include <libsoup/soup.h>
#include <string.h>

#include "lp-json.h"

/* Action ids remembered per seat, so that a request sent again is played once. */
#define REMEMBERED_IDS 128

typedef struct _Conn Conn;

typedef struct {
    gboolean remote;
    char *token;     /* NULL while free */
    char *name;
    gboolean computer;
    LpLevel level;
    Conn *conn;      /* the connection that holds the seat now, or NULL */
    gboolean phone;  /* the device that took it last is a browser (the phone page) */
    GHashTable *ids; /* action ids played (owned strings) */
    GQueue id_order; /* the same ids, oldest first */
} Seat;

struct _Conn {
    LpNetHost *host;
    SoupWebsocketConnection *ws;
    char *address;
    gboolean hello;   /* the client said hello with our version */
    gboolean phone;   /* its hello named the phone page (LP_NET_WEB_CLIENT) */
    int seat;         /* -1: not joined; LP_VIEWER_ONLOOKER is not offered */
    gboolean joined;
    gint64 window_start; /* rate limit: messages in the current second */
    guint window_count;
    gint64 last_heard;   /* monotonic µs of the last message or pong */
    guint join_timeout;
};

typedef struct {
    guint strikes;
    gint64 locked_until; /* monotonic µs */
} Strikes;

struct _LpNetHost {
    GObject parent_instance;
    char *kind;
    char *code;
    GPtrArray *seats; /* Seat* */
    SoupServer *server;
    guint16 port;
    GList *conns; /* Conn* */
    GHashTable *strikes; /* address → Strikes* */
    LpGame *game;
    gulong completed_id;
    guint views_idle;
    guint stall_timer;
    gboolean stopped;
};

G_DEFINE_FINAL_TYPE(LpNetHost, lp_net_host, G_TYPE_OBJECT)

enum { SEATS_CHANGED, ACTION_PLAYED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void seat_free(Seat *seat)
{
    g_free(seat->token);
    g_free(seat->name);
    g_hash_table_unref(seat->ids);
    g_queue_clear(&seat->id_order);
    g_free(seat);
}

static void conn_send_text(Conn *conn, const char *text)
{
    if (soup_websocket_connection_get_state(conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_send_text(conn->ws, text);
}

static void conn_send_error(Conn *conn, LpNetError code, const char *message, const char *id)
{
    g_autofree char *text = lp_net_error_message(code, message, id);
    conn_send_text(conn, text);
}

static void conn_close(Conn *conn, gushort code, const char *reason)
{
    if (soup_websocket_connection_get_state(conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close(conn->ws, code, reason);
}

static void conn_bye(Conn *conn, const char *reason)
{
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "reason", reason);
    g_autofree char *text = lp_net_message_build("bye", body);
    conn_send_text(conn, text);
    conn_close(conn, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
}

static void conn_free(Conn *conn)
{
    g_clear_handle_id(&conn->join_timeout, g_source_remove);
    g_signal_handlers_disconnect_by_data(conn->ws, conn);
    g_object_unref(conn->ws);
    g_free(conn->address);
    g_free(conn);
}

static void lp_net_host_dispose(GObject *object)
{
    LpNetHost *self = LP_NET_HOST(object);
    lp_net_host_stop(self, "host-closed");
    if (self->game != NULL && self->completed_id != 0)
        g_clear_signal_handler(&self->completed_id, self->game);
    g_clear_object(&self->game);
    G_OBJECT_CLASS(lp_net_host_parent_class)->dispose(object);
}

static void lp_net_host_finalize(GObject *object)
{
    LpNetHost *self = LP_NET_HOST(object);
    g_free(self->kind);
    g_free(self->code);
    g_ptr_array_unref(self->seats);
    g_hash_table_unref(self->strikes);
    G_OBJECT_CLASS(lp_net_host_parent_class)->finalize(object);
}

static void lp_net_host_class_init(LpNetHostClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = lp_net_host_dispose;
    object_class->finalize = lp_net_host_finalize;
    signals[SEATS_CHANGED] = g_signal_new("seats-changed", G_TYPE_FROM_CLASS(klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                          0);
    signals[ACTION_PLAYED] = g_signal_new("action-played", G_TYPE_FROM_CLASS(klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                          1, G_TYPE_UINT);
}

static void lp_net_host_init(LpNetHost *self)
{
    self->seats = g_ptr_array_new_with_free_func((GDestroyNotify)seat_free);
    self->strikes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

LpNetHost *lp_net_host_new(const char *kind, guint n_seats, const gboolean *remote,
                           const char *code)
{
    g_return_val_if_fail(kind != NULL && n_seats > 0 && lp_net_code_is_valid(code), NULL);
    LpNetHost *self = g_object_new(LP_TYPE_NET_HOST, NULL);
    self->kind = g_strdup(kind);
    self->code = g_strdup(code);
    for (guint i = 0; i < n_seats; i++) {
        Seat *seat = g_new0(Seat, 1);
        seat->remote = remote != NULL && remote[i];
        seat->ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        g_queue_init(&seat->id_order);
        g_ptr_array_add(self->seats, seat);
    }
    return self;
}

static Seat *seat_at(LpNetHost *self, guint i)
{
    return i < self->seats->len ? self->seats->pdata[i] : NULL;
}

/* ---- Sending ---- */

static char *view_text(LpNetHost *self, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(self->game, viewer);
    if (view == NULL)
        return NULL;
    JsonObject *body = json_object_new();
    json_object_set_member(body, "view", g_steal_pointer(&view));
    return lp_net_message_build("view", body);
}

static void send_seats(LpNetHost *self, Conn *only)
{
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "game", self->kind);
    json_object_set_boolean_member(body, "started", self->game != NULL);
    JsonArray *seats = json_array_new();
    for (guint i = 0; i < self->seats->len; i++) {
        Seat *seat = seat_at(self, i);
        JsonObject *s = json_object_new();
        json_object_set_boolean_member(s, "remote", seat->remote);
        json_object_set_boolean_member(s, "taken", seat->token != NULL);
        json_object_set_boolean_member(s, "connected", seat->conn != NULL);
        if (seat->token != NULL)
            json_object_set_boolean_member(s, "phone", seat->phone);
        if (seat->name != NULL)
            json_object_set_string_member(s, "name", seat->name);
        else if (self->game != NULL)
            json_object_set_string_member(
                s, "name", lp_player_get_name(lp_game_get_player(self->game, i)));
        json_array_add_object_element(seats, s);
    }
    json_object_set_array_member(body, "seats", seats);
    g_autofree char *text = lp_net_message_build("seats", body);
    for (GList *l = self->conns; l != NULL; l = l->next) {
        Conn *conn = l->data;
        if (conn->joined && (only == NULL || only == conn))
            conn_send_text(conn, text);
    }
}

static void seats_changed(LpNetHost *self)
{
    send_seats(self, NULL);
    g_signal_emit(self, signals[SEATS_CHANGED], 0);
}

void lp_net_host_send_views(LpNetHost *self)
{
    g_return_if_fail(LP_IS_NET_HOST(self));
    g_clear_handle_id(&self->views_idle, g_source_remove);
    if (self->game == NULL)
        return;
    /* One text per seat, built once however many connections hold it. */
    g_autoptr(GHashTable) texts = g_hash_table_new_full(NULL, NULL, NULL, g_free);
    for (GList *l = self->conns; l != NULL; l = l->next) {
        Conn *conn = l->data;
        if (!conn->joined)
            continue;
        gpointer key = GINT_TO_POINTER(conn->seat + 2);
        char *text = g_hash_table_lookup(texts, key);
        if (text == NULL) {
            text = view_text(self, conn->seat);
            if (text == NULL)
                continue;
            g_hash_table_insert(texts, key, text);
        }
        conn_send_text(conn, text);
    }
}

static gboolean send_views_idle(gpointer data)
{
    LpNetHost *self = data;
    self->views_idle = 0;
    lp_net_host_send_views(self);
    return G_SOURCE_REMOVE;
}

static void on_action_completed(LpGame *game, LpNetHost *self)
{
    /* Several actions may complete in one go (a move and the steps it sets off): the views
     * go out once, when the game is at rest. */
    if (self->views_idle == 0)
        self->views_idle = g_idle_add_full(G_PRIORITY_HIGH_IDLE, send_views_idle, self, NULL);
}

void lp_net_host_send_result(LpNetHost *self)
{
    g_return_if_fail(LP_IS_NET_HOST(self) && self->game != NULL);
    lp_net_host_send_views(self);
    g_autoptr(JsonNode) result = lp_game_result(self->game);
    JsonObject *body = json_object_new();
    json_object_set_member(body, "result", g_steal_pointer(&result));
    g_autofree char *text = lp_net_message_build("result", body);
    for (GList *l = self->conns; l != NULL; l = l->next) {
        Conn *conn = l->data;
        if (conn->joined)
            conn_send_text(conn, text);
    }
}

/* ---- Receiving ---- */

static Strikes *strikes_of(LpNetHost *self, const char *address)
{
    Strikes *s = g_hash_table_lookup(self->strikes, address);
    if (s == NULL) {
        s = g_new0(Strikes, 1);
        g_hash_table_insert(self->strikes, g_strdup(address), s);
    }
    return s;
}

static gboolean is_locked(LpNetHost *self, const char *address)
{
    Strikes *s = g_hash_table_lookup(self->strikes, address);
    return s != NULL && s->locked_until > g_get_monotonic_time();
}

static void on_hello(Conn *conn, JsonObject *msg)
{
    gint64 version = 0;
    JsonNode *v = json_object_get_member(msg, "protocol");
    if (v != NULL && JSON_NODE_HOLDS_VALUE(v) && json_node_get_value_type(v) == G_TYPE_INT64)
        version = json_node_get_int(v);
    if (version != LP_NET_PROTOCOL_VERSION) {
        g_autofree char *text = g_strdup_printf(
            _("This game is hosted by a Landpartie that speaks protocol %d, and this device "
              "speaks protocol %lld. Use the same version of Landpartie on both."),
            LP_NET_PROTOCOL_VERSION, (long long)version);
        conn_send_error(conn, LP_NET_ERROR_VERSION, text, NULL);
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "version");
        return;
    }
    conn->hello = TRUE;
    const char *client = NULL;
    conn->phone = json_object_has_member(msg, "client") &&
                  lp_json_get_string(msg, "client", &client, NULL) &&
                  g_str_has_prefix(client, LP_NET_WEB_CLIENT);
    JsonObject *body = json_object_new();
    json_object_set_int_member(body, "protocol", LP_NET_PROTOCOL_VERSION);
    g_autofree char *text = lp_net_message_build("hello", body);
    conn_send_text(conn, text);
}

static Conn *seat_holder(LpNetHost *self, guint i)
{
    Seat *seat = seat_at(self, i);
    return seat != NULL ? seat->conn : NULL;
}

static void take_seat(Conn *conn, guint i)
{
    LpNetHost *self = conn->host;
    Seat *seat = seat_at(self, i);
    Conn *old = seat->conn;
    if (old != NULL && old != conn) {
        /* The same device again (its old connection not yet noticed as gone). */
        old->joined = FALSE;
        old->seat = -1;
        conn_bye(old, "replaced");
    }
    seat->conn = conn;
    seat->phone = conn->phone;
    conn->seat = (int)i;
    conn->joined = TRUE;
    g_clear_handle_id(&conn->join_timeout, g_source_remove);
}

static void on_join(Conn *conn, JsonObject *msg)
{
    LpNetHost *self = conn->host;
    if (!conn->hello) {
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("Say hello first."), NULL);
        return;
    }
    if (conn->joined) {
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("This device has a seat already."),
                        NULL);
        return;
    }
    if (is_locked(self, conn->address)) {
        conn_send_error(conn, LP_NET_ERROR_LOCKED,
                        _("Too many wrong codes: try again in a minute."), NULL);
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "locked");
        return;
    }
    const char *code = NULL;
    if (!lp_json_get_string(msg, "code", &code, NULL) || !lp_net_code_is_valid(code) ||
        !lp_net_secret_equal(code, self->code)) {
        Strikes *s = strikes_of(self, conn->address);
        if (++s->strikes >= LP_NET_MAX_STRIKES) {
            s->strikes = 0;
            s->locked_until = g_get_monotonic_time() + LP_NET_LOCKOUT_SECONDS * G_USEC_PER_SEC;
        }
        conn_send_error(conn, LP_NET_ERROR_BAD_CODE, _("The join code is wrong."), NULL);
        return;
    }
    /* A right code clears the address's record. */
    g_hash_table_remove(self->strikes, conn->address);

    gboolean onlooker = FALSE;
    if (json_object_has_member(msg, "onlooker") &&
        lp_json_get_bool(msg, "onlooker", &onlooker, NULL) && onlooker) {
        conn->seat = LP_VIEWER_ONLOOKER;
        conn->joined = TRUE;
        g_clear_handle_id(&conn->join_timeout, g_source_remove);
        JsonObject *body = json_object_new();
        json_object_set_int_member(body, "seat", LP_VIEWER_ONLOOKER);
        json_object_set_string_member(body, "game", self->kind);
        g_autofree char *text = lp_net_message_build("joined", body);
        conn_send_text(conn, text);
        send_seats(self, conn);
        if (self->game != NULL)
            lp_net_host_send_views(self);
        return;
    }
    const char *token = NULL;
    if (json_object_has_member(msg, "token")) {
        if (!lp_json_get_string(msg, "token", &token, NULL) || !lp_net_token_is_valid(token)) {
            conn_send_error(conn, LP_NET_ERROR_BAD_TOKEN, _("The seat token is not valid."),
                            NULL);
            return;
        }
        for (guint i = 0; i < self->seats->len; i++) {
            Seat *seat = seat_at(self, i);
            if (seat->token != NULL && lp_net_secret_equal(seat->token, token)) {
                take_seat(conn, i);
                JsonObject *body = json_object_new();
                json_object_set_int_member(body, "seat", i);
                json_object_set_string_member(body, "token", seat->token);
                json_object_set_string_member(body, "game", self->kind);
                g_autofree char *text = lp_net_message_build("joined", body);
                conn_send_text(conn, text);
                seats_changed(self);
                if (self->game != NULL)
                    lp_net_host_send_views(self);
                return;
            }
        }
        conn_send_error(conn, LP_NET_ERROR_BAD_TOKEN,
                        _("No seat at this table belongs to this device any more."), NULL);
        return;
    }

    /* A new device: a free remote seat, the one it asks for or the first. */
    int wanted = -1;
    if (json_object_has_member(msg, "seat")) {
        gint64 s = 0;
        if (!lp_json_get_int(msg, "seat", 0, self->seats->len - 1, &s, NULL)) {
            conn_send_error(conn, LP_NET_ERROR_NO_SEAT, _("There is no such seat."), NULL);
            return;
        }
        wanted = (int)s;
    }
    gboolean computer = FALSE;
    LpLevel level = LP_LEVEL_NORMAL;
    if (json_object_has_member(msg, "computer")) {
        const char *l = NULL;
        if (!lp_json_get_string(msg, "computer", &l, NULL) || !lp_level_from_string(l, &level)) {
            conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE,
                            _("A computer player's level is easy, normal or hard."), NULL);
            return;
        }
        computer = TRUE;
    }
    g_autofree char *name = NULL;
    if (json_object_has_member(msg, "name")) {
        const char *n = NULL;
        if (lp_json_get_string(msg, "name", &n, NULL))
            name = lp_net_clean_name(n);
        if (name == NULL) {
            conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("The name is empty."), NULL);
            return;
        }
    }
    int free_seat = -1;
    for (guint i = 0; i < self->seats->len && free_seat < 0; i++) {
        Seat *seat = seat_at(self, i);
        if (seat->remote && seat->token == NULL && (wanted < 0 || wanted == (int)i))
            free_seat = (int)i;
    }
    if (free_seat < 0 || self->game != NULL) {
        conn_send_error(conn, LP_NET_ERROR_NO_SEAT,
                        wanted >= 0 ? _("That seat is not free.")
                                    : _("Every seat at this table is taken."),
                        NULL);
        return;
    }
    for (guint i = 0; name != NULL && i < self->seats->len; i++) {
        Seat *seat = seat_at(self, i);
        if (seat->name != NULL && g_utf8_collate(seat->name, name) == 0) {
            conn_send_error(conn, LP_NET_ERROR_NO_SEAT,
                            _("Someone at this table has that name already."), NULL);
            return;
        }
    }
    g_autoptr(GError) error = NULL;
    g_autofree char *new_token = lp_net_new_token(&error);
    if (new_token == NULL) {
        conn_send_error(conn, LP_NET_ERROR_BUSY, error->message, NULL);
        return;
    }
    Seat *seat = seat_at(self, (guint)free_seat);
    seat->token = g_steal_pointer(&new_token);
    seat->name = g_steal_pointer(&name);
    seat->computer = computer;
    seat->level = level;
    take_seat(conn, (guint)free_seat);
    JsonObject *body = json_object_new();
    json_object_set_int_member(body, "seat", free_seat);
    json_object_set_string_member(body, "token", seat->token);
    json_object_set_string_member(body, "game", self->kind);
    g_autofree char *text = lp_net_message_build("joined", body);
    conn_send_text(conn, text);
    seats_changed(self);
}

static void remember_id(Seat *seat, const char *id)
{
    char *copy = g_strdup(id);
    g_hash_table_add(seat->ids, copy);
    g_queue_push_tail(&seat->id_order, copy);
    while (g_queue_get_length(&seat->id_order) > REMEMBERED_IDS)
        g_hash_table_remove(seat->ids, g_queue_pop_head(&seat->id_order));
}

static void send_done(Conn *conn, const char *id)
{
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "id", id);
    g_autofree char *text = lp_net_message_build("done", body);
    conn_send_text(conn, text);
}

static void on_action(Conn *conn, JsonObject *msg)
{
    LpNetHost *self = conn->host;
    if (!conn->joined) {
        conn_send_error(conn, LP_NET_ERROR_NOT_JOINED, _("Join the game first."), NULL);
        return;
    }
    const char *id = NULL;
    if (!lp_json_get_string(msg, "id", &id, NULL) || strlen(id) > LP_NET_MAX_ID) {
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE,
                        _("An action needs an id of at most 64 bytes."), NULL);
        return;
    }
    if (self->game == NULL) {
        conn_send_error(conn, LP_NET_ERROR_NOT_STARTED,
                        _("The game starts when every seat is taken."), id);
        return;
    }
    if (conn->seat < 0) {
        conn_send_error(conn, LP_NET_ERROR_REFUSED, _("Onlookers do not play."), id);
        return;
    }
    Seat *seat = seat_at(self, (guint)conn->seat);
    if (g_hash_table_contains(seat->ids, id)) {
        /* Sent again after a cut: played once, answered again. */
        send_done(conn, id);
        return;
    }
    if (json_object_has_member(msg, "at")) {
        gint64 at = 0;
        if (!lp_json_get_int(msg, "at", 0, G_MAXINT64, &at, NULL)) {
            conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("“at” is not a count."), id);
            return;
        }
        if ((guint64)at != lp_game_get_n_actions(self->game)) {
            conn_send_error(conn, LP_NET_ERROR_REFUSED,
                            _("The game has moved on since this move was chosen."), id);
            lp_net_host_send_views(self);
            return;
        }
    }
    JsonNode *action = json_object_get_member(msg, "action");
    g_autoptr(GError) error = NULL;
    if (!lp_game_apply_action(self->game, (guint)conn->seat, action, &error)) {
        conn_send_error(conn, LP_NET_ERROR_REFUSED, error->message, id);
        return;
    }
    remember_id(seat, id);
    send_done(conn, id);
    g_signal_emit(self, signals[ACTION_PLAYED], 0, (guint)conn->seat);
}

static gboolean over_rate(Conn *conn)
{
    gint64 now = g_get_monotonic_time();
    if (now - conn->window_start >= G_USEC_PER_SEC) {
        conn->window_start = now;
        conn->window_count = 0;
    }
    return ++conn->window_count > LP_NET_MAX_RATE;
}

static void on_message(SoupWebsocketConnection *ws, SoupWebsocketDataType kind,
                       GBytes *bytes, Conn *conn)
{
    LpNetHost *self = conn->host;
    conn->last_heard = g_get_monotonic_time();
    if (over_rate(conn)) {
        conn_send_error(conn, LP_NET_ERROR_BUSY, _("Too many messages."), NULL);
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "rate");
        return;
    }
    gsize length = 0;
    const char *data = g_bytes_get_data(bytes, &length);
    if (kind != SOUP_WEBSOCKET_DATA_TEXT) {
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("Messages are text."), NULL);
        return;
    }
    const char *type = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = lp_net_message_parse(data, length, &type, &error);
    if (root == NULL) {
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, error->message, NULL);
        return;
    }
    JsonObject *msg = json_node_get_object(root);
    if (g_str_equal(type, "hello"))
        on_hello(conn, msg);
    else if (g_str_equal(type, "join"))
        on_join(conn, msg);
    else if (g_str_equal(type, "action"))
        on_action(conn, msg);
    else if (g_str_equal(type, "bye"))
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    else
        conn_send_error(conn, LP_NET_ERROR_BAD_MESSAGE, _("Unknown message type."), NULL);
    (void)self;
}

static void on_pong(SoupWebsocketConnection *ws, GBytes *message, Conn *conn)
{
    conn->last_heard = g_get_monotonic_time();
}

static void on_closed(SoupWebsocketConnection *ws, Conn *conn)
{
    LpNetHost *self = conn->host;
    gboolean had_seat = conn->joined;
    if (conn->joined && conn->seat >= 0) {
        Seat *seat = seat_at(self, (guint)conn->seat);
        if (seat != NULL && seat->conn == conn)
            seat->conn = NULL;
    }
    self->conns = g_list_remove(self->conns, conn);
    conn_free(conn);
    if (had_seat && !self->stopped)
        seats_changed(self);
}

static gboolean on_join_timeout(gpointer data)
{
    Conn *conn = data;
    conn->join_timeout = 0;
    if (!conn->joined) {
        conn_send_error(conn, LP_NET_ERROR_NOT_JOINED,
                        _("No join code came in time."), NULL);
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "timeout");
    }
    return G_SOURCE_REMOVE;
}

/* Heartbeats: libsoup pings every LP_NET_STALL_SECONDS; a connection that answered
 * nothing, neither a pong nor a message, for two of them is stalled (a frame cut off
 * halfway never lets its pong through) and is closed. */
static gboolean on_stall_check(gpointer data)
{
    LpNetHost *self = data;
    gint64 now = g_get_monotonic_time();
    for (GList *l = self->conns; l != NULL;) {
        Conn *conn = l->data;
        l = l->next;
        if (now - conn->last_heard > 2 * LP_NET_STALL_SECONDS * G_USEC_PER_SEC)
            conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "stalled");
    }
    return G_SOURCE_CONTINUE;
}

static void on_websocket(SoupServer *server, SoupServerMessage *msg, const char *path,
                         SoupWebsocketConnection *ws, gpointer data)
{
    LpNetHost *self = data;
    const char *address = soup_server_message_get_remote_host(msg);
    if (self->stopped || g_list_length(self->conns) >= LP_NET_MAX_CONNECTIONS) {
        soup_websocket_connection_close(ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "busy");
        return;
    }
    Conn *conn = g_new0(Conn, 1);
    conn->host = self;
    conn->ws = g_object_ref(ws);
    conn->address = g_strdup(address != NULL ? address : "?");
    conn->seat = -1;
    conn->last_heard = g_get_monotonic_time();
    soup_websocket_connection_set_max_incoming_payload_size(ws, LP_NET_MAX_MESSAGE);
    soup_websocket_connection_set_keepalive_interval(ws, LP_NET_STALL_SECONDS);
    lp_net_stream_set_nodelay(soup_websocket_connection_get_io_stream(ws));
    g_signal_connect(ws, "message", G_CALLBACK(on_message), conn);
    g_signal_connect(ws, "pong", G_CALLBACK(on_pong), conn);
    g_signal_connect(ws, "closed", G_CALLBACK(on_closed), conn);
    conn->join_timeout = g_timeout_add_seconds(LP_NET_JOIN_SECONDS, on_join_timeout, conn);
    self->conns = g_list_prepend(self->conns, conn);
    if (is_locked(self, conn->address)) {
        conn_send_error(conn, LP_NET_ERROR_LOCKED,
                        _("Too many wrong codes: try again in a minute."), NULL);
        conn_close(conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "locked");
    }
}

/* ---- The phone page over HTTP (issue 32) ---- */

/* docs/protocol.md "The phone page": the page's own origin only, no inline code. */
#define WEB_CSP                                                                            \
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "     \
    "script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
#define WEB_RESOURCES "/io/github/landpartie/Landpartie/web/"

static const char *web_content_type(const char *name)
{
    static const struct {
        const char *suffix, *type;
    } types[] = {
        { ".html", "text/html; charset=utf-8" },
        { ".js", "text/javascript; charset=utf-8" },
        { ".css", "text/css; charset=utf-8" },
        { ".json", "application/json" },
        { ".svg", "image/svg+xml" },
    };
    for (gsize i = 0; i < G_N_ELEMENTS(types); i++)
        if (g_str_has_suffix(name, types[i].suffix))
            return types[i].type;
    return NULL;
}

/* The file a request's path names: "/" is the page, "/NAME" one of its files, where NAME is
 * lower-case letters, digits and dashes, one dot and a known suffix. Nothing of the path
 * ever reaches the file system: the files are compiled into the program. */
static GBytes *web_lookup(const char *path, const char **type)
{
    const char *name = g_strcmp0(path, "/") == 0 ? "index.html" : path + 1;
    if (path[0] != '/' || strlen(name) > 64)
        return NULL;
    guint dots = 0;
    for (const char *c = name; *c != '\0'; c++) {
        if (*c == '.')
            dots++;
        else if (!g_ascii_islower(*c) && !g_ascii_isdigit(*c) && *c != '-')
            return NULL;
    }
    *type = web_content_type(name);
    if (dots != 1 || *type == NULL)
        return NULL;
    g_autofree char *resource = g_strconcat(WEB_RESOURCES, name, NULL);
    return g_resources_lookup_data(resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}

static void web_respond(SoupServerMessage *msg, guint status, const char *type, GBytes *body)
{
    SoupMessageHeaders *headers = soup_server_message_get_response_headers(msg);
    soup_message_headers_replace(headers, "Content-Security-Policy", WEB_CSP);
    soup_message_headers_replace(headers, "X-Content-Type-Options", "nosniff");
    soup_message_headers_replace(headers, "Referrer-Policy", "no-referrer");
    /* A new version of the app must reach a phone that kept the page open last week. */
    soup_message_headers_replace(headers, "Cache-Control", "no-cache");
    soup_server_message_set_status(msg, status, NULL);
    if (body != NULL) {
        gsize size = 0;
        const char *data = g_bytes_get_data(body, &size);
        soup_server_message_set_response(msg, type, SOUP_MEMORY_COPY, data, size);
    }
}

static void on_http(SoupServer *server, SoupServerMessage *msg, const char *path,
                    GHashTable *query, gpointer data)
{
    LpNetHost *self = data;
    const char *method = soup_server_message_get_method(msg);
    if (self->stopped) {
        web_respond(msg, SOUP_STATUS_SERVICE_UNAVAILABLE, NULL, NULL);
        return;
    }
    if (g_strcmp0(method, "GET") != 0 && g_strcmp0(method, "HEAD") != 0) {
        soup_message_headers_replace(soup_server_message_get_response_headers(msg), "Allow",
                                     "GET, HEAD");
        web_respond(msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL, NULL);
        return;
    }
    const char *type = NULL;
    g_autoptr(GBytes) body = web_lookup(path, &type);
    if (body == NULL) {
        static const char not_found[] = "Not found\n";
        g_autoptr(GBytes) text = g_bytes_new_static(not_found, sizeof not_found - 1);
        web_respond(msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", text);
        return;
    }
    web_respond(msg, SOUP_STATUS_OK, type, body);
}

/* Before the upgrade: refuse a seventeenth connection with a plain 503. */
static void on_request_started(SoupServer *server, SoupServerMessage *msg, LpNetHost *self)
{
    if (g_list_length(self->conns) >= LP_NET_MAX_CONNECTIONS)
        soup_server_message_set_status(msg, SOUP_STATUS_SERVICE_UNAVAILABLE, NULL);
}

gboolean lp_net_host_listen(LpNetHost *self, guint16 port, GError **error)
{
    g_return_val_if_fail(LP_IS_NET_HOST(self) && self->server == NULL, FALSE);
    self->server = soup_server_new("server-header", "Landpartie", NULL);
    soup_server_add_websocket_handler(self->server, LP_NET_WS_PATH, NULL, NULL, on_websocket,
                                      self, NULL);
    soup_server_add_handler(self->server, NULL, on_http, self, NULL);
    g_signal_connect(self->server, "request-started", G_CALLBACK(on_request_started), self);
    if (!soup_server_listen_all(self->server, port, 0, error)) {
        g_clear_object(&self->server);
        return FALSE;
    }
    GSList *uris = soup_server_get_uris(self->server);
    self->port = uris != NULL ? (guint16)g_uri_get_port(uris->data) : port;
    g_slist_free_full(uris, (GDestroyNotify)g_uri_unref);
    self->stopped = FALSE;
    self->stall_timer = g_timeout_add_seconds(LP_NET_STALL_SECONDS / 2, on_stall_check, self);
    return TRUE;
}

guint16 lp_net_host_get_port(LpNetHost *self)
{
    g_return_val_if_fail(LP_IS_NET_HOST(self), 0);
    return self->port;
}

const char *lp_net_host_get_code(LpNetHost *self)
{
    g_return_val_if_fail(LP_IS_NET_HOST(self), NULL);
    return self->code;
}

void lp_net_host_stop(LpNetHost *self, const char *reason)
{
    g_return_if_fail(LP_IS_NET_HOST(self));
    if (self->stopped)
        return;
    self->stopped = TRUE;
    g_clear_handle_id(&self->views_idle, g_source_remove);
    g_clear_handle_id(&self->stall_timer, g_source_remove);
    for (GList *l = self->conns; l != NULL; l = l->next)
        conn_bye(l->data, reason != NULL ? reason : "host-closed");
    /* Connections are freed as they close; what is left goes with the server. */
    while (self->conns != NULL) {
        Conn *conn = self->conns->data;
        self->conns = g_list_remove(self->conns, conn);
        Seat *seat = conn->joined && conn->seat >= 0 ? seat_at(self, (guint)conn->seat) : NULL;
        if (seat != NULL && seat->conn == conn)
            seat->conn = NULL;
        conn_free(conn);
    }
    if (self->server != NULL) {
        soup_server_disconnect(self->server);
        g_signal_handlers_disconnect_by_data(self->server, self);
        g_clear_object(&self->server);
    }
}

guint lp_net_host_get_n_seats(LpNetHost *self)
{
    return self->seats->len;
}

gboolean lp_net_host_seat_is_remote(LpNetHost *self, guint seat)
{
    Seat *s = seat_at(self, seat);
    return s != NULL && s->remote;
}

gboolean lp_net_host_seat_is_taken(LpNetHost *self, guint seat)
{
    Seat *s = seat_at(self, seat);
    return s != NULL && s->token != NULL;
}

gboolean lp_net_host_seat_is_connected(LpNetHost *self, guint seat)
{
    return seat_holder(self, seat) != NULL;
}

gboolean lp_net_host_seat_is_phone(LpNetHost *self, guint seat)
{
    Seat *s = seat_at(self, seat);
    return s != NULL && s->token != NULL && s->phone;
}

const char *lp_net_host_get_seat_name(LpNetHost *self, guint seat)
{
    Seat *s = seat_at(self, seat);
    return s != NULL ? s->name : NULL;
}

gboolean lp_net_host_seat_is_computer(LpNetHost *self, guint seat, LpLevel *level)
{
    Seat *s = seat_at(self, seat);
    if (s == NULL || !s->computer)
        return FALSE;
    if (level != NULL)
        *level = s->level;
    return TRUE;
}

gboolean lp_net_host_all_seated(LpNetHost *self)
{
    for (guint i = 0; i < self->seats->len; i++) {
        Seat *s = seat_at(self, i);
        if (s->remote && s->token == NULL)
            return FALSE;
    }
    return TRUE;
}

guint lp_net_host_get_n_connections(LpNetHost *self)
{
    return g_list_length(self->conns);
}

JsonNode *lp_net_host_save_seats(LpNetHost *self)
{
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "game", self->kind);
    json_object_set_string_member(obj, "code", self->code);
    JsonArray *seats = json_array_new();
    for (guint i = 0; i < self->seats->len; i++) {
        Seat *s = seat_at(self, i);
        JsonObject *o = json_object_new();
        json_object_set_boolean_member(o, "remote", s->remote);
        if (s->token != NULL) {
            json_object_set_string_member(o, "token", s->token);
            if (s->name != NULL)
                json_object_set_string_member(o, "name", s->name);
            if (s->computer)
                json_object_set_string_member(o, "computer", lp_level_to_string(s->level));
        }
        json_array_add_object_element(seats, o);
    }
    json_object_set_array_member(obj, "seats", seats);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

gboolean lp_net_host_load_seats(LpNetHost *self, JsonNode *node, GError **error)
{
    g_return_val_if_fail(LP_IS_NET_HOST(self) && self->game == NULL, FALSE);
    JsonObject *obj = node != NULL && JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node)
                                                                    : NULL;
    const char *kind = NULL, *code = NULL;
    JsonArray *seats = NULL;
    if (obj == NULL || !lp_json_get_string(obj, "game", &kind, error) ||
        !lp_json_get_string(obj, "code", &code, error) ||
        !lp_json_get_array(obj, "seats", &seats, error))
        return FALSE;
    if (!g_str_equal(kind, self->kind) || !lp_net_code_is_valid(code) ||
        json_array_get_length(seats) != self->seats->len) {
        g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                    _("the seats do not belong to this game"));
        return FALSE;
    }
    for (guint i = 0; i < self->seats->len; i++) {
        JsonNode *e = json_array_get_element(seats, i);
        JsonObject *o = JSON_NODE_HOLDS_OBJECT(e) ? json_node_get_object(e) : NULL;
        gboolean remote = FALSE;
        if (o == NULL || !lp_json_get_bool(o, "remote", &remote, error))
            return FALSE;
        Seat *s = seat_at(self, i);
        s->remote = remote;
        g_clear_pointer(&s->token, g_free);
        g_clear_pointer(&s->name, g_free);
        s->computer = FALSE;
        if (!json_object_has_member(o, "token"))
            continue;
        const char *token = NULL, *name = NULL, *level = NULL;
        if (!lp_json_get_string(o, "token", &token, error))
            return FALSE;
        if (!lp_net_token_is_valid(token)) {
            g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_TOKEN,
                        _("seat %u has no valid token"), i + 1);
            return FALSE;
        }
        if (json_object_has_member(o, "name") && !lp_json_get_string(o, "name", &name, error))
            return FALSE;
        if (json_object_has_member(o, "computer") &&
            (!lp_json_get_string(o, "computer", &level, error) ||
             !lp_level_from_string(level, &s->level))) {
            g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                        _("seat %u has no valid level"), i + 1);
            return FALSE;
        }
        s->token = g_strdup(token);
        s->name = lp_net_clean_name(name);
        s->computer = level != NULL;
    }
    g_free(self->code);
    self->code = g_strdup(code);
    return TRUE;
}

void lp_net_host_set_game(LpNetHost *self, LpGame *game)
{
    g_return_if_fail(LP_IS_NET_HOST(self) && LP_IS_GAME(game));
    g_return_if_fail(lp_game_get_n_players(game) == self->seats->len);
    if (self->game != NULL)
        g_clear_signal_handler(&self->completed_id, self->game);
    g_set_object(&self->game, game);
    for (guint i = 0; i < self->seats->len; i++)
        lp_game_set_seat_remote(game, i, seat_at(self, i)->remote);
    self->completed_id =
        g_signal_connect(game, "action-completed", G_CALLBACK(on_action_completed), self);
    send_seats(self, NULL);
    lp_net_host_send_views(self);
}

LpGame *lp_net_host_get_game(LpNetHost *self)
{
    g_return_val_if_fail(LP_IS_NET_HOST(self), NULL);
    return self->game;
}
