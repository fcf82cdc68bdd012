// @ts-check
/**
 * One WebSocket to a table (docs/web-protocol.md): hello (with the seat token, if any,
 * and the language), version tracking (a gap sends `sync`), the one pending act with its
 * client id (resent with the same id after a reconnect when it had not landed; sent once
 * more under a new id if the server says another seat's entry has that id), and
 * reconnecting with backoff (0.5 s doubling to 8 s, ±30 % jitter).
 */

const PROTO = 1;
const BACKOFF_FIRST = 500;
const BACKOFF_MAX = 8000;
const RETRY_AFTER = { rate_limited: 700, server: 1000 };
/** A refused sync is asked again after this long (ms). */
const SYNC_RETRY = 1000;
/** Close codes after which reconnecting cannot help. */
const FINAL = { 4401: "bad_token", 4403: "origin", 4404: "no_table", 4405: "no_spectators" };

/**
 * @typedef {Object} Frame  a welcome or an update, as the page needs it
 * @property {"welcome"|"update"} kind
 * @property {number} v
 * @property {any} view
 * @property {any[]} lines  the welcome's log, or the update's events
 * @property {any} [table]  the table's info (every welcome, the final update)
 * @property {any} [you]
 * @property {boolean} mine  an update that is this socket's own committed act
 */

/**
 * @typedef {Object} Handlers
 * @property {(frame: Frame) => void} frame
 * @property {(status: "connecting"|"open"|"closed", detail?: string) => void} [status]
 * @property {(code: string, msg: string) => void} [reject]
 * @property {() => void} [pending]  the pending act was sent, landed or dropped
 * @property {(message: any) => void} [message]  presence, chat, notice, table, muted (and each welcome)
 */

/**
 * A client id: 1-64 of A-Za-z0-9_.:-, unique at the table: the time and 48 random bits, so
 * two seats on one screen, or a page opened again, never pick the same one.
 */
function newCid() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return "c" + Date.now().toString(36) + "-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @typedef {Object} Pending  the one request not yet landed
 * @property {number} v  the version it answers
 * @property {string} cid
 * @property {any} message  the frame sent (again, after a reconnect)
 * @property {(cid: string) => any} build  the frame under another id
 * @property {boolean} [renamed]  already sent again under a new id (`cid_taken`)
 */

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string|null} token  a seat token, or null for a spectator
   * @param {"en"|"ja"} lang
   * @param {Handlers} handlers
   */
  constructor(tableId, token, lang, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.lang = lang;
    this.handlers = handlers;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.v = -1;
    /** @type {Pending|null} the one request not yet landed (an act, an undo, a reclaim) */
    this.pending = null;
    this.delay = BACKOFF_FIRST;
    this.stopped = false;
    /** @type {string|null} why the socket will not reconnect */
    this.final = null;
    /** @type {number|undefined} */
    this.timer = undefined;
    this.syncing = false;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  /** Close for good (leaving the page or the seat). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  /**
   * Speak another language: reconnect, and the welcome brings the table in it.
   * @param {"en"|"ja"} lang
   */
  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    const old = this.ws;
    if (!old || this.stopped) return;
    this.ws = null;            // its close is no reason to wait: a new socket opens at once
    old.close(1000);
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.syncing = false;
    this.handlers.status?.("connecting");
    ws.onopen = () => {
      /** @type {Record<string, any>} */
      const hello = { t: "hello", proto: PROTO, lang: this.lang };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.receive(message);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      this.ws = null;
      const final = /** @type {Record<number, string>} */ (FINAL)[event.code];
      if (final) this.final = final;
      this.handlers.status?.("closed", final);
      if (!this.stopped && !final) this.reconnectLater();
    };
  }

  reconnectLater() {
    const jitter = 1 + (Math.random() * 0.6 - 0.3);
    const wait = Math.round(this.delay * jitter);
    this.delay = Math.min(BACKOFF_MAX, this.delay * 2);
    this.timer = window.setTimeout(() => this.open(), wait);
  }

  /** @param {any} m */
  receive(m) {
    switch (m.t) {
      case "welcome":
        this.delay = BACKOFF_FIRST;
        this.syncing = false;
        this.v = m.v;
        this.handlers.status?.("open");
        this.settlePending(m);
        this.handlers.message?.(m);
        this.handlers.frame({ kind: "welcome", v: m.v, view: m.view, lines: m.log || [], table: m.table,
                              you: m.you, mine: false });
        break;
      case "update": {
        if (m.v <= this.v) return;
        if (m.v !== this.v + 1) {
          this.sync();
          return;
        }
        this.v = m.v;
        const mine = Boolean(this.pending && m.ack === this.pending.cid);
        if (mine) this.clearPending();
        if (m.undo !== undefined) this.handlers.message?.({ t: "undo_state", undo: m.undo });
        // each line keeps the version it came with: an undo names the version it takes back
        const lines = (m.events || []).map((/** @type {any} */ e) => ({ ...e, v: m.v }));
        this.handlers.frame({ kind: "update", v: m.v, view: m.view, lines, table: m.table, mine });
        break;
      }
      case "presence":
      case "chat":
      case "notice":
      case "table":
      case "muted":
        this.handlers.message?.(m);
        break;
      case "ack":
        if (this.pending && m.cid === this.pending.cid) this.clearPending();
        break;
      case "reject":
        this.rejected(m);
        break;
      default:
        break;
    }
  }

  /**
   * After a (re)connect: the pending act landed (its cid is acknowledged), or is resent
   * when the table is still at its version, or is dropped because the table moved on.
   * @param {any} welcome
   */
  settlePending(welcome) {
    const p = this.pending;
    if (!p) return;
    if ((welcome.acked_cids || []).includes(p.cid)) this.clearPending();
    else if (welcome.v === p.v || p.message.t === "reclaim") this.send(p.message);
    else this.clearPending();
  }

  /** @param {any} m */
  rejected(m) {
    if (m.code === "rate_limited" && m.cid == null && this.syncing) {
      // the refused frame may be this sync (sync, ping and mute are limited too): ask again in a second
      this.syncing = false;
      const ws = this.ws;
      window.setTimeout(() => {
        if (ws === this.ws) this.sync();
      }, SYNC_RETRY);
    }
    const p = this.pending;
    if (p && m.cid === p.cid) {
      if (m.code === "cid_taken" && !p.renamed) {
        // another seat's entry has this id (nothing happened): the same request under a new one, once
        const cid = newCid();
        this.pending = { ...p, cid, message: p.build(cid), renamed: true };
        this.send(this.pending.message);
        return;
      }
      const retry = /** @type {Record<string, number>} */ (RETRY_AFTER)[m.code];
      if (retry) {
        this.timer = window.setTimeout(() => {
          if (this.pending === p) this.send(p.message);
        }, retry);
        return;
      }
      this.clearPending();
    }
    if (m.code === "stale") this.sync();
    this.handlers.reject?.(m.code, m.msg || "");
  }

  /** Ask for a fresh welcome (once until it comes). */
  sync() {
    if (this.syncing) return;
    this.syncing = true;
    this.send({ t: "sync" });
  }

  clearPending() {
    this.pending = null;
    this.handlers.pending?.();
  }

  /**
   * Take option `a` of the decision at version `v`. One act at a time: a second is
   * ignored until the first has landed or been refused.
   * @param {number} v
   * @param {number} a
   * @returns {boolean} whether it was sent
   */
  act(v, a) {
    return this.request(v, (cid) => ({ t: "act", v, a, cid }));
  }

  /**
   * Take back this seat's latest act (the server checks the undo rule).
   * @param {number} v
   */
  undo(v) {
    return this.request(v, (cid) => ({ t: "undo", v, cid }));
  }

  /** Take the seat back from the bot playing it. */
  reclaim() {
    return this.request(this.v, (cid) => ({ t: "reclaim", cid }));
  }

  /**
   * @param {number} v
   * @param {(cid: string) => any} build
   */
  request(v, build) {
    if (this.pending) return false;
    const cid = newCid();
    this.pending = { v, cid, message: build(cid), build };
    this.handlers.pending?.();
    this.send(this.pending.message);
    return true;
  }

  /**
   * A chat line on the players' or the spectators' channel.
   * @param {"players"|"spectators"} channel
   * @param {string} text
   */
  chat(channel, text) {
    this.send({ t: "chat", channel, text: text.slice(0, 300) });
  }

  /** @param {boolean} spectators */
  mute(spectators) {
    this.send({ t: "mute", spectators });
  }

  /** @param {number} seat  accept the offer to let a bot play that seat */
  takeover(seat) {
    this.send({ t: "takeover", seat });
  }

  /** @param {any} message */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}
