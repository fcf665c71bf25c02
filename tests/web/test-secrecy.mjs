// SPDX-License-Identifier: GPL-3.0-or-later
// The phones' secrecy check can fail: doctored views with another seat's hand, route, tip or
// estimate are caught, honest ones pass (TAP). Needs node only, no browser.
import { selfTest } from "./secrecy.mjs";

const failures = selfTest();
if (failures.length === 0) {
  console.log("ok 1 - the secrecy check catches every planted leak and passes honest views");
} else {
  for (const f of failures)
    console.log(`# the secrecy check ${f}`);
  console.log("not ok 1 - the secrecy check is wrong");
}
console.log("1..1");
process.exitCode = failures.length ? 1 : 0;
