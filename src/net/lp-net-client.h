/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A device's side of a game played on several devices (docs/protocol.md): connects to a
 * host, says hello, joins with the code (or its seat token) and then receives its seat's
 * views and sends its actions. It knows nothing of pages: a view is handed on as JSON. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "lp-net-protocol.h"

G_BEGIN_DECLS

#define LP_TYPE_NET_CLIENT (lp_net_client_get_type())
G_DECLARE_FINAL_TYPE(LpNetClient, lp_net_client, LP, NET_CLIENT, GObject)

/* What the device asks for when it joins. */
typedef struct {
    const char *code;     /* required */
    const char *name;     /* a person's name, or NULL */
    const char *token;    /* the seat token from an earlier join, or NULL */
    int seat;             /* the seat wanted, or -1 for the first free one */
    const char *computer; /* "easy", "normal", "hard": a computer player plays it; or NULL */
    gboolean onlooker;    /* only watch */
} LpNetJoin;

LpNetClient *lp_net_client_new(void);
/* Connect to url (ws://HOST:PORT/ws), say hello and join; the outcome arrives as "joined"
 * (seat, token) or "failed" (LpNetError code, message). */
void lp_net_client_connect(LpNetClient *self, const char *url, const LpNetJoin *join);
/* Send an action; id identifies it (a request sent again with the same id is played once);
 * at: the view's "actions" it was chosen on, or -1. FALSE when not connected. */
gboolean lp_net_client_send_action(LpNetClient *self, const char *id, gint64 at,
                                   JsonNode *action);
/* Say bye and close. */
void lp_net_client_close(LpNetClient *self);
gboolean lp_net_client_is_connected(LpNetClient *self);
int lp_net_client_get_seat(LpNetClient *self);

/* Signals:
 *   "received" (GBytes *message): every message as it came, before it is read
 *   "joined" (int seat, const char *token)
 *   "seats" (JsonNode *message): who sits where, taken and connected
 *   "view" (JsonNode *view): the seat's view (lp_game_view's object)
 *   "done" (const char *id): the host played that action
 *   "refused" (const char *id, const char *message): the host refused that action
 *   "result" (JsonNode *result): the game is over
 *   "failed" (guint code, const char *message): the host said no, or the connection broke
 *   "closed" (const char *reason): the connection is gone ("over", "host-closed", "lost" …)
 */

G_END_DECLS
