/* The C behaviour suite of libatom4: plays games, checks every error path
 * (NULL pointers, tiny buffers, bad games, illegal moves), the change
 * lists, classic and strong search, and replays the golden vectors.
 *
 * Usage: test_atom4 [VECTOR_LINES [MAX_GAMES]]
 * VECTOR_LINES is the output of `cargo run -p atom4-vectors --bin
 * vector-lines`. Prints "N passed, N failed"; exits non-zero on a failure. */

#include <atom4.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static atom4_info info_of(const atom4_game *game) {
    atom4_info info;
    memset(&info, 0, sizeof info);
    CHECK_STATUS(atom4_game_info(game, &info), ATOM4_OK);
    return info;
}

static int8_t cell_at(const atom4_game *game, uint8_t x, uint8_t y) {
    int8_t color = 99;
    CHECK_STATUS(atom4_get_cell(game, x, y, &color), ATOM4_OK);
    return color;
}

static void test_version_and_status_text(void) {
    char want[64];
    int i;
    snprintf(want, sizeof want, "%d.%d.%d", ATOM4_VERSION_MAJOR,
             ATOM4_VERSION_MINOR, ATOM4_VERSION_PATCH);
    CHECK(strcmp(atom4_version(), want) == 0);
    for (i = ATOM4_OK; i <= ATOM4_INTERNAL_ERROR; i++) {
        CHECK(atom4_status_str(i) != NULL);
        CHECK(strcmp(atom4_status_str(i), "unknown status") != 0);
        if (i > 0) {
            CHECK(strcmp(atom4_status_str(i), atom4_status_str(i - 1)) != 0);
        }
    }
    CHECK(strcmp(atom4_status_str(-1), "unknown status") == 0);
    CHECK(strcmp(atom4_status_str(ATOM4_INTERNAL_ERROR + 1), "unknown status") == 0);
}

static void test_new_game(void) {
    atom4_game game;
    atom4_info info;
    CHECK(sizeof(atom4_game) == 160);
    CHECK_STATUS(atom4_game_init(NULL, 16, 16), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_game_init(&game, 1, 16), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_game_init(&game, 16, 17), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    info = info_of(&game);
    CHECK(info.width == 16 && info.height == 16);
    CHECK(info.tile == 1 && info.tile_index == 0); /* red */
    CHECK(info.player == 1 && info.status == ATOM4_PLAYING);
    CHECK(info.round == 1 && info.scores[0] == 0 && info.scores[1] == 0);
    CHECK(info.empty_count == 254);
    CHECK(info.legal_count > 0);
    CHECK(cell_at(&game, 7, 7) == 2); /* green */
    CHECK(cell_at(&game, 8, 7) == 5); /* purple */
    CHECK(cell_at(&game, 0, 0) == -1);
    {
        int8_t color;
        CHECK_STATUS(atom4_get_cell(&game, 16, 0, &color), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(atom4_get_cell(&game, 0, 0, NULL), ATOM4_NULL_ARGUMENT);
        CHECK_STATUS(atom4_get_cell(NULL, 0, 0, &color), ATOM4_NULL_ARGUMENT);
    }
    CHECK_STATUS(atom4_game_info(&game, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_game_init(&game, 6, 9), ATOM4_OK);
    info = info_of(&game);
    CHECK(info.width == 6 && info.height == 9 && info.empty_count == 52);
}

static void test_bad_games(void) {
    atom4_game game, copy;
    atom4_info info;
    union {
        atom4_game game;
        unsigned char bytes[sizeof(atom4_game) + 8];
    } raw;
    unsigned i;
    memset(&game, 0, sizeof game);
    CHECK_STATUS(atom4_game_info(&game, &info), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_play(&game, 7, 8, NULL, 0, NULL), ATOM4_BAD_GAME);
    memset(&game, 0xA5, sizeof game);
    CHECK_STATUS(atom4_check_move(&game, 7, 8), ATOM4_BAD_GAME);
    /* Any single flipped bit either still decodes or is refused: never a crash. */
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    for (i = 0; i < 8 * sizeof game; i++) {
        atom4_status status;
        copy = game;
        ((unsigned char *)&copy)[i / 8] ^= (unsigned char)(1u << (i % 8));
        status = atom4_game_info(&copy, &info);
        if (status != ATOM4_OK && status != ATOM4_BAD_GAME) {
            CHECK(!"flipped bit gave an unexpected status");
        }
    }
    /* A misaligned game pointer is refused. */
    CHECK_STATUS(atom4_game_init((atom4_game *)(void *)(raw.bytes + 1), 16, 16),
                 ATOM4_MISALIGNED);
}

static void test_moves_and_changes(void) {
    atom4_game game, before;
    atom4_change changes[ATOM4_MAX_CHANGES];
    atom4_cell cells[ATOM4_MAX_CELLS];
    size_t count = 99, n, i;
    atom4_info info;

    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    before = game;
    CHECK_STATUS(atom4_check_move(&game, 0, 0), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_play(&game, 0, 0, changes, 7, &count), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_play(&game, 7, 7, changes, 7, &count), ATOM4_OCCUPIED);
    CHECK_STATUS(atom4_play(&game, 16, 7, changes, 7, &count), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_play(NULL, 7, 8, changes, 7, &count), ATOM4_NULL_ARGUMENT);
    CHECK(memcmp(&game, &before, sizeof game) == 0);

    /* Legal moves: counting first, then a tiny buffer, then a big one. */
    CHECK_STATUS(atom4_legal_moves(&game, NULL, 0, &n), ATOM4_BUFFER_TOO_SMALL);
    CHECK(n == info_of(&game).legal_count);
    CHECK_STATUS(atom4_legal_moves(&game, cells, 1, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK(count == n);
    CHECK_STATUS(atom4_legal_moves(&game, NULL, ATOM4_MAX_CELLS, &count), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_legal_moves(&game, cells, ATOM4_MAX_CELLS, &count), ATOM4_OK);
    CHECK(count == n);
    for (i = 0; i < n; i++) {
        CHECK_STATUS(atom4_check_move(&game, cells[i].x, cells[i].y), ATOM4_OK);
        if (i > 0) { /* row by row */
            CHECK(cells[i - 1].y * 16 + cells[i - 1].x < cells[i].y * 16 + cells[i].x);
        }
    }

    /* A too small change buffer refuses the move and says how many. */
    CHECK_STATUS(atom4_play(&game, cells[0].x, cells[0].y, changes, 0, &count),
                 ATOM4_BUFFER_TOO_SMALL);
    CHECK(count >= 1);
    CHECK(memcmp(&game, &before, sizeof game) == 0);

    info = info_of(&game);
    CHECK_STATUS(atom4_play(&game, cells[0].x, cells[0].y, changes, 7, &count), ATOM4_OK);
    CHECK(count >= 1 && count <= ATOM4_MAX_CHANGES);
    CHECK(changes[0].x == cells[0].x && changes[0].y == cells[0].y);
    CHECK(changes[0].before == -1 && changes[0].after == info.tile);
    for (i = 0; i < count; i++) {
        CHECK(cell_at(&game, changes[i].x, changes[i].y) == (int8_t)changes[i].after);
        CHECK(changes[i].before != (int8_t)changes[i].after);
    }
    info = info_of(&game);
    CHECK(info.player == 2 && info.tile == 3 && info.empty_count == 253); /* yellow */

    /* Undo restores the exact bytes; a second undo of the same move is refused. */
    {
        atom4_game after = game;
        atom4_change bad[ATOM4_MAX_CHANGES];
        memcpy(bad, changes, sizeof bad);
        bad[0].after = 9;
        CHECK_STATUS(atom4_undo(&game, bad, count), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(atom4_undo(&game, changes, 0), ATOM4_NOT_LAST_MOVE);
        CHECK_STATUS(atom4_undo(&game, NULL, 3), ATOM4_NULL_ARGUMENT);
        CHECK(memcmp(&game, &after, sizeof game) == 0);
        CHECK_STATUS(atom4_undo(&game, changes, count), ATOM4_OK);
        CHECK(memcmp(&game, &before, sizeof game) == 0);
        CHECK_STATUS(atom4_undo(&game, changes, count), ATOM4_NOT_LAST_MOVE);
    }
    /* Not wanting the change list is fine. */
    CHECK_STATUS(atom4_play(&game, cells[0].x, cells[0].y, NULL, 0, &count), ATOM4_OK);
    CHECK(count >= 1);
}

/* An undo record whose colours before the move were forged is refused and
 * changes nothing; the true record still works. A bad output array writes
 * nothing, not even the count. */
static void test_forged_undo(void) {
    const char *text = "....../WWWcc./....KK/....../....../...... r 1 0-0 *";
    atom4_game game, after;
    atom4_change changes[ATOM4_MAX_CHANGES], forged[ATOM4_MAX_CHANGES];
    atom4_info info;
    size_t offset = 0, count = 0, i;
    int8_t colour;

    CHECK_STATUS(atom4_game_from_text(&game, text, strlen(text), &offset), ATOM4_OK);
    CHECK_STATUS(atom4_play(&game, 5, 1, changes, ATOM4_MAX_CHANGES, &count), ATOM4_OK);
    CHECK(count == 3);
    after = game;
    for (i = 1; i < count; i++) {
        for (colour = -1; colour < 8; colour++) {
            if (colour == changes[i].before) continue;
            memcpy(forged, changes, sizeof forged);
            forged[i].before = colour;
            CHECK_STATUS(atom4_undo(&game, forged, count), ATOM4_NOT_LAST_MOVE);
            CHECK(memcmp(&game, &after, sizeof game) == 0);
        }
    }
    CHECK_STATUS(atom4_game_info(&game, &info), ATOM4_OK);
    CHECK_STATUS(atom4_undo(&game, changes, count), ATOM4_OK);
    CHECK_STATUS(atom4_game_info(&game, &info), ATOM4_OK);
    CHECK(info.player == 1 && info.empty_count == 36 - 7);

    count = 12345;
    CHECK_STATUS(atom4_legal_moves(&game, NULL, ATOM4_MAX_CELLS, &count), ATOM4_NULL_ARGUMENT);
    CHECK(count == 12345);
}

static void test_text(void) {
    atom4_game game, parsed;
    char text[ATOM4_TEXT_CAPACITY];
    char small[4];
    size_t length = 0, offset = 0;
    const char *bad = "..../..../..../.... r 1 0-0 *";
    const char *ragged = "..../.../..../.... r 1 0-0 *";

    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    CHECK_STATUS(atom4_play(&game, 8, 8, NULL, 0, NULL), ATOM4_OK);
    CHECK_STATUS(atom4_game_to_text(&game, small, sizeof small, &length),
                 ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == 16 * 16 + 15 + strlen(" y 1 0-0 *"));
    CHECK_STATUS(atom4_game_to_text(&game, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_game_to_text(&game, text, length, NULL), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_game_to_text(&game, text, length + 1, NULL), ATOM4_OK);
    CHECK(strlen(text) == length);
    CHECK(strcmp(text + length - 10, " y 1 0-0 *") == 0);

    CHECK_STATUS(atom4_game_from_text(&parsed, text, strlen(text), &offset), ATOM4_OK);
    CHECK(memcmp(&parsed, &game, sizeof game) == 0);

    /* An empty board in play has no legal cell: inconsistent. */
    parsed = game;
    CHECK_STATUS(atom4_game_from_text(&parsed, bad, strlen(bad), &offset), ATOM4_BAD_TEXT);
    CHECK(memcmp(&parsed, &game, sizeof game) == 0);
    CHECK_STATUS(atom4_game_from_text(&parsed, ragged, strlen(ragged), &offset),
                 ATOM4_BAD_TEXT);
    CHECK(offset == 5);
    CHECK_STATUS(atom4_game_from_text(&parsed, "\xff", 1, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 0);
    CHECK_STATUS(atom4_game_from_text(&parsed, NULL, 5, &offset), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_game_from_text(&parsed, NULL, 0, &offset), ATOM4_BAD_TEXT);
    CHECK(memcmp(&parsed, &game, sizeof game) == 0);
}

/* Plays random legal moves to the end of the round; returns the moves made. */
static int play_out(atom4_game *game, unsigned *seed) {
    atom4_cell cells[ATOM4_MAX_CELLS];
    size_t n;
    int moves = 0;
    while (info_of(game).status == ATOM4_PLAYING) {
        CHECK_STATUS(atom4_legal_moves(game, cells, ATOM4_MAX_CELLS, &n), ATOM4_OK);
        *seed = *seed * 1103515245u + 12345u;
        n = (*seed >> 16) % n;
        CHECK_STATUS(atom4_play(game, cells[n].x, cells[n].y, NULL, 0, NULL), ATOM4_OK);
        moves++;
    }
    return moves;
}

static void test_full_games_and_rounds(void) {
    atom4_game game;
    atom4_info info;
    unsigned seed = 12345;
    uint32_t won = 0;
    int round;
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    CHECK_STATUS(atom4_next_round(&game), ATOM4_ROUND_NOT_OVER);
    for (round = 1; round <= 6; round++) {
        info = info_of(&game);
        CHECK(info.round == (uint32_t)round);
        CHECK(info.player == (round % 2 == 1 ? 1 : 2));
        CHECK(info.tile_index == (round - 1) % 6);
        CHECK(play_out(&game, &seed) > 0);
        info = info_of(&game);
        CHECK(info.player == 0 && info.legal_count == 0);
        if (info.status == ATOM4_WON_BY_PLAYER_1 || info.status == ATOM4_WON_BY_PLAYER_2) {
            won++;
        } else {
            CHECK(info.status == ATOM4_STALEMATE && info.empty_count == 0);
        }
        CHECK(info.scores[0] + info.scores[1] == won);
        CHECK_STATUS(atom4_check_move(&game, 0, 0), ATOM4_ROUND_OVER);
        CHECK_STATUS(atom4_play(&game, 0, 0, NULL, 0, NULL), ATOM4_ROUND_OVER);
        CHECK_STATUS(atom4_next_round(&game), ATOM4_OK);
    }
}

static void test_classic(void) {
    atom4_game game;
    atom4_classic_result result;
    atom4_cell best;
    uint64_t rng = 42, before;
    int i, found = 0;
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    CHECK_STATUS(atom4_classic_analyse(&game, 2, &result), ATOM4_OK);
    CHECK(result.best_count >= 1 && result.nodes > 0);
    CHECK_STATUS(atom4_classic_analyse(&game, ATOM4_CLASSIC_MAX_LEVEL + 1, &result),
                 ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_classic_analyse(&game, 2, NULL), ATOM4_NULL_ARGUMENT);
    before = rng;
    CHECK_STATUS(atom4_classic_move(&game, 2, &rng, &best), ATOM4_OK);
    CHECK(rng != before);
    for (i = 0; i < result.best_count; i++) {
        found |= result.best[i].x == best.x && result.best[i].y == best.y;
    }
    CHECK(found);
    CHECK_STATUS(atom4_classic_move(&game, 2, NULL, &best), ATOM4_NULL_ARGUMENT);
    /* Classic level 1 against itself to the end of the round. */
    while (info_of(&game).status == ATOM4_PLAYING) {
        CHECK_STATUS(atom4_classic_move(&game, 1, &rng, &best), ATOM4_OK);
        CHECK_STATUS(atom4_play(&game, best.x, best.y, NULL, 0, NULL), ATOM4_OK);
    }
    CHECK_STATUS(atom4_classic_move(&game, 1, &rng, &best), ATOM4_ROUND_OVER);
}

static bool stop_at_once(void *context, uint64_t nodes) {
    (void)nodes;
    ++*(int *)context;
    return true;
}

struct stopper {
    uint32_t flag;
};

static void *set_flag_later(void *arg) {
    struct stopper *stopper = arg;
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    __atomic_store_n(&stopper->flag, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void test_strong(void) {
    static atom4_tt_entry table[1 << 12];
    atom4_game game;
    atom4_limits limits;
    atom4_search_result result, again;
    int calls = 0;
    CHECK(sizeof(atom4_tt_entry) == 8);
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    memset(&limits, 0, sizeof limits);
    limits.depth = 4;
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(result.depth == 4 && result.nodes > 0);
    CHECK_STATUS(atom4_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    CHECK(result.pv_length >= 1 && result.pv[0].x == result.best.x &&
          result.pv[0].y == result.best.y);
    /* Deterministic for the same seed, with or without a table. */
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &again), ATOM4_OK);
    CHECK(again.best.x == result.best.x && again.best.y == result.best.y &&
          again.score == result.score && again.nodes == result.nodes);
    CHECK_STATUS(atom4_strong_search(&game, &limits, NULL, 0, &again), ATOM4_OK);
    CHECK_STATUS(atom4_check_move(&game, again.best.x, again.best.y), ATOM4_OK);
    CHECK_STATUS(atom4_strong_search(&game, &limits, NULL, 8, &again), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_strong_search(&game, NULL, table, 8, &again), ATOM4_NULL_ARGUMENT);
    limits.depth = 65;
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 8, &again), ATOM4_OUT_OF_RANGE);

    /* A node limit, a stop callback and a stop flag end deep searches. */
    limits.depth = 0;
    limits.nodes = 5000;
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(result.nodes < 20000 && result.depth < 64);
    CHECK_STATUS(atom4_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    limits.nodes = 0;
    limits.should_stop = stop_at_once;
    limits.context = &calls;
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(calls == 1 && result.depth < 64);
    CHECK_STATUS(atom4_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    limits.should_stop = NULL;
    {
        struct stopper stopper = {0};
        pthread_t thread;
        limits.stop_flag = &stopper.flag;
        CHECK(pthread_create(&thread, NULL, set_flag_later, &stopper) == 0);
        CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
        CHECK(pthread_join(thread, NULL) == 0);
        CHECK(result.depth >= 1 && result.depth < 64);
        CHECK_STATUS(atom4_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    }
    /* The strong engine at depth 2 beats random moves often; here it just
     * has to finish a round, and refuse once the round is over. */
    memset(&limits, 0, sizeof limits);
    limits.depth = 2;
    while (info_of(&game).status == ATOM4_PLAYING) {
        CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
        CHECK_STATUS(atom4_play(&game, result.best.x, result.best.y, NULL, 0, NULL), ATOM4_OK);
    }
    CHECK_STATUS(atom4_strong_search(&game, &limits, table, 1 << 12, &result),
                 ATOM4_ROUND_OVER);
}

/* The board field of a position text: everything before the first space. */
static int board_equals(const atom4_game *game, const char *board) {
    char text[ATOM4_TEXT_CAPACITY];
    size_t n = strcspn(board, " \n");
    CHECK_STATUS(atom4_game_to_text(game, text, sizeof text, NULL), ATOM4_OK);
    return strncmp(text, board, n) == 0 && text[n] == ' ';
}

/* Replays the output of the vector-lines tool; returns moves checked. */
static long replay_vectors(const char *path, long max_games, long *games, long *positions) {
    static char line[4096];
    atom4_game game;
    FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    long moves = 0;
    int skipping = 0;
    if (file == NULL) {
        perror(path);
        failed++;
        return 0;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        unsigned w, h, x, y, legal, winner, level, bits, n, i;
        int offset = 0, consumed;
        if (strncmp(line, "position ", 9) == 0) {
            skipping = 0; /* the limit counts games, not classic positions */
        }
        if (sscanf(line, "game %u %u", &w, &h) == 2) {
            skipping = max_games >= 0 && *games >= max_games;
            if (!skipping) {
                ++*games;
                CHECK_STATUS(atom4_game_init(&game, (uint8_t)w, (uint8_t)h), ATOM4_OK);
            }
        } else if (skipping) {
            continue;
        } else if (strncmp(line, "round ", 6) == 0) {
            CHECK(board_equals(&game, line + 8));
        } else if (strcmp(line, "next\n") == 0) {
            CHECK_STATUS(atom4_next_round(&game), ATOM4_OK);
        } else if (sscanf(line, "move %u %u %u %u %n", &x, &y, &legal, &winner, &offset) == 4) {
            atom4_info info;
            CHECK_STATUS(atom4_play(&game, (uint8_t)x, (uint8_t)y, NULL, 0, NULL), ATOM4_OK);
            info = info_of(&game);
            CHECK(board_equals(&game, line + offset));
            CHECK((unsigned)info.status == winner);
            if (winner == 0) {
                CHECK(info.legal_count == legal);
            }
            moves++;
        } else if (strncmp(line, "position ", 9) == 0) {
            line[strcspn(line, "\n")] = '\0';
            CHECK_STATUS(atom4_game_from_text(&game, line + 9, strlen(line + 9), NULL),
                         ATOM4_OK);
        } else if (sscanf(line, "classic %u %u %u%n", &level, &bits, &n, &offset) == 3) {
            atom4_classic_result result;
            uint32_t value_bits;
            CHECK_STATUS(atom4_classic_analyse(&game, (uint8_t)level, &result), ATOM4_OK);
            memcpy(&value_bits, &result.value, sizeof value_bits);
            CHECK(value_bits == bits);
            CHECK(result.best_count == n);
            for (i = 0; i < n && i < result.best_count; i++) {
                CHECK(sscanf(line + offset, " %u %u%n", &x, &y, &consumed) == 2);
                offset += consumed;
                CHECK(result.best[i].x == x && result.best[i].y == y);
            }
            ++*positions;
        }
    }
    if (file != stdin) {
        fclose(file);
    }
    return moves;
}

/* Bare boards: the rules asked about any cells, with bad arguments refused. */
static void test_bare_boards(void) {
    atom4_game game;
    atom4_board board, copy;
    atom4_change changes[ATOM4_MAX_CHANGES], played[ATOM4_MAX_CHANGES];
    size_t n = 0, m = 0, i;
    bool legal = false;
    uint8_t nx = 0, ny = 0;
    uint32_t run = 0;
    CHECK_STATUS(atom4_game_init(&game, 16, 16), ATOM4_OK);
    CHECK_STATUS(atom4_game_board(&game, &board), ATOM4_OK);
    CHECK(board.width == 16 && board.height == 16 && board.cells[7 * 16 + 7] == 2 && board.cells[0] == -1);
    CHECK_STATUS(atom4_board_is_legal(&board, 8, 6, &legal), ATOM4_OK);
    CHECK(legal);
    CHECK_STATUS(atom4_board_is_legal(&board, 0, 0, &legal), ATOM4_OK);
    CHECK(!legal);
    /* A splash is what playing there does, and changes nothing. */
    copy = board;
    CHECK_STATUS(atom4_board_splash(&board, 8, 6, 1, changes, ATOM4_MAX_CHANGES, &n), ATOM4_OK);
    CHECK(memcmp(&copy, &board, sizeof board) == 0);
    CHECK_STATUS(atom4_play(&game, 8, 6, played, ATOM4_MAX_CHANGES, &m), ATOM4_OK);
    CHECK(n == m && n >= 1);
    for (i = 0; i < n && i < m; i++) {
        CHECK(memcmp(&changes[i], &played[i], sizeof changes[i]) == 0);
    }
    CHECK_STATUS(atom4_board_splash(&board, 8, 6, 7, changes, ATOM4_MAX_CHANGES, &n), ATOM4_OK);
    CHECK(n == 0); /* a propagator splashes nothing */
    CHECK_STATUS(atom4_board_splash(&board, 7, 7, 1, changes, ATOM4_MAX_CHANGES, &n), ATOM4_OCCUPIED);
    CHECK_STATUS(atom4_board_splash(&board, 8, 6, 1, changes, 0, &n), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_board_splash(&board, 8, 6, 8, changes, ATOM4_MAX_CHANGES, &n), ATOM4_OUT_OF_RANGE);
    /* Neighbours: clockwise from the upper left; odd rows sit right. */
    CHECK_STATUS(atom4_board_neighbour(16, 16, 0, 1, 0, &nx, &ny), ATOM4_OK);
    CHECK(nx == 0 && ny == 0);
    CHECK_STATUS(atom4_board_neighbour(16, 16, 0, 0, 0, &nx, &ny), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_board_neighbour(16, 16, 3, 3, 6, &nx, &ny), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_board_neighbour(1, 16, 0, 0, 2, &nx, &ny), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_board_neighbour(16, 16, 3, 3, 2, NULL, &ny), ATOM4_NULL_ARGUMENT);
    /* Runs: three white after (0, 0) along row 0. */
    memset(board.cells, -1, sizeof board.cells);
    board.cells[1] = board.cells[2] = board.cells[3] = 7;
    CHECK_STATUS(atom4_board_run(&board, 0, 0, 2, 7, 10, &run), ATOM4_OK);
    CHECK(run == 3);
    CHECK_STATUS(atom4_board_run(&board, 0, 0, 2, 7, 2, &run), ATOM4_OK);
    CHECK(run == 2);
    CHECK_STATUS(atom4_board_run(&board, 0, 0, 5, 7, 10, &run), ATOM4_OK);
    CHECK(run == 0);
    /* Bad boards and pointers. */
    board.cells[5] = 9;
    CHECK_STATUS(atom4_board_is_legal(&board, 0, 0, &legal), ATOM4_OUT_OF_RANGE);
    board.cells[5] = -1;
    board.width = 17;
    CHECK_STATUS(atom4_board_is_legal(&board, 0, 0, &legal), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_board_is_legal(NULL, 0, 0, &legal), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_game_board(&game, NULL), ATOM4_NULL_ARGUMENT);
}

int main(int argc, char **argv) {
    test_version_and_status_text();
    test_new_game();
    test_bad_games();
    test_moves_and_changes();
    test_forged_undo();
    test_text();
    test_full_games_and_rounds();
    test_classic();
    test_strong();
    test_bare_boards();
    if (argc > 1) {
        long games = 0, positions = 0;
        long max_games = argc > 2 ? atol(argv[2]) : -1;
        long moves = replay_vectors(argv[1], max_games, &games, &positions);
        printf("c vectors: %ld games, %ld moves, %ld classic positions\n", games, moves,
               positions);
        CHECK(games > 0 && moves > 0);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
