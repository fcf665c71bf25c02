/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden board grid (RULES.md: Finden Sie Minden, Board): from a point to its cell and
 * from a tip of 1–4 stones back to the region it names. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RULES.md: the grid spans 5°E–15°E and 47°N–55°N. */
#define MINDEN_GRID_LON_WEST 5.0
#define MINDEN_GRID_LON_SPLIT 10.0
#define MINDEN_GRID_LON_EAST 15.0
#define MINDEN_GRID_LAT_SOUTH 47.0
#define MINDEN_GRID_LAT_MIDDLE_SOUTH 50.0
#define MINDEN_GRID_LAT_MIDDLE_NORTH 52.0
#define MINDEN_GRID_LAT_NORTH 55.0

typedef enum {
    MINDEN_WEST = 0,
    MINDEN_EAST = 1, /* "O" (Ost) on the board and in logs */
} MindenEastWest;

typedef enum {
    MINDEN_NORTH = 0,
    MINDEN_MIDDLE = 1,
    MINDEN_SOUTH = 2,
} MindenBand;

typedef enum {
    MINDEN_SECTION_A = 0, /* north-west */
    MINDEN_SECTION_B = 1, /* north-east */
    MINDEN_SECTION_C = 2, /* south-west */
    MINDEN_SECTION_D = 3, /* south-east */
} MindenSection;

#define MINDEN_MAX_STONES 4

/* A tip: the first n_stones fields are set, the others are -1. A full cell is a tip of 4. */
typedef struct {
    gint8 n_stones; /* 0 (no tip yet) … 4 */
    gint8 east_west; /* MindenEastWest */
    gint8 band;      /* MindenBand */
    gint8 sector;    /* 1 … minden_grid_n_sectors(band) */
    gint8 section;   /* MindenSection */
} MindenTip;

#define MINDEN_TIP_INIT { 0, -1, -1, -1, -1 }

/* Number of sectors of a band: 15 in N and S, 10 in M. */
guint minden_grid_n_sectors(MindenBand band);
/* Rows of a band: 3 in N and S, 2 in M. */
guint minden_grid_n_rows(MindenBand band);

/* The full cell (a tip of 4) of a point. RULES.md: a value on a line belongs north / east of
 * it; points beyond the outer lines belong to the outermost row or column. */
void minden_grid_locate(double lat, double lon, MindenTip *out);

/* Whether the tip is well formed: 1 to 4 stones, each in range, unset fields -1. */
gboolean minden_tip_is_valid(const MindenTip *tip);
/* Whether the full cell lies in the region of tip (the first n_stones agree). */
gboolean minden_tip_contains_cell(const MindenTip *tip, const MindenTip *cell);
/* Whether the point lies in the region of tip. */
gboolean minden_tip_contains_point(const MindenTip *tip, double lat, double lon);
/* The rectangle that tip names, in degrees (the grid's own lines, 5–15°E, 47–55°N). */
void minden_tip_region(const MindenTip *tip, double *lat_south, double *lat_north,
                       double *lon_west, double *lon_east);
/* The tip cut to its first n stones (n ≤ tip->n_stones). */
MindenTip minden_tip_truncate(const MindenTip *tip, guint n);
gboolean minden_tip_equal(const MindenTip *a, const MindenTip *b);

/* The stones as strings for logs and saves: "W"/"O", "N"/"M"/"S", "1".."15", "A".."D". */
GStrv minden_tip_to_strv(const MindenTip *tip);
/* Parses what minden_tip_to_strv wrote; FALSE with error when malformed. */
gboolean minden_tip_from_strv(const char *const *stones, guint n, MindenTip *out,
                              GError **error);

/* Short names for logs and saves. */
const char *minden_east_west_code(MindenEastWest ew);
const char *minden_band_code(MindenBand band);
const char *minden_section_code(MindenSection section);

/* The cell of a sector in degrees: row 0 is the northernmost; col 0 the westernmost. */
void minden_grid_sector_origin(MindenEastWest ew, MindenBand band, guint sector,
                               double *lat_north, double *lon_west);

G_END_DECLS
