// @ts-check
/**
 * Moves and their pace. Frames are played in order through a queue: each frame of
 * someone else's move is held on screen for a minimum time (the chosen pace), so a bot's
 * quick run of actions stays readable; the viewer's own act shows at once. A render runs inside `document.startViewTransition` when the browser has
 * it and the person has not asked for reduced motion, so a card (its element carries
 * `view-transition-name: c-<instance id>`) flies from the hand to the chain to a pile.
 */

/** Milliseconds a frame of someone else's move stays before the next is shown. */
export const PACES = { slow: 1200, normal: 600, fast: 200, instant: 0 };

/** When more frames than this wait, the queue skips to the newest (after a reconnect). */
const BACKLOG = 40;

const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

/** @returns {boolean} */
export function motionAllowed() {
  return !(reduced && reduced.matches);
}

/**
 * Run a DOM update, animated when allowed.
 * @param {() => void} update
 * @param {boolean} animate
 * @returns {Promise<void>}
 */
export function transition(update, animate) {
  const doc = /** @type {any} */ (document);
  if (!animate || !motionAllowed() || typeof doc.startViewTransition !== "function" || document.hidden) {
    update();
    return Promise.resolve();
  }
  const vt = doc.startViewTransition(update);
  return vt.updateCallbackDone.then(() => undefined, () => undefined);
}

/**
 * @template F
 * A queue that plays frames one by one.
 */
export class FrameQueue {
  /**
   * @param {(frame: F) => void} show  draws one frame
   * @param {(frame: F) => boolean} hold  whether this frame is someone else's move
   * @param {() => number} pace  the hold in milliseconds
   * @param {(older: F, newer: F) => F} merge  one frame standing for two (a backlog skipped)
   */
  constructor(show, hold, pace, merge) {
    this.show = show;
    this.holdFor = hold;
    this.pace = pace;
    this.merge = merge;
    /** @type {F[]} */
    this.queue = [];
    this.running = false;
    /** when the frame on screen has been seen long enough (performance.now()) */
    this.readyAt = 0;
  }

  /**
   * @param {F} frame
   * @param {boolean} [now]  drop what waits and show this at once (a welcome)
   */
  push(frame, now = false) {
    if (now) {
      this.queue = [];
      this.readyAt = 0;
    }
    this.queue.push(frame);
    if (!this.running) void this.run();
  }

  async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        while (this.queue.length > BACKLOG) {
          const older = /** @type {F} */ (this.queue.shift());
          this.queue[0] = this.merge(older, this.queue[0]);
        }
        const wait = this.readyAt - performance.now();
        if (wait > 0 && !document.hidden) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        const frame = /** @type {F} */ (this.queue.shift());
        const hold = this.holdFor(frame) ? this.pace() : 0;
        await transition(() => this.show(frame), hold > 0);
        this.readyAt = hold > 0 ? performance.now() + hold : 0;
      }
    } finally {
      this.running = false;
    }
  }
}
