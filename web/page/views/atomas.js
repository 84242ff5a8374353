// Atomas: the ring drawn as a ring, the atom in hand in its middle, the
// score; a number, + or B goes into a gap, C copies an entry, - takes one.
import { circle, label, target, esc, ink } from "./common.js";

function atomColour(symbol, value) {
  if (symbol === "+") return "#e53935";
  if (symbol === "-") return "#1e88e5";
  if (symbol === "B") return "#212121";
  if (symbol === "C") return "#eeeeee";
  return `hsl(${(value * 47) % 360} 65% 45%)`;
}

function hex(colour) {
  // ink() wants #rrggbb; hsl colours here are mid-dark: white reads on them.
  return colour.startsWith("#") ? colour : "#333333";
}

export function fields(text) {
  const f = Object.fromEntries(text.split(" ").map((kv) => kv.split("=")));
  return { ring: f.ring === "" ? [] : f.ring.split(","), hand: f.hand, score: Number(f.score), move: Number(f.move) };
}

export const atomas = {
  playerName: () => "You",
  modes: [
    { key: "n", value: "n", label: "keep the atom (n)" },
    { key: "y", value: "y", label: "make it a plus (y)" },
  ],
  defaultMode: "n",
  modeFor: (state) => fields(state.text()).hand === "-",

  draw({ state, spots, layout, legal, mode, changed }) {
    const n = layout.entries;
    const f = fields(state.text());
    const R = 3.2;
    const [cx, cy] = [4.5, 4.5];
    const at = (k) => [cx + R * Math.sin((2 * Math.PI * k) / Math.max(n, 1)), cy - R * Math.cos((2 * Math.PI * k) / Math.max(n, 1))];
    const onEntries = f.hand === "-" || f.hand === "C";
    const legalSet = new Set(legal);
    const targets = [];
    let svg = circle(cx, cy, R, 'fill="none" stroke="#c9c6bd" stroke-width=".05"');
    for (let k = 0; k < n; k++) {
      const [x, y] = at(k);
      const spot = spots[k];
      const sym = spot.symbol === "#" ? String(spot.count) : spot.symbol;
      const fill = atomColour(spot.symbol, spot.count);
      let shape = circle(x, y, 0.55, `fill="${fill}" stroke="#333" stroke-width=".03"`) + label(x, y, sym, ink(hex(fill)));
      if (changed.has(k)) shape += circle(x, y, 0.62, 'class="changed"');
      if (onEntries) {
        const moves = f.hand === "-" ? [`${k} ${mode}`].filter((m) => legalSet.has(m)) : [`${k}`].filter((m) => legalSet.has(m));
        const t = { id: k, x, y, moves, tryMove: f.hand === "-" ? `${k} ${mode}` : `${k}`, label: `entry ${k}: ${sym}` };
        t.pick = (m) => (f.hand === "-" ? `${k} ${m}` : `${k}`);
        shape = circle(x, y, 0.62, 'class="hit"') + shape + (moves.length ? circle(x, y, 0.66, 'class="mark"') : "");
        svg += target(t, shape);
        targets.push(t);
      } else {
        svg += `<g aria-hidden="true">${shape}</g>`;
      }
    }
    if (!onEntries) {
      const gaps = Math.max(n, 1);
      for (let k = 0; k < gaps; k++) {
        const [x, y] = n === 0 ? [cx, cy - R] : at(k + 0.5);
        const move = `${k}`;
        const t = { id: 100 + k, x, y, moves: legalSet.has(move) ? [move] : [], tryMove: move, label: `gap ${k} after entry ${k}` };
        const shape = circle(x, y, 0.35, 'class="hit"') + circle(x, y, 0.18, 'fill="#bbb"') + (t.moves.length ? circle(x, y, 0.3, 'class="mark"') : "");
        svg += target(t, shape);
        targets.push(t);
      }
    }
    if (f.hand !== ".") {
      const fill = atomColour(f.hand, Number(f.hand));
      svg += circle(cx, cy, 0.8, `fill="${fill}" stroke="#ff9800" stroke-width=".1"`) + label(cx, cy, f.hand, ink(hex(fill)));
    }
    return { svg, targets, viewBox: [0, 0, 9, 9] };
  },

  info({ state }) {
    const f = fields(state.text());
    return `<div>Score <strong class="score">${f.score}</strong>, move ${f.move}, ${f.ring.length} atoms on the ring.
      In hand: <strong>${esc(f.hand === "." ? "(drawing)" : f.hand)}</strong></div>`;
  },

  result({ state }) {
    return `Game over: the ring is full. Score ${fields(state.text()).score}.`;
  },

  autoHint: true,
};
