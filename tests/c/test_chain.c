/* The C behaviour suite of libatom4's Chain Reaction (atom4_chain_*):
 * both rule sets, the spec's worked examples, every error path (NULL
 * pointers, tiny buffers, bad game memory, illegal moves, bad text), the
 * strong engine and its limits, the tutorial's computer player, and the
 * golden vectors replayed through the C API.
 *
 * Usage: test_chain [VECTOR_LINES [MAX_RECORDS]]
 * VECTOR_LINES is the output of `cargo run -p atom4-arena --bin
 * chain-vector-lines`. Prints "N passed, N failed"; exits non-zero on a
 * failure. */

#include <atom4.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static atom4_chain_info info_of(const atom4_chain_game *game) {
    atom4_chain_info info;
    memset(&info, 0, sizeof info);
    CHECK_STATUS(atom4_chain_game_info(game, &info), ATOM4_OK);
    return info;
}

static atom4_status from_text(atom4_chain_game *game, const char *text) {
    return atom4_chain_game_from_text(game, text, strlen(text), NULL);
}

/* Whether the game's position text is `want`. */
static int text_is(const atom4_chain_game *game, const char *want) {
    char text[ATOM4_CHAIN_TEXT_CAPACITY];
    size_t length = 0;
    CHECK_STATUS(atom4_chain_game_to_text(game, text, sizeof text, &length), ATOM4_OK);
    if (strcmp(text, want) != 0 || length != strlen(want)) {
        fprintf(stderr, "  position %s\n  expected %s\n", text, want);
        return 0;
    }
    return 1;
}

static void test_sizes_and_new_games(void) {
    atom4_chain_game game;
    atom4_chain_info info;
    uint8_t count = 9, owner = 9;
    CHECK(sizeof(atom4_chain_game) == 272);
    CHECK(sizeof(atom4_chain_tt_entry) == 8);
    CHECK(sizeof(atom4_chain_seed_ai) == 128);
    CHECK_STATUS(atom4_chain_game_init(NULL, ATOM4_CHAIN_CLASSIC, 6, 9, 2), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 1, 1, 2), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 17, 2, 2), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 6, 9, 1), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 6, 9, 9), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_ATOMS, 8, 8, 3), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, 2, 8, 8, 2), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 6, 9, 2), ATOM4_OK);
    info = info_of(&game);
    CHECK(info.rules == ATOM4_CHAIN_CLASSIC && info.width == 6 && info.height == 9);
    CHECK(info.players == 2 && info.to_move == 1 && info.result == ATOM4_CHAIN_ON);
    CHECK(info.winner == 0 && info.out == 0 && info.ply == 0 && info.legal_count == 54);
    CHECK(text_is(&game, "classic 2 ....../....../....../....../....../....../....../....../...... a 0 - *"));
    CHECK_STATUS(atom4_chain_get_cell(&game, 5, 8, &count, &owner), ATOM4_OK);
    CHECK(count == 0 && owner == 0);
    CHECK_STATUS(atom4_chain_get_cell(&game, 6, 0, &count, &owner), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_get_cell(&game, 0, 0, NULL, NULL), ATOM4_OK);
    CHECK_STATUS(atom4_chain_get_cell(NULL, 0, 0, &count, &owner), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_game_info(&game, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_ATOMS, 8, 8, 2), ATOM4_OK);
    CHECK(info_of(&game).rules == ATOM4_CHAIN_ATOMS);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 16, 16, 8), ATOM4_OK);
    CHECK(info_of(&game).legal_count == 256);
}

/* Spec 4.9 and 5.4: start, a move, the position after, its cascade. */
static void test_worked_examples(void) {
    static const struct {
        const char *start;
        uint8_t x, y;
        const char *after;
        uint32_t explosions, waves;
    } examples[] = {
        {"classic 2 1a1b./..1b/... a 2 - *", 0, 0, "classic 2 .2a./1a.1b/... b 3 - *", 1, 1},
        {"classic 2 1a2b./2b3b2b/1a2b. b 13 - *", 1, 1, "classic 2 3b.2b/.4b./3b.2b - 14 a b", 5, 2},
        {"classic 3 .1b1b.. c 2 - *", 3, 0, "classic 3 .1b1b1c. b 3 a *", 0, 0},
        {"classic 2 ./. a 0 - *", 0, 0, "classic 2 1a/. - 1 - =", 1000, 1000},
        {"classic 5 1a1b/1c. d 3 - *", 1, 1, "classic 5 1a1b/1c1d a 5 e *", 0, 0},
        {"atoms 2 ......../......../..3a2b..../......../......../......../.....1b../........ a 6 - *", 2, 2,
         "atoms 2 ......../..1a...../.1a0a3a..../..1a...../......../......../.....1b../........ b 7 - *", 1, 1},
        {"atoms 2 3a./.. a 10 - *", 0, 0, "atoms 2 0a1a/1a. - 11 b a", 1, 1},
        {"atoms 2 0a1a../1a..1b/...2b b 7 - *", 0, 0, "atoms 2 1b1a../1a..1b/...2b a 8 - *", 0, 0},
    };
    size_t i;
    for (i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        atom4_chain_game game;
        atom4_chain_cascade cascade = {99, 99};
        CHECK_STATUS(from_text(&game, examples[i].start), ATOM4_OK);
        CHECK_STATUS(atom4_chain_play(&game, examples[i].x, examples[i].y, &cascade), ATOM4_OK);
        CHECK(text_is(&game, examples[i].after));
        CHECK(cascade.explosions == examples[i].explosions && cascade.waves == examples[i].waves);
    }
    {
        atom4_chain_game game;
        atom4_chain_info info;
        uint32_t orbs = 0;
        uint8_t count = 0, owner = 0;
        CHECK_STATUS(from_text(&game, "classic 2 3b.2b/.4b./3b.2b - 14 a b"), ATOM4_OK);
        info = info_of(&game);
        CHECK(info.result == ATOM4_CHAIN_WON && info.winner == 2 && info.to_move == 0);
        CHECK(info.out == 1 && info.ply == 14 && info.legal_count == 0);
        CHECK_STATUS(atom4_chain_orbs(&game, 2, &orbs), ATOM4_OK);
        CHECK(orbs == 3 + 2 + 4 + 3 + 2);
        CHECK_STATUS(atom4_chain_orbs(&game, 3, &orbs), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(atom4_chain_orbs(&game, 0, &orbs), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(from_text(&game, "classic 2 1a/. - 1 - ="), ATOM4_OK);
        CHECK(info_of(&game).result == ATOM4_CHAIN_DRAWN);
        /* The residual owner of atoms: no orbs, an owner. */
        CHECK_STATUS(from_text(&game, "atoms 2 0a1a/1a. - 11 b a"), ATOM4_OK);
        CHECK_STATUS(atom4_chain_get_cell(&game, 0, 0, &count, &owner), ATOM4_OK);
        CHECK(count == 0 && owner == 1);
    }
}

static void test_refusals_change_nothing(void) {
    atom4_chain_game game, before;
    atom4_chain_cascade cascade;
    const char *start = "classic 2 1a1b./..1b/... a 2 - *";
    CHECK_STATUS(from_text(&game, start), ATOM4_OK);
    before = game;
    CHECK_STATUS(atom4_chain_check_move(&game, 1, 0), ATOM4_OCCUPIED);
    CHECK_STATUS(atom4_chain_play(&game, 1, 0, &cascade), ATOM4_OCCUPIED);
    CHECK_STATUS(atom4_chain_play(&game, 3, 0, NULL), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_play(&game, 0, 200, NULL), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_chain_pass(&game), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_chain_play(NULL, 0, 0, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_pass(NULL), ATOM4_NULL_ARGUMENT);
    {
        /* A misaligned output: refused before the game changes. */
        union {
            atom4_chain_cascade c;
            unsigned char bytes[sizeof(atom4_chain_cascade) + 1];
        } raw;
        CHECK_STATUS(atom4_chain_play(&game, 0, 0, (atom4_chain_cascade *)(raw.bytes + 1)),
                     ATOM4_MISALIGNED);
    }
    CHECK(memcmp(&game, &before, sizeof game) == 0);
    CHECK(text_is(&game, start));
    CHECK_STATUS(atom4_chain_check_move(&game, 0, 0), ATOM4_OK);
    CHECK_STATUS(from_text(&game, "classic 2 3b.2b/.4b./3b.2b - 14 a b"), ATOM4_OK);
    CHECK_STATUS(atom4_chain_play(&game, 1, 0, NULL), ATOM4_ROUND_OVER);
    CHECK_STATUS(atom4_chain_check_move(&game, 1, 0), ATOM4_ROUND_OVER);
    /* Atoms passes. */
    CHECK_STATUS(from_text(&game, "atoms 2 ../.. a 0 - *"), ATOM4_OK);
    CHECK_STATUS(atom4_chain_pass(&game), ATOM4_OK);
    CHECK(text_is(&game, "atoms 2 ../.. b 1 - *"));
}

static void test_text(void) {
    atom4_chain_game game, before;
    char small[8];
    size_t length = 0, offset = 0;
    static const struct {
        const char *text;
        size_t offset;
    } bad[] = {
        {"classic 2 ./.", 13},                          /* missing fields */
        {"chess 2 ./. a 0 - *", 0},                     /* unknown rules */
        {"classic 9 ./. a 0 - *", 8},                   /* players */
        {"atoms 3 ./. a 0 - *", 6},                     /* atoms has 2 */
        {"classic 2 ../. a 0 - *", 13},                 /* ragged rows */
        {"classic 2 x./.. a 0 - *", 10},                /* a bad cell */
        {"classic 2 1c./.. a 0 - *", 11},               /* owner beyond the players */
        {"classic 2 8a./.. a 0 - *", 10},               /* count over 7 */
        {"classic 2 0a./.. a 0 - *", 10},               /* 0a in classic */
        {"classic 2 2a./.. a 1 - *", 10},               /* unstable in a game on */
        {"classic 3 ../.. a 3 a *", 16},                /* the player to move is out */
        {"classic 2 ../.. a 0 - * x", 23},              /* trailing text */
    };
    size_t i;
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 3, 2, 2), ATOM4_OK);
    before = game;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        offset = 999;
        CHECK_STATUS(atom4_chain_game_from_text(&game, bad[i].text, strlen(bad[i].text), &offset),
                     ATOM4_BAD_TEXT);
        if (offset != bad[i].offset) {
            fprintf(stderr, "  %s: offset %zu, expected %zu\n", bad[i].text, offset, bad[i].offset);
        }
        CHECK(offset == bad[i].offset);
        CHECK(memcmp(&game, &before, sizeof game) == 0);
    }
    /* Invalid UTF-8 and NULL. */
    CHECK_STATUS(atom4_chain_game_from_text(&game, "classic\xff", 8, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 7);
    CHECK_STATUS(atom4_chain_game_from_text(&game, NULL, 5, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_game_from_text(NULL, "classic 2 ./. a 0 - *", 21, NULL),
                 ATOM4_NULL_ARGUMENT);
    /* Too small a buffer: the length needed, nothing written. */
    memset(small, 'x', sizeof small);
    CHECK_STATUS(atom4_chain_game_to_text(&game, small, sizeof small, &length),
                 ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == strlen("classic 2 .../... a 0 - *") && small[0] == 'x');
    CHECK_STATUS(atom4_chain_game_to_text(&game, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_chain_game_to_text(&game, NULL, 40, &length), ATOM4_NULL_ARGUMENT);
}

static void test_bad_game_memory(void) {
    atom4_chain_game game, copy;
    atom4_chain_info info;
    unsigned i;
    memset(&game, 0, sizeof game);
    CHECK_STATUS(atom4_chain_game_info(&game, &info), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_chain_play(&game, 0, 0, NULL), ATOM4_BAD_GAME);
    memset(&game, 0xA5, sizeof game);
    CHECK_STATUS(atom4_chain_check_move(&game, 0, 0), ATOM4_BAD_GAME);
    /* Any single flipped bit either still decodes to a game the notation
     * accepts or is refused: never a crash, never an internal error. */
    CHECK_STATUS(from_text(&game, "classic 3 .1b1b1c. b 3 a *"), ATOM4_OK);
    for (i = 0; i < 8 * sizeof game; i++) {
        atom4_status status;
        copy = game;
        ((unsigned char *)&copy)[i / 8] ^= (unsigned char)(1u << (i % 8));
        status = atom4_chain_game_info(&copy, &info);
        CHECK(status == ATOM4_OK || status == ATOM4_BAD_GAME);
        if (status == ATOM4_OK) {
            char text[ATOM4_CHAIN_TEXT_CAPACITY];
            atom4_chain_game back;
            CHECK_STATUS(atom4_chain_game_to_text(&copy, text, sizeof text, NULL), ATOM4_OK);
            CHECK_STATUS(from_text(&back, text), ATOM4_OK);
        }
    }
}

static void test_legal_moves(void) {
    atom4_chain_game game;
    atom4_cell cells[ATOM4_CHAIN_MAX_CELLS], two[2];
    size_t count = 0;
    CHECK_STATUS(from_text(&game, "classic 2 1a1b./..1b/... a 2 - *"), ATOM4_OK);
    CHECK_STATUS(atom4_chain_legal_moves(&game, cells, ATOM4_CHAIN_MAX_CELLS, &count), ATOM4_OK);
    CHECK(count == 7 && cells[0].x == 0 && cells[0].y == 0 && cells[1].x == 2 && cells[1].y == 0);
    CHECK_STATUS(atom4_chain_legal_moves(&game, two, 2, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK(count == 7);
    CHECK_STATUS(atom4_chain_legal_moves(&game, NULL, 0, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(from_text(&game, "classic 2 3b.2b/.4b./3b.2b - 14 a b"), ATOM4_OK);
    CHECK_STATUS(atom4_chain_legal_moves(&game, NULL, 0, &count), ATOM4_OK);
    CHECK(count == 0);
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

static void test_search(void) {
    static atom4_chain_tt_entry table[1 << 12];
    atom4_chain_game game;
    atom4_limits limits;
    atom4_chain_search_result result, again;
    int calls = 0;
    memset(&limits, 0, sizeof limits);
    /* The win in one of spec 4.9.2. */
    CHECK_STATUS(from_text(&game, "classic 2 1a2b./2b3b2b/1a2b. b 13 - *"), ATOM4_OK);
    limits.depth = 3;
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(result.score > 29000 && !result.best.pass);
    CHECK_STATUS(atom4_chain_play(&game, result.best.x, result.best.y, NULL), ATOM4_OK);
    CHECK(info_of(&game).winner == 2);
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_ROUND_OVER);

    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 6, 9, 2), ATOM4_OK);
    limits.depth = 4;
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(result.depth == 4 && result.nodes > 0 && result.pv_length >= 1);
    CHECK_STATUS(atom4_chain_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    /* Deterministic for the same seed, with or without a table. */
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &again), ATOM4_OK);
    CHECK(again.best.x == result.best.x && again.best.y == result.best.y &&
          again.score == result.score && again.nodes == result.nodes);
    CHECK_STATUS(atom4_chain_search(&game, &limits, NULL, 0, &again), ATOM4_OK);
    CHECK_STATUS(atom4_chain_check_move(&game, again.best.x, again.best.y), ATOM4_OK);
    CHECK_STATUS(atom4_chain_search(&game, &limits, NULL, 8, &again), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_search(&game, NULL, table, 8, &again), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 8, NULL), ATOM4_NULL_ARGUMENT);
    limits.depth = 65;
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 8, &again), ATOM4_OUT_OF_RANGE);

    /* A node limit, a stop callback and a stop flag end deep searches. */
    limits.depth = 0;
    limits.nodes = 5000;
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(result.nodes < 20000 && result.depth < 64);
    limits.nodes = 0;
    limits.should_stop = stop_at_once;
    limits.context = &calls;
    CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
    CHECK(calls == 1 && result.depth < 64);
    CHECK_STATUS(atom4_chain_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    limits.should_stop = NULL;
    {
        struct stopper stopper = {0};
        pthread_t thread;
        limits.stop_flag = &stopper.flag;
        CHECK(pthread_create(&thread, NULL, set_flag_later, &stopper) == 0);
        CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
        CHECK(pthread_join(thread, NULL) == 0);
        CHECK(result.depth >= 1 && result.depth < 64);
        CHECK_STATUS(atom4_chain_check_move(&game, result.best.x, result.best.y), ATOM4_OK);
    }
    /* Four players on 5x5 to the end, the engine in every seat. */
    memset(&limits, 0, sizeof limits);
    limits.depth = 2;
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 5, 5, 4), ATOM4_OK);
    while (info_of(&game).result == ATOM4_CHAIN_ON) {
        CHECK_STATUS(atom4_chain_search(&game, &limits, table, 1 << 12, &result), ATOM4_OK);
        CHECK_STATUS(atom4_chain_play(&game, result.best.x, result.best.y, NULL), ATOM4_OK);
    }
    CHECK(info_of(&game).winner >= 1 && info_of(&game).winner <= 4);
}

static void test_seed_ai(void) {
    atom4_chain_seed_ai ai, copy;
    atom4_chain_game game;
    atom4_chain_move mv;
    uint32_t front = 99;
    CHECK_STATUS(atom4_chain_seed_ai_init(NULL, 1), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_chain_seed_ai_init(&ai, 1500), ATOM4_OK);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_CLASSIC, 8, 8, 2), ATOM4_OK);
    copy = ai;
    CHECK_STATUS(atom4_chain_seed_ai_move(&ai, &game, &mv), ATOM4_BAD_GAME);
    CHECK(memcmp(&ai, &copy, sizeof ai) == 0);
    CHECK_STATUS(atom4_chain_game_init(&game, ATOM4_CHAIN_ATOMS, 8, 8, 2), ATOM4_OK);
    CHECK_STATUS(atom4_chain_seed_ai_move(&ai, &game, &mv), ATOM4_OK);
    CHECK(!mv.pass && mv.x < 8 && mv.y < 8);
    CHECK(memcmp(&ai, &copy, sizeof ai) != 0);
    CHECK_STATUS(atom4_chain_seed_ai_move(&ai, &game, NULL), ATOM4_NULL_ARGUMENT);
    /* Memory that holds no generator state. */
    memcpy((unsigned char *)&copy + 31 * 4, &front, sizeof front);
    CHECK_STATUS(atom4_chain_seed_ai_move(&copy, &game, &mv), ATOM4_BAD_GAME);
}

/* The board field of the game's position text (after two fields). */
static int board_is(const atom4_chain_game *game, const char *board) {
    char text[ATOM4_CHAIN_TEXT_CAPACITY];
    const char *start;
    size_t n = strlen(board);
    CHECK_STATUS(atom4_chain_game_to_text(game, text, sizeof text, NULL), ATOM4_OK);
    start = strchr(text, ' ');
    start = start ? strchr(start + 1, ' ') : NULL;
    return start != NULL && strncmp(start + 1, board, n) == 0 && start[1 + n] == ' ';
}

/* Replays the vector lines: every move of every game and case, its
 * cascade, legal count and board, the seed player's moves, the end. */
static long replay_vectors(const char *path, long max_records, long *records, long *mismatches) {
    static char line[4096];
    FILE *file = fopen(path, "r");
    atom4_chain_game game;
    atom4_chain_seed_ai ai;
    int has_ai = 0, skipping = 0;
    long moves = 0, at = 0;
    if (file == NULL) {
        perror(path);
        failed++;
        return 0;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        char kind = line[0];
        char *rest = line + 2;
        at++;
        line[strcspn(line, "\n")] = 0;
        if (kind == 'G' || kind == 'C') {
            if (max_records >= 0 && *records >= max_records) {
                break;
            }
            ++*records;
            skipping = 0;
            has_ai = 0;
        }
        if (skipping) {
            continue;
        }
        if (kind == 'G') {
            char rules[16];
            unsigned w, h, players, seed;
            if (sscanf(rest, "%15s %u %u %u %u", rules, &w, &h, &players, &seed) != 5 ||
                atom4_chain_game_init(&game,
                                      strcmp(rules, "atoms") == 0 ? ATOM4_CHAIN_ATOMS
                                                                  : ATOM4_CHAIN_CLASSIC,
                                      (uint8_t)w, (uint8_t)h, (uint8_t)players) != ATOM4_OK) {
                fprintf(stderr, "%s:%ld: bad game line\n", path, at);
                ++*mismatches;
                skipping = 1;
                continue;
            }
            if (seed != 0) {
                CHECK_STATUS(atom4_chain_seed_ai_init(&ai, seed), ATOM4_OK);
                has_ai = 1;
            }
        } else if (kind == 'C') {
            if (from_text(&game, rest) != ATOM4_OK) {
                fprintf(stderr, "%s:%ld: the case's start does not read\n", path, at);
                ++*mismatches;
                skipping = 1;
            }
        } else if (kind == 'M' || kind == 'P') {
            char xs[8], ys[8], legal[8], board[1024];
            long explosions, waves;
            atom4_chain_cascade cascade = {0, 0};
            atom4_status status;
            int ok = 1;
            if (sscanf(rest, "%7s %7s %ld %ld %7s %1023s", xs, ys, &explosions, &waves, legal,
                       board) != 6) {
                fprintf(stderr, "%s:%ld: bad move line\n", path, at);
                ++*mismatches;
                skipping = 1;
                continue;
            }
            if (has_ai && info_of(&game).to_move == 2) {
                atom4_chain_move mv;
                CHECK_STATUS(atom4_chain_seed_ai_move(&ai, &game, &mv), ATOM4_OK);
                ok = kind == 'P' ? mv.pass
                                 : (!mv.pass && mv.x == atoi(xs) && mv.y == atoi(ys));
                if (!ok) {
                    fprintf(stderr, "%s:%ld: the seed player chose another move\n", path, at);
                }
            }
            status = kind == 'P' ? atom4_chain_pass(&game)
                                 : atom4_chain_play(&game, (uint8_t)atoi(xs), (uint8_t)atoi(ys),
                                                    &cascade);
            moves++;
            ok = ok && status == ATOM4_OK;
            if (explosions >= 0) {
                ok = ok && cascade.explosions == (uint32_t)explosions &&
                     cascade.waves == (uint32_t)waves;
            }
            if (legal[0] != '-') {
                ok = ok && info_of(&game).legal_count == atol(legal) && board_is(&game, board);
            }
            if (!ok) {
                fprintf(stderr, "%s:%ld: move %s,%s differs\n", path, at, xs, ys);
                ++*mismatches;
                skipping = 1;
            }
        } else if (kind == 'E') {
            if (!text_is(&game, rest)) {
                fprintf(stderr, "%s:%ld: the final position differs\n", path, at);
                ++*mismatches;
            }
        }
    }
    fclose(file);
    return moves;
}

int main(int argc, char **argv) {
    test_sizes_and_new_games();
    test_worked_examples();
    test_refusals_change_nothing();
    test_text();
    test_bad_game_memory();
    test_legal_moves();
    test_search();
    test_seed_ai();
    if (argc > 1) {
        long records = 0, mismatches = 0;
        long max_records = argc > 2 ? atol(argv[2]) : -1;
        long moves = replay_vectors(argv[1], max_records, &records, &mismatches);
        printf("c chain vectors: %ld games and cases, %ld moves, %ld mismatches\n", records,
               moves, mismatches);
        CHECK(records > 0 && moves > 0 && mismatches == 0);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
