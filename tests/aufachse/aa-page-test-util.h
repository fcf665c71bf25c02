/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Auf Achse page tests share under Xvfb: main-loop turns, a screenshot, and a page
 * in a window over a game with a driver that takes no pause. */
#pragma once

#include "aa-page.h"

G_BEGIN_DECLS

/* Let GTK handle what is pending, for at least ms milliseconds. */
void aa_page_test_iterate(guint ms);
/* With AA_SHOT_DIR set, write the window as AA_SHOT_DIR/name (PNG); else nothing. */
void aa_page_test_wait_shown(GtkWidget *widget);
void aa_page_test_shot(GtkWidget *window, const char *name);

typedef struct {
    GtkWidget *window;
    AaGame *game;
    LpDriver *driver;
    LpSettings *settings;
    AaPage *page;
} AaPageFixture;

/* The page over game (taken) in a 1180 x 780 window, shown; the driver runs the computers
 * (aa_ai_move) without a pause. settings is taken. */
void aa_page_fixture_open(AaPageFixture *f, AaGame *game, LpSettings *settings);
/* Closes the window; the page, driver, settings and game must all go. */
void aa_page_fixture_close(AaPageFixture *f);

G_END_DECLS
