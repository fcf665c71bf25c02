/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hosting a game from the window (issue 31): the join code, the LpNetHost that listens only
 * while a game is hosted, its DNS-SD announcement, the seats file beside the save, and the
 * computer that stands in for a device that is not connected. No widgets: the lobby page
 * and the banner above the game page show it, the window decides when it starts and ends. */
#pragma once

#include <glib-object.h>

#include "lp-driver.h"
#include "lp-game.h"
#include "lp-net-host.h"

G_BEGIN_DECLS

#define LP_TYPE_HOST_SESSION (lp_host_session_get_type())
G_DECLARE_FINAL_TYPE(LpHostSession, lp_host_session, LP, HOST_SESSION, GObject)

/* A new game of kind for players (remote[i]: seat i is played on another device), dealt
 * from seed with option once every remote seat is taken. The join code is new. */
LpHostSession *lp_host_session_new(const char *kind, GPtrArray *players, const gboolean *remote,
                                   guint64 seed, gboolean option);
/* A saved game with remote seats (Continue), with the code and seat tokens of its seats
 * file at seats_path, so that the devices rejoin by themselves. When that file is missing
 * or cannot be read, the seats are free again under a new code and *problem says why (a
 * sentence to show); the file and the save are left as they are. */
LpHostSession *lp_host_session_new_resumed(LpGame *game, const char *seats_path,
                                           char **problem);
/* The seats file beside the save of kind in the save folder dir. */
char *lp_host_session_seats_path(const char *dir, const char *kind);
/* Where the seats are written from lp_host_session_play() on (NULL: nowhere). */
void lp_host_session_set_seats_path(LpHostSession *self, const char *path);

/* Listen on port, or on a free port when it is taken, and announce the game. */
gboolean lp_host_session_listen(LpHostSession *self, guint16 port, GError **error);
/* Close the port and end the announcement; idempotent, also done on dispose. */
void lp_host_session_stop(LpHostSession *self);
gboolean lp_host_session_is_listening(LpHostSession *self);

const char *lp_host_session_get_kind(LpHostSession *self);
const char *lp_host_session_get_code(LpHostSession *self);
guint16 lp_host_session_get_port(LpHostSession *self);
/* This computer's addresses another device can reach, IPv4 first, loopback last. */
GStrv lp_host_session_get_addresses(LpHostSession *self);
/* Something the lobby should say (no DNS-SD, the seats file could not be read), or NULL. */
const char *lp_host_session_get_note(LpHostSession *self);
LpNetHost *lp_host_session_get_net_host(LpHostSession *self);
gboolean lp_host_session_is_resumed(LpHostSession *self);

guint lp_host_session_get_n_seats(LpHostSession *self);
/* The seat's player as set up (or as saved). */
LpPlayer *lp_host_session_get_player(LpHostSession *self, guint seat);
gboolean lp_host_session_seat_is_remote(LpHostSession *self, guint seat);
/* Every remote seat is taken (the lobby's Start). */
gboolean lp_host_session_can_start(LpHostSession *self);
/* Every remote seat's device is connected now. */
gboolean lp_host_session_all_connected(LpHostSession *self);

/* The game to play, once: a new one dealt now (a seat named by default takes the name its
 * device gave; a device that plays with a computer player gets a computer seat), or the
 * resumed one. Remote seats are marked remote. NULL with an error when it cannot be dealt. */
LpGame *lp_host_session_take_game(LpHostSession *self, GError **error);
/* From now on the session serves game: devices get their views and play their actions,
 * the seats file follows the seats, a stand-in plays at the driver's pace, and at the end
 * the devices get the result and the port closes. */
void lp_host_session_play(LpHostSession *self, LpGame *game, LpDriver *driver);
LpGame *lp_host_session_get_game(LpHostSession *self);

/* A remote seat whose device is not connected while the game runs. */
gboolean lp_host_session_seat_is_waiting(LpHostSession *self, guint seat);
/* Let the computer player of level play the seat at this computer until its device comes
 * back (issue 31, Faults); then the seat is handed back by itself. */
void lp_host_session_stand_in(LpHostSession *self, guint seat, LpLevel level);
void lp_host_session_stop_stand_in(LpHostSession *self, guint seat);
gboolean lp_host_session_has_stand_in(LpHostSession *self, guint seat, LpLevel *level);

/* Signals: "changed": a seat was taken, left or came back, or a stand-in began or ended. */

G_END_DECLS
