// Chain Reaction: the grid, each cell's orbs in its owner's colour and
// letter; cascades are drawn from the frames the engine hands over.
import { circle, label, target, playerColour } from "./common.js";

/** Where a cell's orbs sit: one, two, three, four and more. */
const ORBS = [
  [[0, 0]],
  [[-0.17, 0], [0.17, 0]],
  [[0, -0.17], [-0.17, 0.13], [0.17, 0.13]],
  [[-0.17, -0.17], [0.17, -0.17], [-0.17, 0.17], [0.17, 0.17]],
];
const letter = (p) => String.fromCharCode(96 + p);

export const chain = {
  playerName: (p) => `Player ${letter(p)}`,

  draw({ spots, layout, legal, changed, frame }) {
    const { width: w, height: h } = layout;
    const legalSet = new Set(legal);
    const targets = [];
    let svg = "";
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const [cx, cy] = [x + 0.5, y + 0.5];
        const move = `${x},${y}`;
        const cell = frame ? { count: frame[i].orbs, owner: frame[i].owner } : spots[i];
        const t = { id: i, x: cx, y: cy, moves: legalSet.has(move) ? [move] : [], tryMove: move };
        t.label = cell.count ? `${move}: ${cell.count} orbs of ${letter(cell.owner)}` : `${move} empty`;
        let shape = `<rect class="cellbg" x="${x + 0.03}" y="${y + 0.03}" width=".94" height=".94" rx=".08"/>`;
        shape += `<rect class="hit" x="${x}" y="${y}" width="1" height="1"/>`;
        if (cell.count > 0) {
          const fill = playerColour(cell.owner);
          for (const [dx, dy] of ORBS[Math.min(cell.count, 4) - 1]) shape += circle(cx + dx, cy + dy, 0.16, `fill="${fill}" stroke="#333" stroke-width=".02"`);
          shape += label(cx + 0.33, cy - 0.33, `${letter(cell.owner)}${cell.count > 3 ? cell.count : ""}`, "#111", "letter small");
        }
        if (t.moves.length) shape += `<rect class="mark" x="${x + 0.1}" y="${y + 0.1}" width=".8" height=".8" rx=".1"/>`;
        if (changed.has(i) && !frame) shape += `<rect class="changed" x="${x + 0.06}" y="${y + 0.06}" width=".88" height=".88" rx=".1"/>`;
        svg += target(t, shape);
        targets.push(t);
      }
    }
    return { svg, targets, viewBox: [0, 0, w, h] };
  },

  info({ state }) {
    const [rules, , , toMove, ply, out] = state.text().split(" ");
    const gone = out === "-" ? "nobody" : out.split("").join(", ");
    return `<div>Rules: <strong>${rules}</strong>. Ply ${ply}. Out: ${gone}.${toMove !== "-" ? ` To move: ${toMove}.` : ""}</div>`;
  },

  result({ state }) {
    const result = state.text().split(" ")[6];
    return result === "=" ? "Drawn at the cap of 1000 waves." : `Player ${result} wins.`;
  },

  animates: true,
};
