// @ts-check
/**
 * Playing together (docs/web-client.md, "Online"): the waiting room of an open table
 * (invites, taking a seat, the creator's start), who is online and who is thinking, the
 * offer to let a bot play an absent player's seat and taking it back, undo, and the two
 * chats (players'; spectators', which players can mute). Pure render functions of the
 * table's info and what the socket told; the table page owns the state.
 */

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {Object} Online  what the socket said about the table besides the game
 * @property {any} presence  the last `presence` frame
 * @property {number} presenceAt  when it came (ms), to count thinking time on
 * @property {any[]} chat
 * @property {any[]} offers  takeover offers open to this seat
 * @property {boolean} undo  the server would take back this seat's latest act now
 * @property {boolean} muted  the spectators' chat is muted for this seat
 * @property {"players"|"spectators"} tab
 * @property {string} draft  the chat line being written
 */

/** @returns {Online} */
export function newOnline() {
  return { presence: null, presenceAt: 0, chat: [], offers: [], undo: false, muted: false, tab: "players", draft: "" };
}

/**
 * Fold a socket message into the online state. Returns a notice's line for the log, if any.
 * @param {Online} o
 * @param {any} m
 * @returns {any|null}
 */
export function receive(o, m) {
  switch (m.t) {
    case "welcome":
      o.presence = m.presence || null;
      o.presenceAt = Date.now();
      o.chat = m.chat || [];
      o.offers = m.offers || [];
      o.undo = Boolean(m.you?.undo);
      return null;
    case "presence":
      o.presence = m;
      o.presenceAt = Date.now();
      return null;
    case "chat":
      o.chat = [...o.chat.slice(-199), m];
      return null;
    case "table":
      o.offers = m.offers || [];
      return null;
    case "undo_state":
      o.undo = Boolean(m.undo);
      o.offers = [];
      return null;
    case "muted":
      o.muted = Boolean(m.spectators);
      return null;
    case "notice":
      return { type: m.type, seat: m.seat, line: m.line };
    default:
      return null;
  }
}

/**
 * A new update: whoever decides now has been thinking for no time yet.
 * @param {Online} o
 * @param {number|null|undefined} deciding
 */
export function decisionMoved(o, deciding) {
  if (!o.presence) return;
  o.presence = { ...o.presence, seats: o.presence.seats.map((/** @type {any} */ x) =>
    ({ ...x, thinking_s: x.seat === deciding ? 0 : null })) };
  o.presenceAt = Date.now();
}

/** Seconds left on the turn clock at which the count turns urgent. */
export const CLOCK_LOW_S = 10;

/**
 * The turn clock of a seat thinking for ``thinking`` seconds, or null: a table with
 * `turn_seconds` counts down for a person deciding themselves (a bot playing a seat has
 * no clock; the server's tick skips it too).
 * @param {any} table
 * @param {any} seat  the table's seat entry
 * @param {any} p  the seat's presence entry
 * @param {number|null} thinking
 * @returns {number|null}
 */
export function clockLeft(table, seat, p, thinking) {
  const limit = Number(table?.options?.turn_seconds) || 0;
  if (!limit || thinking === null || seat.kind !== "human" || p.played_by) return null;
  return Math.max(0, Math.ceil(limit - thinking));
}

/**
 * Who is at the table: online or not, thinking for how long (and the turn clock's seconds
 * left), played by a bot. While this page's own socket is down (``live`` false) the
 * strip shows what it last knew, says so, and counts no time on.
 * @param {Online} o
 * @param {any} table
 * @param {number|null} me
 * @param {boolean} [live]
 */
export function presenceStrip(o, table, me, live = true) {
  const seats = o.presence?.seats || [];
  const since = (Date.now() - o.presenceAt) / 1000;
  return h("section", { class: live ? "presence" : "presence stale", id: "presence", "aria-label": t("online.who") },
    h("ul", null, (table?.seats || []).map((/** @type {any} */ s) => {
      const p = seats.find((/** @type {any} */ x) => x.seat === s.seat) || {};
      const state = s.kind === "open" ? "open" : p.online ? "online" : p.gone ? "gone" : "offline";
      const thinking = live && p.online && p.thinking_s !== null && p.thinking_s !== undefined
        ? p.thinking_s + since : null;
      const left = clockLeft(table, s, p, thinking);
      return h("li", { key: `p${s.seat}`, class: `seat-${s.seat % 6} ${state}`, "data-seat": String(s.seat),
                       "data-state": state },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("span", { class: "name" }, s.seat === me ? t("online.you", { name: s.name }) : s.name),
        h("span", { class: "state" }, t(`online.${state}`)),
        p.played_by ? h("span", { class: "bot-plays" }, t("online.bot_plays", { bot: p.played_by })) : null,
        thinking !== null ? h("span", { class: "thinking" }, t("online.thinking", { s: Math.floor(thinking) })) : null,
        left !== null ? h("span", { class: left <= CLOCK_LOW_S ? "clock low" : "clock", role: "timer",
                                    "data-left": String(left) }, t("online.clock_left", { s: left })) : null);
    })),
    !live && o.presence ? h("p", { class: "stale-note" }, t("online.stale")) : null,
    o.presence && o.presence.spectators ? h("p", { class: "spectators" }, t("online.spectators", { n: o.presence.spectators })) : null);
}

/**
 * The offers to let a bot play an absent seat, and this seat's own "take it back".
 * @param {Online} o
 * @param {any} table
 * @param {number|null} me
 * @param {{takeover: (seat: number) => void, reclaim: () => void}} on
 */
export function seatControl(o, table, me, on) {
  const mine = me !== null ? table?.seats?.[me] : null;
  return [
    ...o.offers.map((offer) => h("p", { class: "offer", key: `offer${offer.seat}`, role: "status", id: `offer-${offer.seat}` },
      t("online.offer", { name: table?.seats?.[offer.seat]?.name ?? "", bot: offer.bot }),
      offer.voted ? h("span", { class: "voted" }, t("online.voted"))
        : h("button", { type: "button", class: "primary", id: `takeover-${offer.seat}`,
                        on: { click: () => on.takeover(offer.seat) } }, t("online.takeover", { bot: offer.bot })))),
    mine && mine.played_by ? h("p", { class: "reclaim", role: "status", id: "reclaim-bar" },
      t("online.bot_plays_you", { bot: mine.played_by }),
      h("button", { type: "button", class: "primary", id: "reclaim", on: { click: on.reclaim } }, t("online.reclaim"))) : null,
  ];
}

/**
 * The undo button (casual tables): the server checks the rule and says why not.
 * @param {Online} o
 * @param {boolean} pending
 * @param {() => void} undo
 */
export function undoButton(o, pending, undo) {
  return h("button", { type: "button", id: "undo", class: o.undo ? "undo ready" : "undo",
                       disabled: pending, title: o.undo ? t("online.undo_ok") : t("online.undo_maybe"),
                       on: { click: undo } }, t("online.undo"));
}

/**
 * The chats: players talk among themselves (spectators never read it); spectators have
 * theirs, which a player can mute.
 * @param {Online} o
 * @param {boolean} player
 * @param {{say: (channel: "players"|"spectators", text: string) => void, mute: (on: boolean) => void,
 *          tab: (tab: "players"|"spectators") => void, draft: (text: string) => void}} on
 */
export function chatPanel(o, player, on) {
  const tab = player ? o.tab : "spectators";
  const lines = o.chat.filter((c) => c.channel === tab);
  const canWrite = player ? tab === "players" : tab === "spectators";
  const send = () => {
    const text = o.draft.trim();
    if (text) on.say(tab, text);
    on.draft("");
  };
  return h("section", { class: "chat", id: "chat", "data-tab": tab },
    h("div", { class: "tabs", role: "tablist" },
      player ? h("button", { type: "button", role: "tab", id: "chat-players", "aria-selected": tab === "players" ? "true" : "false",
                              on: { click: () => on.tab("players") } }, t("chat.players")) : null,
      h("button", { type: "button", role: "tab", id: "chat-spectators", "aria-selected": tab === "spectators" ? "true" : "false",
                    on: { click: () => on.tab("spectators") } }, t("chat.spectators")),
      player ? h("label", { class: "check mute" }, h("input", { type: "checkbox", id: "mute-spectators", checked: o.muted,
        on: { change: (/** @type {Event} */ e) => on.mute(/** @type {HTMLInputElement} */ (e.target).checked) } }),
        t("chat.mute")) : null),
    player && tab === "spectators" && o.muted ? h("p", { class: "empty" }, t("chat.muted"))
      : h("ol", { class: "lines", "aria-live": "polite" }, lines.slice(-60).map((c, i) =>
        h("li", { key: `c${i}-${c.at}` }, h("span", { class: "who" }, c.name), " ", h("span", { class: "text" }, c.text)))),
    canWrite ? h("form", { class: "say", on: { submit: (/** @type {Event} */ e) => { e.preventDefault(); send(); } } },
      h("input", { type: "text", id: "chat-input", maxlength: "300", value: o.draft, "aria-label": t("chat.say"),
                   placeholder: t("chat.say"), on: { input: (/** @type {Event} */ e) => on.draft(/** @type {HTMLInputElement} */ (e.target).value) } }),
      h("button", { type: "submit", id: "chat-send" }, t("chat.send"))) : null);
}

/**
 * An open table: its seats, the invites (for its creator), taking a seat, the start.
 * @param {any} table
 * @param {{host: boolean, invites: Record<string, string>, held: number[], invite: string|null, name: string, error: string,
 *          copied: number|null}} s  ``copied``: the seat whose invite was just copied
 * @param {{join: (seat: number|null) => void, start: () => void, name: (text: string) => void,
 *          copy: (seat: number, link: string) => void}} on
 */
export function waitingRoom(table, s, on) {
  const open = (table?.seats || []).filter((/** @type {any} */ x) => x.kind === "open");
  const pub = table?.options?.visibility !== "private";
  const canJoin = !s.held.length && (s.invite || pub) && open.length > 0;
  return h("section", { class: "waiting", id: "waiting" },
    h("h2", null, t("wait.title")),
    s.host && open.length ? h("p", { class: "hint" }, t("wait.invite")) : null,
    h("ul", { class: "seats" }, (table?.seats || []).map((/** @type {any} */ x) => h("li", { key: `w${x.seat}`, "data-seat": String(x.seat) },
      h("span", { class: "name" }, x.kind !== "open" ? x.name
        : table?.rematch_of ? t("wait.kept_seat", { name: x.name }) : t("wait.open_seat", { n: x.seat + 1 })),
      x.kind === "bot" ? h("span", { class: "kind" }, t("bot_name", { bot: t(`bot.${x.bot}`) })) : null,
      s.held.includes(x.seat) ? h("span", { class: "kind" }, t("wait.yours")) : null,
      s.host && x.kind === "open" && s.invites[String(x.seat)] ? h("input", {
        type: "text", readonly: true, class: "invite", id: `invite-${x.seat}`, "aria-label": t("wait.invite"),
        value: `${location.origin}${s.invites[String(x.seat)]}` }) : null,
      s.host && x.kind === "open" && s.invites[String(x.seat)] ? h("button", {
        type: "button", class: "copy", id: `copy-invite-${x.seat}`,
        on: { click: () => on.copy(x.seat, `${location.origin}${s.invites[String(x.seat)]}`) } },
        s.copied === x.seat ? t("wait.copied") : t("wait.copy")) : null,
      canJoin && !s.invite && pub && x.kind === "open" ? h("button", { type: "button", id: `join-${x.seat}`,
        on: { click: () => on.join(x.seat) } }, t("wait.take")) : null))),
    canJoin ? h("label", { class: "join-name" }, t("wait.your_name"),
      h("input", { type: "text", id: "join-name", maxlength: "40", value: s.name,
                   on: { input: (/** @type {Event} */ e) => on.name(/** @type {HTMLInputElement} */ (e.target).value) } })) : null,
    canJoin && s.invite ? h("button", { type: "button", class: "primary", id: "join", on: { click: () => on.join(null) } },
      t("wait.join")) : null,
    s.error ? h("p", { class: "notice", role: "alert" }, s.error) : null,
    s.host ? h("button", { type: "button", class: "primary", id: "start", disabled: open.length > 0, on: { click: on.start } },
      open.length ? t("wait.start_when", { n: open.length }) : t("wait.start")) : null,
    !s.host && s.held.length ? h("p", { id: "wait-for" }, t(table?.rematch_of ? "wait.rematch" : "wait.for_host")) : null);
}
