// SPDX-License-Identifier: GPL-3.0-or-later
// The phone's end of the Landpartie protocol (docs/protocol.md): the only module that
// touches the WebSocket or the device's storage.

const PROTOCOL = 1;
const CLIENT = "landpartie-web 1";
// Errors after which trying again cannot help: the person has to act.
const FINAL = new Set(["bad-code", "locked", "version", "no-seat"]);

function store() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;   // storage switched off: the page still plays, it only forgets on reload
  }
}

function get(key) {
  try {
    return store()?.getItem(key) ?? null;
  } catch (e) {
    return null;
  }
}

function put(key, value) {
  try {
    if (value === null)
      store()?.removeItem(key);
    else
      store()?.setItem(key, value);
  } catch (e) {
    /* full or forbidden: nothing to keep then */
  }
}

export const loadLang = () => get("landpartie:lang");
export const saveLang = (l) => put("landpartie:lang", l);
export const loadName = () => get("landpartie:name") ?? "";
export const saveName = (n) => put("landpartie:name", n);

// A seat's token is kept per host and code, so a reload, a locked phone or a lost Wi-Fi
// brings the person back to the same seat.
const tokenKey = (code) => `landpartie:seat:${location.host}:${code}`;
export const hasToken = (code) => get(tokenKey(code)) !== null;

// Ids stay unique across reloads: the host answers an id it has seen with "done" again
// without playing it.
function randomPrefix() {
  const b = new Uint8Array(4);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export class Connection {
  constructor() {
    this.listeners = {};
    this.ws = null;
    this.code = null;
    this.name = "";
    this.seat = null;
    this.game = null;
    this.view = null;
    this.pending = new Map();   // id → {msg, resolve, reject}
    this.prefix = "w" + randomPrefix();
    this.counter = 0;
    this.stopped = true;
    this.retries = 0;
    this.timer = null;
    this.joined = false;
    window.addEventListener("online", () => this.wake());
    // A phone that slept may hold a socket that looks open but that the host closed long
    // ago (it closes a silent one after 20 s): back after that long, connect afresh.
    this.hiddenAt = 0;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") {
        this.hiddenAt = Date.now();
      } else {
        const slept = this.hiddenAt && Date.now() - this.hiddenAt > 15000;
        this.hiddenAt = 0;
        this.wake(slept);
      }
    });
  }

  on(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }

  emit(type, detail) {
    for (const fn of this.listeners[type] ?? [])
      fn(detail);
  }

  // Take a seat: with the kept token when there is one, else as a new person.
  join(code, name) {
    this.code = code;
    this.name = name ?? "";
    if (this.name)
      saveName(this.name);
    this.stopped = false;
    this.retries = 0;
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.onmessage = null;
      try {
        this.ws.close();
      } catch (e) { /* already closed */ }
    }
    this.joined = false;
    this.emit("status", this.retries ? "reconnecting" : "connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      ws = new WebSocket(`${scheme}://${location.host}/ws`);
    } catch (e) {
      this.lost();
      return;
    }
    this.ws = ws;
    ws.onopen = () => this.send({ type: "hello", protocol: PROTOCOL, client: CLIENT });
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg && typeof msg.type === "string")
        this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws === ws) {
        this.ws = null;
        this.lost();
      }
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  sendJoin() {
    const token = get(tokenKey(this.code));
    const msg = { type: "join", code: this.code };
    if (token)
      msg.token = token;
    else if (this.name)
      msg.name = this.name;
    this.send(msg);
  }

  receive(msg) {
    switch (msg.type) {
    case "hello":
      this.sendJoin();
      break;
    case "joined":
      this.joined = true;
      this.retries = 0;
      this.seat = msg.seat;
      this.game = msg.game;
      if (typeof msg.token === "string")
        put(tokenKey(this.code), msg.token);
      this.emit("status", "online");
      this.emit("joined", { seat: msg.seat, game: msg.game });
      // What was asked before the connection broke is asked again with the same id: the
      // host plays it once.
      for (const [, p] of this.pending)
        this.send(p.msg);
      break;
    case "seats":
      this.emit("seats", msg);
      break;
    case "view":
      this.view = msg.view;
      this.emit("view", msg.view);
      break;
    case "done": {
      const p = this.pending.get(msg.id);
      if (p) {
        this.pending.delete(msg.id);
        p.resolve();
      }
      break;
    }
    case "result":
      this.emit("result", msg.result);
      break;
    case "bye":
      if (msg.reason === "over" || msg.reason === "replaced")
        this.stop();
      this.emit("bye", msg.reason);
      break;
    case "error":
      this.error(msg);
      break;
    default:
      break;   // a newer host's message: ignored (docs/protocol.md)
    }
  }

  error(msg) {
    const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (p) {
      this.pending.delete(msg.id);
      const e = new Error(msg.message || msg.code);
      e.code = msg.code;
      p.reject(e);
      this.emit("refused", msg);
      return;
    }
    if (msg.code === "bad-token") {
      // The host knows this token no more (a new game with the same code): a new seat.
      put(tokenKey(this.code), null);
      this.sendJoin();
      return;
    }
    if (msg.code === "not-joined") {
      this.sendJoin();
      return;
    }
    if (FINAL.has(msg.code)) {
      this.stop();
      for (const [, q] of this.pending)
        q.reject(new Error(msg.message || msg.code));
      this.pending.clear();
    }
    this.emit("error", { code: msg.code, message: msg.message || "" });
  }

  // The connection broke: try again, sooner at first, then every 15 s at most.
  lost() {
    if (this.stopped)
      return;
    this.emit("status", "reconnecting");
    const delay = Math.min(15000, 500 * 2 ** Math.min(this.retries, 5));
    this.retries++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  // Back to the page, or the network is back: do not wait for the next try.
  wake(afresh = false) {
    if (!this.stopped && (afresh || !this.ws || this.ws.readyState > WebSocket.OPEN)) {
      this.retries = Math.max(this.retries, 1);
      this.open();
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = null;
  }

  // A move for this seat, chosen on the last view.
  act(action) {
    const id = `${this.prefix}-${++this.counter}`;
    const msg = { type: "action", id, action };
    if (this.view && typeof this.view.actions === "number")
      msg.at = this.view.actions;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { msg, resolve, reject });
      if (this.joined)
        this.send(msg);
    });
  }

  // Leave the seat for now (it stays this device's: the token is kept).
  leave() {
    this.stop();
    this.send({ type: "bye" });
    if (this.ws)
      this.ws.close();
  }

  // Give the seat's token up on this device: the next join takes a new seat.
  forget() {
    if (this.code)
      put(tokenKey(this.code), null);
  }
}
