/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small modal window with a heading, a text and a row of buttons (GtkMessageDialog is
 * deprecated in later GTK releases). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
    LP_BUTTON_NORMAL,
    LP_BUTTON_SUGGESTED,
    LP_BUTTON_DESTRUCTIVE,
} LpButtonStyle;

#define LP_TYPE_MESSAGE_DIALOG (lp_message_dialog_get_type())
G_DECLARE_FINAL_TYPE(LpMessageDialog, lp_message_dialog, LP, MESSAGE_DIALOG, GtkWindow)

LpMessageDialog *lp_message_dialog_new(GtkWindow *parent, const char *heading, const char *body);
const char *lp_message_dialog_get_heading(LpMessageDialog *self);
const char *lp_message_dialog_get_body(LpMessageDialog *self);
/* The first button added with is_default TRUE gets the focus and answers Enter. */
void lp_message_dialog_add_button(LpMessageDialog *self, const char *label, const char *response,
                                  LpButtonStyle style, gboolean is_default);
/* Emits "response" with id and closes the window; Escape and the close button answer
 * "cancel". */
void lp_message_dialog_respond(LpMessageDialog *self, const char *response);

G_END_DECLS
