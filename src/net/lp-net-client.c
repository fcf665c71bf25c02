/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A device's side of a game played on several devices (docs/protocol.md). */
#include "lp-net-client.h"

#include <glib/gi18n.h>
#include <libsoup/soup.h>

#include "config.h"
#include "lp-json.h"

struct _LpNetClient {
    GObject parent_instance;
    SoupSession *session;
    SoupWebsocketConnection *ws;
    GCancellable *cancellable;
    char *code, *name, *token, *computer;
    int want_seat;
    gboolean onlooker;
    int seat;
    gboolean joined;
    char *bye_reason;
    /* The host allows LP_NET_MAX_RATE messages a second: a client keeps below it, sending
     * what comes faster a moment later, in order. */
    GQueue outbox;
    gint64 window_start;
    guint window_count;
    guint flush_id;
};

G_DEFINE_FINAL_TYPE(LpNetClient, lp_net_client, G_TYPE_OBJECT)

enum { RECEIVED, JOINED, SEATS, VIEW, DONE, REFUSED, RESULT, FAILED, CLOSED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void drop_connection(LpNetClient *self)
{
    g_clear_handle_id(&self->flush_id, g_source_remove);
    g_queue_clear_full(&self->outbox, g_free);
    if (self->ws != NULL) {
        g_signal_handlers_disconnect_by_data(self->ws, self);
        if (soup_websocket_connection_get_state(self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
            soup_websocket_connection_close(self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
        g_clear_object(&self->ws);
    }
    self->joined = FALSE;
}

static void lp_net_client_dispose(GObject *object)
{
    LpNetClient *self = LP_NET_CLIENT(object);
    if (self->cancellable != NULL)
        g_cancellable_cancel(self->cancellable);
    g_clear_object(&self->cancellable);
    drop_connection(self);
    g_clear_object(&self->session);
    G_OBJECT_CLASS(lp_net_client_parent_class)->dispose(object);
}

static void lp_net_client_finalize(GObject *object)
{
    LpNetClient *self = LP_NET_CLIENT(object);
    g_free(self->code);
    g_free(self->name);
    g_free(self->token);
    g_free(self->computer);
    g_free(self->bye_reason);
    G_OBJECT_CLASS(lp_net_client_parent_class)->finalize(object);
}

static void lp_net_client_class_init(LpNetClientClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = lp_net_client_dispose;
    object_class->finalize = lp_net_client_finalize;
    GType type = G_TYPE_FROM_CLASS(klass);
    signals[RECEIVED] = g_signal_new("received", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_BYTES);
    signals[JOINED] = g_signal_new("joined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
    signals[SEATS] = g_signal_new("seats", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, JSON_TYPE_NODE);
    signals[VIEW] = g_signal_new("view", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, JSON_TYPE_NODE);
    signals[DONE] = g_signal_new("done", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[REFUSED] = g_signal_new("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
    signals[RESULT] = g_signal_new("result", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, JSON_TYPE_NODE);
    signals[FAILED] = g_signal_new("failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
    signals[CLOSED] = g_signal_new("closed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void lp_net_client_init(LpNetClient *self)
{
    g_queue_init(&self->outbox);
    self->seat = -1;
    self->want_seat = -1;
}

LpNetClient *lp_net_client_new(void)
{
    return g_object_new(LP_TYPE_NET_CLIENT, NULL);
}

static gboolean flush_outbox(gpointer data);

/* Sends now when the second's budget allows, else queues for the next second. */
static void send_text(LpNetClient *self, const char *text)
{
    if (self->ws == NULL ||
        soup_websocket_connection_get_state(self->ws) != SOUP_WEBSOCKET_STATE_OPEN)
        return;
    gint64 now = g_get_monotonic_time();
    if (now - self->window_start >= G_USEC_PER_SEC) {
        self->window_start = now;
        self->window_count = 0;
    }
    if (g_queue_is_empty(&self->outbox) && self->window_count < LP_NET_MAX_RATE - 2) {
        self->window_count++;
        soup_websocket_connection_send_text(self->ws, text);
        return;
    }
    g_queue_push_tail(&self->outbox, g_strdup(text));
    if (self->flush_id == 0) {
        gint64 wait = self->window_start + G_USEC_PER_SEC - now;
        self->flush_id = g_timeout_add((guint)MAX(wait / 1000 + 1, 1), flush_outbox, self);
    }
}

static gboolean flush_outbox(gpointer data)
{
    LpNetClient *self = data;
    self->flush_id = 0;
    GQueue pending = self->outbox;
    g_queue_init(&self->outbox);
    char *text;
    while ((text = g_queue_pop_head(&pending)) != NULL) {
        send_text(self, text);
        g_free(text);
    }
    return G_SOURCE_REMOVE;
}

static void send_join(LpNetClient *self)
{
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "code", self->code);
    if (self->onlooker)
        json_object_set_boolean_member(body, "onlooker", TRUE);
    else if (self->token != NULL)
        json_object_set_string_member(body, "token", self->token);
    else {
        if (self->name != NULL)
            json_object_set_string_member(body, "name", self->name);
        if (self->want_seat >= 0)
            json_object_set_int_member(body, "seat", self->want_seat);
        if (self->computer != NULL)
            json_object_set_string_member(body, "computer", self->computer);
    }
    g_autofree char *text = lp_net_message_build("join", body);
    send_text(self, text);
}

static void fail(LpNetClient *self, LpNetError code, const char *message)
{
    g_signal_emit(self, signals[FAILED], 0, (guint)code, message);
}

static void on_message(SoupWebsocketConnection *ws, SoupWebsocketDataType kind, GBytes *bytes,
                       LpNetClient *self)
{
    gsize length = 0;
    const char *data = g_bytes_get_data(bytes, &length);
    g_signal_emit(self, signals[RECEIVED], 0, bytes);
    const char *type = NULL;
    g_autoptr(GError) error = NULL;
    /* The host is as untrusted as any peer: the same strict reader. */
    g_autoptr(JsonNode) root = kind == SOUP_WEBSOCKET_DATA_TEXT
                                   ? lp_net_message_parse(data, length, &type, &error)
                                   : NULL;
    if (root == NULL) {
        fail(self, LP_NET_ERROR_BAD_MESSAGE,
             error != NULL ? error->message : _("the host sent something that is not text"));
        return;
    }
    g_object_ref(self);
    JsonObject *msg = json_node_get_object(root);
    if (g_str_equal(type, "hello")) {
        send_join(self);
    } else if (g_str_equal(type, "joined")) {
        gint64 seat = -1;
        const char *token = NULL;
        lp_json_get_int(msg, "seat", -1, 63, &seat, NULL);
        if (json_object_has_member(msg, "token") &&
            (!lp_json_get_string(msg, "token", &token, NULL) || !lp_net_token_is_valid(token))) {
            fail(self, LP_NET_ERROR_BAD_MESSAGE, _("the host sent a broken seat token"));
        } else {
            self->seat = (int)seat;
            self->joined = TRUE;
            if (token != NULL) {
                g_free(self->token);
                self->token = g_strdup(token);
            }
            g_signal_emit(self, signals[JOINED], 0, self->seat, self->token);
        }
    } else if (g_str_equal(type, "seats")) {
        g_signal_emit(self, signals[SEATS], 0, root);
    } else if (g_str_equal(type, "view")) {
        JsonNode *view = json_object_get_member(msg, "view");
        if (view != NULL && JSON_NODE_HOLDS_OBJECT(view))
            g_signal_emit(self, signals[VIEW], 0, view);
        else
            fail(self, LP_NET_ERROR_BAD_MESSAGE, _("the host sent a view without a game"));
    } else if (g_str_equal(type, "done")) {
        const char *id = NULL;
        if (lp_json_get_string(msg, "id", &id, NULL))
            g_signal_emit(self, signals[DONE], 0, id);
    } else if (g_str_equal(type, "result")) {
        JsonNode *result = json_object_get_member(msg, "result");
        if (result != NULL)
            g_signal_emit(self, signals[RESULT], 0, result);
    } else if (g_str_equal(type, "error")) {
        const char *nick = NULL, *message = NULL, *id = NULL;
        LpNetError code = LP_NET_ERROR_BAD_MESSAGE;
        if (lp_json_get_string(msg, "code", &nick, NULL))
            lp_net_error_from_nick(nick, &code);
        if (!lp_json_get_string(msg, "message", &message, NULL))
            message = _("the host gave no reason");
        if (json_object_has_member(msg, "id") && lp_json_get_string(msg, "id", &id, NULL))
            g_signal_emit(self, signals[REFUSED], 0, id, message);
        else
            fail(self, code, message);
    } else if (g_str_equal(type, "bye")) {
        const char *reason = NULL;
        lp_json_get_string(msg, "reason", &reason, NULL);
        g_free(self->bye_reason);
        self->bye_reason = g_strdup(reason != NULL ? reason : "bye");
    }
    /* Anything else is from a newer host: ignored, as the protocol says. */
    g_object_unref(self);
}

static void on_closed(SoupWebsocketConnection *ws, LpNetClient *self)
{
    g_autofree char *reason = g_strdup(self->bye_reason != NULL ? self->bye_reason : "lost");
    g_clear_pointer(&self->bye_reason, g_free);
    drop_connection(self);
    g_signal_emit(self, signals[CLOSED], 0, reason);
}

static void on_connected(GObject *source, GAsyncResult *result, gpointer data)
{
    LpNetClient *self = data;
    g_autoptr(GError) error = NULL;
    SoupWebsocketConnection *ws =
        soup_session_websocket_connect_finish(SOUP_SESSION(source), result, &error);
    if (ws == NULL) {
        if (!g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
            g_autofree char *text =
                g_strdup_printf(_("Cannot reach the host: %s"), error->message);
            fail(self, LP_NET_ERROR_CLOSED, text);
            g_signal_emit(self, signals[CLOSED], 0, "unreachable");
        }
        g_object_unref(self);
        return;
    }
    self->ws = ws;
    soup_websocket_connection_set_max_incoming_payload_size(ws, LP_NET_MAX_MESSAGE);
    lp_net_stream_set_nodelay(soup_websocket_connection_get_io_stream(ws));
    g_signal_connect(ws, "message", G_CALLBACK(on_message), self);
    g_signal_connect(ws, "closed", G_CALLBACK(on_closed), self);
    JsonObject *body = json_object_new();
    json_object_set_int_member(body, "protocol", LP_NET_PROTOCOL_VERSION);
    json_object_set_string_member(body, "client", "landpartie " PACKAGE_VERSION);
    g_autofree char *text = lp_net_message_build("hello", body);
    send_text(self, text);
    g_object_unref(self);
}

void lp_net_client_connect(LpNetClient *self, const char *url, const LpNetJoin *join)
{
    g_return_if_fail(LP_IS_NET_CLIENT(self) && url != NULL && join != NULL);
    drop_connection(self);
    g_free(self->code);
    self->code = g_strdup(join->code);
    g_free(self->name);
    self->name = g_strdup(join->name);
    if (join->token != NULL) {
        g_free(self->token);
        self->token = g_strdup(join->token);
    }
    g_free(self->computer);
    self->computer = g_strdup(join->computer);
    self->want_seat = join->seat;
    self->onlooker = join->onlooker;
    if (self->session == NULL)
        self->session = soup_session_new_with_options("timeout", 10, "idle-timeout", 0,
                                                      /* A host is on the home network:
                                                       * never reached through a proxy. */
                                                      "proxy-resolver", NULL, NULL);
    if (self->cancellable != NULL)
        g_cancellable_cancel(self->cancellable);
    g_clear_object(&self->cancellable);
    self->cancellable = g_cancellable_new();
    g_autoptr(SoupMessage) msg = soup_message_new("GET", url);
    if (msg == NULL) {
        fail(self, LP_NET_ERROR_CLOSED, _("The address is not a ws:// address."));
        return;
    }
    soup_session_websocket_connect_async(self->session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                         self->cancellable, on_connected, g_object_ref(self));
}

gboolean lp_net_client_send_action(LpNetClient *self, const char *id, gint64 at,
                                   JsonNode *action)
{
    g_return_val_if_fail(LP_IS_NET_CLIENT(self) && id != NULL && action != NULL, FALSE);
    if (!self->joined)
        return FALSE;
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "id", id);
    if (at >= 0)
        json_object_set_int_member(body, "at", at);
    json_object_set_member(body, "action", json_node_copy(action));
    g_autofree char *text = lp_net_message_build("action", body);
    send_text(self, text);
    return TRUE;
}

void lp_net_client_close(LpNetClient *self)
{
    g_return_if_fail(LP_IS_NET_CLIENT(self));
    if (self->ws != NULL) {
        g_autofree char *text = lp_net_message_build("bye", NULL);
        send_text(self, text);
    }
    drop_connection(self);
}

gboolean lp_net_client_is_connected(LpNetClient *self)
{
    return self->ws != NULL &&
           soup_websocket_connection_get_state(self->ws) == SOUP_WEBSOCKET_STATE_OPEN;
}

int lp_net_client_get_seat(LpNetClient *self)
{
    return self->seat;
}
