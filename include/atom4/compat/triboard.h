/*
 * atom4 compatibility layer: triboard.
 *
 * The classes of atom4 4.1's engine/ that its ncurses and X11 front ends
 * use, with the same names and meanings, implemented over libatom4's C ABI
 * (atom4.h). Header-only: put this directory first on the include path of
 * the original front ends and link libatom4 instead of their engine/.
 *
 * A triboard is a grid of cells whose odd rows sit half a cell right, so
 * that each cell has six neighbours, numbered clockwise from the upper left.
 */
#ifndef ATOM4_COMPAT_TRIBOARD_H
#define ATOM4_COMPAT_TRIBOARD_H

#include <string.h>

#include <atom4.h>

/* A cell: 'a' + colour (0 black .. 7 white), EMPTY_CELL, or BAD_CELL for a
 * cell that does not exist. */
typedef char celltype;
#define BAD_CELL '\0'
#define EMPTY_CELL ' '

class triboard {
  unsigned int wd, ht;
  celltype cells[ATOM4_MAX_CELLS];  /* [y * 16 + x]; boards are at most 16 x 16 */
  int empty_cells;

  /* Sizes libatom4 accepts: 2..16 each way (the original front ends use 16). */
  static unsigned int side(unsigned int n) { return n < 2 ? 2 : n > 16 ? 16 : n; }

public:
  triboard(unsigned int width, unsigned int height)
      : wd(side(width)), ht(side(height)), empty_cells(0) {
    clear();
  }
  virtual ~triboard() {}
  /* Copy construction and assignment are the implicit member-wise ones. */

  /* BAD_CELL for a cell off the board. */
  celltype getcell(int x, int y) {
    if (x < 0 || y < 0 || (unsigned int)x >= wd || (unsigned int)y >= ht) return BAD_CELL;
    return cells[y * 16 + x];
  }

  /* Cells off the board are ignored. */
  void setcell(int x, int y, celltype cell) {
    if (getcell(x, y) == BAD_CELL) return;
    celltype &slot = cells[y * 16 + x];
    empty_cells += (cell == EMPTY_CELL) - (slot == EMPTY_CELL);
    slot = cell;
  }

  /* The neighbour in direction dir (0..5, clockwise from the upper left);
   * BAD_CELL if there is none. */
  celltype ngbr_of(int x, int y, int dir) {
    int nx, ny;
    return ngbr_coor(x, y, dir, nx, ny) ? getcell(nx, ny) : BAD_CELL;
  }

  /* The neighbour's coordinates: 1 if it exists, else 0 (nx, ny unchanged).
   * (nx, ny) may be the same variables as (x, y). */
  int ngbr_coor(int x, int y, int dir, int &nx, int &ny) {
    uint8_t ox, oy;
    if (x < 0 || y < 0 || x > 255 || y > 255 || dir < 0 || dir > 5) return 0;
    if (atom4_board_neighbour((uint8_t)wd, (uint8_t)ht, (uint8_t)x, (uint8_t)y, (uint8_t)dir,
                              &ox, &oy) != ATOM4_OK)
      return 0;
    nx = ox;
    ny = oy;
    return 1;
  }

  int is_full() { return empty_cells <= 0; }

  /* Calls f for every cell, rows from the top, each left to right. */
  void mapcell(void (*f)(int x, int y, celltype cell, void *context), void *context) {
    for (unsigned int y = 0; y < ht; y++)
      for (unsigned int x = 0; x < wd; x++) f((int)x, (int)y, cells[y * 16 + x], context);
  }

  unsigned int width() { return wd; }
  unsigned int height() { return ht; }

  /* Every cell empty. */
  void clear() {
    memset(cells, EMPTY_CELL, sizeof cells);
    empty_cells = (int)(wd * ht);
  }

  /* The board as libatom4 sees it (for the rules' questions). */
  atom4_board to_atom4() {
    atom4_board b;
    b.width = (uint8_t)wd;
    b.height = (uint8_t)ht;
    for (int i = 0; i < ATOM4_MAX_CELLS; i++) {
      celltype c = cells[i];
      b.cells[i] = (int8_t)(c >= 'a' && c <= 'h' ? c - 'a' : -1);
    }
    return b;
  }
};

#endif /* ATOM4_COMPAT_TRIBOARD_H */
