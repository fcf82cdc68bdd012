// @ts-check
/**
 * The table page (/t/{id}). It holds one socket per seat this browser has a token for (a
 * hotseat table has several), or one spectator socket when it holds none, and draws the
 * latest frame of the seat on screen: `render` is a pure function of that frame and a
 * little page state (the card being read, the pass screen).
 *
 * Hotseat: when the decision passes to another seat held here, the page shows a "pass
 * the device" screen that draws no board, no hand and no log, until the next person
 * says they are there.
 */

import { h, patch } from "./dom.js";
import { chosenLang, lang, loadLang, setLang, t } from "./i18n.js";
import * as store from "./store.js";
import { TableSocket } from "./net.js";
import { FrameQueue, PACES } from "./anim.js";
import { indexRefs, optionButton, seatName } from "./view/common.js";
import { renderer, tableBody } from "./view/table-body.js";
import * as online from "./online.js";

/** @typedef {import("./net.js").Frame} Frame */
/** @typedef {import("./view/common.js").Ctx} Ctx */
/** @typedef {import("./view/common.js").Subject} Subject */
/** @typedef {import("./view/common.js").Option} Option */

const root = /** @type {HTMLElement} */ (document.getElementById("table"));
const tableId = root.dataset.table || "";

/** One socket (a seat, or a spectator) and the frame it has on screen. */
class Stream {
  /**
   * @param {number|null} seat
   * @param {string|null} token
   */
  constructor(seat, token) {
    this.seat = seat;
    this.token = token;
    /** @type {Frame|null} */
    this.frame = null;
    /** @type {{n: number, line: any, undone?: boolean}[]} */
    this.log = [];
    this.lines = 0;
    this.status = "connecting";
    /** @type {import("./online.js").Online} */
    this.online = online.newOnline();
    /** @type {FrameQueue<Frame>} */
    this.queue = new FrameQueue(
      (frame) => this.show(frame),
      (frame) => frame.kind === "update" && !frame.mine && displayed() === this,
      () => /** @type {Record<string, number>} */ (PACES)[page.pace] ?? PACES.normal,
      (older, newer) => ({ ...newer, lines: [...older.lines, ...newer.lines], table: newer.table || older.table }));
    this.socket = new TableSocket(tableId, token, lang(), {
      frame: (frame) => this.queue.push(frame, frame.kind === "welcome"),
      status: (status, detail) => this.connection(status, detail),
      reject: (code, msg) => rejected(code, msg),
      pending: () => { if (displayed() === this) render(); },
      message: (m) => this.message(m),
    });
  }

  /**
   * Presence, chat, notices, seat changes: not the game, drawn at once.
   * @param {any} m
   */
  message(m) {
    const note = online.receive(this.online, m);
    if (note) this.log.push({ n: ++this.lines, line: note });
    if (m.t === "table" && m.table) page.table = m.table;
    if (m.t === "welcome" && m.table) page.table = m.table;
    if (displayed() === this && m.t !== "welcome") render();
  }

  /**
   * Put a frame on screen (or, for a seat not on screen, just keep it).
   * @param {Frame} frame
   */
  show(frame) {
    if (frame.kind === "welcome") {
      this.log = [];
      if (frame.table) page.table = frame.table;
    } else if (frame.table) page.table = frame.table;
    for (const line of frame.lines) {
      if (line.type === "undo" && typeof line.target === "number") {   // the act taken back: its lines struck out
        for (const entry of this.log) if (entry.line.v === line.target) entry.undone = true;
      }
      this.log.push({ n: ++this.lines, line });
    }
    if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
    const changed = this.frame?.v !== frame.v;
    this.frame = frame;
    if (frame.kind === "update") {
      online.decisionMoved(this.online, frame.view?.decision?.player);
      this.online.offers = [];
    }
    if (frame.kind === "welcome") welcomed(this);
    if (displayed() !== this) return;
    if (changed && page.reader?.options) page.reader = null;
    passCheck();
    render();
  }

  /**
   * @param {"connecting"|"open"|"closed"} status
   * @param {string} [detail]
   */
  connection(status, detail) {
    this.status = status;
    if (detail === "bad_token" && this.seat !== null) {
      store.dropToken(tableId, this.seat);
      page.notice = t("token_refused");
      streams.delete(this.seat);
      if (page.shown === this.seat) page.shown = streams.size ? [...streams.keys()][0] : null;
      if (!streams.size) watch();
    } else if (detail === "no_table") {
      page.missing = true;
    } else if (detail === "no_spectators") {
      page.noSpectators = true;
    }
    render();
  }
}

/** @type {Map<number|null, Stream>} */
const streams = new Map();

const page = {
  /** @type {any} */
  table: null,
  /** @type {number|null} the seat on screen (null: watching) */
  shown: null,
  /** @type {number|null} the seat the device is to be passed to */
  passTo: null,
  /** the first pass screen after the page opened follows whoever decides */
  opening: true,
  /** @type {Subject|null} */
  reader: null,
  /** @type {Subject|null} */
  peek: null,
  notice: "",
  missing: false,
  noSpectators: false,
  /** joining an open seat: the invite from the link, the name typed, what went wrong */
  join: { invite: carriedInvite(), name: "", error: "" },
  /** @type {string|null} the field whose link was just copied (`invite-N`, `device-link`) */
  copied: null,
  /** the "play on another device" link is open */
  deviceLink: false,
  /** a rematch is being asked for */
  rematching: false,
  pace: /** @type {string} */ (store.setting("pace", "normal")),
};

/** @returns {Stream|undefined} */
function displayed() {
  return streams.get(page.shown);
}

/** Seats held here. */
function localSeats() {
  return [...streams.keys()].filter((s) => s !== null);
}

/** Open a spectator's socket (this browser holds no seat). */
function watch() {
  const stream = new Stream(null, null);
  streams.set(null, stream);
  page.shown = null;
  stream.socket.start();
}

/**
 * After a stream's first frame: whose device it is.
 * @param {Stream} stream
 */
function welcomed(stream) {
  if (!page.opening || localSeats().length < 2) return;
  const d = stream.frame?.view?.decision;
  if (d && streams.has(d.player)) page.passTo = d.player;
  if (displayed() !== stream) render();
}

/** Hotseat: the decision has moved to another seat held here. */
function passCheck() {
  if (localSeats().length < 2 || page.passTo !== null) return;
  const d = displayed()?.frame?.view?.decision;
  if (d && d.player !== page.shown && streams.has(d.player)) {
    page.passTo = d.player;
    page.reader = null;
    page.peek = null;
  }
}

/** The next person is at the screen: show their seat. */
function takeDevice() {
  if (page.passTo === null) return;
  page.shown = page.passTo;
  page.passTo = null;
  page.opening = false;
  render();
  document.getElementById("decision")?.scrollIntoView({ block: "nearest" });
}

/**
 * @param {string} code
 * @param {string} msg
 */
function rejected(code, msg) {
  if (code === "stale") return;
  page.notice = `${t(`reject.${code}`)}${msg ? ` (${msg})` : ""}`;
  render();
}

/**
 * @param {Option} option
 */
function act(option) {
  const stream = displayed();
  if (!stream || !stream.frame || stream.seat === null) return;
  page.reader = null;
  page.notice = "";
  if (stream.socket.act(stream.frame.v, option.index)) render();
}

/** Take back this seat's latest act (the server says yes or why not). */
function undo() {
  const stream = displayed();
  if (!stream || !stream.frame || stream.seat === null) return;
  page.notice = "";
  if (stream.socket.undo(stream.frame.v)) render();
}

/**
 * Take an open seat: with the link's invite, or by number at a public table.
 * @param {number|null} seat
 */
async function joinSeat(seat) {
  page.join.error = "";
  /** @type {Record<string, any>} */
  const body = seat === null ? { invite: page.join.invite } : { seat };
  if (page.join.name.trim()) body.name = page.join.name.trim().slice(0, 40);
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    page.join.error = typeof data.detail === "string" ? data.detail : t("wait.join_failed");
    render();
    return;
  }
  store.addToken(tableId, data.seat, data.token, data.table);
  page.join.invite = null;
  try { sessionStorage.removeItem(`gloam.invite.${tableId}`); } catch { /* no storage: nothing kept */ }
  for (const stream of streams.values()) stream.socket.stop();
  streams.clear();
  const stream = new Stream(data.seat, data.token);
  streams.set(data.seat, stream);
  page.shown = data.seat;
  page.table = data.table;
  page.noSpectators = false;
  stream.socket.start();
  render();
}

/** The creator starts the table once every seat is taken. */
async function startTable() {
  const key = store.host(tableId);
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/start`, {
    method: "POST", headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    page.join.error = typeof data.detail === "string" ? data.detail : String(response.status);
    render();
  }
}

/**
 * Copy a link shown in the field ``id`` (an invite, this seat's link for another device):
 * to the clipboard where the browser allows it (a secure context), else the field's text
 * selected and copied from there; if neither works the page says to copy it by hand.
 * @param {string} id
 * @param {string} link
 */
async function copyLink(id, link) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {                                      // no clipboard here (plain http), or refused
    const field = /** @type {HTMLInputElement|null} */ (document.getElementById(id));
    if (field) {
      field.select();
      copied = document.execCommand("copy");
    }
  }
  page.copied = copied ? id : null;
  if (!copied && id.startsWith("invite-")) page.join.error = t("copy_failed");
  else if (!copied) page.notice = t("copy_failed");
  render();
}

/**
 * This seat's link for another device: the table's address with the seat and its token
 * in the fragment (``#seat=N&token=…``), which a browser never sends to a server.
 * @param {number} seat
 * @param {string} token
 */
function deviceLink(seat, token) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}#${new URLSearchParams({ seat: String(seat), token })}`;
}

/**
 * The invite an open seat's link brought (``/t/ID#invite=…``; an old link's
 * ``?invite=…`` too), or null. It leaves the address bar at once, so it is neither in the
 * history nor bookmarked; this tab keeps it (sessionStorage) until it is spent, so a
 * reload before joining still has it.
 * @returns {string|null}
 */
function carriedInvite() {
  const key = `gloam.invite.${tableId}`;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const brought = fragment.get("invite") || query.get("invite");
  if (fragment.has("invite") || query.has("invite")) {
    fragment.delete("invite");
    query.delete("invite");
    const search = query.toString();
    const hash = fragment.toString();
    history.replaceState(null, "", `${location.pathname}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`);
  }
  const invite = brought && /^[A-Za-z0-9_-]{16,128}$/.test(brought) ? brought : null;
  try {
    if (invite) sessionStorage.setItem(key, invite);
    return invite || sessionStorage.getItem(key);
  } catch {
    return invite;
  }
}

/**
 * A seat carried in from another device's link (``#seat=N&token=…``), or null. The
 * fragment leaves the address bar at once, so the token is neither bookmarked nor shown.
 * @returns {{seat: number, token: string}|null}
 */
function carriedSeat() {
  if (!location.hash) return null;
  const fragment = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, "", location.pathname + location.search);
  const seat = fragment.get("seat") || "";
  const token = fragment.get("token") || "";
  return /^\d{1,2}$/.test(seat) && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? { seat: Number(seat), token } : null;
}

/** The "play on another device" panel of the seat on screen. */
function devicePanel() {
  const stream = displayed();
  if (!stream || stream.seat === null || !stream.token) return null;
  const link = deviceLink(stream.seat, stream.token);
  const toggle = () => { page.deviceLink = !page.deviceLink; page.copied = null; render(); };
  return [
    h("button", { type: "button", class: "link", id: "device-toggle", "aria-expanded": page.deviceLink ? "true" : "false",
                  on: { click: toggle } }, t("device.open")),
    page.deviceLink ? h("span", { class: "device", id: "device" },
      h("span", { class: "hint" }, t("device.warning")),
      h("input", { type: "text", readonly: true, id: "device-link", "aria-label": t("device.open"), value: link }),
      h("button", { type: "button", class: "copy", id: "copy-device-link", on: { click: () => { void copyLink("device-link", link); } } },
        page.copied === "device-link" ? t("wait.copied") : t("wait.copy"))) : null,
  ];
}

/** What the online parts of the page may do. */
const onlineActions = {
  takeover: (/** @type {number} */ seat) => displayed()?.socket.takeover(seat),
  reclaim: () => { displayed()?.socket.reclaim(); },
  say: (/** @type {"players"|"spectators"} */ channel, /** @type {string} */ text) => displayed()?.socket.chat(channel, text),
  mute: (/** @type {boolean} */ on) => displayed()?.socket.mute(on),
  tab: (/** @type {"players"|"spectators"} */ tab) => { const s = displayed(); if (s) { s.online.tab = tab; render(); } },
  draft: (/** @type {string} */ text) => { const s = displayed(); if (s) { s.online.draft = text; render(); } },
};

/** @param {Subject} subject */
function read(subject) {
  page.reader = subject;
  page.peek = null;
  render();
  requestAnimationFrame(() => /** @type {HTMLElement|null} */ (document.querySelector(".reader .close"))?.focus());
}

/** @param {Subject|null} subject */
function peek(subject) {
  if (page.reader) return;
  page.peek = subject;
  render();
}

/** @param {"en"|"ja"} l */
async function switchLang(l) {
  await setLang(l);
  for (const stream of streams.values()) stream.socket.setLang(l);
  render();
}

/** @param {string} pace */
function switchPace(pace) {
  page.pace = pace;
  store.setSetting("pace", pace);
  render();
}

/**
 * The render context for the frame on screen.
 * @param {Stream} stream
 * @returns {Ctx}
 */
function context(stream) {
  const view = stream.frame?.view;
  const d = view?.decision;
  const options = d && Array.isArray(d.options) && stream.seat !== null && d.player === stream.seat ? d.options : [];
  const refs = indexRefs(options, stream.seat);
  return {
    view,
    game: view?.game || page.table?.game || "",
    names: (page.table?.seats || []).map((/** @type {any} */ s) => s.name),
    me: stream.seat,
    canAct: options.length > 0 && !stream.socket.pending && stream.status === "open",
    pending: Boolean(stream.socket.pending),
    ...refs,
    act,
    read,
    peek,
    vt: new Set(),
  };
}

/** The header: the game, where it stands, the language, the pace, the connection. */
function header(/** @type {Ctx|null} */ ctx, /** @type {any} */ game) {
  const stream = displayed();
  const status = stream ? stream.status : "connecting";
  return h("header", { class: "top" },
    h("a", { href: "/", class: "home", title: t("lobby") }, "gloam"),
    h("span", { class: "game-title" }, game ? game.title() : ""),
    ctx && ctx.view && page.passTo === null ? h("span", { class: "summary" }, game.summary(ctx)) : null,
    h("span", { class: "spacer" }),
    h("span", { class: `conn ${status}`, title: t(`conn.${status}`), "aria-label": t(`conn.${status}`) }),
    stream && status !== "open" ? h("span", { class: "conn-text", role: "status" }, t(`conn.${status}`)) : null,
    h("label", { class: "pace" }, h("span", { class: "sr" }, t("pace")),
      h("select", { "aria-label": t("pace"), on: { change: (/** @type {Event} */ e) => switchPace(/** @type {HTMLSelectElement} */ (e.target).value) } },
        Object.keys(PACES).map((p) => h("option", { key: p, value: p, selected: page.pace === p }, t(`pace.${p}`))))),
    h("label", { class: "lang" }, h("span", { class: "sr" }, t("language")),
      h("select", { id: "lang", "aria-label": t("language"), on: { change: (/** @type {Event} */ e) =>
        switchLang(/** @type {"en"|"ja"} */ (/** @type {HTMLSelectElement} */ (e.target).value)) } },
      h("option", { key: "en", value: "en", selected: lang() === "en" }, "English"),
      h("option", { key: "ja", value: "ja", selected: lang() === "ja" }, "日本語"))));
}

/** The card reader: a card's whole face, a pile, or the options a tap named. */
function readerView(/** @type {Ctx} */ ctx, /** @type {any} */ game, /** @type {Subject} */ s, peeking = false) {
  const close = () => {
    page.reader = null;
    render();
  };
  const body = [
    s.face ? game.readFace(ctx, s) : null,
    s.faces ? h("div", { class: "pile-list" }, s.title ? h("h2", null, s.title) : null,
      s.faces.length ? s.faces.map((/** @type {any} */ f, /** @type {number} */ i) => h("button", {
        key: `pf${i}`, type: "button", class: "pile-card",
        on: { click: () => read({ face: f, id: f.id ?? null }) } }, f.code ? `${f.code} · ${f.name}` : f.name))
        : h("p", { class: "empty" }, t("empty"))) : null,
    !s.face && !s.faces && s.title ? h("h2", null, s.title) : null,
    s.options && s.options.length ? h("div", { class: "options reader-options" },
      h("p", null, t("choose_one")), s.options.map((o) => optionButton(ctx, o, "r"))) : null,
  ];
  if (peeking) return h("aside", { class: "peek", "aria-hidden": "true" }, body);
  return h("div", { class: "reader-backdrop", on: { click: (/** @type {Event} */ e) => { if (e.target === e.currentTarget) close(); } } },
    h("div", { class: "reader", role: "dialog", "aria-modal": "true", "aria-label": t("card"),
               on: { keydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === "Escape") close(); } } },
      h("button", { type: "button", class: "close", "aria-label": t("close"), on: { click: close } }, "×"),
      body));
}

/** The pass-the-device screen: no board, no hand, no log. */
function passScreen() {
  const name = page.table?.seats?.[/** @type {number} */ (page.passTo)]?.name ?? "";
  return h("section", { class: "pass", id: "pass" },
    h("h2", null, t("pass_to", { name })),
    h("p", null, t("pass_explain")),
    h("button", { type: "button", class: "primary", id: "take-device", on: { click: takeDevice } }, t("i_am", { name })));
}

/** The way to the replay: "Review" while it is played (the seat's own past; the page
 * reads this browser's token itself), "Replay" once it is over. */
function replayLink() {
  const over = page.table?.status === "finished";
  if (!over && page.table?.status !== "live") return null;
  return h("a", { href: `/t/${encodeURIComponent(tableId)}/replay`, class: "replay-link", id: "replay-link" },
    t(over ? "replay.open" : "replay.review"));
}

/**
 * Once the game is over: a player offers a rematch, or takes up the one offered (the
 * server keeps each person's seat for them); a spectator may watch it.
 */
function rematchControl() {
  const next = page.table?.rematch;
  const stream = displayed();
  if (!stream || stream.seat === null || !stream.token) {
    return next ? h("a", { href: `/t/${encodeURIComponent(next)}`, id: "rematch-watch", class: "rematch" }, t("rematch.watch")) : null;
  }
  if (next && store.tokens(next)[String(stream.seat)]) {
    return h("a", { href: `/t/${encodeURIComponent(next)}`, id: "rematch-go", class: "rematch button" }, t("rematch.go"));
  }
  return h("button", { type: "button", class: "primary rematch", id: "rematch", disabled: page.rematching,
                       on: { click: () => { void takeRematch(); } } },
    next ? t("rematch.join") : t("rematch.offer"));
}

/**
 * Ask for the rematch with the token of every seat this browser holds here (one person,
 * or several at a shared screen); keep each new seat's token and go there.
 */
async function takeRematch() {
  page.rematching = true;
  render();
  let next = page.table?.rematch || null;
  let refused = "";
  for (const stream of streams.values()) {
    if (stream.seat === null || !stream.token) continue;
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST", headers: { authorization: `Bearer ${stream.token}` } }).catch(() => null);
    const data = response ? await response.json().catch(() => ({})) : {};
    if (response && response.ok) {
      next = data.url.split("/").pop();
      store.addToken(next, data.seat, data.token, data.table);
    } else if (!next || !store.tokens(next)[String(stream.seat)]) {
      refused = typeof data.detail === "string" ? data.detail : t("rematch.failed");
    }
  }
  page.rematching = false;
  if (next && Object.keys(store.tokens(next)).length) {
    location.assign(`/t/${encodeURIComponent(next)}`);
    return;
  }
  page.notice = refused || t("rematch.failed");
  render();
}

/** Draw the page from the frame on screen (the frame queue wraps it in a view transition). */
function render() {
  const stream = displayed();
  const frame = stream?.frame;
  const gameName = frame?.view?.game || page.table?.game;
  const game = renderer(gameName);
  const ctx = stream && frame && game ? context(stream) : null;
  const passing = page.passTo !== null;
  root.dataset.v = frame ? String(frame.v) : "";
  root.dataset.seat = page.shown === null ? "spectator" : String(page.shown);
  root.dataset.status = page.table?.status || "";
  root.dataset.mode = page.missing ? "missing" : page.table?.status === "open" ? "waiting" : passing ? "pass" : !ctx ? "loading"
    : ctx.view.decision === null ? "over" : page.shown === null ? "watch" : "play";
  root.dataset.deciding = ctx && ctx.view.decision ? String(ctx.view.decision.player) : "";
  const myTurn = Boolean(ctx && stream && stream.seat !== null && page.passTo === null
    && ctx.view.decision && ctx.view.decision.player === stream.seat);
  document.title = `${myTurn ? `${t("your_turn")} · ` : ""}gloam — ${game ? game.title() : t("table")}`;

  /** @type {any[]} */
  let body;
  const waiting = page.table?.status === "open";
  if (page.missing) {
    body = [h("section", { class: "missing" }, h("h2", null, t("no_such_table")), h("a", { href: "/", class: "button" }, t("back_to_lobby")))];
  } else if (waiting || (page.join.invite && !localSeats().length && page.table)) {
    body = [online.waitingRoom(page.table, { host: Boolean(store.host(tableId)), invites: store.invites(tableId),
      held: localSeats().map(Number), invite: page.join.invite, name: page.join.name, error: page.join.error,
      copied: page.copied?.startsWith("invite-") ? Number(page.copied.slice(7)) : null },
    { join: (seat) => { void joinSeat(seat); }, start: () => { void startTable(); },
      copy: (seat, link) => { void copyLink(`invite-${seat}`, link); },
      name: (text) => { page.join.name = text; } }),
    stream ? online.chatPanel(stream.online, stream.seat !== null, onlineActions) : null];
  } else if (page.noSpectators) {
    body = [h("section", { class: "missing" }, h("h2", null, t("no_spectators")), h("a", { href: "/", class: "button" }, t("back_to_lobby")))];
  } else if (passing) {
    body = [passScreen()];
  } else if (!ctx) {
    body = [h("p", { class: "loading" }, t("connecting"))];
  } else {
    const player = stream && stream.seat !== null;
    const casual = Boolean(page.table?.options?.undo) && !game.result(ctx.view, page.table) && player
      && ctx.view.decision?.player === stream?.seat;
    body = [
      h("p", { class: "seat-line" }, page.shown === null ? t("watching")
        : t("you_are", { name: seatName({ ...ctx, me: null }, page.shown) }), " ", replayLink(), " ",
        game.result(ctx.view, page.table) ? rematchControl() : devicePanel()),
      page.notice ? h("p", { class: "notice", role: "status" }, page.notice,
        h("button", { type: "button", class: "link", on: { click: () => { page.notice = ""; render(); } } }, t("dismiss"))) : null,
      ...tableBody(ctx, game, stream ? stream.log : [], page.table, {
        top: stream ? [online.presenceStrip(stream.online, page.table, stream.seat, stream.status === "open"),
          online.seatControl(stream.online, page.table, stream.seat, onlineActions)] : [],
        afterDecision: casual && stream ? [online.undoButton(stream.online, ctx.pending, undo)] : [],
        afterLog: stream ? [online.chatPanel(stream.online, Boolean(player), onlineActions)] : [],
      }),
      page.reader ? readerView(ctx, game, page.reader) : null,
      !page.reader && page.peek ? readerView(ctx, game, page.peek, true) : null,
    ];
  }
  patch(root, [header(passing || waiting ? null : ctx, game), ...body]);
}

async function main() {
  await loadLang(chosenLang());
  const carried = carriedSeat();
  const readTable = () => fetch(`/api/tables/${encodeURIComponent(tableId)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (carried) {                                 // a seat brought from another device: kept here like any other
    const info = await readTable();
    if (info) store.addToken(tableId, carried.seat, carried.token, info);
  }
  const held = store.tokens(tableId);
  const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
  if (!seats.length) {                           // an invite link or a public open table: its seats, to take one
    const info = await readTable();
    if (info) page.table = info;
    else page.missing = true;
  }
  for (const seat of seats) streams.set(seat, new Stream(seat, held[String(seat)]));
  if (!seats.length) watch();
  else {
    page.shown = carried && seats.includes(carried.seat) ? carried.seat : seats[0];
    if (seats.length > 1) page.passTo = page.shown;
    for (const stream of streams.values()) stream.socket.start();
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && page.reader) {
      page.reader = null;
      render();
    }
  });
  window.setInterval(() => {                    // someone is thinking: count the seconds on
    const p = displayed()?.online.presence;
    if (p && p.seats.some((/** @type {any} */ x) => x.thinking_s !== null) && !page.reader
        && document.activeElement?.id !== "chat-input" && document.activeElement?.id !== "join-name") render();
  }, 1000);
  window.addEventListener("pagehide", () => { for (const s of streams.values()) s.socket.stop(); });
  window.addEventListener("pageshow", (e) => {            // back from the back-forward cache
    if (e.persisted) for (const s of streams.values()) s.socket.start();
  });
  render();
}

void main();
