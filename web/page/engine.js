// The page's engine: searches in a Web Worker; `stop()` ends the worker
// (no SharedArrayBuffer is needed to interrupt it) and starts another; a
// worker that dies (the module trapped) is started again too.

export class Engine {
  #worker = null;
  #pending = null; // {id, resolve, reject, onProgress}
  #next = 1;
  onRestart = () => {};

  constructor() {
    this.#start();
  }

  #start() {
    this.#worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.#worker.onmessage = (e) => this.#answer(e.data);
    this.#worker.onerror = (e) => {
      e.preventDefault();
      this.#fail(`the engine stopped (${e.message || "the module trapped"}); it was restarted`);
      this.#restart();
    };
  }

  #restart() {
    this.#worker.terminate();
    this.#start();
    this.onRestart();
  }

  #answer(data) {
    const p = this.#pending;
    if (p === null || data.id !== p.id) return;
    if (data.progress) {
      p.onProgress?.(data.progress);
      return;
    }
    this.#pending = null;
    if (data.trapped) {
      p.reject(Object.assign(new Error(`the engine stopped (${data.trapped}); it was restarted`), { stopped: true }));
      this.#restart();
    } else if (data.error) p.reject(new Error(data.error));
    else p.resolve(data.result);
  }

  #fail(message) {
    const p = this.#pending;
    this.#pending = null;
    p?.reject(Object.assign(new Error(message), { stopped: true }));
  }

  get busy() {
    return this.#pending !== null;
  }

  /** The engine's choice for `state` (a position text of `game`) within `limits`. */
  think(game, text, limits, onProgress) {
    if (this.#pending) this.stop();
    return new Promise((resolve, reject) => {
      const id = this.#next++;
      this.#pending = { id, resolve, reject, onProgress };
      this.#worker.postMessage({ id, game, text, limits });
    });
  }

  /** Ends the search at once: its promise is rejected with `stopped`. */
  stop() {
    if (this.#pending === null) return;
    this.#fail("stopped");
    this.#restart();
  }
}
