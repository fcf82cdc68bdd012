// @ts-check
/**
 * The replay page (/t/{id}/replay): one step of a table at a time, fetched from
 * `GET /api/tables/{id}/steps` and drawn with the live table's renderer (view/table-body.js).
 * Step with |◀ ◀ ▶ ▶|, the slider, the step number or the ← → keys; choose whose view
 * (a seat, or every card once the game is over); "Fork from here" starts a new game
 * against bots from the step on screen (`POST /api/tables/{id}/fork`).
 *
 * While the game is live this is the "Review" of a seat held in this browser: its token
 * comes from localStorage (store.js), never from the URL, and goes in an Authorization
 * header.
 */

import { h, patch } from "./dom.js";
import { chosenLang, lang, loadLang, t } from "./i18n.js";
import * as store from "./store.js";
import { indexRefs } from "./view/common.js";
import { renderer, tableBody } from "./view/table-body.js";

const root = /** @type {HTMLElement} */ (document.getElementById("table"));
const tableId = root.dataset.table || "";
const base = `/api/tables/${encodeURIComponent(tableId)}`;

const page = {
  /** @type {any} the table's info */
  table: null,
  /** @type {Record<string, string>} the seat tokens this browser holds here */
  tokens: {},
  /** @type {string} "all", "spectator" or a seat number */
  as: "spectator",
  at: 0,
  ply: 0,
  /** @type {any} the step on screen */
  step: null,
  /** @type {string[]} the bots of this game */
  bots: [],
  bot: "",
  error: "",
  missing: false,
  busy: false,
  /** the number of the fetch whose answer may still be drawn */
  asked: 0,
};

const over = () => page.table?.status === "finished";
const revealed = () => over() && page.table?.options?.reveal_after_end !== false;

/** The seat a choice of view is, or null ("all", "spectator"). */
function seatShown() {
  return /^\d+$/.test(page.as) ? Number(page.as) : null;
}

/** The token to send: the seat on view's, or, for a live table, any seat held here. */
function tokenFor() {
  const seat = seatShown();
  if (seat !== null && page.tokens[String(seat)]) return page.tokens[String(seat)];
  if (!over()) return Object.values(page.tokens)[0] ?? null;
  return null;
}

/** @param {string|null} token */
function headers(token) {
  /** @type {Record<string, string>} */
  const out = { "content-type": "application/json" };
  if (token) out.authorization = `Bearer ${token}`;
  return out;
}

/**
 * Show step ``n`` (clamped to the table's steps).
 * @param {number} n
 */
async function go(n) {
  const at = Math.max(0, Math.min(page.ply, Math.round(Number(n) || 0)));
  const asked = ++page.asked;
  page.busy = true;
  render();
  const query = new URLSearchParams({ at: String(at), as: page.as, lang: lang() });
  try {
    const response = await fetch(`${base}/steps?${query}`, { headers: headers(tokenFor()) });
    const data = await response.json().catch(() => ({}));
    if (asked !== page.asked) return;
    if (!response.ok) {
      page.error = typeof data.detail === "string" ? data.detail : t("replay.failed", { status: response.status });
      if (response.status === 404) page.missing = true;
    } else {
      page.step = data;
      page.at = data.at;
      page.ply = data.ply;
      page.error = "";
    }
  } catch (err) {
    if (asked === page.asked) page.error = t("replay.failed", { status: String(err) });
  } finally {
    if (asked === page.asked) {
      page.busy = false;
      render();
    }
  }
}

/** @param {string} as */
function choose(as) {
  page.as = as;
  void go(page.at);
}

/** The seat a fork is played from: the seat on view, else one held here, else seat 0. */
function forkSeat() {
  const seat = seatShown();
  if (seat !== null) return seat;
  const held = Object.keys(page.tokens).map(Number);
  return held.length ? held[0] : 0;
}

/** Whether "Fork from here" is offered: any step of a finished game; a live casual game
 * only from the seat held here, on its own view. */
function canFork() {
  if (!page.step || page.step.view?.decision === null) return false;
  if (over()) return revealed() || Boolean(page.tokens[String(forkSeat())]);
  const seat = seatShown();
  return seat !== null && Boolean(page.tokens[String(seat)]) && page.table?.options?.undo !== false;
}

async function makeFork() {
  if (page.busy) return;
  const seat = forkSeat();
  const seats = (page.table?.seats || []).map((/** @type {any} */ _s, /** @type {number} */ i) =>
    i === seat ? "human" : `bot:${page.bot}`);
  page.busy = true;
  page.error = "";
  render();
  try {
    const response = await fetch(`${base}/fork`, {
      method: "POST", headers: headers(page.tokens[String(seat)] ?? null),
      body: JSON.stringify({ at: page.at, seats, as: seat }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      page.error = typeof data.detail === "string" ? data.detail : t("replay.fork_failed", { status: response.status });
      return;
    }
    store.rememberTable(data);
    location.assign(data.url);
  } catch (err) {
    page.error = t("replay.fork_failed", { status: String(err) });
  } finally {
    page.busy = false;
    render();
  }
}

/** The render context of the step on screen: nobody acts in a replay. */
function context() {
  const view = page.step.view;
  return {
    view,
    game: view.game,
    names: (page.table?.seats || []).map((/** @type {any} */ s) => s.name),
    me: seatShown(),
    canAct: false,
    pending: false,
    ...indexRefs([], seatShown()),
    act: () => {},
    read: () => {},
    peek: () => {},
    vt: new Set(),
  };
}

/** The choice of whose view: each seat (its own only, while live), the spectators', all. */
function viewerSelect() {
  const seats = page.table?.seats || [];
  /** @type {[string, string][]} */
  const choices = [];
  for (const s of seats) {
    if (revealed() || page.tokens[String(s.seat)]) choices.push([String(s.seat), t("replay.as_seat", { name: s.name })]);
  }
  choices.push(["spectator", t("replay.as_spectator")]);
  if (revealed()) choices.push(["all", t("replay.as_all")]);
  return h("label", { class: "viewer" }, h("span", null, t("replay.view")), " ",
    h("select", { id: "viewer", on: { change: (/** @type {Event} */ e) => choose(/** @type {HTMLSelectElement} */ (e.target).value) } },
      choices.map(([value, label]) => h("option", { key: value, value, selected: page.as === value }, label))));
}

/** |◀ ◀ ▶ ▶|, the slider and the step number. */
function controls() {
  const at = page.at;
  const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string} */ title,
    /** @type {number} */ to, /** @type {boolean} */ off) =>
    h("button", { type: "button", id, title, "aria-label": title, disabled: off, on: { click: () => go(to) } }, label);
  return h("nav", { class: "steps", "aria-label": t("replay.steps") },
    button("first", "|◀", t("replay.first"), 0, at === 0),
    button("back", "◀", t("replay.back"), at - 1, at === 0),
    h("input", { type: "range", id: "step-range", min: "0", max: String(page.ply), value: String(at),
                 "aria-label": t("replay.step"),
                 on: { change: (/** @type {Event} */ e) => go(Number(/** @type {HTMLInputElement} */ (e.target).value)) } }),
    button("forward", "▶", t("replay.forward"), at + 1, at >= page.ply),
    button("last", "▶|", t("replay.last"), page.ply, at >= page.ply),
    h("label", { class: "step-number" }, h("span", { class: "sr" }, t("replay.step")),
      h("input", { type: "number", id: "step-number", min: "0", max: String(page.ply), value: String(at),
                   on: { change: (/** @type {Event} */ e) => go(Number(/** @type {HTMLInputElement} */ (e.target).value)) } })),
    h("span", { class: "of", id: "step-of" }, t("replay.of", { at, ply: page.ply })));
}

/** "Fork from here": you at the seat on view, a chosen bot at the others. */
function forkBar() {
  if (!canFork()) return null;
  const seat = forkSeat();
  const name = page.table?.seats?.[seat]?.name ?? String(seat + 1);
  return h("section", { class: "fork", id: "fork-bar" },
    h("label", null, h("span", null, t("replay.fork_bots")), " ",
      h("select", { id: "fork-bot", on: { change: (/** @type {Event} */ e) => { page.bot = /** @type {HTMLSelectElement} */ (e.target).value; } } },
        page.bots.map((b) => h("option", { key: b, value: b, selected: page.bot === b }, t(`bot.${b}`))))),
    h("button", { type: "button", class: "primary", id: "fork", disabled: page.busy, on: { click: makeFork } },
      t("replay.fork", { name })),
    h("p", { class: "hint" }, over() ? t("replay.fork_hint") : t("replay.fork_hint_live")));
}

/** Who did what to reach the step on screen. */
function stepLine() {
  const step = page.step;
  if (!step || step.at === 0) return t("replay.deal");
  const seat = page.table?.seats?.[step.who];
  const name = seat?.name ?? String(step.who);
  const assisted = step.by && step.by !== "human" && seat && seat.kind !== "bot";   // a bot played a person's seat
  return t(assisted ? "replay.acted_for" : "replay.acted", { name });
}

function render() {
  const step = page.step;
  const game = renderer(step?.view?.game || page.table?.game);
  root.dataset.at = step ? String(step.at) : "";
  root.dataset.ply = String(page.ply);
  root.dataset.as = page.as;
  root.dataset.mode = page.missing ? "missing" : !step || !game ? "loading" : "replay";
  root.dataset.busy = page.busy ? "1" : "";
  document.title = `gloam — ${t("replay.title")}`;
  /** @type {any[]} */
  let body;
  if (page.missing) {
    body = [h("section", { class: "missing" }, h("h2", null, t("no_such_table")), h("a", { href: "/", class: "button" }, t("back_to_lobby")))];
  } else if (!step || !game) {
    body = [h("p", { class: "loading" }, page.error || t("replay.loading"))];
  } else {
    const ctx = context();
    const lines = step.events.map((/** @type {any} */ line, /** @type {number} */ i) => ({ n: i + 1, line }));
    body = [
      h("div", { class: "replay-bar" }, controls(), viewerSelect()),
      h("p", { class: "seat-line", id: "step-line" }, stepLine(), " ",
        h("a", { href: `/t/${encodeURIComponent(tableId)}`, id: "to-table" }, t(over() ? "replay.to_table" : "replay.back_to_game"))),
      page.error ? h("p", { class: "notice", role: "status" }, page.error) : null,
      ...tableBody(ctx, game, lines, page.table),
      forkBar(),
    ];
  }
  patch(root, [h("header", { class: "top" },
    h("a", { href: "/", class: "home", title: t("lobby") }, "gloam"),
    h("span", { class: "game-title" }, game ? `${game.title()} · ${t("replay.title")}` : t("replay.title"))), ...body]);
}

/** ← and → step (not in the step number, the slider or a list: they take the arrows themselves). */
function keys(/** @type {KeyboardEvent} */ e) {
  const target = /** @type {HTMLElement|null} */ (e.target);
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
  if (e.key === "ArrowLeft" && page.at > 0) { e.preventDefault(); void go(page.at - 1); }
  if (e.key === "ArrowRight" && page.at < page.ply) { e.preventDefault(); void go(page.at + 1); }
}

async function main() {
  await loadLang(chosenLang());
  page.tokens = store.tokens(tableId);
  render();
  const [info, games] = await Promise.all([
    fetch(base).then((r) => (r.ok ? r.json() : null)).catch(() => null),
    fetch("/api/games").then((r) => r.json()).catch(() => ({ games: [] })),
  ]);
  if (!info) {
    page.missing = true;
    render();
    return;
  }
  page.table = info;
  page.ply = info.ply;
  page.bots = (games.games || []).find((/** @type {any} */ g) => g.name === info.game)?.bots || [];
  page.bot = page.bots.includes("normal") ? "normal" : page.bots.includes("greedy") ? "greedy" : page.bots[0] || "random";
  const held = Object.keys(page.tokens).sort();
  page.as = held.length ? held[0] : revealed() ? "all" : "spectator";
  document.addEventListener("keydown", keys);
  await go(over() ? 0 : info.ply);
}

void main();
