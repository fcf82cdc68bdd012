// @ts-check
/**
 * The Nightfall table, drawn from its view (docs/view.md, "Nightfall"): the viewer's
 * hand, the chain as a stack with its link colours and live kickers, the minions with
 * their current strength and health and attachments, the archives with their top card
 * and cost, the wound stack, the moon, every player's wounds, and any draft or choice of
 * starting minions in progress.
 */

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton, playerName, seatName, stat, tap, whoseTurn } from "./common.js";

/** @typedef {import("./common.js").Ctx} Ctx */
/** @typedef {import("./common.js").Subject} Subject */
/** @typedef {import("./view-types.js").NightfallView} View  generated from the view's schema */

/**
 * The table view a context carries, as this game's schema types it.
 * @param {Ctx} ctx
 * @returns {View}
 */
function nf(ctx) {
  return ctx.view;
}

const TEXTS = ["chain", "your_chain", "combat", "your_combat", "in_play", "exile", "global", "wound"];

/**
 * @param {Ctx} ctx
 * @param {number} id
 */
function face(ctx, id) {
  return nf(ctx).cards?.[String(id)] || { name: t("unknown_card"), id };
}

/** @param {string|null|undefined} colour */
function colourClass(colour) {
  return colour ? `col-${colour}` : "col-none";
}

/** @param {string[]} colours */
function linkDots(colours) {
  return h("span", { class: "links", title: t("links_to") },
    (colours || []).map((c) => h("span", { class: `dot ${colourClass(c)}`, title: t(`colour.${c}`) })));
}

/**
 * The minion in play with this instance id, if any.
 * @param {View} view
 * @param {number} id
 */
function minionOf(view, id) {
  for (const p of view.players) for (const m of p.in_play) if (m.card === id) return m;
  return null;
}

/**
 * A card in a hand, a pile, the chain or a draft: its name, cost and colours.
 * @param {Ctx} ctx
 * @param {any} f  the face
 * @param {number|null} id
 * @param {string} [cls]
 * @param {any[]} [extra]
 * @param {string} [key]
 */
function cardChip(ctx, f, id, cls = "", extra = [], key) {
  const printed = f.type === "minion" || f.type === "starting-minion";
  return cardButton(ctx, {
    id, face: f, key, cls: `nf ${colourClass(f.colour)} t-${f.type} ${cls}`,
    body: [
      h("span", { class: "name" }, f.name),
      h("span", { class: "meta" },
        f.cost !== null && f.cost !== undefined ? h("span", { class: "cost", title: t("cost") }, String(f.cost)) : null,
        printed ? h("span", { class: "sh" }, `${f.strength}/${f.health}`) : null,
        f.wound_type_name ? h("span", { class: "wtype" }, f.wound_type_name) : null,
        linkDots(f.link_colours)),
      extra,
    ],
  });
}

/**
 * A minion in play: its current strength and health (coloured when modified), its
 * attachments, and whether it attacks.
 * @param {Ctx} ctx
 * @param {any} m
 */
function minion(ctx, m) {
  const f = face(ctx, m.card);
  const s = m.strength;
  const hp = m.health;
  const sCls = s.current > s.printed ? "up" : s.current < s.printed ? "down" : "";
  const hCls = hp.damage > 0 ? "down" : hp.current > hp.printed ? "up" : "";
  return h("div", { class: "minion", key: `m${m.card}` },
    cardButton(ctx, {
      id: m.card, face: f, cls: `nf ${colourClass(f.colour)} in-play${m.attacking ? " attacking" : ""}`,
      body: [
        h("span", { class: "name" }, f.name),
        h("span", { class: "meta" },
          h("span", { class: `str ${sCls}`, title: t("strength") }, `⚔${s.current}`),
          h("span", { class: `hp ${hCls}`, title: t("health") }, `♥${hp.current}`),
          linkDots(f.link_colours)),
        m.attacking ? h("span", { class: "badge attack" }, t("attacking")) : null,
      ],
    }),
    m.attached.length
      ? h("div", { class: "attached" }, m.attached.map((/** @type {number} */ a) => cardChip(ctx, face(ctx, a), a, "mini")))
      : null);
}

/**
 * One player's wounds by type, and the total rule 162 counts.
 * @param {any} w
 */
function wounds(w) {
  return h("span", { class: "wounds", title: t("wounds") },
    h("span", { class: "k" }, t("wounds")), " ", h("b", null, String(w.total)),
    h("span", { class: "wt" }, ` (${t("wound.bite")} ${w.bite} · ${t("wound.burn")} ${w.burn} · ${t("wound.bleed")} ${w.bleed}${w.bare ? ` · ${t("wound.bare")} ${w.bare}` : ""})`));
}

/**
 * A player: name, hand and deck sizes, discard pile, wounds, minions; and for the
 * viewer, the hand.
 * @param {Ctx} ctx
 * @param {any} p
 */
function player(ctx, p) {
  const v = nf(ctx);
  const mine = p.seat === ctx.me;
  const badges = [
    p.seat === v.active && !v.over ? h("span", { class: "badge turn" }, t("their_turn")) : null,
    v.decision && v.decision.player === p.seat ? h("span", { class: "badge deciding" }, t("deciding")) : null,
    p.eliminated ? h("span", { class: "badge out" }, t("eliminated")) : null,
    v.winners.includes(p.seat) ? h("span", { class: "badge won" }, t("winner")) : null,
    v.teams ? h("span", { class: "badge team" }, t("team_n", { n: v.teams.findIndex((/** @type {number[]} */ team) => team.includes(p.seat)) + 1 })) : null,
  ];
  const discard = p.discard;
  const pile = discard.cards.map((/** @type {number} */ id) => face(ctx, id));
  return h("article", { class: `player${mine ? " me" : " other"} seat-${p.seat % 6}`, key: `p${p.seat}`,
                         "data-seat": p.seat },
    h("header", null, playerName(ctx, p.seat, badges),
      h("div", { class: "stats" },
        stat(t("hand"), p.hand_size),
        stat(t("deck"), p.deck.size),
        h("button", { type: "button", class: "stat pile", disabled: discard.size === 0,
                      on: { click: () => ctx.read({ title: t("discard_of", { name: seatName(ctx, p.seat) }), faces: pile }) } },
          h("span", { class: "k" }, t("discard")), " ", h("b", null, String(discard.size))),
        wounds(p.wounds),
        p.wound_stack_size !== null && p.wound_stack_size !== undefined ? stat(t("own_wound_stack"), p.wound_stack_size) : null)),
    discard.top !== null ? h("div", { class: "zone top-discard" }, h("span", { class: "zlabel" }, t("discard_top")),
      cardChip(ctx, face(ctx, discard.top), discard.top, "mini")) : null,
    p.deck.top !== null && p.deck.top !== undefined ? h("div", { class: "zone" }, h("span", { class: "zlabel" }, t("deck_top")),
      cardChip(ctx, face(ctx, p.deck.top), p.deck.top, "mini")) : null,
    !mine && p.hand_known.length ? h("div", { class: "zone known" }, h("span", { class: "zlabel" }, t("known_in_hand")),
      p.hand_known.map((/** @type {number} */ id) => cardChip(ctx, face(ctx, id), id, "mini"))) : null,
    h("div", { class: "minions" }, p.in_play.length ? p.in_play.map((/** @type {any} */ m) => minion(ctx, m))
      : h("span", { class: "empty" }, t("no_minions"))),
    p.hand ? h("div", { class: "hand-box" },                 // the viewer's, or every hand in a replay
      h("h4", null, mine ? t("your_hand") : t("hand_of", { name: seatName(ctx, p.seat) }), ` (${p.hand.length})`),
      h("div", { class: "hand", id: mine ? "hand" : `hand-${p.seat}` }, p.hand.map((/** @type {number} */ id) => cardChip(ctx, face(ctx, id), id)))) : null);
}

/**
 * The chain: the bottom link first, the top (which resolves first) last; each link's
 * colour, the colours it links to, and whether its kicker is live.
 * @param {Ctx} ctx
 */
function chain(ctx) {
  const links = nf(ctx).chain;
  return h("section", { class: "chain-box zone", id: "chain" },
    h("h4", null, t("chain"), links.length ? ` (${links.length})` : ""),
    links.length
      ? h("ol", { class: "chain" }, links.map((/** @type {any} */ link) => h("li", { key: `l${link.card}`,
            class: `link ${colourClass(link.colour)}${link.kicker ? " kicker" : ""}` },
          h("span", { class: "pos" }, String(link.position + 1)),
          cardChip(ctx, face(ctx, link.card), link.card, "", [
            h("span", { class: "owner" }, seatName(ctx, link.player)),
            link.kicker ? h("span", { class: "badge kick" }, t("kicker_live")) : null,
          ]))))
      : h("p", { class: "empty" }, t("chain_empty")));
}

/**
 * The combat under way: each attacker, its target and its blockers.
 * @param {Ctx} ctx
 */
function combat(ctx) {
  const c = nf(ctx).combat;
  if (!c || !c.attacks.length) return null;
  return h("section", { class: "combat zone", id: "combat" },
    h("h4", null, t("combat")),
    h("ol", null, c.attacks.map((/** @type {any} */ a, /** @type {number} */ i) => h("li", { key: `a${i}` },
      h("span", { class: "att" }, face(ctx, a.attacker).name), " → ", h("b", null, seatName(ctx, a.target)),
      a.unblockable ? h("span", { class: "badge" }, t("unblockable")) : null,
      a.blockers.length ? h("span", { class: "blk" }, ` · ${t("blocked_by")} `,
        a.blockers.map((/** @type {number} */ b) => face(ctx, b).name).join(", ")) : null))));
}

/**
 * An archive: whose it is, its top card and cost, how many cards are left.
 * @param {Ctx} ctx
 * @param {any} a
 */
function archive(ctx, a) {
  const options = ctx.byArchive.get(a.index);
  const live = ctx.canAct && options !== undefined;
  const owner = a.commons ? t("commons") : seatName(ctx, a.owner);
  const f = a.card;
  /** @type {Subject} */
  const subject = { face: f, archive: a, title: owner };
  const hidden = a.face_down_to_viewer || !f;
  return h("button", {
    key: `ar${a.index}`, type: "button", "data-archive": a.index,
    class: `archive ${hidden ? "face-down" : colourClass(f.colour)}${live ? " opt" : ""}${a.commons ? " commons" : ""}`,
    on: {
      click: () => tap(ctx, options, subject),
      contextmenu: (/** @type {Event} */ e) => {
        e.preventDefault();
        ctx.read(subject);
      },
      pointerenter: (/** @type {PointerEvent} */ e) => { if (e.pointerType === "mouse" && !hidden) ctx.peek(subject); },
      pointerleave: (/** @type {PointerEvent} */ e) => { if (e.pointerType === "mouse") ctx.peek(null); },
    },
  },
  h("span", { class: "owner" }, owner),
  h("span", { class: "name" }, hidden ? t("face_down") : f.name),
  h("span", { class: "meta" },
    a.cost !== null ? h("span", { class: "cost", title: t("cost") }, String(a.cost)) : null,
    h("span", { class: "size", title: t("cards_left") }, `×${a.size}`),
    hidden ? null : linkDots(f.link_colours),
    a.wounds.length ? h("span", { class: "badge" }, t("wounds_on", { n: a.wounds.length })) : null));
}

/**
 * The moon, the wound stack and the exiled cards.
 * @param {Ctx} ctx
 */
function shared(ctx) {
  const v = nf(ctx);
  const ws = v.wound_stack;
  return h("section", { class: "shared zone" },
    v.moon ? h("div", { class: "moon" }, h("span", { class: "zlabel" }, t("moon"), ` (${v.moon.stack_size})`),
      cardChip(ctx, face(ctx, v.moon.card), v.moon.card, "mini moon-card")) : null,
    h("div", { class: "wound-stack" }, h("span", { class: "zlabel" }, t("wound_stack")),
      stat(t("remaining"), ws.remaining), stat(t("face_up"), ws.face_up),
      ws.top !== null ? cardChip(ctx, face(ctx, ws.top), ws.top, "mini") : null,
      ws.ending ? h("span", { class: "badge" }, t("stack_ending")) : null),
    v.exiled.length ? h("button", { type: "button", class: "stat pile",
      on: { click: () => ctx.read({ title: t("exiled"), faces: v.exiled.map((/** @type {number} */ id) => face(ctx, id)) }) } },
    h("span", { class: "k" }, t("exiled")), " ", h("b", null, String(v.exiled.length))) : null,
    v.effects.length ? h("ul", { class: "effects" }, v.effects.map((/** @type {any} */ e, /** @type {number} */ i) =>
      h("li", { key: `e${i}` }, e.label))) : null);
}

/**
 * A draft in progress (rules 17-30): the viewer's draft hand and picks (in a replay with
 * every card shown, every player's: `drafts`), the commons.
 * @param {Ctx} ctx
 */
function draft(ctx) {
  const d = nf(ctx).draft;
  if (!d) return null;
  const faces = (/** @type {any[]} */ list, /** @type {string} */ prefix) =>
    list.map((f, i) => cardChip(ctx, f, f.id ?? null, "", [], `${prefix}${i}`));
  const picks = (/** @type {any[]} */ list, /** @type {string} */ prefix) => h("div", { class: "row" },
    list.map((/** @type {any} */ f, /** @type {number} */ i) => cardChip(ctx, f, null, "",
      f.destination ? [h("span", { class: "dest" }, t(`dest.${f.destination}`))] : [], `${prefix}${i}`)));
  const every = Array.isArray(nf(ctx).drafts) ? nf(ctx).drafts : null;
  return h("section", { class: "draft zone", id: "draft" },
    h("h4", null, t("draft"), ` · ${t("round")} ${d.round + 1}`),
    every ? every.map((/** @type {any} */ p, /** @type {number} */ seat) => h("div", { key: `dd${seat}`, class: "draft-of", "data-seat": seat },
      h("span", { class: "zlabel" }, t("hand_of", { name: seatName(ctx, seat) })),
      h("div", { class: "hand" }, faces(p.hand, `d${seat}h`)),
      p.picks.length ? h("div", null, h("span", { class: "zlabel" }, t("draft_picks")), picks(p.picks, `d${seat}p`)) : null))
      : null,
    !every && d.hand.length ? h("div", null, h("span", { class: "zlabel" }, t("draft_hand")), h("div", { class: "hand" }, faces(d.hand, "dh"))) : null,
    !every && d.picks.length ? h("div", null, h("span", { class: "zlabel" }, t("draft_picks")), picks(d.picks, "dp")) : null,
    d.commons.length ? h("div", null, h("span", { class: "zlabel" }, t("commons")), h("div", { class: "row" }, faces(d.commons, "dc"))) : null);
}

/**
 * Starting minions being chosen (rule 34).
 * @param {Ctx} ctx
 */
function starters(ctx) {
  const s = nf(ctx).starters;
  if (!s) return null;
  return h("section", { class: "starters zone" },
    h("h4", null, t("starters"), ` · ${s.colour_name}`),
    h("div", { class: "row" }, (s.pairs || []).map((/** @type {any[]} */ pair, /** @type {number} */ i) =>
      h("div", { class: "pair", key: `sp${i}` }, pair.map((f, j) => cardChip(ctx, f, null, "mini", [], `sp${i}-${j}`))))));
}

/**
 * A hand the viewer is looking at (Routine Questioning).
 * @param {Ctx} ctx
 */
function lookingAt(ctx) {
  const l = nf(ctx).looking_at;
  if (!l) return null;
  return h("section", { class: "looking zone" }, h("h4", null, t("looking_at", { name: seatName(ctx, l.player) })),
    h("div", { class: "row" }, l.cards.map((/** @type {number} */ id) => cardChip(ctx, face(ctx, id), id, "mini"))));
}

/**
 * The whole board.
 * @param {Ctx} ctx
 */
export function board(ctx) {
  const v = nf(ctx);
  const others = v.players.filter((/** @type {any} */ p) => p.seat !== ctx.me);
  const me = v.players.find((/** @type {any} */ p) => p.seat === ctx.me);
  return h("div", { class: "board nightfall" },
    h("section", { class: "opponents" }, others.map((/** @type {any} */ p) => player(ctx, p))),
    h("section", { class: "middle" },
      draft(ctx), starters(ctx), lookingAt(ctx), combat(ctx), chain(ctx), shared(ctx),
      v.archives.length ? h("section", { class: "archives zone", id: "archives" }, h("h4", null, t("archives")),
        h("div", { class: "archive-grid" }, v.archives.map((/** @type {any} */ a) => archive(ctx, a)))) : null),
    me ? h("section", { class: "mine" }, player(ctx, me)) : null);
}

/**
 * The header's line: the turn, the phase, whose turn.
 * @param {Ctx} ctx
 */
export function summary(ctx) {
  const v = nf(ctx);
  return [
    h("span", { class: "turn" }, t("turn_n", { n: v.turn })),
    h("span", { class: "phase", id: "phase" }, v.phase_name),
    v.phase !== "over" ? h("span", { class: "active" }, whoseTurn(ctx, v.active)) : null,
    v.phase === "claim" ? h("span", { class: "influence" }, t("influence_n", { n: v.influence })) : null,
  ];
}

/**
 * The decision in words: the kind's name (in the table's language).
 * @param {View} view
 * @returns {[string, string]}  for the deciding seat, for everyone else
 */
export function decisionWhat(view) {
  const name = view.decision?.kind_name || "";
  return [name, name];
}

/**
 * @param {View} view
 * @param {any} table
 * @returns {{winners: number[], reason: string, detail: string}|null}
 */
export function result(view, table) {
  if (!view.over) return null;
  const r = table?.result;
  return { winners: view.winners, reason: r?.reason || "", detail: r?.detail || "" };
}

/**
 * A modifier in words: where it comes from and by how much.
 * @param {Ctx} ctx
 * @param {any} m
 */
function modifier(ctx, m) {
  const source = t(`mod.${m.source}`);
  const card = m.card !== null && m.card !== undefined ? ` (${face(ctx, m.card).name})` : "";
  const until = m.until ? ` · ${t(`until.${m.until}`)}` : "";
  return `${m.amount > 0 ? "+" : ""}${m.amount} ${source}${card}${until}`;
}

/**
 * A card's whole face, for the reader.
 * @param {Ctx} ctx
 * @param {Subject} subject
 */
export function readFace(ctx, subject) {
  const f = subject.face;
  if (!f) return [];
  const m = subject.id !== null && subject.id !== undefined ? minionOf(nf(ctx), subject.id) : null;
  const texts = f.texts || {};
  const rows = [];
  for (const key of TEXTS) if (texts[key]) rows.push(h("div", { class: "text" }, h("dt", null, t(`text.${key}`)), h("dd", null, texts[key])));
  if (texts.kicker) {
    rows.push(h("div", { class: "text" }, h("dt", null, t("text.kicker"), " ", h("span", { class: `dot ${colourClass(texts.kicker.colour)}` }),
      ` ${t(`colour.${texts.kicker.colour}`)}`), h("dd", null, texts.kicker.text)));
  }
  if (texts.feed) rows.push(h("div", { class: "text" }, h("dt", null, t("text.feed")), h("dd", null, texts.feed.cost)));
  const a = subject.archive;
  return [
    h("div", { class: `face nf ${colourClass(f.colour)}` },
      h("h2", null, f.name),
      h("p", { class: "line" }, [f.set, f.type_name, f.keyword && f.keyword !== "none" ? t(`keyword.${f.keyword}`) : null,
        f.colour ? t(`colour.${f.colour}`) : null, f.wound_type_name].filter(Boolean).join(" · ")),
      h("p", { class: "numbers" },
        f.cost !== null && f.cost !== undefined ? h("span", null, t("cost"), " ", h("b", null, String(f.cost))) : null,
        f.strength !== null && f.strength !== undefined
          ? h("span", null, t("strength"), " ", h("b", null, String(m ? m.strength.current : f.strength)),
            m && m.strength.current !== f.strength ? ` (${t("printed")} ${f.strength})` : "") : null,
        f.health !== null && f.health !== undefined
          ? h("span", null, t("health"), " ", h("b", null, String(m ? m.health.current : f.health)),
            m && m.health.current !== f.health ? ` (${t("printed")} ${f.health})` : "") : null),
      f.link_colours && f.link_colours.length ? h("p", { class: "links-line" }, t("links_to"), " ",
        f.link_colours.map((/** @type {string} */ c) => h("span", { class: `chip ${colourClass(c)}` }, t(`colour.${c}`)))) : null,
      m && (m.strength.modifiers.length || m.health.modifiers.length) ? h("ul", { class: "mods" },
        m.strength.modifiers.map((/** @type {any} */ x) => h("li", null, t("strength"), " ", modifier(ctx, x))),
        m.health.modifiers.map((/** @type {any} */ x) => h("li", null, t("health"), " ", modifier(ctx, x)))) : null,
      m && m.attached.length ? h("p", null, t("attachments"), ": ", m.attached.map((/** @type {number} */ x) => face(ctx, x).name).join(", ")) : null,
      h("dl", { class: "texts" }, rows),
      f.attaches ? h("p", { class: "note" }, t("attaches")) : null,
      typeof f.owner === "number" && f.owner >= 0 ? h("p", { class: "note" }, t("owner"), ": ", seatName(ctx, f.owner)) : null,
      a ? h("p", { class: "note" }, t("archive_of", { name: subject.title || "" }), ` · ×${a.size}`,
        a.under && a.under.length ? ` · ${t("under")}: ${a.under.map((/** @type {any} */ u) => u.name).join(", ")}` : "",
        a.wounds && a.wounds.length ? ` · ${t("wounds_on", { n: a.wounds.length })}: ${a.wounds.map((/** @type {any} */ w) =>
          face(ctx, w.card).name).join(", ")}` : "") : null,
      f.provenance && f.provenance.designed && f.provenance.designed.length
        ? h("p", { class: "provenance" }, t("designed_fields"), " ", f.provenance.designed.join(", ")) : null),
  ];
}

/** @returns {string} */
export function title() {
  return "Nightfall";
}
