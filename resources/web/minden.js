// SPDX-License-Identifier: GPL-3.0-or-later
// Deutschland – Finden Sie Minden? on a phone: this seat's choice and tip, and what lies
// open on the table (the track, kept cards, swap tokens, the round's scored tips).
import { _, ngettext, fmt, mn } from "./i18n.js";
import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["yellow", "red", "blue", "purple"];
const SYMBOL = { yellow: "☼", red: "⌂", blue: "≈", purple: "♜" };
const GOAL = 40;
// The map: x = (lon − 5) × 62.93, y = (55 − lat) × 100 (the grid 5–15°E, 47–55°N).
const SX = 62.93, SY = 100, W = 629.3, H = 800;
const BANDS = { N: { top: 55, rows: 3 }, M: { top: 52, rows: 2 }, S: { top: 50, rows: 3 } };

function s(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs ?? {}))
    el.setAttribute(k, v);
  return el;
}

// ---- tips --------------------------------------------------------------------------------

const bandName = (b) => ({ N: _("North"), M: _("Middle"), S: _("South") })[b];
const ewName = (e) => (e === "O" ? _("East") : _("West"));
// "West, North, sector 9, section B": the tip in words.
function tipLong(st) {
  switch (st.length) {
  case 0: return _("no stones");
  case 1: return ewName(st[0]);
  case 2: return fmt(_("%s, %s"), ewName(st[0]), bandName(st[1]));
  case 3: return fmt(_("%s, %s, sector %d"), ewName(st[0]), bandName(st[1]), st[2]);
  default: return fmt(_("%s, %s, sector %d, section %s"), ewName(st[0]), bandName(st[1]),
                      st[2], st[3]);
  }
}

// The region a tip's stones mark, in degrees: [west, east, south, north].
function region(st) {
  if (st.length === 0)
    return [5, 15, 47, 55];
  let w = st[0] === "O" ? 10 : 5, e = w + 5, n = 55, so = 47;
  if (st.length >= 2) {
    const b = BANDS[st[1]];
    n = b.top;
    so = b.top - b.rows;
  }
  if (st.length >= 3) {
    const k = Number(st[2]) - 1;
    w += k % 5;
    e = w + 1;
    n -= Math.floor(k / 5);
    so = n - 1;
  }
  if (st.length >= 4) {
    const q = "ABCD".indexOf(st[3]);
    if (q % 2) w += 0.5; else e -= 0.5;
    if (q >= 2) n -= 0.5; else so += 0.5;
  }
  return [w, e, so, n];
}

// The full tip of a point of the map.
function stonesAt(lon, lat) {
  lon = Math.min(Math.max(lon, 5), 14.999);
  lat = Math.min(Math.max(lat, 47.001), 55);
  const ew = lon < 10 ? "W" : "O";
  const band = lat > 52 ? "N" : lat > 50 ? "M" : "S";
  const col = Math.floor(lon - (ew === "W" ? 5 : 10));
  const row = Math.min(BANDS[band].rows - 1, Math.floor(BANDS[band].top - lat));
  const sector = row * 5 + col + 1;
  const sw = 5 + (ew === "W" ? 0 : 5) + col, sn = BANDS[band].top - row;
  const east = lon - sw >= 0.5, south = sn - lat >= 0.5;
  const section = south ? (east ? "D" : "C") : (east ? "B" : "A");
  return [ew, band, String(sector), section];
}

function inside(st, lon, lat) {
  const [w, e, so, n] = region(st);
  return lon >= w && lon <= e && lat >= so && lat <= n;
}

// ---- the page ----------------------------------------------------------------------------

export function createPage(root, ctx) {
  let view = null;
  let busy = false;
  let chosen = null;      // the offered card picked before Take Card / Swap
  let stones = [];        // the tip being built
  let tipRound = -1;      // the round the stones belong to
  let last = null;        // the previous view's state, to say what just happened

  const cardOf = (id) => ctx.cards?.[id] ?? null;
  const cardName = (id) => cardOf(id)?.[ctx.lang] ?? cardOf(id)?.de ?? id;
  const colourOf = (id) => cardOf(id)?.colour
    ?? ({ y: "yellow", r: "red", b: "blue", p: "purple" })[String(id)[0]] ?? "yellow";
  const colourLabel = (c) => ({
    yellow: _("Yellow · Big city"), red: _("Red · City or town"),
    blue: _("Blue · Water or landscape"), purple: _("Purple · Sight"),
  })[c];
  const cardAccessible = (id) => {
    const n = cardName(id);
    return ({
      yellow: fmt(_("%s, yellow card: big city"), n), red: fmt(_("%s, red card: city or town"), n),
      blue: fmt(_("%s, blue card: water or landscape"), n), purple: fmt(_("%s, purple card: sight"), n),
    })[colourOf(id)];
  };

  const st = () => view.state;
  const me = () => view.viewer;
  const myTurnToChoose = () => me() >= 0 && st().phase === "choose"
    && st().order[st().order_done] === me();
  const myTurnToTip = () => me() >= 0 && st().phase === "tip" && !st().seats[me()].tipped;

  // A card as it lies on the table: a colour bar, its symbol, name and colour.
  function cardFace(id, big) {
    const c = colourOf(id);
    return h("span", { class: `m-card m-${c}${big ? " big" : ""}` },
      h("span", { class: "m-sym", "aria-hidden": "true", text: SYMBOL[c] }),
      h("span", { class: "m-card-text" },
        h("span", { class: "m-card-name", text: cardName(id) }),
        h("span", { class: "m-card-kind", text: colourLabel(c) })));
  }

  async function send(action) {
    busy = true;
    render();
    try {
      await ctx.act(action);
      if (action.type === "tip")
        stones = [];
      chosen = null;
    } catch (e) {
      /* the shell shows the host's sentence */
    } finally {
      busy = false;
      render();
    }
  }

  // ---- choose ----
  function chooseBox() {
    const s = st();
    const mine = myTurnToChoose();
    if (!s.offer.includes(chosen))
      chosen = null;
    const group = h("div", { class: "m-offer", role: "group", "aria-label": _("Offered cards") },
      s.offer.map((id) => mine
        ? h("button", {
          type: "button", class: "m-offer-card", "data-key": `offer-${id}`,
          "aria-pressed": String(chosen === id),
          disabled: busy, onclick: () => { chosen = id; render(); },
        }, cardFace(id))
        : h("div", { class: "m-offer-card static", role: "img", "aria-label": cardAccessible(id) },
          cardFace(id))));
    const box = h("div", { class: "m-decide" }, group);
    if (mine) {
      const left = s.seats[me()].swaps_left;
      box.append(h("div", { class: "m-buttons" },
        h("button", { type: "button", class: "primary", "data-key": "take",
          disabled: busy || chosen === null,
          onclick: () => send({ type: "choose", card: chosen, swap: false }),
          text: mn(_("_Take Card")) }),
        h("button", { type: "button", "data-key": "swap",
          disabled: busy || chosen === null || left === 0 || s.draw_count === 0,
          onclick: () => send({ type: "choose", card: chosen, swap: true }),
          text: fmt(mn(ngettext("_Swap It (%u Token Left)", "_Swap It (%u Tokens Left)", left)), left) })));
    }
    return box;
  }

  // ---- tip ----
  function setStone(i, value) {
    stones = stones.slice(0, i).concat([value]);
    render();
  }

  function mapFigure(tip, colour, interactive) {
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "m-grid", "aria-hidden": "true" });
    // Sectors, then the band and half borders over them.
    for (const [band, b] of Object.entries(BANDS)) {
      for (let half = 0; half < 2; half++) {
        for (let r = 0; r < b.rows; r++) {
          for (let c = 0; c < 5; c++) {
            const x = (half * 5 + c) * SX, y = (55 - b.top + r) * SY;
            svg.append(s("rect", { x, y, width: SX, height: SY, class: "m-sector" }));
            const t = s("text", { x: x + SX / 2, y: y + SY / 2, class: "m-sector-no" });
            t.textContent = String(r * 5 + c + 1);
            svg.append(t);
          }
        }
      }
      void band;
    }
    svg.append(s("line", { x1: 5 * SX, y1: 0, x2: 5 * SX, y2: H, class: "m-border" }));
    svg.append(s("line", { x1: 0, y1: 3 * SY, x2: W, y2: 3 * SY, class: "m-border" }));
    svg.append(s("line", { x1: 0, y1: 5 * SY, x2: W, y2: 5 * SY, class: "m-border" }));
    if (tip.length) {
      const [w, e, so, n] = region(tip);
      svg.append(s("rect", { x: (w - 5) * SX, y: (55 - n) * SY, width: (e - w) * SX,
        height: (n - so) * SY, class: `m-tip m-${colour}` }));
    }
    const fig = h("figure", { class: "m-map" + (interactive ? " live" : "") },
      h("img", { src: "/map-minden.svg", alt: _("Map of Germany with the grid of the tip"),
                 width: "629", height: "800" }),
      svg);
    if (interactive) {
      svg.addEventListener("click", (ev) => {
        if (busy)
          return;
        const r = svg.getBoundingClientRect();
        const lon = 5 + ((ev.clientX - r.left) / r.width) * 10;
        const lat = 55 - ((ev.clientY - r.top) / r.height) * 8;
        const full = stonesAt(lon, lat);
        // Inside the marked area a tap sets the next stone; elsewhere it moves the tip there.
        const n = stones.length && inside(stones, lon, lat)
          ? Math.min(4, stones.length + 1) : Math.max(1, stones.length);
        stones = full.slice(0, n);
        render();
      });
    }
    return fig;
  }

  function stoneGroup(i, legend, options) {
    const enabled = !busy && stones.length >= i;
    return h("fieldset", { class: `m-stones m-stones-${i}` },
      h("legend", { text: legend }),
      options.map(([value, label, name]) => h("button", {
        type: "button", "data-key": `stone-${i}-${value}`,
        "aria-pressed": String(stones[i] === value), "aria-label": name ?? null,
        disabled: !enabled, onclick: () => setStone(i, value), text: label,
      })));
  }

  function tipBox() {
    const s = st();
    const own = s.seats[me()];
    const colour = colourOf(own.card);
    const box = h("div", { class: "m-decide" });
    box.append(h("div", { class: "m-own-card" }, cardFace(own.card, true)));
    box.append(mapFigure(stones, colour, !busy));
    box.append(h("p", { class: "m-tip-now", "aria-live": "polite",
      text: fmt(_("tip: %s"), tipLong(stones)) }));
    box.append(h("div", { class: "m-buttons" },
      h("button", { type: "button", class: "primary", "data-key": "place",
        disabled: busy || stones.length === 0,
        onclick: () => send({ type: "tip", stones: stones.slice() }), text: mn(_("_Place Tip")) }),
      h("button", { type: "button", "data-key": "back",
        disabled: busy || stones.length === 0,
        onclick: () => { stones = stones.slice(0, -1); render(); },
        text: mn(_("_Take Off Last Stone")) })));
    const band = stones[1];
    const rows = band ? BANDS[band].rows : 3;
    const sectors = [];
    for (let k = 1; k <= rows * 5; k++)
      sectors.push([String(k), String(k), fmt(_("Sector %d"), k)]);
    box.append(h("div", { class: "m-stone-rows" },
      stoneGroup(0, _("1. East or West (required)"), [["W", _("West")], ["O", _("East")]]),
      stoneGroup(1, _("2. North, Middle or South"),
                 [["N", _("North")], ["M", _("Middle")], ["S", _("South")]]),
      stoneGroup(2, _("3. Sector"), sectors),
      stoneGroup(3, _("4. Section"), [
        ["A", "A", _("Section A (north-west)")], ["B", "B", _("Section B (north-east)")],
        ["C", "C", _("Section C (south-west)")], ["D", "D", _("Section D (south-east)")]])));
    return box;
  }

  function tippedBox() {
    const s = st();
    const own = s.seats[me()];
    const box = h("div", { class: "m-decide" });
    if (own.card)
      box.append(h("div", { class: "m-own-card" }, cardFace(own.card, true)));
    if (own.tip.length) {
      box.append(h("p", { class: "m-tip-now", text: fmt(_("tip: %s"), tipLong(own.tip)) }));
      box.append(mapFigure(own.tip, colourOf(own.card), false));
    }
    return box;
  }

  // ---- status ----
  function isPerson(i) {
    return view.players?.[i]?.kind !== "computer";
  }

  function status() {
    const s = st();
    const name = ctx.name;
    switch (s.phase) {
    case "reveal":
      return [_("A new round"), _("As many cards are revealed as there are players.")];
    case "choose": {
      const who = s.order[s.order_done];
      if (who === me())
        return [fmt(_("%s, choose a card"), name(who)), s.offer.length > 1
          ? _("Who is furthest back chooses first. Swapping puts the card and a swap token out of the game; you get the top card of the pile.")
          : _("The leader takes the last card, or swaps it.")];
      if (who === undefined)
        return [_("A new round"), null];
      return [isPerson(who) ? fmt(_("Waiting for %s…"), name(who))
        : fmt(_("%s is choosing a card…"), name(who)), null];
    }
    case "tip": {
      if (myTurnToTip())
        return [fmt(_("%s, where is it?"), name(me())),
          _("Tap the map: each tap inside the marked area sets the next stone. Or choose the stones below.")];
      const people = s.seats.map((x, i) => i).filter((i) => !s.seats[i].tipped && isPerson(i));
      return [people.length ? fmt(_("Waiting for %s…"), joinNames(people.map(name)))
        : _("The computers are tipping…"), _("All tips are revealed together at the scoring.")];
    }
    case "score":
      return [_("Scoring"), _("From the player furthest back to the leader.")];
    case "final":
      return [_("Final scoring"),
        _("Majorities by colour, then complete sets: from the back to the front.")];
    default: {
      const best = Math.max(...s.seats.map((x) => x.position));
      const win = s.seats.map((x, i) => i).filter((i) => s.seats[i].position === best).map(name);
      return [win.length === 1 ? fmt(_("%s wins!"), win[0]) : fmt(_("%s share the win!"), joinNames(win)),
        _("The figure furthest ahead wins.")];
    }
    }
  }

  function joinNames(names) {
    switch (names.length) {
    case 1: return names[0];
    case 2: return fmt(_("%s and %s"), ...names);
    case 3: return fmt(_("%s, %s and %s"), ...names);
    case 4: return fmt(_("%s, %s, %s and %s"), ...names);
    default: return fmt(_("%s, %s, %s, %s and %s"), ...names.slice(0, 5));
    }
  }

  // ---- the table -----
  function seatsBox() {
    const s = st();
    const colours = s.purple ? COLOURS : COLOURS.slice(0, 3);
    const list = h("ul", { class: "m-seats" });
    s.seats.forEach((seat, i) => {
      const counts = COLOURS.map((c) => seat.kept.filter((id) => colourOf(id) === c).length);
      const turn = (s.phase === "choose" && s.order[s.order_done] === i)
        || (s.phase === "tip" && !seat.tipped);
      const p = view.players?.[i] ?? {};
      const li = h("li", { class: "m-seat" + (turn ? " m-turn" : "") + (i === me() ? " me" : "") });
      const dot = h("span", { class: "m-dot", "aria-hidden": "true" });
      if (typeof p.colour === "string" && /^#[0-9a-fA-F]{3,8}$/.test(p.colour))
        dot.style.backgroundColor = p.colour;
      li.append(h("p", { class: "m-seat-head" }, dot,
        h("span", { class: "m-seat-name", text: fmt(_("%s — field %u"), ctx.name(i), seat.position) }),
        i === me() ? h("span", { class: "dim", text: " " + _("(you)") }) : null));
      const bar = h("div", { class: "m-track", "aria-hidden": "true" }, h("span"));
      bar.firstChild.style.width = `${Math.min(100, (seat.position / GOAL) * 100)}%`;
      li.append(bar);
      if (seat.card)
        li.append(h("p", { class: "m-seat-card" }, cardFace(seat.card)));
      // The counts by colour in words for screen readers, as shapes and bars for the eye.
      li.append(h("p", { class: "sr-only", text: fmt(
        _("%s: field %u, kept cards: %u yellow, %u red, %u blue, %u purple"),
        ctx.name(i), seat.position, ...counts) }));
      const kept = h("p", { class: "m-kept", "aria-hidden": "true" },
        colours.map((c, k) => h("span", { class: `m-count m-${c}` },
          h("span", { class: "m-sym", text: SYMBOL[c] }), String(counts[k]))),
        h("span", { class: "m-swaps",
          text: fmt(ngettext("%u swap token", "%u swap tokens", seat.swaps_left), seat.swaps_left) }));
      li.append(kept);
      if (s.phase === "tip" && seat.tipped)
        li.append(h("p", { class: "m-flag", text: _("tip placed") }));
      if (seat.tip.length && (s.phase === "score" || i !== me()))
        li.append(h("p", { class: "m-flag", text: fmt(_("tip: %s"), tipLong(seat.tip)) }));
      list.append(li);
    });
    return h("section", { class: "m-table", "aria-labelledby": "m-players-h" },
      h("h2", { id: "m-players-h", text: _("Players") }), list);
  }

  function moveText(e) {
    return e.to === e.from ? fmt(_("stays on field %u"), e.to)
      : fmt(_("from field %u to %u"), e.from, e.to);
  }

  function historyBox() {
    const hist = st().history;
    const box = h("section", { class: "m-history", "aria-labelledby": "m-history-h" },
      h("h2", { id: "m-history-h", text: _("Round History") }));
    if (!hist.length) {
      box.append(h("p", { class: "dim", text: _("No tip has been scored yet.") }));
      return box;
    }
    const round = hist[hist.length - 1].round;
    box.append(h("h3", { text: fmt(_("Round %u"), round) }));
    box.append(h("ul", { class: "m-hist" }, hist.filter((e) => e.round === round).map((e) =>
      h("li", null,
        h("p", null, h("strong", { text: ctx.name(e.seat) })),
        h("p", null, cardFace(e.card)),
        h("p", null, fmt(_("tip: %s"), tipLong(e.tip)), " ",
          h("span", { class: e.right ? "right" : "wrong",
                      text: (e.right ? "✔ " : "✘ ") + (e.right ? _("right") : _("wrong")) }),
          " · ", moveText(e))))));
    return box;
  }

  // The tip scored last, as the host's screen shows it during the scoring.
  function scoredBox() {
    const s = st();
    const e = s.history[s.history.length - 1];
    if (!e || e.round !== s.round)
      return null;
    const moved = e.right
      ? fmt(ngettext("Right! %d stone: from field %u to %u.", "Right! %d stones: from field %u to %u.",
                     e.tip.length), e.tip.length, e.from, e.to)
      : _("Wrong.");
    const keep = e.right ? (e.kept ? _("The card is kept.")
      : _("Too few stones to keep the card; it is discarded."))
      : _("No fields, and the card is discarded.");
    return h("div", { class: "m-decide m-own-card" },
      h("h2", { text: fmt(_("%s tipped %s"), ctx.name(e.seat), tipLong(e.tip)) }),
      h("p", null, cardFace(e.card, true)),
      h("p", null, h("span", { class: e.right ? "right" : "wrong", text: moved }), " ", keep));
  }

  // What changed since the last view, for screen readers.
  function tell(prev, s) {
    if (!prev)
      return;
    if (s.history.length > prev.history.length) {
      const e = s.history[s.history.length - 1];
      const result = e.right
        ? fmt(ngettext("Right! %d stone: from field %u to %u.", "Right! %d stones: from field %u to %u.",
                       e.tip.length), e.tip.length, e.from, e.to)
        : _("Wrong.");
      // Two whole sentences: who tipped what, then how it went.
      ctx.announce(`${fmt(_("%s tipped %s"), ctx.name(e.seat), tipLong(e.tip))}. ${result}`);
      return;
    }
    s.seats.forEach((seat, i) => {
      if (seat.card && !prev.seats[i].card && s.phase !== "reveal") {
        if (s.box.length > prev.box.length)
          ctx.announce(fmt(_("%s swapped %s for %s."), ctx.name(i),
                           cardName(s.box[s.box.length - 1]), cardName(seat.card)));
        else
          ctx.announce(fmt(_("%s took %s."), ctx.name(i), cardName(seat.card)));
      }
    });
  }

  function render() {
    if (!view)
      return;
    const s = st();
    const key = root.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    const [title, detail] = status();
    const pile = s.draw_count;
    const parts = [
      h("p", { class: "m-round dim", text: fmt(ngettext("Round %u · %u card left in the pile",
        "Round %u · %u cards left in the pile", pile), s.round, pile) }),
      // At the end the shell's result says who won; this title stands in until it comes.
      h("h1", { class: "m-title" + (s.phase === "over" ? " m-over-title" : ""), text: title }),
      detail ? h("p", { class: "m-detail", text: detail }) : null,
    ];
    if (s.phase === "choose")
      parts.push(chooseBox());
    else if (myTurnToTip())
      parts.push(tipBox());
    else if (s.phase === "tip" && me() >= 0)
      parts.push(tippedBox());
    else if (s.phase === "score")
      parts.push(scoredBox());
    parts.push(seatsBox(), historyBox());
    root.replaceChildren(...parts.filter(Boolean));
    if (key) {
      const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again && !again.disabled)
        again.focus();
    }
  }

  return {
    update(v) {
      view = v;
      const s = v.state;
      if (s.round !== tipRound || s.phase !== "tip") {
        if (s.phase === "tip" && s.round !== tipRound)
          stones = [];
        if (s.phase === "tip")
          tipRound = s.round;
      }
      tell(last, s);
      last = s;
      render();
    },
    isMyTurn(v) {
      const s = v.state;
      if (v.viewer < 0 || v.over)
        return false;
      return (s.phase === "choose" && s.order[s.order_done] === v.viewer)
        || (s.phase === "tip" && !s.seats[v.viewer].tipped);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}

// For node checks of the grid arithmetic.
export const _test = { region, stonesAt, inside };
