// atom4.h compiles as C++ (the original front ends are C++) and links with
// C linkage: a short game through the C ABI from C++.
#include <atom4.h>

#include <cstdio>
#include <cstring>

int main() {
    atom4_game game;
    atom4_cell cells[ATOM4_MAX_CELLS];
    size_t count = 0;
    if (atom4_game_init(&game, 16, 16) != ATOM4_OK) return 1;
    for (int i = 0; i < 10; i++) {
        if (atom4_legal_moves(&game, cells, ATOM4_MAX_CELLS, &count) != ATOM4_OK) return 2;
        atom4_change changes[ATOM4_MAX_CHANGES];
        size_t n = 0;
        atom4_status status = atom4_play(&game, cells[0].x, cells[0].y, changes, ATOM4_MAX_CHANGES, &n);
        if (status != ATOM4_OK || n < 1) return 3;
    }
    char text[ATOM4_TEXT_CAPACITY];
    if (atom4_game_to_text(&game, text, sizeof text, nullptr) != ATOM4_OK) return 4;
    std::printf("c++ header check: %s ok (%s)\n", atom4_version(), text + std::strlen(text) - 8);
    return 0;
}
