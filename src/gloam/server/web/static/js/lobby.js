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
  /** @type {{ game: string, seats: Seat[], first: string, table: Record<string, any>, [field: string]: any }}
   * the game, the seats, the first player, the table's options and each game's setup fields
   * by key (their first values from GET /api/options) */
  form: {
    game: "",
    seats: [{ kind: "human", name: "" }],
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

/**
 * A game's title (GET /api/options), or its name before the options have come.
 * @param {string} game
 */
function title(game) {
  return page.options?.games?.[game]?.title || game;
}

/** @returns {any} this game's choices */
function gameOptions() {
  return page.options?.games?.[page.form.game] || { players: [2, 5], bots: [] };
}

/** @param {string} kind */
function botOf(kind) {
  return kind.startsWith("bot:") ? kind.slice(4) : null;
}

/** @returns {any[]} this game's setup fields (GET /api/options: each game's declaration) */
function fields() {
  return gameOptions().fields || [];
}

/** @returns {string} the bot a new seat of this game gets */
function defaultBot() {
  const o = gameOptions();
  return o.default_bot || o.bots[0];
}

/**
 * Whether a setup option is on: a flag field, or one choice of a flags field (a variant).
 * @param {string} name
 */
function isOn(name) {
  const f = page.form;
  for (const field of fields()) {
    if (field.key === name) return Boolean(f[name]);
    if (field.kind === "flags" && (field.choices || []).includes(name)) return Boolean(f[field.key]?.[name]);
  }
  return false;
}

/** Seat limits: the game's range, widened by an option that allows more (Nightfall's Team Play: 6). */
function maxSeats() {
  const range = gameOptions().players;
  let most = range[1];
  for (const [name, n] of Object.entries(gameOptions().form?.max_players_if || {})) if (isOn(name)) most = Math.max(most, n);
  return most;
}

/** Each field of the game its first value (from GET /api/options) unless the form holds one. */
function startFields() {
  const f = page.form;
  for (const field of fields()) {
    if (f[field.key] !== undefined) continue;
    const start = field.kind === "flags" ? {} : field.start;
    f[field.key] = Array.isArray(start) ? [...start] : start;
  }
}

/**
 * @param {string} game
 */
function chooseGame(game) {
  const f = page.form;
  f.game = game;
  startFields();
  const bots = gameOptions().bots;
  const fallback = defaultBot();
  f.seats = f.seats.slice(0, maxSeats()).map((s) => {
    const bot = botOf(s.kind);
    return bot !== null && fallback && !bots.includes(bot) ? { ...s, kind: `bot:${fallback}` } : s;
  });
  while (fallback && f.seats.length < gameOptions().players[0]) f.seats.push({ kind: `bot:${fallback}`, name: "" });
  render();
}

/** The request body for POST /api/tables. */
function body() {
  const f = page.form;
  /** @type {Record<string, any>} */
  const setup = {};
  for (const field of fields()) {
    const value = f[field.key];
    if (field.kind === "flags") {
      for (const [name, on] of Object.entries(value || {})) if (on) setup[name] = true;
    } else if (field.kind === "choice" && typeof (field.choices || [])[0] === "number") {
      setup[field.key] = Number(value);
    } else {
      setup[field.key] = value;
    }
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
      f.seats.push({ kind: `bot:${defaultBot()}`, name: "" });
      render();
    } } }, t("add_seat")) : null,
    h("p", { class: "hint" }, t("hotseat_hint")));
}

/**
 * One setup field as the form draws it.
 * @param {any} field  from GET /api/options (a game's setup option)
 */
function fieldView(field) {
  const f = page.form;
  const key = field.key;
  const choices = field.choices || [];
  if (field.kind === "sets") {
    return choices.map((/** @type {any} */ s) => checkbox(`set-${s.code}`, `${s.title}${s.standalone ? "" : ` (${t("not_standalone")})`}`,
      f[key].includes(s.code), (on) => {
        f[key] = on ? [...f[key], s.code] : f[key].filter((/** @type {string} */ c) => c !== s.code);
      }));
  }
  if (field.kind === "flags") {
    return choices.map((/** @type {string} */ name) => checkbox(`${field.words.replace(/\.$/, "")}-${name}`, t(`${field.words}${name}`),
      Boolean(f[key][name]), (on) => { f[key][name] = on; }));
  }
  if (field.kind === "flag") return checkbox(key, t(field.label), f[key], (on) => { f[key] = on; });
  const numbers = typeof choices[0] === "number";
  return select(key, String(f[key]), choices.map((/** @type {any} */ v) => /** @type {[string, string]} */ (
    [String(v), field.words ? t(`${field.words}${v}`) : String(v)])),
    (v) => { f[key] = numbers ? Number(v) : v; });
}

/** The game's setup fields, a fieldset per group, with the hints the game gives. */
function gameFields() {
  const f = page.form;
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const field of fields()) groups.set(field.group, [...(groups.get(field.group) || []), field]);
  const hints = gameOptions().form?.hints || [];
  return [...groups].map(([group, members]) => h("fieldset", { key: group }, h("legend", null, t(members[0].legend)),
    members.map(fieldView),
    hints.filter((/** @type {any} */ hint) => hint.group === group
      && !Object.entries(hint.unless || {}).some(([k, values]) => /** @type {any[]} */ (values).includes(f[k])))
      .map((/** @type {any} */ hint) => h("p", { class: "hint" }, t(hint.word)))));
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
  if (gameOptions().form?.first_random) firsts.push(["random", t("random")]);
  if (Number(f.first) >= f.seats.length) f.first = "0";
  return h("form", { id: "new-table", class: "new-table", on: { submit: (/** @type {Event} */ e) => { e.preventDefault(); void create(); } } },
    h("h2", null, t("new_table")),
    h("fieldset", { class: "game-choice" }, h("legend", null, t("game")),
      Object.keys(page.options?.games || {}).map((g) => h("label", { key: g, class: "radio" },
        h("input", { type: "radio", name: "game", value: g, id: `game-${g}`, checked: f.game === g,
                     on: { change: () => chooseGame(g) } }), " ", title(g)))),
    seatRows(),
    gameFields(),
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
    h("a", { href: `/t/${row.id}` }, title(row.game)),
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
  const games = Object.keys(options?.games || {});
  chooseGame(games.includes(page.form.game) ? page.form.game : games[0] || "");
}

void main();
