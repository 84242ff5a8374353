// Gamma: the board as the gamma program prints it (row 0 at the bottom),
// each field its owner's colour and digit; golden moves on rivals' fields.
import { label, target, playerColour, ink } from "./common.js";

const symbol = (p) => (p <= 9 ? String(p) : String.fromCharCode(87 + p));

export const gamma = {
  playerName: (p) => `Player ${symbol(p)}`,

  draw({ spots, layout, legal, changed }) {
    const { width: w, height: h } = layout;
    const byCell = new Map();
    for (const m of legal) byCell.set(m.replace(/^g /, ""), m);
    const targets = [];
    let svg = "";
    for (let r = 0; r < h; r++) {
      for (let x = 0; x < w; x++) {
        const i = r * w + x;
        const y = h - 1 - r;
        const cell = `${x},${y}`;
        const spot = spots[i];
        const move = byCell.get(cell);
        const t = { id: i, x: x + 0.5, y: r + 0.5, moves: move ? [move] : [], tryMove: spot.owner ? `g ${cell}` : cell };
        t.label = `${cell} ${spot.owner ? `player ${symbol(spot.owner)}` : "free"}${move?.startsWith("g") ? ", golden move" : ""}`;
        let shape = `<rect class="cellbg" x="${x + 0.03}" y="${r + 0.03}" width=".94" height=".94"/>`;
        shape += `<rect class="hit" x="${x}" y="${r}" width="1" height="1"/>`;
        if (spot.owner) {
          const fill = playerColour(spot.owner);
          shape += `<rect x="${x + 0.06}" y="${r + 0.06}" width=".88" height=".88" rx=".12" fill="${fill}"/>`;
          shape += label(x + 0.5, r + 0.5, symbol(spot.owner), ink(fill));
        }
        if (move) shape += `<rect class="mark" x="${x + 0.12}" y="${r + 0.12}" width=".76" height=".76" rx=".1"/>`;
        if (changed.has(i)) shape += `<rect class="changed" x="${x + 0.06}" y="${r + 0.06}" width=".88" height=".88"/>`;
        svg += target(t, shape);
        targets.push(t);
      }
    }
    return { svg, targets, viewBox: [0, 0, w, h] };
  },

  info({ state }) {
    const [size, players, areas, , toMove, golden] = state.text().split(" ");
    const used = golden === "-" ? "nobody yet" : golden.split(",").join(", ");
    return `<div>${size}, ${players} players, at most <strong>${areas}</strong> areas each.
      Golden move made by: ${used}.${toMove !== "-" ? " A rival's field takes your golden move." : ""}</div>`;
  },

  result({ state }) {
    const spots = state.spots();
    const fields = new Map();
    for (const s of spots) if (s.owner) fields.set(s.owner, (fields.get(s.owner) ?? 0) + 1);
    const r = state.returns();
    const winners = r.map((v, i) => (v > 0 ? i + 1 : 0)).filter(Boolean);
    const counts = [...fields.entries()].sort((a, b) => a[0] - b[0]).map(([p, n]) => `${symbol(p)}: ${n}`).join(", ");
    const head = winners.length === 1 ? `Player ${symbol(winners[0])} wins` : winners.length ? "A draw" : "Game over";
    return `${head} (fields ${counts}).`;
  },
};
