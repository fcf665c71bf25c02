// SPDX-License-Identifier: GPL-3.0-or-later
// One decision of an Ausgerechnet Buxtehude seat through the phone page's own controls,
// found by role and name only (resources/web/buxtehude.js): the first gap, no objection,
// the inner neighbour, an estimate of 1.

export const names = {
  en: {
    gap: /^(North|South|West|East) of /,
    place: "Place at the Selected Gap",
    wrong: "Wrong!",
    pass: "No Objection",
    inner: /^Inner: /,
    estimate: "Number of wrong cards",
    more: "One more",
    done: "Done",
  },
  de: {
    gap: /^(Nördlich|Südlich|Westlich|Östlich) von /,
    place: "An der gewählten Lücke anlegen",
    wrong: "Falsch!",
    pass: "Kein Einspruch",
    inner: /^Innen: /,
    estimate: "Anzahl falscher Karten",
    more: "Eins mehr",
    done: "Fertig",
  },
};

async function shown(locator) {
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

async function ready(locator) {
  return (await locator.count()) > 0 && (await locator.first().isVisible()) &&
    (await locator.first().isEnabled());
}

export async function playStep(page, lang) {
  const n = names[lang] ?? names.en;
  const button = (name) => page.getByRole("button", { name, exact: typeof name === "string" });

  // "Place at the Selected Gap" waits for a gap to be chosen.
  const place = button(n.place);
  if (await shown(place)) {
    const gaps = button(n.gap);
    if (!(await ready(gaps)))
      return false;
    await gaps.first().click();
    if (!(await ready(place)))
      return false;
    await place.click();
    return true;
  }
  const pass = button(n.pass);
  if (await ready(pass)) {
    await pass.click();
    return true;
  }
  const inner = button(n.inner);
  if (await ready(inner)) {
    await inner.first().click();
    return true;
  }
  const estimate = page.getByRole("spinbutton", { name: n.estimate, exact: true });
  if (await ready(estimate)) {
    await button(n.more).click();
    await button(n.more).click();
    await button(n.done).click();
    return true;
  }
  return false;
}
