// @ts-check
/**
 * The page's own words (buttons, headings, the lobby form) in English or Japanese, from
 * /static/i18n/{en,ja}.json. Game words (card names, phases, options, log lines) come
 * from the server already in the table's language.
 */

export const LANGS = /** @type {const} */ (["en", "ja"]);
const KEY = "gloam.lang";

/** @type {Record<string, string>} */
let words = {};
/** @type {Record<string, string>} */
let fallback = {};
let current = "en";

/**
 * The language the person chose, else the browser's if it is Japanese, else English.
 * @returns {"en"|"ja"}
 */
export function chosenLang() {
  const stored = safeGet(KEY);
  if (stored === "en" || stored === "ja") return stored;
  return (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** @param {string} key */
function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Load a language's table (and English beneath it for any missing word).
 * @param {"en"|"ja"} lang
 */
export async function loadLang(lang) {
  const get = async (/** @type {string} */ code) => {
    const response = await fetch(`/static/i18n/${code}.json`);
    if (!response.ok) throw new Error(`i18n ${code}: HTTP ${response.status}`);
    return response.json();
  };
  fallback = await get("en");
  words = lang === "en" ? fallback : await get(lang);
  current = lang;
  document.documentElement.lang = lang;
}

/**
 * Remember the choice and load it.
 * @param {"en"|"ja"} lang
 */
export async function setLang(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page */
  }
  await loadLang(lang);
}

/** @returns {"en"|"ja"} */
export function lang() {
  return current === "ja" ? "ja" : "en";
}

/**
 * A word of the page, with `{name}` placeholders filled in; with `n` of 1, the word's
 * singular (`key.one`) where it has one ("1 seat", not "1 seat(s)").
 * @param {string} key
 * @param {Record<string, string|number>} [params]
 * @returns {string}
 */
export function t(key, params) {
  const one = params?.n === 1 ? words[`${key}.one`] ?? fallback[`${key}.one`] : undefined;
  let text = one ?? words[key] ?? fallback[key] ?? key;
  if (params) for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}
