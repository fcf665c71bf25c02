/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Draws the Buxtehude cross from cached render nodes and maps pointer, drop and key input to
 * gaps. */
#include "config.h"

#include "bux-cross.h"

#include <math.h>
#include <string.h>

#include <gsk/gl/gskglrenderer.h>

#include <glib/gi18n.h>

#include "bux-card-text.h"
#include "lp-theme.h"

#define CW 140.0 /* card width */
#define CH 96.0  /* card height */
/* The room between cards holds a gap's bar; the gap takes clicks from card centre to card
 * centre, so it can be narrow and the cross still fits a netbook (issue 13). */
#define GX 18.0  /* horizontal room between cards */
#define GY 20.0  /* vertical room between cards */
#define PW (CW + GX)
#define PH (CH + GY)
#define DIR_PAD 16.0 /* the Direction card's border around the starting card, with the arrows */
#define LEAD 30.0    /* more room between the Direction card and an arm's first card */
#define MARGIN 12.0
/* The free place at the end of an arm is shorter along the arm than a card: it only has to
 * be seen and hit, and every arm has one. */
/* Below this size on screen (about 9 pt) a revealed card's details are not drawn. */
#define LEGIBLE_PX 12.0
#define SLOT_W 76.0 /* along a west or east arm */
#define SLOT_H 56.0 /* along a north or south arm */

typedef struct {
    int card;
    double x, y;     /* centre, unscaled, relative to the starting card */
    gint64 start_us;
} Ghost;

struct _BuxCross {
    GtkWidget parent_instance;

    BuxGame *game;
    GSignalGroup *game_signals;
    LpSettings *settings;
    GSignalGroup *settings_signals;

    gboolean interactive;
    gboolean show_revealed;
    int scoring_step;
    BuxArm sel_arm;
    guint sel_index;
    int hover_arm;
    guint hover_index;
    gboolean drop_hover;   /* the hovered gap is a drag's: its whole target is shown */

    GHashTable *positions; /* card → double[2], where it was last drawn */
    GArray *ghosts;
    guint tick_id;

    double scale, ox, oy;  /* last transform: screen = o + scale * unscaled */

    /* Built once per look and reused across frames (see "style" below). */
    gboolean style_valid;
    GdkRGBA colours[16];
    PangoFontDescription *font;
    GHashTable *cards;                 /* card → CardLook */
    GskRenderNode *direction_node;
    double direction_zoom;             /* the zoom direction_node was built at */
    GskRenderNode *gap_nodes[4][4];    /* GapShape × state */
    GskRenderNode *scene;              /* the cross at scene_w × scene_h */
    double scene_w, scene_h;
    GArray *placed;                    /* Placed: the scene's items, for drawing a part */
    /* When the cross is bigger than its scrolled window, only what is in sight is drawn (a
     * GL frame otherwise fills the whole table and every card, in sight or not): this part
     * of the scene, rebuilt when the scrolled window scrolls. */
    GskRenderNode *part;
    graphene_rect_t part_rect;
    /* Issue 35: for a GL renderer, each card of the cross (and the Direction card) drawn once
     * into a texture of the renderer of its own, at the zoom and the display's scale, and drawn
     * as that texture while its look and the zoom stay: a renderer that repaints the whole
     * window for every change (llvmpipe, no buffer age) then copies the cards' pixels only,
     * instead of drawing every card and glyph again, or the whole cross's bounds as one
     * picture. A window being resized keeps its zoom over many frames (bux_cross_fit_zoom's
     * steps), and with it the cards' textures; they move to whole device pixels. */
    GHashTable *stamps;                /* GskRenderNode (a reference) → Stamp */
    gsize stamps_pixels;               /* device pixels held by the stamps' textures */
    /* While the window is being resized, a card whose zoom changed is drawn from its
     * texture at the zoom before, scaled, as image viewers do; a quarter of a second after
     * the last new size the cards are drawn sharp at their zoom again. */
    gint64 resized_us;
    guint settle_id;
    GtkAdjustment *watched[2];         /* the scrolled window's, redrawn when they move */
    gulong watched_ids[2];
    GskRenderNode *gaps;               /* the gaps as the gaps_* fields had them */
    int gaps_hover_arm;
    BuxArm gaps_sel_arm;
    guint gaps_hover_index, gaps_sel_index;
    gboolean gaps_focus;
    gboolean gaps_drop;
    gboolean gaps_partial; /* with GL, some gaps were drawn as nodes: built again */
    int keep_card;         /* scroll this card into view after the next drawing, or -1 */
    /* Issue 36: a revealed card whose details are too small to read shows them on hover (a
     * tooltip), on focus (the arrow keys walk such cards) and on click, in this popover. */
    GtkWidget *popover;
    GtkWidget *popover_label;
    int popover_card;
    int focus_card;        /* the card the keyboard points at while the cross is read, or -1 */
    guint focusable_id;    /* update_focusable() after a new scene, outside the snapshot */
    /* Issue 31: the card a person was reading on the cross of the page this one replaced,
     * taken up again once this cross has drawn its cards; or -1. */
    int carried_card;
    gboolean carried_focus;
    guint scroll_id;
};

G_DEFINE_FINAL_TYPE(BuxCross, bux_cross, GTK_TYPE_WIDGET)

enum {
    SIGNAL_GAP_ACTIVATED,
    SIGNAL_SELECTION_CHANGED,
    N_SIGNALS,
};
static guint signals[N_SIGNALS];

enum {
    PROP_0,
    PROP_GAME,
    PROP_SETTINGS,
    PROP_INTERACTIVE,
    PROP_SHOW_REVEALED,
    PROP_SCORING_STEP,
    N_PROPS,
};
static GParamSpec *properties[N_PROPS];

static const char *const arm_words[BUX_N_ARMS] = { N_("north"), N_("south"), N_("west"),
                                                   N_("east") };
static const int arm_dx[BUX_N_ARMS] = { 0, 0, -1, 1 };
static const int arm_dy[BUX_N_ARMS] = { -1, 1, 0, 0 };

/* ---- what is shown ---------------------------------------------------------------------- */

typedef struct {
    int start;
    GArray *arms[BUX_N_ARMS];
} Shown;

/* A rightly challenged card has left the model's cross, but stays in sight, marked, where
 * it lay while its result is read (while the pair is shown face up); else -1. */
static int removed_shown(BuxCross *self)
{
    if (!self->show_revealed || self->scoring_step >= 0)
        return -1;
    const BuxChallenge *c = bux_game_get_last_challenge(self->game);
    if (c == NULL || !c->rightful || !bux_game_is_revealed(self->game, c->card) ||
        c->arm >= BUX_N_ARMS)
        return -1;
    return c->card;
}

static gboolean shown_get(BuxCross *self, Shown *shown)
{
    if (self->game == NULL)
        return FALSE;
    const BuxScoring *sc = bux_game_get_last_scoring(self->game);
    if (self->scoring_step >= 0 && sc != NULL) {
        shown->start = sc->start;
        for (guint a = 0; a < BUX_N_ARMS; a++)
            shown->arms[a] = g_array_ref(sc->arms[a]);
        return TRUE;
    }
    shown->start = bux_game_get_start_card(self->game);
    if (shown->start < 0)
        return FALSE;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        guint len = bux_game_get_arm_length(self->game, a);
        shown->arms[a] = g_array_sized_new(FALSE, FALSE, sizeof(int), len);
        for (guint i = 0; i < len; i++) {
            int card = bux_game_get_arm_card(self->game, a, i);
            g_array_append_val(shown->arms[a], card);
        }
    }
    int gone = removed_shown(self);
    if (gone >= 0) {
        const BuxChallenge *c = bux_game_get_last_challenge(self->game);
        g_array_insert_val(shown->arms[c->arm], MIN(c->index, shown->arms[c->arm]->len), gone);
    }
    return TRUE;
}

static void shown_clear(Shown *shown)
{
    for (guint a = 0; a < BUX_N_ARMS; a++)
        g_clear_pointer(&shown->arms[a], g_array_unref);
}

static guint live_len(BuxCross *self, BuxArm arm)
{
    return bux_game_get_arm_length(self->game, arm);
}

/* ---- geometry --------------------------------------------------------------------------- */

/* Everything is laid out in card units around the starting card's centre. Along an arm the
 * first card lies a little further out than the next ones, so that the gap next to the
 * starting card lies clear of the Direction card and its arrows. */

static gboolean arm_horizontal(BuxArm arm)
{
    return arm_dx[arm] != 0;
}

static double along_pitch(BuxArm arm)
{
    return arm_horizontal(arm) ? PW : PH;
}

static double along_size(BuxArm arm)
{
    return arm_horizontal(arm) ? CW : CH;
}

static double across_size(BuxArm arm)
{
    return arm_horizontal(arm) ? CH : CW;
}

static double slot_size(BuxArm arm)
{
    return arm_horizontal(arm) ? SLOT_W : SLOT_H;
}

/* How far the Direction card reaches along the arm. */
static double direction_reach(BuxArm arm)
{
    return along_size(arm) / 2 + DIR_PAD;
}

/* The distance of the centre of card i (0 next to the starting card) from the start. */
static double card_distance(BuxArm arm, double i)
{
    return LEAD + (i + 1) * along_pitch(arm);
}

static void along_point(BuxArm arm, double d, double *x, double *y)
{
    *x = arm_dx[arm] * d;
    *y = arm_dy[arm] * d;
}

static void card_centre(BuxArm arm, guint i, double *x, double *y)
{
    along_point(arm, card_distance(arm, i), x, y);
}

/* Where the free place after arm_len cards begins: where a next card's inner edge would be. */
static double slot_start(BuxArm arm, guint arm_len)
{
    return card_distance(arm, arm_len) - along_size(arm) / 2;
}

graphene_rect_t bux_cross_direction_area(void)
{
    return GRAPHENE_RECT_INIT(-CW / 2 - DIR_PAD, -CH / 2 - DIR_PAD, CW + 2 * DIR_PAD,
                              CH + 2 * DIR_PAD);
}

/* The distance of a gap's centre: inner gaps lie halfway between two cards (the first one
 * halfway between the Direction card and the first card), the outer one is a free card
 * place. */
static double gap_distance(BuxArm arm, guint arm_len, guint index)
{
    if (index >= arm_len)
        return slot_start(arm, arm_len) + slot_size(arm) / 2;
    if (index == 0)
        return (direction_reach(arm) + card_distance(arm, 0) - along_size(arm) / 2) / 2;
    return (card_distance(arm, index - 1) + card_distance(arm, index)) / 2;
}

graphene_rect_t bux_cross_gap_area(BuxArm arm, guint arm_len, guint index)
{
    g_return_val_if_fail(arm < BUX_N_ARMS, GRAPHENE_RECT_INIT(0, 0, 0, 0));
    index = MIN(index, arm_len);
    /* From the middle of the card inside to the middle of the card outside: a click on
     * either half of a card means the gap on that side; never on the Direction card. */
    double from = index == 0 ? direction_reach(arm) : card_distance(arm, index - 1);
    double to = index < arm_len ? card_distance(arm, index)
                                : slot_start(arm, arm_len) + slot_size(arm) +
                                      (along_pitch(arm) - along_size(arm)) / 2;
    double half_across = across_size(arm) / 2 + 8;
    if (arm_horizontal(arm)) {
        double x0 = arm_dx[arm] > 0 ? from : -to;
        return GRAPHENE_RECT_INIT(x0, -half_across, to - from, 2 * half_across);
    }
    double y0 = arm_dy[arm] > 0 ? from : -to;
    return GRAPHENE_RECT_INIT(-half_across, y0, 2 * half_across, to - from);
}

graphene_rect_t bux_cross_gap_target(BuxArm arm, guint arm_len, guint index, double zoom)
{
    g_return_val_if_fail(arm < BUX_N_ARMS && zoom > 0, GRAPHENE_RECT_INIT(0, 0, 0, 0));
    graphene_rect_t r = bux_cross_gap_area(arm, arm_len, index);
    if (index > 0)
        return r; /* between two cards: from card centre to card centre, wide enough */
    double want = BUX_CROSS_MIN_TARGET / zoom;
    float *len = arm_horizontal(arm) ? &r.size.width : &r.size.height;
    /* Not past the inner edge of the starting card's middle third: the four first gaps keep
     * apart. */
    double grow = MIN(want - *len, direction_reach(arm) - along_size(arm) / 6);
    if (grow <= 0)
        return r;
    *len += grow;
    if (arm_dx[arm] > 0)
        r.origin.x -= grow;
    else if (arm_dy[arm] > 0)
        r.origin.y -= grow;
    return r;
}

double bux_cross_fit_zoom(double avail_w, double avail_h, double content_w, double content_h)
{
    if (content_w <= 0 || content_h <= 0 || avail_w <= 0 || avail_h <= 0)
        return BUX_CROSS_MIN_ZOOM;
    double zoom = MIN(avail_w / content_w, avail_h / content_h);
    /* In steps of a twelfth of an octave (2^(1/12), 6 %), rounded down so that it still fits:
     * text is rasterised once per size, and a window being resized would otherwise ask for a
     * new size of every glyph on every frame. Steps of a constant ratio look alike at every
     * zoom, and the 26 of them between the bounds keep the glyph caches small: a game's
     * cross grows through many zooms, and steps of 1/64 were 90 sizes of every glyph. */
    zoom = exp2(floor(12 * log2(zoom) + 1e-9) / 12);
    return CLAMP(zoom, BUX_CROSS_MIN_ZOOM, BUX_CROSS_MAX_ZOOM);
}

/* How far the cross reaches from the start along an arm of len cards, with or without the
 * free place at its end. */
static double arm_extent(BuxArm arm, guint len, gboolean slot)
{
    double reach = slot       ? slot_start(arm, len) + slot_size(arm)
                   : len == 0 ? direction_reach(arm)
                              : card_distance(arm, len - 1) + along_size(arm) / 2;
    return reach + MARGIN;
}

static void extents(BuxCross *self, double *left, double *right, double *up, double *down)
{
    guint len[BUX_N_ARMS] = { 0 };
    Shown shown;
    if (shown_get(self, &shown)) {
        for (guint a = 0; a < BUX_N_ARMS; a++)
            len[a] = shown.arms[a]->len;
        shown_clear(&shown);
    }
    /* In play, room for the free place at the end of each arm (also while it is not shown,
     * so that the zoom does not change with every turn). */
    gboolean slot = self->scoring_step < 0;
    *left = arm_extent(BUX_ARM_WEST, len[BUX_ARM_WEST], slot);
    *right = arm_extent(BUX_ARM_EAST, len[BUX_ARM_EAST], slot);
    *up = arm_extent(BUX_ARM_NORTH, len[BUX_ARM_NORTH], slot);
    *down = arm_extent(BUX_ARM_SOUTH, len[BUX_ARM_SOUTH], slot);
    /* The scoring's cross, too, leaves room for the Direction card's width. */
    *left = MAX(*left, CW / 2 + DIR_PAD + MARGIN);
    *right = MAX(*right, CW / 2 + DIR_PAD + MARGIN);
}

static void gap_centre(BuxCross *self, BuxArm arm, guint index, double *x, double *y)
{
    along_point(arm, gap_distance(arm, live_len(self, arm), index), x, y);
}

static gboolean gap_at(BuxCross *self, double sx, double sy, BuxArm *arm, guint *index)
{
    if (self->game == NULL || bux_game_get_start_card(self->game) < 0 || self->scale <= 0)
        return FALSE;
    graphene_point_t p = GRAPHENE_POINT_INIT((sx - self->ox) / self->scale,
                                             (sy - self->oy) / self->scale);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        guint len = live_len(self, a);
        for (guint g = 0; g <= len; g++) {
            graphene_rect_t r = bux_cross_gap_target(a, len, g, self->scale);
            if (graphene_rect_contains_point(&r, &p)) {
                *arm = a;
                *index = g;
                return TRUE;
            }
        }
    }
    return FALSE;
}

/* ---- text ------------------------------------------------------------------------------- */

static const char *card_name(BuxCross *self, int card)
{
    return bux_card_get_name(bux_deck_get_card(bux_game_get_deck(self->game), card));
}

char *bux_cross_describe_gap(BuxGame *game, BuxArm arm, guint index)
{
    BuxDeck *deck = bux_game_get_deck(game);
    guint len = bux_game_get_arm_length(game, arm);
    int inner = index == 0 ? bux_game_get_start_card(game)
                           : bux_game_get_arm_card(game, arm, index - 1);
    const char *inner_name = bux_card_get_name(bux_deck_get_card(deck, inner));
    if (index < len) {
        int outer = bux_game_get_arm_card(game, arm, index);
        /* Translators: a gap in the cross: "north, between Kiel and Hamburg" */
        return g_strdup_printf(_("%s, between %s and %s"), _(arm_words[arm]), inner_name,
                               bux_card_get_name(bux_deck_get_card(deck, outer)));
    }
    /* Translators: the gap at the outer end of an arm: "north, beyond Kiel" */
    return g_strdup_printf(_("%s, beyond %s"), _(arm_words[arm]), inner_name);
}

static void update_accessible(BuxCross *self)
{
    Shown shown;
    if (!shown_get(self, &shown)) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       _("The cross (empty)"), -1);
        return;
    }
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, _("The cross, starting card %s."), card_name(self, shown.start));
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        g_string_append_printf(s, " %s:", _(arm_words[a]));
        if (shown.arms[a]->len == 0)
            g_string_append_printf(s, " %s", _("no cards"));
        for (guint i = 0; i < shown.arms[a]->len; i++)
            g_string_append_printf(s, "%s %s", i > 0 ? "," : "",
                                   card_name(self, g_array_index(shown.arms[a], int, i)));
        g_string_append_c(s, '.');
    }
    shown_clear(&shown);
    g_autofree char *label = g_string_free(s, FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
}

/* ---- style ------------------------------------------------------------------------------ */

/* Everything is drawn in unscaled card units and scaled by the snapshot, so text layouts
 * exist at a few fixed sizes and every card's render node is built once per look (card,
 * face, marks, coordinates, style) and reused across frames; the whole cross is one node per
 * state and size, the gaps a small node per hover and selection. Colours come from the
 * theme's named colours and fonts from the widget's Pango context, so the dark and
 * high-contrast styles apply (STYLE.md: canvases take colours and fonts from the widget). */

typedef enum {
    COLOUR_TABLE,
    COLOUR_CARD,
    COLOUR_CARD_REVEALED,
    COLOUR_CARD_WRONG,
    COLOUR_CARD_BORDER,
    COLOUR_TEXT,
    COLOUR_TEXT_DIM,
    COLOUR_WRONG,
    COLOUR_REFERENCE,
    COLOUR_PLACED,
    COLOUR_COMPASS,
    COLOUR_COMPASS_INK,
    COLOUR_ACCENT,
    COLOUR_SHADOW,
    N_COLOURS
} Colour;
G_STATIC_ASSERT(N_COLOURS <= 16); /* BuxCross.colours */

static GdkRGBA mix(const GdkRGBA *a, const GdkRGBA *b, float t)
{
    return (GdkRGBA){ a->red + (b->red - a->red) * t, a->green + (b->green - a->green) * t,
                      a->blue + (b->blue - a->blue) * t, a->alpha + (b->alpha - a->alpha) * t };
}

static GdkRGBA with_alpha(const GdkRGBA *c, float alpha)
{
    return (GdkRGBA){ c->red, c->green, c->blue, c->alpha * alpha };
}

static void drop_card_nodes(BuxCross *self);
static void drop_stamps(BuxCross *self);

static void ensure_style(BuxCross *self)
{
    if (self->style_valid)
        return;
    GtkWidget *w = GTK_WIDGET(self);
    GdkRGBA c[N_COLOURS];
    GdkRGBA bg = lp_theme_named_colour(w, "theme_bg_color", "#f6f5f4");
    GdkRGBA base = lp_theme_named_colour(w, "theme_base_color", "#ffffff");
    GdkRGBA text;
    lp_theme_get_color(w, &text);
    GdkRGBA green = lp_theme_named_colour(w, "success_color", "#26a269");
    GdkRGBA warm = lp_theme_named_colour(w, "warning_color", "#cd9309");
    GdkRGBA error = lp_theme_named_colour(w, "error_color", "#c01c28");
    GdkRGBA accent = lp_theme_named_colour(w, "theme_selected_bg_color", "#3584e4");

    c[COLOUR_TABLE] = mix(&bg, &green, 0.14f);
    c[COLOUR_CARD] = mix(&base, &warm, 0.07f);
    c[COLOUR_CARD_REVEALED] = mix(&base, &accent, 0.08f);
    c[COLOUR_CARD_WRONG] = mix(&base, &error, 0.15f);
    GdkRGBA ink = mix(&text, &warm, 0.35f);
    c[COLOUR_CARD_BORDER] = mix(&ink, &base, 0.35f);
    c[COLOUR_TEXT] = text;
    c[COLOUR_TEXT_DIM] = mix(&text, &base, 0.3f);
    c[COLOUR_WRONG] = error;
    c[COLOUR_REFERENCE] = accent;
    c[COLOUR_PLACED] = warm;
    c[COLOUR_COMPASS] = mix(&c[COLOUR_TABLE], &warm, 0.35f);
    c[COLOUR_COMPASS_INK] = mix(&text, &warm, 0.45f);
    /* A dark style's selection colour is deep; gaps on a dark table need it lighter. */
    c[COLOUR_ACCENT] = lp_theme_luminance(&base) < 0.5 ? mix(&accent, &text, 0.35f) : accent;
    c[COLOUR_SHADOW] = (GdkRGBA){ 0, 0, 0, 0.18f };

    const PangoFontDescription *font =
        pango_context_get_font_description(gtk_widget_get_pango_context(w));
    self->style_valid = TRUE;
    /* Most style changes (hover, focus, backdrop) leave colours and font alone. */
    if (self->font != NULL && pango_font_description_equal(self->font, font) &&
        memcmp(c, self->colours, sizeof c) == 0)
        return;
    memcpy(self->colours, c, sizeof c);
    g_clear_pointer(&self->font, pango_font_description_free);
    self->font = pango_font_description_copy(font);
    drop_card_nodes(self);
    drop_stamps(self);
    g_clear_pointer(&self->scene, gsk_render_node_unref);
    g_clear_pointer(&self->part, gsk_render_node_unref);
    if (self->placed != NULL)
        g_array_set_size(self->placed, 0);
    g_clear_pointer(&self->gaps, gsk_render_node_unref);
}

/* ---- text ------------------------------------------------------------------------------- */

/* Text is laid out and drawn at its size on screen, a size of the card text's scale
 * (bux_text_size()), under no scale of its own (issue 35): cairo keeps a font and its glyphs
 * for every size and scale a text is drawn at, so text set in the cross's units and scaled by
 * the zoom made every size of card text a new font at each of the 26 zooms, a thousand fonts
 * that kept the glyph caches full and growing; on screen there are some forty. A card's node
 * is therefore built for its zoom: its shapes in units, scaled, its text in pixels.
 * A size of s units at zoom z on screen. */
static double text_px(double s, double zoom)
{
    return bux_text_size(s * zoom);
}

/* Appends layout with its top centre at (cx, top), in pixels; returns its height. */
static double append_text(GtkSnapshot *snapshot, PangoLayout *layout, double cx, double top,
                          double width, const GdkRGBA *colour)
{
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(cx - width / 2, top));
    gtk_snapshot_append_layout(snapshot, layout, colour);
    gtk_snapshot_restore(snapshot);
    return h;
}

/* An empty, centred layout of the widget's font in that weight, for bux_text_fit(). */
static PangoLayout *font_layout(BuxCross *self, gboolean bold)
{
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), NULL);
    PangoFontDescription *font = pango_font_description_copy_static(self->font);
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
    return layout;
}

static double layout_height(PangoLayout *layout)
{
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    return h;
}

/* ---- drawing ---------------------------------------------------------------------------- */

typedef enum {
    MARK_NONE = 0,
    MARK_PLACED = 1 << 0,    /* the card under challenge */
    MARK_WRONG = 1 << 1,     /* set aside at a scoring */
    MARK_CURRENT = 1 << 2,   /* the wrong card being explained now */
    MARK_REFERENCE = 1 << 3, /* the card it was compared with */
} Mark;

/* A card's look, and its node: what makes it differs, the node is built again. */
typedef struct {
    gboolean revealed;
    Mark mark;
    gboolean coords;
    double zoom;        /* the zoom it was built for */
    gboolean terse;     /* revealed, its details left out as they would be too small */
    GskRenderNode *node;
} CardLook;

static void card_look_free(gpointer data)
{
    CardLook *look = data;
    g_clear_pointer(&look->node, gsk_render_node_unref);
    g_free(look);
}

static void append_rounded(GtkSnapshot *snapshot, double x, double y, double w, double h,
                           double r, const GdkRGBA *fill, const GdkRGBA *line, double width)
{
    GskRoundedRect round;
    gsk_rounded_rect_init_from_rect(&round, &GRAPHENE_RECT_INIT(x, y, w, h), r);
    if (fill != NULL) {
        gtk_snapshot_push_rounded_clip(snapshot, &round);
        gtk_snapshot_append_color(snapshot, fill, &round.bounds);
        gtk_snapshot_pop(snapshot);
    }
    if (line != NULL) {
        const float widths[4] = { width, width, width, width };
        const GdkRGBA colours[4] = { *line, *line, *line, *line };
        gtk_snapshot_append_border(snapshot, &round, widths, colours);
    }
}

static void append_line(GtkSnapshot *snapshot, double x0, double y0, double x1, double y1,
                        double width, const GdkRGBA *colour)
{
    /* A straight stroke as a rotated rectangle. */
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(x0, y0));
    gtk_snapshot_rotate(snapshot, atan2(dy, dx) * 180 / G_PI);
    gtk_snapshot_append_color(snapshot, colour,
                              &GRAPHENE_RECT_INIT(0, -width / 2, len, width));
    gtk_snapshot_restore(snapshot);
}

/* A card at zoom z: (0, 0) to (CW, CH) in units is (0, 0) to (z CW, z CH) in pixels. */
static GskRenderNode *build_card(BuxCross *self, int card, gboolean revealed, Mark mark,
                                 gboolean coords, double z, gboolean *terse)
{
    *terse = FALSE;
    const BuxCard *c = bux_deck_get_card(bux_game_get_deck(self->game), card);
    const GdkRGBA *col = self->colours;
    GtkSnapshot *snapshot = gtk_snapshot_new();

    gtk_snapshot_save(snapshot);
    gtk_snapshot_scale(snapshot, z, z);
    append_rounded(snapshot, 2, 3, CW, CH, 9, &col[COLOUR_SHADOW], NULL, 0);
    const GdkRGBA *fill = mark & MARK_WRONG ? &col[COLOUR_CARD_WRONG]
                          : revealed        ? &col[COLOUR_CARD_REVEALED]
                                            : &col[COLOUR_CARD];
    const GdkRGBA *line = &col[COLOUR_CARD_BORDER];
    double width = 1.5;
    if (mark & (MARK_CURRENT | MARK_WRONG)) {
        line = &col[COLOUR_WRONG];
        width = mark & MARK_CURRENT ? 5 : 2.5;
    } else if (mark & MARK_REFERENCE) {
        line = &col[COLOUR_REFERENCE];
        width = 4;
    } else if (mark & MARK_PLACED) {
        line = &col[COLOUR_PLACED];
        width = 4;
    }
    /* The stroke is centred on the edge, as it was drawn with cairo. */
    append_rounded(snapshot, 0, 0, CW, CH, 9, fill, NULL, 0);
    append_rounded(snapshot, -width / 2, -width / 2, CW + width, CH + width, 9 + width / 2,
                   NULL, line, width);
    if (mark & MARK_WRONG) {
        /* A red cross in the corner, so "wrong" does not rest on colour alone. */
        append_line(snapshot, CW - 20, 6, CW - 8, 18, 3, &col[COLOUR_WRONG]);
        append_line(snapshot, CW - 8, 6, CW - 20, 18, 3, &col[COLOUR_WRONG]);
    }
    gtk_snapshot_restore(snapshot);

    const char *name = bux_card_get_name(c);
    const GdkRGBA *ink = &col[COLOUR_TEXT];
    if (!revealed) {
        /* The face: the name as large as it fits, broken only between words. */
        g_autoptr(PangoLayout) l = font_layout(self, TRUE);
        bux_text_fit(l, name, (CW - 10) * z, 3, (CH - 12) * z, text_px(22, z),
                     text_px(12, z), NULL);
        double h = layout_height(l);
        append_text(snapshot, l, CW / 2 * z, CH / 2 * z - h / 2.0, (CW - 10) * z, ink);
    } else {
        /* The back of the card: name, coordinates, figures or description, state. Everything
         * shrinks together until it fits; only at the smallest size is the description cut. */
        g_autofree char *coord_text = coords ? bux_card_coordinates(c) : NULL;
        g_autofree char *details = bux_card_details(c);
        const char *state = bux_state_name(c->state);
        g_autoptr(PangoLayout) nl = font_layout(self, TRUE);
        g_autoptr(PangoLayout) cl = font_layout(self, TRUE);
        g_autoptr(PangoLayout) dl = font_layout(self, FALSE);
        g_autoptr(PangoLayout) sl = font_layout(self, FALSE);
        double name_h = 0, coord_h = 0, state_h = 0;
        /* The name keeps clear of the red cross in the corner of a wrong card. */
        double name_w = mark & MARK_WRONG ? CW - 48 : CW - 10;
        gboolean with_details = TRUE;
        for (int step = 0; step <= 8; step++) {
            double f = 1.0 - 0.05 * step;
            gboolean last = step == 8;
            double ns = text_px(15 * f, z), cs = text_px(12 * f, z);
            double ds = text_px(13 * f, z), ss = text_px(12 * f, z);
            if (with_details && 13 * f * z < LEGIBLE_PX) {
                /* Issue 36: details too small to read are left out (shown on hover, focus
                 * and click instead); the rest is fitted again without them. */
                with_details = FALSE;
                step = -1;
                continue;
            }
            gboolean ok = bux_text_set_at(nl, name, name_w * z, ns, 3, 3.6 * ns);
            name_h = layout_height(nl);
            if (coord_text != NULL) {
                ok &= bux_text_set_at(cl, coord_text, (CW - 8) * z, cs, 1, 2 * cs);
                coord_h = layout_height(cl) + z;
            }
            ok &= bux_text_set_at(sl, state, (CW - 10) * z, ss, 1, 2 * ss);
            state_h = layout_height(sl);
            double room = (CH - 4 - 5 - 1 - 1) * z - name_h - coord_h - state_h;
            if (with_details)
                ok &= bux_text_set_at(dl, details, (CW - 10) * z, ds, 12, room);
            if (ok || last)
                break;
        }
        double cx = CW / 2 * z, top = 5 * z;
        top += append_text(snapshot, nl, cx, top, name_w * z, ink) + z;
        if (coord_text != NULL)
            top += append_text(snapshot, cl, cx, top, (CW - 8) * z, ink) + z;
        if (with_details) {
            append_text(snapshot, dl, cx, top, (CW - 10) * z, ink);
        } else {
            /* "More on this card": an ellipsis where the details would be. */
            g_autoptr(PangoLayout) more = font_layout(self, TRUE);
            bux_text_set_at(more, "…", (CW - 10) * z, text_px(22, z), 1, 40 * z);
            append_text(snapshot, more, cx, top - 4 * z, (CW - 10) * z, &col[COLOUR_TEXT_DIM]);
            *terse = TRUE;
        }
        append_text(snapshot, sl, cx, (CH - 4) * z - state_h, (CW - 10) * z,
                    &col[COLOUR_TEXT_DIM]);
    }
    return gtk_snapshot_free_to_node(snapshot);
}

/* The zoom nodes are built for now. */
static double node_zoom(BuxCross *self)
{
    return self->scale > 0 ? self->scale : 1;
}

/* Whether a node built at zoom may still be drawn, scaled: while the window is being resized
 * the cards keep the nodes (and the textures) of the zoom before, and are built again at
 * their zoom a quarter of a second after the last new size (settle_timeout). */
static gboolean zoom_current(BuxCross *self, double zoom)
{
    return zoom == node_zoom(self) || self->settle_id != 0;
}

/* The card's node as it looks now, and the zoom it was built at (*zoom). */
static GskRenderNode *card_node(BuxCross *self, int card, gboolean revealed, Mark mark,
                                double *zoom)
{
    gboolean coords = revealed && self->settings != NULL &&
                      lp_settings_get_show_coordinates(self->settings);
    CardLook *look = g_hash_table_lookup(self->cards, GINT_TO_POINTER(card));
    if (look == NULL) {
        look = g_new0(CardLook, 1);
        g_hash_table_insert(self->cards, GINT_TO_POINTER(card), look);
    }
    if (look->node == NULL || look->revealed != revealed || look->mark != mark ||
        look->coords != coords || !zoom_current(self, look->zoom)) {
        g_clear_pointer(&look->node, gsk_render_node_unref);
        look->zoom = node_zoom(self);
        look->node = build_card(self, card, revealed, mark, coords, look->zoom, &look->terse);
        look->revealed = revealed;
        look->mark = mark;
        look->coords = coords;
    }
    *zoom = look->zoom;
    return look->node;
}

/* node, built at zoom, with its unscaled (0, 0) at (x, y) unscaled, relative to the start. */
static void append_at(BuxCross *self, GtkSnapshot *snapshot, GskRenderNode *node, double zoom,
                      double x, double y)
{
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(self->ox + x * self->scale,
                                                          self->oy + y * self->scale));
    if (self->scale != zoom)
        gtk_snapshot_scale(snapshot, self->scale / zoom, self->scale / zoom);
    gtk_snapshot_append_node(snapshot, node);
    gtk_snapshot_restore(snapshot);
}

/* The Direction card at zoom z, its origin the starting card's centre. */
static GskRenderNode *build_direction_card(BuxCross *self, double z)
{
    /* RULES.md: the starting card lies on the Direction card; its compass shows the four
     * arms. The arrows and letters lie on its border around the starting card, clear of the
     * gaps next to it. */
    const GdkRGBA *col = self->colours;
    graphene_rect_t area = bux_cross_direction_area();
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_save(snapshot);
    gtk_snapshot_scale(snapshot, z, z);
    append_rounded(snapshot, area.origin.x, area.origin.y, area.size.width, area.size.height,
                   14, &col[COLOUR_COMPASS], NULL, 0);
    append_rounded(snapshot, area.origin.x - 0.75, area.origin.y - 0.75, area.size.width + 1.5,
                   area.size.height + 1.5, 14.75, NULL, &col[COLOUR_CARD_BORDER], 1.5);
    const char *letters[BUX_N_ARMS] = { C_("compass", "N"), C_("compass", "S"),
                                        C_("compass", "W"), C_("compass", "E") };
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        double dx = arm_dx[a], dy = arm_dy[a];
        double tip = direction_reach(a) - 2;
        double tip_x = dx * tip, tip_y = dy * tip;
        /* An arrow head along the arm, 12 long and 16 wide: a diamond stretched to
         * 24 × 16, of which the half behind the tip is shown. */
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(tip_x, tip_y));
        gtk_snapshot_rotate(snapshot, atan2(dy, dx) * 180 / G_PI);
        gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(-12, -8, 12, 16));
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(-12, 0));
        gtk_snapshot_scale(snapshot, 12, 8);
        gtk_snapshot_rotate(snapshot, 45);
        gtk_snapshot_append_color(snapshot, &col[COLOUR_COMPASS_INK],
                                  &GRAPHENE_RECT_INIT(-G_SQRT2 / 2, -G_SQRT2 / 2, G_SQRT2,
                                                      G_SQRT2));
        gtk_snapshot_pop(snapshot);
        gtk_snapshot_restore(snapshot);
    }
    gtk_snapshot_restore(snapshot);
    /* The letters beside the arrow heads, on the border, in pixels. */
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        double dx = arm_dx[a], dy = arm_dy[a];
        double band = direction_reach(a) - DIR_PAD / 2;
        g_autoptr(PangoLayout) l = font_layout(self, TRUE);
        bux_text_set_at(l, letters[a], 24 * z, text_px(12, z), 1, 30 * z);
        double lh = layout_height(l);
        double lx = (dy != 0 ? 22 : dx * band) * z;
        double ly = (dy != 0 ? dy * band : -24) * z - lh / 2;
        append_text(snapshot, l, lx, ly, 24 * z, &col[COLOUR_COMPASS_INK]);
    }
    return gtk_snapshot_free_to_node(snapshot);
}

typedef enum {
    GAP_INNER_ACROSS, /* between two cards of a west or east arm */
    GAP_INNER_ALONG,  /* between two cards of a north or south arm */
    GAP_OUTER_ACROSS, /* the free place at the end of a west or east arm */
    GAP_OUTER_ALONG,  /* the free place at the end of a north or south arm */
    N_GAP_SHAPES
} GapShape;
G_STATIC_ASSERT(N_GAP_SHAPES <= 4); /* BuxCross.gap_nodes */

/* A gap centred on (0, 0); state 0 plain, 1 selected, 2 under the pointer, 3 both. */
static GskRenderNode *build_gap(BuxCross *self, GapShape shape, int state)
{
    const GdkRGBA *accent = &self->colours[COLOUR_ACCENT];
    gboolean hot = state & 2, selected = state & 1;
    GdkRGBA fill = with_alpha(accent, hot ? 0.55f : selected ? 0.35f : 0.14f);
    GdkRGBA line = with_alpha(accent, selected ? 1.0f : 0.75f);
    double width = selected ? 3 : 1.5;
    double x, y, w, h, r;
    gboolean outer = shape == GAP_OUTER_ACROSS || shape == GAP_OUTER_ALONG;
    if (shape == GAP_OUTER_ACROSS) {
        x = -SLOT_W / 2 + 4, y = -CH / 2 + 6, w = SLOT_W - 8, h = CH - 12, r = 8;
    } else if (shape == GAP_OUTER_ALONG) {
        x = -CW / 2 + 6, y = -SLOT_H / 2 + 4, w = CW - 12, h = SLOT_H - 8, r = 8;
    } else if (shape == GAP_INNER_ACROSS) {
        x = -6, y = -CH / 2 + 4, w = 12, h = CH - 8, r = 5;
    } else {
        x = -CW / 2 + 4, y = -6, w = CW - 8, h = 12, r = 5;
    }
    GtkSnapshot *snapshot = gtk_snapshot_new();
    append_rounded(snapshot, x, y, w, h, r, &fill, NULL, 0);
    double hw = width / 2;
    if (!outer) {
        append_rounded(snapshot, x - hw, y - hw, w + width, h + width, r + hw, NULL, &line,
                       width);
    } else {
        /* A dashed outline (6 on, 5 off) for the free place at the end of an arm: dashes on
         * the straight edges, the rounded corners whole. */
        GskRoundedRect round;
        gsk_rounded_rect_init_from_rect(&round,
                                        &GRAPHENE_RECT_INIT(x - hw, y - hw, w + width,
                                                            h + width), r + hw);
        const float widths[4] = { width, width, width, width };
        const GdkRGBA colours[4] = { line, line, line, line };
        double cs = r + hw;
        double cx[2] = { x - hw, x + w + hw - cs }, cy[2] = { y - hw, y + h + hw - cs };
        for (int i = 0; i < 4; i++) {
            gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(cx[i % 2], cy[i / 2], cs, cs));
            gtk_snapshot_append_border(snapshot, &round, widths, colours);
            gtk_snapshot_pop(snapshot);
        }
        for (double d = x + r + 3; d < x + w - r - 2; d += 11) {
            double len = MIN(6, x + w - r - d);
            gtk_snapshot_append_color(snapshot, &line,
                                      &GRAPHENE_RECT_INIT(d, y - hw, len, width));
            gtk_snapshot_append_color(snapshot, &line,
                                      &GRAPHENE_RECT_INIT(d, y + h - hw, len, width));
        }
        for (double d = y + r + 3; d < y + h - r - 2; d += 11) {
            double len = MIN(6, y + h - r - d);
            gtk_snapshot_append_color(snapshot, &line,
                                      &GRAPHENE_RECT_INIT(x - hw, d, width, len));
            gtk_snapshot_append_color(snapshot, &line,
                                      &GRAPHENE_RECT_INIT(x + w - hw, d, width, len));
        }
        GdkRGBA plus = with_alpha(accent, 0.8f);
        gtk_snapshot_append_color(snapshot, &plus, &GRAPHENE_RECT_INIT(-10, -1.5, 20, 3));
        gtk_snapshot_append_color(snapshot, &plus, &GRAPHENE_RECT_INIT(-1.5, -10, 3, 20));
    }
    return gtk_snapshot_free_to_node(snapshot);
}

static GskRenderNode *gap_node(BuxCross *self, GapShape shape, int state)
{
    GskRenderNode **slot = &self->gap_nodes[shape][state];
    if (*slot == NULL)
        *slot = build_gap(self, shape, state);
    return *slot;
}

/* Forget the nodes built from the style (colours, font) or from what cards show. */
static void drop_card_nodes(BuxCross *self)
{
    g_hash_table_remove_all(self->cards);
    g_clear_pointer(&self->direction_node, gsk_render_node_unref);
    for (guint s = 0; s < N_GAP_SHAPES; s++) {
        for (guint k = 0; k < 4; k++)
            g_clear_pointer(&self->gap_nodes[s][k], gsk_render_node_unref);
    }
}

/* An item of the scene: its node, and where it lies on the widget, shadow and stroke
 * included. */
typedef struct {
    GskRenderNode *node;
    double zoom;            /* the zoom it was built at */
    double x, y;            /* where its (0, 0) lies, unscaled, relative to the start */
    graphene_rect_t bounds; /* widget coordinates */
} Placed;

static void placed_clear(gpointer data)
{
    g_clear_pointer(&((Placed *)data)->node, gsk_render_node_unref);
}

/* Issue 35: a card's texture (see stamps above). */
typedef struct {
    double scale;          /* the zoom times the display's scale it was drawn at */
    gboolean drawn;        /* drawn once as nodes at that scale */
    GdkTexture *texture;   /* drawn into a texture the second time, or NULL */
    graphene_rect_t rect;  /* the texture's place relative to the node's origin, in the widget */
} Stamp;

static void stamp_free(gpointer data)
{
    Stamp *stamp = data;
    g_clear_object(&stamp->texture);
    g_free(stamp);
}

static void drop_stamps(BuxCross *self)
{
    g_hash_table_remove_all(self->stamps);
    self->stamps_pixels = 0;
}

/* At most 2048 × 2048 device pixels (16 MB) in the cards' textures; the cards beyond keep
 * their nodes. */
#define STAMPS_MAX_PIXELS (2048.0 * 2048.0)
#define SETTLE_US (250 * G_TIME_SPAN_MILLISECOND)

/* Node (placed with its origin on whole device pixels) as its texture in the window's GL
 * renderer, or NULL when the renderer is not GL (cairo draws what changed and gains nothing),
 * the node is new at this zoom (a window being resized and zoomed draws it once only) or the
 * textures are full. rect: where the texture goes, relative to the node's origin. */
static GdkTexture *stamp_texture(BuxCross *self, GskRenderer *renderer, int sf,
                                 GskRenderNode *node, double zoom, graphene_rect_t *rect)
{
    double scale = self->scale / zoom * sf;
    Stamp *stamp = g_hash_table_lookup(self->stamps, node);
    if (stamp != NULL && stamp->texture != NULL && stamp->scale == scale) {
        *rect = stamp->rect;
        return stamp->texture;
    }
    if (stamp != NULL && stamp->texture != NULL && self->settle_id != 0) {
        double k = scale / stamp->scale;
        *rect = GRAPHENE_RECT_INIT(stamp->rect.origin.x * k, stamp->rect.origin.y * k,
                                   stamp->rect.size.width * k, stamp->rect.size.height * k);
        return stamp->texture;
    }
    if (stamp == NULL) {
        stamp = g_new0(Stamp, 1);
        g_hash_table_insert(self->stamps, gsk_render_node_ref(node), stamp);
    }
    if (stamp->scale != scale || !stamp->drawn) {
        if (stamp->texture != NULL) {
            self->stamps_pixels -= gdk_texture_get_width(stamp->texture) *
                                   gdk_texture_get_height(stamp->texture);
            g_clear_object(&stamp->texture);
        }
        stamp->scale = scale;
        stamp->drawn = TRUE;
        return NULL;
    }
    graphene_rect_t b;
    gsk_render_node_get_bounds(node, &b);
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(b.origin.x * scale, b.origin.y * scale,
                                                  b.size.width * scale, b.size.height * scale);
    graphene_rect_round_extents(&viewport, &viewport);
    double pixels = (double)viewport.size.width * viewport.size.height;
    if (pixels <= 0 || self->stamps_pixels + pixels > STAMPS_MAX_PIXELS)
        return NULL;
    /* At scale 1 (a card built at its zoom on a display of scale 1) there is no transform. */
    GskTransform *to_pixels = gsk_transform_scale(NULL, (float)scale, (float)scale);
    GskRenderNode *scaled = to_pixels != NULL ? gsk_transform_node_new(node, to_pixels)
                                              : gsk_render_node_ref(node);
    gsk_transform_unref(to_pixels);
    stamp->texture = gsk_renderer_render_texture(renderer, scaled, &viewport);
    gsk_render_node_unref(scaled);
    if (stamp->texture == NULL)
        return NULL;
    self->stamps_pixels += (gsize)pixels;
    stamp->rect = GRAPHENE_RECT_INIT(viewport.origin.x / sf, viewport.origin.y / sf,
                                     viewport.size.width / sf, viewport.size.height / sf);
    *rect = stamp->rect;
    return stamp->texture;
}

/* Only the nodes of the scene and the gaps keep their textures. */
static void prune_stamps(BuxCross *self)
{
    if (g_hash_table_size(self->stamps) == 0)
        return;
    g_autoptr(GHashTable) placed = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < self->placed->len; i++)
        g_hash_table_add(placed, g_array_index(self->placed, Placed, i).node);
    for (guint s = 0; s < N_GAP_SHAPES; s++) {
        for (guint k = 0; k < 4; k++) {
            if (self->gap_nodes[s][k] != NULL)
                g_hash_table_add(placed, self->gap_nodes[s][k]);
        }
    }
    GHashTableIter iter;
    gpointer node, value;
    g_hash_table_iter_init(&iter, self->stamps);
    while (g_hash_table_iter_next(&iter, &node, &value)) {
        Stamp *stamp = value;
        if (g_hash_table_contains(placed, node))
            continue;
        if (stamp->texture != NULL)
            self->stamps_pixels -= gdk_texture_get_width(stamp->texture) *
                                   gdk_texture_get_height(stamp->texture);
        g_hash_table_iter_remove(&iter);
    }
}

/* The window's renderer if it is GL, else NULL. */
static GskRenderer *gl_renderer(BuxCross *self)
{
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(self));
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    return renderer != NULL && GSK_IS_GL_RENDERER(renderer) ? renderer : NULL;
}

/* node, built at zoom (a gap's, in units: at zoom 1), with its (0, 0) at (x, y) unscaled,
 * relative to the start, with a GL renderer: as its texture where it has one, else as its
 * nodes, its origin on whole device pixels either way (so the two look the same). FALSE:
 * drawn as nodes. */
static gboolean append_stamp(BuxCross *self, GtkSnapshot *snapshot, GskRenderer *renderer,
                             GskRenderNode *node, double zoom, double x, double y)
{
    int sf = MAX(gtk_widget_get_scale_factor(GTK_WIDGET(self)), 1);
    double px = round((self->ox + x * self->scale) * sf) / sf;
    double py = round((self->oy + y * self->scale) * sf) / sf;
    graphene_rect_t r;
    GdkTexture *texture = stamp_texture(self, renderer, sf, node, zoom, &r);
    if (texture != NULL) {
        graphene_rect_offset(&r, (float)px, (float)py);
        gtk_snapshot_append_texture(snapshot, texture, &r);
        return TRUE;
    }
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(px, py));
    if (self->scale != zoom)
        gtk_snapshot_scale(snapshot, self->scale / zoom, self->scale / zoom);
    gtk_snapshot_append_node(snapshot, node);
    gtk_snapshot_restore(snapshot);
    return FALSE;
}

/* The cards in rect with a GL renderer, each from its stamp. FALSE: the renderer is not
 * GL. */
static gboolean append_stamps(BuxCross *self, GtkSnapshot *snapshot, const graphene_rect_t *rect)
{
    GskRenderer *renderer = gl_renderer(self);
    if (renderer == NULL)
        return FALSE;
    for (guint i = 0; i < self->placed->len; i++) {
        Placed *p = &g_array_index(self->placed, Placed, i);
        if (graphene_rect_intersection(&p->bounds, rect, NULL))
            append_stamp(self, snapshot, renderer, p->node, p->zoom, p->x, p->y);
    }
    return TRUE;
}

static void invalidate_scene(BuxCross *self);

static gboolean settle_timeout(gpointer data)
{
    BuxCross *self = data;
    if (g_get_monotonic_time() - self->resized_us < SETTLE_US)
        return G_SOURCE_CONTINUE;
    self->settle_id = 0;
    /* The cards kept their nodes of the zoom before, and the gaps their textures: the scene
     * is built again, its cards at their zoom. */
    invalidate_scene(self);
    return G_SOURCE_REMOVE;
}

/* The widget has a new size: the window is being resized, perhaps. */
static void resized(BuxCross *self)
{
    self->resized_us = g_get_monotonic_time();
    if (self->settle_id == 0)
        self->settle_id = g_timeout_add(SETTLE_US / 1000, settle_timeout, self);
}

static void invalidate_scene(BuxCross *self)
{
    g_clear_pointer(&self->scene, gsk_render_node_unref);
    g_clear_pointer(&self->part, gsk_render_node_unref);
    if (self->placed != NULL)
        g_array_set_size(self->placed, 0);
    g_clear_pointer(&self->gaps, gsk_render_node_unref);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void invalidate_style(BuxCross *self)
{
    self->style_valid = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static double animation_ms(BuxCross *self)
{
    /* Without settings (a cross on its own) nothing moves. */
    if (self->settings == NULL)
        return 0;
    return lp_settings_get_pace_ms(self->settings, LP_PACE_ANIMATION);
}

double bux_cross_scroll_value(double value, double page, double lower, double upper,
                              double card_lo, double card_hi, double start_lo,
                              double start_hi)
{
    gboolean card_seen = card_lo >= value && card_hi <= value + page;
    gboolean start_seen = start_lo >= value && start_hi <= value + page;
    double lo = MIN(card_lo, start_lo), hi = MAX(card_hi, start_hi);
    if (hi - lo <= page) {
        /* Both fit: show both, the card placed and the starting card. */
        if (!card_seen || !start_seen)
            value = (lo + hi) / 2 - page / 2;
    } else if (!card_seen) {
        /* The card, and as much of the way to the starting card as fits. */
        value = card_lo < start_lo ? card_lo - 8 : card_hi + 8 - page;
    }
    return CLAMP(value, lower, MAX(lower, upper - page));
}

static void scroll_to(GtkAdjustment *adj, double card, double start, double size)
{
    double value = bux_cross_scroll_value(gtk_adjustment_get_value(adj),
                                          gtk_adjustment_get_page_size(adj),
                                          gtk_adjustment_get_lower(adj),
                                          gtk_adjustment_get_upper(adj), card - size / 2,
                                          card + size / 2, start - size / 2, start + size / 2);
    gtk_adjustment_set_value(adj, value);
}

static gboolean scroll_idle(gpointer data)
{
    BuxCross *self = data;
    self->scroll_id = 0;
    GtkWidget *sw = gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_SCROLLED_WINDOW);
    double *pos = g_hash_table_lookup(self->positions, GINT_TO_POINTER(self->keep_card));
    self->keep_card = -1;
    if (sw == NULL || pos == NULL)
        return G_SOURCE_REMOVE;
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW(sw);
    /* The card with its gaps on either side. */
    scroll_to(gtk_scrolled_window_get_hadjustment(scrolled), self->ox + pos[0] * self->scale,
              self->ox, (CW + GX) * self->scale);
    scroll_to(gtk_scrolled_window_get_vadjustment(scrolled), self->oy + pos[1] * self->scale,
              self->oy, (CH + GY) * self->scale);
    return G_SOURCE_REMOVE;
}

void bux_cross_keep_in_view(BuxCross *self, int card)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    self->keep_card = card;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* node, built at zoom, drawn with its unscaled (0, 0) at (x, y): in the scene, and as an item
 * of it. */
static void scene_place(BuxCross *self, GtkSnapshot *snapshot, GskRenderNode *node,
                        double zoom, double x, double y)
{
    append_at(self, snapshot, node, zoom, x, y);
    graphene_rect_t b;
    gsk_render_node_get_bounds(node, &b);
    double k = self->scale / zoom;
    Placed p = { gsk_render_node_ref(node), zoom, x, y,
                 GRAPHENE_RECT_INIT(self->ox + x * self->scale + b.origin.x * k,
                                    self->oy + y * self->scale + b.origin.y * k,
                                    b.size.width * k, b.size.height * k) };
    g_array_append_val(self->placed, p);
}

/* The part of the widget in sight: inside the scrolled window the cross lies in (whose
 * scrolling redraws the cross), else all of it; in whole pixels. */
static graphene_rect_t visible_rect(BuxCross *self, double w, double h)
{
    GtkWidget *widget = GTK_WIDGET(self);
    GtkWidget *sw = gtk_widget_get_ancestor(widget, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adj[2] = { NULL, NULL };
    if (sw != NULL) {
        adj[0] = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(sw));
        adj[1] = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(sw));
    }
    for (guint i = 0; i < 2; i++) {
        if (self->watched[i] == adj[i])
            continue;
        if (self->watched[i] != NULL)
            g_clear_signal_handler(&self->watched_ids[i], self->watched[i]);
        g_set_object(&self->watched[i], adj[i]);
        if (adj[i] != NULL)
            self->watched_ids[i] = g_signal_connect_swapped(adj[i], "value-changed",
                                                            G_CALLBACK(gtk_widget_queue_draw),
                                                            self);
    }
    graphene_rect_t all = GRAPHENE_RECT_INIT(0, 0, w, h), seen;
    if (sw == NULL || !gtk_widget_compute_bounds(sw, widget, &seen) ||
        !graphene_rect_intersection(&all, &seen, &seen))
        return all;
    graphene_rect_round_extents(&seen, &seen);
    return seen;
}

/* What of the scene lies in rect, as a node (kept until the rect or the scene change). */
static GskRenderNode *scene_part(BuxCross *self, const graphene_rect_t *rect)
{
    if (self->part != NULL && graphene_rect_equal(&self->part_rect, rect))
        return self->part;
    g_clear_pointer(&self->part, gsk_render_node_unref);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    for (guint i = 0; i < self->placed->len; i++) {
        Placed *p = &g_array_index(self->placed, Placed, i);
        if (graphene_rect_intersection(&p->bounds, rect, NULL))
            append_at(self, snapshot, p->node, p->zoom, p->x, p->y);
    }
    self->part = gtk_snapshot_free_to_node(snapshot);
    self->part_rect = *rect;
    return self->part;
}

/* The cross at this size: the Direction card and every card, in one node. */
static void build_scene(BuxCross *self, double w, double h, const Shown *shown)
{
    double left, right, up, down;
    extents(self, &left, &right, &up, &down);
    double scale = bux_cross_fit_zoom(w, h, left + right, up + down);
    self->scale = scale;
    self->ox = (w - (left + right) * scale) / 2 + left * scale;
    self->oy = (h - (up + down) * scale) / 2 + up * scale;
    self->scene_w = w;
    self->scene_h = h;

    GtkSnapshot *snapshot = gtk_snapshot_new();
    if (self->direction_node != NULL && !zoom_current(self, self->direction_zoom))
        g_clear_pointer(&self->direction_node, gsk_render_node_unref);
    if (self->direction_node == NULL) {
        self->direction_zoom = node_zoom(self);
        self->direction_node = build_direction_card(self, self->direction_zoom);
    }
    g_array_set_size(self->placed, 0);
    scene_place(self, snapshot, self->direction_node, self->direction_zoom, 0, 0);

    /* Marks: the card under challenge, or the scoring's wrong cards so far. */
    const BuxScoring *sc = self->scoring_step >= 0 ? bux_game_get_last_scoring(self->game)
                                                   : NULL;
    BuxArm placed_arm = 0;
    guint placed_index = 0;
    gboolean placed = sc == NULL && bux_game_get_placed(self->game, &placed_arm, &placed_index);

    g_hash_table_remove_all(self->positions);
    for (int a = -1; a < BUX_N_ARMS; a++) {
        guint n = a < 0 ? 1 : shown->arms[a]->len;
        for (guint i = 0; i < n; i++) {
            int card = a < 0 ? shown->start : g_array_index(shown->arms[a], int, i);
            double cx = 0, cy = 0;
            if (a >= 0)
                card_centre(a, i, &cx, &cy);
            Mark mark = MARK_NONE;
            gboolean revealed;
            if (sc != NULL) {
                revealed = TRUE;
                for (guint k = 0; k < sc->wrong->len && (int)k < self->scoring_step; k++) {
                    if (g_array_index(sc->wrong, int, k) == card) {
                        mark |= MARK_WRONG;
                        if ((int)k == self->scoring_step - 1)
                            mark |= MARK_CURRENT;
                    }
                    if ((int)k == self->scoring_step - 1 &&
                        g_array_index(sc->wrong_ref, int, k) == card)
                        mark |= MARK_REFERENCE;
                }
            } else {
                revealed = self->show_revealed && bux_game_is_revealed(self->game, card);
                if (card == removed_shown(self))
                    mark |= MARK_WRONG | MARK_CURRENT;
                else if (placed && a == (int)placed_arm && i == placed_index)
                    mark |= MARK_PLACED;
            }
            double zoom;
            GskRenderNode *node = card_node(self, card, revealed, mark, &zoom);
            scene_place(self, snapshot, node, zoom, cx - CW / 2, cy - CH / 2);
            double *pos = g_new(double, 2);
            pos[0] = cx;
            pos[1] = cy;
            g_hash_table_insert(self->positions, GINT_TO_POINTER(card), pos);
        }
    }
    self->scene = gtk_snapshot_free_to_node(snapshot);
}

/* The gaps as the pointer and the keyboard leave them; rebuilt only when those move. */
static void build_gaps(BuxCross *self, gboolean focus)
{
    /* With GL each gap is drawn from its stamp, as the cards are; until all of them are, the
     * gaps are built again at the next drawing. */
    GskRenderer *renderer = gl_renderer(self);
    self->gaps_partial = FALSE;
    GtkSnapshot *snapshot = gtk_snapshot_new();
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        guint len = live_len(self, a);
        for (guint g = 0; g <= len; g++) {
            double gx, gy;
            gap_centre(self, a, g, &gx, &gy);
            gboolean hot = self->hover_arm == (int)a && self->hover_index == g;
            gboolean sel = focus && self->sel_arm == a && self->sel_index == g;
            gboolean across = arm_horizontal(a);
            GapShape shape = g == len ? (across ? GAP_OUTER_ACROSS : GAP_OUTER_ALONG)
                             : across ? GAP_INNER_ACROSS : GAP_INNER_ALONG;
            GskRenderNode *node = gap_node(self, shape, (hot ? 2 : 0) | sel);
            if (renderer != NULL) {
                if (!append_stamp(self, snapshot, renderer, node, 1, gx, gy))
                    self->gaps_partial = TRUE;
                continue;
            }
            gtk_snapshot_save(snapshot);
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(self->ox + gx * self->scale,
                                                                  self->oy + gy * self->scale));
            gtk_snapshot_scale(snapshot, self->scale, self->scale);
            gtk_snapshot_append_node(snapshot, node);
            gtk_snapshot_restore(snapshot);
        }
    }
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(self->ox, self->oy));
    gtk_snapshot_scale(snapshot, self->scale, self->scale);
    if (self->drop_hover && self->hover_arm >= 0) {
        /* Issue 36: a dragged card shows where it will go: the whole of the gap's target,
         * over the halves of the cards on either side, not only its thin bar. */
        guint len = live_len(self, self->hover_arm);
        graphene_rect_t r = bux_cross_gap_target(self->hover_arm, len, self->hover_index,
                                                 self->scale);
        const GdkRGBA *accent = &self->colours[COLOUR_ACCENT];
        GdkRGBA fill = with_alpha(accent, 0.22f), line = with_alpha(accent, 0.9f);
        double width = 3 / self->scale;
        append_rounded(snapshot, r.origin.x, r.origin.y, r.size.width, r.size.height, 10,
                       &fill, NULL, 0);
        append_rounded(snapshot, r.origin.x - width / 2, r.origin.y - width / 2,
                       r.size.width + width, r.size.height + width, 10 + width / 2, NULL,
                       &line, width);
    }
    self->gaps = gtk_snapshot_free_to_node(snapshot);
    self->gaps_drop = self->drop_hover;
    self->gaps_hover_arm = self->hover_arm;
    self->gaps_hover_index = self->hover_index;
    self->gaps_sel_arm = self->sel_arm;
    self->gaps_sel_index = self->sel_index;
    self->gaps_focus = focus;
}

static gboolean update_focusable_idle(gpointer data);
static gboolean card_rect(BuxCross *self, int card, GdkRectangle *out);

static void bux_cross_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    BuxCross *self = BUX_CROSS(widget);
    double w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);

    ensure_style(self);
    graphene_rect_t seen = visible_rect(self, w, h);
    gtk_snapshot_append_color(snapshot, &self->colours[COLOUR_TABLE], &seen);

    /* A scoring's cross is shown even after its cards left the game: the final one stays
     * on the table beside the ranking. */
    gboolean scoring = self->game != NULL && self->scoring_step >= 0;
    if (self->game == NULL || (scoring && bux_game_get_last_scoring(self->game) == NULL) ||
        (!scoring && bux_game_get_start_card(self->game) < 0)) {
        self->scale = 0;
        return;
    }
    if (self->scene != NULL && (self->scene_w != w || self->scene_h != h)) {
        resized(self);
        invalidate_scene(self);
    }
    if (self->scene == NULL) {
        Shown shown;
        if (!shown_get(self, &shown)) {
            self->scale = 0;
            return;
        }
        build_scene(self, w, h, &shown);
        shown_clear(&shown);
        prune_stamps(self);
        if (self->focusable_id == 0)
            self->focusable_id = g_idle_add(update_focusable_idle, self);
    }
    if (append_stamps(self, snapshot, &seen)) {
        /* GL: the cards as textures. */
    } else if (seen.size.width >= w && seen.size.height >= h) {
        gtk_snapshot_append_node(snapshot, self->scene);
    } else {
        GskRenderNode *part = scene_part(self, &seen);
        if (part != NULL)
            gtk_snapshot_append_node(snapshot, part);
    }

    if (self->interactive && self->scoring_step < 0) {
        gboolean focus = gtk_widget_has_focus(widget);
        if (self->gaps != NULL &&
            (self->gaps_hover_arm != self->hover_arm ||
             self->gaps_hover_index != self->hover_index || self->gaps_sel_arm != self->sel_arm ||
             self->gaps_sel_index != self->sel_index || self->gaps_focus != focus ||
             self->gaps_drop != self->drop_hover || self->gaps_partial))
            g_clear_pointer(&self->gaps, gsk_render_node_unref);
        if (self->gaps == NULL)
            build_gaps(self, focus);
        gtk_snapshot_append_node(snapshot, self->gaps);
    }

    GdkRectangle focus_rect;
    if (!self->interactive && self->focus_card >= 0 && gtk_widget_has_focus(widget) &&
        card_rect(self, self->focus_card, &focus_rect)) {
        /* The card the keyboard reads. */
        append_rounded(snapshot, focus_rect.x - 4, focus_rect.y - 4, focus_rect.width + 8,
                       focus_rect.height + 8, 10, NULL, &self->colours[COLOUR_ACCENT], 3);
    }

    /* Cards leaving the game fade and sink. */
    gint64 now = g_get_monotonic_time();
    double duration = animation_ms(self) * 1000.0;
    for (guint i = 0; i < self->ghosts->len; i++) {
        Ghost *g = &g_array_index(self->ghosts, Ghost, i);
        double t = duration > 0 ? (now - g->start_us) / duration : 1.0;
        if (t >= 1.0)
            continue;
        double zoom;
        GskRenderNode *node = card_node(self, g->card, TRUE, MARK_NONE, &zoom);
        gtk_snapshot_push_opacity(snapshot, 1.0 - t);
        append_at(self, snapshot, node, zoom, g->x - CW / 2, g->y + t * 60 - CH / 2);
        gtk_snapshot_pop(snapshot);
    }
    if (self->keep_card >= 0 && self->scroll_id == 0)
        self->scroll_id = g_idle_add(scroll_idle, self);
}

static gboolean ghost_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    BuxCross *self = BUX_CROSS(widget);
    gint64 now = g_get_monotonic_time();
    double duration = animation_ms(self) * 1000.0;
    for (guint i = self->ghosts->len; i-- > 0;) {
        if (now - g_array_index(self->ghosts, Ghost, i).start_us >= duration)
            g_array_remove_index(self->ghosts, i);
    }
    gtk_widget_queue_draw(widget);
    if (self->ghosts->len == 0) {
        self->tick_id = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

void bux_cross_animate_leaving(BuxCross *self, const int *cards, guint n_cards)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    if (animation_ms(self) <= 0 || !gtk_widget_get_mapped(GTK_WIDGET(self)))
        return;
    gint64 now = g_get_monotonic_time();
    for (guint i = 0; i < n_cards; i++) {
        double *pos = g_hash_table_lookup(self->positions, GINT_TO_POINTER(cards[i]));
        if (pos == NULL)
            continue;
        Ghost g = { .card = cards[i], .x = pos[0], .y = pos[1], .start_us = now };
        g_array_append_val(self->ghosts, g);
    }
    if (self->ghosts->len > 0 && self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), ghost_tick, NULL, NULL);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void bux_cross_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                              int *minimum, int *natural, int *minimum_baseline,
                              int *natural_baseline)
{
    BuxCross *self = BUX_CROSS(widget);
    double left = arm_extent(BUX_ARM_WEST, 0, TRUE), right = arm_extent(BUX_ARM_EAST, 0, TRUE);
    double up = arm_extent(BUX_ARM_NORTH, 0, TRUE), down = arm_extent(BUX_ARM_SOUTH, 0, TRUE);
    if (self->game != NULL)
        extents(self, &left, &right, &up, &down);
    double size = orientation == GTK_ORIENTATION_HORIZONTAL ? left + right : up + down;
    *natural = (int)ceil(size);
    /* Zoomed out down to the smallest readable zoom before the scrolled window scrolls. */
    *minimum = (int)ceil(size * BUX_CROSS_MIN_ZOOM);
}

GdkPaintable *bux_cross_make_drag_icon(BuxCross *self, int card)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), NULL);
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(self));
    if (self->game == NULL || card < 0 || native == NULL ||
        gtk_native_get_renderer(native) == NULL)
        return NULL;
    ensure_style(self);
    /* A small card, below and right of the pointer (whose hot spot is the icon's top left
     * corner), so that the gap aimed at stays in sight. */
    const double scale = 0.55;
    double w = BUX_CROSS_DRAG_OFFSET + CW * scale + 4, h = BUX_CROSS_DRAG_OFFSET + CH * scale + 4;
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_translate(snapshot,
                           &GRAPHENE_POINT_INIT(BUX_CROSS_DRAG_OFFSET, BUX_CROSS_DRAG_OFFSET));
    gboolean terse;
    g_autoptr(GskRenderNode) face =
        build_card(self, card, FALSE, MARK_NONE, FALSE, scale, &terse);
    gtk_snapshot_push_opacity(snapshot, 0.92);
    gtk_snapshot_append_node(snapshot, face);
    gtk_snapshot_pop(snapshot);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    if (node == NULL)
        return NULL;
    GdkTexture *texture = gsk_renderer_render_texture(gtk_native_get_renderer(native), node,
                                                      &GRAPHENE_RECT_INIT(0, 0, ceil(w),
                                                                          ceil(h)));
    return GDK_PAINTABLE(texture);
}

/* ---- details too small to read ---------------------------------------------------------- */

/* The card drawn at (sx, sy) on the widget, or -1. */
static int card_at(BuxCross *self, double sx, double sy)
{
    if (self->scale <= 0)
        return -1;
    double x = (sx - self->ox) / self->scale, y = (sy - self->oy) / self->scale;
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, self->positions);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        const double *pos = value;
        if (fabs(x - pos[0]) <= CW / 2 && fabs(y - pos[1]) <= CH / 2)
            return GPOINTER_TO_INT(key);
    }
    return -1;
}

/* Where card lies on the widget, or FALSE when it is not drawn. */
static gboolean card_rect(BuxCross *self, int card, GdkRectangle *out)
{
    const double *pos = g_hash_table_lookup(self->positions, GINT_TO_POINTER(card));
    if (pos == NULL || self->scale <= 0)
        return FALSE;
    out->x = (int)floor(self->ox + (pos[0] - CW / 2) * self->scale);
    out->y = (int)floor(self->oy + (pos[1] - CH / 2) * self->scale);
    out->width = (int)ceil(CW * self->scale);
    out->height = (int)ceil(CH * self->scale);
    return TRUE;
}

static gboolean card_is_terse(BuxCross *self, int card)
{
    if (card < 0 || !g_hash_table_contains(self->positions, GINT_TO_POINTER(card)))
        return FALSE;
    CardLook *look = g_hash_table_lookup(self->cards, GINT_TO_POINTER(card));
    return look != NULL && look->node != NULL && look->revealed && look->terse;
}

/* The revealed cards drawn without their details, in the order the cross is read (the
 * starting card, then north, south, west and east from the inside out). */
static GArray *terse_cards(BuxCross *self)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(int));
    Shown shown;
    if (self->scene == NULL || !shown_get(self, &shown))
        return out;
    if (card_is_terse(self, shown.start))
        g_array_append_val(out, shown.start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        for (guint i = 0; i < shown.arms[a]->len; i++) {
            int card = g_array_index(shown.arms[a], int, i);
            if (card_is_terse(self, card))
                g_array_append_val(out, card);
        }
    }
    shown_clear(&shown);
    return out;
}

/* Everything the back of the card says, one part a line. */
static char *card_back_text(BuxCross *self, int card)
{
    const BuxCard *c = bux_deck_get_card(bux_game_get_deck(self->game), card);
    GString *s = g_string_new(bux_card_get_name(c));
    if (self->settings != NULL && lp_settings_get_show_coordinates(self->settings)) {
        g_autofree char *coords = bux_card_coordinates(c);
        g_string_append_printf(s, "\n%s", coords);
    }
    g_autofree char *details = bux_card_details(c);
    g_string_append_printf(s, "\n%s\n%s", details, bux_state_name(c->state));
    return g_string_free(s, FALSE);
}

char *bux_cross_get_card_details_text(BuxCross *self, int card)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), NULL);
    return card_is_terse(self, card) ? card_back_text(self, card) : NULL;
}

static void hide_details(BuxCross *self)
{
    self->popover_card = -1;
    if (self->popover != NULL)
        gtk_popover_popdown(GTK_POPOVER(self->popover));
}

gboolean bux_cross_show_card_details(BuxCross *self, int card)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), FALSE);
    GdkRectangle rect;
    if (!card_is_terse(self, card) || !card_rect(self, card, &rect))
        return FALSE;
    if (self->popover == NULL) {
        self->popover = gtk_popover_new();
        gtk_widget_set_parent(self->popover, GTK_WIDGET(self));
        /* It takes no focus: the arrow keys stay with the cross. */
        gtk_popover_set_autohide(GTK_POPOVER(self->popover), FALSE);
        self->popover_label = gtk_label_new(NULL);
        gtk_label_set_wrap(GTK_LABEL(self->popover_label), TRUE);
        gtk_label_set_max_width_chars(GTK_LABEL(self->popover_label), 36);
        gtk_label_set_justify(GTK_LABEL(self->popover_label), GTK_JUSTIFY_CENTER);
        gtk_popover_set_child(GTK_POPOVER(self->popover), self->popover_label);
    }
    g_autofree char *text = card_back_text(self, card);
    gtk_label_set_text(GTK_LABEL(self->popover_label), text);
    gtk_popover_set_pointing_to(GTK_POPOVER(self->popover), &rect);
    self->popover_card = card;
    gtk_popover_popup(GTK_POPOVER(self->popover));
    return TRUE;
}

int bux_cross_get_details_card(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), -1);
    return self->popover != NULL && gtk_widget_get_visible(self->popover) ? self->popover_card
                                                                          : -1;
}

/* The keyboard reads the cards: the focused one shows its details, and a screen reader is
 * told them too. */
static void set_focus_card(BuxCross *self, int card)
{
    self->focus_card = card;
    g_autofree char *text = card >= 0 ? card_back_text(self, card) : NULL;
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   text != NULL ? text : "", -1);
    if (card >= 0)
        bux_cross_show_card_details(self, card);
    else
        hide_details(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* Arrow keys while the cross is only read: the next or previous card whose details hide. */
static gboolean walk_cards(BuxCross *self, int step)
{
    g_autoptr(GArray) cards = terse_cards(self);
    if (cards->len == 0)
        return FALSE;
    int at = -1;
    for (guint i = 0; i < cards->len; i++) {
        if (g_array_index(cards, int, i) == self->focus_card)
            at = (int)i;
    }
    /* Coming back to the cross of a new page, the reading goes on where it was. */
    for (guint i = 0; at < 0 && step == 0 && i < cards->len; i++) {
        if (g_array_index(cards, int, i) == self->carried_card)
            at = (int)i;
    }
    self->carried_card = -1;
    at = at < 0 ? 0 : (at + step + (int)cards->len) % (int)cards->len;
    set_focus_card(self, g_array_index(cards, int, at));
    return TRUE;
}

static gboolean bux_cross_query_tooltip(GtkWidget *widget, int x, int y, gboolean keyboard,
                                        GtkTooltip *tooltip)
{
    BuxCross *self = BUX_CROSS(widget);
    int card = keyboard ? self->focus_card : card_at(self, x, y);
    GdkRectangle rect;
    /* The popover shows them already. */
    if (!card_is_terse(self, card) || bux_cross_get_details_card(self) == card ||
        !card_rect(self, card, &rect))
        return FALSE;
    g_autofree char *text = card_back_text(self, card);
    gtk_tooltip_set_text(tooltip, text);
    gtk_tooltip_set_tip_area(tooltip, &rect);
    return TRUE;
}

static void bux_cross_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    BuxCross *self = BUX_CROSS(widget);
    if (self->popover != NULL)
        gtk_popover_present(GTK_POPOVER(self->popover));
}

/* After a new scene: focusable while a person places a card, or while there are details to
 * read; the details popover follows its card to where the new scene put it. */
static gboolean update_focusable_idle(gpointer data)
{
    BuxCross *self = data;
    self->focusable_id = 0;
    g_autoptr(GArray) cards = terse_cards(self);
    gtk_widget_set_focusable(GTK_WIDGET(self), self->interactive || cards->len > 0);
    if (self->carried_focus && gtk_widget_get_focusable(GTK_WIDGET(self)))
        gtk_widget_grab_focus(GTK_WIDGET(self));
    self->carried_focus = FALSE;
    if (cards->len == 0 && (self->focus_card >= 0 || self->popover_card >= 0)) {
        self->focus_card = -1;
        hide_details(self);
    } else if (cards->len > 0 && !self->interactive && self->focus_card < 0 &&
               gtk_widget_has_focus(GTK_WIDGET(self))) {
        /* The focus was here already when the cards turned over. */
        walk_cards(self, 0);
    } else if (bux_cross_get_details_card(self) >= 0) {
        /* A new size: the popover goes with its card, or away once the card shows its
         * details itself. */
        int card = self->popover_card;
        GdkRectangle rect;
        if (card_is_terse(self, card) && card_rect(self, card, &rect))
            gtk_popover_set_pointing_to(GTK_POPOVER(self->popover), &rect);
        else
            hide_details(self);
    }
    return G_SOURCE_REMOVE;
}

/* ---- input ------------------------------------------------------------------------------ */

static void clamp_selection(BuxCross *self)
{
    if (self->game == NULL)
        return;
    if (self->sel_index > live_len(self, self->sel_arm))
        self->sel_index = live_len(self, self->sel_arm);
}

static void activate_gap(BuxCross *self, BuxArm arm, guint index)
{
    if (!self->interactive)
        return;
    g_signal_emit(self, signals[SIGNAL_GAP_ACTIVATED], 0, (guint)arm, index);
}

static void on_click(GtkGestureClick *gesture, int n_press, double x, double y, BuxCross *self)
{
    BuxArm arm;
    guint index;
    gtk_widget_grab_focus(GTK_WIDGET(self));
    if (self->interactive && gap_at(self, x, y, &arm, &index)) {
        self->sel_arm = arm;
        self->sel_index = index;
        activate_gap(self, arm, index);
        return;
    }
    /* A click on a card whose details hide shows them; a second one, or one elsewhere,
     * closes them. */
    int card = card_at(self, x, y);
    if (card >= 0 && card != bux_cross_get_details_card(self) &&
        bux_cross_show_card_details(self, card))
        return;
    hide_details(self);
}

static void set_hover_full(BuxCross *self, int arm, guint index, gboolean drop)
{
    drop = drop && arm >= 0;
    if (self->hover_arm == arm && self->hover_index == index && self->drop_hover == drop)
        return;
    self->hover_arm = arm;
    self->hover_index = index;
    self->drop_hover = drop;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void set_hover(BuxCross *self, int arm, guint index)
{
    set_hover_full(self, arm, index, FALSE);
}

static void on_motion(GtkEventControllerMotion *motion, double x, double y, BuxCross *self)
{
    BuxArm arm;
    guint index;
    if (self->interactive && gap_at(self, x, y, &arm, &index))
        set_hover(self, arm, index);
    else
        set_hover(self, -1, 0);
}

static void on_leave(GtkEventControllerMotion *motion, BuxCross *self)
{
    set_hover(self, -1, 0);
}

static GdkDragAction on_drop_motion(GtkDropTarget *target, double x, double y, BuxCross *self)
{
    BuxArm arm;
    guint index;
    if (self->interactive && gap_at(self, x, y, &arm, &index)) {
        set_hover_full(self, arm, index, TRUE);
        return GDK_ACTION_MOVE;
    }
    set_hover(self, -1, 0);
    return 0;
}

static gboolean on_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                        BuxCross *self)
{
    BuxArm arm;
    guint index;
    set_hover(self, -1, 0);
    if (!self->interactive || !gap_at(self, x, y, &arm, &index))
        return FALSE;
    self->sel_arm = arm;
    self->sel_index = index;
    activate_gap(self, arm, index);
    return TRUE;
}

static void on_drop_leave(GtkDropTarget *target, BuxCross *self)
{
    set_hover(self, -1, 0);
}

static gboolean on_key(GtkEventControllerKey *key, guint keyval, guint keycode,
                       GdkModifierType state, BuxCross *self)
{
    if (self->game == NULL)
        return FALSE;
    if (!self->interactive) {
        switch (keyval) {
        case GDK_KEY_Right:
        case GDK_KEY_Down:
        case GDK_KEY_KP_Right:
        case GDK_KEY_KP_Down:
            return walk_cards(self, 1);
        case GDK_KEY_Left:
        case GDK_KEY_Up:
        case GDK_KEY_KP_Left:
        case GDK_KEY_KP_Up:
            return walk_cards(self, -1);
        case GDK_KEY_Escape:
            if (bux_cross_get_details_card(self) < 0)
                return FALSE;
            hide_details(self);
            return TRUE;
        default:
            return FALSE;
        }
    }
    /* Arrow keys walk the gaps as they lie on screen: along an arm, and across the
     * starting card into the opposite arm. */
    int dx = 0, dy = 0;
    switch (keyval) {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
        dy = -1;
        break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
        dy = 1;
        break;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
        dx = -1;
        break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
        dx = 1;
        break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
        activate_gap(self, self->sel_arm, self->sel_index);
        return TRUE;
    default:
        return FALSE;
    }
    BuxArm arm = self->sel_arm;
    gboolean vertical_arm = arm_dx[arm] == 0;
    gboolean vertical_key = dy != 0;
    if (vertical_arm != vertical_key) {
        /* Switch to the nearest gap of the arm the key points to. */
        self->sel_arm = dy < 0 ? BUX_ARM_NORTH : dy > 0 ? BUX_ARM_SOUTH
                        : dx < 0 ? BUX_ARM_WEST : BUX_ARM_EAST;
        self->sel_index = 0;
    } else {
        int outward = (arm_dx[arm] == dx && dx != 0) || (arm_dy[arm] == dy && dy != 0);
        if (outward) {
            if (self->sel_index < live_len(self, arm))
                self->sel_index++;
        } else if (self->sel_index > 0) {
            self->sel_index--;
        } else {
            self->sel_arm = arm == BUX_ARM_NORTH ? BUX_ARM_SOUTH
                            : arm == BUX_ARM_SOUTH ? BUX_ARM_NORTH
                            : arm == BUX_ARM_WEST ? BUX_ARM_EAST : BUX_ARM_WEST;
        }
    }
    g_signal_emit(self, signals[SIGNAL_SELECTION_CHANGED], 0);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return TRUE;
}

static void on_focus_changed(GtkEventControllerFocus *controller, BuxCross *self)
{
    /* The widget's own state may not have changed yet while the controller tells. */
    gboolean focus = gtk_event_controller_focus_is_focus(controller);
    if (!self->interactive && focus && self->focus_card < 0)
        walk_cards(self, 0);
    else if (!focus && self->focus_card >= 0)
        set_focus_card(self, -1);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* ---- model ------------------------------------------------------------------------------ */

static void on_game_changed(BuxCross *self)
{
    hide_details(self);
    self->focus_card = -1;
    invalidate_scene(self);
    clamp_selection(self);
    update_accessible(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

void bux_cross_set_game(BuxCross *self, BuxGame *game)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    g_return_if_fail(game == NULL || BUX_IS_GAME(game));
    if (!g_set_object(&self->game, game))
        return;
    drop_card_nodes(self);
    g_signal_group_set_target(self->game_signals, game);
    on_game_changed(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_GAME]);
}

BuxGame *bux_cross_get_game(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), NULL);
    return self->game;
}

LpSettings *bux_cross_get_settings(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), NULL);
    return self->settings;
}

void bux_cross_set_settings(BuxCross *self, LpSettings *settings)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    g_return_if_fail(settings == NULL || LP_IS_SETTINGS(settings));
    if (!g_set_object(&self->settings, settings))
        return;
    g_signal_group_set_target(self->settings_signals, settings);
    invalidate_scene(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_SETTINGS]);
}

void bux_cross_set_interactive(BuxCross *self, gboolean interactive)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    interactive = !!interactive;
    if (self->interactive == interactive)
        return;
    self->interactive = interactive;
    clamp_selection(self);
    gtk_widget_set_focusable(GTK_WIDGET(self), interactive);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_INTERACTIVE]);
}

void bux_cross_set_show_revealed(BuxCross *self, gboolean show)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    show = !!show;
    if (self->show_revealed == show)
        return;
    self->show_revealed = show;
    invalidate_scene(self);
    update_accessible(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_SHOW_REVEALED]);
}

gboolean bux_cross_get_show_revealed(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), FALSE);
    return self->show_revealed;
}

gboolean bux_cross_get_interactive(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), FALSE);
    return self->interactive;
}

void bux_cross_set_scoring_step(BuxCross *self, int step)
{
    g_return_if_fail(BUX_IS_CROSS(self));
    g_return_if_fail(step >= -1);
    /* Redrawn even when the step stays: the scoring behind it may be a new one. */
    gboolean changed = self->scoring_step != step;
    self->scoring_step = step;
    invalidate_scene(self);
    update_accessible(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
    if (changed)
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_SCORING_STEP]);
}

int bux_cross_get_scoring_step(BuxCross *self)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), -1);
    return self->scoring_step;
}

void bux_cross_carry_over(BuxCross *self, BuxCross *previous)
{
    g_return_if_fail(BUX_IS_CROSS(self) && BUX_IS_CROSS(previous));
    self->sel_arm = previous->sel_arm;
    self->sel_index = previous->sel_index;
    clamp_selection(self);
    g_signal_emit(self, signals[SIGNAL_SELECTION_CHANGED], 0);
    /* Cards are read only once this cross has drawn them: the base could not give it the
     * focus yet. */
    int card = previous->focus_card >= 0 ? previous->focus_card
                                         : bux_cross_get_details_card(previous);
    if (card >= 0 && !gtk_widget_has_focus(GTK_WIDGET(self))) {
        self->carried_card = card;
        self->carried_focus = gtk_widget_has_focus(GTK_WIDGET(previous));
    }
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean bux_cross_get_selected_gap(BuxCross *self, BuxArm *arm, guint *index)
{
    g_return_val_if_fail(BUX_IS_CROSS(self), FALSE);
    if (self->game == NULL || bux_game_get_start_card(self->game) < 0)
        return FALSE;
    clamp_selection(self);
    *arm = self->sel_arm;
    *index = self->sel_index;
    return TRUE;
}

/* ---- class ------------------------------------------------------------------------------ */

static void bux_cross_dispose(GObject *object)
{
    BuxCross *self = BUX_CROSS(object);
    g_signal_group_set_target(self->game_signals, NULL);
    g_signal_group_set_target(self->settings_signals, NULL);
    g_clear_object(&self->game_signals);
    g_clear_object(&self->settings_signals);
    g_clear_object(&self->game);
    g_clear_object(&self->settings);
    g_clear_handle_id(&self->scroll_id, g_source_remove);
    g_clear_handle_id(&self->settle_id, g_source_remove);
    drop_stamps(self);
    g_clear_pointer(&self->popover, gtk_widget_unparent);
    g_clear_handle_id(&self->focusable_id, g_source_remove);
    for (guint i = 0; i < 2; i++) {
        if (self->watched[i] != NULL)
            g_clear_signal_handler(&self->watched_ids[i], self->watched[i]);
        g_clear_object(&self->watched[i]);
    }
    G_OBJECT_CLASS(bux_cross_parent_class)->dispose(object);
}

static void bux_cross_get_property(GObject *object, guint prop_id, GValue *value,
                                   GParamSpec *pspec)
{
    BuxCross *self = BUX_CROSS(object);
    switch (prop_id) {
    case PROP_GAME:
        g_value_set_object(value, self->game);
        break;
    case PROP_SETTINGS:
        g_value_set_object(value, self->settings);
        break;
    case PROP_INTERACTIVE:
        g_value_set_boolean(value, self->interactive);
        break;
    case PROP_SHOW_REVEALED:
        g_value_set_boolean(value, self->show_revealed);
        break;
    case PROP_SCORING_STEP:
        g_value_set_int(value, self->scoring_step);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void bux_cross_set_property(GObject *object, guint prop_id, const GValue *value,
                                   GParamSpec *pspec)
{
    BuxCross *self = BUX_CROSS(object);
    switch (prop_id) {
    case PROP_GAME:
        bux_cross_set_game(self, g_value_get_object(value));
        break;
    case PROP_SETTINGS:
        bux_cross_set_settings(self, g_value_get_object(value));
        break;
    case PROP_INTERACTIVE:
        bux_cross_set_interactive(self, g_value_get_boolean(value));
        break;
    case PROP_SHOW_REVEALED:
        bux_cross_set_show_revealed(self, g_value_get_boolean(value));
        break;
    case PROP_SCORING_STEP:
        bux_cross_set_scoring_step(self, g_value_get_int(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void bux_cross_finalize(GObject *object)
{
    BuxCross *self = BUX_CROSS(object);
    g_clear_pointer(&self->positions, g_hash_table_unref);
    g_clear_pointer(&self->ghosts, g_array_unref);
    drop_card_nodes(self);
    g_clear_pointer(&self->cards, g_hash_table_unref);
    g_clear_pointer(&self->stamps, g_hash_table_unref);
    g_clear_pointer(&self->scene, gsk_render_node_unref);
    g_clear_pointer(&self->part, gsk_render_node_unref);
    g_clear_pointer(&self->placed, g_array_unref);
    g_clear_pointer(&self->gaps, gsk_render_node_unref);
    g_clear_pointer(&self->font, pango_font_description_free);
    G_OBJECT_CLASS(bux_cross_parent_class)->finalize(object);
}

/* A new theme, dark style, font or font setting: colours and text are taken again. */
static void bux_cross_css_changed(GtkWidget *widget, GtkCssStyleChange *change)
{
    GTK_WIDGET_CLASS(bux_cross_parent_class)->css_changed(widget, change);
    invalidate_style(BUX_CROSS(widget));
}

static void bux_cross_system_setting_changed(GtkWidget *widget, GtkSystemSetting setting)
{
    GTK_WIDGET_CLASS(bux_cross_parent_class)->system_setting_changed(widget, setting);
    invalidate_style(BUX_CROSS(widget));
}

/* The textures belong to the renderer of the window this cross was realized in. */
static void bux_cross_unrealize(GtkWidget *widget)
{
    drop_stamps(BUX_CROSS(widget));
    GTK_WIDGET_CLASS(bux_cross_parent_class)->unrealize(widget);
}

static void bux_cross_class_init(BuxCrossClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = bux_cross_dispose;
    object_class->finalize = bux_cross_finalize;
    object_class->get_property = bux_cross_get_property;
    object_class->set_property = bux_cross_set_property;
    widget_class->snapshot = bux_cross_snapshot;
    widget_class->unrealize = bux_cross_unrealize;
    widget_class->measure = bux_cross_measure;
    widget_class->size_allocate = bux_cross_size_allocate;
    widget_class->query_tooltip = bux_cross_query_tooltip;
    widget_class->css_changed = bux_cross_css_changed;
    widget_class->system_setting_changed = bux_cross_system_setting_changed;
    gtk_widget_class_set_css_name(widget_class, "buxcross");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);

    /**
     * BuxCross::gap-activated:
     * @arm: the BuxArm
     * @index: the gap (0 next to the starting card)
     *
     * The person chose a gap for the card in hand: a click, a drop or Enter.
     */
    signals[SIGNAL_GAP_ACTIVATED] = g_signal_new("gap-activated", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    /**
     * BuxCross::selection-changed:
     *
     * The arrow keys moved to another gap.
     */
    signals[SIGNAL_SELECTION_CHANGED] = g_signal_new("selection-changed",
                                                     G_TYPE_FROM_CLASS(klass),
                                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                     G_TYPE_NONE, 0);

    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                              G_PARAM_EXPLICIT_NOTIFY;
    properties[PROP_GAME] = g_param_spec_object("game", NULL, NULL, BUX_TYPE_GAME, flags);
    properties[PROP_SETTINGS] = g_param_spec_object("settings", NULL, NULL, LP_TYPE_SETTINGS,
                                                    flags);
    properties[PROP_INTERACTIVE] = g_param_spec_boolean("interactive", NULL, NULL, FALSE,
                                                        flags);
    properties[PROP_SHOW_REVEALED] = g_param_spec_boolean("show-revealed", NULL, NULL, FALSE,
                                                          flags);
    properties[PROP_SCORING_STEP] = g_param_spec_int("scoring-step", NULL, NULL, -1, G_MAXINT,
                                                     -1, flags);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void bux_cross_init(BuxCross *self)
{
    self->positions = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    self->ghosts = g_array_new(FALSE, FALSE, sizeof(Ghost));
    self->placed = g_array_new(FALSE, FALSE, sizeof(Placed));
    g_array_set_clear_func(self->placed, placed_clear);
    self->cards = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, card_look_free);
    self->stamps = g_hash_table_new_full(g_direct_hash, g_direct_equal,
                                         (GDestroyNotify)gsk_render_node_unref, stamp_free);
    self->scoring_step = -1;
    self->hover_arm = -1;
    self->keep_card = -1;
    self->popover_card = -1;
    self->focus_card = -1;
    self->carried_card = -1;
    gtk_widget_set_has_tooltip(GTK_WIDGET(self), TRUE);
    /* The model and the settings are followed through signal groups, so that replacing
     * either moves the handlers along. */
    self->game_signals = g_signal_group_new(BUX_TYPE_GAME);
    const char *changes[] = { "card-placed", "challenge-resolved", "cross-started",
                              "phase-changed" };
    for (guint i = 0; i < G_N_ELEMENTS(changes); i++)
        g_signal_group_connect_swapped(self->game_signals, changes[i],
                                       G_CALLBACK(on_game_changed), self);
    self->settings_signals = g_signal_group_new(LP_TYPE_SETTINGS);
    g_signal_group_connect_swapped(self->settings_signals, "notify::show-coordinates",
                                   G_CALLBACK(invalidate_scene), self);

    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "released", G_CALLBACK(on_click), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));

    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "motion", G_CALLBACK(on_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(on_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), motion);

    GtkDropTarget *drop = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE | GDK_ACTION_COPY);
    g_signal_connect(drop, "motion", G_CALLBACK(on_drop_motion), self);
    g_signal_connect(drop, "enter", G_CALLBACK(on_drop_motion), self);
    g_signal_connect(drop, "drop", G_CALLBACK(on_drop), self);
    g_signal_connect(drop, "leave", G_CALLBACK(on_drop_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(drop));

    GtkEventController *key = gtk_event_controller_key_new();
    g_signal_connect(key, "key-pressed", G_CALLBACK(on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self), key);

    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_changed), self);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_changed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);
}

GtkWidget *bux_cross_new(void)
{
    return g_object_new(BUX_TYPE_CROSS, NULL);
}
