/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The first page: a large tile per game and a Continue entry per saved game. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-game-ui.h"
#include "lp-start-page.h"

#define TILE_WIDTH 300
#define TILE_PICTURE_HEIGHT 188
#define TILE_SPACING 24

struct _LpStartPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *tiles_slot;
    GtkWidget *tiles_box;
    GtkWidget *continue_section;
    GtkListBox *continue_list;

    LpSaveStore *store;
    GPtrArray *continue_kinds;
    guint reveal_tick;
};

G_DEFINE_FINAL_TYPE(LpStartPage, lp_start_page, GTK_TYPE_WIDGET)

enum {
    PROP_0,
    PROP_SAVE_STORE,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

char *lp_format_player_range(guint min_players, guint max_players)
{
    if (min_players == max_players)
        return g_strdup_printf(ngettext("%u player", "%u players", max_players), max_players);
    /* Translators: a range of players on a game tile, e.g. "2–6 players". */
    return g_strdup_printf(ngettext("%u–%u player", "%u–%u players", max_players), min_players,
                           max_players);
}

char *lp_format_last_played(GDateTime *when, GDateTime *now)
{
    g_autoptr(GDateTime) local = NULL;
    g_autoptr(GDateTime) local_now = NULL;
    g_autoptr(GDateTime) yesterday = NULL;
    int y, m, d, ny, nm, nd, yy, ym, yd;

    g_return_val_if_fail(when != NULL && now != NULL, NULL);

    local = g_date_time_to_local(when);
    local_now = g_date_time_to_local(now);
    yesterday = g_date_time_add_days(local_now, -1);
    g_date_time_get_ymd(local, &y, &m, &d);
    g_date_time_get_ymd(local_now, &ny, &nm, &nd);
    g_date_time_get_ymd(yesterday, &yy, &ym, &yd);

    if (y == ny && m == nm && d == nd)
        /* Translators: when a saved game was last played; a g_date_time_format() string. */
        return g_date_time_format(local, _("today, %H:%M"));
    if (y == yy && m == ym && d == yd)
        /* Translators: when a saved game was last played; a g_date_time_format() string. */
        return g_date_time_format(local, _("yesterday, %H:%M"));
    if (y == ny)
        /* Translators: a day of this year, e.g. "3 November"; a g_date_time_format() string. */
        return g_date_time_format(local, _("%-d %B"));
    /* Translators: a day of another year; a g_date_time_format() string. */
    return g_date_time_format(local, _("%-d %B %Y"));
}

/* The game's tile picture, from its page class: the pixels made from its SVG at build time
 * where there are (resources/meson.build; build-aux/render-tile.c says what a .tile holds),
 * drawn with no decoding at all, else the SVG itself. */
static GtkWidget *tile_picture(const LpGameUi *info)
{
    const char *svg = info->page_class->picture;
    if (g_str_has_suffix(svg, ".svg")) {
        g_autofree char *stem = g_strndup(svg, strlen(svg) - strlen(".svg"));
        g_autofree char *path = g_strconcat(stem, ".tile", NULL);
        /* Uncompressed in the resource: these bytes are the program's own, mapped. */
        g_autoptr(GBytes) bytes =
            g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
        gsize size = 0;
        const guint8 *data = bytes != NULL ? g_bytes_get_data(bytes, &size) : NULL;
        guint32 width = 0, height = 0;
        if (data != NULL && size >= 16 && memcmp(data, "LPTILE\0\1", 8) == 0) {
            for (int i = 3; i >= 0; i--) {
                width = (width << 8) | data[8 + i];
                height = (height << 8) | data[12 + i];
            }
        }
        if (width > 0 && height > 0 && width <= 4096 && height <= 4096 &&
            size == 16 + (gsize)width * height * 4) {
            g_autoptr(GBytes) pixels = g_bytes_new_from_bytes(bytes, 16, size - 16);
            g_autoptr(GdkTexture) texture =
                gdk_memory_texture_new((int)width, (int)height,
                                       GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, pixels, width * 4);
            return gtk_picture_new_for_paintable(GDK_PAINTABLE(texture));
        }
        if (bytes != NULL)
            g_critical("%s is not a tile made by render-tile", path);
    }
    return gtk_picture_new_for_resource(svg);
}

static GtkWidget *build_tile(const LpGameUi *info)
{
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *button = gtk_button_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *text_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *picture, *name, *description, *players, *howto;
    g_autofree char *range = lp_format_player_range(info->game_class->min_players, info->game_class->max_players);
    g_autofree char *howto_label = NULL;
    g_autofree char *a11y_description = NULL;
    const char *desc = info->game_class->description != NULL && *info->game_class->description != '\0'
                           ? _(info->game_class->description) : "";

    gtk_widget_set_size_request(column, TILE_WIDTH, -1);
    gtk_widget_add_css_class(button, "tile");
    /* The rounded corners clip the picture. */
    gtk_widget_set_overflow(button, GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_name(button, info->game_class->kind);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "win.new-game");
    gtk_actionable_set_action_target(GTK_ACTIONABLE(button), "s", info->game_class->kind);

    picture = tile_picture(info);
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_COVER);
    gtk_widget_set_size_request(picture, TILE_WIDTH, TILE_PICTURE_HEIGHT);
    gtk_widget_add_css_class(picture, "tile-picture");
    gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _(info->game_class->name), -1);
    gtk_box_append(GTK_BOX(box), picture);

    gtk_widget_add_css_class(text_box, "tile-text");
    name = gtk_label_new(_(info->game_class->name));
    gtk_label_set_wrap(GTK_LABEL(name), TRUE);
    gtk_label_set_xalign(GTK_LABEL(name), 0);
    gtk_widget_add_css_class(name, "title-3");
    gtk_widget_add_css_class(name, "tile-name");
    gtk_box_append(GTK_BOX(text_box), name);

    description = gtk_label_new(desc);
    gtk_label_set_wrap(GTK_LABEL(description), TRUE);
    gtk_label_set_xalign(GTK_LABEL(description), 0);
    gtk_label_set_yalign(GTK_LABEL(description), 0);
    gtk_label_set_lines(GTK_LABEL(description), 3);
    gtk_label_set_max_width_chars(GTK_LABEL(description), 34);
    gtk_widget_set_vexpand(description, TRUE);
    gtk_widget_set_visible(description, *desc != '\0');
    gtk_widget_add_css_class(description, "tile-description");
    gtk_box_append(GTK_BOX(text_box), description);

    players = gtk_label_new(range);
    gtk_label_set_xalign(GTK_LABEL(players), 0);
    gtk_widget_add_css_class(players, "dim-label");
    gtk_widget_add_css_class(players, "tile-players");
    gtk_box_append(GTK_BOX(text_box), players);
    gtk_box_append(GTK_BOX(box), text_box);
    gtk_button_set_child(GTK_BUTTON(button), box);

    a11y_description = *desc != '\0' ? g_strdup_printf("%s %s", desc, range) : g_strdup(range);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _(info->game_class->name), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   a11y_description, -1);
    /* Tiles side by side share their height; the player range sits at the bottom. */
    gtk_widget_set_vexpand(button, TRUE);
    gtk_box_append(GTK_BOX(column), button);

    howto = gtk_button_new_with_mnemonic(_("How to _Play"));
    gtk_widget_add_css_class(howto, "flat");
    gtk_widget_set_halign(howto, GTK_ALIGN_CENTER);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(howto), "win.how-to");
    gtk_actionable_set_action_target(GTK_ACTIONABLE(howto), "s", info->game_class->kind);
    /* Translators: accessible name of the "How to Play" button under a game tile. */
    howto_label = g_strdup_printf(_("How to play %s"), _(info->game_class->name));
    /* The name replaces the visible label ("How to Play"), which alone would not say which
     * game; without the reset GTK 4.8 reads both. */
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(howto), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(howto), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   howto_label, -1);
    gtk_box_append(GTK_BOX(column), howto);
    return column;
}

/* "Anna, Ben, Carla": the names of a validated game (each at most 40 characters, UTF-8). */
static char *players_line(LpGame *game)
{
    g_autoptr(GString) line = g_string_new(NULL);
    for (guint i = 0; i < lp_game_get_n_players(game); i++) {
        if (line->len > 0)
            /* Translators: separates player names in a list. */
            g_string_append(line, _(", "));
        g_string_append(line, lp_player_get_display_name(lp_game_get_player(game, i)));
    }
    return g_string_free(g_steal_pointer(&line), FALSE);
}

/* game is the save as Continue would load it, or NULL with problem saying why it cannot. */
static GtkWidget *build_continue_row(const LpGameUi *info, LpGame *game, const char *problem)
{
    GtkWidget *row = gtk_list_box_row_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *labels = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3);
    GtkWidget *title, *subtitle, *button;
    g_autofree char *subtitle_text = NULL;
    g_autofree char *button_label = NULL;

    if (game != NULL) {
        g_autofree char *names = players_line(game);
        g_autoptr(GDateTime) now = g_date_time_new_now_local();
        g_autofree char *when = lp_format_last_played(lp_game_get_last_played(game), now);
        /* Translators: who plays a saved game · when it was last played. */
        subtitle_text = g_strdup_printf(_("%s · %s"), names, when);
    } else {
        /* Translators: the reason comes from the save's check, e.g. "the file is empty". */
        subtitle_text = g_strdup_printf(_("This saved game cannot be read: %s."), problem);
    }

    gtk_widget_add_css_class(box, "continue-row");
    title = gtk_label_new(_(info->game_class->name));
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_add_css_class(title, "heading");
    gtk_box_append(GTK_BOX(labels), title);
    subtitle = gtk_label_new(subtitle_text);
    gtk_label_set_xalign(GTK_LABEL(subtitle), 0);
    gtk_label_set_wrap(GTK_LABEL(subtitle), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(subtitle), PANGO_WRAP_WORD_CHAR);
    gtk_widget_add_css_class(subtitle, game != NULL ? "dim-label" : "error");
    gtk_box_append(GTK_BOX(labels), subtitle);
    gtk_widget_set_hexpand(labels, TRUE);
    gtk_widget_set_valign(labels, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(box), labels);

    if (game != NULL) {
        /* Translators: resumes a saved game (not "go on after a result"). */
        button = gtk_button_new_with_mnemonic(C_("resume", "_Continue"));
        gtk_widget_add_css_class(button, "suggested-action");
        gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "win.continue");
        /* Translators: accessible name of a Continue button, e.g. "Continue Auf Achse". */
        button_label = g_strdup_printf(_("Continue %s"), _(info->game_class->name));
    } else {
        /* A damaged save is not offered as a game: it can only be put out of the way, kept
         * byte for byte beside the new name. */
        button = gtk_button_new_with_mnemonic(_("_Move Aside"));
        gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "win.set-aside");
        /* Translators: accessible name of the button that renames a damaged save, e.g.
         * "Move the saved game of Auf Achse aside". */
        button_label = g_strdup_printf(_("Move the saved game of %s aside"),
                                       _(info->game_class->name));
    }
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER);
    gtk_actionable_set_action_target(GTK_ACTIONABLE(button), "s", info->game_class->kind);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   button_label, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   subtitle_text, -1);
    gtk_box_append(GTK_BOX(box), button);

    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), box);
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), FALSE);
    gtk_widget_set_focusable(row, FALSE);
    gtk_widget_set_name(row, info->game_class->kind);
    return row;
}

/* At 1024×600 the Continue entries lie below the tiles, out of sight: a family coming back
 * to a saved game must see them without scrolling. Once the page is laid out, it scrolls
 * just far enough to show them (the tiles' pictures go up a little). */
static gboolean reveal_continue_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    LpStartPage *self = LP_START_PAGE(widget);
    GtkAdjustment *adjustment;
    graphene_rect_t bounds;
    double bottom, page_size, value;

    (void)clock;
    (void)data;
    if (!gtk_widget_get_visible(self->continue_section)) {
        self->reveal_tick = 0;
        return G_SOURCE_REMOVE;
    }
    /* Not laid out yet: try again on the next frame. */
    if (gtk_widget_get_height(self->continue_section) <= 0 ||
        !gtk_widget_compute_bounds(self->continue_section, self->scroller, &bounds))
        return G_SOURCE_CONTINUE;
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(self->scroller));
    page_size = gtk_adjustment_get_page_size(adjustment);
    if (page_size <= 0)
        return G_SOURCE_CONTINUE;
    bottom = bounds.origin.y + bounds.size.height + 12;
    value = gtk_adjustment_get_value(adjustment);
    if (bottom > page_size)
        gtk_adjustment_set_value(adjustment,
                                 MIN(value + bottom - page_size,
                                     gtk_adjustment_get_upper(adjustment) - page_size));
    self->reveal_tick = 0;
    return G_SOURCE_REMOVE;
}

static void reveal_continue(LpStartPage *self)
{
    if (self->reveal_tick != 0 || !gtk_widget_get_visible(self->continue_section))
        return;
    self->reveal_tick =
        gtk_widget_add_tick_callback(GTK_WIDGET(self), reveal_continue_tick, NULL, NULL);
}

static void on_map(GtkWidget *widget, gpointer data)
{
    (void)data;
    reveal_continue(LP_START_PAGE(widget));
}

void lp_start_page_refresh(LpStartPage *self)
{
    guint n_infos;
    const LpGameUi *infos = lp_game_ui_list(&n_infos);
    GtkWidget *child;

    g_return_if_fail(LP_IS_START_PAGE(self));

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->continue_list))) != NULL)
        gtk_list_box_remove(self->continue_list, child);
    g_ptr_array_set_size(self->continue_kinds, 0);

    for (guint i = 0; self->store != NULL && i < n_infos; i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = NULL;

        if (!lp_save_store_has(self->store, infos[i].game_class->kind))
            continue;
        /* Read exactly as Continue reads it, so the page never offers a game that would be
         * refused; a damaged save gets an entry that says why and offers to move it aside. */
        game = lp_save_store_peek(self->store, infos[i].game_class->kind,
                                  infos[i].rules->get_type(), &error);
        gtk_list_box_append(self->continue_list,
                            build_continue_row(&infos[i], game,
                                               error != NULL ? error->message : NULL));
        g_ptr_array_add(self->continue_kinds, g_strdup(infos[i].game_class->kind));
    }
    gtk_widget_set_visible(self->continue_section, self->continue_kinds->len > 0);
    if (gtk_widget_get_mapped(GTK_WIDGET(self)))
        reveal_continue(self);
}

GStrv lp_start_page_dup_continue_kinds(LpStartPage *self)
{
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new();

    g_return_val_if_fail(LP_IS_START_PAGE(self), NULL);
    for (guint i = 0; i < self->continue_kinds->len; i++)
        g_strv_builder_add(builder, self->continue_kinds->pdata[i]);
    return g_strv_builder_end(builder);
}

static void lp_start_page_dispose(GObject *object)
{
    LpStartPage *self = LP_START_PAGE(object);
    GtkWidget *child;

    if (self->reveal_tick != 0) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(object), self->reveal_tick);
        self->reveal_tick = 0;
    }
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    g_clear_object(&self->store);
    G_OBJECT_CLASS(lp_start_page_parent_class)->dispose(object);
}

static void lp_start_page_finalize(GObject *object)
{
    LpStartPage *self = LP_START_PAGE(object);

    g_clear_pointer(&self->continue_kinds, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_start_page_parent_class)->finalize(object);
}

static void lp_start_page_get_property(GObject *object, guint prop_id, GValue *value,
                                       GParamSpec *pspec)
{
    LpStartPage *self = LP_START_PAGE(object);

    switch (prop_id) {
    case PROP_SAVE_STORE:
        g_value_set_object(value, self->store);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_start_page_set_property(GObject *object, guint prop_id, const GValue *value,
                                       GParamSpec *pspec)
{
    LpStartPage *self = LP_START_PAGE(object);

    switch (prop_id) {
    case PROP_SAVE_STORE:
        lp_start_page_set_save_store(self, g_value_get_object(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_start_page_class_init(LpStartPageClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_start_page_dispose;
    object_class->finalize = lp_start_page_finalize;
    object_class->get_property = lp_start_page_get_property;
    object_class->set_property = lp_start_page_set_property;

    properties[PROP_SAVE_STORE] =
        g_param_spec_object("save-store", NULL, NULL, LP_TYPE_SAVE_STORE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-start-page.ui");
    gtk_widget_class_bind_template_child(widget_class, LpStartPage, scroller);
    gtk_widget_class_bind_template_child(widget_class, LpStartPage, tiles_slot);
    gtk_widget_class_bind_template_child(widget_class, LpStartPage, continue_section);
    gtk_widget_class_bind_template_child(widget_class, LpStartPage, continue_list);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "startpage");
}

static void lp_start_page_init(LpStartPage *self)
{
    guint n_infos;
    const LpGameUi *infos = lp_game_ui_list(&n_infos);

    int row_width = (int)(n_infos * TILE_WIDTH + (n_infos - 1) * TILE_SPACING);

    gtk_widget_init_template(GTK_WIDGET(self));
    self->continue_kinds = g_ptr_array_new_with_free_func(g_free);
    self->tiles_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, TILE_SPACING);
    gtk_box_set_homogeneous(GTK_BOX(self->tiles_box), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->tiles_box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Games"), -1);
    for (guint i = 0; i < n_infos; i++)
        gtk_box_append(GTK_BOX(self->tiles_box), build_tile(&infos[i]));
    gtk_box_append(GTK_BOX(self->tiles_slot), lp_clamp_new(self->tiles_box, row_width));
    /* The Continue list lines up with the row of tiles. */
    gtk_widget_set_size_request(self->continue_section, row_width, -1);
    /* Under the Continue list: joining a game hosted on another device (issue 31) and the
     * statistics page (issue 15). */
    GtkWidget *more = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_set_halign(more, GTK_ALIGN_CENTER);
    GtkWidget *join = gtk_button_new_with_mnemonic(_("_Join a Game…"));
    gtk_actionable_set_action_name(GTK_ACTIONABLE(join), "win.join");
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(join));
    gtk_box_append(GTK_BOX(more), join);
    GtkWidget *stats = gtk_button_new_with_mnemonic(_("_Statistics"));
    gtk_actionable_set_action_name(GTK_ACTIONABLE(stats), "win.statistics");
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(stats));
    gtk_box_append(GTK_BOX(more), stats);
    gtk_box_insert_child_after(GTK_BOX(gtk_widget_get_parent(self->continue_section)), more,
                               self->continue_section);
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
}

GtkWidget *lp_start_page_new(void)
{
    return g_object_new(LP_TYPE_START_PAGE, NULL);
}

void lp_start_page_set_save_store(LpStartPage *self, LpSaveStore *store)
{
    g_return_if_fail(LP_IS_START_PAGE(self));
    g_return_if_fail(store == NULL || LP_IS_SAVE_STORE(store));

    if (g_set_object(&self->store, store)) {
        lp_start_page_refresh(self);
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_SAVE_STORE]);
    }
}

LpSaveStore *lp_start_page_get_save_store(LpStartPage *self)
{
    g_return_val_if_fail(LP_IS_START_PAGE(self), NULL);
    return self->store;
}
