/* gamma.h: the engine interface of Gamma, the board game of the 2019/20
 * IPP course (University of Warsaw), with the course's names and types.
 * Implemented by libatom4 (libatom4.a, libatom4.so); link a static build
 * with -lm -lpthread -ldl. The final (part 3) rules: gamma_golden_possible
 * tells whether some golden move would succeed now.
 *
 * Games are independent (no global state); nothing aborts: when memory
 * cannot be had, gamma_new and gamma_board return NULL. Bad arguments
 * (g NULL, player 0 or above the players, a cell off the board) give
 * false or 0 and change nothing. Use one game from one thread at a time.
 * This header is written by hand; the library's other functions are in
 * atom4.h (Gamma's caller-memory API for embedded C: atom4_gamma_*). */

#ifndef GAMMA_H
#define GAMMA_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A game (opaque). */
typedef struct gamma gamma_t;

/* A new game on a width x height board for players players, each holding
 * at most areas areas; NULL when an argument is 0 or the memory cannot be
 * had (boards of up to 25,000,000 cells and 1,000,000 players work on an
 * ordinary machine; memory is not touched up front). */
gamma_t* gamma_new(uint32_t width, uint32_t height, uint32_t players, uint32_t areas);

/* Frees the game and all it holds; gamma_delete(NULL) does nothing. */
void gamma_delete(gamma_t *g);

/* Puts player's pawn on the empty cell (x, y), x the column and y the row,
 * when the player then holds at most areas areas; false otherwise. */
bool gamma_move(gamma_t *g, uint32_t player, uint32_t x, uint32_t y);

/* Replaces another player's pawn on (x, y) by player's, once per player
 * per game, when neither ends with more than areas areas; false otherwise
 * (a refused golden move uses nothing up). */
bool gamma_golden_move(gamma_t *g, uint32_t player, uint32_t x, uint32_t y);

/* The cells player holds. */
uint64_t gamma_busy_fields(gamma_t *g, uint32_t player);

/* The empty cells where gamma_move of player would succeed now. */
uint64_t gamma_free_fields(gamma_t *g, uint32_t player);

/* Whether some golden move of player would succeed now. */
bool gamma_golden_possible(gamma_t *g, uint32_t player);

/* The board as text: rows from y = height - 1 down to y = 0, each ending in
 * '\n'; a cell is the player's digit or '.' up to 9 players, and from 10
 * players digits(players) + 1 characters, right-aligned. NUL-terminated,
 * from malloc: the caller frees it with free(). NULL when g is NULL or
 * memory is short. */
char* gamma_board(gamma_t *g);

#ifdef __cplusplus
}
#endif

#endif /* GAMMA_H */
