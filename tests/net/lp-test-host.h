/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An in-process host for the tests of the joining side (issue 31): an LpNetHost on a
 * loopback port that starts the game once every remote seat is taken and lets its computer
 * seats play at once, as landpartie-sim host does. */
#pragma once

#include "lp-net-host.h"

G_BEGIN_DECLS

typedef struct _LpTestHost LpTestHost;

/* n_seats of kind; remote[seat] marks the seats a device takes, the others are computers
 * (normal). port 0 picks a free one. */
LpTestHost *lp_test_host_new(const char *kind, guint n_seats, const gboolean *remote,
                             const char *code, guint64 seed);
guint16 lp_test_host_get_port(LpTestHost *self);
/* "127.0.0.1:PORT", as a person would type it. */
const char *lp_test_host_get_address(LpTestHost *self);
LpNetHost *lp_test_host_get_net(LpTestHost *self);
/* The host's game once it started, or NULL. */
LpGame *lp_test_host_get_game(LpTestHost *self);
/* Remote actions the host played so far. */
guint lp_test_host_get_n_played(LpTestHost *self);
/* The host quits (bye to everyone, port closed) and comes back on the same port with the
 * same seats and game, as a host restarted from its save. */
void lp_test_host_restart(LpTestHost *self);
/* Stop listening for good. */
void lp_test_host_stop(LpTestHost *self);
void lp_test_host_free(LpTestHost *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(LpTestHost, lp_test_host_free)

G_END_DECLS
