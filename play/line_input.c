#include "line_input.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define QUEUE_MAX 64

typedef struct Queued {
    LineWait kind;
    char text[LINE_INPUT_MAX];
} Queued;

struct LineInput {
    int fd;          /* read with read(2): no stdio lock is held while it waits */
    char buffer[LINE_INPUT_MAX];
    size_t have;
    bool discarding; /* the rest of an overlong line */
    pthread_mutex_t lock;
    pthread_cond_t arrived;
    Queued queue[QUEUE_MAX];
    int head, count;
    bool ended;      /* the reader saw the end of input: no more lines */
    bool abandoned;  /* the terminal is done: the reader frees all this */
    atomic_bool *poke;
};

static void destroy(LineInput *input) {
    pthread_cond_destroy(&input->arrived);
    pthread_mutex_destroy(&input->lock);
    free(input);
}

/* Under the lock: a line for the terminal (the oldest is dropped when it never reads them). */
static void push(LineInput *input, LineWait kind, const char *text) {
    if (input->count == QUEUE_MAX) {
        input->head = (input->head + 1) % QUEUE_MAX;
        input->count--;
    }
    Queued *q = &input->queue[(input->head + input->count) % QUEUE_MAX];
    q->kind = kind;
    snprintf(q->text, sizeof q->text, "%s", text);
    input->count++;
    if (input->poke) atomic_store(input->poke, true);
    pthread_cond_broadcast(&input->arrived);
}

/* One line as the terminal wants it: the newline cut, an overlong one reported as such; the
 * last line may lack its newline. Only the reading thread touches the buffer. */
static LineWait read_one(LineInput *input, char *line, size_t size) {
    for (;;) {
        char *newline = memchr(input->buffer, '\n', input->have);
        if (newline) {
            const size_t n = (size_t)(newline - input->buffer);
            const bool dropped = input->discarding;
            snprintf(line, size, "%.*s", (int)n, input->buffer);
            memmove(input->buffer, newline + 1, input->have - n - 1);
            input->have -= n + 1;
            input->discarding = false;
            return dropped ? LINE_TOO_LONG : LINE_READ;
        }
        if (input->have == sizeof input->buffer) { /* no newline in a whole buffer: too long */
            input->discarding = true;
            input->have = 0;
        }
        const ssize_t n = read(input->fd, input->buffer + input->have, sizeof input->buffer - input->have);
        if (n < 0 && errno == EINTR) continue;
        if (n > 0) {
            input->have += (size_t)n;
            continue;
        }
        if (input->have == 0 || input->discarding) return LINE_END;
        snprintf(line, size, "%.*s", (int)input->have, input->buffer);
        input->have = 0;
        return LINE_READ;
    }
}

static void *reader(void *argument) {
    LineInput *input = argument;
    char line[LINE_INPUT_MAX];
    for (;;) {
        const LineWait kind = read_one(input, line, sizeof line);
        pthread_mutex_lock(&input->lock);
        if (input->abandoned) {
            pthread_mutex_unlock(&input->lock);
            destroy(input);
            return NULL;
        }
        if (kind == LINE_END) input->ended = true;
        else push(input, kind, line);
        pthread_cond_broadcast(&input->arrived);
        const bool ended = input->ended;
        pthread_mutex_unlock(&input->lock);
        if (ended) return NULL;
    }
}

LineInput *line_input_start(FILE *in) {
    LineInput *input = calloc(1, sizeof *input);
    if (!input) return NULL;
    input->fd = fileno(in);
    pthread_mutex_init(&input->lock, NULL);
    pthread_cond_init(&input->arrived, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, reader, input) != 0) {
        destroy(input);
        return NULL;
    }
    pthread_detach(thread);
    return input;
}

void line_input_poke(LineInput *input, atomic_bool *poke) {
    pthread_mutex_lock(&input->lock);
    input->poke = poke;
    if (poke && input->count > 0) atomic_store(poke, true);
    pthread_mutex_unlock(&input->lock);
}

bool line_input_ready(LineInput *input) {
    pthread_mutex_lock(&input->lock);
    const bool ready = input->count > 0 || input->ended;
    pthread_mutex_unlock(&input->lock);
    return ready;
}

static struct timespec deadline_in(int ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

LineWait line_input_next(LineInput *input, char *line, size_t size, int timeout_ms) {
    pthread_mutex_lock(&input->lock);
    const struct timespec until = deadline_in(timeout_ms > 0 ? timeout_ms : 0);
    while (input->count == 0 && !input->ended && timeout_ms != 0) {
        if (timeout_ms < 0) pthread_cond_wait(&input->arrived, &input->lock);
        else if (pthread_cond_timedwait(&input->arrived, &input->lock, &until) != 0) break;
    }
    LineWait kind = input->ended ? LINE_END : LINE_NONE;
    if (input->count > 0) {
        const Queued *q = &input->queue[input->head];
        kind = q->kind;
        snprintf(line, size, "%s", q->text);
        input->head = (input->head + 1) % QUEUE_MAX;
        input->count--;
    }
    pthread_mutex_unlock(&input->lock);
    return kind;
}

void line_input_stop(LineInput *input) {
    if (!input) return;
    pthread_mutex_lock(&input->lock);
    const bool reader_done = input->ended;
    input->abandoned = true;
    input->poke = NULL;
    pthread_mutex_unlock(&input->lock);
    /* a reader still blocked in its read frees everything when the read returns */
    if (reader_done) destroy(input);
}
