// SPDX-License-Identifier: GPL-3.0-or-later
// The page's words: English in the source, German from /de.json (made from po/de.po).
import { loadLang, saveLang } from "./net.js";

let table = null;   // msgid → msgstr (or [singular, plural] for "one\u0000many")
let current = "en";

// The desktop's labels carry GTK mnemonics ("_Take Card" → "Karte _nehmen"); the page reuses
// their German and shows them without the underscore: mn(_("_Take Card")).
export function mn(s) {
  return s.replace(/_(?=[^_\s])/, "");
}

export function lang() {
  return current;
}

function wanted() {
  const stored = loadLang();
  if (stored === "de" || stored === "en")
    return stored;
  const langs = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"];
  return /^de\b/i.test(langs[0] || "") ? "de" : "en";
}

async function load(l) {
  if (l === "de" && table === null) {
    try {
      const r = await fetch("/de.json");
      table = r.ok ? await r.json() : {};
    } catch (e) {
      table = {};
    }
  }
  current = l;
  document.documentElement.lang = l;
}

// The language the person chose, or the browser's first; resolves when its words are in.
export function initLang() {
  return load(wanted());
}

// A choice made on the page is remembered on this device.
export async function setLang(l) {
  saveLang(l);
  await load(l === "de" ? "de" : "en");
}

export function _(s) {
  if (current !== "de" || table === null)
    return s;
  const t = table[s];
  return typeof t === "string" && t !== "" ? t : s;
}

// German and English both use the singular for 1 only.
export function ngettext(one, many, n) {
  if (current === "de" && table !== null) {
    const t = table[one + "\u0000" + many];
    if (Array.isArray(t) && t.length >= 2 && t[n === 1 ? 0 : 1])
      return t[n === 1 ? 0 : 1];
  }
  return n === 1 ? one : many;
}

// printf's %s, %d, %u and %1$s, %%: the placeholders of the desktop's strings.
export function fmt(str, ...args) {
  let i = 0;
  return str.replace(/%(?:(\d+)\$)?([sdu%])/g, (m, pos, c) => {
    if (c === "%")
      return "%";
    const a = pos ? args[Number(pos) - 1] : args[i++];
    return String(a ?? "");
  });
}
