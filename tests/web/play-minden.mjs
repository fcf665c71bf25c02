// SPDX-License-Identifier: GPL-3.0-or-later
// One decision of a Minden seat on the phone page, made as a person would: through the
// page's buttons, found by their roles and names only.

// The names the page's controls carry (German: po/de.po, as /de.json gives them).
export const names = {
  en: {
    offer: "Offered cards", take: "Take Card", place: "Place Tip",
    west: "West", north: "North", sector: "Sector 9", section: "Section B (north-east)",
  },
  de: {
    offer: "Ausliegende Karten", take: "Karte nehmen", place: "Tipp abgeben",
    west: "West", north: "Nord", sector: "Sektor 9", section: "Abschnitt B (Nordost)",
  },
};

const button = (page, name) => page.getByRole("button", { name, exact: true });

// Once the host took the move, the control it was made with goes away.
async function settled(locator) {
  await locator.waitFor({ state: "detached", timeout: 10000 }).catch(() => {});
}

// Deterministic choices: the first offered card, taken; the tip West, North, sector 9,
// section B, set with the stone buttons (the page's accessible path, not the map).
export async function playStep(page, lang) {
  const n = names[lang] ?? names.en;
  const take = button(page, n.take);
  if (await take.count() > 0) {
    await page.getByRole("group", { name: n.offer }).getByRole("button").first().click();
    await take.click();
    await settled(take);
    return true;
  }
  const place = button(page, n.place);
  if (await place.count() > 0) {
    for (const stone of [n.west, n.north, n.sector, n.section])
      await button(page, stone).click();
    await place.click();
    await settled(place);
    return true;
  }
  return false;
}
