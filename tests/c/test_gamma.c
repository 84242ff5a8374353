/* Gamma's course interface (include/gamma.h) through libatom4, compiled as
 * the course compiles its tests:
 *
 *   cc -std=c11 -O2 -Iinclude tests/c/test_gamma.c libatom4.a -lm -lpthread -ldl
 *
 * Usage: test_gamma          every check below; prints "N passed, N failed"
 *        test_gamma quick    the same without the boards of gigabytes (for
 *                            valgrind, whose calloc touches every byte)
 *        test_gamma memory   takes all the memory malloc gives, then makes
 *                            games until gamma_new returns NULL and plays on
 *                            every cell; exits 13 when it gets through (run
 *                            it under a virtual memory limit: ulimit -v)
 *        test_gamma huge     asks for boards too big for the machine: each
 *                            gamma_new must return NULL (or a game that
 *                            works), never abort
 *
 * The spec's worked examples, every function with every kind of bad
 * argument, boards of more than 9 players, many games at once, the size
 * limits (board sizes that overflow 32 and 64 bits, shapes of equal area),
 * and random games checked against a plain model written here. */

/* Twice: the header must have its own include guard and includes. */
#include "gamma.h"
#include "gamma.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The board text of g equals want (and is freed with free()). */
static void check_board(gamma_t *g, const char *want) {
    char *text = gamma_board(g);
    CHECK(text != NULL);
    if (text != NULL) {
        CHECK(strcmp(text, want) == 0);
        if (strcmp(text, want) != 0)
            fprintf(stderr, "board:\n%s\nwanted:\n%s\n", text, want);
        free(text);
    }
}

/* Spec 4.9: the course template, with the part-3 golden_possible. */
static void test_worked_example(void) {
    CHECK(gamma_new(0, 0, 0, 0) == NULL);
    gamma_t *g = gamma_new(10, 10, 2, 3);
    CHECK(g != NULL);
    CHECK(gamma_move(g, 1, 0, 0));
    CHECK(gamma_busy_fields(g, 1) == 1 && gamma_busy_fields(g, 2) == 0);
    CHECK(gamma_free_fields(g, 1) == 99 && gamma_free_fields(g, 2) == 99);
    CHECK(!gamma_golden_possible(g, 1));
    CHECK(gamma_move(g, 2, 3, 1));
    CHECK(gamma_free_fields(g, 1) == 98 && gamma_free_fields(g, 2) == 98);
    CHECK(gamma_move(g, 1, 0, 2));
    CHECK(gamma_move(g, 1, 0, 9));
    CHECK(!gamma_move(g, 1, 5, 5));
    CHECK(gamma_free_fields(g, 1) == 6);
    CHECK(gamma_move(g, 1, 0, 1));
    CHECK(gamma_free_fields(g, 1) == 95);
    CHECK(gamma_move(g, 1, 5, 5));
    CHECK(!gamma_move(g, 1, 6, 6));
    CHECK(gamma_busy_fields(g, 1) == 5 && gamma_free_fields(g, 1) == 10);
    CHECK(gamma_move(g, 2, 2, 1));
    CHECK(gamma_move(g, 2, 1, 1));
    CHECK(gamma_free_fields(g, 1) == 9 && gamma_free_fields(g, 2) == 92);
    CHECK(!gamma_move(g, 2, 0, 1));
    CHECK(gamma_golden_possible(g, 2));
    CHECK(!gamma_golden_move(g, 2, 0, 1));
    CHECK(gamma_golden_move(g, 2, 5, 5));
    CHECK(!gamma_golden_possible(g, 2));
    CHECK(gamma_move(g, 2, 6, 6));
    CHECK(gamma_busy_fields(g, 1) == 4 && gamma_free_fields(g, 1) == 91);
    CHECK(gamma_busy_fields(g, 2) == 5 && gamma_free_fields(g, 2) == 13);
    CHECK(gamma_golden_move(g, 1, 3, 1));
    CHECK(gamma_busy_fields(g, 1) == 5 && gamma_free_fields(g, 1) == 8);
    CHECK(gamma_busy_fields(g, 2) == 4 && gamma_free_fields(g, 2) == 10);
    check_board(g,
                "1.........\n"
                "..........\n"
                "..........\n"
                "......2...\n"
                ".....2....\n"
                "..........\n"
                "..........\n"
                "1.........\n"
                "1221......\n"
                "1.........\n");
    gamma_delete(g);
}

/* Spec 4.4: the golden move examples. */
static void test_golden_moves(void) {
    gamma_t *g = gamma_new(6, 3, 2, 2);
    CHECK(gamma_move(g, 1, 0, 1) && gamma_move(g, 1, 2, 1));
    CHECK(gamma_move(g, 2, 3, 0) && gamma_move(g, 2, 3, 1) && gamma_move(g, 2, 3, 2));
    CHECK(gamma_golden_move(g, 1, 3, 1));
    check_board(g, "...2..\n1.11..\n...2..\n");
    CHECK(gamma_busy_fields(g, 1) == 3 && gamma_busy_fields(g, 2) == 2);
    CHECK(gamma_free_fields(g, 1) == 6 && gamma_free_fields(g, 2) == 4);
    CHECK(!gamma_golden_move(g, 1, 3, 0)); /* used up */
    CHECK(!gamma_golden_possible(g, 1));
    gamma_delete(g);

    g = gamma_new(6, 3, 2, 2);
    CHECK(gamma_move(g, 1, 0, 1) && gamma_move(g, 1, 2, 1));
    CHECK(gamma_move(g, 2, 3, 0) && gamma_move(g, 2, 3, 1) && gamma_move(g, 2, 3, 2));
    CHECK(gamma_move(g, 2, 5, 0));
    CHECK(!gamma_golden_move(g, 1, 3, 1)); /* player 2 would get 3 areas */
    CHECK(gamma_busy_fields(g, 1) == 2 && gamma_busy_fields(g, 2) == 4);
    CHECK(gamma_free_fields(g, 1) == 5 && gamma_free_fields(g, 2) == 6);
    CHECK(!gamma_golden_possible(g, 1)); /* its only candidate is that cell */
    CHECK(gamma_golden_possible(g, 2));
    gamma_delete(g);

    g = gamma_new(6, 3, 2, 2);
    CHECK(gamma_move(g, 1, 0, 0) && gamma_move(g, 1, 0, 2));
    CHECK(gamma_move(g, 2, 3, 0) && gamma_move(g, 2, 3, 1) && gamma_move(g, 2, 3, 2));
    CHECK(!gamma_golden_move(g, 1, 3, 1)); /* player 1 would get 3 areas */
    CHECK(gamma_busy_fields(g, 1) == 2 && gamma_busy_fields(g, 2) == 3);
    CHECK(gamma_free_fields(g, 1) == 3 && gamma_free_fields(g, 2) == 13);
    gamma_delete(g);

    g = gamma_new(10, 10, 3, 1);
    CHECK(gamma_move(g, 2, 1, 1) && gamma_move(g, 2, 1, 2) && gamma_move(g, 2, 1, 3));
    CHECK(gamma_golden_possible(g, 1));
    CHECK(!gamma_golden_move(g, 1, 1, 2)); /* would split player 2 */
    CHECK(!gamma_golden_move(g, 1, 2, 2)); /* empty */
    CHECK(!gamma_golden_move(g, 2, 1, 1)); /* own cell */
    CHECK(gamma_golden_move(g, 1, 1, 1));
    gamma_delete(g);
}

/* Spec 4.6 and 4.7: free fields at the limit, golden_possible (part 3). */
static void test_free_fields_and_golden_possible(void) {
    gamma_t *g = gamma_new(10, 10, 2, 3);
    CHECK(gamma_move(g, 1, 0, 0) && gamma_move(g, 1, 0, 2) && gamma_move(g, 1, 0, 9));
    CHECK(gamma_free_fields(g, 1) == 6);
    gamma_delete(g);

    g = gamma_new(9, 9, 2, 2);
    CHECK(gamma_move(g, 2, 1, 1) && gamma_move(g, 2, 1, 2) && gamma_move(g, 2, 1, 3));
    CHECK(gamma_move(g, 1, 5, 4) && gamma_move(g, 1, 4, 5));
    CHECK(!gamma_golden_possible(g, 1)); /* every golden move gives 1 a third area */
    CHECK(gamma_free_fields(g, 1) == 6);
    CHECK(gamma_golden_possible(g, 2));
    CHECK(!gamma_golden_move(g, 1, 1, 1) && !gamma_golden_move(g, 1, 1, 3));
    gamma_delete(g);

    /* An enclosed player at its limit has no free field. */
    g = gamma_new(5, 5, 5, 1);
    CHECK(gamma_move(g, 2, 1, 2) && gamma_move(g, 4, 2, 1) && gamma_move(g, 5, 3, 2));
    CHECK(gamma_move(g, 3, 2, 2) && gamma_move(g, 1, 2, 3));
    CHECK(gamma_free_fields(g, 3) == 0 && gamma_free_fields(g, 1) == 3);
    gamma_delete(g);

    /* The smallest game. */
    g = gamma_new(1, 1, 1, 1);
    CHECK(gamma_free_fields(g, 1) == 1);
    CHECK(gamma_move(g, 1, 0, 0));
    CHECK(gamma_busy_fields(g, 1) == 1 && gamma_free_fields(g, 1) == 0);
    CHECK(!gamma_golden_possible(g, 1));
    check_board(g, "1\n");
    gamma_delete(g);
}

/* Spec 4.8: the official border board, and boards of 10 players and more. */
static void test_board_text(void) {
    gamma_t *g = gamma_new(6, 5, 4, 4);
    static const uint32_t moves[][3] = {
        {1, 0, 0}, {2, 1, 0}, {3, 2, 0}, {4, 3, 0}, {1, 4, 0}, {2, 5, 0},
        {3, 5, 1}, {4, 5, 2}, {1, 5, 3}, {2, 5, 4}, {3, 4, 4}, {4, 3, 4},
        {1, 2, 4}, {2, 1, 4}, {3, 0, 4}, {4, 0, 3}, {4, 0, 2}, {1, 0, 1},
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        CHECK(gamma_move(g, moves[i][0], moves[i][1], moves[i][2]));
    CHECK(!gamma_golden_move(g, 3, 2, 4));
    CHECK(gamma_golden_move(g, 4, 4, 4));
    check_board(g, "321442\n4....1\n4....4\n1....3\n123412\n");
    CHECK(gamma_busy_fields(g, 4) == 6 && gamma_free_fields(g, 4) == 6);
    gamma_delete(g);

    g = gamma_new(3, 2, 12, 2);
    CHECK(gamma_move(g, 1, 0, 0) && gamma_move(g, 10, 1, 0) && gamma_move(g, 12, 2, 1));
    check_board(g, "  .  . 12\n  1 10  .\n");
    gamma_delete(g);

    g = gamma_new(4, 3, 100, 1);
    CHECK(gamma_move(g, 7, 0, 0) && gamma_move(g, 42, 1, 1) && gamma_move(g, 100, 3, 2));
    check_board(g, "   .   .   . 100\n   .  42   .   .\n   7   .   .   .\n");
    gamma_delete(g);

    /* 10,000 players, one a cell. */
    g = gamma_new(100, 100, 10000, 1);
    CHECK(g != NULL);
    for (uint32_t x = 0; x < 100; x++)
        for (uint32_t y = 0; y < 100; y++)
            CHECK(gamma_move(g, x * 100 + y + 1, x, y));
    char *text = gamma_board(g);
    CHECK(text != NULL && strlen(text) == 100 * (100 * 6 + 1));
    CHECK(text != NULL && strncmp(text, "   100   200", 12) == 0);
    free(text);
    gamma_delete(g);
}

/* Bad arguments give false or 0 and change nothing (spec section 4). */
static void test_bad_arguments(void) {
    CHECK(gamma_new(0, 10, 2, 2) == NULL);
    CHECK(gamma_new(10, 0, 2, 2) == NULL);
    CHECK(gamma_new(10, 10, 0, 2) == NULL);
    CHECK(gamma_new(10, 10, 2, 0) == NULL);
    gamma_t *g = gamma_new(10, 10, 2, 2);
    CHECK(g != NULL);
    CHECK(gamma_move(g, 1, 5, 5));
    CHECK(gamma_move(g, 2, 4, 4));
    const uint32_t players[] = {0, 3, UINT32_MAX};
    for (size_t i = 0; i < 3; i++) {
        CHECK(!gamma_move(g, players[i], 1, 1));
        CHECK(!gamma_golden_move(g, players[i], 5, 5));
        CHECK(gamma_busy_fields(g, players[i]) == 0);
        CHECK(gamma_free_fields(g, players[i]) == 0);
        CHECK(!gamma_golden_possible(g, players[i]));
    }
    const uint32_t off[][2] = {{10, 5}, {5, 10}, {UINT32_MAX, 5}, {5, UINT32_MAX}};
    for (size_t i = 0; i < 4; i++) {
        CHECK(!gamma_move(g, 1, off[i][0], off[i][1]));
        CHECK(!gamma_golden_move(g, 1, off[i][0], off[i][1]));
    }
    CHECK(!gamma_move(NULL, 1, 5, 5));
    CHECK(!gamma_golden_move(NULL, 1, 5, 5));
    CHECK(gamma_busy_fields(NULL, 1) == 0);
    CHECK(gamma_free_fields(NULL, 1) == 0);
    CHECK(!gamma_golden_possible(NULL, 1));
    CHECK(gamma_board(NULL) == NULL);
    gamma_delete(NULL);
    /* Nothing changed. */
    CHECK(gamma_busy_fields(g, 1) == 1 && gamma_busy_fields(g, 2) == 1);
    CHECK(gamma_free_fields(g, 1) == 98 && gamma_golden_possible(g, 1));
    gamma_delete(g);
}

/* The official many_games: 168 games alive at once, each its own. */
static void test_many_games(void) {
    enum { MANY = 42, SHAPES = 4 };
    static const uint32_t shape[SHAPES][4] = {
        {7, 9, 2, 4}, {11, 21, 2, 4}, {47, 3, 2, 4}, {2, 99, 2, 2}};
    static const uint64_t corner_free[SHAPES] = {8, 8, 6, 4};
    static gamma_t *g[MANY][SHAPES];
    for (int i = 0; i < MANY; i++)
        for (int j = 0; j < SHAPES; j++) {
            g[i][j] = gamma_new(shape[j][0], shape[j][1], shape[j][2], shape[j][3]);
            CHECK(g[i][j] != NULL);
        }
    for (int i = 0; i < MANY; i++)
        for (int j = 0; j < SHAPES; j++) {
            uint32_t w = shape[j][0], h = shape[j][1];
            CHECK(gamma_move(g[i][j], 1, 0, 0) && gamma_move(g[i][j], 1, 0, h - 1));
            CHECK(gamma_move(g[i][j], 1, w - 1, 0) && gamma_move(g[i][j], 1, w - 1, h - 1));
            CHECK(!gamma_move(g[i][j], 1, w, h - 1) && !gamma_move(g[i][j], 1, w - 1, h));
            if (i % 2 == 1)
                CHECK(gamma_move(g[i][j], 2, 1, 1));
        }
    for (int i = 0; i < MANY; i++)
        for (int j = 0; j < SHAPES; j++) {
            uint64_t cells = (uint64_t)shape[j][0] * shape[j][1];
            CHECK(gamma_busy_fields(g[i][j], 1) == 4);
            CHECK(gamma_busy_fields(g[i][j], 2) == (uint64_t)(i % 2));
            if (i % 2 == 0) {
                CHECK(gamma_free_fields(g[i][j], 1) == corner_free[j]);
                CHECK(gamma_free_fields(g[i][j], 2) == cells - 4);
            }
            gamma_delete(g[i][j]);
        }
}

/* The official big_board: sizes whose products overflow 32 and 64 bits.
 * NULL is allowed; a game that is made works; at least one is made. */
static void test_big_boards(void) {
    const uint32_t M = UINT32_MAX;
    static const uint32_t game[][4] = {
        {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX},
        {2, UINT32_MAX, UINT32_MAX, UINT32_MAX},
        {UINT32_MAX, 2, UINT32_MAX, UINT32_MAX},
        {UINT32_MAX, UINT32_MAX, 2, UINT32_MAX},
        {UINT32_MAX, UINT32_MAX, UINT32_MAX, 5},
        {UINT32_MAX, 2, 2, 5},
        {2, UINT32_MAX, 2, 5},
        {2, 2, UINT32_MAX, 5},
        {2, 2, 2, UINT32_MAX},
        {1u << 16, 1u << 16, 2, 5},
        {(1u << 24) + 1, 1u << 8, 2, 5},
        {(1u << 13) + 1, (1u << 12) + 1, 2, 5},
        {(1u << 11) + 1, (1u << 10) + 1, 2, 5},
        {1000, 1000, 1000, 1000},
        {100, 100, 100, 100},
        {10, 10, 10, 10},
    };
    unsigned made = 0;
    (void)M;
    for (size_t i = 0; i < sizeof game / sizeof game[0]; i++) {
        uint32_t w = game[i][0], h = game[i][1], p = game[i][2];
        gamma_t *g = gamma_new(w, h, p, game[i][3]);
        if (g == NULL)
            continue;
        made++;
        uint64_t size = (uint64_t)w * h;
        CHECK(gamma_free_fields(g, p) == size);
        CHECK(gamma_move(g, p, 0, 0));
        CHECK(gamma_move(g, p, 0, h - 1) == (h > 1));
        CHECK(gamma_move(g, p, w - 1, 0) == (w > 1));
        CHECK(gamma_move(g, p, w - 1, h - 1) == (w > 1 && h > 1));
        CHECK(gamma_busy_fields(g, p) == 4 || w * (uint64_t)h < 4);
        gamma_delete(g);
    }
    CHECK(made >= 5);
    /* Boards that can never be stored. */
    CHECK(gamma_new(UINT32_MAX, UINT32_MAX, 1, 1) == NULL);
    CHECK(gamma_new(1u << 16, 1u << 16, 2, 5) == NULL);
}

/* The official middle_board: when s x s works, so do (s-1)^2 x 1 and
 * 1 x (s-1)^2; and a 5000 x 5000 board (jkk_test_1's) works. */
static void test_board_shapes(void) {
    unsigned made = 0;
    for (uint32_t s = 8000; s >= 125; s /= 2) {
        gamma_t *g = gamma_new(s, s, 2, 2);
        if (g == NULL)
            continue;
        made++;
        gamma_delete(g);
        g = gamma_new((s - 1) * (s - 1), 1, 2, 2);
        CHECK(g != NULL);
        CHECK(gamma_move(g, 2, (s - 1) * (s - 1) - 1, 0));
        gamma_delete(g);
        g = gamma_new(1, (s - 1) * (s - 1), 2, 2);
        CHECK(g != NULL);
        CHECK(gamma_move(g, 2, 0, (s - 1) * (s - 1) - 1));
        gamma_delete(g);
    }
    CHECK(made > 0);
    gamma_t *g = gamma_new(5000, 5000, 1000000, 1000000);
    CHECK(g != NULL);
    CHECK(gamma_move(g, 1000000, 4999, 4999));
    CHECK(gamma_free_fields(g, 1) == 25000000 - 1);
    gamma_delete(g);
}

/* ---- random games against a plain model ---- */

enum { MW = 9, MH = 7, MP = 4 };

typedef struct {
    uint32_t w, h, players, areas;
    uint32_t owner[MW * MH];
    int golden_used[MP + 1];
} model_t;

static int model_areas(const model_t *m, uint32_t p) {
    int seen[MW * MH] = {0}, stack[MW * MH], count = 0;
    for (uint32_t c = 0; c < m->w * m->h; c++) {
        if (m->owner[c] != p || seen[c])
            continue;
        count++;
        int top = 0;
        stack[top++] = (int)c;
        seen[c] = 1;
        while (top > 0) {
            int u = stack[--top];
            int x = u % (int)m->w, y = u / (int)m->w;
            int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
            for (int d = 0; d < 4; d++) {
                if (nx[d] < 0 || ny[d] < 0 || nx[d] >= (int)m->w || ny[d] >= (int)m->h)
                    continue;
                int v = ny[d] * (int)m->w + nx[d];
                if (!seen[v] && m->owner[v] == p) {
                    seen[v] = 1;
                    stack[top++] = v;
                }
            }
        }
    }
    return count;
}

static int model_legal(model_t *m, uint32_t p, uint32_t c, int golden) {
    uint32_t before = m->owner[c];
    if (golden ? (before == 0 || before == p || m->golden_used[p]) : before != 0)
        return 0;
    m->owner[c] = p;
    int ok = model_areas(m, p) <= (int)m->areas &&
             (before == 0 || model_areas(m, before) <= (int)m->areas);
    m->owner[c] = before;
    return ok;
}

static uint64_t model_free(model_t *m, uint32_t p) {
    uint64_t n = 0;
    for (uint32_t c = 0; c < m->w * m->h; c++)
        n += (uint64_t)model_legal(m, p, c, 0);
    return n;
}

static int model_golden_possible(model_t *m, uint32_t p) {
    for (uint32_t c = 0; c < m->w * m->h; c++)
        if (model_legal(m, p, c, 1))
            return 1;
    return 0;
}

static void test_random_games_against_a_model(void) {
    uint64_t state = 12345;
    for (int game = 0; game < 60; game++) {
        model_t m;
        memset(&m, 0, sizeof m);
        m.w = 2 + game % 8;
        m.h = 1 + game % 7;
        m.players = 1 + game % MP;
        m.areas = 1 + game % 3;
        gamma_t *g = gamma_new(m.w, m.h, m.players, m.areas);
        CHECK(g != NULL);
        for (int step = 0; step < 150; step++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            uint32_t r = (uint32_t)(state >> 33);
            uint32_t p = 1 + r % m.players, x = (r >> 4) % (m.w + 1), y = (r >> 9) % (m.h + 1);
            int golden = (r >> 14) % 8 == 0;
            int on_board = x < m.w && y < m.h;
            uint32_t c = y * m.w + x;
            int want = on_board && model_legal(&m, p, c, golden);
            int got = golden ? gamma_golden_move(g, p, x, y) : gamma_move(g, p, x, y);
            CHECK(got == want);
            if (want) {
                m.owner[c] = p;
                if (golden)
                    m.golden_used[p] = 1;
            }
            for (uint32_t q = 1; q <= m.players; q++) {
                uint64_t busy = 0;
                for (uint32_t k = 0; k < m.w * m.h; k++)
                    busy += m.owner[k] == q;
                CHECK(gamma_busy_fields(g, q) == busy);
                CHECK(gamma_free_fields(g, q) == model_free(&m, q));
                CHECK(gamma_golden_possible(g, q) == model_golden_possible(&m, q));
            }
        }
        char want[MW * MH + MH + 1], *at = want;
        for (uint32_t y = m.h; y-- > 0;) {
            for (uint32_t x = 0; x < m.w; x++) {
                uint32_t o = m.owner[y * m.w + x];
                *at++ = o == 0 ? '.' : (char)('0' + o);
            }
            *at++ = '\n';
        }
        *at = '\0';
        check_board(g, want);
        gamma_delete(g);
    }
}

/* Takes all the memory malloc gives, then makes games until gamma_new
 * says NULL, and plays on every cell: nothing may abort. 13 on success. */
static int memory_exhaustion(void) {
    gamma_t *g = gamma_new(10, 10, 2, 2);
    if (g == NULL)
        return 1;
    for (size_t s = (size_t)1 << 30; s >= 1; s /= 2) {
        while (malloc(s) != NULL) {
        }
    }
    unsigned made = 0;
    while (gamma_new(100, 100, 10, 3) != NULL)
        made++;
    unsigned moved = 0;
    for (uint32_t x = 0; x < 10; x++)
        for (uint32_t y = 0; y < 10; y++)
            moved += gamma_move(g, 1, x, y);
    /* The board text may or may not find memory: NULL or the text. */
    char *text = gamma_board(g);
    if (text != NULL && strlen(text) != 110)
        return 1;
    printf("memory exhausted: %u more games made, %u moves made\n", made, moved);
    return moved == 100 ? 13 : 1;
}

/* Boards too big for the machine (run under a memory limit): NULL, or a
 * game that works; never an abort. */
static int huge_boards(void) {
    static const uint32_t game[][3] = {
        {32768, 32768, 2}, {1u << 30, 1, 2}, {1, 1u << 30, 2}, {2, 2, UINT32_MAX},
        {30000, 30000, 1000000}, {1, 1, 4000000000u},
    };
    unsigned refused = 0, made = 0;
    for (size_t i = 0; i < sizeof game / sizeof game[0]; i++) {
        gamma_t *g = gamma_new(game[i][0], game[i][1], game[i][2], 3);
        printf("gamma_new(%u, %u, %u, 3): %s\n", game[i][0], game[i][1], game[i][2],
               g == NULL ? "NULL" : "a game");
        if (g == NULL) {
            refused++;
        } else {
            made++;
            CHECK(gamma_move(g, game[i][2], game[i][0] - 1, game[i][1] - 1));
            gamma_delete(g);
        }
    }
    printf("huge boards: %u NULL, %u games that work; %d passed, %d failed\n", refused, made,
           passed, failed);
    return failed == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "memory") == 0)
        return memory_exhaustion();
    if (argc > 1 && strcmp(argv[1], "huge") == 0)
        return huge_boards();
    test_worked_example();
    test_golden_moves();
    test_free_fields_and_golden_possible();
    test_board_text();
    test_bad_arguments();
    test_many_games();
    if (argc < 2 || strcmp(argv[1], "quick") != 0) {
        test_big_boards();
        test_board_shapes();
    }
    test_random_games_against_a_model();
    printf("gamma.h: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
