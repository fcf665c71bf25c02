// SPDX-License-Identifier: GPL-3.0-or-later
// What a phone may receive (docs/protocol.md, "What no view holds" of each game): every
// WebSocket message a seat's page got is checked here, as tests/net/test-net-local.py checks
// what landpartie-sim join got.

// Auf Achse: another seat's hand ever, another seat's route before its stage's end.
function aufachseLeak(view, seat) {
  const s = view.state;
  const openRoutes = s.phase === "stage-end" || s.phase === "over";
  for (const [other, hand] of (s.hands ?? []).entries()) {
    if (other !== seat && hand !== null)
      return `the hand of seat ${other}`;
  }
  for (const [other, route] of (s.routes ?? []).entries()) {
    if (other !== seat && route !== null && !openRoutes)
      return `the face-down route of seat ${other}`;
  }
  return null;
}

// Minden: another seat's stones before the scoring opens every tip of the round; and the
// draw pile, which only its size may tell.
function mindenLeak(view, seat) {
  const s = view.state;
  for (const [other, st] of (s.seats ?? []).entries()) {
    if (other !== seat && Array.isArray(st.tip) && st.tip.length > 0 && s.phase !== "score")
      return `the hidden tip of seat ${other} (${st.tip.join(" ")}) in phase ${s.phase}`;
  }
  for (const key of ["draw", "pile", "draw_pile", "solutions", "ai_seed", "rng"]) {
    if (key in s)
      return `the member ${key}`;
  }
  return null;
}

// Buxtehude: an estimate only for the viewer who has entered it, while estimates are
// entered; whether cards were right only once the game is over; the card in hand only while
// it is being placed; never the draw stack's or the reserve's cards.
function buxtehudeLeak(view, seat) {
  const s = view.state;
  if ("estimate" in s) {
    if (s.phase !== "estimate")
      return `an estimate in phase ${s.phase}`;
    if (!Array.isArray(s.estimated) || s.estimated[seat] !== true)
      return "an estimate of a seat that is not the viewer's";
  }
  if (s.phase !== "over") {
    for (const [i, f] of (s.figures?.seats ?? []).entries()) {
      if ("right" in f)
        return `whether seat ${i}'s cards were right, before the game is over`;
    }
  }
  if ("hand" in s && s.phase !== "place")
    return `the card in hand in phase ${s.phase}`;
  if (typeof s.stack !== "number" || typeof s.reserve !== "number")
    return "the draw stack or the reserve as more than their sizes";
  for (const key of ["draw", "deck_order", "ai_salt", "salts"]) {
    if (key in s)
      return `the member ${key}`;
  }
  return null;
}

export const LEAKS = { aufachse: aufachseLeak, minden: mindenLeak, buxtehude: buxtehudeLeak };

// The members the checks above read must be there, or a check would pass by seeing nothing.
const SHAPES = {
  aufachse: (s, n) => Array.isArray(s.hands) && s.hands.length === n &&
    Array.isArray(s.routes) && s.routes.length === n,
  minden: (s, n) => Array.isArray(s.seats) && s.seats.length === n &&
    s.seats.every((x) => Array.isArray(x.tip)),
  buxtehude: (s, n) => Array.isArray(s.figures?.seats) && s.figures.seats.length === n &&
    typeof s.phase === "string",
};

// A real view of `seat` doctored with another seat's secret, as a leaking host would send it;
// null when this view has no moment for such a leak (checkMessages must flag the result).
export function plantLeak(game, view, seat) {
  const v = structuredClone(view);
  const s = v.state;
  const other = (seat + 1) % v.players.length;
  if (game === "aufachse") {
    s.hands[other] = [0];
  } else if (game === "minden") {
    if (s.phase === "score")
      return null;
    s.seats[other].tip = ["W"];
  } else if (game === "buxtehude") {
    if (s.phase === "over")
      return null;
    s.figures.seats[other].right = 1;
  }
  return v;
}

// The problems of one seat's received messages (parsed JSON objects), [] if none. `others`
// are strings of other seats that must never reach this one (their tokens, their ai keys).
export function checkMessages(messages, seat, game, others = []) {
  const problems = [];
  let views = 0;
  const leakOf = LEAKS[game];
  for (const msg of messages) {
    const text = JSON.stringify(msg);
    for (const o of others) {
      if (o && text.includes(o))
        problems.push(`a ${msg.type} message holds another seat's secret ${o}`);
    }
    if (msg.type === "view") {
      const v = msg.view;
      if (v?.viewer !== seat || v?.game !== game) {
        problems.push(`seat ${seat} received the view of ${v?.viewer} (${v?.game})`);
        continue;
      }
      views++;
      if (Array.isArray(v.players) && !SHAPES[game](v.state ?? {}, v.players.length)) {
        problems.push(`a view of seat ${seat} lacks the members the check reads (action ${v.actions})`);
        continue;
      }
      const leak = leakOf(v, seat);
      if (leak)
        problems.push(`seat ${seat} received ${leak} (view at action ${v.actions})`);
      for (const p of v.players ?? []) {
        if ("ai" in p || "token" in p)
          problems.push(`seat ${seat} received a player's ai key or token in players`);
      }
    } else if (text.includes('"state"')) {
      problems.push(`seat ${seat} received a state outside its view: ${msg.type}`);
    } else if (msg.type === "joined" && msg.seat !== seat) {
      problems.push(`seat ${seat} was told it joined seat ${msg.seat}`);
    }
  }
  if (views === 0)
    problems.push(`seat ${seat} received no view`);
  return problems;
}

// The check can fail: a doctored view of each kind is caught, an honest one passes.
export function selfTest() {
  const failures = [];
  const expect = (what, game, view, seat, leaks) => {
    const msgs = [{ type: "view", view: { game, viewer: seat, actions: 3,
                                            players: [{ name: "A" }, { name: "B" }], ...view } }];
    const got = checkMessages(msgs, seat, game);
    if (leaks && got.length === 0)
      failures.push(`misses ${what}`);
    if (!leaks && got.length > 0)
      failures.push(`flags an honest view (${what}): ${got.join("; ")}`);
  };
  const aa = (hands, routes, phase = "play") => ({ state: { phase, hands, routes } });
  expect("Auf Achse: own hand and route", "aufachse", aa([[1, 2], null], [[7], null]), 0, false);
  expect("Auf Achse: another seat's hand", "aufachse", aa([[1, 2], [3]], [null, null]), 0, true);
  expect("Auf Achse: another seat's face-down route", "aufachse",
         aa([[1, 2], null], [null, [7]]), 0, true);
  expect("Auf Achse: every route at the stage's end", "aufachse",
         aa([[1], null], [[7], [9]], "stage-end"), 0, false);
  const seat = (tip) => ({ position: 0, tipped: tip.length > 0, tip, kept: [] });
  const md = (phase, tips) => ({ state: { phase, seats: tips.map(seat) } });
  expect("Minden: own tip", "minden", md("tip", [[], ["W", "N"]]), 1, false);
  expect("Minden: another seat's tip", "minden", md("tip", [["O"], ["W", "N"]]), 1, true);
  expect("Minden: another seat's tip after the scoring", "minden",
         md("choose", [["O"], []]), 1, true);
  expect("Minden: every tip in the scoring", "minden", md("score", [["O"], ["W"]]), 1, false);
  const bx = (state) => {
    const s = { phase: "place", stack: 40, reserve: 150, hand: "celle",
                figures: { seats: [{ placed: 1 }, { placed: 0 }] }, ...state };
    for (const k of Object.keys(s)) {
      if (s[k] === undefined)
        delete s[k];
    }
    return { state: s };
  };
  expect("Buxtehude: the card being placed", "buxtehude", bx({}), 0, false);
  expect("Buxtehude: own estimate", "buxtehude",
         bx({ phase: "estimate", hand: undefined, estimated: [true, false], estimate: 2 }), 0,
         false);
  expect("Buxtehude: an estimate the viewer did not enter", "buxtehude",
         bx({ phase: "estimate", estimated: [false, true], estimate: 2 }), 0, true);
  expect("Buxtehude: an estimate outside the Intermezzo", "buxtehude",
         bx({ estimated: [true, true], estimate: 2 }), 0, true);
  expect("Buxtehude: which cards were right, during the game", "buxtehude",
         bx({ figures: { seats: [{ placed: 1, right: 1 }, { placed: 0 }] } }), 0, true);
  expect("Buxtehude: the card in hand during a challenge", "buxtehude",
         bx({ phase: "challenge" }), 0, true);
  const wrongViewer = checkMessages([{ type: "view", view: { game: "minden", viewer: 2,
                                                               state: { phase: "tip", seats: [] } } }],
                                    1, "minden");
  if (wrongViewer.length === 0)
    failures.push("misses another seat's view");
  const token = "3f0c2a9d41b7e6c8a5d09e1f2b3c4d5e";
  const withToken = checkMessages([{ type: "seats", seats: [{ name: token }] },
                                   { type: "view", view: { game: "minden", viewer: 0,
                                                           state: { phase: "tip", seats: [] } } }],
                                  0, "minden", [token]);
  if (withToken.length === 0)
    failures.push("misses another seat's token");
  return failures;
}
