// The engine's worker: searches off the page's thread, so the page never
// freezes. A message {id, game, text, limits} is answered by progress
// messages and then {id, result} (or {id, error}). A trap in the module
// ends the worker with an error; the page starts a new one.
import { init, load, search } from "./atom4.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, game, text, limits } = event.data;
  await ready;
  try {
    const state = load(game, { text });
    const result = search(state, { ...limits, onProgress: (progress) => self.postMessage({ id, progress }) });
    self.postMessage({ id, result });
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) throw e; // a trap: let the page restart us
    self.postMessage({ id, error: String(e.message ?? e) });
  }
};

ready.then(() => self.postMessage({ ready: true }));
