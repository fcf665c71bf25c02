/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on the back of a Buxtehude card, in the interface language. */
#include "config.h"

#include "bux-card-text.h"

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
    return g_strdup_printf("%s, %s", lat, lon);
}

char *bux_card_details(const BuxCard *card)
{
    if (card->kind == BUX_CARD_LANDMARK)
        return g_strdup(bux_card_get_description(card));
    g_autofree char *pop = bux_format_count(card->population);
    g_autofree char *area = g_strdup_printf("%.1f", card->area_km2);
    if (bux_ui_is_german())
        g_strdelimit(area, ".", ',');
    /* Translators: population and area of a place on the back of a card */
    return g_strdup_printf(ngettext("%s inhabitant · %s km²", "%s inhabitants · %s km²",
                                    card->population),
                           pop, area);
}
