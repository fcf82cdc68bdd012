// @ts-check
/**
 * What both tables share: the context a render works in (who is looking, which options
 * name which cards, players and archives), tappable cards, the decision bar, the log and
 * the result. Each function returns virtual nodes (dom.js); nothing here touches the page.
 */

import { h } from "../dom.js";
import { t } from "../i18n.js";

/**
 * @typedef {Object} Option  one of the decision's options (docs/view.md)
 * @property {number} index
 * @property {string} label
 * @property {{cards: number[], players: number[], archives?: number[]}} refs
 * @property {any} action
 */

/**
 * @typedef {Object} Subject  what the card reader shows
 * @property {any} [face]   a card face (either game)
 * @property {number|null} [id]  the card instance, when it has one
 * @property {Option[]} [options]  the options that name it
 * @property {string} [title]  a heading (a pile, a player, an archive)
 * @property {any[]} [faces]  a pile of faces
 * @property {any} [archive]  a Nightfall archive
 */

/**
 * @typedef {Object} Ctx
 * @property {any} view
 * @property {string} game
 * @property {string[]} names  the seats' names
 * @property {number|null} me  the viewer's seat (null: a spectator)
 * @property {boolean} canAct  the viewer decides now and has no act in flight
 * @property {Map<number, Option[]>} byCard
 * @property {Map<number, Option[]>} byPlayer
 * @property {Map<number, Option[]>} byArchive
 * @property {(option: Option) => void} act
 * @property {(subject: Subject) => void} read
 * @property {(subject: Subject|null) => void} peek  hover: show (or hide) without a click
 * @property {Set<string>} vt  the view-transition names given in this render
 * @property {boolean} pending
 */

/**
 * Index the options by the things they name. The viewer's own name is tappable only for
 * an option that names no card ("target yourself"): a play onto your own Creature is
 * tapped on the card, not on your name.
 * @param {Option[]} options
 * @param {number|null} me
 */
export function indexRefs(options, me) {
  /** @type {Map<number, Option[]>} */ const byCard = new Map();
  /** @type {Map<number, Option[]>} */ const byPlayer = new Map();
  /** @type {Map<number, Option[]>} */ const byArchive = new Map();
  const add = (/** @type {Map<number, Option[]>} */ map, /** @type {number} */ key, /** @type {Option} */ o) => {
    const list = map.get(key);
    if (list) {
      if (!list.includes(o)) list.push(o);
    } else map.set(key, [o]);
  };
  for (const o of options) {
    for (const id of o.refs?.cards || []) add(byCard, id, o);
    for (const seat of o.refs?.players || []) if (seat !== me || !(o.refs?.cards || []).length) add(byPlayer, seat, o);
    for (const k of o.refs?.archives || []) add(byArchive, k, o);
  }
  return { byCard, byPlayer, byArchive };
}

/**
 * A seat's name as the viewer reads it.
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function seatName(ctx, seat) {
  if (seat === -1) return t("commons");
  const name = ctx.names[seat] ?? t("seat", { n: seat + 1 });
  return seat === ctx.me ? t("you_named", { name }) : name;
}

/**
 * "Your turn", or whose turn it is.
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function whoseTurn(ctx, seat) {
  return seat === ctx.me ? t("your_turn") : t("whose_turn", { name: seatName(ctx, seat) });
}

/**
 * A tap on something that names options: one option is taken at once, several are shown.
 * @param {Ctx} ctx
 * @param {Option[]|undefined} options
 * @param {Subject} subject
 */
export function tap(ctx, options, subject) {
  if (ctx.canAct && options && options.length === 1) ctx.act(options[0]);
  else if (ctx.canAct && options && options.length > 1) ctx.read({ ...subject, options });
  else ctx.read(subject);
}

/**
 * The view-transition name of a card instance, once per render (a name given twice
 * would cancel the transition).
 * @param {Ctx} ctx
 * @param {number|null|undefined} id
 * @returns {Record<string, string>}
 */
export function transitionName(ctx, id) {
  if (id === null || id === undefined) return {};
  const name = `c-${id}`;
  if (ctx.vt.has(name)) return {};
  ctx.vt.add(name);
  return { "view-transition-name": name };
}

/**
 * A card the viewer can read (tap, hover, long press, or the "i" key) and, when options
 * name it, take (the card is highlighted).
 * @param {Ctx} ctx
 * @param {{id: number|null|undefined, face: any, cls?: string, body: any[], key?: string|number}} spec
 */
export function cardButton(ctx, spec) {
  const id = spec.id ?? null;
  const options = id === null ? undefined : ctx.byCard.get(id);
  const subject = { face: spec.face, id };
  const live = ctx.canAct && options !== undefined;
  return h("button", {
    key: spec.key ?? (id === null ? undefined : `c${id}`),
    type: "button",
    class: `card ${spec.cls || ""}${live ? " opt" : ""}`,
    "data-card": id === null ? null : id,
    style: transitionName(ctx, id),
    on: {
      click: () => tap(ctx, options, subject),
      contextmenu: (/** @type {Event} */ e) => {
        e.preventDefault();
        ctx.read(subject);
      },
      keydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "i" || e.key === "?") {
          e.preventDefault();
          ctx.read(subject);
        }
      },
      pointerenter: (/** @type {PointerEvent} */ e) => {
        if (e.pointerType === "mouse") ctx.peek(subject);
      },
      pointerleave: (/** @type {PointerEvent} */ e) => {
        if (e.pointerType === "mouse") ctx.peek(null);
      },
    },
  }, spec.body);
}

/**
 * A player's name as a button when options name the player (a target), else a heading.
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {any[]} [extra]  badges after the name
 */
export function playerName(ctx, seat, extra = []) {
  const options = ctx.byPlayer.get(seat);
  const name = seatName(ctx, seat);
  if (ctx.canAct && options) {
    return h("h3", { class: "pname" },
      h("button", { type: "button", class: "player-opt opt", "data-player": seat,
                    on: { click: () => tap(ctx, options, { title: name }) } }, name), extra);
  }
  return h("h3", { class: "pname", "data-player": seat }, name, extra);
}

/**
 * Mark, for as long as the pointer or focus is on an option, the things it names.
 * @param {Option} o
 * @param {boolean} on
 */
function highlight(o, on) {
  const selectors = [
    ...(o.refs?.cards || []).map((id) => `[data-card="${id}"]`),
    ...(o.refs?.players || []).map((seat) => `[data-player="${seat}"]`),
    ...(o.refs?.archives || []).map((k) => `[data-archive="${k}"]`),
  ];
  if (!selectors.length) return;
  for (const el of document.querySelectorAll(selectors.join(","))) el.classList.toggle("hl", on);
}

/**
 * One option as a button.
 * @param {Ctx} ctx
 * @param {Option} o
 * @param {string} [where]  a key prefix, so the same option in two places stays apart
 */
export function optionButton(ctx, o, where = "o") {
  return h("button", {
    key: `${where}${o.index}`,
    type: "button",
    class: "option",
    "data-index": o.index,
    disabled: !ctx.canAct,
    on: {
      click: () => {
        highlight(o, false);
        ctx.act(o);
      },
      pointerenter: () => highlight(o, true),
      pointerleave: () => highlight(o, false),
      focus: () => highlight(o, true),
      blur: () => highlight(o, false),
    },
  }, o.label);
}

/**
 * The decision bar: who decides and, for the deciding seat, the prompt (in the table's
 * language) and every option.
 * @param {Ctx} ctx
 * @param {string} what  the decision in words, for the deciding seat
 * @param {string} [waiting]  the same for everyone else
 */
export function decisionBar(ctx, what, waiting = what) {
  const d = ctx.view.decision;
  if (!d) return h("section", { class: "decision over", id: "decision" });
  const mine = ctx.me !== null && d.player === ctx.me && Array.isArray(d.options);
  if (!mine) {
    return h("section", { class: "decision waiting", id: "decision", "data-deciding": d.player },
      h("p", { class: "who" }, t("waiting_for", { name: seatName(ctx, d.player) }), " ",
        h("span", { class: "what" }, waiting)));
  }
  return h("section", { class: "decision mine", id: "decision", "data-deciding": d.player },
    h("p", { class: "who" }, h("strong", null, t("your_decision")), " ", h("span", { class: "what" }, what),
      ctx.pending ? h("span", { class: "sending" }, " ", t("sending")) : null),
    d.prompt && d.prompt !== what ? h("p", { class: "prompt" }, d.prompt) : null,
    h("div", { class: "options" }, d.options.map((/** @type {Option} */ o) => optionButton(ctx, o))));
}

/**
 * Whose card or turn a log line is about: the event's player, else the card's owner.
 * @param {any} line
 * @param {any} view
 * @returns {number|null}
 */
function lineSeat(line, view) {
  if (typeof line.player === "number" && line.player >= 0) return line.player;
  const face = typeof line.card === "number" && view.cards ? view.cards[String(line.card)] : null;
  if (face && typeof face.owner === "number" && face.owner >= 0) return face.owner;
  return null;
}

/**
 * The log, newest first, each line with a badge naming whose it is.
 * @param {Ctx} ctx
 * @param {{n: number, line: any, undone?: boolean}[]} lines  numbered lines, oldest first (an
 *   undone line: its act was taken back, shown struck out)
 */
export function logView(ctx, lines) {
  const shown = lines.slice(-80).reverse();
  return h("section", { class: "log", id: "log", "aria-live": "polite" },
    h("h2", null, t("log")),
    h("ol", null, shown.map(({ n, line, undone }, i) => {
      const seat = lineSeat(line, ctx.view);
      return h("li", { key: n, class: [i === 0 ? "latest" : "", undone ? "undone" : ""].join(" ").trim() },
        seat === null ? null : h("span", { class: `who seat-${seat % 6}` }, seatName(ctx, seat)),
        h("span", { class: "line" }, String(line.line ?? "")),
        undone ? h("span", { class: "taken-back" }, t("online.taken_back")) : null);
    })));
}

/**
 * The result, once the game is over.
 * @param {Ctx} ctx
 * @param {number[]} winners
 * @param {string} reason
 * @param {string} detail
 */
export function resultBanner(ctx, winners, reason, detail) {
  const names = winners.map((s) => seatName(ctx, s));
  const won = ctx.me !== null && winners.includes(ctx.me);
  return h("section", { class: `result${won ? " won" : ""}`, id: "result" },
    h("h2", null, t("game_over")),
    h("p", { class: "winners" }, names.length ? t("winners", { names: names.join(t("and")) }) : t("no_winner")),
    reason ? h("p", { class: "reason" }, t(`reason.${reason}`)) : null,
    detail ? h("p", { class: "detail" }, detail) : null,
    h("p", null, h("a", { href: "/", class: "button" }, t("back_to_lobby"))));
}

/**
 * A labelled number, for the players' strips.
 * @param {string} label
 * @param {string|number} value
 * @param {string} [cls]
 */
export function stat(label, value, cls = "") {
  return h("span", { class: `stat ${cls}`, title: label }, h("span", { class: "k" }, label), " ",
    h("b", null, String(value)));
}
