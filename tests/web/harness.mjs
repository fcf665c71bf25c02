// SPDX-License-Identifier: GPL-3.0-or-later
// What the phone tests share: a landpartie-sim host, Debian's Chromium as a phone, a record
// of everything the page received, the page's words in its language, axe-core, TAP lines.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CHROMIUM = process.env.LANDPARTIE_CHROMIUM ?? "/usr/bin/chromium";

// ---- TAP -----------------------------------------------------------------------------------

let tapCount = 0;
let tapFailed = 0;
export function ok(cond, what, detail) {
  tapCount++;
  if (!cond)
    tapFailed++;
  console.log(`${cond ? "ok" : "not ok"} ${tapCount} - ${what}`);
  if (!cond && detail) {
    for (const line of String(detail).split("\n").slice(0, 40))
      console.log(`# ${line}`);
  }
  return cond;
}
export function note(text) {
  for (const line of String(text).split("\n"))
    console.log(`# ${line}`);
}
export function tapEnd() {
  console.log(`1..${tapCount}`);
  return tapFailed === 0 ? 0 : 1;
}

// ---- the host ------------------------------------------------------------------------------

// landpartie-sim host …; resolves once it says its port. `exited` resolves with its status
// and what it printed.
export function startHost(sim, args, tmp) {
  const env = { ...process.env };
  for (const d of ["XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"])
    env[d] = path.join(tmp, d.toLowerCase());
  const proc = spawn(sim, ["host", ...args, "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "", stderr = "";
  proc.stdout.on("data", (d) => { stdout += d; });
  proc.stderr.on("data", (d) => { stderr += d; });
  const host = { proc, port: 0, done: false, status: null };
  host.exited = new Promise((resolve) => {
    proc.on("exit", (code, signal) => {
      host.done = true;
      host.status = code ?? signal;
      // The pipes may hold the last lines still.
      setTimeout(() => resolve({ code, signal, stdout, stderr }), 50);
    });
  });
  host.output = () => ({ stdout, stderr });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host said no port in 10 s: ${stderr}`)), 10000);
    const look = () => {
      const m = /on port (\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        host.port = Number(m[1]);
        resolve(host);
      }
    };
    proc.stderr.on("data", look);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the host ended at once (${code}): ${stderr}`));
    });
  });
}

export function stopHost(host) {
  if (host && !host.done)
    host.proc.kill("SIGTERM");
}

// One raw HTTP request (node does not tidy the path as a browser would): status, headers, body.
export function rawGet(port, rawPath, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: rawPath, method }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers,
                                    body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error(`GET ${rawPath}: no answer in 5 s`)));
    req.end();
  });
}

// ---- words ---------------------------------------------------------------------------------

// The page's German comes from /de.json (po/de.po); a test names buttons in English and
// finds them in German through the same table. GTK mnemonics are dropped as the page does.
export async function translator(port, lang) {
  if (lang !== "de")
    return (s) => s;
  const r = await rawGet(port, "/de.json");
  if (r.status !== 200)
    throw new Error(`/de.json: HTTP ${r.status}`);
  const table = {};
  const strip = (s) => s.replace(/_(?=[^_\s])/, "");
  for (const [k, v] of Object.entries(JSON.parse(r.body.toString("utf8")))) {
    table[k] = v;
    const plain = strip(k);
    if (!(plain in table))
      table[plain] = Array.isArray(v) ? v.map(strip) : strip(v);
  }
  return (s) => {
    const t = table[s];
    return typeof t === "string" && t !== "" ? t : s;
  };
}

// ---- the browser ---------------------------------------------------------------------------

export async function loadPlaywright() {
  return (await import("playwright-core")).chromium;
}

export async function launch() {
  const chromium = await loadPlaywright();
  // The flags keep Chromium from reaching out to the network at every start (there is none
  // in CI); no sandbox, since CI runs as root. No D-Bus either: Chromium aborts when a bus it
  // joined goes away, and tests/net/test-net-discovery.sh starts and stops a system bus.
  return chromium.launch({
    executablePath: CHROMIUM,
    env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: "disabled:", DBUS_SESSION_BUS_ADDRESS: "disabled:" },
    headless: true,
    chromiumSandbox: false,
    args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
           "--disable-features=Translate,OptimizationHints,MediaRouter"],
  });
}

// A phone: 390×844 CSS pixels at 2×, touch, the person's language.
export async function phone(browser, lang, extra = {}) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: lang === "de" ? "de-DE" : "en-US",
    colorScheme: "light",
    ...extra,
  });
  // A step that waits longer than this for a control has lost its way: say so soon.
  ctx.setDefaultTimeout(5000);
  return ctx;
}

// Everything a page received over its WebSockets (the inflated messages, as the page reads
// them), every HTTP response with its body, every request's address, every error it threw.
export function record(page) {
  const rec = { frames: [], sent: [], responses: [], requests: [], errors: [], pending: [] };
  page.on("websocket", (ws) => {
    rec.sockets = (rec.sockets ?? 0) + 1;
    ws.on("framereceived", (f) => rec.frames.push({ t: Date.now(), payload: f.payload }));
    ws.on("framesent", (f) => rec.sent.push(f.payload));
  });
  page.on("request", (r) => rec.requests.push(r.url()));
  page.on("response", (r) => {
    rec.pending.push((async () => {
      let body = null;
      try {
        body = await r.body();
      } catch (e) { /* a redirect or an aborted load has none */ }
      rec.responses.push({ url: r.url(), status: r.status(), headers: await r.allHeaders(), body });
    })());
  });
  page.on("pageerror", (e) => rec.errors.push(`uncaught: ${e.message}`));
  page.on("console", (m) => {
    // Chromium asks for /favicon.ico by itself, and says so when a page vibrates before the
    // person tapped (the shell vibrates at this seat's turn, guarded): neither is the page's.
    if (m.type() !== "error" || /\/favicon\.ico$/.test(m.location()?.url ?? "") ||
        /^Blocked call to navigator\.vibrate/.test(m.text()))
      return;
    rec.errors.push(`console: ${m.text()} (${m.location()?.url ?? ""})`);
  });
  rec.messages = () => rec.frames.map((f) => {
    try {
      return JSON.parse(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"));
    } catch (e) {
      return { type: "not-json", text: String(f.payload).slice(0, 200) };
    }
  });
  rec.views = () => rec.messages().filter((m) => m.type === "view").map((m) => m.view);
  rec.lastView = () => rec.views().at(-1) ?? null;
  return rec;
}

// ---- accessibility -------------------------------------------------------------------------

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
let axeSource = null;

// axe-core's violations of WCAG A and AA on the page as it is now, as lines. The page's CSP
// forbids inline scripts, so axe comes in through the DevTools protocol's evaluate, which
// the page's CSP does not govern (nothing of the page is loosened for it).
export async function axeViolations(page) {
  axeSource ??= fs.readFileSync(path.join(HERE, "node_modules/axe-core/axe.min.js"), "utf8");
  if (!(await page.evaluate(() => typeof window.axe === "object")))
    await page.evaluate(axeSource);
  const result = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
  }), AXE_TAGS);
  return result.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}: ` +
    v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`).join(" | "));
}

// ---- odds and ends -------------------------------------------------------------------------

export function tmpDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Polls cond() (sync or async) every step ms until it gives something truthy; null after ms.
export async function waitFor(cond, ms, step = 100) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const v = await cond();
    if (v)
      return v;
    await sleep(step);
  }
  return null;
}

export function outDir() {
  // Never the source tree unless asked: the build folder's tests/web under meson.
  const build = process.env.LANDPARTIE_BUILD_DIR;
  const d = process.env.LANDPARTIE_WEB_SCREENSHOTS ||
    (build ? path.join(build, "tests", "web") : process.cwd());
  fs.mkdirSync(d, { recursive: true });
  return d;
}
