/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play on several devices, opened on first use (lp-net-module.c, issue 35). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Opens the module of play on several devices once; FALSE with a message a person can read
 * when it is missing or broken. In the tests and landpartie-sim, which link src/net, it
 * is always there. Call before hosting a game or showing the join page. */
gboolean lp_net_module_open(GError **error);

G_END_DECLS
