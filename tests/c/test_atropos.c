/* The C behaviour suite of libatom4's Atropos (atom4_atropos_*): the
 * position in caller memory, every error path (NULL pointers, tiny
 * buffers, bad bytes, bad text, illegal moves of each kind, finished
 * games), the Default player, the solver and the engine with their limits
 * and a stop flag raised from another thread, and the golden data.
 *
 * Usage: test_atropos [VECTORS_TSV... [--solved SOLVED_TSV MAX_SIZE]]
 * VECTORS_TSV are the recorded positions (format 9.1: the state string,
 * the legal circles or FINISHED=true, the losing moves); SOLVED_TSV is
 * solved.tsv unpacked (format 9.3), checked for sizes up to MAX_SIZE.
 * Prints "N passed, N failed"; exits non-zero on a failure. */

#include <atom4.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static const char SIZE1_START[] = "[13][302][12]LastPlay:null";

static atom4_atropos_move mv(uint8_t c, uint8_t h, uint8_t l, uint8_t r) {
    atom4_atropos_move m;
    m.color = c;
    m.h = h;
    m.l = l;
    m.r = r;
    return m;
}

static atom4_atropos_info info_of(const atom4_atropos_game *game) {
    atom4_atropos_info info;
    memset(&info, 0, sizeof info);
    CHECK_STATUS(atom4_atropos_game_info(game, &info), ATOM4_OK);
    return info;
}

static int from_text(atom4_atropos_game *game, const char *text) {
    size_t offset = 999;
    atom4_status s = atom4_atropos_from_text(game, text, strlen(text), &offset);
    return s == ATOM4_OK && offset == 0;
}

static void text_of(const atom4_atropos_game *game, char *buffer) {
    size_t length = 0;
    CHECK_STATUS(atom4_atropos_to_text(game, buffer, ATOM4_ATROPOS_TEXT_CAPACITY, &length),
                 ATOM4_OK);
    CHECK(length == strlen(buffer));
}

static void test_new_games(void) {
    atom4_atropos_game game;
    atom4_atropos_info info;
    char text[ATOM4_ATROPOS_TEXT_CAPACITY];
    uint32_t size;
    CHECK(sizeof(atom4_atropos_game) == 40);
    CHECK_STATUS(atom4_atropos_init(NULL, 7), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_init(&game, 0), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_atropos_init(&game, 16), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_atropos_init(&game, 1), ATOM4_OK);
    text_of(&game, text);
    CHECK(strcmp(text, SIZE1_START) == 0);
    for (size = 1; size <= ATOM4_ATROPOS_MAX_SIZE; size++) {
        atom4_atropos_game again;
        CHECK_STATUS(atom4_atropos_init(&game, size), ATOM4_OK);
        info = info_of(&game);
        CHECK(info.size == size && info.to_move == 1 && info.winner == 0);
        CHECK(!info.finished && info.plays_anywhere && !info.has_last_play);
        CHECK(info.moves_made == 0);
        CHECK(info.legal_circles == size * (size + 1) / 2);
        CHECK(info.losing_moves + info.safe_moves == 3 * info.legal_circles);
        text_of(&game, text);
        CHECK(from_text(&again, text));
        CHECK(memcmp(&again, &game, sizeof game) == 0);
    }
}

static void test_colors_and_lists(void) {
    atom4_atropos_game game;
    atom4_atropos_circle circles[ATOM4_ATROPOS_MAX_CIRCLES];
    atom4_atropos_move moves[ATOM4_ATROPOS_MAX_MOVES];
    atom4_atropos_circle c;
    size_t count = 0;
    uint8_t color = 99;
    CHECK_STATUS(atom4_atropos_init(&game, 7), ATOM4_OK);
    /* The bottom row alternates red and blue from (0,1,8); (0,0,9) is a corner. */
    c.h = 0; c.l = 1; c.r = 8;
    CHECK_STATUS(atom4_atropos_color(&game, c, &color), ATOM4_OK);
    CHECK(color == 1);
    c.h = 0; c.l = 2; c.r = 7;
    CHECK_STATUS(atom4_atropos_color(&game, c, &color), ATOM4_OK);
    CHECK(color == 2);
    c.h = 1; c.l = 1; c.r = 7;
    CHECK_STATUS(atom4_atropos_color(&game, c, &color), ATOM4_OK);
    CHECK(color == 0);
    c.h = 0; c.l = 0; c.r = 9;
    CHECK_STATUS(atom4_atropos_color(&game, c, &color), ATOM4_OUT_OF_RANGE);
    c.h = 1; c.l = 1; c.r = 1;
    CHECK_STATUS(atom4_atropos_color(&game, c, &color), ATOM4_OUT_OF_RANGE);
    c.h = 1; c.l = 1; c.r = 7;
    CHECK_STATUS(atom4_atropos_color(&game, c, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_color(NULL, c, &color), ATOM4_NULL_ARGUMENT);

    CHECK_STATUS(atom4_atropos_legal_circles(&game, circles, ATOM4_ATROPOS_MAX_CIRCLES, &count),
                 ATOM4_OK);
    CHECK(count == 28);
    CHECK(circles[0].h == 1 && circles[0].l == 1 && circles[0].r == 7);
    count = 0;
    CHECK_STATUS(atom4_atropos_legal_circles(&game, NULL, 0, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK(count == 28);
    CHECK_STATUS(atom4_atropos_legal_circles(&game, circles, 27, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_atropos_legal_circles(&game, NULL, 28, &count), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_safe_moves(&game, moves, ATOM4_ATROPOS_MAX_MOVES, &count), ATOM4_OK);
    CHECK(count == info_of(&game).safe_moves);
    CHECK_STATUS(atom4_atropos_losing_moves(&game, moves, ATOM4_ATROPOS_MAX_MOVES, &count),
                 ATOM4_OK);
    CHECK(count == info_of(&game).losing_moves);
}

static void test_text_errors(void) {
    atom4_atropos_game game, before;
    atom4_atropos_move m = mv(9, 9, 9, 9);
    char text[ATOM4_ATROPOS_TEXT_CAPACITY];
    char small[8];
    size_t offset = 0, length = 0;
    static const char *const bad[] = {
        "",
        "[13][302][12]",
        "[13][302][12]LastPlay:null ",
        "[13][302][1]LastPlay:null",          /* a short row */
        "[13][302][12]LastPlay:(1,1,1,1)",    /* the last play is not coloured */
        "[13][342][12]LastPlay:null",         /* no such colour */
        "[13][312][12]LastPlay:(1,1,1,1)x",
        "[23][302][12]LastPlay:null",         /* a wrong boundary colour */
        "[13][302][12]lastplay:null",
    };
    size_t i;
    CHECK(from_text(&game, "[13][312][12]LastPlay:(1,1,1,1)"));
    CHECK(info_of(&game).finished);
    CHECK(info_of(&game).winner == 2);
    CHECK(info_of(&game).to_move == 0);
    CHECK(from_text(&game, SIZE1_START));
    before = game;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        offset = 999;
        CHECK_STATUS(atom4_atropos_from_text(&game, bad[i], strlen(bad[i]), &offset),
                     ATOM4_BAD_TEXT);
        CHECK(offset <= strlen(bad[i]));
        CHECK(memcmp(&game, &before, sizeof game) == 0);
    }
    /* The offset points at the problem. */
    CHECK_STATUS(atom4_atropos_from_text(&game, "[13][342][12]LastPlay:null", 26, &offset),
                 ATOM4_BAD_TEXT);
    CHECK(offset == 6);
    /* Not NUL-terminated: only `length` bytes are read. */
    CHECK_STATUS(atom4_atropos_from_text(&game, "[13][302][12]LastPlay:nullXYZ", 26, NULL),
                 ATOM4_OK);
    CHECK_STATUS(atom4_atropos_from_text(&game, NULL, 5, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_from_text(NULL, SIZE1_START, strlen(SIZE1_START), NULL),
                 ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_from_text(&game, "\xff\xfe", 2, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 0);

    CHECK_STATUS(atom4_atropos_to_text(&game, small, sizeof small, &length),
                 ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == strlen(SIZE1_START));
    CHECK_STATUS(atom4_atropos_to_text(&game, NULL, 64, &length), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_to_text(&game, text, sizeof text, NULL), ATOM4_OK);
    CHECK(strcmp(text, SIZE1_START) == 0);

    CHECK_STATUS(atom4_atropos_move_from_text("(3,2,4,6)", 9, &m, &offset), ATOM4_OK);
    CHECK(m.color == 3 && m.h == 2 && m.l == 4 && m.r == 6);
    CHECK_STATUS(atom4_atropos_move_to_text(m, text, ATOM4_ATROPOS_MOVE_CAPACITY, &length),
                 ATOM4_OK);
    CHECK(strcmp(text, "(3,2,4,6)") == 0 && length == 9);
    CHECK_STATUS(atom4_atropos_move_to_text(m, small, 4, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_atropos_move_from_text("(4,2,4,6)", 9, &m, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 1);
    CHECK(m.color == 3); /* unchanged */
    CHECK_STATUS(atom4_atropos_move_from_text("(3, 2,4,6)", 10, &m, NULL), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_atropos_move_from_text("(3,02,4,6)", 10, &m, NULL), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_atropos_move_from_text("(3,2,4,6", 8, &m, NULL), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_atropos_move_from_text("(3,2,4,6)", 9, NULL, NULL), ATOM4_NULL_ARGUMENT);
}

static void test_bad_game_bytes(void) {
    atom4_atropos_game game;
    atom4_atropos_info info;
    size_t i;
    memset(&game, 0, sizeof game);
    CHECK_STATUS(atom4_atropos_game_info(&game, &info), ATOM4_BAD_GAME);
    memset(&game, 0xff, sizeof game);
    CHECK_STATUS(atom4_atropos_game_info(&game, &info), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_atropos_play(&game, mv(1, 1, 1, 5)), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_atropos_game_info(NULL, &info), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_init(&game, 4), ATOM4_OK);
    CHECK_STATUS(atom4_atropos_game_info(&game, NULL), ATOM4_NULL_ARGUMENT);
    /* Each byte overwritten in turn: a position or ATOM4_BAD_GAME, never
     * anything else. */
    for (i = 0; i < sizeof game; i++) {
        atom4_atropos_game copy = game;
        atom4_status s;
        ((unsigned char *)&copy)[i] ^= 0x5a;
        s = atom4_atropos_game_info(&copy, &info);
        CHECK(s == ATOM4_OK || s == ATOM4_BAD_GAME);
    }
}

static void test_illegal_moves(void) {
    atom4_atropos_game game, before;
    atom4_atropos_illegal reason = ATOM4_ATROPOS_LEGAL;
    bool losing = true;
    CHECK_STATUS(atom4_atropos_init(&game, 5), ATOM4_OK);
    before = game;
    CHECK_STATUS(atom4_atropos_check(&game, mv(0, 1, 1, 5), &reason, NULL), ATOM4_OUT_OF_RANGE);
    CHECK(reason == ATOM4_ATROPOS_NO_SUCH_COLOR);
    CHECK_STATUS(atom4_atropos_check(&game, mv(4, 1, 1, 5), &reason, NULL), ATOM4_OUT_OF_RANGE);
    CHECK(reason == ATOM4_ATROPOS_NO_SUCH_COLOR);
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 0, 1, 6), &reason, NULL), ATOM4_OUT_OF_RANGE);
    CHECK(reason == ATOM4_ATROPOS_OFF_BOARD);
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 9, 9, 9), &reason, NULL), ATOM4_OUT_OF_RANGE);
    CHECK(reason == ATOM4_ATROPOS_OFF_BOARD);
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 1, 1, 4), &reason, NULL), ATOM4_ILLEGAL_MOVE);
    CHECK(reason == ATOM4_ATROPOS_WRONG_R);
    CHECK_STATUS(atom4_atropos_play(&game, mv(1, 1, 1, 4)), ATOM4_ILLEGAL_MOVE);
    CHECK(memcmp(&game, &before, sizeof game) == 0);
    CHECK_STATUS(atom4_atropos_check(&game, mv(3, 3, 2, 2), &reason, &losing), ATOM4_OK);
    CHECK(reason == ATOM4_ATROPOS_LEGAL && !losing);
    CHECK_STATUS(atom4_atropos_play(&game, mv(3, 3, 2, 2)), ATOM4_OK);
    CHECK(info_of(&game).to_move == 2 && info_of(&game).moves_made == 1);
    CHECK(info_of(&game).has_last_play && !info_of(&game).plays_anywhere);
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 3, 2, 2), &reason, NULL), ATOM4_OCCUPIED);
    CHECK(reason == ATOM4_ATROPOS_OCCUPIED);
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 1, 1, 5), &reason, NULL), ATOM4_ILLEGAL_MOVE);
    CHECK(reason == ATOM4_ATROPOS_NOT_ADJACENT);
    /* Taking a move back is copying the position back. */
    game = before;
    CHECK(info_of(&game).moves_made == 0);
    /* A finished game refuses every move. */
    CHECK(from_text(&game, "[13][312][12]LastPlay:(1,1,1,1)"));
    CHECK_STATUS(atom4_atropos_check(&game, mv(1, 1, 1, 1), &reason, NULL), ATOM4_ROUND_OVER);
    CHECK(reason == ATOM4_ATROPOS_FINISHED);
    CHECK_STATUS(atom4_atropos_play(&game, mv(2, 1, 1, 1)), ATOM4_ROUND_OVER);
}

/* Default against Default until someone completes a triangle: every move
 * legal, the loser the one who completed it, the same seed the same game. */
static void test_default_games(void) {
    uint32_t size;
    for (size = 1; size <= ATOM4_ATROPOS_MAX_SIZE; size++) {
        atom4_atropos_game game, replay;
        atom4_atropos_move moves[400];
        uint64_t rng = 1000 + size, rng2 = 1000 + size;
        int n = 0, i;
        atom4_atropos_info info;
        CHECK_STATUS(atom4_atropos_init(&game, size), ATOM4_OK);
        replay = game;
        for (;;) {
            info = info_of(&game);
            if (info.finished) {
                break;
            }
            CHECK_STATUS(atom4_atropos_default_move(&game, &rng, &moves[n]), ATOM4_OK);
            CHECK_STATUS(atom4_atropos_play(&game, moves[n]), ATOM4_OK);
            n++;
            if (n >= 400) {
                break;
            }
        }
        CHECK(info.finished && info.winner == (n % 2 == 0 ? 1 : 2));
        CHECK_STATUS(atom4_atropos_default_move(&game, &rng, &moves[0]), ATOM4_ROUND_OVER);
        for (i = 0; i < n; i++) {
            atom4_atropos_move again;
            CHECK_STATUS(atom4_atropos_default_move(&replay, &rng2, &again), ATOM4_OK);
            CHECK(memcmp(&again, &moves[i], sizeof again) == 0);
            CHECK_STATUS(atom4_atropos_play(&replay, again), ATOM4_OK);
        }
        CHECK(memcmp(&replay, &game, sizeof game) == 0);
    }
    {
        atom4_atropos_game game;
        atom4_atropos_move m;
        uint64_t rng = 1;
        CHECK_STATUS(atom4_atropos_init(&game, 5), ATOM4_OK);
        CHECK_STATUS(atom4_atropos_default_move(&game, NULL, &m), ATOM4_NULL_ARGUMENT);
        CHECK_STATUS(atom4_atropos_default_move(&game, &rng, NULL), ATOM4_NULL_ARGUMENT);
    }
}

static int move_in(atom4_atropos_move m, const atom4_atropos_move *list, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (memcmp(&m, &list[i], sizeof m) == 0) {
            return 1;
        }
    }
    return 0;
}

struct stopper {
    uint32_t flag;
    long after_ms;
};

static void *raise_later(void *arg) {
    struct stopper *s = (struct stopper *)arg;
    struct timespec t;
    t.tv_sec = s->after_ms / 1000;
    t.tv_nsec = (s->after_ms % 1000) * 1000000L;
    nanosleep(&t, NULL);
    __atomic_store_n(&s->flag, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static bool stop_after_nodes(void *context, uint64_t nodes) {
    (void)context;
    return nodes >= 5000;
}

static void test_solver_and_engine(void) {
    static atom4_atropos_table_entry table[1 << 16];
    static atom4_atropos_tree_node tree[1 << 14];
    static atom4_atropos_solution solution;
    atom4_atropos_game game, before;
    atom4_atropos_limits limits;
    atom4_atropos_choice choice;
    atom4_atropos_move safe[ATOM4_ATROPOS_MAX_MOVES];
    size_t safe_count = 0, i;
    memset(&limits, 0, sizeof limits);

    /* Size 4's start is a win for the first player (solved.tsv). */
    CHECK_STATUS(atom4_atropos_init(&game, 4), ATOM4_OK);
    before = game;
    CHECK_STATUS(atom4_atropos_solve(&game, NULL, table, 1 << 16, &solution), ATOM4_OK);
    CHECK(solution.value == ATOM4_ATROPOS_WIN);
    CHECK(solution.winning_count > 0 && solution.nodes > 0);
    CHECK(memcmp(&game, &before, sizeof game) == 0);
    /* Without a table, the same answer. */
    {
        static atom4_atropos_solution again;
        CHECK_STATUS(atom4_atropos_solve(&game, NULL, NULL, 0, &again), ATOM4_OK);
        CHECK(again.value == solution.value && again.winning_count == solution.winning_count);
        CHECK(memcmp(again.winning, solution.winning,
                     solution.winning_count * sizeof solution.winning[0]) == 0);
    }
    /* Every winning move is safe and leaves the opponent a loss. */
    CHECK_STATUS(atom4_atropos_safe_moves(&game, safe, ATOM4_ATROPOS_MAX_MOVES, &safe_count),
                 ATOM4_OK);
    for (i = 0; i < solution.winning_count; i++) {
        atom4_atropos_game after = game;
        static atom4_atropos_solution reply;
        CHECK(move_in(solution.winning[i], safe, safe_count));
        CHECK_STATUS(atom4_atropos_play(&after, solution.winning[i]), ATOM4_OK);
        CHECK_STATUS(atom4_atropos_solve(&after, NULL, table, 1 << 16, &reply), ATOM4_OK);
        CHECK(reply.value == ATOM4_ATROPOS_LOSS && reply.winning_count == 0);
    }

    /* The engine plays a proven winning move. */
    limits.work = 2000000;
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_OK);
    CHECK(choice.value == ATOM4_ATROPOS_WIN);
    CHECK(choice.reason == ATOM4_ATROPOS_PROVEN_WIN || choice.reason == ATOM4_ATROPOS_WINS_AT_ONCE);
    CHECK(move_in(choice.best, solution.winning, solution.winning_count));
    /* The engine needs some bound. */
    memset(&limits, 0, sizeof limits);
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_atropos_engine_move(&game, NULL, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_OUT_OF_RANGE);
    limits.work = 1000;
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, NULL),
                 ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, NULL, 5, tree, 1 << 14, &choice),
                 ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atropos_solve(&game, NULL, table, 1 << 16, NULL), ATOM4_NULL_ARGUMENT);

    /* Size 12 cannot be solved in 5,000 positions: unknown, and a search
     * move that is legal and safe. */
    CHECK_STATUS(atom4_atropos_init(&game, 12), ATOM4_OK);
    memset(&limits, 0, sizeof limits);
    limits.work = 5000;
    CHECK_STATUS(atom4_atropos_solve(&game, &limits, table, 1 << 16, &solution), ATOM4_OK);
    CHECK(solution.value == ATOM4_ATROPOS_UNKNOWN && solution.winning_count == 0);
    limits.work = 20000;
    limits.seed = 7;
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_OK);
    CHECK(choice.reason == ATOM4_ATROPOS_SEARCHED && choice.value == ATOM4_ATROPOS_UNKNOWN);
    CHECK_STATUS(atom4_atropos_check(&game, choice.best, NULL, NULL), ATOM4_OK);
    {
        bool losing = true;
        CHECK_STATUS(atom4_atropos_check(&game, choice.best, NULL, &losing), ATOM4_OK);
        CHECK(!losing);
    }
    /* The same seed and work, the same move. */
    {
        atom4_atropos_choice again;
        CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &again),
                     ATOM4_OK);
        CHECK(memcmp(&again.best, &choice.best, sizeof choice.best) == 0);
    }
    /* Without a tree, the engine still answers with a legal move. */
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, NULL, 0, &choice),
                 ATOM4_OK);
    CHECK_STATUS(atom4_atropos_check(&game, choice.best, NULL, NULL), ATOM4_OK);

    /* A callback stops the solver. */
    memset(&limits, 0, sizeof limits);
    limits.should_stop = stop_after_nodes;
    CHECK_STATUS(atom4_atropos_solve(&game, &limits, table, 1 << 16, &solution), ATOM4_OK);
    CHECK(solution.value == ATOM4_ATROPOS_UNKNOWN);
    /* A flag raised by another thread stops an endless solve (size 12). */
    {
        pthread_t thread;
        struct stopper s;
        s.flag = 0;
        s.after_ms = 50;
        memset(&limits, 0, sizeof limits);
        limits.stop_flag = &s.flag;
        CHECK(pthread_create(&thread, NULL, raise_later, &s) == 0);
        CHECK_STATUS(atom4_atropos_solve(&game, &limits, table, 1 << 16, &solution), ATOM4_OK);
        CHECK(solution.value == ATOM4_ATROPOS_UNKNOWN);
        pthread_join(thread, NULL);
        /* Already raised: the engine still gives a legal move at once. */
        CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                     ATOM4_OK);
        CHECK_STATUS(atom4_atropos_check(&game, choice.best, NULL, NULL), ATOM4_OK);
    }
    /* A time limit bounds the engine. */
    memset(&limits, 0, sizeof limits);
    limits.time_ms = 30;
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_OK);
    CHECK_STATUS(atom4_atropos_check(&game, choice.best, NULL, NULL), ATOM4_OK);

    /* A finished game has nothing to solve or choose. */
    CHECK(from_text(&game, "[13][312][12]LastPlay:(1,1,1,1)"));
    CHECK_STATUS(atom4_atropos_solve(&game, NULL, table, 1 << 16, &solution), ATOM4_ROUND_OVER);
    limits.work = 100;
    CHECK_STATUS(atom4_atropos_engine_move(&game, &limits, table, 1 << 16, tree, 1 << 14, &choice),
                 ATOM4_ROUND_OVER);
}

/* Splits `line` at tabs in place; returns the number of fields. */
static int split_tabs(char *line, char **fields, int max) {
    int n = 0;
    char *p = line;
    fields[n++] = p;
    while (*p && n < max) {
        if (*p == '\t') {
            *p = '\0';
            fields[n++] = p + 1;
        }
        p++;
    }
    line[strcspn(line, "\r\n")] = '\0';
    if (n > 0) {
        fields[n - 1][strcspn(fields[n - 1], "\r\n")] = '\0';
    }
    return n;
}

/* Writes the items of a list, as text, space-separated. */
static void moves_text(const atom4_atropos_move *moves, size_t n, char *out) {
    size_t i;
    out[0] = '\0';
    for (i = 0; i < n; i++) {
        char one[ATOM4_ATROPOS_MOVE_CAPACITY];
        CHECK_STATUS(atom4_atropos_move_to_text(moves[i], one, sizeof one, NULL), ATOM4_OK);
        if (i > 0) {
            strcat(out, " ");
        }
        strcat(out, one);
    }
}

static void circles_text(const atom4_atropos_circle *circles, size_t n, char *out) {
    size_t i;
    out[0] = '\0';
    for (i = 0; i < n; i++) {
        char one[24];
        snprintf(one, sizeof one, "%s(%u,%u,%u)", i > 0 ? " " : "", circles[i].h, circles[i].l,
                 circles[i].r);
        strcat(out, one);
    }
}

/* Drops trailing spaces (some recorded lines end with one). */
static void trim(char *s) {
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ') {
        s[--n] = '\0';
    }
}

/* Every recorded position: printed back exactly, finished or not, its
 * legal circles and losing moves. */
static long check_vectors(const char *path) {
    static char line[4096], want[8192];
    static atom4_atropos_circle circles[ATOM4_ATROPOS_MAX_CIRCLES];
    static atom4_atropos_move moves[ATOM4_ATROPOS_MAX_MOVES];
    FILE *f = fopen(path, "r");
    long positions = 0;
    CHECK(f != NULL);
    if (f == NULL) {
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        char *fields[3];
        char text[ATOM4_ATROPOS_TEXT_CAPACITY];
        atom4_atropos_game game;
        atom4_atropos_info info;
        size_t count = 0;
        if (split_tabs(line, fields, 3) != 3) {
            continue;
        }
        CHECK(from_text(&game, fields[0]));
        text_of(&game, text);
        CHECK(strcmp(text, fields[0]) == 0);
        info = info_of(&game);
        trim(fields[1]);
        trim(fields[2]);
        if (strcmp(fields[1], "FINISHED=true") == 0) {
            CHECK(info.finished && info.legal_circles == 0);
        } else {
            CHECK(!info.finished);
            CHECK_STATUS(atom4_atropos_legal_circles(&game, circles, ATOM4_ATROPOS_MAX_CIRCLES,
                                                     &count),
                         ATOM4_OK);
            circles_text(circles, count, want);
            CHECK(strcmp(want, fields[1]) == 0);
            CHECK_STATUS(atom4_atropos_losing_moves(&game, moves, ATOM4_ATROPOS_MAX_MOVES, &count),
                         ATOM4_OK);
            moves_text(moves, count, want);
            CHECK(strcmp(want, fields[2]) == 0);
        }
        positions++;
    }
    fclose(f);
    return positions;
}

/* Every solved position up to `max_size`: the value and every winning move. */
static long check_solved(const char *path, int max_size) {
    static char line[4096], want[8192];
    static atom4_atropos_table_entry table[1 << 16];
    static atom4_atropos_solution solution;
    FILE *f = fopen(path, "r");
    long checked = 0;
    CHECK(f != NULL);
    if (f == NULL) {
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        char *fields[3];
        atom4_atropos_game game;
        if (split_tabs(line, fields, 3) != 3) {
            continue;
        }
        CHECK(from_text(&game, fields[0]));
        if (info_of(&game).size > max_size) {
            continue;
        }
        CHECK_STATUS(atom4_atropos_solve(&game, NULL, table, 1 << 16, &solution), ATOM4_OK);
        CHECK(solution.value ==
              (strcmp(fields[1], "win") == 0 ? ATOM4_ATROPOS_WIN : ATOM4_ATROPOS_LOSS));
        moves_text(solution.winning, solution.winning_count, want);
        trim(fields[2]);
        CHECK(strcmp(want, fields[2]) == 0);
        checked++;
    }
    fclose(f);
    return checked;
}

int main(int argc, char **argv) {
    long positions = 0, solved = 0;
    int i;
    test_new_games();
    test_colors_and_lists();
    test_text_errors();
    test_bad_game_bytes();
    test_illegal_moves();
    test_default_games();
    test_solver_and_engine();
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--solved") == 0 && i + 2 < argc) {
            solved += check_solved(argv[i + 1], atoi(argv[i + 2]));
            i += 2;
        } else {
            positions += check_vectors(argv[i]);
        }
    }
    if (argc > 1) {
        printf("c atropos vectors: %ld positions, %ld solved checked\n", positions, solved);
        CHECK(positions > 0);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
