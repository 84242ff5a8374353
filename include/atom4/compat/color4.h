/*
 * atom4 compatibility layer: color4, a piece colour (see triboard.h).
 *
 * Colours are 3-bit RGB values: 0 black, 1 red, 2 green, 3 yellow, 4 blue,
 * 5 purple, 6 cyan, 7 white, stored as the celltype 'a' + value. Black and
 * white are the propagators; red, green and blue the additive colours
 * (player 1's), yellow, purple and cyan the subtractive ones (player 2's).
 */
#ifndef ATOM4_COMPAT_COLOR4_H
#define ATOM4_COMPAT_COLOR4_H

#include "triboard.h"

class color4 {
  celltype val;

  static bool is_color(celltype c) { return c >= 'a' && c <= 'h'; }
  int bits() const { return val - 'a'; }
  static color4 of_bits(int b) { return color4((celltype)('a' + (b & 7))); }

public:
  color4(celltype c = BAD_CELL) : val(c) {}
  operator celltype() const { return val; }

  /* -1 not a colour, 0 propagator, 1 additive, 2 subtractive. */
  int colortype() const {
    if (!is_color(val)) return -1;
    int ones = (bits() & 1) + (bits() >> 1 & 1) + (bits() >> 2 & 1);
    return ones == 0 || ones == 3 ? 0 : ones == 1 ? 1 : 2;
  }

  /* The propagator of this colour's kind: white for additive, black for
   * subtractive, BAD_CELL otherwise. */
  color4 propagator() const { return propagator(colortype()); }
  static color4 propagator(int type) {
    return type == 1 ? color4('h') : type == 2 ? color4('a') : color4(BAD_CELL);
  }

  color4 complement() const { return color4((celltype)(((val - 'a') ^ 7) + 'a')); }

  /* This colour splashed onto c: additive colours add their bit,
   * subtractive ones keep only theirs; anything else leaves c as it is. */
  color4 mix(color4 c) const {
    if (c.colortype() < 0) return c;
    switch (colortype()) {
    case 1: return of_bits(c.bits() | bits());
    case 2: return of_bits(c.bits() & bits());
    default: return c;
    }
  }

  /* The 3 colour bits rotated one place left / right. */
  color4 rotl() const { return of_bits(bits() << 1 | bits() >> 2); }
  color4 rotr() const { return of_bits(bits() >> 1 | bits() << 2); }
};

#endif /* ATOM4_COMPAT_COLOR4_H */
