/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Learn to Play" (issue 33): a lesson file, its deal, and the callouts that take a person
 * through a first game one step at a time.
 *
 * A lesson is data/lessons/<kind>.json, shipped in the resources (resources/data.gresource.xml)
 * as LP_LESSON_RESOURCE_DIR "<kind>.json":
 *
 *   {"format": 1,
 *    "game": "minden",                the kind
 *    "you": 0,                        the seat the person plays
 *    "deal": {…},                     a whole save ("format", "game", "rng", "players",
 *                                     "state"), restored with lp_game_restore() so the game's
 *                                     load_state checks it; the seats' "name"s are English
 *                                     msgids ("You", "Grandma"), translated when dealt
 *    "steps": [{"text": "…",          English, a msgid of the landpartie domain (the strings
 *                                     reach po/ through build-aux/lesson-strings)
 *               "target": "board",    the widget the callout points at: a widget name
 *                                     (gtk_widget_set_name) or an id in the page's template
 *               "wait": "…",          optional: the step comes up only once this happened
 *               "done": "…",          what completes the step
 *               "hold": true,         optional: the computers wait while the step is up
 *               "side": "left"}, …]}  optional: where the callout goes if there is room
 *                                     ("bottom", "top", "right", "left"; else the first of
 *                                     these with room), so it covers nothing the step needs
 *
 * "wait" and "done" are events:
 *   "next"                     the person presses Next in the callout (done only);
 *   "<signal>"                 the game emits the signal ("round-started");
 *   "<signal>:you"             … with the person's seat as its first argument ("card-chosen:you");
 *   "<signal>:other"           … with another seat as its first argument ("turn-started:other");
 *   "phase:<nick>"             the game's "phase" property is (or becomes) that nick;
 *   "widget:<name>:<signal>"   the page's widget called name emits the signal
 *                              ("widget:board:cell-activated").
 *
 * The callout is a GtkPopover on the page (it stays when its target is hidden, and points at
 * the page's middle then) that never hides by itself: the person goes on acting on the page.
 * Its text is the popover's accessible description and the Next button's; the focus goes to
 * Next, or to the target where the step asks for something done there. After the last step the
 * game goes on freely; the last step's callout offers "Play On" and "Play a Real Game" (the
 * setup page of the game). Skip ends the callouts at any step. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-game-ui.h"
#include "lp-json.h"
#include "lp-lesson.h"

typedef struct {
    char *text;
    char *target;
    char *wait; /* NULL: none */
    char *done;
    gboolean hold;
    int side; /* a GtkPositionType, or -1 */
} Step;

typedef enum {
    STATE_IDLE,    /* not running yet */
    STATE_WAITING, /* the step waits for its "wait" event; no callout */
    STATE_SHOWING, /* the callout is up, waiting for "done" */
    STATE_OVER,
} State;

struct _LpLesson {
    GObject parent_instance;

    char *kind;
    guint you;
    JsonNode *deal;
    GArray *steps; /* Step */

    /* While running. */
    LpGamePage *page; /* not owned: the page owns the lesson */
    LpGame *game;     /* not owned: the page holds it */
    LpDriver *driver; /* owned: the page lets go of it before it says it goes */
    guint step;
    State state;
    gboolean holding;
    GtkWidget *callout;
    GtkWidget *heading;
    GtkWidget *text;
    GtkWidget *skip_button;
    GtkWidget *next_button;
    GtkWidget *real_button;
    /* The one event watched now ("wait" or "done"): its signal handler and instance. */
    gpointer watched;
    gulong watch_id;
    gboolean watching_phase;
    guint event_id;      /* the idle that acts on a watched event */
    guint reposition_id; /* the timer that keeps the callout at its target */
    GdkRectangle pointing;
    GtkWidget *highlighted; /* weak: the outlined target */
};

G_DEFINE_FINAL_TYPE(LpLesson, lp_lesson, G_TYPE_OBJECT)

static void step_clear(gpointer data)
{
    Step *step = data;

    g_free(step->text);
    g_free(step->target);
    g_free(step->wait);
    g_free(step->done);
}

static void stop_watching(LpLesson *self);
static void hold(LpLesson *self, gboolean on);

static void lp_lesson_dispose(GObject *object)
{
    LpLesson *self = LP_LESSON(object);

    stop_watching(self);
    hold(self, FALSE);
    g_clear_handle_id(&self->event_id, g_source_remove);
    g_clear_handle_id(&self->reposition_id, g_source_remove);
    g_clear_weak_pointer(&self->highlighted);
    g_clear_object(&self->callout);
    g_clear_object(&self->driver);
    G_OBJECT_CLASS(lp_lesson_parent_class)->dispose(object);
}

static void lp_lesson_finalize(GObject *object)
{
    LpLesson *self = LP_LESSON(object);

    g_free(self->kind);
    g_clear_pointer(&self->deal, json_node_unref);
    g_clear_pointer(&self->steps, g_array_unref);
    G_OBJECT_CLASS(lp_lesson_parent_class)->finalize(object);
}

static void lp_lesson_class_init(LpLessonClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_lesson_dispose;
    G_OBJECT_CLASS(klass)->finalize = lp_lesson_finalize;
}

static void lp_lesson_init(LpLesson *self)
{
    self->steps = g_array_new(FALSE, TRUE, sizeof(Step));
    g_array_set_clear_func(self->steps, step_clear);
}

/* ---- the file --------------------------------------------------------------------------- */

static gboolean data_error(GError **error, const char *message)
{
    g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("The lesson cannot be read: %s"),
                message);
    return FALSE;
}

/* An event as "wait" or "done" may name it (see the top of this file). */
static gboolean event_is_valid(const char *event, gboolean done)
{
    g_auto(GStrv) parts = NULL;

    if (event == NULL || *event == '\0')
        return FALSE;
    if (g_str_equal(event, "next"))
        return done;
    parts = g_strsplit(event, ":", -1);
    if (g_str_equal(parts[0], "widget"))
        return g_strv_length(parts) == 3 && *parts[1] != '\0' && *parts[2] != '\0';
    if (g_str_equal(parts[0], "phase"))
        return g_strv_length(parts) == 2 && *parts[1] != '\0';
    return g_strv_length(parts) == 1 ||
           (g_strv_length(parts) == 2 &&
            (g_str_equal(parts[1], "you") || g_str_equal(parts[1], "other")));
}

static gboolean read_step(LpLesson *self, JsonObject *o, guint index, GError **error)
{
    Step step = { .side = -1 };
    const char *text = NULL, *target = NULL, *done = NULL, *wait = NULL, *side = NULL;
    static const char *const sides[] = { "left", "right", "top", "bottom" };
    g_autofree char *where = g_strdup_printf("step %u", index + 1);

    if (!lp_json_get_string(o, "text", &text, error) ||
        !lp_json_get_string(o, "target", &target, error) ||
        !lp_json_get_string(o, "done", &done, error))
        return FALSE;
    if (json_object_has_member(o, "wait") && !lp_json_get_string(o, "wait", &wait, error))
        return FALSE;
    if (json_object_has_member(o, "hold") && !lp_json_get_bool(o, "hold", &step.hold, error))
        return FALSE;
    if (json_object_has_member(o, "side")) {
        if (!lp_json_get_string(o, "side", &side, error))
            return FALSE;
        /* In the order of GtkPositionType. */
        for (guint i = 0; i < G_N_ELEMENTS(sides); i++)
            if (g_str_equal(side, sides[i]))
                step.side = (int)i;
        if (step.side < 0)
            return data_error(error, side);
    }
    if (*text == '\0' || *target == '\0')
        return data_error(error, where);
    if (!event_is_valid(done, TRUE) || (wait != NULL && !event_is_valid(wait, FALSE))) {
        g_autofree char *message = g_strdup_printf("%s: “%s”", where, wait ? wait : done);
        return data_error(error, message);
    }
    step.text = g_strdup(text);
    step.target = g_strdup(target);
    step.done = g_strdup(done);
    step.wait = g_strdup(wait);
    g_array_append_val(self->steps, step);
    return TRUE;
}

LpLesson *lp_lesson_new_from_data(const char *data, gssize length, GError **error)
{
    g_autoptr(LpLesson) self = g_object_new(LP_TYPE_LESSON, NULL);
    g_autoptr(JsonNode) root = NULL;
    JsonObject *o;
    JsonArray *steps = NULL;
    const char *kind = NULL;
    gint64 v;

    g_return_val_if_fail(data != NULL, NULL);
    root = lp_json_parse(data, length, error);
    if (root == NULL)
        return NULL;
    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        data_error(error, "not an object");
        return NULL;
    }
    o = json_node_get_object(root);
    if (!lp_json_get_int(o, "format", 1, 1, &v, error) ||
        !lp_json_get_string(o, "game", &kind, error) ||
        !lp_json_get_int(o, "you", 0, 7, &v, error) ||
        !lp_json_get_array(o, "steps", &steps, error))
        return NULL;
    self->kind = g_strdup(kind);
    self->you = (guint)v;
    if (!json_object_has_member(o, "deal") ||
        !JSON_NODE_HOLDS_OBJECT(json_object_get_member(o, "deal"))) {
        data_error(error, "no “deal”");
        return NULL;
    }
    self->deal = json_node_copy(json_object_get_member(o, "deal"));
    if (json_array_get_length(steps) == 0) {
        data_error(error, "no “steps”");
        return NULL;
    }
    for (guint i = 0; i < json_array_get_length(steps); i++) {
        JsonNode *node = json_array_get_element(steps, i);

        if (!JSON_NODE_HOLDS_OBJECT(node)) {
            data_error(error, "a step is not an object");
            return NULL;
        }
        if (!read_step(self, json_node_get_object(node), i, error))
            return NULL;
    }
    return g_steal_pointer(&self);
}

gboolean lp_lesson_exists(const char *kind)
{
    g_autofree char *path = g_strconcat(LP_LESSON_RESOURCE_DIR, kind, ".json", NULL);

    g_return_val_if_fail(kind != NULL, FALSE);
    return g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL);
}

LpLesson *lp_lesson_load(const char *kind, GError **error)
{
    g_autofree char *path = g_strconcat(LP_LESSON_RESOURCE_DIR, kind, ".json", NULL);
    g_autoptr(GBytes) bytes = NULL;
    LpLesson *self;
    gsize size;
    const char *data;

    g_return_val_if_fail(kind != NULL, NULL);
    bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
    if (bytes == NULL) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("There is no lesson for this game."));
        return NULL;
    }
    data = g_bytes_get_data(bytes, &size);
    self = lp_lesson_new_from_data(data, (gssize)size, error);
    if (self != NULL && g_strcmp0(self->kind, kind) != 0) {
        g_clear_object(&self);
        data_error(error, "“game”");
    }
    return self;
}

const char *lp_lesson_get_kind(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    return self->kind;
}

guint lp_lesson_get_you(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), 0);
    return self->you;
}

LpGame *lp_lesson_deal(LpLesson *self, GError **error)
{
    const LpGameUi *info;
    g_autoptr(JsonNode) deal = NULL;
    JsonNode *players;
    LpGame *game;

    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    info = lp_game_ui_lookup(self->kind);
    if (info == NULL) {
        data_error(error, self->kind);
        return NULL;
    }
    deal = json_node_copy(self->deal);
    /* The names are the lesson's words, in the person's language. */
    players = json_object_get_member(json_node_get_object(deal), "players");
    if (players != NULL && JSON_NODE_HOLDS_ARRAY(players)) {
        JsonArray *array = json_node_get_array(players);

        for (guint i = 0; i < json_array_get_length(array); i++) {
            JsonNode *player = json_array_get_element(array, i);
            JsonObject *p = JSON_NODE_HOLDS_OBJECT(player) ? json_node_get_object(player) : NULL;
            const char *name = p != NULL ? json_object_get_string_member_with_default(p, "name",
                                                                                      NULL)
                                         : NULL;

            if (name != NULL)
                json_object_set_string_member(p, "name", _(name));
        }
    }
    game = lp_game_restore(info->rules->get_type(), deal, error);
    if (game != NULL && (self->you >= lp_game_get_n_players(game) ||
                         !lp_player_is_human(lp_game_get_player(game, self->you)))) {
        g_clear_object(&game);
        data_error(error, "“you” is not a person's seat");
    }
    return game;
}

guint lp_lesson_get_n_steps(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), 0);
    return self->steps->len;
}

static Step *step_at(LpLesson *self, guint index)
{
    return &g_array_index(self->steps, Step, index);
}

const char *lp_lesson_get_step_text(LpLesson *self, guint step)
{
    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    g_return_val_if_fail(step < self->steps->len, NULL);
    return step_at(self, step)->text;
}

const char *lp_lesson_get_step_target(LpLesson *self, guint step)
{
    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    g_return_val_if_fail(step < self->steps->len, NULL);
    return step_at(self, step)->target;
}

GStrv lp_lesson_get_step_widgets(LpLesson *self, guint step)
{
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new();
    Step *s;

    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    g_return_val_if_fail(step < self->steps->len, NULL);
    s = step_at(self, step);
    g_strv_builder_add(builder, s->target);
    for (guint i = 0; i < 2; i++) {
        const char *event = i == 0 ? s->wait : s->done;
        g_auto(GStrv) parts = event != NULL ? g_strsplit(event, ":", -1) : NULL;

        if (parts != NULL && g_str_equal(parts[0], "widget"))
            g_strv_builder_add(builder, parts[1]);
    }
    return g_strv_builder_end(builder);
}

GtkWidget *lp_lesson_find_widget(GtkWidget *root, const char *name)
{
    g_autoptr(GPtrArray) todo = g_ptr_array_new();
    GtkWidget *by_id = NULL;

    g_return_val_if_fail(GTK_IS_WIDGET(root), NULL);
    g_return_val_if_fail(name != NULL, NULL);
    g_ptr_array_add(todo, root);
    while (todo->len > 0) {
        GtkWidget *w = g_ptr_array_steal_index(todo, 0);

        /* A name given on purpose wins over a template id. */
        if (g_strcmp0(gtk_widget_get_name(w), name) == 0)
            return w;
        if (by_id == NULL && g_strcmp0(gtk_buildable_get_buildable_id(GTK_BUILDABLE(w)), name) == 0)
            by_id = w;
        for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL;
             c = gtk_widget_get_next_sibling(c))
            if (!GTK_IS_NATIVE(c))
                g_ptr_array_add(todo, c);
    }
    return by_id;
}

/* One event of step index: its widget, its signal and its phase exist. */
static gboolean check_event(LpLesson *self, GtkWidget *page, guint index, const char *event,
                            GError **error)
{
    LpGame *game = lp_game_page_get_game(LP_GAME_PAGE(page));
    g_auto(GStrv) parts = g_strsplit(event, ":", -1);
    GObject *instance = G_OBJECT(game);
    const char *signal = parts[0];

    if (g_str_equal(event, "next"))
        return TRUE;
    if (g_str_equal(parts[0], "phase")) {
        GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(game), "phase");

        if (pspec != NULL && G_IS_PARAM_SPEC_ENUM(pspec) &&
            g_enum_get_value_by_nick(G_PARAM_SPEC_ENUM(pspec)->enum_class, parts[1]) != NULL)
            return TRUE;
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "step %u: no phase “%s”",
                    index + 1, parts[1]);
        return FALSE;
    }
    if (g_str_equal(parts[0], "widget")) {
        instance = G_OBJECT(lp_lesson_find_widget(page, parts[1]));
        signal = parts[2];
        if (instance == NULL) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "step %u: no widget “%s”",
                        index + 1, parts[1]);
            return FALSE;
        }
    }
    if (g_signal_lookup(signal, G_OBJECT_TYPE(instance)) == 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "step %u: %s has no signal “%s”",
                    index + 1, G_OBJECT_TYPE_NAME(instance), signal);
        return FALSE;
    }
    return TRUE;
}

gboolean lp_lesson_check(LpLesson *self, GtkWidget *page, GError **error)
{
    g_return_val_if_fail(LP_IS_LESSON(self), FALSE);
    g_return_val_if_fail(LP_IS_GAME_PAGE(page), FALSE);

    for (guint i = 0; i < self->steps->len; i++) {
        Step *step = step_at(self, i);

        if (lp_lesson_find_widget(page, step->target) == NULL) {
            g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, "step %u: no widget “%s”",
                        i + 1, step->target);
            return FALSE;
        }
        if ((step->wait != NULL && !check_event(self, page, i, step->wait, error)) ||
            !check_event(self, page, i, step->done, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- running ---------------------------------------------------------------------------- */

static void enter_step(LpLesson *self);
static void show_step(LpLesson *self);
static void step_done(LpLesson *self);

/* The event watched now happened: a waiting step comes up, a shown one is done. */
static void event_happened(LpLesson *self)
{
    stop_watching(self);
    if (self->state == STATE_WAITING)
        show_step(self);
    else if (self->state == STATE_SHOWING)
        step_done(self);
}

/* Any signal: with "you", only when its first argument is the person's seat. The handler
 * runs once the emission is over, so the page has shown what happened first. */
static gboolean event_idle(gpointer data)
{
    LpLesson *self = data;

    self->event_id = 0;
    event_happened(self);
    return G_SOURCE_REMOVE;
}

static void event_marshal(GClosure *closure, GValue *return_value, guint n_param_values,
                          const GValue *param_values, gpointer hint, gpointer marshal_data)
{
    LpLesson *self = closure->data;
    /* 0: any seat, 1: the person's, 2: another's. */
    int only = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(self), "lp-only-you"));

    if (only != 0) {
        guint seat;

        if (n_param_values < 2)
            return;
        if (G_VALUE_HOLDS_UINT(&param_values[1]))
            seat = g_value_get_uint(&param_values[1]);
        else if (G_VALUE_HOLDS_INT(&param_values[1]))
            seat = (guint)g_value_get_int(&param_values[1]);
        else
            return;
        if ((seat == self->you) != (only == 1))
            return;
    }
    if (self->watch_id == 0)
        return;
    /* Once: the rest of this emission and anything after it no longer counts. */
    g_signal_handler_disconnect(self->watched, self->watch_id);
    self->watch_id = 0;
    self->watched = NULL;
    g_clear_handle_id(&self->event_id, g_source_remove);
    self->event_id = g_idle_add_full(G_PRIORITY_DEFAULT, event_idle, self, NULL);
}

static const char *phase_nick(LpLesson *self)
{
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(self->game), "phase");
    GEnumValue *value;
    int phase = 0;

    if (pspec == NULL || !G_IS_PARAM_SPEC_ENUM(pspec))
        return NULL;
    g_object_get(self->game, "phase", &phase, NULL);
    value = g_enum_get_value(G_PARAM_SPEC_ENUM(pspec)->enum_class, phase);
    return value != NULL ? value->value_nick : NULL;
}

static void on_phase_notify(GObject *game, GParamSpec *pspec, LpLesson *self)
{
    const char *want = g_object_get_data(G_OBJECT(self), "lp-phase");

    if (g_strcmp0(phase_nick(self), want) == 0) {
        g_clear_signal_handler(&self->watch_id, self->watched);
        self->watched = NULL;
        g_clear_handle_id(&self->event_id, g_source_remove);
        self->event_id = g_idle_add_full(G_PRIORITY_DEFAULT, event_idle, self, NULL);
    }
}

static void stop_watching(LpLesson *self)
{
    if (self->watched != NULL)
        g_clear_signal_handler(&self->watch_id, self->watched);
    self->watched = NULL;
    self->watch_id = 0;
}

/* Watches event; FALSE when it already holds (a phase the game is in). */
static gboolean watch(LpLesson *self, const char *event)
{
    g_auto(GStrv) parts = g_strsplit(event, ":", -1);
    gpointer instance = self->game;
    const char *signal = parts[0];
    GClosure *closure;

    stop_watching(self);
    g_object_set_data(G_OBJECT(self), "lp-only-you", GINT_TO_POINTER(0));
    if (g_str_equal(parts[0], "phase")) {
        g_object_set_data_full(G_OBJECT(self), "lp-phase", g_strdup(parts[1]), g_free);
        if (g_strcmp0(phase_nick(self), parts[1]) == 0)
            return FALSE;
        self->watched = self->game;
        self->watch_id = g_signal_connect(self->game, "notify::phase",
                                          G_CALLBACK(on_phase_notify), self);
        return TRUE;
    }
    if (g_str_equal(parts[0], "widget")) {
        instance = lp_lesson_find_widget(GTK_WIDGET(self->page), parts[1]);
        signal = parts[2];
    } else if (parts[1] != NULL) {
        g_object_set_data(G_OBJECT(self), "lp-only-you",
                          GINT_TO_POINTER(g_str_equal(parts[1], "you") ? 1 : 2));
    }
    if (instance == NULL || g_signal_lookup(signal, G_OBJECT_TYPE(instance)) == 0) {
        g_warning("lesson %s: cannot watch “%s”", self->kind, event);
        return FALSE;
    }
    closure = g_closure_new_simple(sizeof(GClosure), self);
    g_closure_set_marshal(closure, event_marshal);
    self->watched = instance;
    self->watch_id = g_signal_connect_closure(instance, signal, closure, FALSE);
    return TRUE;
}

static void hold(LpLesson *self, gboolean on)
{
    if (self->holding == on || self->driver == NULL)
        return;
    self->holding = on;
    if (on)
        lp_driver_hold(self->driver);
    else
        lp_driver_release(self->driver);
}

/* Where the callout points: its target's bounds on the page, or the page's middle when the
 * target is not on screen now. */
static GdkRectangle target_rect(LpLesson *self)
{
    GtkWidget *page = GTK_WIDGET(self->page);
    GtkWidget *target = lp_lesson_find_widget(page, step_at(self, self->step)->target);
    graphene_rect_t bounds;
    GdkRectangle rect = { gtk_widget_get_width(page) / 2, gtk_widget_get_height(page) / 2, 1, 1 };

    if (target != NULL && gtk_widget_get_mapped(target) &&
        gtk_widget_compute_bounds(target, page, &bounds) && bounds.size.width >= 1 &&
        bounds.size.height >= 1) {
        rect.x = (int)bounds.origin.x;
        rect.y = (int)bounds.origin.y;
        rect.width = (int)bounds.size.width;
        rect.height = (int)bounds.size.height;
    }
    return rect;
}

/* The side of the target with room for the callout, below first; a target that leaves room
 * on no side (the map on a small window) gets the callout over its lower part. */
static GtkPositionType choose_side(LpLesson *self, GdkRectangle *rect)
{
    int page_w = gtk_widget_get_width(GTK_WIDGET(self->page));
    int page_h = gtk_widget_get_height(GTK_WIDGET(self->page));
    int w, h;

    int side = step_at(self, self->step)->side;
    int room[4];

    gtk_widget_measure(self->callout, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure(self->callout, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    room[GTK_POS_LEFT] = rect->x - w - 12;
    room[GTK_POS_RIGHT] = page_w - (rect->x + rect->width) - w - 12;
    room[GTK_POS_TOP] = rect->y - h - 12;
    room[GTK_POS_BOTTOM] = page_h - (rect->y + rect->height) - h - 12;
    if (side >= 0 && room[side] >= 0)
        return (GtkPositionType)side;
    if (page_h - (rect->y + rect->height) >= h + 12)
        return GTK_POS_BOTTOM;
    if (rect->y >= h + 12)
        return GTK_POS_TOP;
    if (page_w - (rect->x + rect->width) >= w + 12)
        return GTK_POS_RIGHT;
    if (rect->x >= w + 12)
        return GTK_POS_LEFT;
    *rect = (GdkRectangle){ rect->x + rect->width / 2, rect->y + rect->height - 12, 1, 1 };
    return GTK_POS_TOP;
}

/* The target is outlined while its step is up (and the callout's arrow may be missing). */
static void highlight(LpLesson *self, GtkWidget *target)
{
    if (self->highlighted == target)
        return;
    if (self->highlighted != NULL)
        gtk_widget_remove_css_class(self->highlighted, "lesson-target");
    g_set_weak_pointer(&self->highlighted, target);
    if (target != NULL)
        gtk_widget_add_css_class(target, "lesson-target");
}

static void point(LpLesson *self, gboolean force)
{
    GdkRectangle rect = target_rect(self);
    GtkWidget *target = lp_lesson_find_widget(GTK_WIDGET(self->page),
                                              step_at(self, self->step)->target);

    highlight(self, target != NULL && gtk_widget_get_mapped(target) ? target : NULL);

    if (!force && gdk_rectangle_equal(&rect, &self->pointing))
        return;
    self->pointing = rect;
    gtk_popover_set_position(GTK_POPOVER(self->callout), choose_side(self, &rect));
    gtk_popover_set_pointing_to(GTK_POPOVER(self->callout), &rect);
    if (gtk_widget_get_visible(self->callout))
        gtk_popover_present(GTK_POPOVER(self->callout));
}

/* The page's layout follows the game (a panel switches, a card leaves): the callout follows
 * its target. */
static gboolean on_reposition(gpointer data)
{
    LpLesson *self = data;

    if (self->state == STATE_SHOWING && self->page != NULL)
        point(self, FALSE);
    return G_SOURCE_CONTINUE;
}

/* Something else closed the callout (the page closes open popovers when a round begins):
 * it comes back while its step is up. */
static gboolean popup_again(gpointer data)
{
    LpLesson *self = data;

    if (self->state == STATE_SHOWING && self->page != NULL &&
        gtk_widget_get_mapped(GTK_WIDGET(self->page)))
        gtk_popover_popup(GTK_POPOVER(self->callout));
    return G_SOURCE_REMOVE;
}

static void on_callout_closed(LpLesson *self)
{
    if (self->state == STATE_SHOWING)
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, popup_again, g_object_ref(self), g_object_unref);
}

static void on_next_clicked(LpLesson *self)
{
    lp_lesson_next(self);
}

static void on_skip_clicked(LpLesson *self)
{
    lp_lesson_skip(self);
}

static void on_real_clicked(LpLesson *self)
{
    g_autoptr(LpGamePage) page = self->page != NULL ? g_object_ref(self->page) : NULL;

    lp_lesson_skip(self);
    if (page != NULL)
        gtk_widget_activate_action(GTK_WIDGET(page), "win.new-game", "s", self->kind);
}

static GtkWidget *build_callout(LpLesson *self)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *popover = gtk_popover_new();

    gtk_widget_add_css_class(popover, "lesson-callout");
    /* Without compositing the arrow's surroundings would be black: no arrow, square and
     * outlined then (the target's outline points instead). */
    if (!gdk_display_is_composited(gdk_display_get_default())) {
        gtk_popover_set_has_arrow(GTK_POPOVER(popover), FALSE);
        gtk_widget_add_css_class(popover, "solid");
    }
    gtk_popover_set_autohide(GTK_POPOVER(popover), FALSE);
    gtk_popover_set_cascade_popdown(GTK_POPOVER(popover), FALSE);
    gtk_widget_set_margin_start(box, 6);
    gtk_widget_set_margin_end(box, 6);
    gtk_widget_set_margin_top(box, 6);
    gtk_widget_set_margin_bottom(box, 6);

    self->heading = g_object_new(GTK_TYPE_LABEL, "xalign", 0.0f, "accessible-role",
                                 GTK_ACCESSIBLE_ROLE_HEADING, NULL);
    gtk_widget_add_css_class(self->heading, "heading");
    gtk_box_append(GTK_BOX(box), self->heading);
    self->text = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(self->text), TRUE);
    gtk_label_set_natural_wrap_mode(GTK_LABEL(self->text), GTK_NATURAL_WRAP_WORD);
    gtk_label_set_max_width_chars(GTK_LABEL(self->text), 40);
    gtk_label_set_width_chars(GTK_LABEL(self->text), 28);
    gtk_label_set_xalign(GTK_LABEL(self->text), 0);
    gtk_box_append(GTK_BOX(box), self->text);

    gtk_widget_set_halign(buttons, GTK_ALIGN_END);
    gtk_widget_set_margin_top(buttons, 6);
    /* Translators: in a Learn to Play callout: end the lesson, the game goes on. */
    self->skip_button = gtk_button_new_with_mnemonic(_("S_kip Lesson"));
    gtk_widget_add_css_class(self->skip_button, "flat");
    g_signal_connect_swapped(self->skip_button, "clicked", G_CALLBACK(on_skip_clicked), self);
    gtk_box_append(GTK_BOX(buttons), self->skip_button);
    /* Translators: the last Learn to Play callout: go to the setup page of this game. */
    self->real_button = gtk_button_new_with_mnemonic(_("Play a _Real Game"));
    g_signal_connect_swapped(self->real_button, "clicked", G_CALLBACK(on_real_clicked), self);
    gtk_box_append(GTK_BOX(buttons), self->real_button);
    self->next_button = gtk_button_new_with_mnemonic(_("_Next"));
    gtk_widget_add_css_class(self->next_button, "suggested-action");
    g_signal_connect_swapped(self->next_button, "clicked", G_CALLBACK(on_next_clicked), self);
    gtk_box_append(GTK_BOX(buttons), self->next_button);
    gtk_box_append(GTK_BOX(box), buttons);

    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->skip_button));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->real_button));
    gtk_popover_set_child(GTK_POPOVER(popover), box);
    /* A screen reader says the step with the callout (its label and description, set with
     * each step) and with its Next button. */
    gtk_accessible_update_relation(GTK_ACCESSIBLE(self->next_button),
                                   GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->text, NULL, -1);
    g_signal_connect_swapped(popover, "closed", G_CALLBACK(on_callout_closed), self);
    return popover;
}

/* The first widget at or below w that takes the focus. */
static GtkWidget *first_focusable(GtkWidget *w)
{
    if (!gtk_widget_get_mapped(w) || !gtk_widget_is_sensitive(w))
        return NULL;
    if (gtk_widget_get_focusable(w) && gtk_widget_get_can_focus(w))
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = GTK_IS_NATIVE(c) ? NULL : first_focusable(c);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static void show_step(LpLesson *self)
{
    Step *step = step_at(self, self->step);
    gboolean next = g_str_equal(step->done, "next");
    gboolean last = self->step + 1 == self->steps->len;
    /* Translators: the heading of a Learn to Play callout. */
    g_autofree char *heading = g_strdup_printf(_("Learn to Play · %u of %u"), self->step + 1,
                                               self->steps->len);
    const char *text = g_dgettext(GETTEXT_PACKAGE, step->text);
    GtkWidget *focus = NULL;

    self->state = STATE_SHOWING;
    hold(self, step->hold);
    gtk_label_set_text(GTK_LABEL(self->heading), heading);
    gtk_label_set_text(GTK_LABEL(self->text), text);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->callout), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   heading, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->next_button),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    gtk_widget_set_visible(self->next_button, next);
    /* Translators: the last Learn to Play callout: the game goes on freely. */
    gtk_button_set_label(GTK_BUTTON(self->next_button), last ? _("_Play On") : _("_Next"));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->next_button));
    gtk_widget_set_visible(self->real_button, last && next);
    gtk_widget_set_visible(self->skip_button, !last);
    point(self, TRUE);
    gtk_popover_popup(GTK_POPOVER(self->callout));
    if (!next && !watch(self, step->done)) {
        /* Already done (a phase the game is in): the next step. */
        g_clear_handle_id(&self->event_id, g_source_remove);
        self->event_id = g_idle_add_full(G_PRIORITY_DEFAULT, event_idle, self, NULL);
        return;
    }
    /* Next where the person reads on, the target where the step asks for something done
     * there (the callout stays up beside it, Skip a Tab away). */
    if (!next) {
        GtkWidget *target = lp_lesson_find_widget(GTK_WIDGET(self->page), step->target);
        focus = target != NULL ? first_focusable(target) : NULL;
    }
    gtk_widget_grab_focus(focus != NULL ? focus : self->next_button);
    if (focus == NULL && !next)
        gtk_widget_grab_focus(self->skip_button);
}

static void finish(LpLesson *self)
{
    stop_watching(self);
    hold(self, FALSE);
    self->state = STATE_OVER;
    self->step = self->steps->len;
    highlight(self, NULL);
    g_clear_handle_id(&self->event_id, g_source_remove);
    g_clear_handle_id(&self->reposition_id, g_source_remove);
    if (self->callout != NULL) {
        GtkWidget *root = GTK_WIDGET(gtk_widget_get_root(self->callout));
        GtkWidget *focus = root != NULL ? gtk_root_get_focus(GTK_ROOT(root)) : NULL;

        gtk_popover_popdown(GTK_POPOVER(self->callout));
        /* The focus goes back to the game. */
        if (focus != NULL && gtk_widget_is_ancestor(focus, self->callout) && self->page != NULL)
            gtk_widget_child_focus(GTK_WIDGET(self->page), GTK_DIR_TAB_FORWARD);
    }
}

static void enter_step(LpLesson *self)
{
    Step *step;

    if (self->step >= self->steps->len) {
        finish(self);
        return;
    }
    step = step_at(self, self->step);
    if (step->wait != NULL && watch(self, step->wait)) {
        self->state = STATE_WAITING;
        hold(self, FALSE);
        highlight(self, NULL);
        gtk_popover_popdown(GTK_POPOVER(self->callout));
        return;
    }
    show_step(self);
}

static void step_done(LpLesson *self)
{
    stop_watching(self);
    hold(self, FALSE);
    self->step++;
    enter_step(self);
}

void lp_lesson_next(LpLesson *self)
{
    g_return_if_fail(LP_IS_LESSON(self));
    if (self->state == STATE_SHOWING && g_str_equal(step_at(self, self->step)->done, "next"))
        step_done(self);
}

void lp_lesson_skip(LpLesson *self)
{
    g_return_if_fail(LP_IS_LESSON(self));
    if (self->state != STATE_OVER)
        finish(self);
}

/* The page goes: so do the callout and the lesson. */
static void on_page_destroy(LpLesson *self)
{
    stop_watching(self);
    hold(self, FALSE);
    g_clear_handle_id(&self->event_id, g_source_remove);
    g_clear_handle_id(&self->reposition_id, g_source_remove);
    self->state = STATE_OVER;
    g_clear_weak_pointer(&self->highlighted);
    if (self->callout != NULL && gtk_widget_get_parent(self->callout) != NULL)
        gtk_widget_unparent(self->callout);
    self->page = NULL;
    self->game = NULL;
    g_clear_object(&self->driver);
}

static gboolean start_idle(gpointer data)
{
    LpLesson *self = data;

    if (self->state == STATE_IDLE && self->page != NULL) {
        self->reposition_id = g_timeout_add(250, on_reposition, self);
        enter_step(self);
    }
    return G_SOURCE_REMOVE;
}

void lp_lesson_run(LpLesson *self, LpGamePage *page)
{
    g_return_if_fail(LP_IS_LESSON(self));
    g_return_if_fail(LP_IS_GAME_PAGE(page));
    g_return_if_fail(self->page == NULL);

    self->page = page;
    self->game = lp_game_page_get_game(page);
    self->driver = g_object_ref(lp_game_page_get_driver(page));
    self->callout = g_object_ref_sink(build_callout(self));
    gtk_widget_set_parent(self->callout, GTK_WIDGET(page));
    g_object_set_data_full(G_OBJECT(page), "lp-lesson", g_object_ref(self), g_object_unref);
    g_signal_connect_object(page, "destroy", G_CALLBACK(on_page_destroy), self,
                            G_CONNECT_SWAPPED);
    /* Once the page has its first layout, so the callout has something to point at. */
    g_idle_add_full(G_PRIORITY_LOW, start_idle, g_object_ref(self), g_object_unref);
}

LpLesson *lp_lesson_of_page(LpGamePage *page)
{
    g_return_val_if_fail(LP_IS_GAME_PAGE(page), NULL);
    return g_object_get_data(G_OBJECT(page), "lp-lesson");
}

guint lp_lesson_get_step(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), 0);
    return self->step;
}

gboolean lp_lesson_is_showing(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), FALSE);
    return self->state == STATE_SHOWING;
}

GtkWidget *lp_lesson_get_callout(LpLesson *self)
{
    g_return_val_if_fail(LP_IS_LESSON(self), NULL);
    return self->callout;
}
