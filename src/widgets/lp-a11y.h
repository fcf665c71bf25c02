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

/* GTK 4.8 keeps the widgets of a GtkStack's pages that are not shown in the accessibility
 * tree, marked "visible" (a screen reader finds the covered "Show" button or the start page
 * while a game runs). This hides every page but the shown one, once any transition has
 * finished; switch pages only with lp_a11y_stack_show_child() or
 * lp_a11y_stack_show_child_name() afterwards, which show the page again first. */
void lp_a11y_stack_hide_inactive_pages(GtkStack *stack);
void lp_a11y_stack_show_child(GtkStack *stack, GtkWidget *child);
void lp_a11y_stack_show_child_name(GtkStack *stack, const char *name);
/* Shows child and hides every other page at once (for stacks without transitions), so that
 * hidden buttons are neither focusable nor in the accessibility tree. GTK 4.8 keeps a
 * reference to a page for good each time it is hidden or switched away from with the focus
 * inside (the page and all it holds outlive the stack); so the focus is let go of first,
 * and the caller gives it to what the new page wants focused. */
void lp_a11y_stack_show_only(GtkStack *stack, GtkWidget *child);

G_END_DECLS
