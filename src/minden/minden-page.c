/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The page of a Finden Sie Minden game (being written; see the widgets commit). */
#include "minden-page.h"

struct _MindenPage {
    GtkWidget parent_instance;
    MindenGame *game;
    LpDriver *driver;
};

G_DEFINE_FINAL_TYPE(MindenPage, minden_page, GTK_TYPE_WIDGET)

static void minden_page_dispose(GObject *object)
{
    MindenPage *self = MINDEN_PAGE(object);
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    g_clear_object(&self->driver);
    g_clear_object(&self->game);
    G_OBJECT_CLASS(minden_page_parent_class)->dispose(object);
}

static void minden_page_class_init(MindenPageClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = minden_page_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
}

static void minden_page_init(MindenPage *self)
{
}

MindenPage *minden_page_new(MindenGame *game, LpDriver *driver)
{
    MindenPage *self = g_object_new(MINDEN_TYPE_PAGE, NULL);
    self->game = g_object_ref(game);
    self->driver = g_object_ref(driver);
    return self;
}

MindenGame *minden_page_get_game(MindenPage *self)
{
    return self->game;
}
