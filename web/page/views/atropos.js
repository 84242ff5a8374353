// Atropos: the Sperner triangle, its coloured borders, the circles still
// open, a colour chosen for each move, the losing triangle at the end.
import { circle, label, target, ink } from "./common.js";

export const COLOURS = { 1: ["#e53935", "red", "R"], 2: ["#1e88e5", "blue", "B"], 3: ["#43a047", "green", "G"] };
const ROW = Math.sqrt(3) / 2;
const DIRS = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

/** The circles in the layout's order: rows from the top (h = n+1 down to 0). */
export function circles(n) {
  const out = [];
  for (let h = n + 1; h >= 0; h--) {
    const [start, len] = h === 0 ? [1, n + 1] : [0, n + 3 - h];
    for (let l = start; l < start + len; l++) out.push({ h, l, r: n + 2 - h - l });
  }
  return out;
}

/** The three circles of the tri-coloured triangle made by the last play, if any. */
export function losingTriangle(n, spots, last) {
  if (!last) return null;
  const all = circles(n);
  const colour = new Map(all.map((c, i) => [`${c.h},${c.l}`, spots[i].colour]));
  const key = (h, l) => `${h},${l}`;
  const around = DIRS.map(([dh, dl]) => [last.h + dh, last.l + dl]);
  for (let k = 0; k < 6; k++) {
    const a = around[k];
    const b = around[(k + 1) % 6];
    const cols = [colour.get(key(last.h, last.l)), colour.get(key(...a)), colour.get(key(...b))];
    if (cols.every((c) => c > 0) && new Set(cols).size === 3) return [[last.h, last.l], a, b];
  }
  return null;
}

function lastPlay(text) {
  const m = text.match(/LastPlay:\((\d+),(\d+),(\d+),(\d+)\)/);
  return m ? { c: Number(m[1]), h: Number(m[2]), l: Number(m[3]), r: Number(m[4]) } : null;
}

export const atropos = {
  playerName: (p) => `Player ${p}`,
  modes: [1, 2, 3].map((c) => ({ key: String(c), value: c, label: `${COLOURS[c][1]} (${c})`, fill: COLOURS[c][0] })),
  defaultMode: 1,

  draw({ state, spots, layout, legal, changed, mode }) {
    const n = layout.side;
    const all = circles(n);
    const pos = ({ h, l }) => [l + h / 2, (n + 1 - h) * ROW + 0.5];
    const byCircle = new Map();
    for (const m of legal) {
      const [c, h, l] = m.slice(1, -1).split(",").map(Number);
      const k = `${h},${l}`;
      if (!byCircle.has(k)) byCircle.set(k, []);
      byCircle.get(k)[c - 1] = m;
    }
    const targets = [];
    let svg = "";
    all.forEach((c, i) => {
      const [x, y] = pos(c);
      const open = byCircle.get(`${c.h},${c.l}`) ?? [];
      const moves = open.filter(Boolean);
      const spot = spots[i];
      const t = { id: i, x, y, moves, tryMove: `(${mode},${c.h},${c.l},${c.r})` };
      t.pick = (colour) => open[colour - 1];
      const col = COLOURS[spot.colour];
      t.label = `circle ${c.h},${c.l},${c.r} ${col ? col[1] : moves.length ? "open" : "empty"}`;
      let shape = circle(x, y, 0.47, 'class="hit"') + circle(x, y, 0.4, 'class="cellbg"');
      if (col) shape += circle(x, y, 0.4, `fill="${col[0]}" stroke="#555" stroke-width=".03"`) + label(x, y, col[2], ink(col[0]));
      if (moves.length) shape += circle(x, y, 0.33, 'class="mark"');
      if (changed.has(i)) shape += circle(x, y, 0.45, 'class="changed"');
      svg += target(t, shape);
      targets.push(t);
    });
    if (state.isGameOver()) {
      const tri = losingTriangle(n, spots, lastPlay(state.text()));
      if (tri) {
        const pts = tri.map(([h, l]) => pos({ h, l }).map((v) => v.toFixed(3)).join(",")).join(" ");
        svg += `<polygon class="lose" points="${pts}"><title>the losing triangle</title></polygon>`;
      }
    }
    return { svg, targets, viewBox: [0, 0, n + 2, (n + 1) * ROW + 1] };
  },

  info({ mode }) {
    return `<div>Colour to play: <strong>${COLOURS[mode][1]}</strong> (keys 1, 2, 3)</div>`;
  },

  result({ state }) {
    const r = state.returns();
    const last = lastPlay(state.text());
    const where = last ? ` (${last.c},${last.h},${last.l},${last.r} made a triangle of three colours)` : "";
    return `Player ${r[0] > 0 ? 1 : 2} wins${where}.`;
  },
};
