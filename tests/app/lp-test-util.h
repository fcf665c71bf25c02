/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the shell's widget tests: main-loop turns, widget search, temporary folders. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* gtk_test_init() with G_TEST_OPTION_ISOLATE_DIRS: every test case has private XDG
 * folders, so no test touches the user's saved games. */
void lp_test_init(int *argc, char ***argv);
/* Let GTK handle pending events and idles. */
void lp_test_iterate(void);
/* Iterate until pred(data) is TRUE or two seconds passed; returns pred's last answer. */
gboolean lp_test_wait_for(gboolean (*pred)(gpointer data), gpointer data);
/* text without the U+200E U+2068 … U+2069 that isolate every name put into a sentence
 * (issue 36, lp_bidi_isolate):
 * they are invisible, and the tests compare what a person sees and hears. */
char *lp_test_without_isolates(const char *text);
/* The first visible GtkLabel below root whose text contains text, both without isolates,
 * or NULL. */
GtkWidget *lp_test_find_label(GtkWidget *root, const char *text);
/* All widgets below root of type (and with css_class, if not NULL), in tree order. */
GPtrArray *lp_test_find_all(GtkWidget *root, GType type, const char *css_class);
/* Everything a screen reader could be told about root and every widget under it, shown or
 * not, one item a line, without isolates: label and editable texts, tooltips, accessible
 * names and descriptions. For the privacy tests: no other seat's secret may be in it. */
char *lp_test_widget_text(GtkWidget *root);
/* The open toplevel window of type, or NULL. */
GtkWindow *lp_test_find_toplevel(GType type);
/* Closes every toplevel window and lets them go. */
void lp_test_close_all_windows(void);
/* A new empty folder inside the test case's private data folder. */
char *lp_test_make_temp_dir(void);
/* Number of files in dir whose name starts with prefix. */
guint lp_test_count_files(const char *dir, const char *prefix);

G_END_DECLS
