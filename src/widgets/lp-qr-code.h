/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A QR code of a text (libqrencode), drawn as crisp squares at whatever size it gets. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LP_TYPE_QR_CODE (lp_qr_code_get_type())
G_DECLARE_FINAL_TYPE(LpQrCode, lp_qr_code, LP, QR_CODE, GtkWidget)

GtkWidget *lp_qr_code_new(void);
/* The text to encode (NULL: nothing is drawn). Returns FALSE when it cannot be encoded (too
 * long), and then draws nothing. description: what a screen reader says of the picture. */
gboolean lp_qr_code_set_text(LpQrCode *self, const char *text, const char *description);
/* The modules per side without the quiet zone, 0 when there is no code. */
guint lp_qr_code_get_size(LpQrCode *self);
/* Whether the module at (x, y) is dark (for tests, which decode nothing but can compare). */
gboolean lp_qr_code_get_module(LpQrCode *self, guint x, guint y);

G_END_DECLS
