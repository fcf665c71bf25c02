/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saving what a widget shows as a PNG picture, for the family chat. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-export.h"
#include "lp-message-dialog.h"

/* The colour behind the widget: a PNG with holes where the window's background was would
 * look broken in a chat. Canvases take colours from the theme, never fixed RGB (STYLE.md). */
static void background_colour(GtkWidget *widget, GdkRGBA *colour)
{
    GtkWidget *root = GTK_WIDGET(gtk_widget_get_root(widget));

    *colour = (GdkRGBA){ 1, 1, 1, 1 };
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (root != NULL) {
        GtkStyleContext *context = gtk_widget_get_style_context(root);

        if (!gtk_style_context_lookup_color(context, "theme_bg_color", colour) &&
            !gtk_style_context_lookup_color(context, "window_bg_color", colour))
            *colour = (GdkRGBA){ 1, 1, 1, 1 };
    }
    G_GNUC_END_IGNORE_DEPRECATIONS
    colour->alpha = 1;
}

GdkTexture *lp_export_widget_texture(GtkWidget *widget, GError **error)
{
    g_return_val_if_fail(GTK_IS_WIDGET(widget), NULL);
    g_return_val_if_fail(error == NULL || *error == NULL, NULL);

    int width = gtk_widget_get_width(widget);
    int height = gtk_widget_get_height(widget);
    if (width <= 0 || height <= 0 || !gtk_widget_get_mapped(widget)) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                            _("There is nothing on the screen to save yet."));
        return NULL;
    }

    int scale = MAX(1, gtk_widget_get_scale_factor(widget));
    GdkRGBA background;
    background_colour(widget, &background);

    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_scale(snapshot, scale, scale);
    gtk_snapshot_append_color(snapshot, &background, &GRAPHENE_RECT_INIT(0, 0, width, height));
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    if (node == NULL) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                            _("There is nothing on the screen to save yet."));
        return NULL;
    }

    /* The window's own renderer when there is one; a cairo renderer of our own otherwise
     * (a widget not on screen yet, or a renderer that has gone away). */
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    g_autoptr(GskRenderer) own = NULL;
    if (renderer == NULL || !gsk_renderer_is_realized(renderer)) {
        own = gsk_cairo_renderer_new();
        if (!gsk_renderer_realize(own, NULL, error))
            return NULL;
        renderer = own;
    }

    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, width * scale, height * scale);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    if (own != NULL)
        gsk_renderer_unrealize(own);
    if (texture == NULL)
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                            _("The picture could not be drawn."));
    return texture;
}

static gboolean save_texture(GdkTexture *texture, GFile *file, GError **error)
{
    g_autoptr(GBytes) png = gdk_texture_save_to_png_bytes(texture);
    gsize size = 0;
    const char *data = g_bytes_get_data(png, &size);

    /* Through a temporary file and a rename: a half-written picture never replaces a good
     * one. */
    return g_file_replace_contents(file, data, size, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                   NULL, NULL, error);
}

gboolean lp_export_widget_png(GtkWidget *widget, GFile *file, GError **error)
{
    g_return_val_if_fail(GTK_IS_WIDGET(widget), FALSE);
    g_return_val_if_fail(G_IS_FILE(file), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);

    g_autoptr(GdkTexture) texture = lp_export_widget_texture(widget, error);
    return texture != NULL && save_texture(texture, file, error);
}

static void show_error(GtkWindow *parent, GFile *file, const GError *error)
{
    g_autofree char *body = NULL;

    if (file != NULL) {
        g_autofree char *name = g_file_get_parse_name(file);
        /* Translators: %s is the file name, then the reason from the system. */
        body = g_strdup_printf(_("“%s” could not be written: %s"), name, error->message);
    } else {
        body = g_strdup(error->message);
    }
    LpMessageDialog *dialog = lp_message_dialog_new(parent, _("Image Not Saved"), body);
    lp_message_dialog_add_button(dialog, _("_OK"), "ok", LP_BUTTON_SUGGESTED, TRUE);
    gtk_window_present(GTK_WINDOW(dialog));
}

typedef struct {
    GdkTexture *texture;
    GtkWindow *parent; /* weak: the window may close while the chooser is open */
} ExportJob;

static void export_job_free(ExportJob *job)
{
    g_clear_object(&job->texture);
    g_clear_weak_pointer(&job->parent);
    g_free(job);
}

static void finish_export(ExportJob *job, GFile *file)
{
    g_autoptr(GError) error = NULL;

    if (!save_texture(job->texture, file, &error))
        show_error(job->parent, file, error);
}

static GtkFileFilter *png_filter(void)
{
    GtkFileFilter *filter = gtk_file_filter_new();

    gtk_file_filter_set_name(filter, _("PNG images"));
    gtk_file_filter_add_mime_type(filter, "image/png");
    gtk_file_filter_add_suffix(filter, "png");
    return filter;
}

/* Pictures go to the Pictures folder unless the person picks another; the home folder when
 * there is none. */
static GFile *initial_folder(void)
{
    const char *pictures = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES);

    if (pictures != NULL && g_file_test(pictures, G_FILE_TEST_IS_DIR))
        return g_file_new_for_path(pictures);
    if (g_file_test(g_get_home_dir(), G_FILE_TEST_IS_DIR))
        return g_file_new_for_path(g_get_home_dir());
    return NULL;
}

#if GTK_CHECK_VERSION(4, 10, 0)
static void on_save_chosen(GObject *source, GAsyncResult *result, gpointer data)
{
    ExportJob *job = data;
    g_autoptr(GError) error = NULL;
    g_autoptr(GFile) file = gtk_file_dialog_save_finish(GTK_FILE_DIALOG(source), result, &error);

    if (file != NULL)
        finish_export(job, file);
    else if (!g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) &&
             !g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
        show_error(job->parent, NULL, error);
    export_job_free(job);
}

static void ask_for_file(ExportJob *job, GtkWindow *parent, const char *suggested_name)
{
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new();
    g_autoptr(GListStore) filters = g_list_store_new(GTK_TYPE_FILE_FILTER);
    g_autoptr(GtkFileFilter) filter = png_filter();

    g_list_store_append(filters, filter);
    gtk_file_dialog_set_title(dialog, _("Save as Image"));
    gtk_file_dialog_set_modal(dialog, TRUE);
    gtk_file_dialog_set_filters(dialog, G_LIST_MODEL(filters));
    gtk_file_dialog_set_default_filter(dialog, filter);
    g_autoptr(GFile) folder = initial_folder();
    if (folder != NULL)
        gtk_file_dialog_set_initial_folder(dialog, folder);
    if (suggested_name != NULL)
        gtk_file_dialog_set_initial_name(dialog, suggested_name);
    gtk_file_dialog_save(dialog, parent, NULL, on_save_chosen, job);
}
#else
static void on_save_response(GtkNativeDialog *chooser, int response, gpointer data)
{
    ExportJob *job = data;

    if (response == GTK_RESPONSE_ACCEPT) {
        g_autoptr(GFile) file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser));
        if (file != NULL)
            finish_export(job, file);
    }
    export_job_free(job);
    gtk_native_dialog_destroy(chooser);
    g_object_unref(chooser);
}

static void ask_for_file(ExportJob *job, GtkWindow *parent, const char *suggested_name)
{
    GtkFileChooserNative *chooser = gtk_file_chooser_native_new(
        _("Save as Image"), parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));

    g_autoptr(GtkFileFilter) filter = png_filter();

    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(chooser), TRUE);
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), filter);
    g_autoptr(GFile) folder = initial_folder();
    if (folder != NULL)
        gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(chooser), folder, NULL);
    if (suggested_name != NULL)
        gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(chooser), suggested_name);
    g_signal_connect(chooser, "response", G_CALLBACK(on_save_response), job);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser));
}
#endif

void lp_export_widget_png_async(GtkWidget *widget, GtkWindow *parent, const char *suggested_name)
{
    g_return_if_fail(GTK_IS_WIDGET(widget));
    g_return_if_fail(parent == NULL || GTK_IS_WINDOW(parent));

    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = lp_export_widget_texture(widget, &error);
    if (texture == NULL) {
        show_error(parent, NULL, error);
        return;
    }

    ExportJob *job = g_new0(ExportJob, 1);
    job->texture = g_steal_pointer(&texture);
    g_set_weak_pointer(&job->parent, parent);
    ask_for_file(job, parent, suggested_name);
}
