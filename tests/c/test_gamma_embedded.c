/* Gamma's caller-memory API in atom4.h (atom4_gamma_*), for embedded C: a
 * game in a static array and one in calloc memory, every function, every
 * status (NULL pointers, misaligned and short memory, memory that holds no
 * game, bad players and cells, illegal moves, short buffers), and the same
 * answers as the course interface on random games.
 *
 * Prints "N passed, N failed"; exits non-zero on a failure. */

#include <atom4.h>

#include "gamma.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

/* A 10 x 10 game of 2 players needs fewer words than this. */
static uint32_t small_game[1024];

static void test_a_game_in_static_memory(void) {
    size_t words = 0;
    CHECK_STATUS(atom4_gamma_memory_words(10, 10, 2, &words), ATOM4_OK);
    CHECK(words > 700 && words <= sizeof small_game / sizeof small_game[0]);
    memset(small_game, 0xAB, sizeof small_game); /* init clears what it uses */
    CHECK_STATUS(atom4_gamma_init(small_game, words, 10, 10, 2, 3), ATOM4_OK);

    atom4_gamma_info info;
    CHECK_STATUS(atom4_gamma_get_info(small_game, words, &info), ATOM4_OK);
    CHECK(info.width == 10 && info.height == 10 && info.players == 2 && info.areas == 3);
    CHECK(info.empty_fields == 100);

    /* The course template (spec 4.9) through this API. */
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 0, 0), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 2, 3, 1), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 0, 2), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 0, 9), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 5, 5), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 0, 1), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 1, 5, 5), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 2, 2, 1), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 2, 1, 1), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 2, 0, 1), ATOM4_OCCUPIED);
    bool possible = false;
    CHECK_STATUS(atom4_gamma_golden_possible(small_game, words, 2, &possible), ATOM4_OK);
    CHECK(possible);
    CHECK_STATUS(atom4_gamma_golden_move(small_game, words, 2, 0, 1), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_gamma_golden_move(small_game, words, 2, 5, 5), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_golden_move(small_game, words, 2, 0, 0), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_gamma_golden_possible(small_game, words, 2, &possible), ATOM4_OK);
    CHECK(!possible);
    CHECK_STATUS(atom4_gamma_move(small_game, words, 2, 6, 6), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_golden_move(small_game, words, 1, 3, 1), ATOM4_OK);
    uint64_t busy = 0, free_fields = 0;
    CHECK_STATUS(atom4_gamma_busy_fields(small_game, words, 1, &busy), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_free_fields(small_game, words, 1, &free_fields), ATOM4_OK);
    CHECK(busy == 5 && free_fields == 8);
    CHECK_STATUS(atom4_gamma_busy_fields(small_game, words, 2, &busy), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_free_fields(small_game, words, 2, &free_fields), ATOM4_OK);
    CHECK(busy == 4 && free_fields == 10);
    uint32_t owner = 99;
    CHECK_STATUS(atom4_gamma_owner(small_game, words, 3, 1, &owner), ATOM4_OK);
    CHECK(owner == 1);
    CHECK_STATUS(atom4_gamma_owner(small_game, words, 9, 9, &owner), ATOM4_OK);
    CHECK(owner == 0);

    /* The board text, asked for with no room first. */
    size_t length = 0;
    CHECK_STATUS(atom4_gamma_board(small_game, words, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == 110);
    char text[111];
    CHECK_STATUS(atom4_gamma_board(small_game, words, text, 110, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_gamma_board(small_game, words, text, sizeof text, NULL), ATOM4_OK);
    CHECK(strcmp(text,
                 "1.........\n"
                 "..........\n"
                 "..........\n"
                 "......2...\n"
                 ".....2....\n"
                 "..........\n"
                 "..........\n"
                 "1.........\n"
                 "1221......\n"
                 "1.........\n") == 0);
}

static void test_every_error(void) {
    size_t words = 0;
    CHECK_STATUS(atom4_gamma_memory_words(0, 10, 2, &words), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_memory_words(10, 10, 0, &words), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_memory_words(UINT32_MAX, UINT32_MAX, 2, &words), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_memory_words(10, 10, 2, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_gamma_memory_words(4, 4, 2, &words), ATOM4_OK);

    uint32_t *memory = calloc(words + 1, sizeof *memory);
    CHECK(memory != NULL);
    CHECK_STATUS(atom4_gamma_init(NULL, words, 4, 4, 2, 2), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_gamma_init((uint32_t *)((char *)memory + 1), words, 4, 4, 2, 2),
                 ATOM4_MISALIGNED);
    CHECK_STATUS(atom4_gamma_init(memory, words - 1, 4, 4, 2, 2), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_gamma_init(memory, words, 4, 4, 2, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_init(memory, words, 0, 4, 2, 2), ATOM4_OUT_OF_RANGE);
    /* Memory that holds no game. */
    CHECK_STATUS(atom4_gamma_move(memory, words, 1, 0, 0), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_gamma_init_zeroed(memory, words, 4, 4, 2, 2), ATOM4_OK);
    /* Shorter memory than the game's. */
    CHECK_STATUS(atom4_gamma_move(memory, words - 1, 1, 0, 0), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_gamma_move(NULL, words, 1, 0, 0), ATOM4_NULL_ARGUMENT);

    CHECK_STATUS(atom4_gamma_move(memory, words, 0, 0, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_move(memory, words, 3, 0, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_move(memory, words, 1, 4, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_move(memory, words, 1, 0, UINT32_MAX), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_golden_move(memory, words, 1, 0, 0), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_gamma_golden_move(memory, words, UINT32_MAX, 0, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_move(memory, words, 1, 0, 0), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_golden_move(memory, words, 1, 0, 0), ATOM4_ILLEGAL_MOVE);
    uint64_t n = 7;
    bool b = true;
    uint32_t owner = 7;
    CHECK_STATUS(atom4_gamma_busy_fields(memory, words, 0, &n), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_free_fields(memory, words, 3, &n), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_golden_possible(memory, words, 3, &b), ATOM4_OUT_OF_RANGE);
    CHECK(n == 7 && b);
    CHECK_STATUS(atom4_gamma_busy_fields(memory, words, 1, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_gamma_owner(memory, words, 4, 0, &owner), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_gamma_owner(memory, words, 0, 0, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_gamma_get_info(memory, words, NULL), ATOM4_NULL_ARGUMENT);
    char text[4];
    size_t length = 0;
    CHECK_STATUS(atom4_gamma_board(memory, words, text, sizeof text, &length),
                 ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == 20);
    CHECK_STATUS(atom4_gamma_board(memory, words, NULL, 100, &length), ATOM4_NULL_ARGUMENT);
    /* Nothing changed. */
    CHECK_STATUS(atom4_gamma_busy_fields(memory, words, 1, &n), ATOM4_OK);
    CHECK(n == 1);
    CHECK_STATUS(atom4_gamma_free_fields(memory, words, 2, &n), ATOM4_OK);
    CHECK(n == 15);
    /* Overwritten memory is no game. */
    memory[0] ^= 1;
    CHECK_STATUS(atom4_gamma_busy_fields(memory, words, 1, &n), ATOM4_BAD_GAME);
    free(memory);
}

/* Random games played through both interfaces give the same answers. */
static void test_same_answers_as_gamma_h(void) {
    uint64_t state = 99;
    for (int round = 0; round < 30; round++) {
        uint32_t w = 3 + round % 9, h = 2 + round % 5, players = 1 + round % 5;
        uint32_t areas = 1 + round % 4;
        size_t words = 0;
        CHECK_STATUS(atom4_gamma_memory_words(w, h, players, &words), ATOM4_OK);
        uint32_t *memory = calloc(words, sizeof *memory);
        CHECK_STATUS(atom4_gamma_init_zeroed(memory, words, w, h, players, areas), ATOM4_OK);
        gamma_t *g = gamma_new(w, h, players, areas);
        for (int step = 0; step < 200; step++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            uint32_t r = (uint32_t)(state >> 33);
            uint32_t p = 1 + r % players, x = (r >> 5) % w, y = (r >> 10) % h;
            if ((r >> 20) % 10 == 0) {
                bool ok = gamma_golden_move(g, p, x, y);
                CHECK((atom4_gamma_golden_move(memory, words, p, x, y) == ATOM4_OK) == ok);
            } else {
                bool ok = gamma_move(g, p, x, y);
                CHECK((atom4_gamma_move(memory, words, p, x, y) == ATOM4_OK) == ok);
            }
            uint64_t n = 0;
            bool possible = false;
            CHECK_STATUS(atom4_gamma_free_fields(memory, words, p, &n), ATOM4_OK);
            CHECK(n == gamma_free_fields(g, p));
            CHECK_STATUS(atom4_gamma_golden_possible(memory, words, p, &possible), ATOM4_OK);
            CHECK(possible == gamma_golden_possible(g, p));
        }
        char *want = gamma_board(g);
        size_t length = 0;
        CHECK_STATUS(atom4_gamma_board(memory, words, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
        char *text = malloc(length + 1);
        CHECK_STATUS(atom4_gamma_board(memory, words, text, length + 1, NULL), ATOM4_OK);
        CHECK(want != NULL && text != NULL && strcmp(want, text) == 0);
        free(text);
        free(want);
        gamma_delete(g);
        free(memory);
    }
}

/* Issue 31, row 5: memory overwritten by the caller. A parent word made
 * its own parent looped for ever in find(); random words gave
 * ATOM4_INTERNAL_ERROR with a Rust panic and its backtrace on the host's
 * standard error. Now: a status (ATOM4_BAD_GAME for a broken forest) or a
 * wrong answer, never ATOM4_INTERNAL_ERROR (no panic), and nothing on
 * standard error, whatever the words. */
static void test_corrupted_memory(void) {
    static uint32_t game[4096];
    size_t words = 0;
    CHECK_STATUS(atom4_gamma_memory_words(5, 5, 2, &words), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_init(game, words, 5, 5, 2, 3), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(game, words, 1, 0, 0), ATOM4_OK);
    /* The header (24 words), six arrays of a word a cell, then the parent
     * words: node 1 (cell 0's) its own parent. */
    game[24 + 6 * 25 + 1] = 1;
    CHECK_STATUS(atom4_gamma_move(game, words, 1, 1, 0), ATOM4_BAD_GAME);

    /* A player's list of placed cells made a cycle: golden_possible walks
     * it at the areas limit; it must end. 1 x 5, areas 1: player 1 on
     * cells 0 and 1 (one area, at its limit), player 2 on 3. */
    bool possible = true;
    CHECK_STATUS(atom4_gamma_memory_words(5, 1, 2, &words), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_init(game, words, 5, 1, 2, 1), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(game, words, 1, 0, 0), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(game, words, 1, 1, 0), ATOM4_OK);
    CHECK_STATUS(atom4_gamma_move(game, words, 2, 3, 0), ATOM4_OK);
    /* placed_next (the third array) of cell 0 points at cell 1 (+1), whose
     * own points back at cell 0: a cycle. */
    game[24 + 2 * 5 + 0] = 2;
    game[24 + 2 * 5 + 1] = 1;
    atom4_gamma_golden_possible(game, words, 1, &possible);
    CHECK(1); /* reached: the walk ended */

    /* Random words overwritten, every call tried: standard error stays
     * empty (it goes to a file meanwhile). */
    fflush(stderr);
    FILE *capture = tmpfile();
    CHECK(capture != NULL);
    if (capture == NULL) {
        return;
    }
    int saved = dup(fileno(stderr));
    dup2(fileno(capture), fileno(stderr));
    unsigned long seed = 12345;
    int internal = 0, calls = 0;
    for (int round = 0; round < 2000; round++) {
        uint32_t width = 3 + round % 6, height = 2 + round % 5, players = 2 + round % 3;
        CHECK_STATUS(atom4_gamma_memory_words(width, height, players, &words), ATOM4_OK);
        CHECK_STATUS(atom4_gamma_init(game, words, width, height, players, 2), ATOM4_OK);
        for (int move = 0; move < 12; move++) {
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            atom4_gamma_move(game, words, 1 + (seed >> 33) % players, (seed >> 40) % width,
                             (seed >> 50) % height);
        }
        for (int hit = 0; hit < 1 + round % 4; hit++) {
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            size_t at = 24 + (seed >> 33) % (words - 24);
            game[at] = (uint32_t)(seed >> 20) % (round % 2 ? 64 : 0xffffffffu);
        }
        for (int call = 0; call < 16; call++) {
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            uint32_t p = 1 + (seed >> 33) % players, x = (seed >> 40) % width, y = (seed >> 50) % height;
            uint64_t fields;
            bool possible;
            char text[512];
            size_t length;
            atom4_status got;
            switch (call % 5) {
            case 0: got = atom4_gamma_move(game, words, p, x, y); break;
            case 1: got = atom4_gamma_golden_move(game, words, p, x, y); break;
            case 2: got = atom4_gamma_golden_possible(game, words, p, &possible); break;
            case 3: got = atom4_gamma_free_fields(game, words, p, &fields); break;
            default: got = atom4_gamma_board(game, words, text, sizeof text, &length); break;
            }
            internal += got == ATOM4_INTERNAL_ERROR;
            calls++;
        }
    }
    fflush(stderr);
    dup2(saved, fileno(stderr));
    close(saved);
    fseek(capture, 0, SEEK_END);
    long said = ftell(capture);
    CHECK(said == 0);
    if (said != 0) {
        char text[300] = {0};
        fseek(capture, 0, SEEK_SET);
        size_t n = fread(text, 1, sizeof text - 1, capture);
        text[n] = 0;
        fprintf(stderr, "corrupted memory: %ld bytes on standard error, starting: %s\n", said, text);
    }
    fclose(capture);
    CHECK(internal == 0);
    printf("corrupted memory: %d calls, %d internal errors, nothing on standard error\n", calls,
           internal);
}

int main(void) {
    test_corrupted_memory();
    test_a_game_in_static_memory();
    test_every_error();
    test_same_answers_as_gamma_h();
    printf("atom4_gamma: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
