// @ts-check
/**
 * A small keyed renderer. Render functions return virtual nodes made with `h`; `patch`
 * makes a real element's children match them, reusing elements by `key` (or, unkeyed, by
 * position and tag), so a scrolled hand keeps its scroll and a card keeps its element
 * (and its view-transition name) from one update to the next.
 *
 * Text is always set as text nodes: no server string is ever parsed as HTML.
 */

/**
 * @typedef {Object} VNode
 * @property {string} tag
 * @property {string|number|undefined} key
 * @property {Props} props
 * @property {Child[]} children
 */
/** @typedef {VNode|string} Child */
/**
 * @typedef {Object<string, any>} Props  `class`, `key`, `on` (event name → handler),
 *   `style` (property → value, custom properties allowed), DOM properties listed in
 *   PROPERTIES, and everything else as attributes (`true` → present, false/null → absent).
 */

/** Set as DOM properties, not attributes (form state). */
const PROPERTIES = new Set(["value", "checked", "disabled", "selected"]);
/** Props that are not attributes. */
const SPECIAL = new Set(["key", "on", "style"]);

/**
 * A virtual element.
 * @param {string} tag
 * @param {Props|null} [props]
 * @param {...any} children strings, numbers, nodes, arrays of them; null/false/undefined dropped
 * @returns {VNode}
 */
export function h(tag, props, ...children) {
  const p = props || {};
  return { tag, key: p.key, props: p, children: flatten(children, []) };
}

/**
 * @param {any[]} items
 * @param {Child[]} out
 * @returns {Child[]}
 */
function flatten(items, out) {
  for (const item of items) {
    if (item === null || item === undefined || item === false || item === true) continue;
    if (Array.isArray(item)) flatten(item, out);
    else if (typeof item === "object") out.push(item);
    else out.push(String(item));
  }
  return out;
}

/**
 * Make `parent`'s children match `children`.
 * @param {Element} parent
 * @param {Child|Child[]} children
 */
export function patch(parent, children) {
  const wanted = flatten([children], []);
  /** @type {Map<string, Element>} */
  const keyed = new Map();
  /** @type {Node[]} */
  const loose = [];
  for (const node of Array.from(parent.childNodes)) {
    const key = /** @type {any} */ (node).__key;
    if (key !== undefined) keyed.set(key, /** @type {Element} */ (node));
    else loose.push(node);
  }
  let looseAt = 0;
  /** @type {Node[]} */
  const result = [];
  for (const child of wanted) {
    /** @type {Node|undefined} */
    let node;
    if (typeof child === "string") {
      while (looseAt < loose.length && loose[looseAt].nodeType !== Node.TEXT_NODE) looseAt++;
      node = looseAt < loose.length ? loose[looseAt++] : document.createTextNode(child);
      if (node.nodeValue !== child) node.nodeValue = child;
    } else {
      const tag = child.tag.toUpperCase();
      if (child.key !== undefined) {
        const id = child.tag + ":" + child.key;
        const found = keyed.get(id);
        if (found && found.tagName === tag) {
          keyed.delete(id);
          node = found;
        }
      } else {
        while (looseAt < loose.length && !(loose[looseAt] instanceof Element)) looseAt++;
        const found = /** @type {Element|undefined} */ (loose[looseAt]);
        if (found && found.tagName === tag) {
          node = found;
          looseAt++;
        }
      }
      node = update(/** @type {Element|undefined} */ (node), child);
    }
    result.push(node);
  }
  for (const [, node] of keyed) node.remove();
  const kept = new Set(result);
  for (const node of loose) if (!kept.has(node)) parent.removeChild(node);
  let cursor = parent.firstChild;
  for (const node of result) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}

/**
 * Create or update one element from its virtual node.
 * @param {Element|undefined} el
 * @param {VNode} v
 * @returns {Element}
 */
function update(el, v) {
  const node = el || document.createElement(v.tag);
  const old = /** @type {Props} */ (/** @type {any} */ (node).__props || {});
  setProps(node, old, v.props);
  /** @type {any} */ (node).__props = v.props;
  if (v.key !== undefined) /** @type {any} */ (node).__key = v.tag + ":" + v.key;
  patch(node, v.children);
  return node;
}

/**
 * @param {Element} el
 * @param {Props} old
 * @param {Props} props
 */
function setProps(el, old, props) {
  const html = /** @type {HTMLElement} */ (el);
  for (const name of Object.keys(old)) {
    if (name in props || SPECIAL.has(name)) continue;
    if (PROPERTIES.has(name)) /** @type {any} */ (el)[name] = name === "value" ? "" : false;
    else el.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(props)) {
    if (SPECIAL.has(name)) continue;
    if (PROPERTIES.has(name)) {
      if (/** @type {any} */ (el)[name] !== value) /** @type {any} */ (el)[name] = value;
    } else if (value === false || value === null || value === undefined) {
      el.removeAttribute(name);
    } else {
      const text = value === true ? "" : String(value);
      if (el.getAttribute(name) !== text) el.setAttribute(name, text);
    }
  }
  const oldOn = old.on || {};
  const on = props.on || {};
  for (const name of Object.keys(oldOn)) if (!(name in on)) /** @type {any} */ (el)["on" + name] = null;
  for (const [name, fn] of Object.entries(on)) /** @type {any} */ (el)["on" + name] = fn;
  const oldStyle = old.style || {};
  const style = props.style || {};
  for (const name of Object.keys(oldStyle)) if (!(name in style)) html.style.removeProperty(name);
  for (const [name, value] of Object.entries(style)) {
    if (value === null || value === undefined || value === "") html.style.removeProperty(name);
    else if (html.style.getPropertyValue(name) !== String(value)) html.style.setProperty(name, String(value));
  }
}

/**
 * Remove every child of `el`.
 * @param {Element} el
 */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}
