/* check: the tests' tiny framework. A test binary calls RUN(fn) for each test function and ends
 * with `return check_summary();`, which prints "N passed, N failed" (counting test functions;
 * one failed CHECK fails its function), with ", N skipped" added when check_skip said that some
 * could not run (missing data), and returns the exit status. tests/run.sh adds up the lines. */
#ifndef WUZI_CHECK_H
#define WUZI_CHECK_H

#include <stdbool.h>

void check_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void check_run(const char *name, void (*test)(void));
/* A test (or `count` cases of one) that cannot run here, and why: said on a SKIP line and counted
 * in the closing line, so a missing data folder never passes unseen. */
void check_skip(int count, const char *what, const char *why);
int check_summary(void);

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond)) check_fail(__FILE__, __LINE__, "%s", #cond);                          \
    } while (0)
/* CHECK with a message: CHECKF(x == 3, "x is %d", x). */
#define CHECKF(cond, ...)                                                                  \
    do {                                                                                   \
        if (!(cond)) check_fail(__FILE__, __LINE__, __VA_ARGS__);                          \
    } while (0)
#define RUN(test) check_run(#test, test)

#endif
