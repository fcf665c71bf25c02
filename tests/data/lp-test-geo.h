/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the data tests: source files, Germany's outline and great-circle distances. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The text of a file of the source tree ($LANDPARTIE_SOURCE_DIR); the test binaries have no
 * resources of their own. Aborts the test when it cannot be read. */
char *lp_test_read_source_file(const char *relative);
/* Deck validators collect every problem as one message naming the card and the field. */
typedef struct {
    GPtrArray *problems;
    char *label; /* "card 12 (kiel)" */
} LpTestCheck;
void lp_test_problem(LpTestCheck *c, const char *field, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

/* Parses text or aborts the test naming what. */
JsonNode *lp_test_parse_or_die(const char *text, const char *what);

/* TRUE when (lat, lon) lies inside Germany's outline (Natural Earth 1:10m, all
 * islands; data/geo/germany-outline.json under $LANDPARTIE_SOURCE_DIR, loaded
 * once) or within tolerance_km of its border. Coastal towns and small islands
 * lie on or just off the coarse outline's edge, so callers pass a few km. */
gboolean lp_test_point_in_germany(double lat, double lon, double tolerance_km);

/* Distance in km from (lat, lon) to Germany's border (0 when exactly on it);
 * useful in failure messages. */
double lp_test_distance_to_border_km(double lat, double lon);

/* Great-circle distance in km (haversine, mean earth radius 6371.0088 km). */
double lp_test_distance_km(double lat1, double lon1, double lat2, double lon2);

G_END_DECLS
