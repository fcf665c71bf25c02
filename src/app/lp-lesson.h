/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Learn to Play" (issue 33): a guided first game from data/lessons/<kind>.json, its fixed
 * deal against one computer player, and callouts that point at the page, one step at a time.
 * The file format is described at the top of lp-lesson.c. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game-page.h"

G_BEGIN_DECLS

#define LP_TYPE_LESSON (lp_lesson_get_type())
G_DECLARE_FINAL_TYPE(LpLesson, lp_lesson, LP, LESSON, GObject)

/* Where the lessons lie in the program's resources: LP_LESSON_RESOURCE_DIR "<kind>.json". */
#define LP_LESSON_RESOURCE_DIR "/io/github/landpartie/Landpartie/lessons/"

/* Whether the game of this kind has a lesson. */
gboolean lp_lesson_exists(const char *kind);
/* The lesson of kind from the resources; fails with LP_GAME_ERROR_DATA when there is none or
 * it cannot be read. */
LpLesson *lp_lesson_load(const char *kind, GError **error);
/* A lesson from the text of a lesson file (tests). */
LpLesson *lp_lesson_new_from_data(const char *data, gssize length, GError **error);

const char *lp_lesson_get_kind(LpLesson *self);
/* The lesson's game: its deal restored through lp_game_restore(), so the game's own
 * load_state checks it, with the seats' names translated. */
LpGame *lp_lesson_deal(LpLesson *self, GError **error);
/* The seat the person plays. */
guint lp_lesson_get_you(LpLesson *self);

guint lp_lesson_get_n_steps(LpLesson *self);
/* The step's text as written in the file (the msgid; shown translated). */
const char *lp_lesson_get_step_text(LpLesson *self, guint step);
/* The name of the widget the step's callout points at. */
const char *lp_lesson_get_step_target(LpLesson *self, guint step);
/* Every widget name a step refers to: its target, and a widget whose signal completes it. */
GStrv lp_lesson_get_step_widgets(LpLesson *self, guint step);

/* The widget below root called name: its widget name (gtk_widget_set_name) or the id it has
 * in its page's template; NULL when there is none. */
GtkWidget *lp_lesson_find_widget(GtkWidget *root, const char *name);

/* Whether every step fits page (a page of the lesson's game): its target and the widgets,
 * signals and phases its events name exist. */
gboolean lp_lesson_check(LpLesson *self, GtkWidget *page, GError **error);

/* Runs the lesson on a page that shows lp_lesson_deal()'s game: the first step's callout
 * comes up. The page keeps the lesson until the page goes. */
void lp_lesson_run(LpLesson *self, LpGamePage *page);
/* The lesson running on page, or NULL. */
LpLesson *lp_lesson_of_page(LpGamePage *page);
/* The step shown or waited for (from 0), n_steps once the lesson is over. */
guint lp_lesson_get_step(LpLesson *self);
/* Whether the step's callout is up now (not waiting for the game). */
gboolean lp_lesson_is_showing(LpLesson *self);
/* The callout (a GtkPopover on the page). */
GtkWidget *lp_lesson_get_callout(LpLesson *self);
/* What the callout's Next and Skip do. */
void lp_lesson_next(LpLesson *self);
void lp_lesson_skip(LpLesson *self);

G_END_DECLS
