/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window: header bar, primary menu, and the start, setup, game and how-to pages. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-host-banner.h"
#include "lp-host-session.h"
#include "lp-howto-page.h"
#include "lp-join-page.h"
#include "lp-join-session.h"
#include "lp-json.h"
#include "lp-lesson.h"
#include "lp-lobby-page.h"
#include "lp-memory.h"
#include "lp-message-dialog.h"
#include "lp-net-module.h"
#include "lp-setup-page.h"
#include "lp-start-page.h"
#include "lp-stats-page.h"
#include "lp-window.h"

struct _LpWindow {
    GtkApplicationWindow parent_instance;

    GtkWidget *back_button;
    GtkWidget *undo_button;
    GtkWidget *news_bar;
    GtkWidget *news_label;
    GtkWidget *play_again_button;
    GtkWidget *title_label;
    GtkWidget *subtitle_label;
    GtkStack *stack;
    GtkWidget *start_page;
    GtkWidget *game_box;
    /* The setup, how-to, statistics, lobby and join pages: NULL until first shown, so that
     * the start builds only the page it shows (issue 35). */
    GtkWidget *setup_page;
    GtkWidget *howto_page;
    GtkWidget *stats_page;
    char *history_path;

    LpSettings *settings;
    LpSaveStore *store;

    /* The running game and what it takes to play it again. */
    const LpGameUi *game_info;
    LpGame *game;
    LpDriver *driver;
    GtkWidget *game_page;
    gulong game_handlers[3];
    GPtrArray *last_players;
    gboolean last_option;
    gboolean save_error_shown;
    /* The game is a lesson (issue 33): never saved, not in the statistics. */
    gboolean lesson;

    /* Hosting on several devices (issue 31): the lobby, then the game's host and banner. */
    GtkWidget *lobby_page;
    LpHostSession *host_session;
    GtkWidget *host_banner;
    gboolean last_hosted; /* "Play Again" would make the other devices' seats local */
    /* A game joined on another device (issue 31): no game, driver or save of its own. */
    GtkWidget *join_page;
    GtkWidget *join_session;

    /* Undo (issue 33): why the last Undo was not done, until the next action; the page a
     * joining window asked its host to undo on (once per view). */
    char *undo_error;
    GtkWidget *undo_asked_page;

    /* Where the how-to page returns to, and whether it holds the driver meanwhile. */
    char *howto_return;
    gboolean howto_holds_driver;
};

G_DEFINE_FINAL_TYPE(LpWindow, lp_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
    PROP_0,
    PROP_SAVE_STORE,
    PROP_SETTINGS,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

static LpMessageDialog *show_message(LpWindow *self, const char *heading, const char *body)
{
    LpMessageDialog *dialog = lp_message_dialog_new(GTK_WINDOW(self), heading, body);

    lp_message_dialog_add_button(dialog, _("_OK"), "ok", LP_BUTTON_SUGGESTED, TRUE);
    gtk_window_present(GTK_WINDOW(dialog));
    return dialog;
}

static void update_undo(LpWindow *self);

/* One place that enables actions and header-bar buttons from the current state. */
static void update_state(LpWindow *self)
{
    const char *page = lp_window_get_page_name(self);
    gboolean in_game = g_strcmp0(page, "game") == 0;
    /* The model is over as soon as its final scoring starts; "Play Again" waits until the
     * page has shown the whole result, so that it does not give the result away. */
    gboolean over = self->game_page != NULL &&
                    lp_game_page_get_finished(LP_GAME_PAGE(self->game_page));

    gtk_widget_set_visible(self->back_button, g_strcmp0(page, "start") != 0);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "win.back", g_strcmp0(page, "start") != 0);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "win.play-again",
                                  self->game_info != NULL && self->last_players != NULL &&
                                      !self->last_hosted && self->join_session == NULL);
    gtk_widget_set_visible(self->play_again_button, in_game && over);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "win.start-game",
                                  g_strcmp0(page, "setup") == 0);
    update_undo(self);
    /* A lesson would end a game hosted for or joined from other devices unasked. */
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "win.learn-to-play",
                                  self->host_session == NULL && self->join_session == NULL);
}

/* ---- Undo (issue 33) ----
 * A person takes back their own last actions until another seat acts or something hidden
 * comes to light (the model's rule, lp_game_can_undo). The window offers it to the person
 * whose turn just ended, if they play at this screen: by the header's Undo, Ctrl+Z, and
 * the "Take Back" of the "Pass to" cover until the next person presses Show. */

/* The game the game page shows: the window's own, or a joining window's mirror. */
static LpGame *shown_game(LpWindow *self)
{
    if (self->join_session != NULL)
        return lp_join_session_get_game(LP_JOIN_SESSION(self->join_session));
    return self->game;
}

static LpPrivacyScreen *shown_privacy(LpWindow *self)
{
    GtkWidget *page = lp_window_get_game_page(self);
    return page != NULL ? lp_game_page_get_privacy_screen(LP_GAME_PAGE(page)) : NULL;
}

static const char *seat_name(LpGame *game, guint seat)
{
    return lp_player_get_display_name(lp_game_get_player(game, seat));
}

/* The seat that may take back its last action from this window now, or -1. */
static int undo_seat(LpWindow *self)
{
    LpGame *game = shown_game(self);

    if (game == NULL || g_strcmp0(lp_window_get_page_name(self), "game") != 0)
        return -1;
    if (lp_game_is_mirror(game)) {
        int viewer = lp_game_get_viewer(game);
        /* Asked once per view: the host's next view says what came of it. */
        if (viewer < 0 || self->undo_asked_page == lp_window_get_game_page(self) ||
            !lp_game_can_undo(game, (guint)viewer))
            return -1;
        return viewer;
    }
    int seat = lp_game_get_undo_seat(game);
    if (seat < 0 || !lp_game_seat_is_local(game, (guint)seat) ||
        !lp_game_can_undo(game, (guint)seat))
        return -1;
    /* Between people at one screen: once the next person has pressed Show, the screen is
     * theirs, and the move before is no longer taken back from it. */
    LpPrivacyScreen *privacy = shown_privacy(self);
    if (privacy != NULL && !lp_privacy_screen_is_covered(privacy)) {
        const char *looking = lp_privacy_screen_get_player_name(privacy);
        if (looking != NULL && g_strcmp0(looking, seat_name(game, (guint)seat)) != 0)
            return -1;
    }
    return seat;
}

/* The bar above the page: why an Undo failed, or who took back what, for everyone. */
static void update_news(LpWindow *self)
{
    LpGame *game = shown_game(self);
    g_autofree char *undone = game != NULL ? lp_game_describe_undone(game) : NULL;
    const char *text = self->undo_error != NULL ? self->undo_error : undone;

    /* Only a change is set: an alert is read out again on every change. */
    if (text != NULL && g_strcmp0(gtk_label_get_text(GTK_LABEL(self->news_label)), text) != 0)
        gtk_label_set_text(GTK_LABEL(self->news_label), text);
    gtk_widget_set_visible(self->news_bar, text != NULL);
}

/* One place for everything Undo: the action, the header button, the cover's Take Back. */
static void update_undo(LpWindow *self)
{
    gboolean in_game = g_strcmp0(lp_window_get_page_name(self), "game") == 0;
    int seat = undo_seat(self);
    LpPrivacyScreen *privacy = shown_privacy(self);

    gtk_widget_set_visible(self->undo_button, in_game);
    gtk_widget_action_set_enabled(GTK_WIDGET(self), "win.undo", seat >= 0);
    if (privacy != NULL)
        lp_privacy_screen_set_take_back(privacy,
                                        seat >= 0 && lp_privacy_screen_is_covered(privacy)
                                            ? seat_name(shown_game(self), (guint)seat)
                                            : NULL);
    update_news(self);
}

static void undo(LpWindow *self)
{
    LpGame *game = shown_game(self);
    int seat = undo_seat(self);
    g_autoptr(GError) error = NULL;

    if (seat < 0)
        return;
    g_clear_pointer(&self->undo_error, g_free);
    if (lp_game_is_mirror(game))
        self->undo_asked_page = lp_window_get_game_page(self);
    if (!lp_game_undo(game, (guint)seat, &error)) {
        /* Translators: %s says why (a sentence of the game's rules). */
        self->undo_error = g_strdup_printf(_("This cannot be taken back: %s"), error->message);
        self->undo_asked_page = NULL;
    }
    update_undo(self);
}

static void undo_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    undo(LP_WINDOW(widget));
}

static void follow_page_privacy(LpWindow *self, GtkWidget *page)
{
    LpPrivacyScreen *privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(page));

    if (privacy == NULL)
        return;
    /* A cover goes up, passes on or lifts after the window heard of the action. */
    g_signal_connect_object(privacy, "notify::covered", G_CALLBACK(update_undo), self,
                            G_CONNECT_SWAPPED);
    g_signal_connect_object(privacy, "handing-over", G_CALLBACK(update_undo), self,
                            G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    g_signal_connect_object(privacy, "take-back", G_CALLBACK(undo), self, G_CONNECT_SWAPPED);
}

static void show_joined_titles(LpWindow *self);

static void set_titles(LpWindow *self, const char *title, const char *subtitle)
{
    gtk_label_set_text(GTK_LABEL(self->title_label), title);
    gtk_label_set_text(GTK_LABEL(self->subtitle_label), subtitle != NULL ? subtitle : "");
    gtk_widget_set_visible(self->subtitle_label, subtitle != NULL);
    gtk_window_set_title(GTK_WINDOW(self), title);
}

/* The players of the game shown; in a hosted game a seat played on a phone says so. */
static char *game_player_names(LpWindow *self)
{
    GPtrArray *players = lp_game_get_players(self->game);
    LpNetHost *host = self->host_session != NULL
                          ? lp_host_session_get_net_host(self->host_session)
                          : NULL;
    g_autoptr(GString) names = g_string_new(NULL);

    for (guint i = 0; i < players->len; i++) {
        const char *name = lp_player_get_display_name(players->pdata[i]);
        if (i > 0)
            g_string_append(names, _(", "));
        if (host != NULL && lp_net_host_seat_is_phone(host, i))
            /* Translators: a player who plays on a phone's browser, in the window's subtitle
             * and the lobby; %s is the player's name. */
            g_string_append_printf(names, _("%s · phone"), name);
        else
            g_string_append(names, name);
    }
    return g_string_free(g_steal_pointer(&names), FALSE);
}

/* The statistics, lobby and join pages are built when first shown, not with the window:
 * the first frame shows the start page only (issue 35). */
static void on_lobby_start(LpWindow *self);
static void on_lobby_cancel(LpWindow *self);
static void on_join_page_joined(LpJoinPage *page, LpNetTable *table, LpWindow *self);

/* A page built late joins the stack hidden from screen readers until shown, as every
 * inactive page is. */
static GtkWidget *add_page(LpWindow *self, GtkWidget *page, const char *name)
{
    gtk_widget_set_visible(page, FALSE);
    gtk_stack_add_named(self->stack, page, name);
    return page;
}

static GtkWidget *setup_page(LpWindow *self)
{
    if (self->setup_page == NULL) {
        self->setup_page = add_page(self, lp_setup_page_new(), "setup");
        lp_setup_page_set_settings(LP_SETUP_PAGE(self->setup_page), self->settings);
    }
    return self->setup_page;
}

static GtkWidget *howto_page(LpWindow *self)
{
    if (self->howto_page == NULL)
        self->howto_page = add_page(self, lp_howto_page_new(), "howto");
    return self->howto_page;
}

static GtkWidget *stats_page(LpWindow *self)
{
    if (self->stats_page == NULL) {
        self->stats_page = add_page(self, lp_stats_page_new(), "stats");
        lp_stats_page_set_history_path(LP_STATS_PAGE(self->stats_page), self->history_path);
    }
    return self->stats_page;
}

static GtkWidget *lobby_page(LpWindow *self)
{
    if (self->lobby_page == NULL) {
        self->lobby_page = add_page(self, lp_lobby_page_new(), "lobby");
        g_signal_connect_swapped(self->lobby_page, "start", G_CALLBACK(on_lobby_start), self);
        g_signal_connect_swapped(self->lobby_page, "cancel", G_CALLBACK(on_lobby_cancel), self);
    }
    return self->lobby_page;
}

static GtkWidget *join_page(LpWindow *self)
{
    if (self->join_page == NULL) {
        self->join_page = add_page(self, lp_join_page_new(), "join");
        g_signal_connect_object(self->join_page, "joined", G_CALLBACK(on_join_page_joined),
                                self, 0);
    }
    return self->join_page;
}

static void show_page(LpWindow *self, const char *name)
{
    if (g_strcmp0(name, "setup") == 0)
        setup_page(self);
    else if (g_strcmp0(name, "howto") == 0)
        howto_page(self);
    else if (g_strcmp0(name, "stats") == 0)
        stats_page(self);
    else if (g_strcmp0(name, "lobby") == 0)
        lobby_page(self);
    else if (g_strcmp0(name, "join") == 0)
        join_page(self);
    lp_a11y_stack_show_child_name(self->stack, name);
    /* Games on the network are looked for only while the join page is shown. */
    if (g_strcmp0(name, "join") != 0 && self->join_page != NULL)
        lp_join_page_deactivate(LP_JOIN_PAGE(self->join_page));
    if (g_strcmp0(name, "start") == 0) {
        set_titles(self, "Landpartie", NULL);
        lp_start_page_refresh(LP_START_PAGE(self->start_page));
    } else if (g_strcmp0(name, "setup") == 0) {
        const LpGameUi *info = lp_setup_page_get_game(LP_SETUP_PAGE(setup_page(self)));

        set_titles(self, _("New Game"), info != NULL ? _(info->game_class->name) : NULL);
    } else if (g_strcmp0(name, "join") == 0) {
        set_titles(self, _("Join a Game"), NULL);
        lp_join_page_activate(LP_JOIN_PAGE(join_page(self)));
    } else if (g_strcmp0(name, "game") == 0 && self->join_session != NULL) {
        show_joined_titles(self);
    } else if (g_strcmp0(name, "game") == 0 && self->game != NULL) {
        g_autofree char *names = game_player_names(self);

        set_titles(self, _(self->game_info->game_class->name), names);
    } else if (g_strcmp0(name, "lobby") == 0 && self->host_session != NULL) {
        const LpGameUi *info = lp_game_ui_lookup(lp_host_session_get_kind(self->host_session));

        /* Translators: the title of the page where a hosted game waits for the devices. */
        set_titles(self, _("Lobby"), info != NULL ? _(info->game_class->name) : NULL);
    } else if (g_strcmp0(name, "howto") == 0) {
        const LpGameUi *info =
            lp_game_ui_lookup(lp_howto_page_get_kind(LP_HOWTO_PAGE(howto_page(self))));

        set_titles(self, _("How to Play"), info != NULL ? _(info->game_class->name) : NULL);
    } else if (g_strcmp0(name, "stats") == 0) {
        set_titles(self, _("Statistics"), NULL);
        lp_stats_page_reload(LP_STATS_PAGE(stats_page(self)));
    }
    update_state(self);
}

static void show_save_error(LpWindow *self, const GError *error)
{
    g_autofree char *body = NULL;

    if (self->save_error_shown)
        return;
    body = g_strdup_printf(_("%s\n\nYou can go on playing, but this game cannot be continued "
                             "after Landpartie is closed."),
                           error->message);
    self->save_error_shown = TRUE;
    show_message(self, _("The Game Cannot Be Saved"), body);
}

/* A write on the store's worker thread failed; only the running game's failures are news. */
static void on_write_failed(LpSaveStore *store, const char *kind, const GError *error,
                            LpWindow *self)
{
    if (self->game != NULL && g_strcmp0(lp_game_get_kind(self->game), kind) == 0)
        show_save_error(self, error);
}

static void autosave(LpWindow *self)
{
    g_autoptr(GError) error = NULL;
    const char *kind = self->game_info->game_class->kind;

    if (self->lesson)
        return;
    /* A finished game leaves no save behind (a Continue entry would lead nowhere). */
    if (lp_game_is_over(self->game)) {
        lp_save_store_remove(self->store, kind, NULL);
        return;
    }
    /* Serialised here, written on the store's worker thread: no move waits for the disk. */
    if (!lp_save_store_save(self->store, self->game, &error))
        show_save_error(self, error);
}

static void on_action_completed(LpGame *game, LpWindow *self)
{
    autosave(self);
    /* A new action: an earlier Undo's failure is old news. */
    if (lp_game_get_undone_seat(game) < 0)
        g_clear_pointer(&self->undo_error, g_free);
    update_undo(self);
}

static GtkWidget *new_game_page(LpWindow *self, LpGame *game);

/* The model was put back in place (issue 33): pages keep what they have shown (a cover, a
 * step of a scoring), so a new page shows the state before over the same game, as a
 * joining window shows each view, and takes over what it can of the old one. The person who
 * took back (or, after another device's take-back, whoever looked) looks on without "Show". */
static void on_undone(LpGame *game, guint seat, LpWindow *self)
{
    GtkWidget *previous = self->game_page;
    LpPrivacyScreen *old_privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(previous));
    g_autofree char *looking = NULL;

    if (lp_game_seat_is_local(game, seat))
        looking = g_strdup(seat_name(game, seat));
    else if (old_privacy != NULL && !lp_privacy_screen_is_covered(old_privacy))
        looking = g_strdup(lp_privacy_screen_get_player_name(old_privacy));

    self->game_page = new_game_page(self, game);
    lp_game_page_carry_over(LP_GAME_PAGE(self->game_page), LP_GAME_PAGE(previous));
    GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(self));
    gboolean lost = focus != NULL && gtk_widget_is_ancestor(focus, previous);
    if (lost)
        gtk_window_set_focus(GTK_WINDOW(self), NULL);
    gtk_box_remove(GTK_BOX(self->game_box), previous);
    LpPrivacyScreen *privacy = lp_game_page_get_privacy_screen(LP_GAME_PAGE(self->game_page));
    if (privacy != NULL && looking != NULL)
        lp_privacy_screen_let_through(privacy, looking);
    if (lost)
        gtk_widget_child_focus(self->game_page, GTK_DIR_TAB_FORWARD);
}

static void on_game_over(LpGame *game, LpWindow *self)
{
    if (self->lesson) {
        update_state(self);
        return;
    }
    lp_stats_page_record_game(GTK_WINDOW(self), lp_save_store_get_dir(self->store), game);
    lp_save_store_remove(self->store, self->game_info->game_class->kind, NULL);
    update_state(self);
    /* What the play freed is still mapped, and the winner page may stay up a long time. */
    lp_memory_give_back();
}

static void stop_hosting(LpWindow *self);

static void clear_game(LpWindow *self)
{
    stop_hosting(self);
    self->lesson = FALSE;
    if (self->join_session != NULL) {
        /* Bye to the host; the seat stays reserved there, and joining again takes it. */
        GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(self));
        if (focus != NULL && gtk_widget_is_ancestor(focus, self->join_session))
            gtk_window_set_focus(GTK_WINDOW(self), NULL);
        lp_join_session_leave(LP_JOIN_SESSION(self->join_session));
        gtk_box_remove(GTK_BOX(self->game_box), self->join_session);
        self->join_session = NULL;
    }
    if (self->howto_holds_driver && self->driver != NULL)
        lp_driver_release(self->driver);
    self->howto_holds_driver = FALSE;
    if (self->game != NULL) {
        for (guint i = 0; i < G_N_ELEMENTS(self->game_handlers); i++)
            g_clear_signal_handler(&self->game_handlers[i], self->game);
    }
    /* The page may keep the driver alive a little longer: a hold that is never released stops
     * it from moving a game nobody looks at. */
    if (self->driver != NULL)
        lp_driver_hold(self->driver);
    if (self->game_page != NULL) {
        /* With the focus inside it, a page removed from the window keeps one reference
         * (GTK 4.8) until focus next moves: the page, its game and its pictures lived on
         * until the next page took focus, and for good while the window was hidden (2 of 29
         * games freed). Taking the focus off the page first frees it here. */
        GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(self));
        if (focus != NULL && gtk_widget_is_ancestor(focus, self->game_page))
            gtk_window_set_focus(GTK_WINDOW(self), NULL);
        gtk_box_remove(GTK_BOX(self->game_box), self->game_page);
        self->game_page = NULL;
    }
    /* Another window may now play this save. */
    if (self->game != NULL && self->store != NULL)
        lp_save_store_release(self->store, lp_game_get_kind(self->game));
    g_clear_object(&self->driver);
    g_clear_object(&self->game);
    g_clear_pointer(&self->undo_error, g_free);
    self->undo_asked_page = NULL;
    if (self->news_bar != NULL)
        gtk_widget_set_visible(self->news_bar, FALSE);
    /* A finished game's pages and cards leave holes all over the heap; glibc keeps them
     * mapped unless asked. Measured over 60 computer games: resident memory then follows the
     * game being played instead of the largest game so far. */
    lp_memory_give_back();
}

static void apply_speed(LpWindow *self)
{
    if (self->driver != NULL)
        lp_driver_set_delay(self->driver,
                            lp_settings_get_pace_ms(self->settings, LP_PACE_COMPUTER));
}

static void install_game(LpWindow *self, const LpGameUi *info, LpGame *game, gboolean option)
{
    GPtrArray *players = lp_game_get_players(game);

    clear_game(self);
    self->game_info = info;
    self->last_hosted = FALSE;
    self->game = g_object_ref(game);
    lp_game_track_play_time(game);
    self->driver = lp_driver_new(game, info->rules->computer_move);
    self->save_error_shown = FALSE;
    apply_speed(self);
    g_clear_pointer(&self->last_players, g_ptr_array_unref);
    self->last_players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < players->len; i++)
        g_ptr_array_add(self->last_players, g_object_ref(players->pdata[i]));
    self->last_option = option;

    self->game_handlers[0] = g_signal_connect(game, "action-completed",
                                              G_CALLBACK(on_action_completed), self);
    self->game_handlers[1] = g_signal_connect(game, "game-over", G_CALLBACK(on_game_over), self);
    self->game_handlers[2] = g_signal_connect(game, "undone", G_CALLBACK(on_undone), self);

    self->game_page = new_game_page(self, game);
    show_page(self, "game");
    gtk_widget_child_focus(self->game_page, GTK_DIR_TAB_FORWARD);
    lp_driver_kick(self->driver);
}

static GtkWidget *new_game_page(LpWindow *self, LpGame *game)
{
    GtkWidget *page = lp_game_page_new(self->game_info->page_type, game, self->driver,
                                       self->settings);

    gtk_widget_set_hexpand(page, TRUE);
    gtk_widget_set_vexpand(page, TRUE);
    gtk_box_append(GTK_BOX(self->game_box), page);
    g_signal_connect_object(page, "notify::finished", G_CALLBACK(update_state), self,
                            G_CONNECT_SWAPPED);
    follow_page_privacy(self, page);
    return page;
}

/* One window per save: a new game would overwrite the one another window plays. The
 * running game of this window is of the same kind or lets go of its claim when it is
 * replaced. */
static gboolean save_is_free(LpWindow *self, const LpGameUi *info, GError **error)
{
    if (self->game == NULL || g_strcmp0(lp_game_get_kind(self->game),
                                        info->game_class->kind) != 0) {
        g_autoptr(GError) local = NULL;
        if (!lp_save_store_claim(self->store, info->game_class->kind, &local) &&
            g_error_matches(local, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY)) {
            g_propagate_error(error, g_steal_pointer(&local));
            return FALSE;
        }
        /* Any other problem (no folder, a full disk) does not stop the game: the autosave
         * reports it once and play goes on. */
        lp_save_store_release(self->store, info->game_class->kind);
    }
    return TRUE;
}

gboolean lp_window_start_game(LpWindow *self, const LpGameUi *info, GPtrArray *players,
                              guint64 seed, gboolean option, GError **error)
{
    g_autoptr(LpGame) game = NULL;

    g_return_val_if_fail(LP_IS_WINDOW(self), FALSE);
    g_return_val_if_fail(info != NULL && players != NULL, FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);

    if (!save_is_free(self, info, error))
        return FALSE;
    game = lp_game_new_of_type(info->rules->get_type(), players, seed, option, error);
    if (game == NULL) {
        if (error != NULL && *error == NULL)
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("%s could not be set up."),
                        _(info->game_class->name));
        return FALSE;
    }
    install_game(self, info, game, option);
    /* Saved right away, so a game that was just set up can be continued too. */
    autosave(self);
    return TRUE;
}

/* ---- Hosting a game on several devices (issue 31) ----
 * The lobby shows an LpHostSession until every remote seat is taken; Start deals the game
 * (or resumes the saved one) and installs its page as for any game, with the session
 * serving the devices and its banner above the page. Leaving the game in any way ends the
 * session (clear_game), and with it the port. */

static gboolean remembered_option(LpWindow *self, const char *kind);

static void stop_hosting(LpWindow *self)
{
    if (self->host_banner != NULL) {
        /* As for the page (clear_game): GTK 4.8 would keep pointing at a removed focus. */
        GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(self));
        if (focus != NULL && gtk_widget_is_ancestor(focus, self->host_banner))
            gtk_window_set_focus(GTK_WINDOW(self), NULL);
        gtk_box_remove(GTK_BOX(self->game_box), self->host_banner);
        self->host_banner = NULL;
    }
    if (self->lobby_page != NULL)
        lp_lobby_page_set_session(LP_LOBBY_PAGE(self->lobby_page), NULL);
    if (self->host_session == NULL)
        return;
    /* A saved game waiting in the lobby holds its save's claim. */
    if (self->game == NULL && lp_host_session_is_resumed(self->host_session))
        lp_save_store_release(self->store, lp_host_session_get_kind(self->host_session));
    lp_host_session_stop(self->host_session);
    g_clear_object(&self->host_session);
}

static gboolean has_remote_seats(LpGame *game)
{
    for (guint i = 0; i < lp_game_get_n_players(game); i++)
        if (lp_game_is_seat_remote(game, i))
            return TRUE;
    return FALSE;
}

static gboolean show_lobby(LpWindow *self, LpHostSession *session, GError **error)
{
    g_autofree char *seats = lp_host_session_seats_path(lp_save_store_get_dir(self->store),
                                                        lp_host_session_get_kind(session));

    lp_host_session_set_seats_path(session, seats);
    /* The default port when it is free, so that a device that typed it once finds it again;
     * any free one when it is not. */
    if (!lp_host_session_listen(session, LP_NET_DEFAULT_PORT, error))
        return FALSE;
    self->host_session = g_object_ref(session);
    lp_lobby_page_set_session(LP_LOBBY_PAGE(lobby_page(self)), session);
    show_page(self, "lobby");
    gtk_widget_grab_focus(lobby_page(self));
    return TRUE;
}

gboolean lp_window_host_game(LpWindow *self, const LpGameUi *info, GPtrArray *players,
                             const gboolean *remote, guint64 seed, gboolean option,
                             GError **error)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), FALSE);
    g_return_val_if_fail(info != NULL && players != NULL && remote != NULL, FALSE);

    if (!lp_net_module_open(error) || !save_is_free(self, info, error))
        return FALSE;
    clear_game(self);
    g_autoptr(LpHostSession) session =
        lp_host_session_new(info->game_class->kind, players, remote, seed, option);
    self->last_option = option;
    return show_lobby(self, session, error);
}

static gboolean host_saved_game(LpWindow *self, const LpGameUi *info, LpGame *game)
{
    const char *kind = info->game_class->kind;
    g_autoptr(GError) error = NULL;

    clear_game(self);
    /* Loading claimed the save; clearing a game of the same kind let go of it. */
    lp_save_store_claim(self->store, kind, NULL);
    if (!lp_net_module_open(&error)) {
        lp_save_store_release(self->store, kind);
        show_page(self, "start");
        show_message(self, _("The Game Cannot Be Hosted"), error->message);
        return FALSE;
    }
    g_autofree char *seats = lp_host_session_seats_path(lp_save_store_get_dir(self->store), kind);
    g_autoptr(LpHostSession) session = lp_host_session_new_resumed(game, seats, NULL);
    self->last_option = remembered_option(self, kind);
    if (!show_lobby(self, session, &error)) {
        lp_save_store_release(self->store, kind);
        show_page(self, "start");
        show_message(self, _("The Game Cannot Be Hosted"), error->message);
        return FALSE;
    }
    return TRUE;
}

/* A phone took or left a seat of the hosted game shown. */
static void refresh_game_titles(LpWindow *self)
{
    if (self->game != NULL && self->join_session == NULL &&
        g_strcmp0(gtk_stack_get_visible_child_name(self->stack), "game") == 0) {
        g_autofree char *names = game_player_names(self);
        set_titles(self, _(self->game_info->game_class->name), names);
    }
}

static void on_lobby_start(LpWindow *self)
{
    g_autoptr(LpHostSession) session = g_steal_pointer(&self->host_session);
    const LpGameUi *info;
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = NULL;
    gboolean resumed;

    if (session == NULL)
        return;
    info = lp_game_ui_lookup(lp_host_session_get_kind(session));
    resumed = lp_host_session_is_resumed(session);
    game = lp_host_session_take_game(session, &error);
    if (game == NULL) {
        self->host_session = g_steal_pointer(&session);
        show_message(self, _("The Game Could Not Be Started"), error->message);
        return;
    }
    /* The session is not this window's while install_game() clears the old game. */
    lp_lobby_page_set_session(LP_LOBBY_PAGE(lobby_page(self)), NULL);
    install_game(self, info, game, self->last_option);
    self->host_session = g_steal_pointer(&session);
    self->last_hosted = TRUE;
    lp_host_session_play(self->host_session, game, self->driver);
    self->host_banner = lp_host_banner_new(self->host_session);
    gtk_box_prepend(GTK_BOX(self->game_box), self->host_banner);
    g_signal_connect_object(self->host_session, "changed", G_CALLBACK(refresh_game_titles),
                            self, G_CONNECT_SWAPPED);
    refresh_game_titles(self);
    if (!resumed)
        autosave(self);
    update_state(self);
}

static void on_lobby_cancel(LpWindow *self)
{
    gboolean resumed = self->host_session != NULL &&
                       lp_host_session_is_resumed(self->host_session);

    stop_hosting(self);
    show_page(self, !resumed && self->setup_page != NULL &&
                            lp_setup_page_get_game(LP_SETUP_PAGE(self->setup_page)) != NULL
                        ? "setup"
                        : "start");
}

LpHostSession *lp_window_get_host_session(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return self->host_session;
}

/* A save does not say which option it was started with in a way the shell can read; the
 * option last chosen for the kind is the best guess for "Play Again". */
static gboolean remembered_option(LpWindow *self, const char *kind)
{
    const char *text = lp_settings_get_last_lineup(self->settings);
    g_autoptr(JsonNode) root = lp_json_parse(text, -1, NULL);
    JsonNode *options;
    JsonNode *option;

    if (root == NULL || !JSON_NODE_HOLDS_OBJECT(root))
        return FALSE;
    options = json_object_get_member(json_node_get_object(root), "options");
    if (options == NULL || !JSON_NODE_HOLDS_OBJECT(options))
        return FALSE;
    option = json_object_get_member(json_node_get_object(options), kind);
    return option != NULL && json_node_get_value_type(option) == G_TYPE_BOOLEAN &&
           json_node_get_boolean(option);
}

gboolean lp_window_continue_game(LpWindow *self, const char *kind)
{
    const LpGameUi *info;
    g_autoptr(GError) error = NULL;
    g_autofree char *moved_to = NULL;
    g_autoptr(LpGame) game = NULL;
    GType type;

    g_return_val_if_fail(LP_IS_WINDOW(self), FALSE);
    g_return_val_if_fail(kind != NULL, FALSE);

    info = lp_game_ui_lookup(kind);
    if (info == NULL)
        return FALSE;
    type = info->rules->get_type();
    if (G_TYPE_IS_ABSTRACT(type))
        g_set_error(&error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("%s is not available in this version of Landpartie."), _(info->game_class->name));
    else
        game = lp_save_store_load(self->store, kind, type, &moved_to, &error);

    if (game == NULL && g_error_matches(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY)) {
        show_page(self, "start");
        show_message(self, _("The Game Is Open Elsewhere"), error->message);
        return FALSE;
    }
    if (game == NULL) {
        g_autofree char *body = NULL;

        if (moved_to != NULL && strstr(error->message, moved_to) == NULL)
            body = g_strdup_printf(_("%s\n\nThe file was moved to %s."), error->message,
                                   moved_to);
        else
            body = g_strdup(error->message);
        show_page(self, "start");
        show_message(self, _("The Saved Game Cannot Be Read"), body);
        return FALSE;
    }
    if (has_remote_seats(game))
        return host_saved_game(self, info, game);
    install_game(self, info, game, remembered_option(self, kind));
    return TRUE;
}

static void show_setup(LpWindow *self, const LpGameUi *info)
{
    lp_setup_page_set_game(LP_SETUP_PAGE(setup_page(self)), info);
    show_page(self, "setup");
}

static void on_replace_response(LpMessageDialog *dialog, const char *response, LpWindow *self)
{
    const char *kind = g_object_get_data(G_OBJECT(dialog), "lp-kind");

    if (g_strcmp0(response, "new") == 0)
        show_setup(self, lp_game_ui_lookup(kind));
    else if (g_strcmp0(response, "continue") == 0)
        lp_window_continue_game(self, kind);
}

static void new_game_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    const char *kind = g_variant_get_string(param, NULL);
    const LpGameUi *info = lp_game_ui_lookup(kind);
    LpMessageDialog *dialog;
    g_autofree char *body = NULL;

    if (info == NULL)
        return;
    if (!lp_save_store_has(self->store, kind)) {
        show_setup(self, info);
        return;
    }
    /* Starting a new game replaces the saved one of the same kind: ask first. */
    body = g_strdup_printf(_("There is a saved game of %s. A new game replaces it."),
                           _(info->game_class->name));
    dialog = lp_message_dialog_new(GTK_WINDOW(self), _("Replace the Saved Game?"), body);
    g_object_set_data_full(G_OBJECT(dialog), "lp-kind", g_strdup(kind), g_free);
    lp_message_dialog_add_button(dialog, _("_Cancel"), "cancel", LP_BUTTON_NORMAL, FALSE);
    lp_message_dialog_add_button(dialog, _("C_ontinue Saved Game"), "continue",
                                 LP_BUTTON_SUGGESTED, TRUE);
    lp_message_dialog_add_button(dialog, _("_New Game"), "new", LP_BUTTON_DESTRUCTIVE, FALSE);
    g_signal_connect(dialog, "response", G_CALLBACK(on_replace_response), self);
    gtk_window_present(GTK_WINDOW(dialog));
}

static void continue_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    lp_window_continue_game(LP_WINDOW(widget), g_variant_get_string(param, NULL));
}

/* The start page's "Move Aside" on a damaged save: renamed beside, kept byte for byte. */
static void set_aside_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    const char *kind = g_variant_get_string(param, NULL);
    g_autoptr(GError) error = NULL;

    if (lp_game_ui_lookup(kind) == NULL)
        return;
    /* Not while another window plays it: then it is not the damaged file the page saw. */
    if (!lp_save_store_claim(self->store, kind, &error)) {
        show_message(self, _("The Saved Game Cannot Be Moved"), error->message);
        return;
    }
    g_autofree char *moved_to = lp_save_store_set_aside(self->store, kind, &error);
    lp_save_store_release(self->store, kind);
    lp_start_page_refresh(LP_START_PAGE(self->start_page));
    if (moved_to == NULL) {
        show_message(self, _("The Saved Game Cannot Be Moved"), error->message);
        return;
    }
    g_autofree char *body = g_strdup_printf(_("The damaged file was kept as %s."), moved_to);
    show_message(self, _("Saved Game Moved Aside"), body);
}

static void start_game_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    LpSetupPage *setup = LP_SETUP_PAGE(setup_page(self));
    const LpGameUi *info = lp_setup_page_get_game(setup);
    g_autoptr(GPtrArray) players = NULL;
    g_autoptr(GError) error = NULL;
    guint64 seed = ((guint64)g_random_int() << 32) | g_random_int();

    if (info == NULL)
        return;
    players = lp_setup_page_build_players(setup, &error);
    if (players == NULL) {
        lp_setup_page_show_error(setup, error->message);
        return;
    }
    lp_setup_page_remember_lineup(setup, players);
    if (lp_setup_page_has_remote_seats(setup)) {
        g_autofree gboolean *remote = g_new0(gboolean, players->len);

        for (guint i = 0; i < players->len; i++)
            remote[i] = lp_setup_page_seat_is_remote(setup, i);
        if (!lp_window_host_game(self, info, players, remote, seed,
                                 lp_setup_page_get_option(setup), &error)) {
            g_autofree char *message =
                g_strdup_printf(_("The game could not be hosted: %s"), error->message);

            lp_setup_page_show_error(setup, message);
            return;
        }
        lp_setup_page_show_error(setup, NULL);
        return;
    }
    if (!lp_window_start_game(self, info, players, seed, lp_setup_page_get_option(setup),
                              &error)) {
        g_autofree char *message =
            g_strdup_printf(_("The game could not be started: %s"), error->message);

        lp_setup_page_show_error(setup, message);
        return;
    }
    lp_setup_page_show_error(setup, NULL);
}

static void play_again(LpWindow *self)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = g_ptr_array_ref(self->last_players);
    guint64 seed = ((guint64)g_random_int() << 32) | g_random_int();

    if (!lp_window_start_game(self, self->game_info, players, seed, self->last_option, &error))
        show_message(self, _("The Game Could Not Be Started"), error->message);
}

static void on_play_again_response(LpMessageDialog *dialog, const char *response, LpWindow *self)
{
    if (g_strcmp0(response, "new") == 0)
        play_again(self);
}

static void play_again_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    LpMessageDialog *dialog;

    if (self->game_info == NULL || self->last_players == NULL)
        return;
    if (self->game == NULL || lp_game_is_over(self->game)) {
        play_again(self);
        return;
    }
    dialog = lp_message_dialog_new(GTK_WINDOW(self), _("Start Again?"),
                                   _("The game in progress ends and a new one starts with the "
                                     "same players."));
    lp_message_dialog_add_button(dialog, _("_Cancel"), "cancel", LP_BUTTON_NORMAL, TRUE);
    lp_message_dialog_add_button(dialog, _("_Start Again"), "new", LP_BUTTON_DESTRUCTIVE, FALSE);
    g_signal_connect(dialog, "response", G_CALLBACK(on_play_again_response), self);
    gtk_window_present(GTK_WINDOW(dialog));
}

static void show_howto(LpWindow *self, const char *kind)
{
    const char *page = lp_window_get_page_name(self);

    if (!lp_howto_page_set_kind(LP_HOWTO_PAGE(howto_page(self)), kind))
        return;
    if (g_strcmp0(page, "howto") != 0) {
        g_free(self->howto_return);
        self->howto_return = g_strdup(page);
        /* Computers wait while the rules are read. */
        if (g_strcmp0(page, "game") == 0 && self->driver != NULL && !self->howto_holds_driver) {
            lp_driver_hold(self->driver);
            self->howto_holds_driver = TRUE;
        }
    }
    show_page(self, "howto");
}

static void how_to_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    show_howto(LP_WINDOW(widget), g_variant_get_string(param, NULL));
}

static void how_to_current_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    const char *page = lp_window_get_page_name(self);
    const LpGameUi *info = NULL;

    if (g_strcmp0(page, "game") == 0 && self->join_session != NULL)
        info = lp_join_session_get_game_ui(LP_JOIN_SESSION(self->join_session));
    else if (g_strcmp0(page, "game") == 0)
        info = self->game_info;
    else if (g_strcmp0(page, "setup") == 0)
        info = lp_setup_page_get_game(LP_SETUP_PAGE(setup_page(self)));
    else if (g_strcmp0(page, "howto") == 0)
        return;
    if (info == NULL)
        info = lp_game_ui_list(NULL);
    show_howto(self, info->game_class->kind);
}

/* Learn to Play (issue 33): the game's lesson, a fixed deal, replaces the running game. The
 * saved game of the kind stays as it is. */
static void learn_to_play_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    const char *kind = g_variant_get_string(param, NULL);
    const LpGameUi *info = lp_game_ui_lookup(kind);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpLesson) lesson = info != NULL ? lp_lesson_load(kind, &error) : NULL;
    g_autoptr(LpGame) game = lesson != NULL ? lp_lesson_deal(lesson, &error) : NULL;

    if (game == NULL) {
        if (error != NULL)
            show_message(self, _("The Lesson Could Not Be Started"), error->message);
        return;
    }
    install_game(self, info, game, FALSE);
    self->lesson = TRUE;
    lp_lesson_run(lesson, LP_GAME_PAGE(self->game_page));
}

static gboolean ask_before_leaving_joined(LpWindow *self, const char *then);

static void show_start_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);

    /* A game joined on another device is not saved here: ask first. */
    if (ask_before_leaving_joined(self, "start"))
        return;
    /* The game is saved after every action; leaving it stops it, Continue resumes it. */
    clear_game(self);
    show_page(self, "start");
}

static void statistics_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);

    if (ask_before_leaving_joined(self, "stats"))
        return;
    /* Like New Game: a running game is saved and can be continued. */
    clear_game(self);
    show_page(self, "stats");
    gtk_widget_grab_focus(stats_page(self));
}

/* ---- Joining a game on another device (issue 31) ---- */

static void show_joined_titles(LpWindow *self)
{
    LpJoinSession *session = LP_JOIN_SESSION(self->join_session);
    const LpGameUi *info = lp_join_session_get_game_ui(session);
    /* Translators: the window's subtitle in a game hosted by another device; %s is the
     * host's address. */
    g_autofree char *subtitle = g_strdup_printf(
        _("Joined %s"), lp_net_table_get_host(lp_join_session_get_table(session)));

    set_titles(self, info != NULL ? _(info->game_class->name) : _("Join a Game"), subtitle);
}

static void on_joined_page_changed(LpWindow *self)
{
    /* A new view: the host has answered, and what it says of an undo is on the page. */
    g_clear_pointer(&self->undo_error, g_free);
    if (lp_window_get_game_page(self) != self->undo_asked_page)
        self->undo_asked_page = NULL;
    follow_page_privacy(self, lp_window_get_game_page(self));
    if (g_strcmp0(lp_window_get_page_name(self), "game") == 0)
        show_joined_titles(self);
    update_state(self);
}

static void on_join_again(LpWindow *self)
{
    /* The join page still holds the address, code and name: the same join once more. */
    clear_game(self);
    show_page(self, "join");
    gtk_widget_activate_action(join_page(self), "join-page.join", NULL);
}

/* The seat is taken and the first view came: the game page of the game, on a mirror. No
 * autosave and no statistics: the host keeps the game. */
static void on_join_page_joined(LpJoinPage *page, LpNetTable *table, LpWindow *self)
{
    clear_game(self);
    self->join_session = lp_join_session_new(table, self->settings);
    gtk_widget_set_hexpand(self->join_session, TRUE);
    gtk_widget_set_vexpand(self->join_session, TRUE);
    gtk_box_append(GTK_BOX(self->game_box), self->join_session);
    g_signal_connect_object(self->join_session, "page-changed",
                            G_CALLBACK(on_joined_page_changed), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(self->join_session, "join-again", G_CALLBACK(on_join_again), self,
                            G_CONNECT_SWAPPED);
    show_page(self, "game");
    gtk_widget_child_focus(lp_join_session_get_page(LP_JOIN_SESSION(self->join_session)),
                           GTK_DIR_TAB_FORWARD);
}

static void leave_joined(LpWindow *self, const char *then);

static void on_leave_response(LpMessageDialog *dialog, const char *response, LpWindow *self)
{
    if (g_strcmp0(response, "leave") != 0)
        return;
    const char *then = g_object_get_data(G_OBJECT(dialog), "lp-then");
    leave_joined(self, then != NULL ? then : "start");
}

/* Leaves a joined game for the page then ("start", "stats" or "join"). */
static void leave_joined(LpWindow *self, const char *then)
{
    clear_game(self);
    if (g_strcmp0(then, "join") == 0)
        lp_join_page_show_error(LP_JOIN_PAGE(join_page(self)), NULL);
    show_page(self, then);
    if (g_strcmp0(then, "stats") == 0)
        gtk_widget_grab_focus(stats_page(self));
}

static void confirm_leave_joined(LpWindow *self, const char *then)
{
    LpMessageDialog *dialog;

    if (!lp_join_session_is_playing(LP_JOIN_SESSION(self->join_session))) {
        leave_joined(self, then);
        return;
    }
    dialog = lp_message_dialog_new(GTK_WINDOW(self), _("Leave the Game?"),
                                   _("The game goes on at the host, and your seat waits for "
                                     "you: join again with the same code to take it back."));
    lp_message_dialog_add_button(dialog, _("_Cancel"), "cancel", LP_BUTTON_NORMAL, TRUE);
    lp_message_dialog_add_button(dialog, _("_Leave"), "leave", LP_BUTTON_DESTRUCTIVE, FALSE);
    g_object_set_data_full(G_OBJECT(dialog), "lp-then", g_strdup(then), g_free);
    g_signal_connect(dialog, "response", G_CALLBACK(on_leave_response), self);
    gtk_window_present(GTK_WINDOW(dialog));
}

/* The menu's Start, Statistics and Join a Game from a game joined on another device: the
 * same question as Back. TRUE when it was asked (or answered) here. */
static gboolean ask_before_leaving_joined(LpWindow *self, const char *then)
{
    if (self->join_session == NULL)
        return FALSE;
    confirm_leave_joined(self, then);
    return TRUE;
}

static void join_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);

    if (ask_before_leaving_joined(self, "join"))
        return;
    g_autoptr(GError) error = NULL;
    if (!lp_net_module_open(&error)) {
        show_message(self, _("No Game Can Be Joined"), error->message);
        return;
    }
    lp_join_page_show_error(LP_JOIN_PAGE(join_page(self)), NULL);
    show_page(self, "join");
}

static void back_activated(GtkWidget *widget, const char *action_name, GVariant *param)
{
    LpWindow *self = LP_WINDOW(widget);
    const char *page = lp_window_get_page_name(self);

    if (g_strcmp0(page, "howto") == 0) {
        g_autofree char *target = g_steal_pointer(&self->howto_return);

        if (self->howto_holds_driver && self->driver != NULL)
            lp_driver_release(self->driver);
        self->howto_holds_driver = FALSE;
        if (target == NULL ||
            (g_strcmp0(target, "game") == 0 && self->game == NULL &&
             self->join_session == NULL) ||
            (g_strcmp0(target, "lobby") == 0 && self->host_session == NULL))
            target = g_strdup("start");
        show_page(self, target);
    } else if (g_strcmp0(page, "game") == 0 && self->join_session != NULL) {
        confirm_leave_joined(self, "start");
    } else if (g_strcmp0(page, "game") == 0) {
        clear_game(self);
        show_page(self, "start");
    } else if (g_strcmp0(page, "lobby") == 0) {
        on_lobby_cancel(self);
    } else {
        show_page(self, "start");
    }
}

static void on_speed_changed(LpWindow *self)
{
    apply_speed(self);
}

static gboolean lp_window_close_request(GtkWindow *window)
{
    LpWindow *self = LP_WINDOW(window);
    int width, height;

    gtk_window_get_default_size(window, &width, &height);
    if (!gtk_window_is_maximized(window) && width > 0 && height > 0) {
        g_object_set(self->settings, "window-width", width, "window-height", height, NULL);
    }
    g_object_set(self->settings, "window-maximized", gtk_window_is_maximized(window), NULL);
    clear_game(self);
    /* Quitting waits for the last autosave: the move just made must be on the disk. */
    lp_save_store_flush(self->store, NULL);
    return GTK_WINDOW_CLASS(lp_window_parent_class)->close_request(window);
}

static void lp_window_dispose(GObject *object)
{
    LpWindow *self = LP_WINDOW(object);

    clear_game(self);
    g_clear_pointer(&self->last_players, g_ptr_array_unref);
    g_clear_object(&self->settings);
    if (self->store != NULL)
        lp_save_store_flush(self->store, NULL);
    g_clear_object(&self->store);
    G_OBJECT_CLASS(lp_window_parent_class)->dispose(object);
}

static void lp_window_finalize(GObject *object)
{
    LpWindow *self = LP_WINDOW(object);

    g_clear_pointer(&self->howto_return, g_free);
    g_clear_pointer(&self->history_path, g_free);
    g_clear_pointer(&self->undo_error, g_free);
    G_OBJECT_CLASS(lp_window_parent_class)->finalize(object);
}

static void lp_window_get_property(GObject *object, guint prop_id, GValue *value,
                                   GParamSpec *pspec)
{
    LpWindow *self = LP_WINDOW(object);

    switch (prop_id) {
    case PROP_SAVE_STORE:
        g_value_set_object(value, self->store);
        break;
    case PROP_SETTINGS:
        g_value_set_object(value, self->settings);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_window_set_property(GObject *object, guint prop_id, const GValue *value,
                                   GParamSpec *pspec)
{
    LpWindow *self = LP_WINDOW(object);

    switch (prop_id) {
    case PROP_SAVE_STORE:
        self->store = g_value_dup_object(value);
        break;
    case PROP_SETTINGS:
        self->settings = g_value_dup_object(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_window_constructed(GObject *object);

static void lp_window_class_init(LpWindowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GtkWindowClass *window_class = GTK_WINDOW_CLASS(klass);

    object_class->dispose = lp_window_dispose;
    object_class->finalize = lp_window_finalize;
    object_class->get_property = lp_window_get_property;
    object_class->set_property = lp_window_set_property;
    object_class->constructed = lp_window_constructed;
    window_class->close_request = lp_window_close_request;

    properties[PROP_SAVE_STORE] =
        g_param_spec_object("save-store", NULL, NULL, LP_TYPE_SAVE_STORE,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    properties[PROP_SETTINGS] =
        g_param_spec_object("settings", NULL, NULL, LP_TYPE_SETTINGS,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    g_type_ensure(LP_TYPE_START_PAGE);
    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-window.ui");
    gtk_widget_class_bind_template_child(widget_class, LpWindow, back_button);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, play_again_button);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, undo_button);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, news_bar);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, news_label);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, title_label);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, subtitle_label);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, stack);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, start_page);
    gtk_widget_class_bind_template_child(widget_class, LpWindow, game_box);

    gtk_widget_class_install_action(widget_class, "win.show-start", NULL, show_start_activated);
    gtk_widget_class_install_action(widget_class, "win.new-game", "s", new_game_activated);
    gtk_widget_class_install_action(widget_class, "win.continue", "s", continue_activated);
    gtk_widget_class_install_action(widget_class, "win.set-aside", "s", set_aside_activated);
    gtk_widget_class_install_action(widget_class, "win.start-game", NULL, start_game_activated);
    gtk_widget_class_install_action(widget_class, "win.play-again", NULL, play_again_activated);
    gtk_widget_class_install_action(widget_class, "win.how-to", "s", how_to_activated);
    gtk_widget_class_install_action(widget_class, "win.how-to-current", NULL,
                                    how_to_current_activated);
    gtk_widget_class_install_action(widget_class, "win.learn-to-play", "s",
                                    learn_to_play_activated);
    gtk_widget_class_install_action(widget_class, "win.back", NULL, back_activated);
    gtk_widget_class_install_action(widget_class, "win.statistics", NULL, statistics_activated);
    gtk_widget_class_install_action(widget_class, "win.join", NULL, join_activated);
    gtk_widget_class_install_action(widget_class, "win.undo", NULL, undo_activated);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.back",
                                        NULL);
}

static void lp_window_init(LpWindow *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    /* A hosted game's banner stands above its page. */
    gtk_orientable_set_orientation(GTK_ORIENTABLE(self->game_box), GTK_ORIENTATION_VERTICAL);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->play_again_button));
    /* The start and setup pages must not stay in the accessibility tree during a game. */
    lp_a11y_stack_hide_inactive_pages(self->stack);
}

static void lp_window_constructed(GObject *object)
{
    LpWindow *self = LP_WINDOW(object);
    int width, height;
    gboolean maximized;

    G_OBJECT_CLASS(lp_window_parent_class)->constructed(object);
    if (self->settings == NULL)
        self->settings = lp_settings_new();
    g_object_get(self->settings, "window-width", &width, "window-height", &height,
                 "window-maximized", &maximized, NULL);
    gtk_window_set_default_size(GTK_WINDOW(self), CLAMP(width, 640, 8192),
                                CLAMP(height, 480, 8192));
    if (maximized)
        gtk_window_maximize(GTK_WINDOW(self));
    g_signal_connect_object(self->settings, "notify::animation-speed",
                            G_CALLBACK(on_speed_changed), self, G_CONNECT_SWAPPED);
    if (self->store == NULL)
        self->store = lp_save_store_new(NULL);
    g_signal_connect_object(self->store, "write-failed", G_CALLBACK(on_write_failed), self, 0);
    lp_start_page_set_save_store(LP_START_PAGE(self->start_page), self->store);
    self->history_path = g_build_filename(lp_save_store_get_dir(self->store),
                                          LP_HISTORY_FILE_NAME, NULL);
    show_page(self, "start");
}

LpWindow *lp_window_new(GtkApplication *app, LpSaveStore *store)
{
    return g_object_new(LP_TYPE_WINDOW, "application", app, "save-store", store, NULL);
}

LpSettings *lp_window_get_settings(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return self->settings;
}

LpSaveStore *lp_window_get_save_store(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return self->store;
}

const char *lp_window_get_page_name(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return gtk_stack_get_visible_child_name(self->stack);
}

GtkWidget *lp_window_get_start_page(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return self->start_page;
}

GtkWidget *lp_window_get_setup_page(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return setup_page(self);
}

GtkWidget *lp_window_get_howto_page(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return howto_page(self);
}

LpGame *lp_window_get_game(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return self->game;
}

GtkWidget *lp_window_get_join_page(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    return join_page(self);
}

GtkWidget *lp_window_get_game_page(LpWindow *self)
{
    g_return_val_if_fail(LP_IS_WINDOW(self), NULL);
    if (self->join_session != NULL)
        return lp_join_session_get_page(LP_JOIN_SESSION(self->join_session));
    return self->game_page;
}
