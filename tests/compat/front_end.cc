/*
 * A test front end for the atom4 4.1 compatibility headers
 * (include/atom4/compat/): it uses them as the original ncurses and X11
 * front ends do -- notifiers, walking change lists, mapcell rendering,
 * atom4ai moves arriving through the event loop, several rounds, both AI
 * seats -- and checks every answer against libatom4's C ABI directly.
 * Built against the stand-in list.h and event.h beside it (run.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "ai.h"
#include "board4.h"
#include "color4.h"
#include "game.h"
#include "triboard.h"

static int checks, failures;
#define CHECK(cond)                                                      \
  do {                                                                   \
    checks++;                                                            \
    if (!(cond)) {                                                       \
      failures++;                                                        \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                    \
  } while (0)

static char letter(celltype c) {
  static const char letters[] = "KrgybpcW";
  return c == EMPTY_CELL ? '.' : c >= 'a' && c <= 'h' ? letters[c - 'a'] : '?';
}

/* What a front end's renderer sees through mapcell, as board text. */
struct rendering {
  std::string text;
  int row;
};
static void render_cell(int, int y, celltype cell, void *context) {
  rendering *r = static_cast<rendering *>(context);
  if (y != r->row) {
    if (r->row >= 0) r->text += '/';
    r->row = y;
  }
  r->text += letter(cell);
}
static std::string render(atom4 &game) {
  rendering r = {"", -1};
  game.get_board()->mapcell(render_cell, &r);
  return r.text;
}

/* The board field of libatom4's position text. */
static std::string reference_board(const atom4_game &ref) {
  char text[ATOM4_TEXT_CAPACITY];
  size_t length = 0;
  if (atom4_game_to_text(&ref, text, sizeof text, &length) != ATOM4_OK) return "?";
  std::string s(text, length);
  return s.substr(0, s.find(' '));
}

static atom4_info info_of(const atom4_game &ref) {
  atom4_info i;
  atom4_game_info(&ref, &i);
  return i;
}

/* Records what a front end's notifier is told. */
struct recorder : atom4notifier {
  struct change {
    int x, y;
    celltype cell;
  };
  int moves, clears, last_player;
  std::vector<change> last;
  recorder() : moves(0), clears(0), last_player(0) {}
  void notify_move(atom4 *, int player, elist<boardchange> &changes) {
    moves++;
    last_player = player;
    last.clear();
    for (elistiter<boardchange> it = changes.headp(); it; it++) {
      change c = {(*it).x, (*it).y, (celltype)(*it).cell};
      last.push_back(c);
    }
  }
  void notify_clear(atom4 *) { clears++; }
};

/* A random legal cell, found the way a front end would: check_legal. */
static bool random_legal(atom4 &game, int &x, int &y) {
  std::vector<int> legal;
  for (unsigned int cy = 0; cy < game.board_height(); cy++)
    for (unsigned int cx = 0; cx < game.board_width(); cx++)
      if (game.check_legal((int)cx, (int)cy)) legal.push_back((int)(cy * 16 + cx));
  if (legal.empty()) return false;
  int pick = legal[(size_t)rand() % legal.size()];
  x = pick % 16;
  y = pick / 16;
  return true;
}

static void test_local_game(unsigned int width, unsigned int height, int rounds) {
  atom4local game(width, height);
  recorder seen;
  game.add_notifier(&seen);
  atom4_game ref;
  atom4_game_init(&ref, (uint8_t)width, (uint8_t)height);
  CHECK(game.game_mode() == atom4::DUAL);
  CHECK(game.board_width() == width && game.board_height() == height);
  CHECK(render(game) == reference_board(ref));
  for (int round = 1; round <= rounds; round++) {
    CHECK(game.current_round() == round);
    while (!game.round_over()) {
      atom4_info before = info_of(ref);
      int player = game.current_player(), x = 0, y = 0;
      CHECK(player == before.player && game.local_playernum() == player && game.is_local_turn());
      CHECK(game.current_tile() == (celltype)('a' + before.tile));
      CHECK(random_legal(game, x, y));
      CHECK(atom4_check_move(&ref, (uint8_t)x, (uint8_t)y) == ATOM4_OK);
      /* Refused: the other player, an occupied or unsupported cell. */
      int moves = seen.moves;
      CHECK(game.move(3 - player, x, y) == 0);
      for (unsigned int cy = 0; cy < height; cy++) /* every cell that is not legal */
        for (unsigned int cx = 0; cx < width; cx++)
          if (!game.check_legal((int)cx, (int)cy)) CHECK(game.move(player, (int)cx, (int)cy) == 0);
      CHECK(game.move(player, -1, 400) == 0);
      CHECK(seen.moves == moves);
      /* Made: the notifier sees the placed piece first, then the splashes. */
      atom4_change changes[ATOM4_MAX_CHANGES];
      size_t n = 0;
      CHECK(atom4_play(&ref, (uint8_t)x, (uint8_t)y, changes, ATOM4_MAX_CHANGES, &n) == ATOM4_OK);
      CHECK(game.move(player, x, y) == 1);
      CHECK(seen.moves == moves + 1 && seen.last_player == player);
      CHECK(seen.last.size() == n);
      CHECK(seen.last[0].x == x && seen.last[0].y == y && seen.last[0].cell == (celltype)('a' + before.tile));
      for (size_t i = 0; i < n && i < seen.last.size(); i++)
        CHECK(seen.last[i].x == changes[i].x && seen.last[i].y == changes[i].y &&
              seen.last[i].cell == (celltype)('a' + changes[i].after));
      CHECK(render(game) == reference_board(ref));
    }
    atom4_info end = info_of(ref);
    CHECK(game.winner() == (int)end.status && game.winner() >= 1 && game.winner() <= STALEMATE);
    CHECK(game.current_player() == -1 && !game.is_local_turn());
    CHECK(game.score(1) == (int)end.scores[0] && game.score(2) == (int)end.scores[1]);
    CHECK(game.score(0) == 0 && game.score(3) == 0);
    CHECK(game.get_board()->is_full() == (game.winner() == STALEMATE));
    int x = 0, y = 0;
    if (random_legal(game, x, y)) CHECK(game.move(1, x, y) == 0 && game.move(2, x, y) == 0);
    int clears = seen.clears;
    CHECK(game.newround() == 1);
    CHECK(seen.clears == clears + 1);
    CHECK(atom4_next_round(&ref) == ATOM4_OK);
    CHECK(game.newround() == 0);
    CHECK(game.current_player() == (int)info_of(ref).player);
    CHECK(render(game) == reference_board(ref));
  }
  int clears = seen.clears;
  game.reset();
  CHECK(seen.clears == clears + 1 && game.current_round() == 1);
  CHECK(game.score(1) == 0 && game.score(2) == 0 && game.current_player() == 1);
  game.remove_notifier(&seen);
  int x = 0, y = 0;
  CHECK(random_legal(game, x, y) && game.move(1, x, y) == 1 && seen.moves == 0 + seen.moves);
}

static void test_colors_and_board() {
  /* color4: kinds, propagators, mixing, rotation, complement. */
  const char *kinds = "01121220"; /* a..h: K r g y b p c W */
  for (int i = 0; i < 8; i++) {
    color4 c((celltype)('a' + i));
    CHECK(c.colortype() == kinds[i] - '0');
    CHECK(c.complement() == (celltype)('a' + (7 - i)));
    CHECK(c.rotl().rotr() == (celltype)('a' + i));
  }
  CHECK(color4(EMPTY_CELL).colortype() == -1 && color4().colortype() == -1);
  CHECK(color4('b').propagator() == 'h' && color4('d').propagator() == 'a');
  CHECK(color4('h').propagator() == BAD_CELL && color4::propagator(1) == 'h');
  CHECK(color4('b').mix('c') == 'd');  /* red onto green: yellow */
  CHECK(color4('d').mix('h') == 'd');  /* yellow onto white: yellow */
  CHECK(color4('g').mix('b') == 'a');  /* cyan onto red: black */
  CHECK(color4('b').mix(EMPTY_CELL) == EMPTY_CELL);
  CHECK(color4('b').rotl() == 'c' && color4('e').rotl() == 'b' && color4('b').rotr() == 'e');

  /* board4 against libatom4's own game, over a random round. */
  atom4_game ref;
  atom4_game_init(&ref, 10, 9);
  board4 board(10, 9);
  atom4_board start;
  atom4_game_board(&ref, &start);
  for (int y = 0; y < 9; y++)
    for (int x = 0; x < 10; x++)
      if (start.cells[y * 16 + x] >= 0) board.setcell(x, y, (celltype)('a' + start.cells[y * 16 + x]));
  CHECK(board.getcell(4, 3) == 'c' && board.getcell(5, 3) == 'f');
  CHECK(board.getcell(10, 0) == BAD_CELL && board.getcell(-1, 0) == BAD_CELL);
  while (info_of(ref).status == ATOM4_PLAYING) {
    std::vector<int> legal;
    for (int y = 0; y < 9; y++)
      for (int x = 0; x < 10; x++) {
        bool ours = board.check_legal(x, y);
        CHECK(ours == (atom4_check_move(&ref, (uint8_t)x, (uint8_t)y) == ATOM4_OK));
        if (ours) legal.push_back(y * 16 + x);
      }
    int pick = legal[(size_t)rand() % legal.size()], x = pick % 16, y = pick / 16;
    color4 tile((celltype)('a' + info_of(ref).tile));
    elist<boardchange> delta, undo;
    board.compute_splash(x, y, tile, delta);
    atom4_change changes[ATOM4_MAX_CHANGES];
    size_t n = 0;
    atom4_play(&ref, (uint8_t)x, (uint8_t)y, changes, ATOM4_MAX_CHANGES, &n);
    CHECK(delta.num_elem() == (int)n);
    size_t i = 0;
    for (elistiter<boardchange> it = delta.headp(); it; it++, i++)
      CHECK(i < n && (*it).x == changes[i].x && (*it).y == changes[i].y &&
            (*it).cell == (celltype)('a' + changes[i].after));
    board4 before(board);
    board.applychanges(delta, &undo);
    int won = board.check_win(delta, tile.propagator(), WIN_ROW); /* the mover's rows */
    atom4_round_status status = info_of(ref).status;
    CHECK(won == (status == ATOM4_WON_BY_PLAYER_1 || status == ATOM4_WON_BY_PLAYER_2));
    CHECK(board.is_full() == (info_of(ref).empty_count == 0));
    board4 back(board);
    back.applychanges(undo, 0);
    rendering a = {"", -1}, b = {"", -1};
    back.mapcell(render_cell, &a);
    before.mapcell(render_cell, &b);
    CHECK(a.text == b.text);
  }
  /* Rows: W W W W along row 0 of a fresh board. */
  board4 rows(8, 8);
  for (int x = 1; x <= 4; x++) rows.setcell(x, 0, 'h');
  CHECK(rows.count_marbles('h', 1, 0, 2, 10) == 3 && rows.count_marbles('h', 1, 0, 2, 2) == 2);
  CHECK(rows.count_marbles('h', 4, 0, 5, 10) == 3 && rows.count_marbles('a', 1, 0, 2, 10) == 0);
  CHECK(rows.check_row('h', 2, 0, 4) && !rows.check_row('h', 2, 0, 5) && !rows.check_row('a', 2, 0, 4));
  int nx = 0, ny = 0;
  CHECK(rows.ngbr_coor(0, 0, 2, nx, ny) && nx == 1 && ny == 0);
  CHECK(rows.ngbr_coor(0, 1, 0, nx, ny) && nx == 0 && ny == 0); /* odd rows sit right */
  CHECK(!rows.ngbr_coor(0, 0, 0, nx, ny) && !rows.ngbr_coor(0, 0, 6, nx, ny));
  CHECK(rows.ngbr_of(0, 0, 2) == 'h' && rows.ngbr_of(0, 0, 5) == BAD_CELL);
  triboard copy(rows);
  copy = rows;
  rows.clear();
  CHECK(copy.getcell(1, 0) == 'h' && rows.getcell(1, 0) == EMPTY_CELL && copy.width() == 8);
}

/* The "human" side of an AI game: acts from the event loop, as a key
 * press would, whenever the engine tells it something changed. */
struct human : atom4notifier, eventhandler {
  atom4ai &game;
  eventloop &loop;
  int fds[2], rounds_left, exitflag, ai_moves, level;
  bool check_classic;
  atom4_game ref;
  human(atom4ai &g, eventloop &l, int rounds, int lvl, bool classic)
      : game(g), loop(l), rounds_left(rounds), exitflag(0), ai_moves(0), level(lvl), check_classic(classic) {
    if (pipe(fds) != 0) abort();
    loop.register_handler(eventloop::READER, fds[0], this);
    atom4_game_init(&ref, (uint8_t)g.board_width(), (uint8_t)g.board_height());
    poke();
  }
  ~human() {
    loop.unregister_handler(eventloop::READER, fds[0]);
    close(fds[0]);
    close(fds[1]);
  }
  void poke() {
    char c = 1;
    if (write(fds[1], &c, 1) != 1) abort();
  }
  void notify_move(atom4 *, int player, elist<boardchange> &changes) {
    int x = (*changes.headp()).x, y = (*changes.headp()).y;
    if (player != game.local_playernum()) {
      ai_moves++;
      if (check_classic) { /* one of the classic level's best moves */
        atom4_classic_result best;
        CHECK(atom4_classic_analyse(&ref, (uint8_t)level, &best) == ATOM4_OK);
        bool found = false;
        for (int i = 0; i < best.best_count; i++) found |= best.best[i].x == x && best.best[i].y == y;
        CHECK(found);
      }
    }
    atom4_change c[ATOM4_MAX_CHANGES];
    size_t n = 0;
    CHECK(atom4_play(&ref, (uint8_t)x, (uint8_t)y, c, ATOM4_MAX_CHANGES, &n) == ATOM4_OK);
    CHECK(render(game) == reference_board(ref));
    poke();
  }
  void notify_clear(atom4 *) {
    if (game.current_round() == 1) atom4_game_init(&ref, (uint8_t)game.board_width(), (uint8_t)game.board_height());
    else atom4_next_round(&ref);
    poke();
  }
  void read_ready(eventloop *, int fd) {
    char buf[64];
    if (read(fd, buf, sizeof buf) <= 0) return;
    if (game.round_over()) {
      if (--rounds_left > 0) CHECK(game.newround() == 1);
      else exitflag = 1;
    } else if (game.is_local_turn()) {
      int x = 0, y = 0;
      CHECK(random_legal(game, x, y));
      CHECK(game.move(game.local_playernum(), x, y) == 1);
    } else {
      /* The computer's turn: a move for it from here is refused. */
      CHECK(game.current_player() != game.local_playernum());
    }
  }
  void write_ready(eventloop *, int) {}
};

static void test_ai(const char *engine, int seat, unsigned int w, unsigned int h, int rounds, int level) {
  if (engine) setenv("ATOM4_ENGINE", engine, 1); else unsetenv("ATOM4_ENGINE");
  eventloop loop;
  {
    atom4ai ai(&loop, w, h, seat);
    ai.set_search_depth(level); /* after construction, as atom4.cc does */
    CHECK(ai.game_mode() == atom4::PEER && ai.local_playernum() == 3 - seat);
    human me(ai, loop, rounds, level, engine == 0);
    ai.add_notifier(&me);
    loop.run(&me.exitflag, 300000);
    CHECK(me.exitflag == 1);
    CHECK(me.ai_moves > 0 && ai.current_round() == rounds);
    ai.remove_notifier(&me);
  }
  CHECK(loop.handlers() == 0);
  printf("compat: %s AI as player %d, %u x %u, %d rounds: ok\n", engine ? engine : "classic", seat, w, h, rounds);
}

/* A search in progress is stopped by reset() and by destruction. */
static void test_ai_cancel() {
  setenv("ATOM4_ENGINE", "strong:600000", 1);
  eventloop loop;
  int never = 0;
  {
    atom4ai ai(&loop, 16, 16, 1);
    recorder seen;
    ai.add_notifier(&seen);
    loop.run(&never, 300); /* the AI starts a ten-minute search */
    CHECK(seen.moves == 0 && !ai.is_local_turn());
    ai.reset();            /* stops it, and starts again for the new game */
    CHECK(seen.clears == 1 && seen.moves == 0 && render(ai).find_first_not_of("./gp") == std::string::npos);
    loop.run(&never, 300);
    CHECK(seen.moves == 0);
  } /* destruction stops the second search */
  CHECK(loop.handlers() == 0);
  printf("compat: reset and destruction stop a search in progress: ok\n");
}

int main(void) {
  srand(4);
  test_local_game(16, 16, 3);
  test_local_game(9, 7, 4);
  printf("compat: local games: ok\n");
  test_colors_and_board();
  printf("compat: color4 and board4: ok\n");
  test_ai(0, 2, 16, 16, 1, 2);
  test_ai(0, 1, 9, 7, 3, 1);
  test_ai("strong:40", 1, 9, 7, 2, 2);
  test_ai("strong:40", 2, 10, 10, 2, 2);
  test_ai_cancel();
  printf("compat: %d checks passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
