/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "How to play": the rules of one game in plain words, written from RULES.md. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LP_TYPE_HOWTO_PAGE (lp_howto_page_get_type())
G_DECLARE_FINAL_TYPE(LpHowtoPage, lp_howto_page, LP, HOWTO_PAGE, GtkWidget)

GtkWidget *lp_howto_page_new(void);
/* "buxtehude", "minden" or "aufachse"; FALSE for an unknown kind. */
gboolean lp_howto_page_set_kind(LpHowtoPage *self, const char *kind);
const char *lp_howto_page_get_kind(LpHowtoPage *self);
/* The number of sections shown (for tests). */
guint lp_howto_page_get_n_sections(LpHowtoPage *self);

G_END_DECLS
