/*
 * atom4 compatibility layer: the game engine classes atom4, atom4notifier
 * and atom4local (see triboard.h). The game itself is an atom4_game of
 * libatom4; the board4 that get_board() returns mirrors it, updated from
 * each move's change list.
 */
#ifndef ATOM4_COMPAT_GAME_H
#define ATOM4_COMPAT_GAME_H

#include <list.h>
#include <vector>
#include <algorithm>

#include "board4.h"
#include "color4.h"
#include "triboard.h"

#define STALEMATE 3 /* atom4::winner() after a full board without a row */

#define NUM_COLORS 8
#define NUM_PLAYERS 2

#define WIN_ROW 4 /* pieces in a row to win */

class atom4;

/* Told of every change of a game's state. */
class atom4notifier {
public:
  virtual ~atom4notifier() {}
  /* After each move: the player who moved and the changes, the placed
   * piece first. */
  virtual void notify_move(atom4 *src, int plr, elist<boardchange> &chg) = 0;
  /* After reset() and newround(). */
  virtual void notify_clear(atom4 *src) = 0;
};

class atom4 {
  std::vector<atom4notifier *> notifiers;

protected:
  virtual void notify_move(int player, elist<boardchange> &changes) {
    std::vector<atom4notifier *> now(notifiers); /* a notifier may remove itself */
    for (size_t i = 0; i < now.size(); i++) now[i]->notify_move(this, player, changes);
  }
  virtual void notify_clear() {
    std::vector<atom4notifier *> now(notifiers);
    for (size_t i = 0; i < now.size(); i++) now[i]->notify_clear(this);
  }

public:
  enum mode_t {
    DUAL, /* both players at this interface */
    PEER, /* one player here, the other elsewhere (the computer) */
    WATCH /* nobody here plays */
  };

  virtual ~atom4() {}
  virtual void reset() = 0;

  virtual mode_t game_mode() = 0;
  virtual int local_playernum() = 0;
  virtual int is_local_turn() = 0;
  void add_notifier(atom4notifier *callback) {
    if (callback && std::find(notifiers.begin(), notifiers.end(), callback) == notifiers.end())
      notifiers.push_back(callback);
  }
  void remove_notifier(atom4notifier *callback) {
    notifiers.erase(std::remove(notifiers.begin(), notifiers.end(), callback), notifiers.end());
  }

  virtual int current_player() = 0;
  virtual celltype current_tile() = 0;
  virtual int move(int player, int x, int y) = 0;
  virtual int check_legal(int x, int y) = 0;
  virtual int round_over() = 0;
  virtual int winner() = 0;

  virtual int current_round() = 0;
  virtual int newround() = 0;
  virtual int score(int player) = 0;

  virtual board4 *get_board() = 0;
  virtual unsigned int board_width() = 0;
  virtual unsigned int board_height() = 0;
};

/* Both players at one interface. */
class atom4local : public atom4 {
  atom4_game state;
  board4 board;

  atom4_info info() {
    atom4_info i;
    if (atom4_game_info(&state, &i) != ATOM4_OK) memset(&i, 0, sizeof i);
    return i;
  }
  /* Copies the game's board into the mirror. */
  void sync_board() {
    atom4_board b;
    if (atom4_game_board(&state, &b) != ATOM4_OK) return;
    for (unsigned int y = 0; y < board.height(); y++)
      for (unsigned int x = 0; x < board.width(); x++) {
        int8_t c = b.cells[y * 16 + x];
        board.setcell((int)x, (int)y, c < 0 ? EMPTY_CELL : (celltype)('a' + c));
      }
  }

protected:
  /* The game as libatom4 holds it, for derived classes (the AI). */
  const atom4_game &game_state() const { return state; }

public:
  /* Round 1 on a width x height board (libatom4 takes 2..16 each way;
   * other sizes are brought into that range). */
  atom4local(unsigned int width, unsigned int height) : board(width, height) {
    atom4_game_init(&state, (uint8_t)board.width(), (uint8_t)board.height());
    sync_board();
  }
  virtual ~atom4local() {}

  /* A new game: round 1, scores 0. */
  virtual void reset() {
    atom4_game_init(&state, (uint8_t)board.width(), (uint8_t)board.height());
    sync_board();
    notify_clear();
  }

  virtual mode_t game_mode() { return DUAL; }
  virtual int local_playernum() { return current_player(); }
  virtual int is_local_turn() { return !round_over(); }

  /* 1 or 2; -1 once the round is over. */
  int current_player() {
    atom4_info i = info();
    return i.status == ATOM4_PLAYING ? i.player : -1;
  }
  celltype current_tile() { return (celltype)('a' + info().tile); }

  /* Places the current tile at (x, y) for `player`: 1 if made, 0 if not
   * (not that player's turn, an illegal cell, the round over). */
  int move(int player, int x, int y) {
    atom4_change changes[ATOM4_MAX_CHANGES];
    size_t n = 0;
    if (player != current_player() || x < 0 || y < 0 || x > 255 || y > 255) return 0;
    if (atom4_play(&state, (uint8_t)x, (uint8_t)y, changes, ATOM4_MAX_CHANGES, &n) != ATOM4_OK)
      return 0;
    elist<boardchange> list;
    for (size_t i = 0; i < n; i++) {
      color4 after((celltype)('a' + changes[i].after));
      board.setcell(changes[i].x, changes[i].y, after);
      list.append(boardchange(changes[i].x, changes[i].y, after));
    }
    notify_move(player, list);
    return 1;
  }

  /* Whether the board takes a piece at (x, y), whatever the game's state. */
  int check_legal(int x, int y) { return board.check_legal(x, y); }

  int round_over() { return info().status != ATOM4_PLAYING; }
  /* -1 while playing, else 1, 2 or STALEMATE. */
  int winner() {
    atom4_info i = info();
    return i.status == ATOM4_PLAYING ? -1 : (int)i.status;
  }

  int current_round() { return (int)info().round; }
  /* The next round, once this one is over (1), or nothing (0). */
  virtual int newround() {
    if (atom4_next_round(&state) != ATOM4_OK) return 0;
    sync_board();
    notify_clear();
    return 1;
  }
  int score(int player) {
    return player == 1 || player == 2 ? (int)info().scores[player - 1] : 0;
  }

  board4 *get_board() { return &board; }
  unsigned int board_width() { return board.width(); }
  unsigned int board_height() { return board.height(); }
};

#endif /* ATOM4_COMPAT_GAME_H */
