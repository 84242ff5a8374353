/*
 * atom4 compatibility layer: atom4ai, the computer opponent (see
 * triboard.h). Needs the front ends' event.h (eventloop, eventhandler) on
 * the include path, and -pthread.
 *
 * By default it plays the classic levels of atom4 4.1 exactly (level =
 * set_search_depth(), default 2; uniform among the best moves). With the
 * environment variable ATOM4_ENGINE=strong (or strong:MS, MS milliseconds
 * a move; default 1000) it plays libatom4's strong engine instead.
 *
 * It thinks on a worker thread and hands its move to the front end's
 * event loop through a pipe, as the original did with a forked child, so
 * the interface stays responsive. reset(), newround() and destruction stop
 * a search in progress and forget its answer.
 */
#ifndef ATOM4_COMPAT_AI_H
#define ATOM4_COMPAT_AI_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <vector>

#include "board4.h"
#include "event.h"
#include "game.h"

class atom4ai : public atom4local {
  /* What crosses the pipe: a move (x >= 0), or "start thinking" (x < 0),
   * for the turn numbered `generation`. */
  struct message {
    unsigned int generation;
    int x, y;
  };

  class pipe_reader : public eventhandler {
    atom4ai *ai;

  public:
    pipe_reader(atom4ai *owner) : ai(owner) {}
    void read_ready(eventloop *, int fd) { ai->receive(fd); }
    void write_ready(eventloop *, int) {}
  } reader;

  eventloop *loop;
  int playernum;
  int search_depth;
  int fds[2];
  std::thread worker;
  uint32_t stop_flag;          /* read by libatom4 atomically */
  unsigned int generation;     /* this turn's number; older answers are dropped */
  uint64_t rng_state;
  unsigned int strong_ms;      /* 0: classic levels */
  std::vector<atom4_tt_entry> table;

  static unsigned int engine_from_environment() {
    const char *spec = getenv("ATOM4_ENGINE");
    if (!spec || !*spec || !strcmp(spec, "classic")) return 0;
    if (!strncmp(spec, "strong", 6)) {
      const char *ms = spec + 6;
      if (!*ms) return 1000;
      if (*ms == ':') {
        char *end = 0;
        long value = strtol(ms + 1, &end, 10);
        if (end != ms + 1 && (!*end || !strcmp(end, "ms")) && value > 0 && value <= 3600000)
          return (unsigned int)value;
      }
    }
    fprintf(stderr, "atom4: ATOM4_ENGINE=%s not understood (use classic, strong or strong:MS); "
                    "playing the classic levels\n", spec);
    return 0;
  }

  struct deadline {
    std::chrono::steady_clock::time_point at;
    static bool passed(void *self, uint64_t) {
      return std::chrono::steady_clock::now() >= static_cast<deadline *>(self)->at;
    }
  };

  /* The worker's job: a move for `game`, or x = -1 when none is found. */
  message choose(atom4_game game, unsigned int turn, int level, uint64_t seed) {
    message m = {turn, -1, -1};
    if (strong_ms) {
      deadline d = {std::chrono::steady_clock::now() + std::chrono::milliseconds(strong_ms)};
      atom4_limits limits;
      memset(&limits, 0, sizeof limits);
      limits.seed = seed;
      limits.should_stop = &deadline::passed;
      limits.context = &d;
      limits.stop_flag = &stop_flag;
      atom4_search_result result;
      if (atom4_strong_search(&game, &limits, table.data(), table.size(), &result) == ATOM4_OK) {
        m.x = result.best.x;
        m.y = result.best.y;
      }
    } else {
      atom4_cell best;
      uint64_t state = seed;
      if (atom4_classic_move(&game, (uint8_t)level, &state, &best) == ATOM4_OK) {
        m.x = best.x;
        m.y = best.y;
      }
    }
    return m;
  }

  void send(message m) {
    ssize_t written = write(fds[1], &m, sizeof m);
    (void)written; /* a full pipe cannot happen: at most two messages wait */
  }

  void join() {
    if (worker.joinable()) {
      __atomic_store_n(&stop_flag, 1u, __ATOMIC_RELAXED);
      worker.join();
    }
    __atomic_store_n(&stop_flag, 0u, __ATOMIC_RELAXED);
  }

  uint64_t next_seed() {
    /* SplitMix64, seeded from rand() (which the front end seeds). */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  int my_turn() { return !round_over() && current_player() == playernum; }

  /* If it is the computer's turn, asks the event loop to start thinking:
   * starting from the loop lets set_search_depth() after construction
   * apply to the first move too. */
  void think() {
    generation++;
    if (!my_turn()) return;
    message start = {generation, -1, -1};
    if (fds[0] >= 0) {
      send(start);
    } else { /* no pipe: think here, in the front end's thread */
      message m = choose(game_state(), generation, level(), next_seed());
      if (m.x >= 0) atom4local::move(playernum, m.x, m.y);
    }
  }

  int level() {
    return search_depth < 0 ? 0 : search_depth > ATOM4_CLASSIC_MAX_LEVEL ? ATOM4_CLASSIC_MAX_LEVEL
                                                                        : search_depth;
  }

  void receive(int fd) {
    message m;
    if (read(fd, &m, sizeof m) != (ssize_t)sizeof m || m.generation != generation) return;
    if (m.x < 0) { /* start thinking */
      join();
      if (!my_turn()) return;
      atom4_game game = game_state();
      unsigned int turn = generation;
      int lvl = level();
      uint64_t seed = next_seed();
      worker = std::thread([this, game, turn, lvl, seed]() { send(choose(game, turn, lvl, seed)); });
      return;
    }
    join();
    if (my_turn()) atom4local::move(playernum, m.x, m.y);
  }

protected:
  void notify_move(int player, elist<boardchange> &chg) {
    atom4local::notify_move(player, chg);
    think();
  }
  void notify_clear() {
    atom4local::notify_clear();
    think();
  }

public:
  /* The computer plays `which_player` (1 or 2) in the game run by `loop`. */
  atom4ai(eventloop *eloop, unsigned int width, unsigned int height, int which_player)
      : atom4local(width, height), reader(this), loop(eloop),
        playernum(which_player == 1 ? 1 : 2), search_depth(2), stop_flag(0), generation(0),
        rng_state(((uint64_t)(unsigned int)rand() << 32) ^ (uint64_t)(unsigned int)rand()),
        strong_ms(engine_from_environment()) {
    if (strong_ms) table.resize((size_t)1 << 18); /* 2 MiB */
    if (!loop || pipe(fds) != 0) {
      fds[0] = fds[1] = -1;
    } else {
      fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
      loop->register_handler(eventloop::READER, fds[0], &reader);
    }
    think();
  }
  ~atom4ai() {
    generation++;
    join();
    if (fds[0] >= 0) {
      loop->unregister_handler(eventloop::READER, fds[0]);
      close(fds[0]);
      close(fds[1]);
    }
  }

  /* The classic level (the original's -d): 0..8. */
  void set_search_depth(int depth) { search_depth = depth; }

  void reset() {
    generation++;
    join();
    atom4local::reset();
  }
  mode_t game_mode() { return PEER; }
  int local_playernum() { return playernum == 1 ? 2 : 1; }
  int is_local_turn() { return !round_over() && current_player() != playernum; }
  int newround() {
    generation++;
    join();
    return atom4local::newround();
  }
};

#endif /* ATOM4_COMPAT_AI_H */
