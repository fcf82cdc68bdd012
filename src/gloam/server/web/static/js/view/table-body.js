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
 * The result banner (once over), the board, the decision bar and the log.
 * @param {import("./common.js").Ctx} ctx
 * @param {any} game  a renderer from GAMES
 * @param {{n: number, line: any}[]} lines
 * @param {any} table  the table's info (for the result)
 */
export function tableBody(ctx, game, lines, table) {
  const over = game.result(ctx.view, table);
  const [what, waiting] = game.decisionWhat(ctx.view);
  return [
    over ? resultBanner(ctx, over.winners, over.reason, over.detail) : null,
    h("div", { class: "layout" },
      h("div", { class: "board-wrap" }, game.board(ctx)),
      h("div", { class: "side" }, decisionBar(ctx, what, waiting), logView(ctx, lines))),
  ];
}
