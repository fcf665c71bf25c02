/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host of a game played on several devices (docs/protocol.md): listens for WebSocket
 * connections at LP_NET_WS_PATH only while it hosts, seats the devices that give the join
 * code, plays their actions through lp_game_apply_action() and sends each of them its own
 * seat's view (onlookers the onlooker's view) after every completed action. Every other
 * path of its port serves the phone page (docs/protocol.md "The phone page"). */
#pragma once

#include <glib-object.h>

#include "lp-game.h"
#include "lp-net-protocol.h"

G_BEGIN_DECLS

#define LP_TYPE_NET_HOST (lp_net_host_get_type())
G_DECLARE_FINAL_TYPE(LpNetHost, lp_net_host, LP, NET_HOST, GObject)

/* A table of n_seats for a game of kind; remote[seat] marks the seats another device takes.
 * code: the join code (LP_NET_CODE_DIGITS digits). */
LpNetHost *lp_net_host_new(const char *kind, guint n_seats, const gboolean *remote,
                           const char *code);
/* Listen on every interface at port (0: a free port the system picks). */
gboolean lp_net_host_listen(LpNetHost *self, guint16 port, GError **error);
guint16 lp_net_host_get_port(LpNetHost *self);
const char *lp_net_host_get_code(LpNetHost *self);
/* Say bye to every connection and close the port. Idempotent; also done on dispose. */
void lp_net_host_stop(LpNetHost *self, const char *reason);

guint lp_net_host_get_n_seats(LpNetHost *self);
gboolean lp_net_host_seat_is_remote(LpNetHost *self, guint seat);
/* A remote seat some device took (it may be disconnected now). */
gboolean lp_net_host_seat_is_taken(LpNetHost *self, guint seat);
gboolean lp_net_host_seat_is_connected(LpNetHost *self, guint seat);
/* A taken remote seat whose device is the phone page in a browser. */
gboolean lp_net_host_seat_is_phone(LpNetHost *self, guint seat);
/* The name the device gave, or NULL. */
const char *lp_net_host_get_seat_name(LpNetHost *self, guint seat);
/* TRUE when the device plays the seat with a computer player, and its level. */
gboolean lp_net_host_seat_is_computer(LpNetHost *self, guint seat, LpLevel *level);
/* Every remote seat is taken: the game can start. */
gboolean lp_net_host_all_seated(LpNetHost *self);
guint lp_net_host_get_n_connections(LpNetHost *self);

/* The seats (names, tokens, levels) and the code, to keep beside the host's save so that a
 * restarted host takes back the same devices; and reading them back (before a game is set). */
JsonNode *lp_net_host_save_seats(LpNetHost *self);
gboolean lp_net_host_load_seats(LpNetHost *self, JsonNode *node, GError **error);

/* From now on, actions go to game and views come from it (after every completed action,
 * and at once). */
void lp_net_host_set_game(LpNetHost *self, LpGame *game);
LpGame *lp_net_host_get_game(LpNetHost *self);
/* Send every connection its view now (also done after each completed action). */
void lp_net_host_send_views(LpNetHost *self);
/* The game is over: send every connection the result (lp_game_result) and the last view. */
void lp_net_host_send_result(LpNetHost *self);

/* Signals: "seats-changed" (a seat was taken, left or came back), "action-played" (seat:
 * guint; after a remote seat's action was applied, before the views go out). */

G_END_DECLS
