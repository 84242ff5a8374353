/* The checks every C suite of libatom4 counts with: CHECK(cond) and, where
 * atom4.h is included first, CHECK_STATUS(expr, want). A failed check prints
 * its place and goes on, so one run lists every failure; each suite's main
 * prints the counts and exits 1 when `failed` is not 0. */
#ifndef ATOM4_TESTS_CHECK_H
#define ATOM4_TESTS_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (cond) {                                                          \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, \
                    #cond);                                                  \
        }                                                                    \
    } while (0)

#ifdef ATOM4_H
#define CHECK_STATUS(expr, want)                                              \
    do {                                                                      \
        atom4_status got_ = (expr);                                           \
        if (got_ == (want)) {                                                 \
            passed++;                                                         \
        } else {                                                              \
            failed++;                                                         \
            fprintf(stderr, "%s:%d: %s gave %d (%s), wanted %s\n", __FILE__,  \
                    __LINE__, #expr, (int)got_, atom4_status_str(got_), #want); \
        }                                                                     \
    } while (0)
#endif

#endif
