/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden board grid (RULES.md: Finden Sie Minden, Board). */
#include "minden-grid.h"

#include <math.h>

#include <glib/gi18n.h>

#include "lp-error.h"

/* Everything is computed on half-degree indices so that a value exactly on a line falls to
 * the cell north or east of it (RULES.md) without floating-point surprises: lat and lon
 * multiplied by two are exact for all grid lines. */
#define HALF_LAT_MIN 94   /* 47°N */
#define HALF_LAT_MAX 109  /* last half degree below 55°N */
#define HALF_LON_MIN 10   /* 5°E */
#define HALF_LON_MAX 29   /* last half degree below 15°E */

guint minden_grid_n_sectors(MindenBand band)
{
    return band == MINDEN_MIDDLE ? 10 : 15;
}

guint minden_grid_n_rows(MindenBand band)
{
    return band == MINDEN_MIDDLE ? 2 : 3;
}

/* The northern edge of a band in whole degrees. */
static int band_top(MindenBand band)
{
    switch (band) {
    case MINDEN_NORTH:
        return 55;
    case MINDEN_MIDDLE:
        return 52;
    case MINDEN_SOUTH:
    default:
        return 50;
    }
}

void minden_grid_locate(double lat, double lon, MindenTip *out)
{
    g_return_if_fail(out != NULL);

    int hlat = isfinite(lat) ? (int) CLAMP(floor(lat * 2.0), HALF_LAT_MIN, HALF_LAT_MAX)
                             : HALF_LAT_MIN;
    int hlon = isfinite(lon) ? (int) CLAMP(floor(lon * 2.0), HALF_LON_MIN, HALF_LON_MAX)
                             : HALF_LON_MIN;
    int dlat = hlat / 2;  /* whole degree south edge, 47 … 54 */
    int dlon = hlon / 2;  /* whole degree west edge, 5 … 14 */

    out->n_stones = 4;
    out->east_west = dlon >= 10 ? MINDEN_EAST : MINDEN_WEST;
    if (dlat >= 52)
        out->band = MINDEN_NORTH;
    else if (dlat >= 50)
        out->band = MINDEN_MIDDLE;
    else
        out->band = MINDEN_SOUTH;

    int row = band_top(out->band) - 1 - dlat;
    int col = dlon - (out->east_west == MINDEN_EAST ? 10 : 5);
    out->sector = (gint8) (row * 5 + col + 1);

    gboolean north_half = (hlat % 2) == 1;
    gboolean east_half = (hlon % 2) == 1;
    out->section = (gint8) ((north_half ? 0 : 2) + (east_half ? 1 : 0));
}

gboolean minden_tip_is_valid(const MindenTip *tip)
{
    if (tip == NULL || tip->n_stones < 1 || tip->n_stones > MINDEN_MAX_STONES)
        return FALSE;
    if (tip->east_west != MINDEN_WEST && tip->east_west != MINDEN_EAST)
        return FALSE;
    if (tip->n_stones >= 2) {
        if (tip->band < MINDEN_NORTH || tip->band > MINDEN_SOUTH)
            return FALSE;
    } else if (tip->band != -1) {
        return FALSE;
    }
    if (tip->n_stones >= 3) {
        if (tip->sector < 1 || tip->sector > (int) minden_grid_n_sectors(tip->band))
            return FALSE;
    } else if (tip->sector != -1) {
        return FALSE;
    }
    if (tip->n_stones >= 4) {
        if (tip->section < MINDEN_SECTION_A || tip->section > MINDEN_SECTION_D)
            return FALSE;
    } else if (tip->section != -1) {
        return FALSE;
    }
    return TRUE;
}

gboolean minden_tip_contains_cell(const MindenTip *tip, const MindenTip *cell)
{
    g_return_val_if_fail(tip != NULL && cell != NULL, FALSE);

    /* RULES.md: right when the point lies in the region all placed stones describe. */
    if (tip->n_stones < 1 || cell->n_stones < tip->n_stones)
        return FALSE;
    if (tip->east_west != cell->east_west)
        return FALSE;
    if (tip->n_stones >= 2 && tip->band != cell->band)
        return FALSE;
    if (tip->n_stones >= 3 && tip->sector != cell->sector)
        return FALSE;
    if (tip->n_stones >= 4 && tip->section != cell->section)
        return FALSE;
    return TRUE;
}

gboolean minden_tip_contains_point(const MindenTip *tip, double lat, double lon)
{
    MindenTip cell;

    minden_grid_locate(lat, lon, &cell);
    return minden_tip_contains_cell(tip, &cell);
}

void minden_grid_sector_origin(MindenEastWest ew, MindenBand band, guint sector,
                               double *lat_north, double *lon_west)
{
    guint row = (sector - 1) / 5;
    guint col = (sector - 1) % 5;

    *lat_north = band_top(band) - (double) row;
    *lon_west = (ew == MINDEN_EAST ? 10.0 : 5.0) + col;
}

void minden_tip_region(const MindenTip *tip, double *lat_south, double *lat_north,
                       double *lon_west, double *lon_east)
{
    g_return_if_fail(minden_tip_is_valid(tip));

    double s, n, w, e;

    w = tip->east_west == MINDEN_EAST ? 10.0 : 5.0;
    e = w + 5.0;
    s = MINDEN_GRID_LAT_SOUTH;
    n = MINDEN_GRID_LAT_NORTH;
    if (tip->n_stones >= 2) {
        n = band_top(tip->band);
        s = n - minden_grid_n_rows(tip->band);
    }
    if (tip->n_stones >= 3) {
        minden_grid_sector_origin(tip->east_west, tip->band, tip->sector, &n, &w);
        s = n - 1.0;
        e = w + 1.0;
    }
    if (tip->n_stones >= 4) {
        gboolean north_half = tip->section == MINDEN_SECTION_A || tip->section == MINDEN_SECTION_B;
        gboolean east_half = tip->section == MINDEN_SECTION_B || tip->section == MINDEN_SECTION_D;
        if (north_half)
            s += 0.5;
        else
            n -= 0.5;
        if (east_half)
            w += 0.5;
        else
            e -= 0.5;
    }
    if (lat_south)
        *lat_south = s;
    if (lat_north)
        *lat_north = n;
    if (lon_west)
        *lon_west = w;
    if (lon_east)
        *lon_east = e;
}

MindenTip minden_tip_truncate(const MindenTip *tip, guint n)
{
    MindenTip out = *tip;

    n = MIN(n, (guint) MAX(tip->n_stones, 0));
    out.n_stones = (gint8) n;
    if (n < 1)
        out.east_west = -1;
    if (n < 2)
        out.band = -1;
    if (n < 3)
        out.sector = -1;
    if (n < 4)
        out.section = -1;
    return out;
}

gboolean minden_tip_equal(const MindenTip *a, const MindenTip *b)
{
    return a->n_stones == b->n_stones && a->east_west == b->east_west && a->band == b->band &&
           a->sector == b->sector && a->section == b->section;
}

const char *minden_east_west_code(MindenEastWest ew)
{
    return ew == MINDEN_EAST ? "O" : "W";
}

const char *minden_band_code(MindenBand band)
{
    static const char *const codes[] = { "N", "M", "S" };
    return codes[CLAMP((int) band, 0, 2)];
}

const char *minden_section_code(MindenSection section)
{
    static const char *const codes[] = { "A", "B", "C", "D" };
    return codes[CLAMP((int) section, 0, 3)];
}

GStrv minden_tip_to_strv(const MindenTip *tip)
{
    g_autoptr(GStrvBuilder) b = g_strv_builder_new();

    if (tip->n_stones >= 1)
        g_strv_builder_add(b, minden_east_west_code(tip->east_west));
    if (tip->n_stones >= 2)
        g_strv_builder_add(b, minden_band_code(tip->band));
    if (tip->n_stones >= 3) {
        g_autofree char *s = g_strdup_printf("%d", tip->sector);
        g_strv_builder_add(b, s);
    }
    if (tip->n_stones >= 4)
        g_strv_builder_add(b, minden_section_code(tip->section));
    return g_strv_builder_end(b);
}

gboolean minden_tip_from_strv(const char *const *stones, guint n, MindenTip *out, GError **error)
{
    MindenTip tip = MINDEN_TIP_INIT;

    if (n < 1 || n > MINDEN_MAX_STONES) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("a tip has 1 to 4 stones, not %u"), n);
        return FALSE;
    }
    tip.n_stones = (gint8) n;
    if (g_strcmp0(stones[0], "W") == 0)
        tip.east_west = MINDEN_WEST;
    else if (g_strcmp0(stones[0], "O") == 0)
        tip.east_west = MINDEN_EAST;
    if (n >= 2) {
        for (int i = 0; i < 3; i++)
            if (g_strcmp0(stones[1], minden_band_code(i)) == 0)
                tip.band = (gint8) i;
    }
    if (n >= 3 && stones[2] != NULL) {
        char *end = NULL;
        gint64 v = g_ascii_strtoll(stones[2], &end, 10);
        if (end != stones[2] && *end == '\0' && v >= 1 && v <= 15)
            tip.sector = (gint8) v;
    }
    if (n >= 4) {
        for (int i = 0; i < 4; i++)
            if (g_strcmp0(stones[3], minden_section_code(i)) == 0)
                tip.section = (gint8) i;
    }
    if (!minden_tip_is_valid(&tip)) {
        g_autoptr(GString) joined = g_string_new(NULL);
        for (guint i = 0; i < n; i++)
            g_string_append_printf(joined, "%s%s", i ? "," : "", stones[i] ? stones[i] : "");
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” is not a tip (O or W, then N/M/S, sector, A–D)"), joined->str);
        return FALSE;
    }
    *out = tip;
    return TRUE;
}
