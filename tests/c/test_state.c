/* The C suite of libatom4's generic family (atom4_state_*): every game the
 * library lists, played by name without a line of per-game code. Random
 * games where at every position the legal actions check, read back from
 * their move text and play, other actions are refused without a change,
 * chance's outcomes draw by weight, the text and binary forms read back to
 * the same bytes, the view covers the board and the engine answers a legal
 * move (and stops on a flag, a callback, a time); memory with any byte changed is refused;
 * every error path (NULL pointers, tiny buffers, unknown games, bad
 * setups, bad text, unbounded limits).
 *
 * Usage: test_state [--games N] [--absent NAME] [NAME[:SETUP]]...
 * With no NAME, every game of the library with its defaults; each NAME
 * (with an optional setup text such as "size=5x5 rules=atoms") plays that
 * game. --absent NAME checks that the library has no game NAME (the toy
 * game of a test build). Prints "N passed, N failed"; exits non-zero on a
 * failure. */

#include <atom4.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The longest list (actions, outcomes, spots) and text a position of
 * these games has here; longer ones are asked for with their length. */
#define MOST 8192

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t below(uint32_t n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n == 0 ? 0 : (uint32_t)(rng % n);
}

static int same(const atom4_state *a, const atom4_state *b) {
    return memcmp(a, b, sizeof *a) == 0;
}

static atom4_state_info info_of(const atom4_state *state) {
    atom4_state_info info;
    memset(&info, 0, sizeof info);
    CHECK_STATUS(atom4_state_get_info(state, &info), ATOM4_OK);
    return info;
}

static const char *name_of(const atom4_state_info *info) {
    atom4_state_game game;
    if (atom4_state_get_game(info->game, &game) != ATOM4_OK) {
        return "?";
    }
    return game.name;
}

/* Text of a state into `text` (MOST bytes): its length, asked first. */
typedef atom4_status (*text_fn)(const atom4_state *, char *, size_t, size_t *);

static size_t text_of(const atom4_state *state, text_fn write, char *text) {
    size_t length = 0, again = 0;
    CHECK_STATUS(write(state, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK(length + 1 <= MOST);
    if (length > 0) {
        CHECK_STATUS(write(state, text, length, &again), ATOM4_BUFFER_TOO_SMALL);
    }
    CHECK_STATUS(write(state, text, MOST, &again), ATOM4_OK);
    CHECK(again == length && strlen(text) == length);
    return length;
}

static void check_round_trips(const atom4_state *state, const atom4_state_info *info) {
    static char text[MOST], back[MOST];
    uint8_t bytes[ATOM4_STATE_BYTES];
    size_t length = 0;
    atom4_state copy;
    atom4_why why;
    text_of(state, atom4_state_to_text, text);
    CHECK_STATUS(atom4_state_from_text(&copy, name_of(info), text, &why), ATOM4_OK);
    CHECK(same(&copy, state) && why.text[0] == '\0');
    text_of(&copy, atom4_state_to_text, back);
    CHECK(strcmp(text, back) == 0);
    CHECK_STATUS(atom4_state_to_bytes(state, NULL, 0, &length), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_state_to_bytes(state, bytes, sizeof bytes, &length), ATOM4_OK);
    memset(&copy, 0, sizeof copy);
    CHECK_STATUS(atom4_state_from_bytes(&copy, name_of(info), bytes, length, NULL), ATOM4_OK);
    CHECK(same(&copy, state));
    /* Bytes cut short are refused, and the memory is left as it was. */
    if (length > 0) {
        CHECK_STATUS(atom4_state_from_bytes(&copy, name_of(info), bytes, length - 1, &why),
                     ATOM4_BAD_GAME);
        CHECK(same(&copy, state) && why.text[0] != '\0');
    }
}

static void check_view(const atom4_state *state, const atom4_state_info *info) {
    static atom4_spot spots[MOST];
    static char diagram[MOST];
    size_t count = 0, i;
    CHECK_STATUS(atom4_state_spots(state, spots, MOST, &count), ATOM4_OK);
    CHECK(count == info->spots && count > 0);
    for (i = 0; i < count; i++) {
        CHECK(spots[i].owner <= info->players && spots[i].symbol > ' ');
    }
    if (count > 0) {
        CHECK_STATUS(atom4_state_spots(state, spots, count - 1, &count), ATOM4_BUFFER_TOO_SMALL);
    }
    CHECK(text_of(state, atom4_state_diagram, diagram) > 0);
    if (info->layout == ATOM4_LAYOUT_GRID) {
        CHECK(info->spots == (size_t)info->width * info->height);
    } else if (info->layout == ATOM4_LAYOUT_TRIANGLE) {
        /* Rows of 2 .. side + 2 circles, then the bottom row's side + 1. */
        size_t side = info->width;
        CHECK(info->height == info->width);
        CHECK(info->spots == (side + 2u) * (side + 3u) / 2u - 1u + (side + 1u));
    } else {
        CHECK(info->layout == ATOM4_LAYOUT_RING && info->spots == info->width);
    }
}

/* Actions that are not `legal` (of `count`) are refused, with words, and
 * refusing changes nothing. */
static void check_refusals(const atom4_state *state, const uint32_t *legal, size_t count,
                           uint32_t limit) {
    int tries;
    for (tries = 0; tries < 12; tries++) {
        uint32_t action = tries % 4 == 0 ? limit + below(1000) : below(limit ? limit : 1);
        atom4_state copy = *state;
        atom4_why why;
        atom4_status status;
        size_t i;
        int listed = 0;
        for (i = 0; i < count; i++) {
            listed |= legal[i] == action;
        }
        if (listed) {
            continue;
        }
        status = atom4_state_play(&copy, action, &why);
        CHECK(status != ATOM4_OK && why.text[0] != '\0');
        CHECK(same(&copy, state));
        CHECK_STATUS(atom4_state_check(state, action, NULL), status);
        if (action >= limit) {
            CHECK(status == ATOM4_OUT_OF_RANGE || status == ATOM4_ROUND_OVER);
        }
    }
    {
        atom4_state copy = *state;
        atom4_why why;
        CHECK(atom4_state_play_move(&copy, "zz", &why) != ATOM4_OK && why.text[0] != '\0');
        CHECK(atom4_state_play_move(&copy, "", NULL) != ATOM4_OK);
        CHECK(same(&copy, state));
    }
}

/* The player's legal actions: each checks, reads back from its text and
 * plays. Writes them to `legal`; returns their number. */
static size_t check_player_turn(const atom4_state *state, const atom4_state_info *info,
                                uint32_t *legal) {
    size_t count = 0, needed = 0, i;
    CHECK_STATUS(atom4_state_legal_actions(state, NULL, 0, &needed), ATOM4_BUFFER_TOO_SMALL);
    CHECK_STATUS(atom4_state_legal_actions(state, legal, MOST, &count), ATOM4_OK);
    CHECK(count == needed && count > 0 && count <= info->action_count);
    for (i = 0; i < count; i++) {
        char move[64];
        uint32_t read = UINT32_MAX;
        atom4_why why;
        CHECK(legal[i] < info->action_count);
        CHECK_STATUS(atom4_state_check(state, legal[i], &why), ATOM4_OK);
        CHECK(why.text[0] == '\0');
        CHECK_STATUS(atom4_state_move_text(state, legal[i], move, sizeof move, NULL), ATOM4_OK);
        CHECK_STATUS(atom4_state_parse_move(state, move, &read, NULL), ATOM4_OK);
        CHECK(read == legal[i]);
        if (i < 3) {
            atom4_state by_action = *state, by_text = *state;
            CHECK_STATUS(atom4_state_play(&by_action, legal[i], NULL), ATOM4_OK);
            CHECK_STATUS(atom4_state_play_move(&by_text, move, NULL), ATOM4_OK);
            CHECK(same(&by_action, &by_text));
        }
    }
    {
        atom4_chance outcomes[1];
        CHECK_STATUS(atom4_state_chance_outcomes(state, outcomes, 1, &needed), ATOM4_OK);
        CHECK(needed == 0);
    }
    check_refusals(state, legal, count, info->action_count);
    return count;
}

/* Chance's outcomes: weighed, playable, drawn among them. Returns the
 * drawn one. */
static uint32_t check_chance_turn(const atom4_state *state, const atom4_state_info *info) {
    static atom4_chance outcomes[MOST];
    static uint32_t listed[MOST];
    size_t count = 0, i, legal = 99;
    uint32_t drawn = UINT32_MAX;
    uint64_t seed = rng;
    int found = 0;
    CHECK_STATUS(atom4_state_chance_outcomes(state, outcomes, MOST, &count), ATOM4_OK);
    CHECK(count > 0 && count <= info->chance_count);
    for (i = 0; i < count; i++) {
        CHECK(outcomes[i].weight > 0 && outcomes[i].action < info->chance_count);
        CHECK_STATUS(atom4_state_check(state, outcomes[i].action, NULL), ATOM4_OK);
        listed[i] = outcomes[i].action;
    }
    CHECK_STATUS(atom4_state_legal_actions(state, NULL, 0, &legal), ATOM4_OK);
    CHECK(legal == 0);
    CHECK_STATUS(atom4_state_draw_chance(state, &seed, &drawn), ATOM4_OK);
    CHECK(seed != rng);
    for (i = 0; i < count; i++) {
        found |= outcomes[i].action == drawn;
    }
    CHECK(found);
    check_refusals(state, listed, count, info->chance_count);
    return drawn;
}

static atom4_status search(const atom4_state *state, uint64_t nodes, uint64_t time_ms,
                           const uint32_t *flag, atom4_choice *choice) {
    atom4_engine_limits limits;
    size_t bytes = 0;
    uint64_t *memory;
    atom4_status status;
    memset(&limits, 0, sizeof limits);
    limits.nodes = nodes;
    limits.time_ms = time_ms;
    limits.seed = 7;
    limits.stop_flag = flag;
    CHECK_STATUS(atom4_state_engine_bytes(state, &limits, &bytes), ATOM4_OK);
    memory = malloc(bytes + 8);
    CHECK(memory != NULL);
    status = atom4_state_search(state, &limits, memory, bytes, choice);
    free(memory);
    return status;
}

/* The engine answers a legal move, the same one for the same limits, and
 * stops at once on a raised flag. */
static void check_engine(const atom4_state *state) {
    atom4_choice choice, again;
    atom4_engine_limits unbounded;
    uint64_t word;
    const uint32_t raised = 1;
    int i;
    memset(&choice, 0, sizeof choice);
    CHECK_STATUS(search(state, 300, 0, NULL, &choice), ATOM4_OK);
    CHECK_STATUS(atom4_state_check(state, choice.best, NULL), ATOM4_OK);
    CHECK(choice.pv_length <= ATOM4_MAX_PV);
    CHECK(choice.pv_length == 0 || choice.pv[0] == choice.best);
    for (i = 0; i < choice.pv_length; i++) {
        CHECK(choice.pv[i] < UINT32_MAX);
    }
    CHECK_STATUS(search(state, 300, 0, NULL, &again), ATOM4_OK);
    CHECK(again.best == choice.best && again.nodes == choice.nodes);
    CHECK_STATUS(search(state, 1000000000u, 0, &raised, &again), ATOM4_OK);
    CHECK_STATUS(atom4_state_check(state, again.best, NULL), ATOM4_OK);
    CHECK(again.nodes < 100000u);
    /* A time alone bounds the search (a search that never ends hangs the suite). */
    CHECK_STATUS(search(state, 0, 20, NULL, &again), ATOM4_OK);
    CHECK_STATUS(atom4_state_check(state, again.best, NULL), ATOM4_OK);
    memset(&unbounded, 0, sizeof unbounded);
    CHECK_STATUS(atom4_state_search(state, &unbounded, NULL, 0, &again), ATOM4_OUT_OF_RANGE);
    unbounded.has_level = 1; /* a level alone bounds no game without levels */
    CHECK_STATUS(atom4_state_search(state, &unbounded, NULL, 0, &again), ATOM4_OUT_OF_RANGE);
    unbounded.nodes = 50; /* level 0, or the engine without memory */
    CHECK_STATUS(atom4_state_search(state, &unbounded, NULL, 0, &again), ATOM4_OK);
    CHECK_STATUS(atom4_state_check(state, again.best, NULL), ATOM4_OK);
    unbounded.has_level = 0;
    unbounded.nodes = 10;
    CHECK_STATUS(atom4_state_search(state, &unbounded, (char *)&word + 1, 8, &again),
                 ATOM4_MISALIGNED);
    unbounded.depth = ATOM4_MAX_PV + 1;
    CHECK_STATUS(atom4_state_search(state, &unbounded, NULL, 0, &again), ATOM4_OUT_OF_RANGE);
}

/* Memory with one byte changed holds no state: every call refuses it. */
static void check_corruption(const atom4_state *state) {
    atom4_state bad = *state, kept;
    atom4_state_info info;
    char text[16];
    size_t at = below(sizeof bad);
    ((unsigned char *)&bad)[at] ^= (unsigned char)(1u + below(255));
    kept = bad;
    CHECK_STATUS(atom4_state_get_info(&bad, &info), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_state_to_text(&bad, text, sizeof text, NULL), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_state_play(&bad, 0, NULL), ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_state_next_round(&bad), ATOM4_BAD_GAME);
    CHECK(same(&bad, &kept));
}

static void check_position(const atom4_state *state, atom4_state_info *info, int engine) {
    check_round_trips(state, info);
    check_view(state, info);
    if (below(8) == 0) {
        check_corruption(state);
    }
    if (engine && info->turn == ATOM4_TURN_PLAYER) {
        check_engine(state);
    }
}

/* Once over: nothing to play, returns for every player, the next round of
 * games played in rounds. */
static void check_over(atom4_state *state, const atom4_state_info *info, int *rounds) {
    double returns[64];
    size_t count = 0;
    atom4_choice choice;
    atom4_state copy = *state;
    atom4_status status;
    CHECK_STATUS(atom4_state_legal_actions(state, NULL, 0, &count), ATOM4_OK);
    CHECK(count == 0);
    CHECK_STATUS(atom4_state_play(&copy, 0, NULL), ATOM4_ROUND_OVER);
    CHECK_STATUS(search(state, 100, 0, NULL, &choice), ATOM4_ROUND_OVER);
    CHECK_STATUS(atom4_state_returns(state, returns, 64, &count), ATOM4_OK);
    CHECK(count == info->players);
    status = atom4_state_next_round(&copy);
    if (status == ATOM4_OK && (*rounds)++ < 2) {
        atom4_state_info next = info_of(&copy);
        CHECK(next.turn != ATOM4_TURN_OVER);
        *state = copy;
    } else if (status != ATOM4_OK) {
        CHECK(status == ATOM4_ROUND_NOT_OVER && same(&copy, state));
    }
}

/* Plays one random game from `start`; returns the positions seen. */
static int play_game(const atom4_state *start, int engine_every) {
    static uint32_t legal[MOST];
    atom4_state state = *start;
    int ply, rounds = 0;
    for (ply = 0; ply < 2000; ply++) {
        atom4_state_info info = info_of(&state);
        uint32_t action;
        atom4_state before;
        check_position(&state, &info, engine_every > 0 && ply % engine_every == 0);
        if (info.turn == ATOM4_TURN_OVER) {
            atom4_state was = state;
            check_over(&state, &info, &rounds);
            if (same(&was, &state)) {
                return ply + 1;
            }
            continue;
        }
        if (info.turn == ATOM4_TURN_CHANCE) {
            action = check_chance_turn(&state, &info);
        } else {
            size_t count = check_player_turn(&state, &info, legal);
            CHECK(info.player >= 1 && info.player <= info.players);
            action = legal[below((uint32_t)count)];
        }
        before = state;
        CHECK_STATUS(atom4_state_play(&state, action, NULL), ATOM4_OK);
        CHECK(!same(&before, &state));
    }
    CHECK(ply < 2000); /* a game ends */
    return ply;
}

/* The list of games, and what a new game of each looks like. */
static void check_games(void) {
    size_t n = atom4_state_game_count(), i, j;
    atom4_state_game game;
    atom4_state_param param;
    CHECK(n >= 5);
    for (i = 0; i < n; i++) {
        atom4_state state;
        atom4_state_info info;
        char setup[256];
        CHECK_STATUS(atom4_state_get_game(i, &game), ATOM4_OK);
        CHECK(strlen(game.name) > 0 && strlen(game.title) > 0 && game.max_players >= 1);
        for (j = 0; j < game.params; j++) {
            CHECK_STATUS(atom4_state_get_param(i, j, &param), ATOM4_OK);
            CHECK(strlen(param.name) > 0 && strlen(param.default_value) > 0);
            CHECK(strlen(param.help) > 0);
        }
        CHECK_STATUS(atom4_state_get_param(i, game.params, &param), ATOM4_OUT_OF_RANGE);
        CHECK_STATUS(atom4_state_new(&state, game.name, NULL, NULL), ATOM4_OK);
        info = info_of(&state);
        CHECK(info.game == i && info.players >= 1 && info.players <= game.max_players);
        /* The setup written reads back to the same game. */
        CHECK_STATUS(atom4_state_setup(&state, setup, sizeof setup, NULL), ATOM4_OK);
        {
            atom4_state again;
            CHECK_STATUS(atom4_state_new(&again, game.name, setup, NULL), ATOM4_OK);
            CHECK(info_of(&again).game == i);
        }
    }
    CHECK_STATUS(atom4_state_get_game(n, &game), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_state_get_game(0, NULL), ATOM4_NULL_ARGUMENT);
}

/* What every game refuses the same way. */
static void check_errors(void) {
    atom4_state state, kept;
    atom4_why why;
    atom4_state_info info;
    const char *name;
    atom4_state_game game;
    CHECK_STATUS(atom4_state_get_game(0, &game), ATOM4_OK);
    name = game.name;
    CHECK_STATUS(atom4_state_new(&state, name, "", &why), ATOM4_OK);
    kept = state;
    CHECK_STATUS(atom4_state_new(&state, "no such game", NULL, &why), ATOM4_OUT_OF_RANGE);
    CHECK(strstr(why.text, "no such game") != NULL && strstr(why.text, name) != NULL);
    CHECK_STATUS(atom4_state_new(&state, name, "bogus=1", &why), ATOM4_OUT_OF_RANGE);
    CHECK(strstr(why.text, "bogus") != NULL);
    CHECK_STATUS(atom4_state_new(&state, name, "size", &why), ATOM4_OUT_OF_RANGE);
    CHECK_STATUS(atom4_state_new(&state, name, "size=0x0", &why), ATOM4_OUT_OF_RANGE);
    CHECK(strstr(why.text, "size") != NULL);
    CHECK_STATUS(atom4_state_new(&state, name, "\xff", &why), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_state_from_text(&state, name, "", &why), ATOM4_BAD_TEXT);
    CHECK(strstr(why.text, "at byte") != NULL);
    CHECK_STATUS(atom4_state_from_text(&state, name, "nonsense", NULL), ATOM4_BAD_TEXT);
    CHECK_STATUS(atom4_state_from_bytes(&state, name, (const uint8_t *)"x", 1, &why),
                 ATOM4_BAD_GAME);
    CHECK_STATUS(atom4_state_from_bytes(&state, name, NULL, 0, NULL), ATOM4_BAD_GAME);
    CHECK(same(&state, &kept));
    CHECK_STATUS(atom4_state_new(NULL, name, NULL, &why), ATOM4_NULL_ARGUMENT);
    CHECK(strcmp(why.text, atom4_status_str(ATOM4_NULL_ARGUMENT)) == 0);
    CHECK_STATUS(atom4_state_new(&state, NULL, NULL, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_state_from_text(&state, name, NULL, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_state_get_info(NULL, &info), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_state_get_info(&state, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_state_get_info((const atom4_state *)((char *)&state + 1), &info),
                 ATOM4_MISALIGNED);
    CHECK_STATUS(atom4_state_play_move(&state, NULL, NULL), ATOM4_NULL_ARGUMENT);
    CHECK_STATUS(atom4_state_to_text(&state, NULL, 10000, NULL), ATOM4_NULL_ARGUMENT);
    CHECK(same(&state, &kept));
    memset(&state, 0, sizeof state);
    CHECK_STATUS(atom4_state_get_info(&state, &info), ATOM4_BAD_GAME);
    memset(&state, 0xa5, sizeof state);
    CHECK_STATUS(atom4_state_get_info(&state, &info), ATOM4_BAD_GAME);
}

/* The engine's stop callback is called, and stops it. */
static int calls;
static bool stop_soon(void *context, uint64_t nodes) {
    (void)nodes;
    calls++;
    return calls >= *(int *)context;
}

static void check_callback(const atom4_state *start) {
    atom4_engine_limits limits;
    atom4_choice choice;
    atom4_state_info info = info_of(start);
    static uint64_t memory[1 << 16];
    int after = 2;
    if (info.turn != ATOM4_TURN_PLAYER) {
        return;
    }
    memset(&limits, 0, sizeof limits);
    limits.should_stop = stop_soon;
    limits.context = &after;
    calls = 0;
    CHECK_STATUS(atom4_state_search(start, &limits, memory, sizeof memory, &choice), ATOM4_OK);
    CHECK_STATUS(atom4_state_check(start, choice.best, NULL), ATOM4_OK);
    CHECK(calls < after + 10); /* a small game may end its search first */
}

static void play_setup(const char *name, const char *setup, int games) {
    atom4_state start;
    atom4_why why;
    int g, positions = 0;
    CHECK_STATUS(atom4_state_new(&start, name, setup, &why), ATOM4_OK);
    if (why.text[0] != '\0') {
        fprintf(stderr, "%s %s: %s\n", name, setup ? setup : "", why.text);
        return;
    }
    check_callback(&start);
    for (g = 0; g < games; g++) {
        positions += play_game(&start, g == 0 ? 5 : 0);
    }
    printf("state %s%s%s: %d games, %d positions\n", name, setup ? " " : "", setup ? setup : "",
           games, positions);
}

int main(int argc, char **argv) {
    int games = 3, named = 0, i;
    check_games();
    check_errors();
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            games = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--absent") == 0 && i + 1 < argc) {
            atom4_state state;
            size_t g;
            atom4_state_game game;
            const char *absent = argv[++i];
            CHECK_STATUS(atom4_state_new(&state, absent, NULL, NULL), ATOM4_OUT_OF_RANGE);
            for (g = 0; atom4_state_get_game(g, &game) == ATOM4_OK; g++) {
                CHECK(strcmp(game.name, absent) != 0);
            }
        } else {
            char name[64];
            const char *colon = strchr(argv[i], ':');
            size_t len = colon ? (size_t)(colon - argv[i]) : strlen(argv[i]);
            CHECK(len < sizeof name);
            memcpy(name, argv[i], len < sizeof name ? len : sizeof name - 1);
            name[len < sizeof name ? len : sizeof name - 1] = '\0';
            play_setup(name, colon ? colon + 1 : NULL, games);
            named = 1;
        }
    }
    if (!named) {
        size_t g;
        atom4_state_game game;
        for (g = 0; atom4_state_get_game(g, &game) == ATOM4_OK; g++) {
            play_setup(game.name, NULL, games);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
