// @ts-check
/**
 * The table drawn from one view, shared by the live table (table.js) and the replay
 * (replay.js): the result once it is over, the game's board, the decision bar and the
 * log. A pure function of the render context and the log's lines.
 */

import { h } from "../dom.js";
import { decisionBar, logView, resultBanner } from "./common.js";
import * as nightfall from "./nightfall.js";
import * as nightmarium from "./nightmarium.js";

/** The renderers by game name. */
export const GAMES = { nightfall, nightmarium };

/**
 * The renderer of a game (or null for a name it does not know).
 * @param {string|undefined|null} name
 * @returns {any}
 */
export function renderer(name) {
  return name ? /** @type {any} */ (GAMES)[name] ?? null : null;
}

/**
 * @typedef {Object} Extras  what a page adds around the shared table (the live table: who
 * is online, the seat's controls, the undo button, the chat)
 * @property {any[]} [top]  after the result, above the board
 * @property {any[]} [afterDecision]  under the decision bar
 * @property {any[]} [afterLog]  under the log
 */

/**
 * The result banner (once over), the board, the decision bar and the log.
 * @param {import("./common.js").Ctx} ctx
 * @param {any} game  a renderer from GAMES
 * @param {{n: number, line: any}[]} lines
 * @param {any} table  the table's info (for the result)
 * @param {Extras} [extras]
 */
export function tableBody(ctx, game, lines, table, extras = {}) {
  const over = game.result(ctx.view, table);
  const [what, waiting] = game.decisionWhat(ctx.view);
  return [
    over ? resultBanner(ctx, over.winners, over.reason, over.detail) : null,
    ...(extras.top || []),
    h("div", { class: "layout" },
      h("div", { class: "board-wrap" }, game.board(ctx)),
      h("div", { class: "side" }, decisionBar(ctx, what, waiting), ...(extras.afterDecision || []),
        logView(ctx, lines), ...(extras.afterLog || []))),
  ];
}
