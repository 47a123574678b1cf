/* The engine's settings: memory and threads in either order, levels by name, and a new game
 * that forgets the last (a brain process's games do not depend on the games before). */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "engine.h"

/* INFO thread_num 256 then max_memory: the budget once overflowed an int (UBSan) and was not
 * recomputed when the thread count came after the memory limit. */
static void test_memory_with_many_threads(void) {
    Engine *engine = engine_new();
    engine_set_threads(engine, 256);
    engine_set_memory(engine, INT64_C(600) << 20);
    const size_t many = engine_table_bytes(engine);
    CHECKF(many >= (1u << 20) && many <= (size_t)1 << 30, "table %zu bytes", many);
    engine_set_threads(engine, 1);
    const size_t one = engine_table_bytes(engine);
    CHECKF(one > many, "one thread: %zu bytes, 64 threads: %zu", one, many);
    engine_set_memory(engine, 300 << 20);
    const size_t small = engine_table_bytes(engine);
    engine_set_threads(engine, 8);
    CHECKF(engine_table_bytes(engine) < small, "8 threads after the limit: %zu, before %zu",
           engine_table_bytes(engine), small);
    engine_free(engine);
}

static void test_level_names(void) {
    Engine *engine = engine_new();
    CHECK(!strcmp(engine_level_name(engine), "max"));
    CHECK(engine_set_level(engine, "depth7"));
    CHECK(!strcmp(engine_level_name(engine), "depth7"));
    CHECK(engine_set_level(engine, "n3"));
    CHECK(!strcmp(engine_level_name(engine), "n3"));
    CHECK(!engine_set_level(engine, "depth99"));
    CHECK(!strcmp(engine_level_name(engine), "n3"));
    engine_free(engine);
}

static int think_once(Engine *engine) {
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.turn_ms = 0x7fffffff;
    limits.max_nodes = 60000;
    const int moves[][2] = {{7, 7}, {8, 8}, {8, 6}, {6, 8}, {9, 7}};
    engine_start(engine, 15, 15);
    for (int i = 0; i < 5; i++) engine_play(engine, moves[i][0], moves[i][1]);
    return engine_think(engine, &limits, NULL, NULL);
}

/* START clears the table and the history: the same game replays the same. */
static void test_new_game_forgets(void) {
    Engine *fresh = engine_new(), *used = engine_new();
    const int first = think_once(fresh);
    /* another game first, then the same one */
    engine_start(used, 15, 15);
    engine_play(used, 3, 3);
    engine_play(used, 4, 4);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.turn_ms = 0x7fffffff;
    limits.max_nodes = 60000;
    engine_think(used, &limits, NULL, NULL);
    const int second = think_once(used);
    CHECKF(first == second, "fresh engine played %d, used one %d", first, second);
    engine_free(fresh);
    engine_free(used);
}

/* INFO max_memory after START (the order Piskvork sends them in): the table START made is made
 * again at the new size, empty, and the search plays as if the limit had come first. */
static void test_memory_after_start(void) {
    Engine *before = engine_new(), *after = engine_new();
    engine_set_memory(before, INT64_C(40) << 20);
    const int first = think_once(before);
    const size_t size = engine_table_bytes(before);
    engine_start(after, 15, 15);
    engine_set_memory(after, INT64_C(40) << 20);
    CHECKF(engine_table_bytes(after) == size, "table %zu bytes, %zu when the limit came first",
           engine_table_bytes(after), size);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.turn_ms = 0x7fffffff;
    limits.max_nodes = 60000;
    const int moves[][2] = {{7, 7}, {8, 8}, {8, 6}, {6, 8}, {9, 7}};
    for (int i = 0; i < 5; i++) engine_play(after, moves[i][0], moves[i][1]);
    const int second = engine_think(after, &limits, NULL, NULL);
    CHECKF(first == second, "limit before START played %d, after it %d", first, second);
    engine_free(before);
    engine_free(after);
}

int main(void) {
    RUN(test_memory_with_many_threads);
    RUN(test_level_names);
    RUN(test_new_game_forgets);
    RUN(test_memory_after_start);
    return check_summary();
}
