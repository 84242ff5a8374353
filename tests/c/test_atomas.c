/* The C behaviour suite of libatom4's Atomas: seeded games through the
 * reference generator, the protocol's text, the spawn law, every error path
 * (NULL pointers, misaligned and bad game memory, tiny buffers, bad text,
 * bad replies that change nothing), the bot, and the golden vectors
 * replayed through the ABI.
 *
 * Usage: test_atomas [VECTOR_LINES [MAX_GAMES]]
 * VECTOR_LINES holds the Atomas vectors as tab-separated lines (see
 * tests/c/run.sh; replies with \t, \n, \r and \\ escaped): "step BEFORE REPLY AFTER POINTS" (AFTER "error" for a
 * refused reply), "game SEED START" (SEED "-" when not drawn with the
 * reference generator), "move ATOM REPLY AFTER POINTS".
 * Prints "atomas: N passed, N failed"; exits non-zero on a failure. */

#include <atom4.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The state text of `game` in `text` (ATOM4_ATOMAS_TEXT_CAPACITY bytes). */
static void text_of(const atom4_atomas_game *game, char *text) {
    size_t length = 0;
    CHECK_STATUS(atom4_atomas_game_to_text(game, text, ATOM4_ATOMAS_TEXT_CAPACITY, &length),
                 ATOM4_OK);
    CHECK(strlen(text) == length);
}

static int set_text(atom4_atomas_game *game, const char *text) {
    size_t offset = 0;
    return atom4_atomas_game_from_text(game, text, strlen(text), &offset) == ATOM4_OK;
}

static atom4_atomas_info info_of(const atom4_atomas_game *game) {
    atom4_atomas_info info;
    memset(&info, 0, sizeof info);
    CHECK_STATUS(atom4_atomas_game_info(game, &info), ATOM4_OK);
    return info;
}

static atom4_atomas_atom atom_of(const char *text) {
    atom4_atomas_atom atom = {ATOM4_ATOMAS_NONE, 0};
    if (strcmp(text, "+") == 0) atom.kind = ATOM4_ATOMAS_PLUS;
    else if (strcmp(text, "-") == 0) atom.kind = ATOM4_ATOMAS_MINUS;
    else if (strcmp(text, "B") == 0) atom.kind = ATOM4_ATOMAS_BLACK;
    else if (strcmp(text, "C") == 0) atom.kind = ATOM4_ATOMAS_CLONE;
    else {
        atom.kind = ATOM4_ATOMAS_NUMBER;
        atom.value = (uint32_t)strtoul(text, NULL, 10);
    }
    return atom;
}

static void test_a_seeded_game_starts_as_the_spec_says(void) {
    atom4_atomas_game game;
    atom4_atomas_rng rng;
    atom4_atomas_atom atom;
    atom4_atomas_info info;
    uint8_t source = 99;
    uint64_t points = 99;
    char text[ATOM4_ATOMAS_TEXT_CAPACITY];
    size_t length = 0;
    uint32_t entries[ATOM4_ATOMAS_MAX_ENTRIES];
    size_t count = 0;

    CHECK(sizeof(atom4_atomas_game) == 112);
    CHECK_STATUS(atom4_atomas_rng_init(&rng, 1, 0), ATOM4_OK);
    CHECK_STATUS(atom4_atomas_game_start(&game, &rng), ATOM4_OK);
    text_of(&game, text);
    CHECK(strcmp(text, "ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0") == 0);
    CHECK_STATUS(atom4_atomas_ring(&game, entries, ATOM4_ATOMAS_MAX_ENTRIES, &count), ATOM4_OK);
    CHECK(count == 6 && entries[0] == 3 && entries[5] == 3);
    info = info_of(&game);
    CHECK(info.entries == 6 && info.move_number == 1 && info.range_low == 1);
    CHECK(info.hand.kind == ATOM4_ATOMAS_NONE && info.source == ATOM4_ATOMAS_SOURCE_RANDOM);

    CHECK_STATUS(atom4_atomas_draw(&game, &rng, &atom, &source), ATOM4_OK);
    CHECK(atom.kind == ATOM4_ATOMAS_NUMBER && atom.value == 1);
    CHECK(source == ATOM4_ATOMAS_SOURCE_RANDOM);
    CHECK_STATUS(atom4_atomas_draw(&game, &rng, &atom, &source), ATOM4_ILLEGAL_MOVE);
    CHECK_STATUS(atom4_atomas_request(&game, 4, text, sizeof text, &length), ATOM4_OK);
    CHECK(strcmp(text, "0/1/1/3 2 1 3 1 3") == 0 && length == 17);
    CHECK_STATUS(atom4_atomas_request(&game, 2, text, sizeof text, &length), ATOM4_OK);
    CHECK(strcmp(text, "1/3 2 1 3 1 3") == 0);
    CHECK_STATUS(atom4_atomas_request(&game, 3, text, sizeof text, &length), ATOM4_OUT_OF_RANGE);

    CHECK_STATUS(atom4_atomas_play_text(&game, " 5\r\n", 4, &points, NULL), ATOM4_OK);
    CHECK(points == 0);
    text_of(&game, text);
    CHECK(strcmp(text, "ring=3,2,1,3,1,3,1 hand=. score=0 move=2 range=1-3 carry=. since=1") == 0);
    CHECK_STATUS(atom4_atomas_request(&game, 4, text, sizeof text, &length), ATOM4_ILLEGAL_MOVE);
}

static void test_replies_and_their_refusals(void) {
    atom4_atomas_game game, before;
    atom4_atomas_reply replies[ATOM4_ATOMAS_MAX_REPLIES];
    atom4_atomas_reply reply;
    size_t count = 0, offset = 0;
    uint64_t points = 0;
    char text[ATOM4_ATOMAS_TEXT_CAPACITY];

    /* The seed's example: + between the two 2s fuses the whole ring. */
    CHECK(set_text(&game, "ring=1,1,3,2,2,3 hand=+ score=0 move=1 range=1-3 carry=. since=0"));
    CHECK_STATUS(atom4_atomas_legal_replies(&game, replies, ATOM4_ATOMAS_MAX_REPLIES, &count),
                 ATOM4_OK);
    CHECK(count == 6 && replies[3].kind == ATOM4_ATOMAS_GAP && replies[3].index == 3);
    CHECK_STATUS(atom4_atomas_legal_replies(&game, replies, 2, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK(count == 6);
    before = game;
    reply.kind = ATOM4_ATOMAS_GAP;
    reply.index = 6;
    reply.to_plus = 0;
    CHECK_STATUS(atom4_atomas_check_reply(&game, reply), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_atomas_play(&game, reply, &points), ATOM4_OUT_OF_RANGE);
    reply.kind = ATOM4_ATOMAS_ENTRY;
    reply.index = 1;
    CHECK_STATUS(atom4_atomas_play(&game, reply, &points), ATOM4_ILLEGAL_MOVE);
    reply.kind = 77;
    CHECK_STATUS(atom4_atomas_play(&game, reply, &points), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_atomas_play_text(&game, "-3", 2, &points, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 0);
    CHECK_STATUS(atom4_atomas_play_text(&game, "3 y", 3, &points, &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 2);
    CHECK_STATUS(atom4_atomas_play_text(&game, "", 0, &points, &offset), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_atomas_play_text(&game, "\xff", 1, &points, &offset), ATOM4_BAD_TEXT);
    CHECK(memcmp(&game, &before, sizeof game) == 0);
    reply.kind = ATOM4_ATOMAS_GAP;
    reply.index = 3;
    CHECK_STATUS(atom4_atomas_check_reply(&game, reply), ATOM4_OK);
    CHECK_STATUS(atom4_atomas_play(&game, reply, &points), ATOM4_OK);
    CHECK(points == 32);
    text_of(&game, text);
    CHECK(strcmp(text, "ring=6 hand=. score=32 move=2 range=1-3 carry=. since=0") == 0);
    CHECK_STATUS(atom4_atomas_play(&game, reply, &points), ATOM4_ILLEGAL_MOVE);

    /* A minus: every entry, n then y; y carries a plus. */
    CHECK(set_text(&game, "ring=1,3,2,3,1,1 hand=- score=0 move=1 range=1-3 carry=. since=0"));
    CHECK_STATUS(atom4_atomas_legal_replies(&game, replies, ATOM4_ATOMAS_MAX_REPLIES, &count),
                 ATOM4_OK);
    CHECK(count == 12 && replies[5].kind == ATOM4_ATOMAS_REMOVE && replies[5].index == 2 &&
          replies[5].to_plus == 1);
    CHECK_STATUS(atom4_atomas_play_text(&game, "2 y", 3, &points, NULL), ATOM4_OK);
    CHECK(info_of(&game).carry.kind == ATOM4_ATOMAS_PLUS);
    CHECK(info_of(&game).source == ATOM4_ATOMAS_SOURCE_CARRY);
    {
        atom4_atomas_atom three = {ATOM4_ATOMAS_NUMBER, 3};
        atom4_atomas_atom plus = {ATOM4_ATOMAS_PLUS, 0};
        atom4_atomas_atom bogus = {9, 0};
        CHECK_STATUS(atom4_atomas_put_in_hand(&game, three), ATOM4_ILLEGAL_MOVE);
        CHECK_STATUS(atom4_atomas_put_in_hand(&game, bogus), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(atom4_atomas_put_in_hand(&game, plus), ATOM4_OK);
    }
    CHECK_STATUS(atom4_atomas_play_text(&game, "1", 1, &points, NULL), ATOM4_OK);
    CHECK(points == 18);

    /* A full ring: the game is over. */
    CHECK(set_text(&game, "ring=1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1 hand=. score=5 move=9 "
                          "range=1-3 carry=. since=0"));
    CHECK(info_of(&game).over == 1);
    CHECK_STATUS(atom4_atomas_play_text(&game, "0", 1, &points, NULL), ATOM4_ROUND_OVER);
}

static void test_the_spawn_law_of_the_spec(void) {
    atom4_atomas_game game;
    atom4_atomas_chance law[ATOM4_ATOMAS_MAX_OUTCOMES];
    size_t count = 0, i;
    uint64_t total = 0;
    /* + 1/5, - 1/20, B 1/60, 1: 11/45, 2..5: 11/90 each. */
    const uint64_t num[8] = {1, 1, 1, 11, 11, 11, 11, 11};
    const uint64_t den[8] = {5, 20, 60, 45, 90, 90, 90, 90};
    CHECK(set_text(&game, "ring=1,1,2,+,5,6 hand=. score=800 move=81 range=3-5 carry=. since=2"));
    CHECK_STATUS(atom4_atomas_spawn_law(&game, law, ATOM4_ATOMAS_MAX_OUTCOMES, &count), ATOM4_OK);
    CHECK(count == 8);
    if (count != 8) return;
    for (i = 0; i < count; i++) total += law[i].weight;
    for (i = 0; i < count; i++) CHECK(law[i].weight * den[i] == num[i] * total);
    CHECK(law[0].atom.kind == ATOM4_ATOMAS_PLUS && law[2].atom.kind == ATOM4_ATOMAS_BLACK);
    CHECK(law[3].atom.kind == ATOM4_ATOMAS_NUMBER && law[3].atom.value == 1);
    CHECK(law[7].atom.value == 5);
    CHECK_STATUS(atom4_atomas_spawn_law(&game, NULL, 0, &count), ATOM4_BUFFER_TOO_SMALL);
    CHECK(count == 8);
    /* Five moves without a plus: the forced plus, alone. */
    CHECK(set_text(&game, "ring=1,2 hand=. score=0 move=6 range=1-3 carry=. since=5"));
    CHECK_STATUS(atom4_atomas_spawn_law(&game, law, ATOM4_ATOMAS_MAX_OUTCOMES, &count), ATOM4_OK);
    CHECK(count == 1 && law[0].atom.kind == ATOM4_ATOMAS_PLUS);
}

static void test_text_and_bad_memory(void) {
    atom4_atomas_game game, copy;
    char text[ATOM4_ATOMAS_TEXT_CAPACITY];
    size_t length = 0, offset = 0;
    atom4_atomas_info info;
    uint64_t words[15];
    atom4_atomas_game *misaligned;
    const char *bad = "ring=1,2 hand=7 score=0 move=41 range=1-3 carry=. since=0";

    CHECK(set_text(&game, "ring=2,+,4 hand=C score=1600 move=80 range=3-5 carry=. since=1"));
    copy = game;
    CHECK_STATUS(atom4_atomas_game_from_text(&game, bad, strlen(bad), &offset), ATOM4_BAD_TEXT);
    CHECK(offset == 38);
    CHECK(memcmp(&game, &copy, sizeof game) == 0);
    CHECK_STATUS(atom4_atomas_game_to_text(&game, text, 5, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK(length == strlen("ring=2,+,4 hand=C score=1600 move=80 range=3-5 carry=. since=1"));
    CHECK_STATUS(atom4_atomas_game_to_text(NULL, text, sizeof text, &length), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atomas_game_from_text(&game, NULL, 3, &offset), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_atomas_game_info(&game, NULL), ATOM4_NULL_ARGUMENT);

    memset(&copy, 0, sizeof copy);
    CHECK_STATUS(atom4_atomas_game_info(&copy, &info), ATOM4_BAD_GAME);
    memset(&copy, 0xA5, sizeof copy);
    CHECK_STATUS(atom4_atomas_game_to_text(&copy, text, sizeof text, &length), ATOM4_BAD_GAME);
    misaligned = (atom4_atomas_game *)((char *)words + 4);
    CHECK_STATUS(atom4_atomas_game_info(misaligned, &info), ATOM4_MISALIGNED);

    /* A request, as a bot that sees it alone reads it. */
    CHECK_STATUS(atom4_atomas_game_from_request(&game, "1234/567/+/5 5 6\n", 17, &offset),
                 ATOM4_OK);
    info = info_of(&game);
    CHECK(info.score == 1234 && info.move_number == 567 && info.hand.kind == ATOM4_ATOMAS_PLUS);
    CHECK_STATUS(atom4_atomas_game_from_request(&game, "1/2/3", 5, &offset), ATOM4_BAD_TEXT);
}

static bool stop_at_once(void *context, uint64_t nodes) {
    (void)nodes;
    (*(int *)context)++;
    return true;
}

static void test_the_bot(void) {
    atom4_atomas_game game;
    atom4_atomas_rng rng;
    atom4_atomas_bot_result result;
    atom4_atomas_limits limits;
    uint64_t points;
    int moves = 0, calls = 0;
    uint32_t flag = 1;

    CHECK(set_text(&game, "ring=1,1,3,2,2,3 hand=+ score=0 move=1 range=1-3 carry=. since=0"));
    CHECK_STATUS(atom4_atomas_bot_reply(&game, NULL, &result), ATOM4_OK);
    CHECK(result.reply.kind == ATOM4_ATOMAS_GAP && result.reply.index == 3);
    CHECK(result.depth == 2 && result.nodes > 0);
    memset(&limits, 0, sizeof limits);
    limits.depth = ATOM4_ATOMAS_MAX_DEPTH + 1;
    CHECK_STATUS(atom4_atomas_bot_reply(&game, &limits, &result), ATOM4_OUT_OF_RANGE);
    /* Stopped at once, it still answers with a legal reply. */
    limits.depth = 6;
    limits.should_stop = stop_at_once;
    limits.context = &calls;
    limits.stop_flag = &flag;
    CHECK_STATUS(atom4_atomas_bot_reply(&game, &limits, &result), ATOM4_OK);
    CHECK_STATUS(atom4_atomas_check_reply(&game, result.reply), ATOM4_OK);
    CHECK(result.depth < 6);

    /* A seeded game of the bot at depth 1: every reply legal. */
    memset(&limits, 0, sizeof limits);
    limits.depth = 1;
    CHECK_STATUS(atom4_atomas_rng_init(&rng, 7, 0), ATOM4_OK);
    CHECK_STATUS(atom4_atomas_game_start(&game, &rng), ATOM4_OK);
    while (!info_of(&game).over && moves < 400) {
        CHECK_STATUS(atom4_atomas_draw(&game, &rng, NULL, NULL), ATOM4_OK);
        CHECK_STATUS(atom4_atomas_bot_reply(&game, &limits, &result), ATOM4_OK);
        CHECK_STATUS(atom4_atomas_play(&game, result.reply, &points), ATOM4_OK);
        moves++;
    }
    CHECK(moves == 400);
    CHECK(info_of(&game).score > 500);
    CHECK_STATUS(atom4_atomas_bot_reply(&game, NULL, &result), ATOM4_ILLEGAL_MOVE);
}

/* Undoes the escapes of the vector lines (\\t, \\n, \\r, \\\\) in place. */
static void unescape(char *text) {
    char *out = text;
    for (; *text; text++) {
        if (*text == '\\' && text[1]) {
            text++;
            *out++ = *text == 't' ? '\t' : *text == 'n' ? '\n' : *text == 'r' ? '\r' : *text;
        } else {
            *out++ = *text;
        }
    }
    *out = 0;
}

/* Splits `line` at tabs into at most `max` fields; returns how many. */
static int split(char *line, char **fields, int max) {
    int n = 0;
    char *p = line;
    line[strcspn(line, "\n")] = 0;
    while (n < max) {
        fields[n++] = p;
        p = strchr(p, '\t');
        if (!p) break;
        *p++ = 0;
    }
    return n;
}

static void replay_vectors(const char *path, long max_games) {
    FILE *f = fopen(path, "r");
    static char line[1 << 16];
    char *fields[6];
    char text[ATOM4_ATOMAS_TEXT_CAPACITY];
    atom4_atomas_game game, before;
    atom4_atomas_rng rng;
    int seeded = 0;
    long steps = 0, games = 0, moves = 0;
    uint64_t points;
    size_t offset;
    CHECK(f != NULL);
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        int n = split(line, fields, 6);
        if (n >= 3) unescape(fields[2]);
        if (n == 5 && strcmp(fields[0], "step") == 0) {
            CHECK(set_text(&game, fields[1]));
            before = game;
            points = 0;
            if (strcmp(fields[3], "error") == 0) {
                CHECK(atom4_atomas_play_text(&game, fields[2], strlen(fields[2]), &points,
                                             &offset) != ATOM4_OK);
                CHECK(memcmp(&game, &before, sizeof game) == 0);
            } else {
                CHECK_STATUS(atom4_atomas_play_text(&game, fields[2], strlen(fields[2]), &points,
                                                    NULL),
                             ATOM4_OK);
                text_of(&game, text);
                CHECK(strcmp(text, fields[3]) == 0);
                CHECK(points == strtoull(fields[4], NULL, 10));
            }
            steps++;
        } else if (n == 3 && strcmp(fields[0], "game") == 0) {
            if (games == max_games) break;
            games++;
            CHECK(set_text(&game, fields[2]));
            seeded = strcmp(fields[1], "-") != 0;
            if (seeded) {
                atom4_atomas_game drawn;
                CHECK_STATUS(atom4_atomas_rng_init(&rng, strtoull(fields[1], NULL, 10), 0),
                             ATOM4_OK);
                CHECK_STATUS(atom4_atomas_game_start(&drawn, &rng), ATOM4_OK);
                CHECK(memcmp(&drawn, &game, sizeof game) == 0);
            }
        } else if (n == 5 && strcmp(fields[0], "move") == 0) {
            atom4_atomas_atom want = atom_of(fields[1]);
            if (seeded) {
                atom4_atomas_atom got;
                CHECK_STATUS(atom4_atomas_draw(&game, &rng, &got, NULL), ATOM4_OK);
                CHECK(got.kind == want.kind && got.value == want.value);
            } else {
                CHECK_STATUS(atom4_atomas_put_in_hand(&game, want), ATOM4_OK);
            }
            CHECK_STATUS(atom4_atomas_play_text(&game, fields[2], strlen(fields[2]), &points, NULL),
                         ATOM4_OK);
            text_of(&game, text);
            CHECK(strcmp(text, fields[3]) == 0);
            CHECK(points == strtoull(fields[4], NULL, 10));
            moves++;
        }
    }
    fclose(f);
    CHECK(steps > 0 && games > 0);
    printf("atomas vectors through C: %ld steps, %ld games, %ld moves\n", steps, games, moves);
}

int main(int argc, char **argv) {
    test_a_seeded_game_starts_as_the_spec_says();
    test_replies_and_their_refusals();
    test_the_spawn_law_of_the_spec();
    test_text_and_bad_memory();
    test_the_bot();
    if (argc > 1) replay_vectors(argv[1], argc > 2 ? atol(argv[2]) : -1);
    printf("atomas: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
