// The engine's worker: searches off the page's thread, so the page never
// freezes. A message {id, game, text, limits} is answered by progress
// messages and then {id, result} (or {id, error}). A trap in the module
// (a WebAssembly.RuntimeError) is answered {id, trapped} and ends the
// worker: the page starts a new one.
import { init, load, search } from "./atom4.js";

const ready = init();

function run({ id, game, text, limits }) {
  try {
    const state = load(game, { text });
    const result = search(state, { ...limits, onProgress: (progress) => self.postMessage({ id, progress }) });
    self.postMessage({ id, result });
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      self.postMessage({ id, trapped: String(e.message ?? e) });
      self.close();
      return;
    }
    self.postMessage({ id, error: String(e.message ?? e) });
  }
}

self.onmessage = (event) => {
  ready.then(
    () => run(event.data),
    (e) => self.postMessage({ id: event.data.id, trapped: `the module did not load: ${e.message ?? e}` }),
  );
};
