// What the five games' views share: SVG pieces, the players' colours and
// the parsing of a position text's fields.

/** Sixteen player colours, told apart also by the letter or digit drawn on them. */
export const PLAYER_COLOURS = [
  "#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00acc1", "#6d4c41", "#d81b60",
  "#7cb342", "#3949ab", "#fdd835", "#546e7a", "#f4511e", "#26a69a", "#5e35b1", "#c0ca33",
];

export function playerColour(p) {
  return PLAYER_COLOURS[(p - 1) % PLAYER_COLOURS.length];
}

/** Black or white, whichever reads on `fill`. */
export function ink(fill) {
  const n = parseInt(fill.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111" : "#fff";
}

export function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

export function circle(x, y, r, attrs = "") {
  return `<circle cx="${x.toFixed(3)}" cy="${y.toFixed(3)}" r="${r.toFixed(3)}" ${attrs}/>`;
}

export function label(x, y, text, fill = "#111", cls = "letter") {
  return `<text class="${cls}" x="${x.toFixed(3)}" y="${y.toFixed(3)}" fill="${fill}">${esc(text)}</text>`;
}

/** A target the player can point at: a hit area and a legal mark. */
export function target(t, shape) {
  const legal = t.moves.length > 0 ? " legal" : "";
  return `<g class="t${legal}" data-t="${t.id}" role="gridcell" aria-label="${esc(t.label)}">${shape}</g>`;
}
