/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Geographic helpers for the data tests: Germany's outline and great-circle distances. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

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
