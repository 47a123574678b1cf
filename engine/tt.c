#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "table_memory.h"

/* data layout: move 16 bits | score 16 | depth 8 | bound 2 | generation 8 (at 42) */
static uint64_t pack(int move, int score, int depth, int bound, uint8_t generation) {
    return (uint64_t)(uint16_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 |
           (uint64_t)(uint8_t)depth << 32 | (uint64_t)(bound & 3) << 40 |
           (uint64_t)generation << 42;
}

static int data_move(uint64_t data) { return (int)(data & 0xFFFF); }
static int data_score(uint64_t data) { return (int16_t)(uint16_t)(data >> 16); }
static int data_depth(uint64_t data) { return (int)(uint8_t)(data >> 32); }
static int data_bound(uint64_t data) { return (int)((data >> 40) & 3); }
static uint8_t data_generation(uint64_t data) { return (uint8_t)(data >> 42); }

static void *fill(void *argument) {
    TranspositionTable *table = argument;
    table_memory_populate(table->entries, (table->mask + 1) * sizeof(TTEntry), &table->cancel_fill);
    atomic_store(&table->fill_done, true);
    return NULL;
}

/* The filler runs detached: a brain that exits at END while it runs (or before anyone joined
 * it) leaves no thread behind to reap; stop_filling waits for its done flag instead. */
static void start_filling(TranspositionTable *table) {
    atomic_store(&table->cancel_fill, false);
    atomic_store(&table->fill_done, false);
    pthread_attr_t attributes;
    pthread_t filler;
    table->filling = pthread_attr_init(&attributes) == 0;
    if (!table->filling) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    table->filling = pthread_create(&filler, &attributes, fill, table) == 0;
    pthread_attr_destroy(&attributes);
}

static void stop_filling(TranspositionTable *table) {
    if (!table->filling) return;
    atomic_store(&table->cancel_fill, true);
    while (!atomic_load(&table->fill_done)) {
        const struct timespec pause = {0, 100000};
        nanosleep(&pause, NULL);
    }
    table->filling = false;
}

bool tt_resize(TranspositionTable *table, size_t bytes) {
    size_t count = 1;
    while (count * 2 * sizeof(TTEntry) <= bytes) count *= 2;
    if (count * sizeof(TTEntry) < 65536) count = 65536 / sizeof(TTEntry);
    if (table->entries && table->mask + 1 == count) return true;
    /* the old one goes first: both together may not fit a memory limit */
    tt_free(table);
    TTEntry *entries = table_memory_alloc(count * sizeof *entries);
    if (!entries) return false;
    table->entries = entries;
    table->mask = count - 1;
    table->generation = 0;
    start_filling(table);
    return true;
}

void tt_free(TranspositionTable *table) {
    stop_filling(table);
    table_memory_free(table->entries, (table->mask + 1) * sizeof(TTEntry));
    table->entries = NULL;
    table->mask = 0;
}

void tt_clear(TranspositionTable *table) {
    if (table->entries) memset(table->entries, 0, (table->mask + 1) * sizeof(TTEntry));
}

void tt_new_search(TranspositionTable *table) { table->generation++; }

size_t tt_bytes(const TranspositionTable *table) {
    return table->entries ? (table->mask + 1) * sizeof(TTEntry) : 0;
}

/* Two entries per slot pair: the key picks an even index; the pair is the bucket. */
static TTEntry *bucket(const TranspositionTable *table, uint64_t key) {
    return &table->entries[key & table->mask & ~(size_t)1];
}

bool tt_probe(const TranspositionTable *table, uint64_t key, TTHit *hit) {
    if (!table->entries) return false;
    TTEntry *slots = bucket(table, key);
    for (int i = 0; i < 2; i++) {
        const uint64_t data = __atomic_load_n(&slots[i].data, __ATOMIC_RELAXED);
        const uint64_t check = __atomic_load_n(&slots[i].check, __ATOMIC_RELAXED);
        if ((check ^ data) != key || !data) continue;
        hit->move = data_move(data);
        hit->score = data_score(data);
        hit->depth = data_depth(data);
        hit->bound = data_bound(data);
        return true;
    }
    return false;
}

void tt_store(TranspositionTable *table, uint64_t key, int move, int score, int depth, int bound) {
    if (!table->entries) return;
    TTEntry *slots = bucket(table, key);
    /* Same position: overwrite. Otherwise replace the shallower entry, preferring stale ones
     * from older searches. */
    TTEntry *target = NULL;
    for (int i = 0; i < 2 && !target; i++) {
        const uint64_t data = __atomic_load_n(&slots[i].data, __ATOMIC_RELAXED);
        if ((__atomic_load_n(&slots[i].check, __ATOMIC_RELAXED) ^ data) == key) {
            /* keep a deeper result's move when this one has none */
            if (move == 0) move = data_move(data);
            target = &slots[i];
        }
    }
    if (!target) {
        int worth[2];
        for (int i = 0; i < 2; i++) {
            const uint64_t data = __atomic_load_n(&slots[i].data, __ATOMIC_RELAXED);
            const int age = (uint8_t)(table->generation - data_generation(data));
            worth[i] = data ? data_depth(data) - 4 * age : -1000;
        }
        target = worth[0] <= worth[1] ? &slots[0] : &slots[1];
    }
    const uint64_t data = pack(move, score, depth < 0 ? 0 : depth, bound, table->generation);
    __atomic_store_n(&target->data, data, __ATOMIC_RELAXED);
    __atomic_store_n(&target->check, key ^ data, __ATOMIC_RELAXED);
}
