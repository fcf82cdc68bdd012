// @ts-check
/**
 * The lobby (/): make a table (the game, each seat a person at this screen or a bot of
 * some level, the sets, the archive setup, the variants and moons, the number of
 * Creatures), and the tables this browser holds seats at, live and finished, and other
 * live tables to watch.
 */

import { h, patch } from "./dom.js";
import { chosenLang, lang, loadLang, setLang, t } from "./i18n.js";
import * as store from "./store.js";

const root = /** @type {HTMLElement} */ (document.getElementById("lobby"));

const DEFAULT_BOT = { nightfall: "heuristic", nightmarium: "greedy" };

/**
 * @typedef {Object} Seat
 * @property {string} kind  "human" or "bot:NAME"
 * @property {string} name
 */

const page = {
  /** @type {any} the choices from GET /api/options */
  options: null,
  /** @type {any[]} GET /api/tables */
  tables: [],
  error: "",
  busy: false,
  form: {
    game: "nightfall",
    /** @type {Seat[]} */
    seats: [{ kind: "human", name: "" }, { kind: "bot:heuristic", name: "" }],
    sets: ["CW"],
    archives: "quick",
    moons: true,
    long: false,
    promos: false,
    /** @type {Record<string, boolean>} */
    variants: {},
    creatures: 5,
    first: "0",
    table: { visibility: "public", spectators: true, undo: true, takeover_bot: "normal", turn_seconds: "" },
  },
};

/** The form's last state, so the next table starts from it. */
function restoreForm() {
  const saved = store.setting("lobby-form", null);
  if (saved && typeof saved === "object" && Array.isArray(saved.seats)) {
    const table = { ...page.form.table, ...(saved.table || {}) };
    Object.assign(page.form, saved, { table });
  }
}

/** @returns {any} this game's choices */
function gameOptions() {
  return page.options?.games?.[page.form.game] || { players: [2, 5], bots: [] };
}

/** @param {string} kind */
function botOf(kind) {
  return kind.startsWith("bot:") ? kind.slice(4) : null;
}

/** Seat limits: 2-5, and 6 with Team Play. */
function maxSeats() {
  const range = gameOptions().players;
  return page.form.game === "nightfall" && page.form.variants.teams ? 6 : range[1];
}

/**
 * @param {string} game
 */
function chooseGame(game) {
  const f = page.form;
  f.game = game;
  const bots = gameOptions().bots;
  const fallback = /** @type {Record<string, string>} */ (DEFAULT_BOT)[game] || bots[0];
  f.seats = f.seats.slice(0, maxSeats()).map((s) => {
    const bot = botOf(s.kind);
    return bot && !bots.includes(bot) ? { ...s, kind: `bot:${fallback}` } : s;
  });
  render();
}

/** The request body for POST /api/tables. */
function body() {
  const f = page.form;
  /** @type {Record<string, any>} */
  const setup = {};
  if (f.game === "nightfall") {
    Object.assign(setup, { sets: f.sets, archives: f.archives, moons: f.moons, long: f.long, promos: f.promos });
    for (const [name, on] of Object.entries(f.variants)) if (on) setup[name] = true;
  } else {
    setup.creatures = Number(f.creatures);
  }
  setup.first_player = f.first === "random" ? "random" : Number(f.first);
  const names = f.seats.map((s, i) => s.name.trim() || defaultName(s, i));
  const o = f.table;
  /** @type {Record<string, any>} */
  const options = { visibility: o.visibility, spectators: o.spectators, undo: o.undo, takeover_bot: o.takeover_bot };
  if (String(o.turn_seconds).trim()) options.turn_seconds = Number(o.turn_seconds);
  return { game: f.game, seats: f.seats.map((s) => s.kind), names, setup, options };
}

/**
 * @param {Seat} seat
 * @param {number} i
 */
function defaultName(seat, i) {
  const bot = botOf(seat.kind);
  if (bot) {
    const name = t("bot_name", { bot: t(`bot.${bot}`) });
    const same = page.form.seats.filter((s) => s.kind === seat.kind);
    const number = same.length > 1 ? ` ${same.indexOf(seat) + 1}` : "";
    return name.charAt(0).toUpperCase() + name.slice(1) + number;
  }
  const people = page.form.seats.slice(0, i + 1).filter((s) => s.kind === "human" || s.kind === "open").length;
  return t("player_n", { n: people });
}

async function create() {
  if (page.busy) return;
  page.busy = true;
  page.error = "";
  render();
  try {
    const response = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body()),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      page.error = typeof data.detail === "string" ? data.detail : t("create_failed", { status: response.status });
      return;
    }
    store.rememberTable(data);
    store.setSetting("lobby-form", page.form);
    location.assign(data.url);
  } catch (err) {
    page.error = t("create_failed", { status: String(err) });
  } finally {
    page.busy = false;
    render();
  }
}

/**
 * A labelled checkbox bound to a form field.
 * @param {string} id
 * @param {string} label
 * @param {boolean} checked
 * @param {(on: boolean) => void} set
 */
function checkbox(id, label, checked, set) {
  return h("label", { class: "check", key: id },
    h("input", { type: "checkbox", id, checked, on: { change: (/** @type {Event} */ e) => {
      set(/** @type {HTMLInputElement} */ (e.target).checked);
      render();
    } } }), " ", label);
}

/**
 * A select bound to a form field.
 * @param {string} id
 * @param {string} value
 * @param {[string, string][]} choices  value, label
 * @param {(value: string) => void} set
 */
function select(id, value, choices, set) {
  return h("select", { id, on: { change: (/** @type {Event} */ e) => {
    set(/** @type {HTMLSelectElement} */ (e.target).value);
    render();
  } } }, choices.map(([v, label]) => h("option", { key: v, value: v, selected: v === value }, label)));
}

function seatRows() {
  const f = page.form;
  const bots = gameOptions().bots;
  /** @type {[string, string][]} */
  const kinds = [["human", t("seat.human")], ["open", t("lobby.seat_open")], ...bots.map((/** @type {string} */ b) => /** @type {[string, string]} */ ([`bot:${b}`, t("seat.bot", { bot: t(`bot.${b}`) })]))];
  return h("fieldset", { class: "seats" },
    h("legend", null, t("seats")),
    h("ol", null, f.seats.map((seat, i) => h("li", { key: `seat${i}`, class: "seat-row" },
      select(`seat-${i}`, seat.kind, kinds, (v) => { seat.kind = v; }),
      h("input", { type: "text", id: `name-${i}`, maxlength: 40, placeholder: defaultName(seat, i), value: seat.name,
                   "aria-label": t("name"), on: { input: (/** @type {Event} */ e) => { seat.name = /** @type {HTMLInputElement} */ (e.target).value; } } }),
      f.seats.length > gameOptions().players[0]
        ? h("button", { type: "button", class: "link", "aria-label": t("remove_seat"),
                        on: { click: () => { f.seats.splice(i, 1); render(); } } }, "×") : null))),
    f.seats.length < maxSeats() ? h("button", { type: "button", id: "add-seat", class: "secondary", on: { click: () => {
      f.seats.push({ kind: `bot:${/** @type {Record<string, string>} */ (DEFAULT_BOT)[f.game]}`, name: "" });
      render();
    } } }, t("add_seat")) : null,
    h("p", { class: "hint" }, t("hotseat_hint")));
}

function nightfallFields() {
  const f = page.form;
  const o = gameOptions();
  const drafting = (o.drafts || []).includes(f.archives);
  return [
    h("fieldset", { key: "sets" }, h("legend", null, t("sets")),
      (o.sets || []).map((/** @type {any} */ s) => checkbox(`set-${s.code}`, `${s.title}${s.standalone ? "" : ` (${t("not_standalone")})`}`,
        f.sets.includes(s.code), (on) => {
          f.sets = on ? [...f.sets, s.code] : f.sets.filter((c) => c !== s.code);
        }))),
    h("fieldset", { key: "archives" }, h("legend", null, t("archives_setup")),
      select("archives", f.archives, (o.archives || ["quick"]).map((/** @type {string} */ a) => /** @type {[string, string]} */ ([a, t(`archives.${a}`)])),
        (v) => { f.archives = v; })),
    h("fieldset", { key: "extras" }, h("legend", null, t("options")),
      checkbox("moons", t("moons"), f.moons, (on) => { f.moons = on; }),
      checkbox("long", t("long"), f.long, (on) => { f.long = on; }),
      checkbox("promos", t("promos"), f.promos, (on) => { f.promos = on; })),
    h("fieldset", { key: "variants" }, h("legend", null, t("variants")),
      (o.variants || []).map((/** @type {string} */ name) => checkbox(`variant-${name}`, t(`variant.${name}`), Boolean(f.variants[name]),
        (on) => { f.variants[name] = on; })),
      drafting ? null : h("p", { class: "hint" }, t("draft_variants_hint"))),
  ];
}

function nightmariumFields() {
  const f = page.form;
  return [h("fieldset", { key: "creatures" }, h("legend", null, t("creatures_to_win")),
    select("creatures", String(f.creatures), (gameOptions().creatures || [5, 6, 7]).map((/** @type {number} */ n) => /** @type {[string, string]} */ ([String(n), String(n)])),
      (v) => { f.creatures = Number(v); }))];
}

/** The table's own options: listed or private, spectators, undo, the bot for absent players, a clock. */
function tableOptions() {
  const o = page.form.table;
  return h("fieldset", { key: "table-options", class: "table-options" }, h("legend", null, t("options")),
    checkbox("opt-public", t("lobby.visibility"), o.visibility === "public", (on) => { o.visibility = on ? "public" : "private"; }),
    checkbox("opt-spectators", t("lobby.spectators"), o.spectators, (on) => { o.spectators = on; }),
    checkbox("opt-undo", t("lobby.undo"), o.undo, (on) => { o.undo = on; }),
    h("label", null, t("lobby.takeover_bot"), " ",
      select("opt-takeover", o.takeover_bot, [["normal", t("bot.normal")], ["hard", t("bot.hard")]], (v) => { o.takeover_bot = v; })),
    h("label", null, t("lobby.turn_clock"), " ",
      h("input", { type: "number", id: "opt-clock", min: 10, max: 86400, value: o.turn_seconds,
                   on: { input: (/** @type {Event} */ e) => { o.turn_seconds = /** @type {HTMLInputElement} */ (e.target).value; } } })));
}

function formView() {
  const f = page.form;
  /** @type {[string, string][]} */
  const firsts = f.seats.map((s, i) => /** @type {[string, string]} */ ([String(i), s.name.trim() || defaultName(s, i)]));
  if (f.game === "nightfall") firsts.push(["random", t("random")]);
  if (Number(f.first) >= f.seats.length) f.first = "0";
  return h("form", { id: "new-table", class: "new-table", on: { submit: (/** @type {Event} */ e) => { e.preventDefault(); void create(); } } },
    h("h2", null, t("new_table")),
    h("fieldset", { class: "game-choice" }, h("legend", null, t("game")),
      ["nightfall", "nightmarium"].map((g) => h("label", { key: g, class: "radio" },
        h("input", { type: "radio", name: "game", value: g, id: `game-${g}`, checked: f.game === g,
                     on: { change: () => chooseGame(g) } }), " ", g === "nightfall" ? "Nightfall" : "Nightmarium"))),
    seatRows(),
    f.game === "nightfall" ? nightfallFields() : nightmariumFields(),
    h("fieldset", { key: "first" }, h("legend", null, t("first_player")), select("first", f.first, firsts, (v) => { f.first = v; })),
    tableOptions(),
    page.error ? h("p", { class: "error", role: "alert" }, page.error) : null,
    h("button", { type: "submit", id: "create", class: "primary", disabled: page.busy || !page.options }, t("create_table")));
}

/**
 * One table in a list.
 * @param {any} row  from GET /api/tables
 * @param {boolean} mine
 */
function tableRow(row, mine) {
  const names = (row.seats || []).map((/** @type {any} */ s) => s.name).join(" · ");
  const winners = row.result ? row.result.winners.map((/** @type {number} */ w) => row.seats?.[w]?.name ?? w).join(", ") : "";
  return h("li", { key: row.id, class: "table-row" },
    h("a", { href: `/t/${row.id}` }, row.game === "nightfall" ? "Nightfall" : "Nightmarium"),
    h("span", { class: "names" }, names),
    row.result ? h("span", { class: "res" }, winners ? t("won_by", { names: winners }) : t("no_winner")) : null,
    h("span", { class: "when" }, new Date(row.created_at || row.created || 0).toLocaleString(lang())),
    row.status === "open" ? h("span", { class: "open-seats" }, t("lobby.seats_free", {
      n: (row.seats || []).filter((/** @type {any} */ s) => s.kind === "open").length })) : null,
    mine || row.status === "open" ? null : h("span", { class: "watch" }, t("watch")));
}

function listsView() {
  const mine = store.myTables();
  const known = new Map(page.tables.map((r) => [r.id, r]));
  const minesRows = mine.map((m) => known.get(m.id) || { id: m.id, game: m.game, status: "live", created_at: m.created,
    seats: m.names.map((name) => ({ name })) });
  const live = minesRows.filter((r) => r.status === "live" || r.status === "open");
  const done = minesRows.filter((r) => r.status === "finished");
  const mineIds = new Set(mine.map((m) => m.id));
  const others = page.tables.filter((r) => !mineIds.has(r.id) && r.status === "live" && r.spectators !== false).slice(0, 20);
  const joinable = page.tables.filter((r) => !mineIds.has(r.id) && r.status === "open").slice(0, 20);
  const list = (/** @type {string} */ id, /** @type {string} */ title, /** @type {any[]} */ rows, /** @type {boolean} */ own) =>
    h("section", { class: "tables", id }, h("h2", null, title),
      rows.length ? h("ul", null, rows.map((r) => tableRow(r, own))) : h("p", { class: "empty" }, t("none_yet")));
  return [list("in-progress", t("in_progress"), live, true),
          joinable.length ? list("open-seats", t("lobby.open_tables"), joinable, false) : null,
          list("finished", t("finished"), done, true), list("watch", t("others_live"), others, false)];
}

/** Whether this browser has a table in progress (a phone shows those first). */
function hasLive() {
  const status = new Map(page.tables.map((r) => [r.id, r.status]));
  return store.myTables().some((m) => (status.get(m.id) || "live") === "live");
}

function render() {
  document.title = "gloam";
  patch(root, [
    h("header", { class: "top" }, h("span", { class: "home" }, "gloam"), h("span", { class: "game-title" }, t("lobby")),
      h("span", { class: "spacer" }),
      h("label", { class: "lang" }, h("span", { class: "sr" }, t("language")),
        h("select", { id: "lang", "aria-label": t("language"), on: { change: async (/** @type {Event} */ e) => {
          await setLang(/** @type {"en"|"ja"} */ (/** @type {HTMLSelectElement} */ (e.target).value));
          render();
        } } },
        h("option", { key: "en", value: "en", selected: lang() === "en" }, "English"),
        h("option", { key: "ja", value: "ja", selected: lang() === "ja" }, "日本語")))),
    h("div", { class: `lobby-grid${hasLive() ? " has-live" : ""}` }, formView(), h("div", { class: "lists" }, listsView())),
  ]);
}

async function main() {
  await loadLang(chosenLang());
  restoreForm();
  render();
  const [options, tables] = await Promise.all([
    fetch("/api/options").then((r) => r.json()).catch(() => null),
    fetch("/api/tables").then((r) => r.json()).catch(() => ({ tables: [] })),
  ]);
  page.options = options;
  page.tables = tables?.tables || [];
  const listed = new Set(page.tables.map((r) => r.id));
  const missing = store.myTables().filter((m) => !listed.has(m.id)).slice(0, 20);
  const more = await Promise.all(missing.map((m) => fetch(`/api/tables/${encodeURIComponent(m.id)}`)
    .then((r) => (r.ok ? r.json() : null)).catch(() => null)));
  for (const row of more) if (row) page.tables.push({ ...row, created_at: missing.find((m) => m.id === row.id)?.created });
  if (!options) page.error = t("options_failed");
  chooseGame(page.form.game);
}

void main();
