/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The wire protocol's messages, limits and secrets (docs/protocol.md). */
#include "lp-net-protocol.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/random.h>

#include "lp-json.h"
#include "lp-player.h"

G_DEFINE_QUARK(lp-net-error-quark, lp_net_error)

static const char *const error_nicks[] = {
    [LP_NET_ERROR_BAD_MESSAGE] = "bad-message", [LP_NET_ERROR_VERSION] = "version",
    [LP_NET_ERROR_BAD_CODE] = "bad-code",       [LP_NET_ERROR_LOCKED] = "locked",
    [LP_NET_ERROR_NO_SEAT] = "no-seat",         [LP_NET_ERROR_BAD_TOKEN] = "bad-token",
    [LP_NET_ERROR_NOT_JOINED] = "not-joined",   [LP_NET_ERROR_REFUSED] = "refused",
    [LP_NET_ERROR_NOT_STARTED] = "not-started", [LP_NET_ERROR_BUSY] = "busy",
    [LP_NET_ERROR_CLOSED] = "closed",
};

const char *lp_net_error_to_nick(LpNetError code)
{
    return (guint)code < G_N_ELEMENTS(error_nicks) ? error_nicks[code] : "bad-message";
}

gboolean lp_net_error_from_nick(const char *nick, LpNetError *out)
{
    for (guint i = 0; nick != NULL && i < G_N_ELEMENTS(error_nicks); i++) {
        if (g_str_equal(nick, error_nicks[i])) {
            *out = (LpNetError)i;
            return TRUE;
        }
    }
    return FALSE;
}

JsonNode *lp_net_message_parse(const char *data, gsize length, const char **type,
                               GError **error)
{
    *type = NULL;
    if (length > LP_NET_MAX_MESSAGE) {
        g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                    _("the message is larger than %u KB"), LP_NET_MAX_MESSAGE / 1024);
        return NULL;
    }
    g_autoptr(GError) local = NULL;
    g_autoptr(JsonNode) root = lp_json_parse(data, (gssize)length, &local);
    if (root == NULL) {
        g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                    _("the message is not valid JSON: %s"), local->message);
        return NULL;
    }
    const char *t = NULL;
    if (!JSON_NODE_HOLDS_OBJECT(root) ||
        !lp_json_get_string(json_node_get_object(root), "type", &t, NULL)) {
        g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                    _("the message is not an object with a “type”"));
        return NULL;
    }
    *type = t;
    return g_steal_pointer(&root);
}

char *lp_net_message_build(const char *type, JsonObject *body)
{
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "type", type);
    if (body != NULL) {
        g_autoptr(GList) members = json_object_get_members(body);
        for (GList *m = members; m != NULL; m = m->next) {
            if (!g_str_equal(m->data, "type"))
                json_object_set_member(obj, m->data,
                                       json_node_copy(json_object_get_member(body, m->data)));
        }
        json_object_unref(body);
    }
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return lp_json_to_string(node, FALSE);
}

char *lp_net_error_message(LpNetError code, const char *message, const char *id)
{
    JsonObject *body = json_object_new();
    json_object_set_string_member(body, "code", lp_net_error_to_nick(code));
    json_object_set_string_member(body, "message", message != NULL ? message : "");
    if (id != NULL)
        json_object_set_string_member(body, "id", id);
    return lp_net_message_build("error", body);
}

static gboolean random_bytes(guint8 *buf, gsize n, GError **error)
{
    gsize got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0) {
            int saved = errno;
            if (saved == EINTR)
                continue;
            g_set_error(error, G_IO_ERROR, g_io_error_from_errno(saved),
                        _("the system has no random numbers to give: %s"), g_strerror(saved));
            return FALSE;
        }
        got += (gsize)r;
    }
    return TRUE;
}

char *lp_net_new_token(GError **error)
{
    guint8 bytes[LP_NET_TOKEN_HEX / 2];
    if (!random_bytes(bytes, sizeof bytes, error))
        return NULL;
    GString *s = g_string_sized_new(LP_NET_TOKEN_HEX + 1);
    for (gsize i = 0; i < sizeof bytes; i++)
        g_string_append_printf(s, "%02x", bytes[i]);
    return g_string_free(s, FALSE);
}

char *lp_net_new_code(GError **error)
{
    char *code = g_malloc(LP_NET_CODE_DIGITS + 1);
    for (int i = 0; i < LP_NET_CODE_DIGITS; i++) {
        guint8 b;
        /* Rejection sampling: 250 = 25 × 10 keeps every digit equally likely. */
        do {
            if (!random_bytes(&b, 1, error)) {
                g_free(code);
                return NULL;
            }
        } while (b >= 250);
        code[i] = (char)('0' + b % 10);
    }
    code[LP_NET_CODE_DIGITS] = '\0';
    return code;
}

static gboolean all_of(const char *s, gsize len, gboolean (*ok)(char c))
{
    if (s == NULL || strlen(s) != len)
        return FALSE;
    for (gsize i = 0; i < len; i++)
        if (!ok(s[i]))
            return FALSE;
    return TRUE;
}

static gboolean is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static gboolean is_lower_hex(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f');
}

gboolean lp_net_code_is_valid(const char *s)
{
    return all_of(s, LP_NET_CODE_DIGITS, is_digit);
}

gboolean lp_net_token_is_valid(const char *s)
{
    return all_of(s, LP_NET_TOKEN_HEX, is_lower_hex);
}

char *lp_net_clean_name(const char *name)
{
    if (name == NULL)
        return NULL;
    /* The same cleaning as a name typed on the setup page or read from a save. */
    char *text = lp_player_name_clean(name, LP_NET_MAX_NAME);
    if (text != NULL && *text == '\0')
        g_clear_pointer(&text, g_free);
    return text;
}

gboolean lp_net_secret_equal(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return FALSE;
    gsize la = strlen(a), lb = strlen(b);
    guint8 diff = la != lb;
    for (gsize i = 0; i < la; i++)
        diff |= (guint8)(a[i] ^ b[i % (lb > 0 ? lb : 1)]);
    return diff == 0;
}

void lp_net_stream_set_nodelay(gpointer io_stream)
{
    if (!G_IS_SOCKET_CONNECTION(io_stream))
        return;
    GSocket *socket = g_socket_connection_get_socket(G_SOCKET_CONNECTION(io_stream));
    if (g_socket_get_family(socket) == G_SOCKET_FAMILY_UNIX)
        return;
    g_socket_set_option(socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
}
