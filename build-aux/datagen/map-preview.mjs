// SPDX-License-Identifier: GPL-3.0-or-later
// Renders resources/map/germany.svg with the Minden grid of RULES.md (and, on request,
// the points of a deck) to a PNG for looking at; nothing it writes is committed.
//
//   node map-preview.mjs [--out map-preview.png] [--scale 2]
//                        [--deck ../../data/minden-cards.json [--colour yellow]]
//                        [--deck ../../data/buxtehude-cards.json]
//
// Needs rsvg-convert (Debian: librsvg2-bin).

import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

function parseArgs(argv) {
    const opts = { out: 'map-preview.png', scale: 2, decks: [], colour: null };
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i], value = argv[i + 1];
        if (arg === '--out' && value) {
            opts.out = value;
            i++;
        } else if (arg === '--scale' && value && Number(value) > 0) {
            opts.scale = Number(value);
            i++;
        } else if (arg === '--deck' && value) {
            opts.decks.push(value);
            i++;
        } else if (arg === '--colour' && value) {
            opts.colour = value;
            i++;
        } else {
            throw new Error(`map-preview: unknown or incomplete argument “${arg}” (see the comment at the top)`);
        }
    }
    return opts;
}

const esc = s => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function main() {
    const opts = parseArgs(process.argv.slice(2));
    const map = JSON.parse(readFileSync(join(root, 'resources', 'map', 'germany-map.json'), 'utf8'));
    const x = lon => (lon - map.lon_min) * map.px_per_deg_lon;
    const y = lat => (map.lat_max - lat) * map.px_per_deg_lat;
    const o = [];

    // RULES.md (Finden Sie Minden): sections every 0.5°, sectors every 1°, the
    // West/Ost split at 10°E and the Nord/Mitte/Süd splits at 52°N and 50°N.
    o.push('<g id="preview-grid" fill="none">');
    for (let lon = 5; lon <= 15; lon += 0.5) {
        const major = lon === 10, sector = Number.isInteger(lon);
        o.push(`<line x1="${x(lon)}" y1="${y(55)}" x2="${x(lon)}" y2="${y(47)}" stroke="#c0392b" ` +
               `stroke-width="${major ? 1.6 : sector ? 0.7 : 0.3}"${sector ? '' : ' stroke-dasharray="2 2"'}/>`);
    }
    for (let lat = 47; lat <= 55; lat += 0.5) {
        const major = lat === 52 || lat === 50, sector = Number.isInteger(lat);
        o.push(`<line x1="${x(5)}" y1="${y(lat)}" x2="${x(15)}" y2="${y(lat)}" stroke="#c0392b" ` +
               `stroke-width="${major ? 1.6 : sector ? 0.7 : 0.3}"${sector ? '' : ' stroke-dasharray="2 2"'}/>`);
    }
    o.push('</g>');

    // Sector numbers, row by row from the north, west to east, per area.
    o.push('<g id="preview-sectors" font-family="sans-serif" font-size="7" fill="#c0392b" fill-opacity="0.75">');
    const areas = [['N', 55, 52], ['M', 52, 50], ['S', 50, 47]];
    for (const [row, top, bottom] of areas) {
        for (const [col, west] of [['W', 5], ['O', 10]]) {
            let n = 1;
            for (let lat = top; lat > bottom; lat--) {
                for (let lon = west; lon < west + 5; lon++, n++)
                    o.push(`<text x="${x(lon) + 2}" y="${y(lat) + 8}">${col} ${row} ${n}</text>`);
            }
        }
    }
    o.push('</g>');

    // Deck points, when asked for: a dot and the German name.
    for (const deckPath of opts.decks) {
        const deck = JSON.parse(readFileSync(resolve(deckPath), 'utf8'));
        o.push(`<g id="preview-deck" font-family="sans-serif" font-size="5.5" fill="#1b2631">`);
        for (const card of deck.cards) {
            if (opts.colour && card.colour !== opts.colour)
                continue;
            const points = card.solutions ?? [{ lat: card.lat, lon: card.lon }];
            for (const p of points) {
                o.push(`<circle cx="${x(p.lon).toFixed(1)}" cy="${y(p.lat).toFixed(1)}" r="1.6" fill="#1b2631"/>`);
                o.push(`<text x="${(x(p.lon) + 2.5).toFixed(1)}" y="${(y(p.lat) + 2).toFixed(1)}">${esc(card.name_de)}</text>`);
            }
        }
        o.push('</g>');
    }

    const svg = readFileSync(join(root, 'resources', 'map', 'germany.svg'), 'utf8');
    const end = svg.lastIndexOf('</svg>');
    if (end < 0)
        throw new Error('map-preview: germany.svg has no </svg>');
    const tmp = mkdtempSync(join(tmpdir(), 'landpartie-preview-'));
    try {
        const file = join(tmp, 'preview.svg');
        writeFileSync(file, svg.slice(0, end) + o.join('\n') + '\n</svg>\n');
        execFileSync('rsvg-convert', ['--zoom', String(opts.scale), '--output', resolve(opts.out), file]);
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
    console.log(`wrote ${resolve(opts.out)}`);
}

main();
