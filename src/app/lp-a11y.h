/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Accessibility helpers shared by the shell's widgets. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GTK 4.8 names a button with a mnemonic label "_Show Show" (the raw label and the label
 * widget). This gives it the clean name, "Show", once; call it after the label is set. */
void lp_a11y_fix_mnemonic_button(GtkButton *button);
/* "_Show" → "Show", "Rock __n Roll" → "Rock _n Roll". */
char *lp_a11y_strip_mnemonic(const char *label);

G_END_DECLS
