// SPDX-License-Identifier: GPL-3.0-or-later
// One decision of an Auf Achse seat through the phone page's own controls, found by role
// and name only (resources/web/aufachse.js): the first card of the hand, to the route, to
// the counter or as an extra route card, whichever the seat owes now.

export const names = {
  en: {
    hand: /^Hand of /,
    route: "Add to Route",
    counter: "Put on Counter",
  },
  de: {
    hand: /^Handkarten von /,
    route: "An die Route anlegen",
    counter: "Auf den Kilometerzähler legen",
  },
};

async function shown(locator) {
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

export async function playStep(page, lang) {
  const n = names[lang] ?? names.en;
  for (const name of [n.route, n.counter]) {
    const play = page.getByRole("button", { name, exact: true });
    if (!(await shown(play)))
      continue;
    const card = page.getByRole("group", { name: n.hand }).getByRole("button").first();
    if (!(await shown(card)) || !(await card.isEnabled()))
      return false;
    await card.click();
    if (!(await play.isEnabled()))
      return false;
    await play.click();
    return true;
  }
  return false;
}
