// SPDX-License-Identifier: GPL-3.0-or-later
// Ausgerechnet Buxtehude on a phone (issue 32): this seat's decisions (place, "Wrong!",
// neighbour, estimate), the cross to pan and zoom, and the table's open summary.
import { _, ngettext, fmt } from "./i18n.js";

const ARMS = ["N", "S", "W", "E"];
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 2;

function card(cls, text) {
  const e = h("div", cls, text);
  e.lang = "de";   // place names: German hyphenation
  return e;
}

function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls)
    e.className = cls;
  if (text !== undefined && text !== null)
    e.textContent = text;
  return e;
}

function button(cls, text, onclick) {
  const b = h("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onclick);
  return b;
}

// The desktop's labels carry GTK mnemonics; a page has none.
function plain(s) {
  return s.replace(/_(?=[^_\s])/, "");
}

function same(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// ---- the desktop's sentences (src/buxtehude/bux-page.c), whole, one per case ----------------

function placedSentence(p, c, arm, i, o) {
  if (o === null) {
    switch (arm) {
    case "N": return fmt(_("%s placed %s north of %s."), p, c, i);
    case "S": return fmt(_("%s placed %s south of %s."), p, c, i);
    case "W": return fmt(_("%s placed %s west of %s."), p, c, i);
    default: return fmt(_("%s placed %s east of %s."), p, c, i);
    }
  }
  switch (arm) {
  case "N": return fmt(_("%s placed %s north of %s and south of %s."), p, c, i, o);
  case "S": return fmt(_("%s placed %s south of %s and north of %s."), p, c, i, o);
  case "W": return fmt(_("%s placed %s west of %s and east of %s."), p, c, i, o);
  default: return fmt(_("%s placed %s east of %s and west of %s."), p, c, i, o);
  }
}

// A gap's name: where the card would lie (the placement sentences' own words).
function gapName(arm, i, o) {
  if (o === null) {
    switch (arm) {
    // Translators: a gap of the cross to put the card in, at the outer end of an arm.
    case "N": return fmt(_("North of %s"), i);
    case "S": return fmt(_("South of %s"), i);
    case "W": return fmt(_("West of %s"), i);
    default: return fmt(_("East of %s"), i);
    }
  }
  switch (arm) {
  // Translators: a gap of the cross to put the card in, between two cards of an arm.
  case "N": return fmt(_("North of %s and south of %s"), i, o);
  case "S": return fmt(_("South of %s and north of %s"), i, o);
  case "W": return fmt(_("West of %s and east of %s"), i, o);
  default: return fmt(_("East of %s and west of %s"), i, o);
  }
}

function ruleSentence(arm) {
  switch (arm) {
  case "N": return _("In the north arm each card must lie at least as far north as the card inside it (latitude).");
  case "S": return _("In the south arm each card must lie at least as far south as the card inside it (latitude).");
  case "W": return _("In the west arm each card must lie at least as far west as the card inside it (longitude).");
  default: return _("In the east arm each card must lie at least as far east as the card inside it (longitude).");
  }
}

function verdictSentence(arm, o, i, right) {
  if (right) {
    switch (arm) {
    case "N": return fmt(_("%s lies at least as far north as %s: right."), o, i);
    case "S": return fmt(_("%s lies at least as far south as %s: right."), o, i);
    case "W": return fmt(_("%s lies at least as far west as %s: right."), o, i);
    default: return fmt(_("%s lies at least as far east as %s: right."), o, i);
    }
  }
  switch (arm) {
  case "N": return fmt(_("%s lies further south than %s: wrong."), o, i);
  case "S": return fmt(_("%s lies further north than %s: wrong."), o, i);
  case "W": return fmt(_("%s lies further east than %s: wrong."), o, i);
  default: return fmt(_("%s lies further west than %s: wrong."), o, i);
  }
}

function armName(arm) {
  switch (arm) {
  case "N": return _("North arm");
  case "S": return _("South arm");
  case "W": return _("West arm");
  default: return _("East arm");
  }
}

export function createPage(root, ctx) {
  let view = null;       // the last view
  let state = null;      // its state
  let sel = null;        // the gap chosen: {arm, index}
  let busy = false;      // an action is on its way
  let sentAt = -1;       // the view's actions an action was sent on
  let typed = "";        // the estimate being typed
  let zoom = 0.85;
  let anchor = null;     // where the starting card was in the cross's box, to keep it there
  let note = null;       // "Nobody objected: … stays."
  let recent = [];       // "challenge" / "scoring", newest first
  let centreNext = true;
  let centred = null;    // the card under challenge last brought into the middle

  root.classList.add("bux");
  const progress = h("p", "bux-progress");
  const decide = h("section", "bux-decide");
  decide.setAttribute("aria-labelledby", "bux-decide-h");
  const crossWrap = h("div", "bux-cross-wrap");
  const box = h("div", "bux-cross-box");
  box.setAttribute("role", "group");
  const plane = h("div", "bux-plane");
  box.append(plane);
  const zoomBar = h("div", "bux-zoom");
  const zoomOut = button("bux-zoom-btn", "−", () => setZoom(zoom / 1.25));
  zoomOut.setAttribute("aria-label", _("Zoom out"));
  const zoomIn = button("bux-zoom-btn", "+", () => setZoom(zoom * 1.25));
  zoomIn.setAttribute("aria-label", _("Zoom in"));
  zoomBar.append(zoomOut, zoomIn);
  crossWrap.append(box, zoomBar);
  const after = h("div", "bux-after");   // the confirmation below the cross
  const news = h("section", "bux-news");
  news.setAttribute("aria-labelledby", "bux-news-h");
  const table = h("section", "bux-table");
  table.setAttribute("aria-labelledby", "bux-table-h");
  root.append(progress, decide, crossWrap, after, news, table);

  const name = (id) => {
    const c = ctx.cards?.[id];
    return c ? (c[ctx.lang] ?? c.de ?? id) : String(id);
  };
  const seat = (s) => ctx.name(s);
  const list = (names) => {
    try {
      return new Intl.ListFormat(ctx.lang, { type: "conjunction" }).format(names);
    } catch (e) {
      return names.join(", ");
    }
  };
  const mine = () => view && view.viewer >= 0 && !view.over;
  const locked = () => busy || (view && view.actions === sentAt);

  async function act(action) {
    if (locked())
      return;
    busy = true;
    sentAt = view.actions;
    render();
    try {
      await ctx.act(action);
    } catch (e) {
      sentAt = -1;   // refused: nothing changed, the person may choose again
    } finally {
      busy = false;
      render();
    }
  }

  // ---- the cross ---------------------------------------------------------------------------

  function neighbours() {
    if (!state.placed)
      return { inner: null, outer: null, card: null };
    const a = state.arms[state.placed.arm];
    const i = state.placed.index;
    return { card: a[i], inner: i === 0 ? state.start : a[i - 1], outer: i + 1 < a.length ? a[i + 1] : null };
  }

  // The box is as tall as the cross needs, within the screen.
  function fitHeight() {
    const pad = parseFloat(getComputedStyle(plane).paddingTop) || 0;
    const need = plane.offsetHeight - 2 * pad + 32;
    box.style.height = `min(62vh, max(12rem, ${Math.ceil(need)}px))`;
  }

  // Zooms about a point of the box (a pinch's middle): the place under the fingers stays,
  // measured from the starting card, since the padding around the cross does not scale.
  function setZoom(z, cx, cy) {
    z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
    if (z === zoom)
      return;
    const st = plane.querySelector(".bux-start");
    const r = box.getBoundingClientRect();
    const px = (cx ?? r.left + r.width / 2) - r.left;
    const py = (cy ?? r.top + r.height / 2) - r.top;
    const mid = (e) => [e.offsetLeft + e.offsetWidth / 2, e.offsetTop + e.offsetHeight / 2];
    const [sx, sy] = st ? mid(st) : [0, 0];
    const fx = (box.scrollLeft + px - sx) / zoom, fy = (box.scrollTop + py - sy) / zoom;
    zoom = z;
    plane.style.fontSize = `${zoom}rem`;
    const [nx, ny] = st ? mid(st) : [0, 0];
    box.scrollLeft = nx + fx * zoom - px;
    box.scrollTop = ny + fy * zoom - py;
    scrolled = { l: box.scrollLeft, t: box.scrollTop };
    zoomIn.disabled = zoom >= ZOOM_MAX;
    zoomOut.disabled = zoom <= ZOOM_MIN;
  }

  // The box's scroll as last seen: the box loses it when the shell moves the page around.
  let scrolled = { l: 0, t: 0 };
  box.addEventListener("scroll", () => {
    if (box.isConnected)
      scrolled = { l: box.scrollLeft, t: box.scrollTop };
  }, { passive: true });

  // Taken out and put back into the page (the shell redraws around it), the box forgets its
  // scroll: put it back where the person had it.
  let watched = null;
  // The same for the focus (a field being typed in, a gap chosen with the keyboard).
  let focused = null;
  const onFocus = (e) => { focused = root.contains(e.target) ? e.target : null; };
  document.addEventListener("focusin", onFocus);
  const watcher = new MutationObserver(() => {
    if (box.isConnected && (box.scrollLeft !== scrolled.l || box.scrollTop !== scrolled.t)) {
      box.scrollLeft = scrolled.l;
      box.scrollTop = scrolled.t;
    }
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

  // Two fingers zoom; one finger scrolls the box natively (touch-action: pan-x pan-y).
  let pinch = null;
  const dist = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  box.addEventListener("touchstart", (e) => {
    if (e.touches.length === 2)
      pinch = { d: dist(e.touches), z: zoom };
  }, { passive: true });
  box.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2)
      return;
    e.preventDefault();
    const t = e.touches;
    setZoom(pinch.z * dist(t) / pinch.d, (t[0].clientX + t[1].clientX) / 2,
            (t[0].clientY + t[1].clientY) / 2);
  }, { passive: false });
  box.addEventListener("touchend", (e) => {
    if (e.touches.length < 2)
      pinch = null;
  });
  box.addEventListener("wheel", (e) => {
    if (!e.ctrlKey)
      return;
    e.preventDefault();
    setZoom(zoom * Math.exp(-e.deltaY / 300), e.clientX, e.clientY);
  }, { passive: false });
  // A mouse drags the cross around, as a finger does.
  let drag = null;
  box.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse" || e.button !== 0 || e.target.closest("button"))
      return;
    drag = { x: e.clientX, y: e.clientY, l: box.scrollLeft, t: box.scrollTop };
    box.setPointerCapture(e.pointerId);
  });
  box.addEventListener("pointermove", (e) => {
    if (!drag)
      return;
    box.scrollLeft = drag.l - (e.clientX - drag.x);
    box.scrollTop = drag.t - (e.clientY - drag.y);
  });
  const endDrag = () => { drag = null; };
  box.addEventListener("pointerup", endDrag);
  box.addEventListener("pointercancel", endDrag);

  function placing() {
    return mine() && state.phase === "place" && state.turn === view.viewer && state.hand;
  }

  function renderCross() {
    const startBefore = plane.querySelector(".bux-start");
    if (startBefore && !centreNext)
      anchor = { x: startBefore.offsetLeft - scrolled.l, y: startBefore.offsetTop - scrolled.t };
    plane.replaceChildren();
    plane.style.fontSize = `${zoom}rem`;
    zoomIn.disabled = zoom >= ZOOM_MAX;
    zoomOut.disabled = zoom <= ZOOM_MIN;
    // At the end the last cross stays in sight, checked (the desktop does so too).
    const last = state.phase === "over" && !state.start ? state.last_scoring : null;
    const arms = last ? last.arms : state.arms;
    const startCard = last ? last.start : state.start;
    const wrong = new Set(last ? last.wrong ?? [] : []);
    if (!startCard) {
      box.setAttribute("aria-label", _("The cross (empty)"));
      crossWrap.hidden = true;
      return;
    }
    crossWrap.hidden = false;
    box.setAttribute("aria-label", fmt(_("The cross, starting card %s."), name(startCard)));
    const gaps = placing();
    // Without gaps to tab to, the box itself takes the focus, so keys can scroll it.
    if (gaps)
      box.removeAttribute("tabindex");
    else
      box.tabIndex = 0;
    // Slots of each arm from the starting card outward: gap, card, gap, …, gap.
    const slots = {};
    for (const a of ARMS) {
      const s = [];
      arms[a].forEach((c, i) => {
        if (gaps)
          s.push({ gap: i });
        s.push({ card: c, index: i });
      });
      if (gaps)
        s.push({ gap: arms[a].length });
      slots[a] = s;
    }
    const size = (s) => (s.gap !== undefined ? "var(--bux-gap)" : "var(--bux-card-w)");
    const sizeV = (s) => (s.gap !== undefined ? "var(--bux-gap)" : "var(--bux-card-h)");
    const cols = [...slots.W].reverse().map(size).concat(["var(--bux-card-w)"], slots.E.map(size));
    const rows = [...slots.N].reverse().map(sizeV).concat(["var(--bux-card-h)"], slots.S.map(sizeV));
    plane.style.gridTemplateColumns = cols.join(" ");
    plane.style.gridTemplateRows = rows.join(" ");
    const cx = slots.W.length + 1, cy = slots.N.length + 1;   // grid lines count from 1
    const pos = (a, k) => {
      switch (a) {
      case "N": return [cx, cy - k];
      case "S": return [cx, cy + k];
      case "W": return [cx - k, cy];
      default: return [cx + k, cy];
      }
    };
    const nb = neighbours();
    const put = (e, c, r) => {
      e.style.gridColumn = String(c);
      e.style.gridRow = String(r);
      plane.append(e);
    };
    const start = card("bux-card bux-start", name(startCard));
    if (nb.inner === startCard)
      start.classList.add("bux-neighbour");
    put(start, cx, cy);
    for (const a of ARMS) {
      slots[a].forEach((s, k) => {
        const [c, r] = pos(a, k + 1);
        if (s.gap !== undefined) {
          const inner = s.gap === 0 ? state.start : arms[a][s.gap - 1];
          const outer = s.gap < arms[a].length ? arms[a][s.gap] : null;
          const chosen = sel && sel.arm === a && sel.index === s.gap;
          const b = button(`bux-gap bux-gap-${a === "N" || a === "S" ? "v" : "h"}`, null,
                           () => choose(a, s.gap));
          // The chosen gap shows the card as it would lie there (drawn by the style sheet,
          // so it stays out of the name, which says the place).
          if (chosen)
            b.dataset.card = name(state.hand);
          b.setAttribute("aria-label", gapName(a, name(inner), outer === null ? null : name(outer)));
          b.setAttribute("aria-pressed", chosen ? "true" : "false");
          b.dataset.key = `gap-${a}-${s.gap}`;
          b.disabled = locked();
          put(b, c, r);
        } else {
          const e = card(wrong.has(s.card) ? "bux-card bux-wrong" : "bux-card", name(s.card));
          if (state.placed && state.placed.arm === a && state.placed.index === s.index)
            e.classList.add("bux-placed");
          else if (s.card === nb.inner || s.card === nb.outer)
            e.classList.add("bux-neighbour");
          put(e, c, r);
        }
      });
    }
    // Keep the starting card where it was on the screen; centre it the first time.
    requestAnimationFrame(() => {
      const st = plane.querySelector(".bux-start");
      if (!st)
        return;
      fitHeight();
      const centre = (e) => {
        box.scrollLeft = e.offsetLeft + e.offsetWidth / 2 - box.clientWidth / 2;
        box.scrollTop = e.offsetTop + e.offsetHeight / 2 - box.clientHeight / 2;
      };
      // A card under challenge comes into the middle, once.
      const placed = plane.querySelector(".bux-placed");
      const key = state.placed ? `${state.cross}/${state.placed.arm}/${state.placed.index}` : null;
      if (placed && key !== centred) {
        centred = key;
        centre(placed);
      } else if (centreNext || !anchor) {
        centre(st);
        centreNext = false;
      } else {
        box.scrollLeft = st.offsetLeft - anchor.x;
        box.scrollTop = st.offsetTop - anchor.y;
        // A box grown shorter since must not leave the starting card out of sight.
        const x = st.offsetLeft - box.scrollLeft, y = st.offsetTop - box.scrollTop;
        if (x + st.offsetWidth < 0 || x > box.clientWidth || y + st.offsetHeight < 0 || y > box.clientHeight)
          centre(st);
      }
      scrolled = { l: box.scrollLeft, t: box.scrollTop };
    });
  }

  function choose(arm, index) {
    if (locked())
      return;
    // A second tap on the chosen gap places the card there.
    if (sel && sel.arm === arm && sel.index === index) {
      placeSelected();
      return;
    }
    sel = { arm, index };
    render();
    const b = [...plane.querySelectorAll(".bux-gap")].find((g) => g.getAttribute("aria-pressed") === "true");
    b?.focus({ preventScroll: true });
  }

  function placeSelected() {
    if (!sel)
      return;
    const s = sel;
    sel = null;
    act({ type: "place", arm: s.arm, index: s.index });
  }

  // ---- the decision ------------------------------------------------------------------------

  function heading(text) {
    const e = h("h2", "bux-prompt", text);
    e.id = "bux-decide-h";
    return e;
  }

  let shown = "";   // what the decision area shows, to keep a field being typed in

  function renderDecide() {
    const v = view.viewer;
    const st = state;
    const asking = st.phase === "estimate" && mine() && st.estimated && !st.estimated[v];
    const sig = asking ? `estimate/${st.cross}/${locked()}` : "";
    if (sig && sig === shown)
      return;
    shown = sig;
    decide.replaceChildren();
    after.replaceChildren();
    switch (st.phase) {
    case "start":
      decide.append(heading(_("Laying the starting card…")));
      break;
    case "place": {
      if (placing()) {
        decide.append(heading(fmt(_("%s, where does this card go?"), seat(v))));
        const hand = card("bux-card bux-hand", name(st.hand));
        hand.setAttribute("role", "img");
        hand.setAttribute("aria-label", fmt(_("Card in hand: %s"), name(st.hand)));
        decide.append(hand,
                      h("p", "bux-dim", _("Tap a gap (+) in the cross, then place the card there. Two fingers zoom.")));
        const arms = st.arms;
        if (sel && sel.index > arms[sel.arm].length)
          sel = null;
        let gapText = "";
        if (sel) {
          const inner = sel.index === 0 ? st.start : arms[sel.arm][sel.index - 1];
          const outer = sel.index < arms[sel.arm].length ? arms[sel.arm][sel.index] : null;
          gapText = fmt(_("Selected gap: %s"), gapName(sel.arm, name(inner), outer === null ? null : name(outer)));
        }
        const gl = h("p", "bux-gap-label", gapText);
        gl.setAttribute("aria-live", "polite");
        const place = button("suggested bux-place", plain(_("_Place at the Selected Gap")), placeSelected);
        place.disabled = !sel || locked();
        place.dataset.key = "place";
        after.append(gl, place);
      } else {
        sel = null;
        decide.append(heading(fmt(_("%s is placing %s…"), seat(st.turn), name(st.hand))));
      }
      break;
    }
    case "challenge": {
      const nb = neighbours();
      const sentence = placedSentence(seat(st.turn), name(nb.card), st.placed.arm, name(nb.inner),
                                      nb.outer === null ? null : name(nb.outer));
      const asked = mine() && v !== st.turn && !st.decided?.[v];
      decide.append(heading(asked ? fmt("%s %s", sentence, _("Is that right?")) : sentence));
      decide.append(compareRow(nb, st.placed.arm));
      if (asked) {
        const row = h("div", "bux-buttons");
        const wrong = button("destructive", _("Wrong!"), () => act({ type: "challenge" }));
        const pass = button("", plain(_("_No Objection")), () => act({ type: "pass" }));
        wrong.disabled = pass.disabled = locked();
        wrong.dataset.key = "wrong";
        pass.dataset.key = "pass";
        row.append(wrong, pass);
        decide.append(row);
      } else {
        const waiting = [];
        st.decided?.forEach((d, s) => {
          if (!d && s !== st.turn && s !== v)
            waiting.push(seat(s));
        });
        if (waiting.length)
          decide.append(h("p", "bux-dim", fmt(_("Waiting for %s…"), list(waiting))));
      }
      break;
    }
    case "neighbour": {
      const nb = neighbours();
      if (mine() && st.challenger === v) {
        decide.append(heading(fmt(_("%s, which neighbour should %s be compared with?"), seat(v), name(nb.card))));
        decide.append(compareRow(nb, st.placed.arm));
        const row = h("div", "bux-buttons");
        const inner = button("", fmt(plain(_("_Inner: %s")), name(nb.inner)), () => act({ type: "neighbour", side: "inner" }));
        inner.disabled = locked();
        inner.dataset.key = "inner";
        row.append(inner);
        if (nb.outer !== null) {
          const outer = button("", fmt(plain(_("_Outer: %s")), name(nb.outer)), () => act({ type: "neighbour", side: "outer" }));
          outer.disabled = locked();
          outer.dataset.key = "outer";
          row.append(outer);
        }
        decide.append(row);
      } else {
        decide.append(heading(fmt(_("%s calls “Wrong!” and picks a neighbour…"), seat(st.challenger))));
        decide.append(compareRow(nb, st.placed.arm));
      }
      break;
    }
    case "estimate":
      renderEstimate();
      break;
    case "over":
      break;   // the shell says the game is over and shows the ranking
    }
    decide.hidden = decide.childElementCount === 0;
  }

  // The placed card between its neighbours, in the arm's direction (north up, west left).
  function compareRow(nb, arm) {
    const row = h("div", `bux-compare bux-compare-${arm}`);
    const cards = [nb.outer, nb.card, nb.inner];
    if (arm === "S" || arm === "E")
      cards.reverse();
    for (const c of cards) {
      if (c === null)
        continue;
      const e = card(c === nb.card ? "bux-card bux-placed" : "bux-card bux-neighbour", name(c));
      row.append(e);
    }
    if (arm === "N" || arm === "S")
      row.classList.add("bux-compare-v");
    return row;
  }

  function renderEstimate() {
    const st = state;
    const v = view.viewer;
    const max = ARMS.reduce((n, a) => n + st.arms[a].length, 0);
    if (!mine() || !st.estimated || st.estimated[v]) {
      decide.append(heading(_("Intermezzo: estimate secretly how many cards of the cross are wrong.")));
      if (mine() && typeof st.estimate === "number")
        decide.append(h("p", "bux-own-estimate", fmt(_("Your estimate: %d"), st.estimate)));
      const waiting = [];
      st.estimated?.forEach((d, s) => {
        if (!d && s !== v)
          waiting.push(seat(s));
      });
      if (waiting.length)
        decide.append(h("p", "bux-dim", fmt(_("Waiting for %s…"), list(waiting))));
      return;
    }
    decide.append(heading(fmt(_("Intermezzo! %s, how many cards of the cross are wrong? (0 to %d)"), seat(v), max)));
    const row = h("div", "bux-stepper");
    const input = h("input", "bux-estimate");
    input.id = "bux-estimate";
    input.type = "number";
    input.inputMode = "numeric";
    input.min = "0";
    input.max = String(max);
    input.value = typed;
    const label = h("label", "bux-estimate-label", _("Number of wrong cards"));
    label.htmlFor = "bux-estimate";
    const value = () => {
      const n = Number.parseInt(input.value, 10);
      return Number.isNaN(n) ? -1 : n;
    };
    const done = button("suggested", plain(_("_Done")), () => {
      const n = value();
      if (n >= 0 && n <= max) {
        typed = "";
        act({ type: "estimate", estimate: n });
      }
    });
    const sync = () => {
      typed = input.value;
      const n = value();
      done.disabled = locked() || n < 0 || n > max;
      less.disabled = locked() || n <= 0;
      more.disabled = locked() || n >= max;
    };
    const step = (d) => {
      const n = value();
      input.value = String(Math.min(max, Math.max(0, n < 0 ? 0 : n + d)));
      sync();
    };
    const less = button("bux-step", "−", () => step(-1));
    less.setAttribute("aria-label", _("One less"));
    const more = button("bux-step", "+", () => step(1));
    more.setAttribute("aria-label", _("One more"));
    input.addEventListener("input", sync);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter")
        done.click();
    });
    input.disabled = locked();
    row.append(less, input, more);
    decide.append(label, row, done);
    sync();
  }

  // ---- what just happened ------------------------------------------------------------------

  function challengeBlock(c) {
    const sec = h("div", "bux-event");
    sec.append(h("h3", "", c.rightful ? _("Rightly Challenged!") : _("The Card Was Right!")));
    const outer = c.side === "inner" ? c.card : c.neighbour;
    const inner = c.side === "inner" ? c.neighbour : c.card;
    sec.append(h("p", "", fmt(c.side === "inner"
      ? _("%s challenged %s (placed by %s) and compared it with its inner neighbour %s.")
      : _("%s challenged %s (placed by %s) and compared it with its outer neighbour %s."),
    seat(c.challenger), name(c.card), seat(c.placer), name(c.neighbour))));
    sec.append(h("p", "bux-dim", ruleSentence(c.arm)));
    const leaves = c.rightful ? fmt(_("%s leaves the game."), name(c.card)) : fmt(_("%s stays."), name(c.card));
    sec.append(h("p", "", fmt("%s %s", verdictSentence(c.arm, name(outer), name(inner), !c.rightful), leaves)));
    let pay;
    if (!c.from_supply)
      pay = fmt(_("%s pays %s one chip."), seat(c.payer), seat(c.payee));
    else if (c.paid)
      pay = fmt(_("%s has no chips, so %s takes one from the supply."), seat(c.payer), seat(c.payee));
    else
      pay = fmt(_("%s has no chips and the supply cannot pay: nobody pays."), seat(c.payer));
    sec.append(h("p", "", pay));
    return sec;
  }

  function armOf(sc, card) {
    return ARMS.find((a) => (sc.arms?.[a] ?? []).includes(card)) ?? "N";
  }

  function scoringBlock(sc) {
    const sec = h("div", "bux-event");
    sec.append(h("h3", "", sc.final ? _("Final Scoring") : fmt(_("Intermezzo · Cross %u of 3"), sc.cross)));
    const n = sc.estimates?.length ?? 0;
    const est = [];
    for (let i = 0; i < n; i++)
      est.push(`${seat(i)} ${sc.estimates[i]}`);
    sec.append(h("p", "", fmt(_("Estimates: %s"), est.join(", "))));
    if (sc.wrong?.length) {
      const ul = h("ul", "bux-wrong");
      sc.wrong.forEach((card, k) => {
        ul.append(h("li", "", verdictSentence(armOf(sc, card), name(card), name(sc.wrong_ref[k]), false)));
      });
      sec.append(ul);
    }
    const winners = [];
    for (let i = 0; i < n; i++)
      if (sc.award?.[i])
        winners.push(seat(i));
    let text = fmt(ngettext("%d card was wrong.", "%d cards were wrong.", sc.count), sc.count);
    if (winners.length) {
      const who = list(winners);
      text += " " + (sc.exact
        ? fmt(ngettext("%s guessed it exactly and gets 2 chips.", "%s guessed it exactly and get 2 chips each.", winners.length), who)
        : fmt(ngettext("Nobody guessed it exactly; %s came closest and gets 1 chip.", "Nobody guessed it exactly; %s came closest and get 1 chip each.", winners.length), who));
    }
    if ((sc.received ?? []).some((r, i) => r < (sc.award?.[i] ?? 0)))
      text += " " + _("The supply could not pay everything.");
    sec.append(h("p", "", text));
    return sec;
  }

  function renderNews() {
    news.replaceChildren();
    const parts = [];
    if (note)
      parts.push(h("p", "bux-note", note));
    for (const r of recent) {
      if (r === "challenge" && state.last_challenge)
        parts.push(challengeBlock(state.last_challenge));
      if (r === "scoring" && state.last_scoring)
        parts.push(scoringBlock(state.last_scoring));
    }
    news.hidden = parts.length === 0;
    if (parts.length) {
      const hd = h("h2", "", _("What Just Happened"));
      hd.id = "bux-news-h";
      news.append(hd, ...parts);
    }
  }

  // ---- players and chips -------------------------------------------------------------------

  function renderTable() {
    table.replaceChildren();
    const hd = h("h2", "", _("Players and chips"));
    hd.id = "bux-table-h";
    const ul = h("ul", "bux-players");
    const chips = state.chips ?? [];
    chips.forEach((n, s) => {
      const li = h("li", "bux-player");
      if (s === view.current)
        li.classList.add("bux-current");
      const nm = h("span", "bux-player-name", seat(s));
      if (s === view.viewer)
        nm.classList.add("bux-me");
      let c = fmt(ngettext("%u chip", "%u chips", n), n);
      const bonus = state.bonus?.[s]?.length ?? 0;
      if (bonus)
        c = `${c} · ${fmt(ngettext("%u bonus card", "%u bonus cards", bonus), bonus)}`;
      li.append(nm, h("span", "bux-chips", c));
      ul.append(li);
    });
    table.append(hd, ul, h("p", "bux-dim", fmt(ngettext("Supply: %u chip", "Supply: %u chips", state.supply), state.supply)));
  }

  function render() {
    if (!view)
      return;
    // Controls are drawn anew with each view: the one that had the focus gets it back.
    const active = document.activeElement;
    const key = active && root.contains(active) ? active.dataset.key : undefined;
    let left = state.stack;
    if (state.hand && left > 0)
      left--;
    progress.textContent = fmt(_("Cross %u of 3 · %s"), state.cross,
                               fmt(ngettext("%u card left in the stack", "%u cards left in the stack", left), left));
    renderDecide();
    renderCross();
    renderNews();
    renderTable();
    if (key && !(document.activeElement && root.contains(document.activeElement)))
      root.querySelector(`[data-key="${key}"]`)?.focus({ preventScroll: true });
  }

  // What changed since the last view, told to screen readers and kept as "what just happened".
  function learn(prev, st) {
    if (!prev)
      return;
    const count = (s) => ARMS.reduce((n, a) => n + s.arms[a].length, 0);
    if (count(st) !== count(prev) || st.cross !== prev.cross)
      note = null;
    // What happened stays until the next card is laid: then it is no longer news.
    if (count(st) > count(prev) && st.cross === prev.cross)
      recent = [];
    if (st.placed && !same(st.placed, prev.placed) && st.phase === "challenge") {
      const nb = neighbours();
      ctx.announce(placedSentence(seat(st.turn), name(nb.card), st.placed.arm, name(nb.inner),
                                  nb.outer === null ? null : name(nb.outer)));
    }
    if (st.last_challenge && !same(st.last_challenge, prev.last_challenge)) {
      recent = ["challenge", ...recent.filter((r) => r !== "challenge")];
      note = null;
      const c = st.last_challenge;
      ctx.announce(fmt("%s %s", c.rightful ? _("Rightly Challenged!") : _("The Card Was Right!"),
                       c.rightful ? fmt(_("%s leaves the game."), name(c.card)) : fmt(_("%s stays."), name(c.card))));
    } else if (prev.phase === "challenge" && st.phase !== "challenge" && st.phase !== "neighbour" && prev.placed) {
      note = fmt(_("Nobody objected: %s stays."), name(prev.arms[prev.placed.arm][prev.placed.index]));
      ctx.announce(note);
    }
    if (st.last_scoring && !same(st.last_scoring, prev.last_scoring)) {
      recent = ["scoring", ...recent.filter((r) => r !== "scoring")];
      const sc = st.last_scoring;
      ctx.announce(fmt(ngettext("%d card was wrong.", "%d cards were wrong.", sc.count), sc.count));
    }
    if (st.start !== prev.start)
      centreNext = true;
  }

  return {
    // For the shell's "Your turn": every seat decides about a placed card, not only the
    // one the host names as current.
    isMyTurn(v) {
      const s = v.state, me = v.viewer;
      if (!s || v.over || me < 0)
        return false;
      switch (s.phase) {
      case "place": return s.turn === me;
      case "challenge": return s.turn !== me && s.decided?.[me] === false;
      case "neighbour": return s.challenger === me;
      case "estimate": return s.estimated?.[me] === false;
      default: return false;
      }
    },
    update(v) {
      const prev = state;
      view = v;
      state = v.state;
      sentAt = -1;   // a newer view (also one after a Take Back) is chosen on afresh
      if (!prev) {
        if (state.last_challenge)
          recent.push("challenge");
        if (state.last_scoring)
          recent.push("scoring");
      }
      // A Take Back puts the table back: nobody "let the card stand" (the shell says who
      // took back what).
      if (v.undone) {
        if (prev && !same(prev.placed, state.placed))
          note = null;
      } else {
        learn(prev, state);
      }
      if (!placing())
        sel = null;
      if (state.phase !== "estimate" || state.estimated?.[v.viewer])
        typed = "";
      render();
      watch();
    },
    destroy() {
      watcher.disconnect();
      document.removeEventListener("focusin", onFocus);
      root.replaceChildren();
      root.classList.remove("bux");
    },
  };
}
