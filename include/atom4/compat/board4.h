/*
 * atom4 compatibility layer: board4, the Atom-4 board (see triboard.h).
 * The rules' questions go to libatom4; change lists are the front ends'
 * own elist (list.h from their proglib, which must be on the include path).
 */
#ifndef ATOM4_COMPAT_BOARD4_H
#define ATOM4_COMPAT_BOARD4_H

#include <stdlib.h>
#include <list.h>

#include "color4.h"
#include "triboard.h"

/* One changed cell: (x, y) now holds `cell`. */
struct boardchange {
  int x, y;
  color4 cell;

  boardchange(int xcoor, int ycoor, color4 c) : x(xcoor), y(ycoor), cell(c) {}
};

class board4 : public triboard {
  static bool byte(int v) { return v >= 0 && v <= 255; }

public:
  board4(unsigned int width, unsigned int height) : triboard(width, height) {}
  ~board4() {}

  /* 1 if a piece may go to (x, y): empty, with two occupied neighbours next
   * to each other. */
  int check_legal(int x, int y) {
    atom4_board b = to_atom4();
    bool legal = false;
    if (!byte(x) || !byte(y)) return 0;
    return atom4_board_is_legal(&b, (uint8_t)x, (uint8_t)y, &legal) == ATOM4_OK && legal;
  }

  /* The changes placing `actor` at the empty cell (x, y) would make, the
   * placed piece first, into `delta` (emptied first; left empty for a
   * propagator or a cell that cannot take a piece). */
  void compute_splash(int x, int y, color4 actor, elist<boardchange> &delta) {
    atom4_board b = to_atom4();
    atom4_change changes[ATOM4_MAX_CHANGES];
    size_t n = 0;
    delta.clear();
    if (!byte(x) || !byte(y) || actor.colortype() <= 0) return;
    if (atom4_board_splash(&b, (uint8_t)x, (uint8_t)y, (int8_t)((celltype)actor - 'a'), changes,
                           ATOM4_MAX_CHANGES, &n) != ATOM4_OK)
      return;
    for (size_t i = 0; i < n; i++)
      delta.append(boardchange(changes[i].x, changes[i].y, color4((celltype)('a' + changes[i].after))));
  }

  /* Applies `delta` in order; if `undo` is given, fills it with the changes
   * that restore the board. */
  void applychanges(elist<boardchange> &delta, elist<boardchange> *undo) {
    if (undo) undo->clear();
    for (elistiter<boardchange> it = delta.headp(); it; it++) {
      int x = (*it).x, y = (*it).y;
      if (undo) undo->append(boardchange(x, y, color4(getcell(x, y))));
      setcell(x, y, (*it).cell);
    }
  }

  /* How many cells of `marble` follow (x, y) in direction dir (not counting
   * (x, y)), at most max. */
  int count_marbles(color4 marble, int x, int y, int dir, int max) {
    atom4_board b = to_atom4();
    uint32_t n = 0;
    if (!byte(x) || !byte(y) || dir < 0 || dir > 5 || max <= 0 || marble.colortype() < 0) return 0;
    if (atom4_board_run(&b, (uint8_t)x, (uint8_t)y, (uint8_t)dir, (int8_t)((celltype)marble - 'a'),
                        (uint32_t)max, &n) != ATOM4_OK)
      return 0;
    return (int)n;
  }

  /* 1 if (x, y) holds `piece` in a straight row of at least `length`. */
  int check_row(color4 piece, int x, int y, int length) {
    if (getcell(x, y) != (celltype)piece) return 0;
    for (int axis = 0; axis < 3; axis++)
      if (count_marbles(piece, x, y, axis, length - 1) +
              count_marbles(piece, x, y, axis + 3, length - 1) + 1 >= length)
        return 1;
    return 0;
  }

  /* 1 if any changed cell holds `piece` in a row of at least rowlen. */
  int check_win(elist<boardchange> &lastchanges, color4 piece, int rowlen) {
    for (elistiter<boardchange> it = lastchanges.headp(); it; it++)
      if (check_row(piece, (*it).x, (*it).y, rowlen)) return 1;
    return 0;
  }
};

#endif /* ATOM4_COMPAT_BOARD4_H */
