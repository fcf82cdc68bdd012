// @ts-check
/**
 * The Nightmarium table, drawn from its view (docs/view.md, "Nightmarium"): every
 * player's Creatures by part (legs at the bottom, the head on top) and Legion, the
 * viewer's hand, the deck and the discard pile, and what is resolving (Songbird's
 * revealed cards, the abilities still to come, the same-Legion penalty).
 */

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton, playerName, seatName, stat, whoseTurn } from "./common.js";

/** @typedef {import("./common.js").Ctx} Ctx */
/** @typedef {import("./common.js").Subject} Subject */
/** @typedef {import("./view-types.js").NightmariumView} View  generated from the view's schema */

/**
 * The table view a context carries, as this game's schema types it.
 * @param {Ctx} ctx
 * @returns {View}
 */
function nm(ctx) {
  return ctx.view;
}

const PARTS = ["head", "body", "legs"];

/** @param {any} legion */
function legionClass(legion) {
  return legion ? `lg-${legion.colour}` : "lg-none";
}

/**
 * A card: its code, Legion, parts and ability.
 * @param {Ctx} ctx
 * @param {any} f
 * @param {string} [cls]
 */
function card(ctx, f, cls = "") {
  return cardButton(ctx, {
    id: f.id, face: f, cls: `nm ${legionClass(f.legion)} ${cls}`,
    body: [
      h("span", { class: "code" }, f.code),
      h("span", { class: "name" }, f.legion?.name || ""),
      h("span", { class: "parts" }, (f.part_names || []).join("/")),
      f.ability ? h("span", { class: "ability" }, f.ability.name) : null,
    ],
  });
}

/**
 * A Creature, head on top: an empty place for a part not yet played.
 * @param {Ctx} ctx
 * @param {any} c
 * @param {number} seat
 */
function creature(ctx, c, seat) {
  return h("div", {
    key: `cr${seat}-${c.index}`,
    class: `creature${c.complete ? " complete" : ""}${c.resolving ? " resolving" : ""} ${c.legion ? legionClass(c.legion) : ""}`,
  },
  h("span", { class: "cindex" }, String(c.index + 1), c.legion ? ` · ${c.legion.name}` : ""),
  PARTS.map((part) => c[part] ? card(ctx, c[part], `part-${part}`)
    : h("span", { class: `slot part-${part}`, key: `s${part}` }, t(`part.${part}`))));
}

/**
 * @param {Ctx} ctx
 * @param {any} p
 */
function player(ctx, p) {
  const v = nm(ctx);
  const mine = p.seat === ctx.me;
  const badges = [
    v.turn.player === p.seat && !v.outcome ? h("span", { class: "badge turn" }, t("their_turn")) : null,
    v.decision && v.decision.player === p.seat ? h("span", { class: "badge deciding" }, t("deciding")) : null,
    p.winner ? h("span", { class: "badge won" }, t("winner")) : null,
  ];
  return h("article", { class: `player${mine ? " me" : " other"} seat-${p.seat % 6}`, key: `p${p.seat}`, "data-seat": p.seat },
    h("header", null, playerName(ctx, p.seat, badges),
      h("div", { class: "stats" },
        stat(t("hand"), p.hand_size),
        stat(t("complete"), `${p.complete}/${v.setup.creatures}`))),
    !mine && p.known.length ? h("div", { class: "zone known" }, h("span", { class: "zlabel" }, t("known_in_hand")),
      h("div", { class: "row" }, p.known.map((/** @type {any} */ f) => card(ctx, f, "mini")))) : null,
    h("div", { class: "creatures" }, p.creatures.length ? p.creatures.map((/** @type {any} */ c) => creature(ctx, c, p.seat))
      : h("span", { class: "empty" }, t("no_creatures"))),
    p.hand ? h("div", { class: "hand-box" },                 // the viewer's, or every hand in a replay
      h("h4", null, mine ? t("your_hand") : t("hand_of", { name: seatName(ctx, p.seat) }), ` (${p.hand.length})`),
      h("div", { class: "hand", id: mine ? "hand" : `hand-${p.seat}` }, p.hand.map((/** @type {any} */ f) => card(ctx, f)))) : null);
}

/**
 * The deck, the discard pile, Songbird's revealed cards, what is resolving, the penalty.
 * @param {Ctx} ctx
 */
function middle(ctx) {
  const v = nm(ctx);
  const r = v.resolving;
  const pen = v.penalty;
  return h("section", { class: "middle zone" },
    h("div", { class: "piles" },
      stat(t("deck"), v.deck.size),
      h("button", { type: "button", class: "stat pile", disabled: v.discard.size === 0,
                    on: { click: () => ctx.read({ title: t("discard"), faces: v.discard.cards }) } },
        h("span", { class: "k" }, t("discard")), " ", h("b", null, String(v.discard.size))),
      v.discard.top ? card(ctx, v.discard.top, "mini top-discard") : null),
    v.revealed.length ? h("div", { class: "revealed" }, h("span", { class: "zlabel" }, t("revealed")),
      h("div", { class: "row" }, v.revealed.map((/** @type {any} */ f) => card(ctx, f)))) : null,
    r ? h("p", { class: "resolving-line" }, t("resolving", { name: seatName(ctx, r.player), n: r.creature + 1 }),
      r.ability ? h("b", null, ` ${r.ability.name}: ${r.ability.text}`) : null,
      r.remaining.length ? h("span", null, `${r.ability ? " · " : " "}${t("still_to_come")} `,
        r.remaining.map((/** @type {any} */ a) => a.name).join(", ")) : null) : null,
    pen ? h("p", { class: "penalty-line" }, t("penalty", { legion: pen.legion.name }),
      ` · ${t("owing")} ${pen.owing.map((/** @type {number} */ s) => seatName(ctx, s)).join(", ")}`,
      pen.cards !== null ? ` · ${t("cards_to_discard", { n: pen.cards })}` : "",
      pen.any_card ? ` · ${t("any_card")}` : "") : null);
}

/**
 * @param {Ctx} ctx
 */
export function board(ctx) {
  const v = nm(ctx);
  const others = v.players.filter((/** @type {any} */ p) => p.seat !== ctx.me);
  const me = v.players.find((/** @type {any} */ p) => p.seat === ctx.me);
  return h("div", { class: "board nightmarium" },
    h("section", { class: "opponents" }, others.map((/** @type {any} */ p) => player(ctx, p))),
    middle(ctx),
    me ? h("section", { class: "mine" }, player(ctx, me)) : null);
}

/**
 * @param {Ctx} ctx
 */
export function summary(ctx) {
  const turn = nm(ctx).turn;
  return [
    h("span", { class: "turn" }, t("turn_n", { n: turn.number })),
    !nm(ctx).outcome ? h("span", { class: "active" }, whoseTurn(ctx, turn.player)) : null,
    !nm(ctx).outcome ? h("span", { class: "phase", id: "phase" }, t("action_n", { n: turn.action })) : null,
    turn.legion ? h("span", { class: `legion ${legionClass(turn.legion)}` }, t("must_be", { legion: turn.legion.name })) : null,
  ];
}

/**
 * The decision in words: the prompt for the deciding seat (it says "your"), the kind for
 * everyone else.
 * @param {View} view
 * @returns {[string, string]}
 */
export function decisionWhat(view) {
  const d = view.decision;
  return d ? [d.prompt || "", t(`nmkind.${d.kind}`)] : ["", ""];
}

/**
 * @param {View} view
 * @returns {{winners: number[], reason: string, detail: string}|null}
 */
export function result(view) {
  const o = view.outcome;
  return o ? { winners: o.winners, reason: o.reason, detail: o.detail } : null;
}

/**
 * @param {Ctx} ctx
 * @param {Subject} subject
 */
export function readFace(ctx, subject) {
  const f = subject.face;
  if (!f) return [];
  return [
    h("div", { class: `face nm ${legionClass(f.legion)}` },
      h("h2", null, `${f.code} · ${f.name}`),
      h("p", { class: "line" }, t("legion"), ": ", h("b", null, f.legion?.name || "")),
      h("p", { class: "line" }, t("parts"), ": ", (f.part_names || []).join(", ")),
      f.ability ? h("p", { class: "line" }, t("ability"), ": ", h("b", null, f.ability.name), ` — ${f.ability.text}`)
        : h("p", { class: "line" }, t("no_ability")),
      f.provenance ? h("p", { class: "provenance" }, t("designed_fields"), " ",
        Object.entries(f.provenance).filter(([, v]) => v === "designed").map(([k]) => k).join(", ")) : null),
  ];
}

/** @returns {string} */
export function title() {
  return "Nightmarium";
}
