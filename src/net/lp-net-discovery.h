/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finding hosted games on the home network: DNS-SD (service type LP_NET_SERVICE_TYPE)
 * through the Avahi daemon, in the GLib main loop. Where no Avahi daemon runs (no D-Bus
 * system bus, a network without multicast), both sides say so and nothing else changes:
 * games are still hosted and joined by address. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* A host's announcement: the host's name, the game and its free seats (TXT "game",
 * "free", "protocol"); never the join code. */
#define LP_TYPE_NET_ANNOUNCER (lp_net_announcer_get_type())
G_DECLARE_FINAL_TYPE(LpNetAnnouncer, lp_net_announcer, LP, NET_ANNOUNCER, GObject)

/* name: what the join list shows ("Anna's computer"), made unique by Avahi on a clash. */
LpNetAnnouncer *lp_net_announcer_new(const char *name, guint16 port, const char *game,
                                     guint free_seats);
void lp_net_announcer_set_free_seats(LpNetAnnouncer *self, guint free_seats);
/* FALSE while announcing is not possible; lp_net_announcer_get_problem() says why. */
gboolean lp_net_announcer_is_available(LpNetAnnouncer *self);
const char *lp_net_announcer_get_problem(LpNetAnnouncer *self);

/* The join list's source. Signals:
 *   "found" (const char *id, const char *name, const char *address, guint port,
 *            const char *game, guint free_seats): a game appeared or changed; id is stable
 *            (the host's service name: one id however many interfaces it is seen on)
 *   "removed" (const char *id)
 *   "availability-changed": lp_net_browser_is_available() changed */
#define LP_TYPE_NET_BROWSER (lp_net_browser_get_type())
G_DECLARE_FINAL_TYPE(LpNetBrowser, lp_net_browser, LP, NET_BROWSER, GObject)

LpNetBrowser *lp_net_browser_new(void);
gboolean lp_net_browser_is_available(LpNetBrowser *self);
/* Why discovery is not available (translated), or NULL. */
const char *lp_net_browser_get_problem(LpNetBrowser *self);

G_END_DECLS
