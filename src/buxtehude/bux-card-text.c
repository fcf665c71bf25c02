/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on the back of a Buxtehude card, in the interface language. */
#include "config.h"

#include "bux-card-text.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

static const struct {
    const char *code;
    const char *name;
} state_names[] = {
    { "DE-BW", N_("Baden-Württemberg") },
    { "DE-BY", N_("Bavaria") },
    { "DE-BE", N_("Berlin") },
    { "DE-BB", N_("Brandenburg") },
    { "DE-HB", N_("Bremen") },
    { "DE-HH", N_("Hamburg") },
    { "DE-HE", N_("Hesse") },
    { "DE-MV", N_("Mecklenburg-Vorpommern") },
    { "DE-NI", N_("Lower Saxony") },
    { "DE-NW", N_("North Rhine-Westphalia") },
    { "DE-RP", N_("Rhineland-Palatinate") },
    { "DE-SL", N_("Saarland") },
    { "DE-SN", N_("Saxony") },
    { "DE-ST", N_("Saxony-Anhalt") },
    { "DE-SH", N_("Schleswig-Holstein") },
    { "DE-TH", N_("Thuringia") },
};

const char *bux_state_name(const char *code)
{
    for (guint i = 0; i < G_N_ELEMENTS(state_names); i++) {
        if (g_strcmp0(state_names[i].code, code) == 0)
            return _(state_names[i].name);
    }
    return code;
}

char *bux_format_count(gint64 value)
{
    g_autofree char *digits = g_strdup_printf("%" G_GINT64_FORMAT, value);
    const char *sep = bux_ui_is_german() ? "." : ",";
    GString *out = g_string_new(NULL);
    gsize len = strlen(digits);
    for (gsize i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            g_string_append(out, sep);
        g_string_append_c(out, digits[i]);
    }
    return g_string_free(out, FALSE);
}

char *bux_card_coordinates(const BuxCard *card)
{
    g_autofree char *lat = bux_format_latitude(card->lat);
    g_autofree char *lon = bux_format_longitude(card->lon);
    g_autofree char *text = g_strdup_printf("%s, %s", lat, lon);
    return bux_text_keep_together(text);
}

char *bux_card_details(const BuxCard *card)
{
    if (card->kind == BUX_CARD_LANDMARK)
        return bux_text_keep_together(bux_card_get_description(card));
    g_autofree char *pop = bux_format_count(card->population);
    g_autofree char *area = g_strdup_printf("%.1f", card->area_km2);
    if (bux_ui_is_german())
        g_strdelimit(area, ".", ',');
    /* Translators: population and area of a place on the back of a card */
    g_autofree char *text = g_strdup_printf(ngettext("%s inhabitant · %s km²",
                                                     "%s inhabitants · %s km²",
                                                     card->population),
                                            pop, area);
    return bux_text_keep_together(text);
}

/* ---- setting text on a card ------------------------------------------------------------- */

#define NBSP "\302\240"

char *bux_text_keep_together(const char *text)
{
    g_return_val_if_fail(text != NULL, NULL);
    GString *out = g_string_sized_new(strlen(text) + 8);
    gunichar prev = 0;
    for (const char *p = text; *p != '\0'; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (c == ' ') {
            gunichar next = g_utf8_get_char(p + 1);
            /* "76.4 km²", "40,150 inhabitants", "53°29′ N", "1,493 m" stay on one line, and
             * no line starts with the "·" between figures. */
            gboolean after_figure = (g_unichar_isdigit(prev) || prev == 0x2032 /* ′ */) &&
                                    next != 0 && !g_unichar_isdigit(next);
            if (after_figure || next == 0x00B7 /* · */) {
                g_string_append(out, NBSP);
                prev = 0x00A0;
                continue;
            }
        }
        g_string_append_unichar(out, c);
        prev = c;
    }
    return g_string_free(out, FALSE);
}

gboolean bux_text_breaks_between_words(PangoLayout *layout)
{
    g_return_val_if_fail(PANGO_IS_LAYOUT(layout), FALSE);
    const char *text = pango_layout_get_text(layout);
    int n_attrs;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &n_attrs);
    for (GSList *l = pango_layout_get_lines_readonly(layout); l != NULL; l = l->next) {
        const PangoLayoutLine *line = l->data;
        if (line->start_index == 0 || text[line->start_index - 1] == '\n')
            continue;
        /* Pango breaks inside a word only when the word is wider than the line; there it
         * breaks where a line may not break (UAX #14). */
        glong at = g_utf8_pointer_to_offset(text, text + line->start_index);
        if (at >= n_attrs || !attrs[at].is_line_break)
            return FALSE;
    }
    return TRUE;
}

static void set_absolute_size(PangoLayout *layout, double size)
{
    const PangoFontDescription *base = pango_layout_get_font_description(layout);
    if (base == NULL)
        base = pango_context_get_font_description(pango_layout_get_context(layout));
    PangoFontDescription *font = pango_font_description_copy(base);
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
}

/* Whether layout, as set now, fits width, max_lines and max_height with every break
 * between words (a word wider than the line sticks out of it). */
static gboolean layout_fits(PangoLayout *layout, double width, int max_lines,
                            double max_height)
{
    PangoRectangle ink, logical;
    pango_layout_get_pixel_extents(layout, &ink, &logical);
    return logical.width <= width + 0.5 && pango_layout_get_line_count(layout) <= max_lines &&
           logical.height <= max_height + 0.5 && bux_text_breaks_between_words(layout);
}

gboolean bux_text_set_at(PangoLayout *layout, const char *text, double width, double size,
                         int max_lines, double max_height)
{
    g_return_val_if_fail(PANGO_IS_LAYOUT(layout), FALSE);
    g_return_val_if_fail(text != NULL, FALSE);
    /* No hyphen of Pango's own: a word breaks only at a hyphen it already has. */
    PangoAttrList *attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(layout, attrs);
    pango_attr_list_unref(attrs);
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_height(layout, -1);
    set_absolute_size(layout, size);
    if (layout_fits(layout, width, max_lines, max_height))
        return TRUE;
    /* It does not fit: as many whole lines as there is room for, the last one cut with
     * "…"; still no break inside a word. */
    int n_lines = pango_layout_get_line_count(layout), w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    double line_h = n_lines > 0 ? (double)h / n_lines : size;
    int room = MAX(1, MIN(max_lines, (int)floor((max_height + 0.5) / line_h)));
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_height(layout, -room);
    return FALSE;
}

/* The smallest size of the scale: 2^(24/12) = 4 pixels. */
#define SCALE_MIN_STEP 24

double bux_text_size(double px)
{
    /* Every size a text is drawn at is a font with glyph caches of its own (cairo keeps each
     * glyph's picture per font): sizes on a scale, not in half pixels, so that the names of
     * a whole deck at every zoom need some forty sizes, not seventy, and the large ones,
     * whose glyphs take the most memory, a dozen, not forty. */
    double k = floor(12 * log2(MAX(px, 1)) + 1e-9);
    return exp2(MAX(k, SCALE_MIN_STEP) / 12);
}

double bux_text_fit(PangoLayout *layout, const char *text, double width, int max_lines,
                    double max_height, double max_size, double min_size, gboolean *fits)
{
    g_return_val_if_fail(PANGO_IS_LAYOUT(layout), min_size);
    g_return_val_if_fail(max_size >= min_size, min_size);
    double size = bux_text_size(max_size);
    min_size = MIN(bux_text_size(min_size), size);
    gboolean ok = FALSE;
    for (;;) {
        if (size < min_size)
            size = min_size;
        ok = bux_text_set_at(layout, text, width, size, max_lines, max_height);
        if (ok || size <= min_size)
            break;
        /* The next size to try, guessed from how much too big this one was (text shrinks
         * about in proportion), so that a deck's names take a few tries each, not dozens;
         * at least one step of the scale smaller. */
        PangoRectangle ink, logical;
        pango_layout_get_pixel_extents(layout, &ink, &logical);
        double guess = size;
        if (logical.width > width && logical.width > 0)
            guess = MIN(guess, size * width / logical.width);
        if (logical.height > max_height && logical.height > 0)
            guess = MIN(guess, size * sqrt(max_height / logical.height));
        size = MIN(bux_text_size(size / exp2(1.0 / 12) * (1 + 1e-9)), bux_text_size(guess));
    }
    if (fits != NULL)
        *fits = ok;
    return size;
}
