#define _GNU_SOURCE   /* MAP_ANONYMOUS and madvise's MADV_HUGEPAGE (Linux) */
#include "table_memory.h"

#include <stdint.h>
#include <stdlib.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

#if defined(MAP_ANONYMOUS)

static size_t mapped_length(size_t bytes) { return (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1); }

/* Mapped fresh, so zero without a page touched; aligned to a huge page by mapping one more and
 * unmapping the ends. */
void *table_memory_alloc(size_t bytes) {
    const size_t length = mapped_length(bytes), extra = length + HUGE_PAGE;
    uint8_t *mapped = mmap(NULL, extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return NULL;
    uint8_t *block = (uint8_t *)(((uintptr_t)mapped + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (block > mapped) munmap(mapped, (size_t)(block - mapped));
    if (mapped + extra > block + length) munmap(block + length, (size_t)(mapped + extra - (block + length)));
#if defined(MADV_HUGEPAGE)
    madvise(block, length, MADV_HUGEPAGE);   /* advice only: plain pages if refused */
#endif
    return block;
}

void table_memory_free(void *memory, size_t bytes) {
    if (memory) munmap(memory, mapped_length(bytes));
}

bool table_memory_populate(void *memory, size_t bytes, const atomic_bool *cancel) {
#if defined(MADV_POPULATE_WRITE)
    uint8_t *const block = memory;
    for (size_t done = 0; done < bytes; done += HUGE_PAGE) {
        if (cancel && atomic_load_explicit(cancel, memory_order_relaxed)) return true;
        const size_t length = bytes - done < HUGE_PAGE ? bytes - done : HUGE_PAGE;
        if (madvise(block + done, length, MADV_POPULATE_WRITE) != 0) return false;
    }
    return true;
#else
    (void)memory, (void)bytes, (void)cancel;
    return false;
#endif
}

#else

void *table_memory_alloc(size_t bytes) { return calloc(1, bytes); }
void table_memory_free(void *memory, size_t bytes) {
    (void)bytes;
    free(memory);
}

bool table_memory_populate(void *memory, size_t bytes, const atomic_bool *cancel) {
    (void)memory, (void)bytes, (void)cancel;
    return false;
}

#endif
