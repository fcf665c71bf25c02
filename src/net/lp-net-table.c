/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One person's seat at a game hosted on another device (issue 31): address, join, a mirror
 * per view, action requests, rejoining, and the seat tokens kept on disk. */
#include "lp-net-table.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-client.h"

/* The tokens file keeps this many seats; the oldest go first. */
#define MAX_KEPT_TOKENS 64
/* Between two attempts to take the seat back. */
#define RETRY_MS 1000

/* ---- addresses ---- */

void lp_net_address_free(LpNetAddress *address)
{
    if (address == NULL)
        return;
    g_free(address->url);
    g_free(address->host);
    g_free(address->key);
    g_free(address);
}

static gboolean address_error(GError **error, const char *message)
{
    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
    return FALSE;
}

static gboolean parse_port(const char *text, guint *port, GError **error)
{
    guint64 value = 0;
    if (*text == '\0' || strspn(text, "0123456789") != strlen(text) || strlen(text) > 5 ||
        (value = g_ascii_strtoull(text, NULL, 10)) == 0 || value > 65535)
        return address_error(error, _("The port after the colon must be a number from 1 to "
                                      "65535."));
    *port = (guint)value;
    return TRUE;
}

/* A host name or an IP address, as a person may type one; an IPv6 address may carry a
 * zone ("fe80::1%eth0"), which the URL spells "%25". */
static gboolean check_host(const char *host, gboolean *is_v6, GError **error)
{
    g_autofree char *bare = g_strdup(host);
    char *zone = strchr(bare, '%');
    if (zone != NULL)
        *zone = '\0';
    *is_v6 = strchr(bare, ':') != NULL;
    if (*bare == '\0')
        return address_error(error, _("Type the host’s address, for example 192.168.1.20."));
    if (*is_v6 || zone != NULL) {
        if (!*is_v6 || !g_hostname_is_ip_address(bare) ||
            (zone != NULL && (zone[1] == '\0' || strpbrk(zone + 1, "%/?#[]@ ") != NULL)))
            return address_error(error, _("This is not an IPv6 address."));
        return TRUE;
    }
    if (strlen(bare) > 253 || !g_utf8_validate(bare, -1, NULL))
        return address_error(error, _("This is not a host’s address."));
    for (const char *c = bare; *c; c++)
        if (g_ascii_isspace(*c) || g_ascii_iscntrl(*c) || strchr("/?#@[]\\%,;", *c) != NULL)
            return address_error(error, _("This is not a host’s address: type its name or "
                                          "numbers, for example 192.168.1.20."));
    return TRUE;
}

LpNetAddress *lp_net_address_parse(const char *typed, GError **error)
{
    g_autofree char *text = g_strstrip(g_strdup(typed != NULL ? typed : ""));
    g_autofree char *host = NULL;
    g_autofree char *path = NULL;
    guint port = LP_NET_DEFAULT_PORT;
    gboolean bracketed = FALSE;

    if (*text == '\0') {
        address_error(error, _("Type the host’s address, for example 192.168.1.20."));
        return NULL;
    }
    if (g_ascii_strncasecmp(text, "ws://", 5) == 0) {
        g_autoptr(GUri) uri = g_uri_parse(text, G_URI_FLAGS_NON_DNS, NULL);
        if (uri == NULL || g_uri_get_host(uri) == NULL || g_uri_get_userinfo(uri) != NULL) {
            address_error(error, _("This ws:// address cannot be read."));
            return NULL;
        }
        host = g_strdup(g_uri_get_host(uri));
        if (g_uri_get_port(uri) > 0)
            port = (guint)g_uri_get_port(uri);
        const char *p = g_uri_get_path(uri);
        /* "/" is the browser seat's page; a person who typed no path means the game. */
        if (p != NULL && *p != '\0' && !g_str_equal(p, "/"))
            path = g_strdup(p);
    } else if (strstr(text, "://") != NULL) {
        address_error(error, _("Only ws:// addresses can be joined; or type just the host’s "
                               "address."));
        return NULL;
    } else if (text[0] == '[') {
        char *close = strchr(text, ']');
        if (close == NULL) {
            address_error(error, _("An IPv6 address in brackets needs its closing bracket."));
            return NULL;
        }
        host = g_strndup(text + 1, (gsize)(close - text - 1));
        bracketed = TRUE;
        if (close[1] == ':') {
            if (!parse_port(close + 2, &port, error))
                return NULL;
        } else if (close[1] != '\0') {
            address_error(error, _("After the brackets only a colon and a port may follow."));
            return NULL;
        }
    } else {
        char *colon = strchr(text, ':');
        if (colon != NULL && strchr(colon + 1, ':') == NULL) {
            host = g_strndup(text, (gsize)(colon - text));
            if (!parse_port(colon + 1, &port, error))
                return NULL;
        } else {
            /* No colon, or several: an IPv6 address without a port. */
            host = g_strdup(text);
        }
    }

    gboolean is_v6 = FALSE;
    if (!check_host(host, &is_v6, error))
        return NULL;
    if (bracketed && !is_v6) {
        address_error(error, _("This is not an IPv6 address."));
        return NULL;
    }
    g_autoptr(GString) url_host = g_string_new(NULL);
    if (is_v6) {
        g_string_append_c(url_host, '[');
        for (const char *c = host; *c; c++) {
            /* The zone may already be spelled as in a URL ("%25eth0"). */
            if (*c == '%' && !g_str_has_prefix(c, "%25"))
                g_string_append(url_host, "%25");
            else
                g_string_append_c(url_host, *c);
        }
        g_string_append_c(url_host, ']');
    } else {
        g_string_append(url_host, host);
    }

    LpNetAddress *address = g_new0(LpNetAddress, 1);
    address->url = g_strdup_printf("ws://%s:%u%s", url_host->str, port,
                                   path != NULL ? path : LP_NET_WS_PATH);
    g_autofree char *lower = g_utf8_strdown(url_host->str, -1);
    address->key = g_strdup_printf("%s:%u", lower, port);
    if (port == LP_NET_DEFAULT_PORT)
        address->host = g_strdup(host);
    else
        address->host = g_strdup_printf(is_v6 ? "[%s]:%u" : "%s:%u", host, port);
    return address;
}

/* ---- seat tokens on disk ---- */

char *lp_net_table_default_tokens_path(void)
{
    return g_build_filename(g_get_user_data_dir(), "landpartie", "tokens.json", NULL);
}

/* The kept tokens as {"format": 1, "seats": {key: token}}; a file that cannot be read is
 * as good as none: the device then joins as a new person, never stops because of it. */
static JsonObject *load_tokens(const char *path)
{
    g_autofree char *data = NULL;
    gsize length = 0;
    JsonObject *seats = json_object_new();

    if (!g_file_get_contents(path, &data, &length, NULL) || length > 256 * 1024)
        return seats;
    g_autoptr(JsonNode) root = lp_json_parse(data, (gssize)length, NULL);
    JsonObject *kept = NULL;
    if (root == NULL || !JSON_NODE_HOLDS_OBJECT(root) ||
        !lp_json_get_object(json_node_get_object(root), "seats", &kept, NULL))
        return seats;
    g_autoptr(GList) members = json_object_get_members(kept);
    for (GList *m = members; m != NULL; m = m->next) {
        JsonNode *node = json_object_get_member(kept, m->data);
        if (JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == G_TYPE_STRING &&
            lp_net_token_is_valid(json_node_get_string(node)))
            json_object_set_string_member(seats, m->data, json_node_get_string(node));
    }
    return seats;
}

static void store_tokens(const char *path, JsonObject *seats)
{
    g_autoptr(GList) members = json_object_get_members(seats);
    /* json-glib keeps the order members were added in: the oldest come first. */
    for (GList *m = members; m != NULL && json_object_get_size(seats) > MAX_KEPT_TOKENS;
         m = m->next)
        json_object_remove_member(seats, m->data);
    JsonObject *obj = json_object_new();
    json_object_set_int_member(obj, "format", 1);
    json_object_set_object_member(obj, "seats", json_object_ref(seats));
    g_autoptr(JsonNode) root = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(root, obj);
    g_autofree char *text = lp_json_to_string(root, TRUE);
    g_autofree char *dir = g_path_get_dirname(path);
    g_autoptr(GError) error = NULL;
    /* A seat token lets anyone take the seat: for this user's eyes only. */
    if (g_mkdir_with_parents(dir, 0700) != 0 ||
        !g_file_set_contents_full(path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                  &error))
        g_message("Cannot keep the seat token in %s: %s", path,
                  error != NULL ? error->message : g_strerror(errno));
}

/* ---- the table ---- */

struct _LpNetTable {
    GObject parent_instance;
    LpNetClient *client;
    char *tokens_path;

    LpNetAddress *address;
    char *code;
    char *name;
    char *token;
    char *token_key;
    gboolean token_from_disk; /* not yet accepted by the host in this session */
    gboolean ever_joined;

    LpNetTableState state;
    LpGame *mirror;
    gulong request_handler;
    char *kind;
    int seat;
    JsonNode *seats;
    char *problem;

    guint patience;
    guint retry_id;
    guint deadline_id;
    char *id_prefix;
    guint n_requests;
};

G_DEFINE_FINAL_TYPE(LpNetTable, lp_net_table, G_TYPE_OBJECT)

enum { STATE_CHANGED, MIRROR, SEATS, REFUSED, RESULT, FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void set_state(LpNetTable *self, LpNetTableState state)
{
    if (self->state == state)
        return;
    self->state = state;
    g_signal_emit(self, signals[STATE_CHANGED], 0);
}

static void stop_timers(LpNetTable *self)
{
    g_clear_handle_id(&self->retry_id, g_source_remove);
    g_clear_handle_id(&self->deadline_id, g_source_remove);
}

static void drop_mirror(LpNetTable *self)
{
    if (self->mirror != NULL)
        g_clear_signal_handler(&self->request_handler, self->mirror);
    g_clear_object(&self->mirror);
}

static void fail(LpNetTable *self, const char *message)
{
    stop_timers(self);
    lp_net_client_close(self->client);
    g_free(self->problem);
    self->problem = g_strdup(message);
    g_object_ref(self);
    set_state(self, LP_NET_TABLE_FAILED);
    g_signal_emit(self, signals[FAILED], 0, message);
    g_object_unref(self);
}

static void new_client(LpNetTable *self);

static void connect_client(LpNetTable *self)
{
    LpNetJoin join = {.code = self->code, .name = self->name, .token = self->token,
                      .seat = -1};
    lp_net_client_connect(self->client, self->address->url, &join);
}

static void forget_token(LpNetTable *self)
{
    g_autoptr(JsonObject) seats = load_tokens(self->tokens_path);
    if (json_object_has_member(seats, self->token_key)) {
        json_object_remove_member(seats, self->token_key);
        store_tokens(self->tokens_path, seats);
    }
    g_clear_pointer(&self->token, g_free);
    self->token_from_disk = FALSE;
}

static void on_joined(LpNetClient *client, int seat, const char *token, LpNetTable *self)
{
    self->seat = seat;
    self->ever_joined = TRUE;
    self->token_from_disk = FALSE;
    stop_timers(self);
    if (token != NULL && g_strcmp0(token, self->token) != 0) {
        g_free(self->token);
        self->token = g_strdup(token);
    }
    if (self->token != NULL) {
        g_autoptr(JsonObject) seats = load_tokens(self->tokens_path);
        const char *kept = json_object_has_member(seats, self->token_key)
                               ? json_object_get_string_member(seats, self->token_key)
                               : NULL;
        if (g_strcmp0(kept, self->token) != 0) {
            /* Removed and set again, so that it counts as the newest. */
            json_object_remove_member(seats, self->token_key);
            json_object_set_string_member(seats, self->token_key, self->token);
            store_tokens(self->tokens_path, seats);
        }
    }
    set_state(self, self->mirror != NULL ? LP_NET_TABLE_PLAYING : LP_NET_TABLE_WAITING);
}

static void on_request(LpGame *mirror, JsonNode *action, LpNetTable *self)
{
    if (mirror != self->mirror)
        return;
    /* A fresh id for every request: the host plays an id once, and ids of an earlier run
     * of this device must not look like this one's. */
    g_autofree char *id = g_strdup_printf("%s-%u", self->id_prefix, ++self->n_requests);
    gint64 at = (gint64)lp_game_get_n_actions(mirror);
    if (!lp_net_client_send_action(self->client, id, at, action))
        g_signal_emit(self, signals[REFUSED], 0,
                      _("The move was not sent: there is no connection to the host."));
}

static void on_view(LpNetClient *client, JsonNode *view, LpNetTable *self)
{
    const char *kind = NULL;
    lp_json_get_string(json_node_get_object(view), "game", &kind, NULL);
    const LpGameRules *rules = kind != NULL ? lp_games_lookup(kind) : NULL;
    if (rules == NULL) {
        fail(self, _("The host plays a game this version of Landpartie does not know."));
        return;
    }
    g_autoptr(GError) error = NULL;
    LpGame *mirror = lp_game_mirror_new(rules->get_type(), view, &error);
    if (mirror == NULL) {
        g_autofree char *text =
            g_strdup_printf(_("The host sent a game this device cannot show: %s"),
                            error->message);
        fail(self, text);
        return;
    }
    if (g_strcmp0(self->kind, kind) != 0) {
        g_free(self->kind);
        self->kind = g_strdup(kind);
    }
    drop_mirror(self);
    self->mirror = mirror;
    self->request_handler =
        g_signal_connect(mirror, "action-requested", G_CALLBACK(on_request), self);
    g_object_ref(self);
    if (self->state != LP_NET_TABLE_OVER)
        set_state(self, LP_NET_TABLE_PLAYING);
    g_signal_emit(self, signals[MIRROR], 0, mirror);
    g_object_unref(self);
}

static void on_seats(LpNetClient *client, JsonNode *message, LpNetTable *self)
{
    g_clear_pointer(&self->seats, json_node_unref);
    self->seats = json_node_copy(message);
    g_signal_emit(self, signals[SEATS], 0, message);
}

static void on_refused(LpNetClient *client, const char *id, const char *message,
                       LpNetTable *self)
{
    g_signal_emit(self, signals[REFUSED], 0, message);
}

static void on_result(LpNetClient *client, JsonNode *result, LpNetTable *self)
{
    stop_timers(self);
    g_object_ref(self);
    set_state(self, LP_NET_TABLE_OVER);
    g_signal_emit(self, signals[RESULT], 0, result);
    g_object_unref(self);
}

/* What a refusal means, in this device's language: the host's own text is in the host's. */
static const char *join_problem(LpNetError code, const char *message)
{
    switch (code) {
    case LP_NET_ERROR_BAD_CODE:
        return _("The join code is wrong. The host’s window shows the right six digits.");
    case LP_NET_ERROR_LOCKED:
        return _("Too many wrong join codes were tried from this device. Wait a minute, then "
                 "try again.");
    case LP_NET_ERROR_NO_SEAT:
        return _("There is no free seat in this game.");
    case LP_NET_ERROR_VERSION:
        return _("The host plays with another version of Landpartie. Both devices need the "
                 "same version.");
    case LP_NET_ERROR_BUSY:
        return _("The host is busy: too many devices are connected.");
    default:
        return message;
    }
}

static gboolean on_deadline(gpointer data)
{
    LpNetTable *self = data;
    self->deadline_id = 0;
    fail(self, _("The connection to the host is lost."));
    return G_SOURCE_REMOVE;
}

static gboolean on_retry(gpointer data)
{
    LpNetTable *self = data;
    self->retry_id = 0;
    connect_client(self);
    return G_SOURCE_REMOVE;
}

static void on_failed(LpNetClient *client, guint code, const char *message, LpNetTable *self)
{
    switch (self->state) {
    case LP_NET_TABLE_CONNECTING:
        if (code == LP_NET_ERROR_BAD_TOKEN && self->token_from_disk) {
            /* The host plays another game now: this device joins it as a new person. */
            forget_token(self);
            new_client(self);
            connect_client(self);
            return;
        }
        fail(self, join_problem((LpNetError)code, message));
        return;
    case LP_NET_TABLE_LOST:
        /* Not reached yet: "closed" follows and the next attempt is made. */
        if (code == LP_NET_ERROR_CLOSED || code == LP_NET_ERROR_BUSY)
            return;
        fail(self, join_problem((LpNetError)code, message));
        return;
    case LP_NET_TABLE_WAITING:
    case LP_NET_TABLE_PLAYING:
        if (code == LP_NET_ERROR_CLOSED)
            return;
        g_signal_emit(self, signals[REFUSED], 0, message);
        return;
    default:
        return;
    }
}

static void on_closed(LpNetClient *client, const char *reason, LpNetTable *self)
{
    switch (self->state) {
    case LP_NET_TABLE_CONNECTING:
        if (!self->ever_joined) {
            fail(self, _("The host closed the connection."));
            return;
        }
        break;
    case LP_NET_TABLE_WAITING:
    case LP_NET_TABLE_PLAYING:
    case LP_NET_TABLE_LOST:
        break;
    default:
        return;
    }
    /* Issue 31, "Rejoining": the seat token takes the seat back, also from a host that was
     * restarted from its save, for as long as patience lasts. */
    set_state(self, LP_NET_TABLE_LOST);
    if (self->deadline_id == 0)
        self->deadline_id = g_timeout_add_seconds(self->patience, on_deadline, self);
    if (self->retry_id == 0)
        self->retry_id = g_timeout_add(RETRY_MS, on_retry, self);
}

/* A client that knows no token: LpNetClient keeps the last one it was given or got, which
 * must not go to another host, nor again to a host that said it is not valid. */
static void new_client(LpNetTable *self)
{
    if (self->client != NULL) {
        g_signal_handlers_disconnect_by_data(self->client, self);
        lp_net_client_close(self->client);
        g_clear_object(&self->client);
    }
    self->client = lp_net_client_new();
    g_signal_connect(self->client, "joined", G_CALLBACK(on_joined), self);
    g_signal_connect(self->client, "view", G_CALLBACK(on_view), self);
    g_signal_connect(self->client, "seats", G_CALLBACK(on_seats), self);
    g_signal_connect(self->client, "refused", G_CALLBACK(on_refused), self);
    g_signal_connect(self->client, "result", G_CALLBACK(on_result), self);
    g_signal_connect(self->client, "failed", G_CALLBACK(on_failed), self);
    g_signal_connect(self->client, "closed", G_CALLBACK(on_closed), self);
}

static void lp_net_table_dispose(GObject *object)
{
    LpNetTable *self = LP_NET_TABLE(object);
    stop_timers(self);
    if (self->client != NULL) {
        g_signal_handlers_disconnect_by_data(self->client, self);
        lp_net_client_close(self->client);
    }
    g_clear_object(&self->client);
    drop_mirror(self);
    G_OBJECT_CLASS(lp_net_table_parent_class)->dispose(object);
}

static void lp_net_table_finalize(GObject *object)
{
    LpNetTable *self = LP_NET_TABLE(object);
    g_free(self->tokens_path);
    g_clear_pointer(&self->address, lp_net_address_free);
    g_free(self->code);
    g_free(self->name);
    g_free(self->token);
    g_free(self->token_key);
    g_free(self->kind);
    g_clear_pointer(&self->seats, json_node_unref);
    g_free(self->problem);
    g_free(self->id_prefix);
    G_OBJECT_CLASS(lp_net_table_parent_class)->finalize(object);
}

static void lp_net_table_class_init(LpNetTableClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = lp_net_table_dispose;
    object_class->finalize = lp_net_table_finalize;
    GType type = G_TYPE_FROM_CLASS(klass);
    signals[STATE_CHANGED] = g_signal_new("state-changed", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                          NULL, NULL, G_TYPE_NONE, 0);
    signals[MIRROR] = g_signal_new("mirror", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, LP_TYPE_GAME);
    signals[SEATS] = g_signal_new("seats", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, JSON_TYPE_NODE);
    signals[REFUSED] = g_signal_new("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[RESULT] = g_signal_new("result", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, JSON_TYPE_NODE);
    signals[FAILED] = g_signal_new("failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void lp_net_table_init(LpNetTable *self)
{
    self->seat = -1;
    self->patience = LP_NET_REJOIN_SECONDS;
    new_client(self);
}

LpNetTable *lp_net_table_new(const char *tokens_path)
{
    LpNetTable *self = g_object_new(LP_TYPE_NET_TABLE, NULL);
    self->tokens_path =
        tokens_path != NULL ? g_strdup(tokens_path) : lp_net_table_default_tokens_path();
    return self;
}

gboolean lp_net_table_join(LpNetTable *self, const char *address, const char *code,
                           const char *name, GError **error)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);

    g_autoptr(LpNetAddress) parsed = lp_net_address_parse(address, error);
    if (parsed == NULL)
        return FALSE;
    /* "123 456" is how a code is read out. */
    g_autoptr(GString) digits = g_string_new(NULL);
    for (const char *c = code != NULL ? code : ""; *c; c++)
        if (*c != ' ' && *c != '-')
            g_string_append_c(digits, *c);
    if (!lp_net_code_is_valid(digits->str)) {
        address_error(error, _("The join code is six digits, as the host’s window shows."));
        return FALSE;
    }

    stop_timers(self);
    new_client(self);
    drop_mirror(self);
    g_clear_pointer(&self->address, lp_net_address_free);
    self->address = g_steal_pointer(&parsed);
    g_free(self->code);
    self->code = g_strdup(digits->str);
    g_free(self->name);
    self->name = lp_net_clean_name(name);
    if (self->name == NULL)
        self->name = lp_net_clean_name(g_get_user_name());
    g_free(self->token_key);
    self->token_key = g_strdup_printf("%s#%s", self->address->key, self->code);
    g_clear_pointer(&self->token, g_free);
    {
        g_autoptr(JsonObject) seats = load_tokens(self->tokens_path);
        if (json_object_has_member(seats, self->token_key))
            self->token = g_strdup(json_object_get_string_member(seats, self->token_key));
    }
    self->token_from_disk = self->token != NULL;
    self->ever_joined = FALSE;
    self->seat = -1;
    g_clear_pointer(&self->kind, g_free);
    g_clear_pointer(&self->seats, json_node_unref);
    g_clear_pointer(&self->problem, g_free);
    g_free(self->id_prefix);
    self->id_prefix = g_strdup_printf("j%08x%08x", g_random_int(), g_random_int());
    self->n_requests = 0;
    set_state(self, LP_NET_TABLE_CONNECTING);
    connect_client(self);
    return TRUE;
}

void lp_net_table_leave(LpNetTable *self)
{
    g_return_if_fail(LP_IS_NET_TABLE(self));
    stop_timers(self);
    lp_net_client_close(self->client);
    set_state(self, LP_NET_TABLE_IDLE);
}

LpNetTableState lp_net_table_get_state(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), LP_NET_TABLE_IDLE);
    return self->state;
}

LpGame *lp_net_table_get_mirror(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), NULL);
    return self->mirror;
}

const char *lp_net_table_get_kind(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), NULL);
    return self->kind;
}

const char *lp_net_table_get_host(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), NULL);
    return self->address != NULL ? self->address->host : NULL;
}

int lp_net_table_get_seat(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), -1);
    return self->seat;
}

JsonNode *lp_net_table_get_seats(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), NULL);
    return self->seats;
}

const char *lp_net_table_get_problem(LpNetTable *self)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(self), NULL);
    return self->problem;
}

void lp_net_table_set_patience(LpNetTable *self, guint seconds)
{
    g_return_if_fail(LP_IS_NET_TABLE(self) && seconds > 0);
    self->patience = seconds;
}
