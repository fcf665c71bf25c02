// SPDX-License-Identifier: GPL-3.0-or-later
// Auf Achse – Das Kartenspiel on a phone (issue 32): this seat's hand and route, its route,
// counter and extra cards, and the table's open summary (counter, pile, stage scores).
import { _, ngettext, fmt } from "./i18n.js";

const STAGES = 5;

// docs/protocol.md, "Cards": ids are sorted by face.
const KM_FIRST = [0, 7, 14, 21, 28, 35, 42, 48, 54, 60, 66, 72];
function face(id) {
  if (id <= 76) {
    let k = KM_FIRST.length - 1;
    while (KM_FIRST[k] > id)
      k--;
    return { kind: "km", km: (k + 1) * 10 };
  }
  if (id <= 82)
    return { kind: "plus1" };
  if (id <= 88)
    return { kind: "minus1" };
  if (id <= 94)
    return { kind: "minus50" };
  if (id <= 96)
    return { kind: "plus2" };
  return { kind: "rest" };
}

function faceName(id) {
  const f = face(id);
  switch (f.kind) {
  case "rest": return _("Rest");
  case "plus1": return _("Free passage (+1)");
  case "plus2": return _("Step on the gas (+2)");
  case "minus1": return _("Obstacle (−1)");
  case "minus50": return _("Lost cargo (−50 km)");
  // Translators: a kilometre card, e.g. "80 km".
  default: return fmt(_("%d km"), f.km);
  }
}

// The counter's total as the desktop writes it: U+2212 for a minus, as on the −50 card.
function km(n) {
  return n < 0 ? `−${-n}` : String(n);
}

function counterTotal(ids) {
  return ids.reduce((t, id) => {
    const f = face(id);
    return t + (f.kind === "km" ? f.km : f.kind === "minus50" ? -50 : 0);
  }, 0);
}

// RULES.md, route value: only the part after the last break counts. Returns the value,
// each card's break ("higher", "action", "rest" or null) and where the scoring part starts.
function routeScore(ids) {
  let sum = 0, last = 0, prevRest = false, start = 0;
  const breaks = ids.map((id, i) => {
    const f = face(id);
    let why = null;
    if (f.kind === "km") {
      if (last !== 0 && f.km <= last) {
        why = "higher";
        sum = 0;
        start = i;
      }
      sum += f.km;
      last = f.km;
      prevRest = false;
    } else if (f.kind === "rest") {
      if (prevRest) {
        why = "rest";
        sum = 0;
        last = 0;
        start = i;
      }
      prevRest = true;
    } else {
      why = "action";
      sum = 0;
      last = 0;
      start = i + 1;
      prevRest = false;
    }
    return why;
  });
  return { value: sum, breaks, start };
}

function breakShort(why) {
  switch (why) {
  // Translators: short mark under a route card that breaks the route.
  case "higher": return _("not higher");
  case "action": return _("action");
  default: return _("2nd rest");
  }
}

function breakLong(why) {
  switch (why) {
  case "higher": return _("Break: this card is not higher than the one before it.");
  case "action": return _("Break: an action card in a route breaks it.");
  default: return _("Break: two rests in a row.");
  }
}

function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls)
    e.className = cls;
  if (text !== undefined && text !== null)
    e.textContent = text;
  return e;
}

// A card's face: the big number or sign, and its kind for the colour.
function cardFace(id, tag) {
  const f = face(id);
  const e = h(tag ?? "span", `aa-card aa-${f.kind}`);
  if (f.kind === "km") {
    // The unit as the name says it ("\u00a0km"), so the visible text is the name.
    const name = faceName(id), num = String(f.km);
    e.append(h("span", "aa-big", num),
             h("span", "aa-small", name.startsWith(num) ? name.slice(num.length) : "km"));
  } else if (f.kind === "rest") {
    e.append(h("span", "aa-word", faceName(id)));
  } else {
    // The sign for the eye, the card's name for a screen reader.
    const sign = h("span", "aa-big", { plus1: "+1", plus2: "+2", minus1: "−1", minus50: "−50" }[f.kind]);
    sign.setAttribute("aria-hidden", "true");
    e.append(sign, h("span", "aa-sr", faceName(id)));
  }
  return e;
}

export function createPage(root, ctx) {
  let view = null, st = null;
  let sel = null;        // the id of the chosen hand card
  let busy = false;
  let sentAt = -1;
  let turned = [];       // sentences of the cards turned over this round, newest first

  root.classList.add("aa");
  const status = h("p", "aa-status");
  const decide = h("section", "aa-decide");
  decide.setAttribute("aria-labelledby", "aa-decide-h");
  const routeSec = h("section", "aa-route");
  routeSec.setAttribute("aria-labelledby", "aa-route-h");
  const counterSec = h("section", "aa-counter");
  counterSec.setAttribute("aria-labelledby", "aa-counter-h");
  const tableSec = h("section", "aa-table");
  tableSec.setAttribute("aria-labelledby", "aa-table-h");
  root.append(status, decide, routeSec, counterSec, tableSec);

  // Taken out and put back into the page (the shell redraws around it), the page loses the
  // focus: give it back to the control that had it.
  let focused = null, watched = null;
  const onFocus = (e) => { focused = root.contains(e.target) ? e.target : null; };
  document.addEventListener("focusin", onFocus);
  const watcher = new MutationObserver(() => {
    const a = document.activeElement;
    if (focused && focused.isConnected && (!a || a === document.body))
      focused.focus({ preventScroll: true });
  });
  function watch() {
    if (root.parentNode && root.parentNode !== watched) {
      watcher.disconnect();
      watched = root.parentNode;
      watcher.observe(watched, { childList: true });
    }
  }

  const seat = (s) => ctx.name(s);
  const n = () => view.players.length;
  const goal = () => 150 + 50 * (n() - 2);
  const locked = () => busy || (view && view.actions === sentAt);

  // What this seat is asked for now: "route", "counter", "extra" or null.
  function step() {
    if (!view || view.over || view.viewer < 0 || view.current !== view.viewer)
      return null;
    if (st.phase === "play")
      return st.route_done ? "counter" : "route";
    if (st.phase === "extra" && st.extra_left[view.viewer] > 0)
      return "extra";
    return null;
  }

  async function act(action) {
    if (locked())
      return;
    busy = true;
    sentAt = view.actions;
    render();
    try {
      await ctx.act(action);
      sel = null;
    } catch (e) {
      sentAt = -1;   // refused: nothing changed, choose again
    } finally {
      busy = false;
      render();
    }
  }

  function heading(text, id) {
    const e = h("h2", "", text);
    e.id = id;
    return e;
  }

  function prompt(s) {
    const v = view.viewer;
    switch (s) {
    case "route": return fmt(_("%s, pick a card for your route."), seat(v));
    case "counter": return fmt(_("%s, now pick a card for the kilometre counter."), seat(v));
    case "extra": {
      const left = st.extra_left[v];
      if (st.action >= 0 && face(st.action).kind === "plus2")
        return fmt(ngettext("Step on the gas: add %u more card to your route.", "Step on the gas: add %u more cards to your route.", left), left);
      return fmt(ngettext("Free passage: add %u more card to your route.", "Free passage: add %u more cards to your route.", left), left);
    }
    }
    if (st.phase === "over")
      return _("The journey is over after five stages.");
    if (st.phase === "stage-end")
      return fmt(_("Stage %u is over: the counter reached %s of %d km. Routes are turned over; only the part after the last break counts."),
                 st.scores.length, km(counterTotal(st.counter)), goal());
    if (st.phase === "resolve")
      return _("Turning over the kilometre counter, top card first…");
    if (view.current >= 0)
      // Translators: a person plays on another device; the game waits for their card.
      return fmt(_("Waiting for %s…"), seat(view.current));
    return "";
  }

  function renderDecide() {
    decide.replaceChildren();
    const s = step();
    decide.append(heading(prompt(s), "aa-decide-h"));
    if (st.phase === "stage-end")
      decide.append(h("p", "aa-dim", _("The host deals the next stage.")));
    const hand = view.viewer >= 0 && st.phase !== "over" ? st.hands[view.viewer] : null;
    if (!hand)
      return;
    if (sel !== null && !hand.includes(sel))
      sel = null;
    const list = h("div", "aa-hand");
    list.setAttribute("role", "group");
    list.setAttribute("aria-label", fmt(_("Hand of %s"), seat(view.viewer)));
    for (const id of hand) {
      if (s) {
        const b = cardFace(id, "button");
        b.type = "button";
        b.setAttribute("aria-pressed", sel === id ? "true" : "false");
        b.dataset.key = `card-${id}`;
        b.disabled = locked();
        b.addEventListener("click", () => {
          // A second tap on the chosen card plays it.
          if (sel === id) {
            play();
            return;
          }
          sel = id;
          render();
          decide.querySelector(".aa-hand [aria-pressed=true]")?.focus();
        });
        list.append(b);
      } else {
        list.append(cardFace(id, "span"));
      }
    }
    decide.append(list);
    if (s) {
      const go = h("button", "aa-play", s === "counter" ? _("Put on Counter") : _("Add to Route"));
      go.type = "button";
      go.disabled = sel === null || locked();
      go.dataset.key = "play";
      go.addEventListener("click", play);
      const bar = h("div", "aa-play-bar");
      bar.append(go);
      decide.append(bar);
    }
  }

  function play() {
    const s = step();
    if (sel === null || !s || locked())
      return;
    act({ type: s === "counter" ? "counter" : "route", card: sel });
  }

  // A route, left to right, its breaks marked; the scoring part stands out.
  function routeRow(ids) {
    const sc = routeScore(ids);
    const ol = h("ol", "aa-route-cards");
    ids.forEach((id, i) => {
      const li = h("li", i >= sc.start ? "aa-scoring" : "aa-before");
      li.append(cardFace(id, "span"));
      if (sc.breaks[i]) {
        li.classList.add("aa-break");
        const mark = h("span", "aa-break-mark", breakShort(sc.breaks[i]));
        mark.setAttribute("aria-hidden", "true");
        li.append(mark, h("span", "aa-sr", breakLong(sc.breaks[i])));
      }
      ol.append(li);
    });
    return { list: ol, value: sc.value };
  }

  function renderRoute() {
    routeSec.replaceChildren();
    const v = view.viewer;
    if (v < 0)
      return;
    const own = st.routes[v];
    routeSec.append(heading(_("Your Route"), "aa-route-h"));
    if (!own || own.length === 0) {
      routeSec.append(h("p", "aa-dim", _("no cards yet")));
      return;
    }
    const r = routeRow(own);
    routeSec.append(r.list, h("p", "aa-value", fmt(_("Value of the route of %s: %d km"), seat(v), r.value)));
  }

  function renderCounter() {
    counterSec.replaceChildren();
    counterSec.append(heading(_("Kilometre Counter"), "aa-counter-h"));
    const total = counterTotal(st.counter);
    const text = fmt(_("%s of %d km"), km(total), goal());
    const meter = h("div", "aa-meter");
    meter.setAttribute("role", "meter");
    meter.setAttribute("aria-label", _("Kilometre counter"));
    meter.setAttribute("aria-valuemin", "0");
    meter.setAttribute("aria-valuemax", String(goal()));
    meter.setAttribute("aria-valuenow", String(Math.max(0, Math.min(goal(), total))));
    meter.setAttribute("aria-valuetext", text);
    const fill = h("div", "aa-meter-fill");
    fill.style.width = `${Math.max(0, Math.min(100, (100 * total) / goal()))}%`;
    meter.append(fill);
    counterSec.append(h("p", "aa-total", text), meter);
    if (turned.length) {
      counterSec.append(h("h3", "", _("Cards Turned Over")));
      const ul = h("ul", "aa-log");
      for (const t of turned)
        ul.append(h("li", "", t));
      counterSec.append(ul);
    }
    const pile = st.pile_owners.length;
    counterSec.append(h("h3", "", _("Face-down pile")));
    counterSec.append(h("p", "aa-dim", pile > 0
      ? fmt(ngettext("%u card face down, the top one is turned first", "%u cards face down, the top one is turned first", pile), pile)
      : _("No face-down cards")));
    if (pile > 0) {
      // Top first: the order they are turned in.
      const ol = h("ol", "aa-pile");
      for (let i = pile - 1; i >= 0; i--)
        ol.append(h("li", "", fmt(_("Face-down card of %s"), seat(st.pile_owners[i]))));
      counterSec.append(ol);
    }
    if (st.counter.length) {
      counterSec.append(h("h3", "", _("Cards on the Counter")));
      const row = h("div", "aa-stays");
      for (const id of st.counter) {
        row.append(cardFace(id, "span"));
      }
      counterSec.append(row);
    }
  }

  function renderTable() {
    tableSec.replaceChildren();
    tableSec.append(heading(_("Kilometres per Stage"), "aa-table-h"));
    const t = h("table", "aa-scores");
    const head = h("tr");
    const corner = h("th", "", "");
    corner.scope = "col";
    head.append(corner);
    for (let s = 1; s <= STAGES; s++) {
      const th = h("th", "", String(s));
      th.scope = "col";
      th.title = _("Stage");
      head.append(th);
    }
    const tot = h("th", "", _("Total"));
    tot.scope = "col";
    head.append(tot);
    const thead = h("thead");
    thead.append(head);
    const tbody = h("tbody");
    for (let p = 0; p < n(); p++) {
      const tr = h("tr");
      if (p === view.current)
        tr.classList.add("aa-current");
      const name = p === st.start_seat ? fmt(_("%s ★"), seat(p)) : seat(p);
      const th = h("th", "", name);
      th.scope = "row";
      if (p === st.start_seat)
        th.title = _("Holds the start card");
      tr.append(th);
      let sum = 0;
      for (let s = 0; s < STAGES; s++) {
        const row = st.scores[s];
        sum += row ? row[p] : 0;
        tr.append(h("td", "", row ? String(row[p]) : ""));
      }
      tr.append(h("td", "aa-sum", String(sum)));
      tbody.append(tr);
    }
    t.append(thead, tbody);
    const wrap = h("div", "aa-scores-wrap");
    wrap.append(t);
    tableSec.append(wrap);

    // Everybody's hand and route, as many cards as the table shows.
    tableSec.append(heading(_("Routes"), "aa-routes-h"));
    const ul = h("ul", "aa-players");
    for (let p = 0; p < n(); p++) {
      const li = h("li", "aa-player");
      if (p === view.current)
        li.classList.add("aa-current");
      const line = h("p", "aa-player-line");
      line.append(h("span", "aa-player-name", p === st.start_seat ? fmt(_("%s ★"), seat(p)) : seat(p)),
                  h("span", "aa-dim", fmt(ngettext("%u card in hand", "%u cards in hand", st.hand_sizes[p]), st.hand_sizes[p])));
      li.append(line);
      const shown = st.routes[p];
      if (shown && p !== view.viewer && shown.length) {
        const r = routeRow(shown);
        li.append(r.list, h("p", "aa-value", fmt(_("Value of the route of %s: %d km"), seat(p), r.value)));
      } else if (p !== view.viewer) {
        const len = st.route_lengths[p];
        li.append(h("p", "aa-dim", len === 0 ? fmt(_("Route of %s, no cards yet"), seat(p))
          : fmt(ngettext("Route of %s, %u card face down", "Route of %s, %u cards face down", len), seat(p), len)));
      }
      ul.append(li);
    }
    tableSec.append(ul);
  }

  function render() {
    if (!view)
      return;
    // Controls are drawn anew with each view: the one that had the focus gets it back.
    const active = document.activeElement;
    const key = active && root.contains(active) ? active.dataset.key : undefined;
    // At the end the heading below says it.
    status.hidden = st.phase === "over";
    status.textContent = st.phase === "over" ? ""
      : fmt(_("Stage %u of 5 · the stage ends at %d km · start card: %s"), st.stage, goal(), seat(st.start_seat));
    renderDecide();
    renderRoute();
    renderCounter();
    renderTable();
    if (key && !(document.activeElement && root.contains(document.activeElement)))
      root.querySelector(`[data-key="${key}"]`)?.focus({ preventScroll: true });
  }

  // The card turned last, in the desktop's counter log's words, when its owner is known.
  function turnedSentence(id, owner) {
    const o = seat(owner);
    const f = face(id);
    switch (f.kind) {
    case "km":
      return fmt(_("%1$s’s %2$s: the counter moves to %3$s km."), o, faceName(id), km(counterTotal(st.counter)));
    case "minus50":
      return fmt(_("%1$s’s lost cargo: the counter goes back to %2$s km."), o, km(counterTotal(st.counter)));
    case "rest":
      return fmt(_("%s’s rest: no effect."), o);
    case "plus1":
      return fmt(_("%s’s free passage: everyone adds one more card to their route."), o);
    case "plus2":
      return fmt(_("%s’s step on the gas: everyone adds two more cards to their route."), o);
    default:
      return fmt(_("%s’s obstacle: every route loses its last card."), o);
    }
  }

  function learn(prev) {
    if (!prev)
      return;
    if (prev.stage !== st.stage)
      turned = [];
    const was = prev.pile_owners, now = st.pile_owners;
    const gone = was.length - now.length;
    if (st.last_resolved >= 0 && gone > 0 && now.every((o, i) => o === was[i])) {
      // The pile turns top first: the card turned last lay just above what is left.
      const t = turnedSentence(st.last_resolved, was[now.length]);
      turned = [t, ...turned].slice(0, 8);
      ctx.announce(t);
    }
  }

  return {
    isMyTurn(v) {
      const s = v.state;
      if (!s || v.over || v.viewer < 0 || v.current !== v.viewer)
        return false;
      return s.phase === "play" || (s.phase === "extra" && s.extra_left[v.viewer] > 0);
    },
    update(v) {
      const prev = st;
      view = v;
      st = v.state;
      sentAt = -1;   // a newer view (also one after a Take Back) is chosen on afresh
      // A Take Back puts the table back: nothing was turned over (the shell says who took
      // back what).
      if (!v.undone)
        learn(prev);
      if (!step())
        sel = null;
      render();
      watch();
    },
    destroy() {
      watcher.disconnect();
      document.removeEventListener("focusin", onFocus);
      root.replaceChildren();
      root.classList.remove("aa");
    },
  };
}
