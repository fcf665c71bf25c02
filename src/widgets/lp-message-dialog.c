/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small modal window with a heading, a text and a row of buttons (GtkMessageDialog is
 * deprecated in later GTK releases). */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-message-dialog.h"

struct _LpMessageDialog {
    GtkWindow parent_instance;

    GtkWidget *heading_label;
    GtkWidget *body_label;
    GtkWidget *button_box;
    GtkWidget *default_button;
    gboolean responded;
};

G_DEFINE_FINAL_TYPE(LpMessageDialog, lp_message_dialog, GTK_TYPE_WINDOW)

enum {
    SIGNAL_RESPONSE,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static void on_button_clicked(GtkButton *button, LpMessageDialog *self)
{
    lp_message_dialog_respond(self, g_object_get_data(G_OBJECT(button), "lp-response"));
}

static gboolean lp_message_dialog_close_request(GtkWindow *window)
{
    LpMessageDialog *self = LP_MESSAGE_DIALOG(window);

    if (!self->responded) {
        self->responded = TRUE;
        g_object_ref(self);
        g_signal_emit(self, signals[SIGNAL_RESPONSE], 0, "cancel");
        g_object_unref(self);
    }
    return GTK_WINDOW_CLASS(lp_message_dialog_parent_class)->close_request(window);
}

static void lp_message_dialog_class_init(LpMessageDialogClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GtkWindowClass *window_class = GTK_WINDOW_CLASS(klass);

    window_class->close_request = lp_message_dialog_close_request;

    /**
     * LpMessageDialog::response:
     * @response: the id given to lp_message_dialog_add_button(), or "cancel" when the window
     *   was closed.
     *
     * A button was pressed; the window closes itself right after.
     */
    signals[SIGNAL_RESPONSE] = g_signal_new("response", G_TYPE_FROM_CLASS(klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_STRING);

    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void lp_message_dialog_init(LpMessageDialog *self)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *text_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);

    gtk_window_set_modal(GTK_WINDOW(self), TRUE);
    gtk_window_set_resizable(GTK_WINDOW(self), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(self), 420, -1);
    gtk_widget_add_css_class(GTK_WIDGET(self), "message-dialog");

    gtk_widget_add_css_class(text_box, "message-area");
    self->heading_label = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(self->heading_label), TRUE);
    gtk_label_set_justify(GTK_LABEL(self->heading_label), GTK_JUSTIFY_CENTER);
    gtk_label_set_max_width_chars(GTK_LABEL(self->heading_label), 40);
    gtk_widget_add_css_class(self->heading_label, "title-2");
    gtk_box_append(GTK_BOX(text_box), self->heading_label);

    self->body_label = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(self->body_label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(self->body_label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_justify(GTK_LABEL(self->body_label), GTK_JUSTIFY_CENTER);
    gtk_label_set_max_width_chars(GTK_LABEL(self->body_label), 50);
    gtk_label_set_width_chars(GTK_LABEL(self->body_label), 36);
    /* File names in error messages can be copied. */
    gtk_label_set_selectable(GTK_LABEL(self->body_label), TRUE);
    gtk_box_append(GTK_BOX(text_box), self->body_label);
    gtk_box_append(GTK_BOX(box), text_box);

    self->button_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_box_set_homogeneous(GTK_BOX(self->button_box), TRUE);
    gtk_widget_add_css_class(self->button_box, "response-area");
    gtk_box_append(GTK_BOX(box), self->button_box);

    gtk_window_set_child(GTK_WINDOW(self), box);
    /* No title bar text: the heading inside says it, as in GNOME's message dialogs. */
    {
        GtkWidget *no_titlebar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);

        gtk_widget_set_visible(no_titlebar, FALSE);
        gtk_window_set_titlebar(GTK_WINDOW(self), no_titlebar);
    }
}

LpMessageDialog *lp_message_dialog_new(GtkWindow *parent, const char *heading, const char *body)
{
    LpMessageDialog *self;

    g_return_val_if_fail(heading != NULL, NULL);
    self = g_object_new(LP_TYPE_MESSAGE_DIALOG, "accessible-role",
                        GTK_ACCESSIBLE_ROLE_ALERT_DIALOG, "title", heading, NULL);
    if (parent != NULL)
        gtk_window_set_transient_for(GTK_WINDOW(self), parent);
    gtk_label_set_text(GTK_LABEL(self->heading_label), heading);
    gtk_label_set_text(GTK_LABEL(self->body_label), body != NULL ? body : "");
    gtk_widget_set_visible(self->body_label, body != NULL && *body != '\0');
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, heading,
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, body ? body : "", -1);
    return self;
}

const char *lp_message_dialog_get_heading(LpMessageDialog *self)
{
    g_return_val_if_fail(LP_IS_MESSAGE_DIALOG(self), NULL);
    return gtk_label_get_text(GTK_LABEL(self->heading_label));
}

const char *lp_message_dialog_get_body(LpMessageDialog *self)
{
    g_return_val_if_fail(LP_IS_MESSAGE_DIALOG(self), NULL);
    return gtk_label_get_text(GTK_LABEL(self->body_label));
}

void lp_message_dialog_add_button(LpMessageDialog *self, const char *label, const char *response,
                                  LpButtonStyle style, gboolean is_default)
{
    GtkWidget *button;

    g_return_if_fail(LP_IS_MESSAGE_DIALOG(self));
    g_return_if_fail(label != NULL && response != NULL);

    button = gtk_button_new_with_mnemonic(label);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(button));
    g_object_set_data_full(G_OBJECT(button), "lp-response", g_strdup(response), g_free);
    if (style == LP_BUTTON_SUGGESTED)
        gtk_widget_add_css_class(button, "suggested-action");
    else if (style == LP_BUTTON_DESTRUCTIVE)
        gtk_widget_add_css_class(button, "destructive-action");
    g_signal_connect(button, "clicked", G_CALLBACK(on_button_clicked), self);
    gtk_box_append(GTK_BOX(self->button_box), button);
    /* Two buttons side by side; more are stacked so the dialog stays narrow. */
    {
        guint n = 0;

        for (GtkWidget *c = gtk_widget_get_first_child(self->button_box); c != NULL;
             c = gtk_widget_get_next_sibling(c))
            n++;
        gtk_orientable_set_orientation(GTK_ORIENTABLE(self->button_box),
                                       n > 2 ? GTK_ORIENTATION_VERTICAL
                                             : GTK_ORIENTATION_HORIZONTAL);
    }
    if (is_default && self->default_button == NULL) {
        self->default_button = button;
        gtk_window_set_default_widget(GTK_WINDOW(self), button);
        gtk_window_set_focus(GTK_WINDOW(self), button);
    }
}

void lp_message_dialog_respond(LpMessageDialog *self, const char *response)
{
    g_return_if_fail(LP_IS_MESSAGE_DIALOG(self));
    g_return_if_fail(response != NULL);

    if (self->responded)
        return;
    self->responded = TRUE;
    g_object_ref(self);
    g_signal_emit(self, signals[SIGNAL_RESPONSE], 0, response);
    gtk_window_destroy(GTK_WINDOW(self));
    g_object_unref(self);
}
