/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Preferences: language, animation speed, coordinates of revealed cards. */
#pragma once

#include <gtk/gtk.h>

#include "lp-settings.h"

G_BEGIN_DECLS

#define LP_TYPE_PREFERENCES_WINDOW (lp_preferences_window_get_type())
G_DECLARE_FINAL_TYPE(LpPreferencesWindow, lp_preferences_window, LP, PREFERENCES_WINDOW,
                     GtkWindow)

GtkWidget *lp_preferences_window_new(GtkWindow *parent, LpSettings *settings);

G_END_DECLS
