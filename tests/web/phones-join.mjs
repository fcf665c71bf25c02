#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
// Phones at a game that a real Landpartie hosts (issue 32, tests/e2e/test-phones-minden.py):
// each phone opens the address the host's lobby shows, joins with a name, and plays its seat
// through the page's own buttons (tests/web/play-GAME.mjs) until the page shows the result,
// while a person plays the host's own seat at its screen. Checked (TAP): each phone has a
// seat of its own, everything it received is its own seat's (secrecy.mjs), and its page ends
// on the same result as the host's message. The host is the caller's; nothing is started here.
//
//   node phones-join.mjs --port P --code C --game minden --lang en --names Ben,Clara
import path from "node:path";
import { parseArgs } from "node:util";
import * as H from "./harness.mjs";
import { checkMessages } from "./secrecy.mjs";

const { values: opt } = parseArgs({
  options: {
    port: { type: "string" },
    code: { type: "string" },
    game: { type: "string", default: "minden" },
    lang: { type: "string", default: "en" },
    names: { type: "string", default: "Ben,Clara" },
    timeout: { type: "string", default: "500" },
    // Once every phone has a seat, this file is written (the caller then starts the game).
    seated: { type: "string" },
  },
});
const GAME = opt.game, LANG = opt.lang;
const NAMES = opt.names.split(",");

const waitFor = H.waitFor;

async function main() {
  const play = await import(`./play-${GAME}.mjs`);
  const browser = await H.launch();
  const started = Date.now();
  const phones = [];
  try {
    const T = await H.translator(Number(opt.port), LANG);
    for (const name of NAMES) {
      const ctx = await H.phone(browser, LANG);
      const page = await ctx.newPage();
      const rec = H.record(page);
      await page.goto(`http://127.0.0.1:${opt.port}/#code=${opt.code}`);
      const nameBox = page.getByRole("textbox", { name: T("Your name") });
      await nameBox.waitFor({ timeout: 15000 });
      await nameBox.fill(name);
      await page.getByRole("button", { name: T("Join"), exact: true }).click();
      const joined = await waitFor(() => rec.messages().find((m) => m.type === "joined"), 15000);
      if (!joined)
        throw new Error(`${name}'s phone got no seat`);
      phones.push({ name, page, rec, seat: joined.seat, steps: 0, errors: 0 });
    }
    H.ok(new Set(phones.map((p) => p.seat)).size === phones.length,
         `each phone has a seat of its own (${phones.map((p) => `${p.name}: ${p.seat}`).join(", ")})`);
    if (opt.seated) {
      const fs = await import("node:fs");
      fs.writeFileSync(opt.seated, phones.map((p) => p.seat).join(",") + "\n");
    }
    const deadline = started + Number(opt.timeout) * 1000;
    const done = (ph) => ph.rec.messages().some((m) => m.type === "result");
    while (!phones.every(done)) {
      if (Date.now() > deadline)
        throw new Error(`the game did not end in ${opt.timeout} s`);
      let any = false;
      for (const ph of phones) {
        if (done(ph) || ph.rec.lastView()?.over)
          continue;
        let did = false;
        try {
          did = await play.playStep(ph.page, LANG);
          ph.errors = 0;
        } catch (e) {
          // The page may change under a step (a view came between its look and its tap).
          if (++ph.errors > 8)
            throw e;
        }
        if (did) {
          any = true;
          ph.steps++;
        }
      }
      if (!any)
        await H.sleep(150);
    }
    for (const ph of phones) {
      const result = ph.rec.messages().find((m) => m.type === "result").result;
      const names = (ph.rec.lastView()?.players ?? []).map((p) => p.name);
      const winner = names[result.winners[0]] ?? "?";
      const shown = await waitFor(async () =>
        (await ph.page.getByRole("heading", { name: winner }).count()) > 0, 15000);
      H.ok(ph.steps > 0 && shown,
           `${ph.name}'s phone made ${ph.steps} decisions and shows the result (${winner} first)`);
      const problems = checkMessages(ph.rec.messages(), ph.seat, GAME, []);
      H.ok(problems.length === 0,
           `${ph.name}'s phone received ${ph.rec.views().length} views, all of seat ${ph.seat} ` +
           `and none with another seat's secret`, [...new Set(problems)].slice(0, 10).join("\n"));
      H.ok(ph.rec.errors.length === 0, `${ph.name}'s page threw nothing and logged no error`,
           ph.rec.errors.slice(0, 10).join("\n"));
      // The caller compares this with the host's window.
      H.note(`result ${ph.name}: ${JSON.stringify(result)}`);
    }
  } catch (e) {
    H.ok(false, `the phones: ${e.message.split("\n")[0]}`, e.stack);
    for (const ph of phones) {
      try {
        await ph.page.screenshot({ path: path.join(H.outDir(), `failed-phones-${ph.name}.png`) });
        H.note(`${ph.name}'s page:\n${(await ph.page.locator("body").innerText()).slice(0, 1200)}`);
      } catch (e2) { /* the page is gone */ }
    }
  } finally {
    await browser.close();
  }
  H.note(`phones: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = H.tapEnd();
}

main();
