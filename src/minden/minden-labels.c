/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words and symbols the Minden widgets show for stones, tips and card colours. */
#include "minden-labels.h"

#include <glib/gi18n.h>

const char *minden_label_east_west(int east_west)
{
    /* Translators: the stone for the eastern half of the board; German boards say "O". */
    return east_west == MINDEN_EAST ? C_("minden stone", "E")
                                    /* Translators: the stone for the western half. */
                                    : C_("minden stone", "W");
}

const char *minden_label_band(int band)
{
    switch (band) {
    case MINDEN_NORTH:
        /* Translators: the stone for the northern band (52°N to 55°N). */
        return C_("minden stone", "N");
    case MINDEN_MIDDLE:
        /* Translators: the stone for the middle band (50°N to 52°N). */
        return C_("minden stone", "M");
    default:
        /* Translators: the stone for the southern band (47°N to 50°N). */
        return C_("minden stone", "S");
    }
}

const char *minden_label_section(int section)
{
    static const char *const letters[] = { "A", "B", "C", "D" };
    return letters[CLAMP(section, 0, 3)];
}

char *minden_label_tip(const MindenTip *tip)
{
    GString *s = g_string_new(NULL);

    if (tip->n_stones >= 1)
        g_string_append(s, minden_label_east_west(tip->east_west));
    /* Middle dots, not commas: German coordinates beside a tip use the decimal comma. */
    if (tip->n_stones >= 2)
        g_string_append_printf(s, " · %s", minden_label_band(tip->band));
    if (tip->n_stones >= 3)
        g_string_append_printf(s, " · %d", tip->sector);
    if (tip->n_stones >= 4)
        g_string_append_printf(s, " · %s", minden_label_section(tip->section));
    return g_string_free(s, FALSE);
}

static char *decimal(double value)
{
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    /* Translators: the decimal separator of numbers such as 51.94; German uses ",". */
    const char *sep = C_("decimal separator", ".");
    g_autofree char *text = g_strdup(g_ascii_formatd(buf, sizeof buf, "%.2f", value));
    g_auto(GStrv) parts = g_strsplit(text, ".", 2);
    return g_strjoinv(sep, parts);
}

char *minden_label_coordinates(double lat, double lon)
{
    g_autofree char *la = decimal(lat);
    g_autofree char *lo = decimal(lon);
    /* Translators: a point on the map, latitude then longitude, e.g. "51.94° N · 8.87° E";
     * German: "%s° N · %s° O". */
    return g_strdup_printf(_("%s° N · %s° E"), la, lo);
}

char *minden_label_join_names(const char *const *names, guint n)
{
    /* Whole lists per length (issue 13), so a language can join them its own way. Minden
     * has at most five players. */
    switch (n) {
    case 0:
        return g_strdup("");
    case 1:
        return g_strdup(names[0]);
    case 2:
        /* Translators: two names, e.g. "Anna and Robo". */
        return g_strdup_printf(_("%s and %s"), names[0], names[1]);
    case 3:
        /* Translators: three names, e.g. "Anna, Ben and Robo". */
        return g_strdup_printf(_("%s, %s and %s"), names[0], names[1], names[2]);
    case 4:
        return g_strdup_printf(_("%s, %s, %s and %s"), names[0], names[1], names[2], names[3]);
    default:
        return g_strdup_printf(_("%s, %s, %s, %s and %s"), names[0], names[1], names[2],
                               names[3], names[n - 1]);
    }
}

char *minden_label_tip_long(const MindenTip *tip)
{
    static const char *const bands[] = { N_("North"), N_("Middle"), N_("South") };

    if (tip->n_stones < 1)
        return g_strdup(_("no stones"));
    const char *ew = tip->east_west == MINDEN_EAST ? _("East") : _("West");
    if (tip->n_stones == 1)
        return g_strdup(ew);
    const char *band = _(bands[CLAMP(tip->band, 0, 2)]);
    if (tip->n_stones == 2)
        /* Translators: a tip of two stones for screen readers, e.g. "West, North". */
        return g_strdup_printf(_("%s, %s"), ew, band);
    if (tip->n_stones == 3)
        /* Translators: a tip of three stones, e.g. "West, North, sector 10". */
        return g_strdup_printf(_("%s, %s, sector %d"), ew, band, tip->sector);
    /* Translators: a tip of four stones, e.g. "West, North, sector 10, section B". */
    return g_strdup_printf(_("%s, %s, sector %d, section %s"), ew, band, tip->sector,
                           minden_label_section(tip->section));
}

/* Colour and kind as one phrase, never a colour word put into a sentence (issue 13). */
const char *minden_label_card_kind(MindenColour colour)
{
    static const char *const kinds[] = {
        /* Translators: the task side of a Minden card names its colour and kind. */
        N_("Yellow · Big city"),
        N_("Red · City or town"),
        N_("Blue · Water or landscape"),
        N_("Purple · Sight"),
    };
    return _(kinds[CLAMP((int) colour, 0, 3)]);
}

const char *minden_label_colour_symbol(MindenColour colour)
{
    /* Shapes that the player palette does not use, so counts of cards are not read as
     * players. */
    static const char *const symbols[] = { "☼", "⌂", "≈", "♜" };
    return symbols[CLAMP((int) colour, 0, 3)];
}

const char *minden_colour_hex(MindenColour colour)
{
    static const char *const hex[] = { "#f6d32d", "#e01b24", "#1c71d8", "#9141ac" };
    return hex[CLAMP((int) colour, 0, 3)];
}

const char *minden_label_result_hex(gboolean right, gboolean dark)
{
    if (right)
        return dark ? "#8ff0a4" : "#26a269";
    return dark ? "#ff7b63" : "#c01c28";
}
