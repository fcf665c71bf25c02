// SPDX-License-Identifier: GPL-3.0-or-later
// The phone page's shell: joining, whose turn it is, Take Back, errors, the result and the
// language; the game's own page module does the rest.
import { _, fmt, mn, lang, setLang, initLang } from "./i18n.js";
import { Connection, loadName, hasToken } from "./net.js";
import { h } from "./dom.js";

const GAMES = {
  buxtehude: { title: () => _("Ausgerechnet Buxtehude"), css: true, cards: true },
  minden: { title: () => _("Deutschland – Finden Sie Minden?"), css: false, cards: true },
  aufachse: { title: () => _("Auf Achse – Das Kartenspiel"), css: true, cards: false },
};

const $ = (id) => document.getElementById(id);


const net = new Connection();
const S = {
  screen: "join",     // join, connecting, waiting, game
  code: "",
  joinError: "",
  seats: null,
  view: null,
  result: null,
  status: "idle",     // connecting, online, reconnecting
  page: null,
  pageGame: null,
  pageRoot: null,
  myTurn: false,
  busy: false,
  notice: "",
  ended: "",          // why the connection ended for good (replaced)
  cards: {},
};

function codeFromHash() {
  const m = /(?:^|[#&])code=(\d{6})(?:&|$)/.exec(location.hash);
  return m ? m[1] : "";
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

function playerName(seat) {
  const p = S.view?.players?.[seat];
  if (p && p.name)
    return p.name;
  const s = S.seats?.seats?.[seat];
  return s?.name ?? "";
}

function announce(text) {
  const a = $("announce");
  a.textContent = "";
  setTimeout(() => { a.textContent = text; }, 50);
}

// A refusal or a passing trouble stays long enough to be read, then goes.
let noticeTimer = null;
function showNotice(text) {
  S.notice = text;
  clearTimeout(noticeTimer);
  if (text)
    noticeTimer = setTimeout(() => showNotice(""), 10000);
  renderNotice();
}

function renderNotice() {
  const n = $("notice");
  let text = S.notice;
  if (!text && S.status === "reconnecting" && S.screen !== "join")
    text = _("Connection to the host lost. Trying again…");
  n.textContent = text;
  n.classList.toggle("shown", !!text);
}

// ---- the header ----------------------------------------------------------------------------

function isMyTurn(view) {
  if (!view || view.over || view.viewer < 0)
    return false;
  if (S.page && typeof S.page.isMyTurn === "function")
    return !!S.page.isMyTurn(view);
  return view.current === view.viewer;
}

function renderHeader() {
  const g = GAMES[S.view?.game ?? net.game];
  $("game-title").textContent = g ? g.title() : _("Landpartie");
  document.title = g ? `${g.title()} · ${_("Landpartie")}` : _("Landpartie");
  const b = $("lang");
  // The other language, named in itself.
  b.textContent = lang() === "de" ? "English" : "Deutsch";
  b.setAttribute("lang", lang() === "de" ? "en" : "de");
  const t = $("turn");
  let text = "";
  const v = S.view;
  if (S.screen === "game" && v) {
    if (v.over)
      text = _("The game is over.");
    else if (isMyTurn(v))
      text = _("Your turn");
    else if (v.current >= 0 && v.current !== v.viewer) {
      const seat = S.seats?.seats?.[v.current];
      const name = playerName(v.current);
      text = seat && seat.remote && seat.taken && !seat.connected
        ? fmt(_("%s’s device is not connected. Waiting for %s…"), name, name)
        : fmt(_("Waiting for %s…"), name);
    }
  }
  if (t.textContent !== text)
    t.textContent = text;
  t.classList.toggle("mine", S.screen === "game" && isMyTurn(v));
  t.hidden = !text;
}

// ---- screens -------------------------------------------------------------------------------

function renderJoin(main) {
  const codeIn = h("input", {
    id: "code", name: "code", inputmode: "numeric", pattern: "[0-9]{6}", maxlength: "6",
    autocomplete: "off", required: true, value: S.code,
    "aria-describedby": S.joinError ? "join-error" : null,
    "aria-invalid": S.joinError ? "true" : null,
  });
  const nameIn = h("input", {
    id: "name", name: "name", maxlength: "24", autocomplete: "nickname",
    value: loadName(), enterkeyhint: "go",
  });
  const form = h("form", { class: "join", novalidate: true, onsubmit: (e) => {
    e.preventDefault();
    const code = codeIn.value.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      S.joinError = _("The join code has six digits: see the host’s screen.");
      render();
      $("code")?.focus();
      return;
    }
    S.code = code;
    S.joinError = "";
    start(code, nameIn.value.trim());
  } },
  h("h1", { text: _("Join a Game") }),
  h("p", { class: "dim", text: _("Take a seat at a game that another Landpartie hosts on this network. Your own cards and tips stay on this device.") }),
  h("label", { for: "code", text: _("Join code") }), codeIn,
  h("label", { for: "name", text: _("Your name") }), nameIn,
  S.joinError ? h("p", { id: "join-error", class: "error", role: "alert", text: S.joinError }) : null,
  h("button", { type: "submit", class: "primary", text: mn(_("_Join")) }));
  main.append(form);
}

function seatLine(s, i) {
  const name = s.name || fmt(_("Player %u"), i + 1);
  let state = "";
  if (i === net.seat)
    state = _("(you)");
  else if (s.remote && !s.taken)
    state = _("Waiting for a device…");
  else if (s.remote && !s.connected)
    // Translators: a seat on another device whose phone or computer is away for now.
    state = fmt(_("Waiting for %s…"), name);
  return h("li", null, h("span", { class: "seat-name", text: name }),
           state ? h("span", { class: "dim", text: state }) : null);
}

function renderWaiting(main) {
  const box = h("section", { class: "waiting", "aria-labelledby": "wait-h" });
  if (S.screen === "connecting") {
    box.append(h("h1", { id: "wait-h", text: _("Connecting to the host…") }));
  } else {
    box.append(h("h1", { id: "wait-h", text: _("You have a seat. The game starts when the host starts it…") }));
    if (S.seats?.seats) {
      box.append(h("h2", { text: _("Players") }),
                 h("ul", { class: "seats" }, S.seats.seats.map(seatLine)));
    }
  }
  main.append(box);
}

function renderResult() {
  const r = S.result;
  const v = S.view;
  if (!r || !Array.isArray(r.scores))
    return null;
  const n = r.scores.length;
  const winners = (r.winners ?? []).map((i) => playerName(i));
  const title = winners.length === 1 ? fmt(_("%s wins!"), winners[0])
    : winners.length > 1 ? fmt(_("%s share the win!"), joinNames(winners)) : _("The game is over.");
  const order = [...Array(n).keys()].sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  let rank = 0, prev = null;
  const items = order.map((seat, k) => {
    if (r.scores[seat] !== prev)
      rank = k + 1;
    prev = r.scores[seat];
    const win = (r.winners ?? []).includes(seat);
    // Translators: a line of the final ranking: rank, name, score.
    const line = fmt(_("%d. %s: %d"), rank, playerName(seat), r.scores[seat]);
    return h("li", { class: win ? "winner" : null },
             line, seat === v?.viewer ? h("span", { class: "dim", text: " " + _("(you)") }) : null);
  });
  return h("section", { class: "result card", "aria-labelledby": "result-h" },
           h("h1", { id: "result-h", text: title }),
           h("ol", { class: "ranking" }, items));
}

function renderGameChrome(main) {
  // The page module's section is kept across renders: it holds the game's own state.
  if (!S.pageRoot) {
    S.pageRoot = h("section", { class: "game-page", "aria-label": GAMES[S.view.game]?.title() });
  }
  const res = renderResult();
  const kept = S.pageRoot.parentNode === main;
  if (res)
    main.insertBefore(res, kept ? S.pageRoot : null);
  S.pageRoot.classList.toggle("has-result", !!res);
  // Moving the section would lose its scroll position and its focus (a phone's keyboard
  // closes while someone types an estimate): it is put in only once.
  if (!kept)
    main.append(S.pageRoot);
  if (S.view && S.view.undo && !S.view.over) {
    main.append(h("div", { class: "undo-row" },
      h("button", { type: "button", class: "undo", disabled: S.busy ? true : null,
                    onclick: takeBack, text: mn(_("_Take Back")) })));
  }
}

function render() {
  renderHeader();
  renderNotice();
  const main = $("main");
  // The game's section survives; everything around it is drawn anew.
  for (const c of [...main.children])
    if (c !== S.pageRoot)
      c.remove();
  if (S.pageRoot && S.screen !== "game")
    S.pageRoot.remove();
  if (S.screen === "join")
    renderJoin(main);
  else if (S.screen === "game" && S.view)
    renderGameChrome(main);
  else
    renderWaiting(main);
  if (S.ended)
    main.prepend(h("p", { class: "error card", role: "alert", text: S.ended }));
}

// ---- the game's page -----------------------------------------------------------------------

async function loadCards(game) {
  if (!GAMES[game]?.cards)
    return null;
  if (!(game in S.cards)) {
    try {
      const r = await fetch(`/cards-${game}.json`);
      S.cards[game] = r.ok ? await r.json() : {};
    } catch (e) {
      S.cards[game] = {};
    }
  }
  return S.cards[game];
}

function addCss(game) {
  if (!GAMES[game]?.css || document.querySelector(`link[data-game="${game}"]`))
    return;
  document.head.append(h("link", { rel: "stylesheet", href: `/${game}.css`, "data-game": game }));
}

let loading = null;
async function ensurePage() {
  const game = S.view?.game;
  if (!GAMES[game])
    return;
  if (S.page && S.pageGame === game && S.pageLang === lang())
    return;
  if (loading)
    return loading;
  loading = (async () => {
    addCss(game);
    const [mod, cards] = await Promise.all([import(`./${game}.js`), loadCards(game)]);
    if (S.page) {
      try { S.page.destroy(); } catch (e) { console.error(e); }
    }
    if (!S.pageRoot)
      S.pageRoot = h("section", { class: "game-page" });
    S.pageRoot.replaceChildren();
    S.pageRoot.setAttribute("aria-label", GAMES[game].title());
    S.page = mod.createPage(S.pageRoot, {
      act, cards, lang: lang(), announce, name: playerName,
    });
    S.pageGame = game;
    S.pageLang = lang();
  })();
  try {
    await loading;
  } finally {
    loading = null;
  }
}

// Everyone reads who took back what (issue 33), as at the host's screen.
function undoneSentence(u) {
  const name = playerName(u.seat);
  const s = {
    card: _("%s took back a card."), call: _("%s took back a call."),
    pass: _("%s took back a pass."), estimate: _("%s took back an estimate."),
    choice: _("%s took back a choice."), tip: _("%s took back a tip."),
    route: _("%s took back a route card."), counter: _("%s took back a counter card."),
  }[u.what] ?? _("%s took back a move.");
  return fmt(s, name);
}

async function showView(view) {
  const wasMine = S.myTurn;
  const prev = S.view;
  if (view.undone && (!prev || !prev.undone || prev.actions !== view.actions)) {
    showNotice(undoneSentence(view.undone));   // the notice is an alert: it is read out
  }
  S.view = view;
  S.screen = "game";
  try {
    await ensurePage();
  } catch (e) {
    console.error(e);
    showNotice(_("This game cannot be shown here."));
    return;
  }
  if (S.view !== view)
    return;   // a newer view came while the page loaded
  render();
  try {
    S.page?.update(view);
  } catch (e) {
    console.error(e);
  }
  S.myTurn = isMyTurn(view);
  renderHeader();
  if (S.myTurn && !wasMine && typeof navigator.vibrate === "function") {
    try { navigator.vibrate(200); } catch (e) { /* not allowed before a tap */ }
  }
}

// A move of this seat; the host's sentence is shown when it refuses.
async function act(action) {
  S.busy = true;
  showNotice("");
  try {
    await net.act(action);
  } catch (e) {
    showNotice(e.message);
    throw e;
  } finally {
    S.busy = false;
    if (S.screen === "game")
      render();
  }
}

async function takeBack() {
  try {
    await act({ type: "undo" });
  } catch (e) { /* shown already */ }
}

// ---- the connection ------------------------------------------------------------------------

function start(code, name) {
  S.screen = "connecting";
  S.ended = "";
  showNotice("");
  if (location.hash !== `#code=${code}`)
    history.replaceState(null, "", `#code=${code}`);
  render();
  net.join(code, name);
}

net.on("status", (st) => {
  S.status = st;
  renderNotice();
});

net.on("joined", () => {
  S.joinError = "";
  if (S.screen === "connecting" || S.screen === "join")
    S.screen = "waiting";
  render();
});

net.on("seats", (msg) => {
  S.seats = msg;
  if (S.screen !== "game")
    render();
  else
    renderHeader();
});

net.on("view", (view) => {
  showView(view);
});

net.on("result", (result) => {
  S.result = result;
  render();
  const winners = (result.winners ?? []).map(playerName);
  if (winners.length === 1)
    announce(fmt(_("%s wins!"), winners[0]));
});

net.on("bye", (reason) => {
  if (reason === "replaced") {
    S.ended = _("This seat is now played on another device.");
    render();
  }
});

net.on("error", ({ code, message }) => {
  switch (code) {
  case "bad-code":
    // Nothing about the game: only that this code opens none.
    S.joinError = _("The join code is wrong.");
    break;
  case "locked":
    S.joinError = _("Too many wrong codes: try again in a minute.");
    break;
  case "no-seat":
    S.joinError = _("No seat is free for this device, or another player has this name. Try another name.");
    break;
  case "version":
    S.joinError = message || _("This page and the host speak different versions.");
    break;
  case "not-started":
    showNotice(_("The game has not started yet."));
    return;
  case "busy":
    showNotice(message);
    return;
  default:
    if (message)
      showNotice(message);
    return;
  }
  S.screen = "join";
  render();
  $("code")?.focus();
});

$("lang").addEventListener("click", async () => {
  await setLang(lang() === "de" ? "en" : "de");
  if (S.page) {
    await ensurePage();
    render();
    S.page.update(S.view);
    S.myTurn = isMyTurn(S.view);
  }
  render();
});

window.addEventListener("hashchange", () => {
  const c = codeFromHash();
  if (c && c !== S.code && S.screen === "join") {
    S.code = c;
    render();
  }
});

(async () => {
  await initLang();
  S.code = codeFromHash();
  // Back on this device with its seat's token: straight to the seat.
  if (S.code && hasToken(S.code))
    start(S.code, loadName());
  else
    render();
})();
