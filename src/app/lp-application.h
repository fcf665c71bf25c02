/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The application: app actions, accelerators, style sheet, About and shortcuts windows. */
#pragma once

#include <gtk/gtk.h>

#include "lp-settings.h"

G_BEGIN_DECLS

#define LP_TYPE_APPLICATION (lp_application_get_type())
G_DECLARE_FINAL_TYPE(LpApplication, lp_application, LP, APPLICATION, GtkApplication)

/* One line about the app (N_(), untranslated): --help, About. */
extern const char *const lp_application_summary;

/* settings: the one settings object of the process (main.c reads the language from it), or
 * NULL when the schema is not installed: the app then still answers --help and --version,
 * and otherwise says that the schema is missing and exits with status 1. */
LpApplication *lp_application_new(LpSettings *settings);
/* TRUE after app.restart ("Restart now" after a language change): main() starts the
 * program again once g_application_run() has returned. */
gboolean lp_application_get_restart_requested(LpApplication *self);

/* Whether the "style" preference ("system", "light", "dark") shows the dark style, given the
 * desktop's colour scheme (org.freedesktop.appearance color-scheme: 0 no preference, 1 dark,
 * 2 light). */
gboolean lp_application_style_is_dark(const char *style, guint color_scheme);

/* The About dialog of the app (shown by app.about). */
GtkWidget *lp_about_dialog_new(GtkWindow *parent);
/* The keyboard shortcuts window (shown by app.shortcuts). */
GtkWidget *lp_shortcuts_window_new(GtkWindow *parent);

G_END_DECLS
