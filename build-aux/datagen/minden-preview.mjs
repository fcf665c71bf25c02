// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the board map with the RULES.md "Finden Sie Minden" grid and the solution points
// of the Minden deck, to check by eye that every card sits where it belongs.
//
//   node minden-preview.mjs [--colour yellow|red|blue|purple|all] [--scale 2] [--out file.png]
//                           [--bbox lon_min,lat_min,lon_max,lat_max]   (zoom into a region)
//
// Writes an SVG next to the PNG and converts it with rsvg-convert (Debian: librsvg2-bin).
// A developer tool: its output is not committed and the app never runs it.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

function option(name, fallback) {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const colour = option('colour', 'yellow');
const scale = Number(option('scale', '2'));
const out = option('out', `/tmp/minden-preview-${colour}.png`);
const COLOURS = { yellow: '#e0a800', red: '#c62828', blue: '#1565c0', purple: '#7b1fa2' };
if (colour !== 'all' && !(colour in COLOURS)) {
    console.error(`minden-preview.mjs: unknown colour "${colour}" (yellow, red, blue, purple, all)`);
    process.exit(2);
}
if (!(scale > 0 && scale <= 8)) {
    console.error('minden-preview.mjs: --scale must be a number between 0 and 8');
    process.exit(2);
}

const proj = JSON.parse(readFileSync(join(root, 'resources', 'map', 'germany-map.json'), 'utf8'));
const x = lon => (lon - proj.lon_min) * proj.px_per_deg_lon;
const y = lat => (proj.lat_max - lat) * proj.px_per_deg_lat;
const f = v => v.toFixed(2);

// The visible part of the map, in map units; zoomed views get smaller dots and labels
// so that neighbouring cities stay apart.
let vx = 0, vy = 0, w = proj.width, h = proj.height, zoom = 1;
const bbox = option('bbox', null);
if (bbox !== null) {
    const b = bbox.split(',').map(Number);
    if (b.length !== 4 || b.some(v => !Number.isFinite(v)) || b[0] >= b[2] || b[1] >= b[3]) {
        console.error('minden-preview.mjs: --bbox wants lon_min,lat_min,lon_max,lat_max');
        process.exit(2);
    }
    vx = x(b[0]); vy = y(b[3]); w = x(b[2]) - vx; h = y(b[1]) - vy;
    zoom = Math.min(1, Math.max(0.25, 3 * w / proj.width));
}

const base = readFileSync(join(root, 'resources', 'map', 'germany.svg'), 'utf8')
    .replace(/^<\?xml[^>]*>\s*/, '');
const deck = JSON.parse(readFileSync(join(root, 'data', 'minden-cards.json'), 'utf8'));

const esc = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const parts = [];

// RULES.md: sections every 0.5°, sectors every 1°, 10°E splits W/O, 50°N and 52°N split S/M/N.
for (let lon = 5; lon <= 15; lon += 0.5) {
    const major = Number.isInteger(lon), split = lon === 10;
    parts.push(`<line x1="${f(x(lon))}" y1="${f(y(55))}" x2="${f(x(lon))}" y2="${f(y(47))}" ` +
               `stroke="${split ? '#ffffff' : '#000000'}" stroke-opacity="${major ? 0.8 : 0.35}" ` +
               `stroke-width="${split ? 2.2 : major ? 1.0 : 0.4}"/>`);
}
for (let lat = 47; lat <= 55; lat += 0.5) {
    const major = Number.isInteger(lat), split = lat === 50 || lat === 52;
    parts.push(`<line x1="${f(x(5))}" y1="${f(y(lat))}" x2="${f(x(15))}" y2="${f(y(lat))}" ` +
               `stroke="${split ? '#ffffff' : '#000000'}" stroke-opacity="${major ? 0.8 : 0.35}" ` +
               `stroke-width="${split ? 2.2 : major ? 1.0 : 0.4}"/>`);
}
// Sector numbers: per area, row by row from the north, west to east (RULES.md).
for (const [latTop, rows] of [[55, 3], [52, 2], [50, 3]]) {
    for (const lonLeft of [5, 10]) {
        let n = 1;
        for (let r = 0; r < rows; r++)
            for (let c = 0; c < 5; c++, n++)
                parts.push(`<text x="${f(x(lonLeft + c + 0.5))}" y="${f(y(latTop - r - 0.5) + 9)}" ` +
                           `font-family="sans-serif" font-size="26" font-weight="bold" fill="#ffffff" ` +
                           `fill-opacity="0.45" text-anchor="middle">${n}</text>`);
    }
}

let shown = 0;
for (const card of deck.cards) {
    if (colour !== 'all' && card.colour !== colour)
        continue;
    shown++;
    card.solutions.forEach((p, i) => {
        const px = x(p.lon), py = y(p.lat);
        parts.push(`<circle cx="${f(px)}" cy="${f(py)}" r="${f(2.6 * zoom)}" fill="${COLOURS[card.colour]}" ` +
                   `stroke="#000" stroke-width="${f(0.6 * zoom)}"/>`);
        if (i === 0)
            parts.push(`<text x="${f(px + 3.5 * zoom)}" y="${f(py + 2.5 * zoom)}" font-family="sans-serif" ` +
                       `font-size="${f(7 * zoom)}" fill="#111" stroke="#fff" stroke-width="${f(1.6 * zoom)}" paint-order="stroke">` +
                       `${esc(card.name_de)}</text>`);
    });
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${f(w * scale)}" height="${f(h * scale)}" ` +
            `viewBox="${f(vx)} ${f(vy)} ${f(w)} ${f(h)}">\n${base}\n${parts.join('\n')}\n</svg>\n`;
const svgPath = out.replace(/\.png$/, '') + '.svg';
writeFileSync(svgPath, svg);
try {
    execFileSync('rsvg-convert', ['-o', out, svgPath], { stdio: 'inherit' });
} catch (e) {
    console.error(`minden-preview.mjs: rsvg-convert failed (${e.message}); install librsvg2-bin`);
    process.exit(1);
}
console.log(`wrote ${out} (${shown} ${colour} cards)`);
