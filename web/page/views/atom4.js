// Atom-4: the triangular lattice (odd rows half a cell to the right), the
// eight colours with their letters, the tile to play and the colour wheel.
import { circle, label, target, esc, ink } from "./common.js";

export const COLOURS = {
  K: ["#222222", "black"], r: ["#e53935", "red"], g: ["#43a047", "green"], y: ["#fdd835", "yellow"],
  b: ["#1e88e5", "blue"], p: ["#8e24aa", "purple"], c: ["#00acc1", "cyan"], W: ["#fafafa", "white"],
};
const ROW = Math.sqrt(3) / 2;

function fields(text) {
  const [board, tile, round, scores, status] = text.split(" ");
  return { board, tile, round: Number(round), scores: scores.split("-").map(Number), status };
}

export const atom4 = {
  playerName: (p) => (p === 1 ? "White" : "Black"),

  draw({ state, spots, layout, legal, changed }) {
    const { width: w, height: h } = layout;
    const legalSet = new Set(legal);
    const targets = [];
    let svg = "";
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const cx = x + (y % 2) * 0.5 + 0.5;
        const cy = y * ROW + 0.5;
        const move = `${x},${y}`;
        const spot = spots[i];
        const t = { id: i, x: cx, y: cy, moves: legalSet.has(move) ? [move] : [], tryMove: move };
        const colour = COLOURS[spot.symbol];
        t.label = colour ? `${x},${y} ${colour[1]}` : `${x},${y} empty${t.moves.length ? ", legal" : ""}`;
        let shape = circle(cx, cy, 0.47, 'class="hit"') + circle(cx, cy, 0.42, 'class="cellbg"');
        if (colour) {
          shape += circle(cx, cy, 0.42, `fill="${colour[0]}" stroke="#555" stroke-width=".03"`);
          shape += label(cx, cy, spot.symbol, ink(colour[0]));
        }
        if (t.moves.length) shape += circle(cx, cy, 0.36, 'class="mark"');
        if (changed.has(i)) shape += circle(cx, cy, 0.45, 'class="changed"');
        svg += target(t, shape);
        targets.push(t);
      }
    }
    return { svg, targets, viewBox: [0, 0, w + 0.5, (h - 1) * ROW + 1] };
  },

  info({ state }) {
    const f = fields(state.text());
    const tile = COLOURS[f.tile];
    const wheel = ["r", "y", "g", "c", "b", "p"]
      .map((c, k) => {
        const a = (k * Math.PI) / 3 - Math.PI / 2;
        const [x, y] = [1.5 + Math.cos(a), 1.5 + Math.sin(a)];
        const on = c === f.tile ? ' stroke="#ff9800" stroke-width=".16"' : ' stroke="#555" stroke-width=".03"';
        return circle(x, y, 0.42, `fill="${COLOURS[c][0]}"${on}`) + label(x, y, c, ink(COLOURS[c][0]));
      })
      .join("");
    const centre = circle(1.5, 1.5, 0.32, `fill="${COLOURS.W[0]}" stroke="#555" stroke-width=".03"`) + label(1.5, 1.5, "W", "#111");
    return `<svg viewBox="0 0 3 3" role="img" aria-label="Colour wheel, the tile is ${esc(tile[1])}">${wheel}${centre}</svg>
      <div><div>Tile to play: <strong>${esc(tile[1])} (${esc(f.tile)})</strong></div>
      <div>Round ${f.round}</div>
      <div class="score">White ${f.scores[0]} – Black ${f.scores[1]}</div></div>`;
  },

  result({ state }) {
    const f = fields(state.text());
    const who = f.status === "=" ? "Stalemate" : `${f.status === "1" ? "White" : "Black"} wins the round`;
    return `${who}. White ${f.scores[0]} – Black ${f.scores[1]}.`;
  },

  hasRounds: true,
};
