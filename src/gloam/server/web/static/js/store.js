// @ts-check
/**
 * What this browser remembers, in localStorage: the seat tokens of each table it made
 * (a token is shown once by the server and is the seat) and the list of "my tables" for
 * the lobby. Tokens travel only in a socket's hello frame.
 */

const TABLES = "gloam.tables";
const tokenKey = (/** @type {string} */ id) => `gloam.tokens.${id}`;
const hostKey = (/** @type {string} */ id) => `gloam.host.${id}`;
const inviteKey = (/** @type {string} */ id) => `gloam.invites.${id}`;

/**
 * @typedef {Object} MyTable
 * @property {string} id
 * @property {string} game
 * @property {number} created  ms since the epoch
 * @property {string[]} names  the seats' names
 * @property {number[]} seats  the seats this browser holds
 */

/**
 * @param {string} key
 * @returns {any}
 */
function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {any} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the seat lasts as long as the page */
  }
}

/**
 * The seat tokens held for a table, by seat number.
 * @param {string} id
 * @returns {Record<string, string>}
 */
export function tokens(id) {
  const held = read(tokenKey(id));
  if (!held || typeof held !== "object") return {};
  /** @type {Record<string, string>} */
  const out = {};
  for (const [seat, token] of Object.entries(held)) if (typeof token === "string" && /^\d+$/.test(seat)) out[seat] = token;
  return out;
}

/**
 * Keep a new table's tokens and add it to "my tables".
 * @param {{id: string, tokens: Record<string, string>, table: {game: string, seats: {name: string}[]}}} made
 */
export function rememberTable(made) {
  write(tokenKey(made.id), made.tokens);
  const m = /** @type {any} */ (made);
  if (typeof m.host === "string") write(hostKey(made.id), m.host);
  if (m.invites && typeof m.invites === "object") write(inviteKey(made.id), m.invites);
  const list = myTables().filter((t) => t.id !== made.id);
  list.unshift({
    id: made.id,
    game: made.table.game,
    created: Date.now(),
    names: made.table.seats.map((s) => s.name),
    seats: Object.keys(made.tokens).map(Number),
  });
  write(TABLES, list.slice(0, 100));
}

/**
 * Forget a token the server no longer knows (the socket was closed with 4401).
 * @param {string} id
 * @param {number} seat
 */
export function dropToken(id, seat) {
  const held = tokens(id);
  delete held[String(seat)];
  write(tokenKey(id), held);
}

/**
 * The tables this browser made, newest first.
 * @returns {MyTable[]}
 */
export function myTables() {
  const list = read(TABLES);
  return Array.isArray(list) ? list.filter((t) => t && typeof t.id === "string") : [];
}

/**
 * A small setting (the pace of the log, the last lobby form).
 * @param {string} name
 * @param {any} fallback
 */
export function setting(name, fallback) {
  const value = read(`gloam.${name}`);
  return value === null ? fallback : value;
}

/**
 * @param {string} name
 * @param {any} value
 */
export function setSetting(name, value) {
  write(`gloam.${name}`, value);
}

/**
 * Keep the token of a seat taken with an invite (or at a public table).
 * @param {string} id
 * @param {number} seat
 * @param {string} token
 * @param {{game: string, seats: {name: string}[]}} table
 */
export function addToken(id, seat, token, table) {
  const held = tokens(id);
  held[String(seat)] = token;
  const list = myTables();
  const old = list.find((x) => x.id === id);
  rememberTable({ id, tokens: held, table });
  if (old) {                              // keep where it was made and what it already knew
    const now = myTables();
    now[0].created = old.created;
    write(TABLES, now);
  }
}

/**
 * The creator's key of a table made here (it starts an open table), or null.
 * @param {string} id
 * @returns {string|null}
 */
export function host(id) {
  const key = read(hostKey(id));
  return typeof key === "string" ? key : null;
}

/**
 * The invite links of a table made here, by seat.
 * @param {string} id
 * @returns {Record<string, string>}
 */
export function invites(id) {
  const held = read(inviteKey(id));
  return held && typeof held === "object" ? held : {};
}
