/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One person's seat at a game hosted on another device (issue 31): reads the address a
 * person typed, joins with the code and name (or the seat token kept on disk from an
 * earlier join), turns every view into a new mirror of the game, sends the mirror's action
 * requests and takes the seat back by itself when the connection is lost. No GTK. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "lp-game.h"
#include "lp-net-protocol.h"

G_BEGIN_DECLS

/* How long a joiner that lost its host tries again before it gives up. */
#define LP_NET_REJOIN_SECONDS 30

typedef enum {
    LP_NET_TABLE_IDLE,       /* not joined yet, or left */
    LP_NET_TABLE_CONNECTING, /* connecting and asking for a seat */
    LP_NET_TABLE_WAITING,    /* seated; the game has not started (no view yet) */
    LP_NET_TABLE_PLAYING,    /* views come in */
    LP_NET_TABLE_LOST,       /* the connection is lost; trying again */
    LP_NET_TABLE_OVER,       /* the host sent the result */
    LP_NET_TABLE_FAILED,     /* refused, or lost for good: see the "failed" message */
} LpNetTableState;

/* What an address typed by a person turns into: the WebSocket URL, the host as a person
 * would name it ("192.168.1.20", "[fe80::1]:47301") and a key for the seat tokens. */
typedef struct {
    char *url;
    char *host;
    char *key;
} LpNetAddress;

/* Reads "192.168.1.20", "anna-laptop.local", "host:47300", "[::1]:47300", "::1" or a whole
 * "ws://HOST:PORT/ws"; the port is LP_NET_DEFAULT_PORT unless one is given. NULL with a
 * G_IO_ERROR_INVALID_ARGUMENT whose message says what is wrong, in words. */
LpNetAddress *lp_net_address_parse(const char *typed, GError **error);
void lp_net_address_free(LpNetAddress *address);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(LpNetAddress, lp_net_address_free)

#define LP_TYPE_NET_TABLE (lp_net_table_get_type())
G_DECLARE_FINAL_TYPE(LpNetTable, lp_net_table, LP, NET_TABLE, GObject)

/* tokens_path: the file that keeps seat tokens (JSON, mode 0600); NULL for
 * g_get_user_data_dir()/landpartie/tokens.json. */
LpNetTable *lp_net_table_new(const char *tokens_path);
/* The default file of seat tokens (newly allocated). */
char *lp_net_table_default_tokens_path(void);

/* Join the game at address (typed by a person) with code; name is the person's name. A
 * seat token kept for this host and code is given instead, so a device takes its own seat
 * back. FALSE with a G_IO_ERROR_INVALID_ARGUMENT (the address or the code is wrong) before
 * anything is sent; otherwise the outcome comes as "state-changed" and "mirror" or
 * "failed". */
gboolean lp_net_table_join(LpNetTable *self, const char *address, const char *code,
                           const char *name, GError **error);
/* Say bye and stop; the seat stays reserved at the host, and joining again takes it. */
void lp_net_table_leave(LpNetTable *self);

LpNetTableState lp_net_table_get_state(LpNetTable *self);
/* The mirror of the newest view, or NULL before the first. */
LpGame *lp_net_table_get_mirror(LpNetTable *self);
/* The kind of game the host plays ("minden" …), known from the first view; or NULL. */
const char *lp_net_table_get_kind(LpNetTable *self);
/* The host as a person named it, or NULL before a join. */
const char *lp_net_table_get_host(LpNetTable *self);
/* The seat taken, or -1. */
int lp_net_table_get_seat(LpNetTable *self);
/* The last "seats" message (who sits where), or NULL. */
JsonNode *lp_net_table_get_seats(LpNetTable *self);
/* The message of the last failure, or NULL. */
const char *lp_net_table_get_problem(LpNetTable *self);
/* Seconds to try again after a lost connection (LP_NET_REJOIN_SECONDS); tests shorten it. */
void lp_net_table_set_patience(LpNetTable *self, guint seconds);

/* Signals:
 *   "state-changed": lp_net_table_get_state() changed
 *   "mirror" (LpGame *mirror): a new mirror, made from the newest view; the previous one is
 *       not used any more (its action requests are no longer sent)
 *   "seats" (JsonNode *message): who sits where, as the host sent it
 *   "refused" (const char *message): the host refused an action of this seat; the message
 *       says why (usually the game moved on)
 *   "result" (JsonNode *result): the game is over (lp_game_result of the host's game)
 *   "failed" (const char *message): the host said no to joining, or the connection was lost
 *       and not regained in time; the message says it in words */

G_END_DECLS
