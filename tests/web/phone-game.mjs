#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
// A seat on a phone (issue 32): `landpartie-sim host` serves the page, Debian's Chromium
// plays one seat (or two: --phones 2) through the page's own buttons (tests/web/play-GAME.mjs)
// to the end, as a person on a phone would. Checked on the way (TAP): everything the phone
// received is its own seat's (secrecy.mjs); every response has the page's CSP, nothing is
// loaded from elsewhere, and a wrong or climbing path is a bare 404; a reload mid-game brings
// the seat back with its hand; axe-core finds no WCAG A/AA violation, light and dark; the
// page shows the host's result. Screenshots phone-GAME-LANG-SCHEME.png land in
// $LANDPARTIE_WEB_SCREENSHOTS, else $LANDPARTIE_BUILD_DIR/tests/web (meson sets it), else here.
//
//   node phone-game.mjs --sim _build/src/landpartie-sim --game minden --lang de [--phones 2]
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as H from "./harness.mjs";
import { checkMessages, plantLeak, selfTest } from "./secrecy.mjs";

const { values: opt } = parseArgs({
  options: {
    sim: { type: "string", default: process.env.LANDPARTIE_SIM },
    game: { type: "string", default: "minden" },
    lang: { type: "string", default: "en" },
    players: { type: "string", default: "3" },
    seed: { type: "string", default: "7" },
    code: { type: "string", default: "246813" },
    phones: { type: "string", default: "1" },
    timeout: { type: "string", default: "240" },
    "rejoin-after": { type: "string", default: "2" },
    "no-axe": { type: "boolean", default: false },
    // Another player module than ./play-GAME.mjs (a game's author trying theirs).
    play: { type: "string" },
    // Every message each phone received and sent, as JSON lines: FILE-SEAT.jsonl.
    dump: { type: "string" },
    verbose: { type: "boolean", default: !!process.env.WEB_VERBOSE },
  },
});
const GAME = opt.game, LANG = opt.lang, CODE = opt.code;
const PHONES = Number(opt.phones), PLAYERS = Number(opt.players);
const TAG = `${GAME}-${LANG}${PHONES > 1 ? `-${PHONES}phones` : ""}`;
const NAMES = ["Anna", "Ben", "Clara", "David", "Emma"];
// The page's CSP (the shared contract): every directive with exactly these sources, but
// connect-src may leave out ws: ('self' covers the host's own ws:// in CSP 3, and is tighter).
const CSP = {
  "default-src": ["'self'"], "connect-src": ["'self'"], "img-src": ["'self'", "data:"],
  "style-src": ["'self'"], "script-src": ["'self'"], "base-uri": ["'none'"],
  "form-action": ["'none'"], "frame-ancestors": ["'none'"],
};
// Paths that must answer 404 and nothing of any file: a climb out of the page's files (as
// typed, and percent-encoded so that no client tidies it away), a listing, the sources.
const BAD_PATHS = ["/does-not-exist", "/../meson.build", "/%2e%2e/meson.build",
                   "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2fmeson.build", "/%2e%2e%2fmeson.build",
                   "/..%5cmeson.build", "//etc/passwd", "/resources/web/index.html",
                   "/web/app.js", "/resources/", "/.git/config", "/app.js%00.txt"];
// What a wrong path's body must not hold: the start of any of our files or the system's.
const FILE_MARKS = ["project(", "root:", "<!DOCTYPE", "<html", "import ", "SPDX", "[core]"];

// Screenshots for data/screenshots: one a game, language and scheme, and the join page's.
const FOR_DATA = !!process.env.LANDPARTIE_WEB_SCREENSHOTS;
const log = (s) => { if (opt.verbose) H.note(s); };
const smallTargets = new Set();

function cspProblems(header) {
  if (!header)
    return ["no Content-Security-Policy"];
  const got = {};
  for (const part of header.split(";")) {
    const [name, ...src] = part.trim().split(/\s+/);
    if (name)
      got[name.toLowerCase()] = src;
  }
  const problems = [];
  if (JSON.stringify(got["connect-src"]) === JSON.stringify(["'self'", "ws:"]))
    got["connect-src"] = ["'self'"];
  for (const [name, src] of Object.entries(CSP)) {
    if (JSON.stringify([...(got[name] ?? [])].sort()) !== JSON.stringify([...src].sort()))
      problems.push(`${name} is "${(got[name] ?? []).join(" ")}", not "${src.join(" ")}"`);
  }
  for (const name of Object.keys(got)) {
    if (!(name in CSP))
      problems.push(`an extra directive ${name}`);
  }
  return problems;
}

async function httpChecks(port) {
  const root = await H.rawGet(port, "/");
  H.ok(root.status === 200 && /text\/html/.test(root.headers["content-type"] ?? ""),
       "/ is the page (200, text/html)", `${root.status} ${root.headers["content-type"]}`);
  for (const p of BAD_PATHS) {
    const r = await H.rawGet(port, p);
    const text = r.body.toString("latin1");
    const leaked = FILE_MARKS.filter((m) => text.includes(m));
    // libsoup refuses an encoded slash or NUL as a bad request before the host sees it.
    const refused = r.status === 404 || (r.status === 400 && /%2f|%00/i.test(p));
    H.ok(refused && r.body.length <= 64 && leaked.length === 0,
         `${p} → ${r.status === 400 ? 400 : 404} without content`, `HTTP ${r.status}, ${r.body.length} bytes: ${text.slice(0, 120)}`);
  }
}

// The lines of the page's accessibility tree that name its buttons: what a person can do.
async function buttons(page) {
  const snap = await page.locator("main").ariaSnapshot();
  return snap.split("\n").map((l) => l.trim()).filter((l) => /^- button\b/.test(l)).join("\n");
}

function yourTurn(page, T) {
  return page.getByRole("status").filter({ hasText: T("Your turn") });
}

// What a phone must be at any rest: no A/AA violation (light and dark), no sideways scrolling;
// buttons smaller than 44×44 CSS pixels are only noted (the contract's touch size).
async function lookAt(page, what, shot) {
  const out = H.outDir();
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    await H.sleep(100);
    if (shot)
      await page.screenshot({ path: path.join(out, `phone-${shot}-${scheme}.png`) });
    if (!opt["no-axe"]) {
      const v = await H.axeViolations(page);
      H.ok(v.length === 0, `axe: no WCAG A/AA violation on ${what}, ${scheme}`, v.join("\n"));
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  // The smallest phone the contract names, this one, and this one held sideways.
  const wide = [];
  for (const size of [{ width: 360, height: 640 }, { width: 844, height: 390 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await H.sleep(50);
    const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (sw > iw)
      wide.push(`${size.width}×${size.height}: ${sw} CSS px wide`);
  }
  H.ok(wide.length === 0, `no horizontal scrolling on ${what} (360×640, 844×390, 390×844)`, wide.join("\n"));
  const small = await page.evaluate(() => [...document.querySelectorAll("button, input, select, a[href]")]
    .filter((e) => e.offsetParent !== null && !e.closest(".sr-only"))
    .map((e) => [e.getAttribute("aria-label") || e.textContent.trim() || e.id, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
    .map(([n, r]) => `${n.slice(0, 30)} ${Math.round(r.width)}×${Math.round(r.height)}`));
  for (const s of small)
    smallTargets.add(`${what}: ${s}`);
}

async function joinPhone(browser, port, T, name, first, play) {
  const ctx = await H.phone(browser, LANG);
  const page = await ctx.newPage();
  const rec = H.record(page);
  await page.goto(`http://127.0.0.1:${port}/#code=${CODE}`);
  const nameBox = page.getByRole("textbox", { name: T("Your name") });
  await nameBox.waitFor({ timeout: 15000 });
  // The join page is the same for every game: its screenshots come from Minden's run alone.
  if (first)
    await lookAt(page, "the join page", TAG === `minden-${LANG}` ? `join-${LANG}` : null);
  await nameBox.fill(name);
  await page.getByRole("button", { name: T("Join"), exact: true }).click();
  const t0 = Date.now();
  let joined = null;
  while (!joined && Date.now() - t0 < 15000) {
    joined = rec.messages().find((m) => m.type === "joined");
    await H.sleep(50);
  }
  if (!joined)
    throw new Error(`${name}'s phone got no seat: ${JSON.stringify(rec.messages()).slice(0, 300)}`);
  return { ctx, page, rec, name, seat: joined.seat, token: joined.token, steps: 0, errors: 0,
           play: play.playStep };
}

const waitFor = H.waitFor;

// Mid-game, at this seat's decision: a reload takes the seat back with its token, and the
// page shows the same view (its own cards and tips) and the same controls again. Every other
// seat is a computer at the host, which moves at once: a game at rest whose page says "Your
// turn" waits for this phone.
async function rejoin(ph, T, host) {
  const { page, rec } = ph;
  let n = -1, since = Date.now();
  const rest = await waitFor(async () => {
    if (host.done)
      return "over";
    if (rec.frames.length !== n) {
      n = rec.frames.length;
      since = Date.now();
    }
    return Date.now() - since > 800 && !rec.lastView()?.over &&
      (await yourTurn(page, T).count()) > 0 ? "rest" : null;
  }, 30000);
  if (rest !== "rest") {
    H.ok(false, "a reload at this seat's decision", "the game ended or never came to rest");
    return;
  }
  const before = rec.lastView();
  const controls = await buttons(page);
  n = rec.frames.length;
  await page.reload();
  const after = await waitFor(() => rec.messages().slice(n).find((m) => m.type === "view")?.view, 15000);
  H.ok(after && after.viewer === before.viewer,
       `after a reload the phone takes seat ${before.viewer} back with its token`,
       `first view after the reload: ${JSON.stringify(after)?.slice(0, 200)}`);
  H.ok(after && after.actions === before.actions &&
       JSON.stringify(after.state) === JSON.stringify(before.state),
       "… and the same view of the game (its own secrets in it) as before",
       `before: ${JSON.stringify(before.state).slice(0, 600)}\nafter: ${JSON.stringify(after?.state)?.slice(0, 600)}`);
  let shown = "";
  const same = await waitFor(async () => (shown = await buttons(page)) === controls, 15000, 200);
  H.ok(same, "… and the page shows the same hand and controls again",
       `before:\n${controls}\nafter:\n${shown}`);
}

async function main() {
  const planted = selfTest();
  H.ok(planted.length === 0, "the secrecy check catches planted leaks", planted.join("\n"));
  const play = await import(opt.play ? path.resolve(opt.play) : `./play-${GAME}.mjs`);
  const tmp = H.tmpDir(`lp-web-${TAG}-`);
  const levels = Array.from({ length: PLAYERS }, (_, i) => i < PHONES ? "remote"
    : ["normal", "easy", "hard"][i % 3]);
  const host = await H.startHost(opt.sim, [GAME, "--players", String(PLAYERS), "--levels",
                                           levels.join(","), "--seed", opt.seed, "--code", CODE], tmp);
  const browser = await H.launch();
  const phones = [];
  const started = Date.now();
  try {
    await httpChecks(host.port);
    const T = await H.translator(host.port, LANG);
    for (let i = 0; i < PHONES; i++)
      phones.push(await joinPhone(browser, host.port, T, NAMES[i], i === 0, play));
    H.ok(new Set(phones.map((p) => p.seat)).size === PHONES && phones.every((p) => p.seat >= 0),
         `each phone has a seat of its own (${phones.map((p) => p.seat).join(", ")})`);

    const deadline = started + Number(opt.timeout) * 1000;
    // axe and the screenshots at this seat's first decision of each kind (the game's phase).
    const looked = new Set();
    while (!host.done) {
      if (Date.now() > deadline)
        throw new Error(`the game did not end in ${opt.timeout} s`);
      let any = false;
      for (const ph of phones) {
        const phase = ph.rec.lastView()?.state?.phase;
        if (ph === phones[0] && phase && !looked.has(phase) &&
            (await yourTurn(ph.page, T).count()) > 0) {
          await H.sleep(200);
          const now = ph.rec.lastView()?.state?.phase;
          if (now === phase) {
            // The first one is the game's screenshot; the others are for the build folder.
            const shot = looked.size === 0 && !(FOR_DATA && PHONES > 1) ? TAG
              : FOR_DATA ? null : `${TAG}-${phase}`;
            looked.add(phase);
            await lookAt(ph.page, `${GAME}'s page at this seat's turn (${phase})`, shot);
          }
        }
        // A game that is over has no decision left for anyone: the host ends by itself.
        if (ph.rec.lastView()?.over)
          continue;
        let did = false;
        try {
          did = await ph.play(ph.page, LANG);
          ph.errors = 0;
        } catch (e) {
          // The page may change under a step (a view came between its look and its tap).
          if (host.done)
            break;
          if (++ph.errors > 5)
            throw e;
          log(`${ph.name}: step failed, again: ${e.message.split("\n")[0]}`);
        }
        if (did) {
          any = true;
          ph.steps++;
          log(`${ph.name}: decision ${ph.steps}`);
          if (PHONES === 1 && ph.steps === Number(opt["rejoin-after"]))
            await rejoin(ph, T, host);
        }
      }
      if (!any)
        await H.sleep(100);
    }
    const { code, stdout, stderr } = await host.exited;
    const resultLine = stdout.split("\n").find((l) => l.includes('"winners"'));
    H.ok(code === 0 && resultLine, `the host played the game to its end (${Date.now() - started} ms)`,
         `exit ${code}: ${stderr.slice(-800)}`);
    const result = resultLine ? JSON.parse(resultLine) : { scores: [], winners: [] };
    for (const ph of phones) {
      H.ok(ph.steps > 0, `${ph.name}'s phone made ${ph.steps} decisions through the page`);
      const last = ph.rec.lastView();
      const names = (last?.players ?? []).map((p) => p.name);
      const winner = names[result.winners[0]] ?? "?";
      const heading = ph.page.getByRole("heading", { name: winner });
      const shown = await waitFor(async () => (await heading.count()) > 0, 15000);
      H.ok(shown, `${ph.name}'s phone shows the result: a heading names ${winner}`);
      const pageResult = ph.rec.messages().find((m) => m.type === "result")?.result;
      H.ok(JSON.stringify(pageResult?.scores) === JSON.stringify(result.scores),
           `${ph.name}'s phone got the host's result ${JSON.stringify(result.scores)}`,
           JSON.stringify(pageResult));
      const text = await ph.page.locator("main").innerText();
      const missing = result.scores.filter((s) => !text.includes(String(s)));
      H.ok(missing.length === 0, `${ph.name}'s phone shows every score`, `missing ${missing}`);
    }
    if (phones.length) {
      await lookAt(phones[0].page, `${GAME}'s result`, FOR_DATA ? null : `${TAG}-end`);
    }

    // Secrecy: each phone received only its own seat's views and nothing of another's.
    for (const ph of phones) {
      if (opt.dump) {
        fs.writeFileSync(`${opt.dump}-${ph.seat}.jsonl`, ph.rec.messages().map((m) => JSON.stringify(m)).join("\n") +
          "\n" + ph.rec.sent.map((m) => `{"sent":${JSON.stringify(String(m))}}`).join("\n") + "\n");
      }
      await Promise.all(ph.rec.pending);
      const others = phones.filter((o) => o !== ph).flatMap((o) => [o.token, o.rec.lastView()?.ai]);
      const tokens = phones.map((o) => o.token);
      const problems = checkMessages(ph.rec.messages(), ph.seat, GAME, others);
      H.ok(problems.length === 0,
           `${ph.name}'s phone received ${ph.rec.views().length} views, all of seat ${ph.seat} ` +
           `and none with another seat's secret`, [...new Set(problems)].slice(0, 10).join("\n"));
      // The same check on one of these very views with another seat's secret planted in it.
      const real = ph.rec.views().map((v) => plantLeak(GAME, v, ph.seat)).filter(Boolean);
      const caught = real.length > 0 &&
        checkMessages([{ type: "view", view: real[Math.floor(real.length / 2)] }], ph.seat, GAME).length > 0;
      H.ok(caught, `… and it fails on one of them with another seat's secret planted in it`);
      const origin = `http://127.0.0.1:${host.port}/`;
      const foreign = ph.rec.requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:"));
      H.ok(foreign.length === 0, `${ph.name}'s phone loaded nothing from elsewhere`, foreign.join("\n"));
      const noCsp = [];
      let bytes = 0;
      const files = new Set();
      for (const r of ph.rec.responses) {
        if (!r.url.startsWith(origin))
          continue;
        const p = cspProblems(r.headers["content-security-policy"]);
        if (p.length && !noCsp.some((l) => l.startsWith(`${r.url}:`)))
          noCsp.push(`${r.url}: ${p.join(", ")}`);
        if (r.body && !files.has(r.url)) {
          files.add(r.url);
          bytes += r.body.length;
        }
        for (const o of [...others, ...tokens]) {
          if (o && r.body && r.body.includes(o))
            noCsp.push(`${r.url} holds a seat's token or another seat's key`);
        }
      }
      H.ok(noCsp.length === 0 && files.size > 0,
           `every one of the ${files.size} files has the page's Content-Security-Policy`,
           noCsp.join("\n"));
      H.ok(bytes <= 200 * 1024, `the whole page is at most 200 KB (${Math.round(bytes / 1024)} KB)`,
           [...files].join("\n"));
      H.ok(ph.rec.errors.length === 0, `${ph.name}'s page threw nothing and logged no error`,
           ph.rec.errors.slice(0, 10).join("\n"));
    }
    if (smallTargets.size)
      H.note(`controls under 44×44 CSS px:\n${[...smallTargets].slice(0, 20).join("\n")}`);
  } catch (e) {
    H.ok(false, `the game on the phone: ${e.message.split("\n")[0]}`, e.stack);
    const out = H.outDir();
    for (const ph of phones) {
      try {
        await ph.page.screenshot({ path: path.join(out, `failed-${TAG}-${ph.name}.png`) });
        H.note(`${ph.name}'s page:\n${(await ph.page.locator("body").innerText()).slice(0, 1500)}`);
        H.note(`last view: ${JSON.stringify(ph.rec.lastView()).slice(0, 1500)}`);
        H.note(`page errors: ${ph.rec.errors.slice(0, 5).join(" | ")}`);
      } catch (e2) { /* the page is gone */ }
    }
    H.note(`host: ${host.output().stderr.slice(-1500)}`);
  } finally {
    H.stopHost(host);
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  H.note(`${TAG}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = H.tapEnd();
}

main();
