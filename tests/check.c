#include "check.h"

#include <stdarg.h>
#include <stdio.h>

static int passed, failed, skipped, failures_in_test;
static const char *current;

void check_fail(const char *file, int line, const char *fmt, ...) {
    /* Print only the first few failures of a test: one broken invariant in a loop of thousands
     * would otherwise bury the rest of the output. */
    if (failures_in_test++ < 5) {
        va_list args;
        va_start(args, fmt);
        printf("FAIL %s (%s:%d): ", current ? current : "?", file, line);
        vprintf(fmt, args);
        printf("\n");
        va_end(args);
    }
}

void check_run(const char *name, void (*test)(void)) {
    current = name;
    failures_in_test = 0;
    test();
    if (failures_in_test) {
        failed++;
    } else {
        passed++;
        printf("ok   %s\n", name);
    }
    fflush(stdout);
    current = NULL;
}

void check_skip(int count, const char *what, const char *why) {
    printf("SKIP %s: %s\n", what, why);
    skipped += count;
}

int check_summary(void) {
    if (skipped)
        printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    else
        printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
