/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bar above a hosted game's page (issue 31, Faults): for each remote seat whose device
 * is not connected, "Waiting for …" and a button that lets a computer player of a chosen
 * level play the seat until the device comes back. */
#pragma once

#include <gtk/gtk.h>

#include "lp-host-session.h"

G_BEGIN_DECLS

#define LP_TYPE_HOST_BANNER (lp_host_banner_get_type())
G_DECLARE_FINAL_TYPE(LpHostBanner, lp_host_banner, LP, HOST_BANNER, GtkWidget)

GtkWidget *lp_host_banner_new(LpHostSession *session);
/* The text shown for seat, or NULL when its row is hidden (tests). */
const char *lp_host_banner_get_text(LpHostBanner *self, guint seat);

G_END_DECLS
